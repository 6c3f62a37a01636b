package xiangqi

import (
	"context"
	"testing"

	"github.com/cotuong-ai/cotuong/gamesearch"
	"github.com/cotuong-ai/cotuong/internal/testkit/benchutil"
)

// searchBenchFENs are the positions of BenchmarkSearchDepth: the start position, the bench
// middlegame of the depth table and two positions from games between the engine and
// Fairy-Stockfish.
var searchBenchFENs = []string{
	StartFEN,
	"r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
	"r1bakabr1/9/1cn4cn/p1p1p1p1p/9/2P6/P3P1P1P/1C2C1N2/9/RNBAKAB1R b - - 0 1",
	"2bak4/4a4/4b1n2/p3N3p/2p6/4C4/P3P3P/4B4/4A4/2BAK4 w - - 0 1",
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
