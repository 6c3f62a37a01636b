package uci

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/cotuong-ai/cotuong/nnue"
)

// writeRandomNet writes a random xiangqi network (16 hidden units) and returns its path.
func writeRandomNet(t *testing.T) string {
	f := xiangqi.NNUEFeatures{}
	net, err := nnue.NewNetwork(f.Name(), f.Inputs(), 16)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for i := range net.W1 {
		net.W1[i] = int16(rng.IntN(81) - 40)
	}
	for i := range net.W2 {
		net.W2[i] = int16(rng.IntN(255) - 127)
	}
	name := filepath.Join(t.TempDir(), "x.nnue")
	out, err := os.Create(name)
	if err != nil {
		t.Fatal(err)
	}
	if err := nnue.Save(out, net); err != nil {
		t.Fatal(err)
	}
	if err := out.Close(); err != nil {
		t.Fatal(err)
	}
	return name
}

func hasLine(ls []string, sub string) bool {
	for _, l := range ls {
		if strings.Contains(l, sub) {
			return true
		}
	}
	return false
}

// TestUseNNUE: "Use NNUE" without EvalFile searches with the shipped network (another tree
// than the classical one); a bad EvalFile is named and leaves no network; with EvalFile's
// network the xiangqi search plays a legal move from a third tree; switching it off gives
// the classical tree back.
func TestUseNNUE(t *testing.T) {
	h := start(t)
	h.send("uci")
	ls := h.until("uciok", 5*sec)
	assert.Contains(t, ls, "option name Use NNUE type check default false")
	h.send("setoption name UCI_Variant value xiangqi", "position startpos", "go depth 5")
	_, ls = h.bestmove(20 * sec)
	classical := infoNodes(t, ls)

	h.send("setoption name Use NNUE value true", "position startpos", "go depth 5")
	mv, ls := h.bestmove(20 * sec)
	assert.True(t, legalXiangqi(t, "", nil, mv), "move %q", mv)
	shipped := infoNodes(t, ls)
	assert.NotEqual(t, classical, shipped, "without EvalFile the shipped network evaluates")
	h.send("setoption name EvalFile value /nonexistent/x.nnue", "isready")
	ls = h.until("readyok", 5*sec)
	assert.True(t, hasLine(ls, "info string setoption EvalFile"), "%v", ls)
	assert.True(t, hasLine(ls, "no network loaded"), "%v", ls)

	h.send("setoption name EvalFile value "+writeRandomNet(t), "isready")
	ls = h.until("readyok", 5*sec)
	assert.True(t, hasLine(ls, "loaded"), "%v", ls)
	h.send("position startpos", "go depth 5")
	mv, ls = h.bestmove(20 * sec)
	assert.True(t, legalXiangqi(t, "", nil, mv), "move %q", mv)
	assert.NotEqual(t, classical, infoNodes(t, ls), "the network's search has the classical node count")
	assert.NotEqual(t, shipped, infoNodes(t, ls), "EvalFile's network, not the shipped one")

	h.send("setoption name Use NNUE value false", "position startpos", "go depth 5")
	_, ls = h.bestmove(20 * sec)
	assert.Equal(t, classical, infoNodes(t, ls), "Use NNUE off gives the classical tree back")
}
