package uci

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/cotuong-ai/cotuong/games/chess"
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
	return saveNet(t, net)
}

// writeChessNet trains a small chess network with package nnue's trainer (8 hidden units,
// two epochs on 2,000 positions of random playouts scored by the classical evaluation),
// as examples/dev/nnuetrain does on datagen's files, and returns the path of its weight file.
func writeChessNet(t *testing.T) string {
	f := chess.NNUEFeatures{}
	d, err := nnue.NewDataset(f.Inputs())
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(5, 6))
	var stm, other []int
	for d.Len() < 2000 {
		p := chess.Start()
		for ply := 0; ply < 80 && d.Len() < 2000; ply++ {
			moves := p.LegalMoves(nil)
			if len(moves) == 0 {
				break
			}
			p = p.Play(moves[rng.IntN(len(moves))])
			side := int(p.SideToMove())
			stm, other = f.Active(&p, side, stm[:0]), f.Active(&p, side^1, other[:0])
			if err := d.Add(stm, other, p.Evaluate(), 0.5); err != nil {
				t.Fatal(err)
			}
		}
	}
	m, err := nnue.NewModel(f.Name(), f.Inputs(), 8, 1)
	if err != nil {
		t.Fatal(err)
	}
	cfg := nnue.DefaultTrainConfig()
	cfg.Epochs, cfg.BatchSize, cfg.LR = 2, 256, 1e-2
	if _, err := nnue.Train(m, d, cfg); err != nil {
		t.Fatal(err)
	}
	net, err := m.Quantise()
	if err != nil {
		t.Fatal(err)
	}
	return saveNet(t, net)
}

