package levels_test

import (
	"context"
	"testing"

	"github.com/cotuong-ai/cotuong/games/chess"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/cotuong-ai/cotuong/gamesearch"
	"github.com/cotuong-ai/cotuong/levels"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// capNodes bounds the search of every level below full strength: the calibration's 28 000
// xiangqi nodes a move (about 100 ms of the peer's search, 30-50 ms of ours), so that the caps
// and not the clock decide a capped level's move both there and in the app. The node limit
// is polled, so a search may pass it by a few nodes.
const capNodes = 28_000 + 200

// Every level below full strength stops at its caps within capNodes nodes, from the start
// positions and from middlegames of both games (xiangqi after a common opening, chess in the
// Ruy Lopez). Counting nodes makes the check independent of the machine's speed and load.
func TestCapsBindBeforeTheClock(t *testing.T) {
	xq := []string{xiangqi.StartFEN,
		"r1bakabr1/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN1C1N2/9/R1BAKAB1R w - - 0 1",
		"2bakab2/9/2n1c1n2/p1p1p1p1p/4r4/2P6/P3P1P1P/2N1C1N2/4A4/2B1KAB1R w - - 0 1"}
	ch := []string{chess.StartFEN,
		"r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4",
		"r2q1rk1/pp2bppp/2np1n2/2p1p3/4P1b1/2PP1N2/PPBN1PPP/R1BQ1RK1 w - - 0 9"}
	for _, l := range levels.All() {
		if l.Full() {
			continue
		}
		require.Positive(t, l.Depth, "%s has a depth cap", l.Name)
		lim := l.Limits()
		lim.Time = 0
		for _, fen := range xq {
			p, err := xiangqi.ParseFEN(fen)
			require.NoError(t, err)
			r := xiangqi.NewSearcher(gamesearch.Options[xiangqi.Move]{HashMiB: 1}).Search(context.Background(), p, nil, lim)
			assert.LessOrEqual(t, r.Nodes, int64(capNodes), "%s, xiangqi %s: depth %d", l.Name, fen, r.Depth)
		}
		for _, fen := range ch {
			p, err := chess.ParseFEN(fen)
			require.NoError(t, err)
			r := chess.NewSearcher(gamesearch.Options[chess.Move]{HashMiB: 1}).Search(context.Background(), p, nil, lim)
			assert.LessOrEqual(t, r.Nodes, int64(capNodes), "%s, chess %s: depth %d", l.Name, fen, r.Depth)
		}
	}
}
