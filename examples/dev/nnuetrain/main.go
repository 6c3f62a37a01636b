// Command nnuetrain trains an NNUE of xiangqi (the default) or chess (-game chess) on
// examples/dev/datagen's files with package nnue's trainer and writes the quantised weight file
// that the game package loads (xiangqi.LoadNNUE, chess.LoadNNUE; the engine's EvalFile).
//
//	nice go run ./examples/dev/nnuetrain -data a.txt,b.txt -out xiangqi.nnue -hidden 32 -epochs 10 -seed 1 -lambda 0.75
//	nice go run ./examples/dev/nnuetrain -game chess -data chess.txt -out chess.nnue -hidden 64 -epochs 40 -seed 1
//
// It reads every sample (FEN | score | result, side to move), decodes the positions with the
// game's feature set (xiangqi.NNUEFeatures: 1,260 inputs, or 11,340 with -buckets;
// chess.NNUEFeatures: 768 inputs), trains a (N→H)×2→1 model from a random start drawn from
// -seed (or from the float model -init wrote by an earlier -model), printing the training and
// validation loss of every epoch, then quantises it, writes the network to -out (by default
// <game>.nnue) and, with -model, the float model for a later run to resume.
//
// Before training it prints two references on the same loss: the untrained model's, and the
// classical evaluation's (the game's Evaluate of each position taken as the prediction). After
// it, the quantised network's root-mean-square distance from the float model in centipawns
// over the first samples, and the same for the classical evaluation.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"strings"
	"time"

	"github.com/cotuong-ai/cotuong/examples/dev/internal/nnuegame"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/cotuong-ai/cotuong/gamesearch"
	"github.com/cotuong-ai/cotuong/nnue"
)

// config is the command line.
type config struct {
	Game       string // "xiangqi" or "chess" (nnuegame.Names)
	Data       string
	Out        string
	Model      string
	Init       string
	Hidden     int
	Epochs     int
	Seed       uint64
	Lambda     float64
	LR         float64
	LRDecay    float64
	Batch      int
	K          float64
	Validation float64
	Buckets    bool // xiangqi only
}

func main() {
	var c config
	d := nnue.DefaultTrainConfig()
	flag.StringVar(&c.Game, "game", "xiangqi", "the game: "+strings.Join(nnuegame.Names, " or "))
	flag.StringVar(&c.Data, "data", "", "comma-separated datagen files")
	flag.StringVar(&c.Out, "out", "", "quantised weight file to write (default <game>.nnue)")
	flag.StringVar(&c.Model, "model", "", "also write the float model here (to resume with -init)")
	flag.StringVar(&c.Init, "init", "", "start from this float model instead of random weights")
	flag.IntVar(&c.Hidden, "hidden", 32, "accumulator width H per perspective")
	flag.IntVar(&c.Epochs, "epochs", d.Epochs, "epochs")
	flag.Uint64Var(&c.Seed, "seed", 1, "seed of the initial weights, the validation split and the shuffles")
	flag.Float64Var(&c.Lambda, "lambda", d.Lambda, "weight of the search score in the target (1-lambda: the game result)")
	flag.Float64Var(&c.LR, "lr", d.LR, "Adam learning rate")
	flag.Float64Var(&c.LRDecay, "lr-decay", d.LRDecay, "learning-rate factor per epoch")
	flag.IntVar(&c.Batch, "batch", d.BatchSize, "batch size")
	flag.Float64Var(&c.K, "k", d.K, "sigmoid scale, centipawns")
	flag.Float64Var(&c.Validation, "validation", d.Validation, "fraction of samples held out")
	flag.BoolVar(&c.Buckets, "buckets", false, "xiangqi: use the general-bucketed feature set (11,340 inputs)")
	flag.Parse()
	if _, err := run(c, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "nnuetrain:", err)
		os.Exit(1)
	}
}

// summary is what run measured, for the tests.
type summary struct {
	Samples      int
	Before       float64 // the untrained model's loss
	Classical    float64 // the classical evaluation's loss
	Epochs       []nnue.EpochStats
	QuantRMS     float64 // quantised vs float, cp
	ClassicalRMS float64 // quantised vs classical, cp
}

func run(c config, w io.Writer) (summary, error) {
	if c.Data == "" {
		return summary{}, errors.New("no -data")
	}
	switch {
	case c.Game == "xiangqi":
		return train(c, w, nnuegame.Xiangqi(xiangqi.NNUEFeatures{Buckets: c.Buckets}))
	case c.Game == "chess" && c.Buckets:
		return summary{}, errors.New("-buckets is for xiangqi; chess has one feature set")
	case c.Game == "chess":
		return train(c, w, nnuegame.Chess())
	}
	return summary{}, nnuegame.Unknown(c.Game)
}