// saveNet writes net to a weight file in a test directory and returns its path.
func saveNet(t *testing.T, net *nnue.Network) string {
	name := filepath.Join(t.TempDir(), "net.nnue")
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

// TestUseNNUE: "Use NNUE" is on by default and, without EvalFile, searches with the shipped
// network; off, the classical tree (another node count); a bad EvalFile is named and leaves no
// network; with EvalFile's network the xiangqi search plays a legal move from a third tree;
// and a reduced strength (Skill Level 10) searches the same tree with the option on or off.
func TestUseNNUE(t *testing.T) {
	h := start(t)
	h.send("uci")
	ls := h.until("uciok", 5*sec)
	assert.Contains(t, ls, "option name Use NNUE type check default true")
	h.send("setoption name UCI_Variant value xiangqi", "position startpos", "go depth 5")
	mv, ls := h.bestmove(20 * sec)
	assert.True(t, legalXiangqi(t, "", nil, mv), "move %q", mv)
	shipped := infoNodes(t, ls)
	h.send("setoption name Use NNUE value false", "position startpos", "go depth 5")
	_, ls = h.bestmove(20 * sec)
	classical := infoNodes(t, ls)
	assert.NotEqual(t, classical, shipped, "by default the shipped network evaluates")

	h.send("setoption name Use NNUE value true", "setoption name EvalFile value /nonexistent/x.nnue", "isready")
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

	h.send("setoption name Skill Level value 10", "ucinewgame", "position startpos", "go depth 5")
	_, ls = h.bestmove(20 * sec)
	capped := infoNodes(t, ls)
	h.send("setoption name Use NNUE value true", "ucinewgame", "position startpos", "go depth 5")
	_, ls = h.bestmove(20 * sec)
	assert.Equal(t, capped, infoNodes(t, ls), "a reduced strength searches classically with Use NNUE on")
}

// startChess starts an engine (chess, the default variant) and returns it with the node
// counts of a depth-5 search of the start position with the shipped network (the default)
// and with the classical evaluation ("Use NNUE" off, which it leaves off).
func startChess(t *testing.T) (h *harness, shipped, classical int64) {
	h = start(t)
	h.send("uci")
	h.until("uciok", 5*sec)
	h.send("position startpos", "go depth 5")
	_, ls := h.bestmove(20 * sec)
	shipped = infoNodes(t, ls)
	h.send("setoption name Use NNUE value false", "position startpos", "go depth 5")
	_, ls = h.bestmove(20 * sec)
	return h, shipped, infoNodes(t, ls)
}

// TestChessNNUE: in chess, "Use NNUE" (on by default) searches with the shipped chess network,
// another tree than the classical one, and says nothing; with EvalFile set to a chess network
// written by the trainer, chess searches play a legal move from a third tree; that file
// leaves xiangqi on its shipped network, and says so.
func TestChessNNUE(t *testing.T) {
	h, shipped, classical := startChess(t)
	assert.NotEqual(t, classical, shipped, "by default the shipped chess network evaluates")

	h.send("setoption name Use NNUE value true", "isready")
	ls := h.until("readyok", 5*sec)
	assert.Empty(t, infoStrings(ls), "the shipped network needs no word")
	h.send("position startpos", "go depth 5")
	_, ls = h.bestmove(20 * sec)
	assert.Equal(t, shipped, infoNodes(t, ls), "Use NNUE on again: the shipped network's tree")

	file := writeChessNet(t)
	h.send("setoption name EvalFile value "+file, "isready")
	ls = h.until("readyok", 5*sec)
	assert.True(t, hasLine(ls, "EvalFile: loaded "+file+": a chess network (chess-psq-768-1, 768 inputs, 8 hidden units)"), "%v", ls)
	assert.Len(t, infoStrings(ls), 1, "%v", ls)
	h.send("position startpos moves e2e4", "go depth 5")
	mv, ls := h.bestmove(20 * sec)
	assert.True(t, legalChess(t, "", []string{"e2e4"}, mv), "move %q", mv)
	h.send("position startpos", "go depth 5")
	_, ls = h.bestmove(20 * sec)
	n := infoNodes(t, ls)
	assert.NotEqual(t, classical, n, "the chess network's search has the classical node count")
	assert.NotEqual(t, shipped, n, "EvalFile's chess network, not the shipped one")

	h.send("setoption name UCI_Variant value xiangqi", "isready")
	ls = h.until("readyok", 5*sec)
	assert.True(t, hasLine(ls, "holds a chess network (\"chess-psq-768-1\"), not a xiangqi one; xiangqi uses the network shipped"), "%v", ls)
	h.send("position startpos", "go depth 3")
	mv, _ = h.bestmove(20 * sec)
	assert.True(t, legalXiangqi(t, "", nil, mv), "move %q", mv)
}

// TestNNUEWrongGame: a xiangqi network given to chess is named, with its feature set, and
// chess searches with its shipped network; a network of a feature set no game here reads is
// refused with the file and the names the engine reads.
func TestNNUEWrongGame(t *testing.T) {
	h, shipped, _ := startChess(t)

	file := writeRandomNet(t)
	h.send("setoption name EvalFile value "+file, "setoption name Use NNUE value true", "isready")
	ls := h.until("readyok", 5*sec)
	assert.True(t, hasLine(ls, "EvalFile: loaded "+file+": a xiangqi network"), "%v", ls)
	assert.True(t, hasLine(ls, "info string Use NNUE: EvalFile "+file+
		" holds a xiangqi network (\"xiangqi-psq-1260-1\"), not a chess one; chess uses the network shipped with the engine"), "%v", ls)
	h.send("position startpos", "go depth 5")
	_, ls = h.bestmove(20 * sec)
	assert.Equal(t, shipped, infoNodes(t, ls), "a xiangqi network leaves chess on its shipped network")

	net, err := nnue.NewNetwork("shogi-psq-1-1", 100, 4)
	if err != nil {
		t.Fatal(err)
	}
	file = saveNet(t, net)
	h.send("setoption name EvalFile value "+file, "isready")
	ls = h.until("readyok", 5*sec)
	assert.True(t, hasLine(ls, "info string setoption EvalFile: "+file+
		": a network for the feature set \"shogi-psq-1-1\", which this engine does not read; it reads "+
		"\"xiangqi-psq-1260-1\" (xiangqi), \"xiangqi-kpsq-11340-1\" (xiangqi), \"chess-psq-768-1\" (chess)"), "%v", ls)
	assert.True(t, hasLine(ls, "no network loaded"), "%v", ls)
}
