package main

import (
	"bytes"
	"go/parser"
	"go/token"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/games/xiangqi"
)

// TestFitRecoversWeights: on a synthetic set whose labels are exactly sigmoid(K·score/400)
// under known weights, the fit started from zero weights finds those weights again.
func TestFitRecoversWeights(t *testing.T) {
	wantMG := []float64{100, -40, 25, 8}
	wantEG := []float64{150, -10, 5, 30}
	rng := rand.New(rand.NewPCG(7, 7))
	var data []sample
	for i := 0; i < 3000; i++ {
		s := sample{phase: rng.Float64(), scaleRed: 1, scaleBlack: 1, damp: 1, baseMG: 20, baseEG: -20}
		for p := range wantMG {
			if n := rng.IntN(7) - 3; n != 0 {
				s.idx = append(s.idx, uint16(p))
				s.cnt = append(s.cnt, float64(n))
			}
		}
		sc, _ := s.score(wantMG, wantEG)
		s.label = sigmoid(1.3, sc)
		data = append(data, s)
	}
	mg, eg := make([]float64, 4), make([]float64, 4)
	k, mse := fit(data, mg, eg, fitConfig{K: 1.3, Iters: 3000, Rate: 1})
	assert.Equal(t, 1.3, k)
	assert.Less(t, mse, 1e-5)
	for i := range wantMG {
		assert.InDelta(t, wantMG[i], mg[i], 2, "MG weight %d", i)
		assert.InDelta(t, wantEG[i], eg[i], 2, "EG weight %d", i)
	}
	// With the weights right, the fitted K is the one the labels were made with.
	assert.InDelta(t, 1.3, fitK(data, wantMG, wantEG), 0.01)
}

// TestFixture: the committed fixture reads, becomes samples whose traced scores match the
// engine's evaluation, and a short fit lowers its error.
func TestFixture(t *testing.T) {
	f, err := os.Open("testdata/positions.txt")
	require.NoError(t, err)
	defer f.Close()
	ps, header, err := readData(f, xiangqiKit())
	require.NoError(t, err)
	require.Len(t, ps, 20)
	assert.Contains(t, header, "xiangqi self-play")
	set, err := samples(xiangqiKit(), ps)
	require.NoError(t, err)
	params := xiangqi.EvalParams()
	mg, eg := make([]float64, len(params)), make([]float64, len(params))
	for i, p := range params {
		mg[i], eg[i] = float64(p.MG), float64(p.EG)
	}
	for i, p := range ps {
		pos, err := xiangqi.ParseFEN(p.fen)
		require.NoError(t, err)
		want := float64(pos.Evaluate())
		if pos.SideToMove() == xiangqi.Black {
			want = -want
		}
		got, _ := set[i].score(mg, eg)
		assert.InDelta(t, want, got, 2.5, p.fen)
	}
	before := meanError(set, 1, mg, eg)
	_, after := fit(set, mg, eg, fitConfig{K: 1, Iters: 100, Rate: 1})
	assert.Less(t, after, before)
}

// TestSameSeedSameWeights: two runs with the same flags write the same data and weights.
func TestSameSeedSameWeights(t *testing.T) {
	dir := t.TempDir()
	var outs [2][]byte
	var datas [2][]byte
	for i := range outs {
		data, out := dir+"/d"+string(rune('0'+i)), dir+"/w"+string(rune('0'+i))+".go"
		require.NoError(t, run([]string{"-seed", "3", "-games", "2", "-nodes", "300", "-iters", "20", "-data", data, "-out", out}))
		var err error
		outs[i], err = os.ReadFile(out)
		require.NoError(t, err)
		datas[i], err = os.ReadFile(data)
		require.NoError(t, err)
	}
	assert.NotEmpty(t, datas[0])
	assert.Equal(t, datas[0], datas[1])
	assert.Equal(t, outs[0], outs[1])
	// The output is Go source of package xiangqi recording its provenance.
	_, err := parser.ParseFile(token.NewFileSet(), "eval_weights.go", outs[0], parser.ParseComments)
	require.NoError(t, err)
	assert.Contains(t, string(outs[0]), "package xiangqi")
	assert.Contains(t, string(outs[0]), "seed 3; 2 games at 300 nodes a move;")
	assert.Contains(t, string(datas[0]), "# data: xiangqi self-play by build ")
	assert.Contains(t, string(outs[0]), "termEG = [numTerms]int32{")
}

// TestChessSameSeed: the chess kit generates, fits and writes chess source deterministically.
func TestChessSameSeed(t *testing.T) {
	dir := t.TempDir()
	var outs [2][]byte
	for i := range outs {
		out := dir + "/w" + string(rune('0'+i)) + ".go"
		require.NoError(t, run([]string{"-game", "chess", "-seed", "5", "-games", "2", "-nodes", "300", "-iters", "20", "-out", out}))
		var err error
		outs[i], err = os.ReadFile(out)
		require.NoError(t, err)
	}
	assert.Equal(t, outs[0], outs[1])
	_, err := parser.ParseFile(token.NewFileSet(), "eval_weights.go", outs[0], parser.ParseComments)
	require.NoError(t, err)
	assert.Contains(t, string(outs[0]), "package chess")
	assert.Contains(t, string(outs[0]), "materialEG = [6]int{")
	assert.Contains(t, string(outs[0]), "termMG = [numTerms]int{")
}

// TestReadDataErrors: a bad line is reported with its number and what was wrong.
func TestReadDataErrors(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"0.5\n", "line 1: want \"label FEN\""},
		{"# c\nx " + xiangqi.StartFEN + "\n", "line 2: label \"x\" is not a number from 0 to 1"},
		{"1.5 " + xiangqi.StartFEN + "\n", "line 1: label \"1.5\""},
		{"0.5 rnbakabnr/9 w\n", "line 1: "},
	} {
		_, _, err := readData(strings.NewReader(c.in), xiangqiKit())
		require.Error(t, err, c.in)
		assert.Contains(t, err.Error(), c.want)
	}
	ps, _, err := readData(strings.NewReader("0.25 "+xiangqi.StartFEN+"\n"), xiangqiKit())
	require.NoError(t, err)
	assert.Equal(t, []position{{0.25, xiangqi.StartFEN}}, ps)
	var b bytes.Buffer
	require.NoError(t, writeData(&b, "test", ps))
	assert.Equal(t, "# data: test\n0.2500 "+xiangqi.StartFEN+"\n", b.String())
	back, header, err := readData(&b, xiangqiKit())
	require.NoError(t, err)
	assert.Equal(t, ps, back)
	assert.Equal(t, "test", header)
	// Concatenated data files keep every header, in order.
	var two bytes.Buffer
	require.NoError(t, writeData(&two, "first", ps))
	require.NoError(t, writeData(&two, "second", ps))
	both, header, err := readData(&two, xiangqiKit())
	require.NoError(t, err)
	assert.Len(t, both, 2)
	assert.Equal(t, "first; and second", header)
	assert.Error(t, run([]string{"-games", "0"}), "fitting needs a data file")
	assert.ErrorContains(t, run([]string{"-game", "go"}), `unknown game "go"`)
	assert.Error(t, run([]string{"-games", "0", "-data", t.TempDir() + "/missing"}))
}
