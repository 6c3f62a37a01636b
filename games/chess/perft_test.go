package chess

import (
	"testing"

	"github.com/cotuong-ai/cotuong/internal/reference"
	"github.com/stretchr/testify/require"
)

func TestPerftReference(t *testing.T) {
	rows, err := reference.Perft("chess", perftTestMaxNodes)
	require.NoError(t, err)
	require.NotEmpty(t, rows)
	for _, r := range rows {
		p, err := ParseFEN(r.FEN)
		require.NoError(t, err, r.Name)
		require.Equal(t, r.Nodes, p.Perft(r.Depth), "%s depth %d", r.Name, r.Depth)
	}
}