// train trains a network of gm's feature set on c.Data and writes it.
func train[P any, PP nnuegame.Position[P, M], M gamesearch.RecordMove](c config, w io.Writer, gm nnuegame.Game[P, PP, M]) (summary, error) {
	var sum summary
	if c.Out == "" {
		c.Out = gm.Name + ".nnue"
	}
	files := strings.Split(c.Data, ",")
	fs := gm.Features
	start := time.Now()
	data, err := readData(files, gm)
	if err != nil {
		return sum, err
	}
	fmt.Fprintf(w, "read %d samples from %d file(s) in %s (%s, %d inputs)\n",
		data.Len(), len(files), time.Since(start).Round(time.Millisecond), fs.Name(), fs.Inputs())

	var m *nnue.Model
	if c.Init != "" {
		f, err := os.Open(c.Init)
		if err != nil {
			return sum, err
		}
		m, err = nnue.LoadModel(f, fs.Name(), fs.Inputs())
		f.Close()
		if err != nil {
			return sum, fmt.Errorf("%s: %w", c.Init, err)
		}
	} else if m, err = nnue.NewModel(fs.Name(), fs.Inputs(), c.Hidden, c.Seed); err != nil {
		return sum, err
	}
	cfg := nnue.DefaultTrainConfig()
	cfg.Epochs, cfg.BatchSize, cfg.LR, cfg.LRDecay = c.Epochs, c.Batch, c.LR, c.LRDecay
	cfg.Lambda, cfg.K, cfg.Validation, cfg.Seed = c.Lambda, c.K, c.Validation, c.Seed
	cfg.Progress = func(s nnue.EpochStats) {
		fmt.Fprintf(w, "epoch %2d  train %.6f  valid %.6f  lr %.2e  %d samples  %s (%.0f samples/s)\n",
			s.Epoch, s.TrainLoss, s.ValidLoss, s.LR, s.Samples, s.Elapsed.Round(time.Millisecond),
			float64(s.Samples)/s.Elapsed.Seconds())
	}
	fmt.Fprintf(w, "model %d→%d×2→1, lambda %.2f, K %.0f, lr %.1e ×%.2f/epoch, batch %d, seed %d\n",
		m.Inputs, m.Hidden, c.Lambda, c.K, c.LR, c.LRDecay, c.Batch, c.Seed)
	sum.Samples = data.Len()
	sum.Before, sum.Classical = nnue.Loss(m, data, c.Lambda, c.K), classicalLoss(gm, files, c.Lambda, c.K)
	fmt.Fprintf(w, "loss before training %.6f; classical evaluation as the prediction %.6f\n", sum.Before, sum.Classical)
	if sum.Epochs, err = nnue.Train(m, data, cfg); err != nil {
		return sum, err
	}
	net, err := m.Quantise()
	if err != nil {
		return sum, err
	}
	if err := writeFile(c.Out, func(f io.Writer) error { return nnue.Save(f, net) }); err != nil {
		return sum, err
	}
	if c.Model != "" {
		if err := writeFile(c.Model, func(f io.Writer) error { return nnue.SaveModel(f, m) }); err != nil {
			return sum, err
		}
	}
	sum.QuantRMS, sum.ClassicalRMS = compare(gm, files, m, net, 2000)
	fmt.Fprintf(w, "wrote %s; over the first 2000 samples the quantised net is %.1f cp rms from the float model, %.1f cp rms from the classical evaluation\n",
		c.Out, sum.QuantRMS, sum.ClassicalRMS)
	return sum, nil
}

// readData reads and decodes every file into one dataset.
func readData[P any, PP nnuegame.Position[P, M], M gamesearch.RecordMove](files []string, gm nnuegame.Game[P, PP, M]) (*nnue.Dataset, error) {
	readers := make([]io.Reader, 0, len(files))
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		// A file's last line ends with a newline (WriteSample), so files concatenate.
		readers = append(readers, f)
	}
	d, err := nnue.ReadDataset(io.MultiReader(readers...), gm.Features.Inputs(), gm.Decode)
	if err != nil {
		return nil, err
	}
	if d.Len() == 0 {
		return nil, errors.New("no samples in the data")
	}
	return d, nil
}

// eachSample calls fn for up to limit samples of the files (all when limit ≤ 0) with the
// parsed position; positions that do not parse are skipped (readData reports them).
func eachSample[P any, PP nnuegame.Position[P, M], M gamesearch.RecordMove](gm nnuegame.Game[P, PP, M], files []string, limit int, fn func(p PP, s nnue.Sample)) {
	n := 0
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			continue
		}
		r := nnue.NewSampleReader(f)
		for limit <= 0 || n < limit {
			s, err := r.Next()
			if err != nil {
				break
			}
			p, err := gm.Parse(s.Position)
			if err != nil {
				continue
			}
			fn(&p, s)
			n++
		}
		f.Close()
	}
}

func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// classicalLoss is the training loss with the game's classical Evaluate as the prediction.
func classicalLoss[P any, PP nnuegame.Position[P, M], M gamesearch.RecordMove](gm nnuegame.Game[P, PP, M], files []string, lambda, k float64) float64 {
	var sum float64
	n := 0
	eachSample(gm, files, 0, func(p PP, s nnue.Sample) {
		t := lambda*sigmoid(float64(s.Score)/k) + (1-lambda)*s.Result
		d := sigmoid(float64(p.Evaluate())/k) - t
		sum += d * d
		n++
	})
	return sum / float64(max(n, 1))
}

// compare returns, over the first limit samples, the rms distance in centipawns of the
// quantised network from the float model and from the classical evaluation.
func compare[P any, PP nnuegame.Position[P, M], M gamesearch.RecordMove](gm nnuegame.Game[P, PP, M], files []string, m *nnue.Model, net *nnue.Network, limit int) (quant, classical float64) {
	a, b := net.NewAccumulator(), net.NewAccumulator()
	var stm, other []int
	var sq, sc float64
	n := 0
	eachSample(gm, files, limit, func(p PP, s nnue.Sample) {
		side := gm.SideToMove(p)
		stm = gm.Features.Active(p, side, stm[:0])
		other = gm.Features.Active(p, side^1, other[:0])
		a.Refresh(stm)
		b.Refresh(other)
		q := float64(net.Evaluate(a, b))
		d := q - m.Eval(stm, other)
		sq += d * d
		d = q - float64(p.Evaluate())
		sc += d * d
		n++
	})
	n = max(n, 1)
	return math.Sqrt(sq / float64(n)), math.Sqrt(sc / float64(n))
}

// writeFile writes a file through fn.
func writeFile(name string, fn func(io.Writer) error) error {
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	if err := fn(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
