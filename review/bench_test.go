package review

import (
	"context"
	"testing"

	"github.com/cotuong-ai/cotuong/engine"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
)

// benchGame is a 100-ply xiangqi game between engine levels (reviewcheck's seed 42, a
// tuning game): a fixed game, so a change of the search does not change what is measured
// (the engine's own self-play at 3,000 nodes a move ended in a mate after 47 plies once the
// search spared checks).
const benchGame = "startpos moves " +
	"b2e2 h9i7 h0g2 b9a7 h2h4 b7b9 b0a2 h7h5 a0a1 d9e8 a1g1 h5e5 i3i4 a6a5 i0i3 c9e7 " +
	"d0e1 a7c8 a2c1 i9h9 h4e4 h9h6 c1a2 c8d6 e4e6 h6h5 g1f1 a5a4 f1f3 b9b2 e6i6 a4a3 " +
	"i4i5 h5f5 f3f5 e5e2 g0e2 d6f5 e2g4 a9a6 e3e4 f5d4 a2b0 a3b3 g2e3 b3c3 g4e2 a6a1 " +
	"e2g0 b2h2 c0e2 c3d3 e3g4 a1c1 i3h3 c1b1 e2c0 b1b0 h3h2 b0b1 e4e5 e7c9 h2h5 b1c1 " +
	"g4f6 c1c0 e1d0 c0c3 g3g4 d3e3 h5h2 c6c5 h2h6 c3c2 h6h5 c2g2 h5h8 g2g3 h8f8 d4f3 " +
	"f6e4 f3g1 f8f1 g3g2 e5e6 e3e2 e4c5 g2g3 g0i2 e2f2 c5e4 g3e3 d0e1 f2f1 e4c5 g6g5 " +
	"g4g5 i7g8 i2g0 f1e1"

// BenchmarkAnalyze analyses a 100-ply xiangqi game (benchGame) as Analyze does by default
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
	g, err := engine.ParseGame(engine.Xiangqi, benchGame)
	if err != nil || g.Len() != 100 {
		b.Fatal(err, g.Len())
	}
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
