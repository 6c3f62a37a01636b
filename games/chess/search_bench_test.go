package chess

import (
	"context"
	"syscall"
	"testing"
	"time"

	"github.com/cotuong-ai/cotuong/gamesearch"
)

// searchBenchFENs are the positions of BenchmarkSearchDepth: the position after 1.e4 of the
// depth table, kiwipete and two middlegames.
var searchBenchFENs = []string{
	"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
	kiwipeteFEN,
	"r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8",
	"2r2rk1/1b2qppp/p3pn2/1p6/3P4/P1NB1Q2/1P3PPP/R4RK1 w - - 0 18",
}

// BenchmarkSearchDepth searches each bench position to a fixed depth from an empty table and
// reports the nodes of one op (all positions), the nodes per second and per CPU second. The node count is
// deterministic: a change that only speeds the search up must leave it unchanged.
func BenchmarkSearchDepth(b *testing.B) {
	var ps []Position
	for _, f := range searchBenchFENs {
		p, err := ParseFEN(f)
		if err != nil {
			b.Fatal(err)
		}
		ps = append(ps, p)
	}
	s := NewSearcher(gamesearch.Options[Move]{HashMiB: 16})
	ctx := context.Background()
	b.ReportAllocs()
	b.ResetTimer()
	cpu0 := selfCPU()
	var nodes int64
	for i := 0; i < b.N; i++ {
		for _, p := range ps {
			s.Clear()
			nodes += s.Search(ctx, p, nil, gamesearch.Limits{Depth: 11}).Nodes
		}
	}
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	// CPU time is steadier than wall time on a shared machine.
	b.ReportMetric(float64(nodes)/(selfCPU()-cpu0).Seconds(), "nodes/cpu-s")
}

// selfCPU returns this process's user+system CPU time.
func selfCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
