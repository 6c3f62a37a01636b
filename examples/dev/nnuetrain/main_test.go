package main

import (
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cotuong-ai/cotuong/examples/dev/internal/nnuegame"
	"github.com/cotuong-ai/cotuong/games/chess"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/cotuong-ai/cotuong/gamesearch"
	"github.com/cotuong-ai/cotuong/nnue"
)

// writeData writes n samples of positions of random playouts of gm from its start, scored
// by the classical evaluation (a learnable target) with a drawn result.
func writeData[P any, PP nnuegame.Position[P, M], M gamesearch.RecordMove](t *testing.T, name string, n int, gm nnuegame.Game[P, PP, M]) {
	t.Helper()
	f, err := os.Create(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rng := rand.New(rand.NewPCG(1, 2))
	record, _ := gm.NewGame()
	for written := 0; written < n; {
		p := record.Start()
		for ply := 0; ply < 60 && written < n; ply++ {
			moves := PP(&p).LegalMoves(nil)
			if len(moves) == 0 {
				break
			}
			p = PP(&p).Play(moves[rng.IntN(len(moves))])
			if err := nnue.WriteSample(f, nnue.Sample{Position: PP(&p).FEN(), Score: PP(&p).Evaluate(), Result: 0.5}); err != nil {
				t.Fatal(err)
			}
			written++
		}
	}
}

// TestTrain: a short training run on classical scores lowers the loss below the untrained
// model's, writes a network that games/xiangqi loads and evaluates, and -init resumes from
// the float model.
func TestTrain(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "d.txt")
	writeData(t, data, 3000, nnuegame.Xiangqi(xiangqi.NNUEFeatures{}))
	c := config{Game: "xiangqi", Data: data, Out: filepath.Join(dir, "x.nnue"), Model: filepath.Join(dir, "x.model"),
		Hidden: 8, Epochs: 4, Seed: 1, Lambda: 1, LR: 1e-2, LRDecay: 1, Batch: 256, K: 400, Validation: 0.1}
	s, err := run(c, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if s.Samples != 3000 || len(s.Epochs) != 4 {
		t.Fatalf("%d samples, %d epochs; want 3000, 4", s.Samples, len(s.Epochs))
	}
	last := s.Epochs[len(s.Epochs)-1]
	if !(last.ValidLoss < s.Before) || !(last.TrainLoss < s.Before) {
		t.Fatalf("loss before %.5f, after: train %.5f valid %.5f; want lower", s.Before, last.TrainLoss, last.ValidLoss)
	}
	// The scores are the classical evaluation itself, so with lambda 1 its loss is 0.
	if s.Classical > 1e-12 {
		t.Fatalf("classical loss %g on its own scores, want 0", s.Classical)
	}
	f, err := os.Open(c.Out)
	if err != nil {
		t.Fatal(err)
	}
	net, err := xiangqi.LoadNNUE(f, xiangqi.NNUEFeatures{})
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	if net.Hidden != 8 {
		t.Fatalf("hidden %d, want 8", net.Hidden)
	}
	if s.QuantRMS > 25 {
		t.Fatalf("quantised net %.1f cp rms from the float model, want ≤ 25", s.QuantRMS)
	}
	c.Init, c.Epochs = c.Model, 1
	s2, err := run(c, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if !(s2.Before < s.Before) {
		t.Fatalf("resumed model's starting loss %.5f is not below a fresh one's %.5f", s2.Before, s.Before)
	}
	if _, err := run(config{Data: filepath.Join(dir, "missing.txt")}, io.Discard); err == nil {
		t.Fatal("a missing data file trains")
	}
}

// TestTrainChess: -game chess trains on chess positions and writes, by default to
// chess.nnue, a network that chess.LoadNNUE loads; chess refuses -buckets, and a game's
// trainer refuses the other game's data, naming the line.
func TestTrainChess(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	writeData(t, "c.txt", 1000, nnuegame.Chess())
	c := config{Game: "chess", Data: "c.txt", Hidden: 8, Epochs: 2, Seed: 1, Lambda: 1, LR: 1e-2, LRDecay: 1,
		Batch: 256, K: 400, Validation: 0.1}
	s, err := run(c, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if s.Samples != 1000 || len(s.Epochs) != 2 || !(s.Epochs[1].TrainLoss < s.Before) {
		t.Fatalf("%d samples, %d epochs, loss %.5f before; want 1000, 2 and lower after: %+v", s.Samples, len(s.Epochs), s.Before, s.Epochs)
	}
	f, err := os.Open(filepath.Join(dir, "chess.nnue"))
	if err != nil {
		t.Fatal(err)
	}
	net, err := chess.LoadNNUE(f, chess.NNUEFeatures{})
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	if net.Hidden != 8 || net.Inputs != chess.NNUEInputs {
		t.Fatalf("%d inputs, %d hidden; want %d, 8", net.Inputs, net.Hidden, chess.NNUEInputs)
	}
	if _, err := chess.NewNNUE(net, chess.NNUEFeatures{}); err != nil {
		t.Fatal(err)
	}

	c.Buckets = true
	if _, err := run(c, io.Discard); err == nil {
		t.Fatal("-game chess -buckets trains")
	}
	c.Buckets, c.Game = false, "xiangqi"
	if _, err := run(c, io.Discard); err == nil || !strings.Contains(err.Error(), "line 1") {
		t.Fatalf("xiangqi on chess data: %v, want an error naming line 1", err)
	}
}
