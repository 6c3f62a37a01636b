package xiangqi

import (
	"flag"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/gamesearch"
	"github.com/cotuong-ai/cotuong/internal/testkit/race"
	"github.com/cotuong-ai/cotuong/internal/testkit/reference"
)

var perftNodesFlag = flag.Uint64("xiangqi.perftnodes", 0,
	"run the reference perft rows with at most this many leaves (default: 5M, or 500k under -race); e.g. 200000000 for every depth-5 row")

// TestPerftReference checks every xiangqi row of the reference perft table up to
// race.PerftMaxNodes leaves (counts agreed by Fairy-Stockfish and published tables). Deeper
// rows run with -xiangqi.perftnodes=N and in BenchmarkPerftStart.
func TestPerftReference(t *testing.T) {
	limit := uint64(race.PerftMaxNodes)
	if *perftNodesFlag != 0 {
		limit = *perftNodesFlag
	}
	rows, err := reference.Perft("xiangqi", limit)
	require.NoError(t, err)
	require.NotEmpty(t, rows)
	for _, r := range rows {
		p, err := ParseFEN(r.FEN)
		require.NoError(t, err, r.Name)
		require.Equal(t, r.Nodes, p.Perft(r.Depth), "%s depth %d (%s)", r.Name, r.Depth, r.FEN)
	}
}

// TestDivide: the divide counts sum to perft and follow LegalMoves order.
func TestDivide(t *testing.T) {
	p := Start()
	d := p.Divide(3)
	moves := p.LegalMoves(nil)
	require.Len(t, d, len(moves))
	var sum uint64
	for i, e := range d {
		require.Equal(t, moves[i], e.Move)
		c := p.Play(e.Move)
		require.Equal(t, c.Perft(2), e.Nodes)
		sum += e.Nodes
	}
	require.Equal(t, uint64(79666), sum) // reference startpos depth 3
	require.Equal(t, uint64(1), p.Perft(0))
	require.Nil(t, p.Divide(0))
	// The generic perft of the search package walks the same tree through the contract.
	require.Equal(t, uint64(79666), gamesearch.Perft[Position, *Position, Move](p, 3))
}
