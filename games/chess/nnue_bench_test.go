package chess

import (
	"context"
	"io"
	"testing"

	"github.com/cotuong-ai/cotuong/gamesearch"
	"github.com/cotuong-ai/cotuong/internal/testkit/benchutil"
	"github.com/cotuong-ai/cotuong/nnue"
)

// benchNNUE is the network of the NNUE benchmarks: the weight file named by the environment
// variable CHESS_NNUE (e.g. a net from examples/dev/nnuetrain), else the shipped one (DefaultNNUE).
func benchNNUE(b *testing.B) *NNUE {
	return benchutil.Network(b, "CHESS_NNUE", func(r io.Reader) (*NNUE, error) {
		net, err := LoadNNUE(r, NNUEFeatures{})
		if err != nil {
			return nil, err
		}
		return NewNNUE(net, NNUEFeatures{})
	}, DefaultNNUE)
}

// BenchmarkSearchDepthNNUE is BenchmarkSearchDepth with the network as the evaluation, to
// depth 9 (nnue.Kernels names the kernels: "swar", or "avx2" in a GOEXPERIMENT=simd build).
// The node count differs from the classical search's (another evaluation, another tree);
// nodes/s side by side with BenchmarkSearchDepth9's is the network's cost.
func BenchmarkSearchDepthNNUE(b *testing.B) {
	n := benchNNUE(b)
	s := NewSearcher(gamesearch.Options[Move]{HashMiB: 16})
	s.SetNeural(n)
	b.Logf("kernels %s, %d hidden units", nnue.Kernels(), n.Network().Hidden)
	benchutil.SearchFENs(b, searchBenchFENs, ParseFEN, func(p Position) int64 {
		s.Clear()
		return s.Search(context.Background(), p, nil, gamesearch.Limits{Depth: 9}).Nodes
	})
}

// BenchmarkSearchDepth9 is the classical search to the depth of BenchmarkSearchDepthNNUE,
// for nodes per second side by side.
func BenchmarkSearchDepth9(b *testing.B) {
	s := NewSearcher(gamesearch.Options[Move]{HashMiB: 16})
	benchutil.SearchFENs(b, searchBenchFENs, ParseFEN, func(p Position) int64 {
		s.Clear()
		return s.Search(context.Background(), p, nil, gamesearch.Limits{Depth: 9}).Nodes
	})
}

// benchPath is a fixed 40-ply line from the start, in heap positions as a search's frames.
func benchPath() ([]Position, []Move) {
	path := make([]Position, 1, 41)
	path[0] = Start()
	var moves []Move
	for i := range 40 {
		legal := path[i].LegalMoves(nil)
		m := legal[(i*7+3)%len(legal)]
		moves = append(moves, m)
		path = append(path, path[i].Play(m))
	}
	return path, moves
}

// BenchmarkEvalNNUE: one op is an incremental update from the parent and an evaluation, as
// the search does per evaluated node (the figure to compare with BenchmarkEvalClassical).
func BenchmarkEvalNNUE(b *testing.B) {
	n := benchNNUE(b)
	fr := n.NewFrames(41)
	path, moves := benchPath()
	fr.Refresh(0, &path[0])
	benchutil.Evals(b, 40, func(k int) int {
		fr.Update(k, &path[k], moves[k], &path[k+1])
		return fr.Evaluate(k+1, &path[k+1])
	})
}

// BenchmarkEvalClassical: one op is the classical Evaluate of a position of the same line.
func BenchmarkEvalClassical(b *testing.B) {
	path, _ := benchPath()
	benchutil.Evals(b, 40, func(k int) int { return path[1+k].Evaluate() })
}
