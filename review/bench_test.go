package review

import (
	"context"
	"testing"

	"github.com/cotuong-ai/cotuong/engine"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/cotuong-ai/cotuong/gamesearch"
)

// selfPlay returns a game of v of at most plies moves played by the engine at full strength
// to nodes nodes a move (deterministic: one thread, a new searcher).
func selfPlay(tb testing.TB, v engine.Variant, plies int, nodes int64) engine.Game {
	tb.Helper()
	g := engine.NewGame(v)
	s := engine.NewSearcher(v, engine.SearcherOptions{HashMiB: 16})
	for i := 0; i < plies && !g.Result().Over; i++ {
		r := s.Search(context.Background(), g, gamesearch.Limits{Nodes: nodes}, nil, nil)
		if !r.HasMove {
			break
		}
		if err := g.Push(r.Move); err != nil {
			tb.Fatal(err)
		}
	}
	return g
}

// BenchmarkAnalyze analyses a 100-ply xiangqi game of self-play as Analyze does by default
// (the classical evaluation at DefaultNodes a position, the verification, the second
// opinions): the cost target is under 20 s an operation on one core.
func BenchmarkAnalyze(b *testing.B) { benchAnalyze(b, Options{}) }

// BenchmarkAnalyzeFixed is BenchmarkAnalyze without the verification (the fixed-budget pass).
func BenchmarkAnalyzeFixed(b *testing.B) { benchAnalyze(b, Options{VerifyNodes: -1}) }

// BenchmarkAnalyzeNetwork is BenchmarkAnalyze with the network shipped with games/xiangqi
// (Options.Network, NetworkNodes a position): the analysis that was the default before the
// classical one, for comparing their costs.
func BenchmarkAnalyzeNetwork(b *testing.B) {
	n, err := xiangqi.DefaultNNUE()
	if err != nil {
		b.Fatal(err)
	}
	benchAnalyze(b, Options{Network: n})
}

func benchAnalyze(b *testing.B, o Options) {
	g := selfPlay(b, engine.Xiangqi, 100, 3000)
	b.Logf("game of %d plies: %s", g.Len(), g.String())
	b.ResetTimer()
	for range b.N {
		a, err := Analyze(context.Background(), g, o)
		if err != nil {
			b.Fatal(err)
		}
		if len(a.Evals) != g.Len()+1 {
			b.Fatal(len(a.Evals))
		}
		verified, checked := 0, 0
		for _, e := range a.Evals {
			if e.Nodes != 0 {
				verified++
			}
			if e.Check != nil {
				checked++
			}
		}
		b.ReportMetric(float64(verified), "verified/op")
		b.ReportMetric(float64(checked), "checks/op")
	}
}
