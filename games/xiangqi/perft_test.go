package xiangqi

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/internal/reference"
)

// TestPerftReference checks every xiangqi row of the reference perft table up to
// perftMaxNodes leaves (counts agreed by Fairy-Stockfish and published tables).
func TestPerftReference(t *testing.T) {
	rows, err := reference.Perft("xiangqi", perftMaxNodes)
	require.NoError(t, err)
	require.NotEmpty(t, rows)
	for _, r := range rows {
		p, err := ParseFEN(r.FEN)
		require.NoError(t, err, r.Name)
		require.Equal(t, r.Nodes, p.Perft(r.Depth), "%s depth %d (%s)", r.Name, r.Depth, r.FEN)
	}
}
