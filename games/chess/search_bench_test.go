package chess

import (
	"context"
	"testing"

	"github.com/cotuong-ai/cotuong/gamesearch"
	"github.com/cotuong-ai/cotuong/internal/testkit/benchutil"
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
	s := NewSearcher(gamesearch.Options[Move]{HashMiB: 16})
	benchutil.SearchFENs(b, searchBenchFENs, ParseFEN, func(p Position) int64 {
		s.Clear()
		return s.Search(context.Background(), p, nil, gamesearch.Limits{Depth: 11}).Nodes
	})
}
