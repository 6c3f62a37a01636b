package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/cotuong-ai/cotuong/engine"
	"github.com/cotuong-ai/cotuong/examples/internal/uciclient"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/cotuong-ai/cotuong/gamesearch"
)

// sample is a position of a self-play data file: the search's score (centipawns from the
// side to move) and the game's result from the side to move (1, 0.5, 0).
type sample struct {
	fen    string
	cp     int
	result float64
}

// readSamples reads "FEN | score | result" lines (lines starting with # are comments); lines
// that do not parse are skipped.
func readSamples(path string) ([]sample, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []sample
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for sc.Scan() {
		l := sc.Text()
		if strings.HasPrefix(l, "#") {
			continue
		}
		p := strings.Split(l, "|")
		if len(p) != 3 {
			continue
		}
		cp, err1 := strconv.Atoi(strings.TrimSpace(p[1]))
		r, err2 := strconv.ParseFloat(strings.TrimSpace(p[2]), 64)
		if err1 != nil || err2 != nil || (r != 0 && r != 0.5 && r != 1) {
			continue
		}
		out = append(out, sample{strings.TrimSpace(p[0]), cp, r})
	}
	return out, sc.Err()
}

// fitK returns k of E[result] = 1/(1+exp(−k·cp)) fitted to the pairs (cp, result) by maximum
// likelihood (the binary cross-entropy, which takes draws as ½) and by least squares, each by
// golden-section search over 0.0001..0.02 per centipawn.
func fitK(cps []int, res []float64) (ml, ls float64) {
	sig := func(x float64) float64 { return 1 / (1 + math.Exp(-x)) }
	nll := func(k float64) float64 {
		s := 0.0
		for i, c := range cps {
			p := min(1-1e-12, max(1e-12, sig(k*float64(c))))
			s -= res[i]*math.Log(p) + (1-res[i])*math.Log(1-p)
		}
		return s
	}
	sq := func(k float64) float64 {
		s := 0.0
		for i, c := range cps {
			d := res[i] - sig(k*float64(c))
			s += d * d
		}
		return s
	}
	return golden(nll, 0.0001, 0.02), golden(sq, 0.0001, 0.02)
}

// golden minimises f (unimodal) on lo..hi.
func golden(f func(float64) float64, lo, hi float64) float64 {
	r := (math.Sqrt(5) - 1) / 2
	for range 80 {
		a, b := hi-r*(hi-lo), lo+r*(hi-lo)
		if f(a) < f(b) {
			hi = b
		} else {
			lo = a
		}
	}
	return (lo + hi) / 2
}

// runFitK fits k to the search scores of a self-play data file and, when label > 0, to
// Fairy-Stockfish's scores (at labelNodes nodes) of every n-th position, label positions in
// all, with the same games' results.
func runFitK(path string, label int, labelNodes int64, fsfPath string, rescore rescoring) error {
	ss, err := readSamples(path)
	if err != nil {
		return err
	}
	if len(ss) == 0 {
		return fmt.Errorf("%s: no samples", path)
	}
	cps, res := make([]int, len(ss)), make([]float64, len(ss))
	for i, s := range ss {
		cps[i], res[i] = s.cp, s.result
	}
	ml, ls := fitK(cps, res)
	fmt.Printf("%s: %d positions; our search scores: k = %.6f (max likelihood), %.6f (least squares)\n", path, len(ss), ml, ls)
	if rescore.nodes > 0 {
		if err := fitRescored(ss, res, rescore); err != nil {
			return err
		}
	}
	if label <= 0 {
		return nil
	}
	fsf, err := startAnalyst(fsfPath, "xiangqi")
	if err != nil {
		return err
	}
	defer fsf.close()
	step := max(1, len(ss)/label)
	var ocp, fcp []int
	var lres []float64
	for i := 0; i < len(ss) && len(fcp) < label; i += step {
		sc, err := fsf.scoreFEN(ss[i].fen, labelNodes)
		var failed *uciclient.Error
		if errors.As(err, &failed) {
			return fmt.Errorf("labelling %s: %w", ss[i].fen, err)
		}
		if err != nil {
			continue // a mate
		}
		ocp, fcp, lres = append(ocp, ss[i].cp), append(fcp, sc), append(lres, ss[i].result)
	}
	oml, ols := fitK(ocp, lres)
	fml, fls := fitK(fcp, lres)
	fmt.Printf("%d positions labelled by Fairy-Stockfish at %d nodes: our scores k = %.6f (ML), %.6f (LS); Fairy-Stockfish's k = %.6f (ML), %.6f (LS)\n",
		len(fcp), labelNodes, oml, ols, fml, fls)
	return nil
}

// scoreFEN returns the analyst's centipawn score of a position from the side to move: an
// error for a mate score, and an *uciclient.Error when the engine failed (it is then killed).
func (e *analystEngine) scoreFEN(fen string, nodes int64) (int, error) {
	info, err := e.run(fen, nil, fmt.Sprintf("go nodes %d", nodes), nodes)
	if err != nil {
		return 0, err
	}
	kind, v, _ := strings.Cut(info.Score, " ")
	if kind != "cp" {
		return 0, fmt.Errorf("no centipawn score (%q)", info.Score)
	}
	return strconv.Atoi(v)
}

// rescoring is -rescore: score a data file's positions again with our search (its own
// evaluation: the network when set, else the classical one) at nodes nodes a position.
type rescoring struct {
	nodes   int64
	network *xiangqi.NNUE
}

// fitRescored scores every position of ss with our search as r says and fits k to those
// scores and the same results (res), so that two evaluations' k are fitted on the same
// positions and games: their ratio is far tighter than either k alone on a small file.
func fitRescored(ss []sample, res []float64, r rescoring) error {
	s := engine.NewSearcher(engine.Xiangqi, engine.SearcherOptions{HashMiB: 16, Threads: 1, XiangqiNNUE: r.network})
	var cps []int
	var rr []float64
	for i, x := range ss {
		g, err := engine.ParseGame(engine.Xiangqi, "fen "+x.fen)
		if err != nil {
			return fmt.Errorf("position %d: %w", i+1, err)
		}
		sc := s.Search(context.Background(), g, gamesearch.Limits{Nodes: r.nodes}, nil, nil).Score
		if gamesearch.IsMate(sc) {
			continue
		}
		cps, rr = append(cps, sc), append(rr, res[i])
	}
	ml, ls := fitK(cps, rr)
	what := "classical evaluation"
	if r.network != nil {
		what = "network"
	}
	fmt.Printf("rescored by our search (%s) at %d nodes, %d positions: k = %.6f (max likelihood), %.6f (least squares)\n",
		what, r.nodes, len(cps), ml, ls)
	return nil
}
