package xiangqi

import (
	"context"
	"io"
	"testing"

	"github.com/cotuong-ai/cotuong/gamesearch"
	"github.com/cotuong-ai/cotuong/internal/testkit/benchutil"
	"github.com/cotuong-ai/cotuong/nnue"
)

// benchNetwork is the network of the NNUE benchmarks: the weight file named by the environment
// variable XIANGQI_NNUE (e.g. a net from examples/dev/nnuetrain), else the shipped one (DefaultNNUE).
func benchNetwork(b *testing.B) *NNUE {
	return benchutil.Network(b, "XIANGQI_NNUE", func(r io.Reader) (*NNUE, error) {
		net, err := LoadNNUE(r, NNUEFeatures{})
		if err != nil {
			return nil, err
		}
		return NewNNUE(net, NNUEFeatures{})
	}, DefaultNNUE)
}

// BenchmarkSearchDepthNNUE is BenchmarkSearchDepth with the network as the evaluation
// (nnue.Kernels names the kernels: "swar", or "avx2" in a GOEXPERIMENT=simd build). The
// node count differs from the classical search's (another evaluation, another tree).
func BenchmarkSearchDepthNNUE(b *testing.B) {
	s := NewSearcher(gamesearch.Options[Move]{HashMiB: 16})
	s.SetNeural(benchNetwork(b))
	b.Logf("kernels %s", nnue.Kernels())
	benchutil.SearchFENs(b, searchBenchFENs, ParseFEN, func(p Position) int64 {
		s.Clear()
		return s.Search(context.Background(), p, nil, gamesearch.Limits{Depth: 9}).Nodes
	})
}

// BenchmarkSearchDepth9 is the classical search to the same depth as
// BenchmarkSearchDepthNNUE, for nodes per second side by side.
func BenchmarkSearchDepth9(b *testing.B) {
	s := NewSearcher(gamesearch.Options[Move]{HashMiB: 16})
	benchutil.SearchFENs(b, searchBenchFENs, ParseFEN, func(p Position) int64 {
		s.Clear()
		return s.Search(context.Background(), p, nil, gamesearch.Limits{Depth: 9}).Nodes
	})
}

// benchPath is a fixed 40-ply line from the start, in heap positions as a search's frames.
func benchPath(b *testing.B) ([]Position, []Move) {
	path := make([]Position, 1, 41)
	path[0] = Start()
	var moves []Move
	for i := 0; i < 40; i++ {
		legal := path[i].LegalMoves(nil)
		m := legal[(i*7+3)%len(legal)]
		moves = append(moves, m)
		path = append(path, path[i].Play(m))
	}
	return path, moves
}

// BenchmarkEvalNNUE: one op is an incremental update from the parent and an evaluation,
// as the search does per evaluated node (the figure to compare with BenchmarkEvalClassical).
func BenchmarkEvalNNUE(b *testing.B) {
	n := benchNetwork(b)
	fr := n.NewFrames(41)
	path, moves := benchPath(b)
	fr.Refresh(0, &path[0])
	benchutil.Evals(b, 40, func(k int) int {
		fr.Update(k, &path[k], moves[k], &path[k+1])
		return fr.Evaluate(k+1, &path[k+1])
	})
}

// BenchmarkEvalClassical: one op is the classical Evaluate of a position of the same line.
func BenchmarkEvalClassical(b *testing.B) {
	path, _ := benchPath(b)
	benchutil.Evals(b, 40, func(k int) int { return path[1+k].Evaluate() })
}
