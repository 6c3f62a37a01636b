package chess

import (
	"os"
	"strconv"
	"testing"

	"github.com/cotuong-ai/cotuong/internal/testkit/race"
	"github.com/cotuong-ai/cotuong/internal/testkit/reference"
	"github.com/stretchr/testify/require"
)

func TestPerftReference(t *testing.T) {
	rows, err := reference.Perft("chess", race.PerftMaxNodes)
	require.NoError(t, err)
	require.NotEmpty(t, rows)
	for _, r := range rows {
		p, err := ParseFEN(r.FEN)
		require.NoError(t, err, r.Name)
		require.Equal(t, r.Nodes, p.Perft(r.Depth), "%s depth %d", r.Name, r.Depth)
	}
}

// TestPerftDeep runs the reference rows above the unit-test cap, up to CHESS_PERFT_NODES leaf
// nodes (for example CHESS_PERFT_NODES=1000000000 runs startpos 6, kiwipete 5, pos3 7, pos4 6,
// pos5 5 and pos6 5 in well under a minute). It is skipped when the variable is unset.
func TestPerftDeep(t *testing.T) {
	env := os.Getenv("CHESS_PERFT_NODES")
	if env == "" {
		t.Skip("set CHESS_PERFT_NODES to a node cap to run the deep perft rows")
	}
	maxNodes, err := strconv.ParseUint(env, 10, 64)
	require.NoError(t, err)
	rows, err := reference.Perft("chess", maxNodes)
	require.NoError(t, err)
	for _, r := range rows {
		if r.Nodes <= race.PerftMaxNodes {
			continue
		}
		p, err := ParseFEN(r.FEN)
		require.NoError(t, err, r.Name)
		require.Equal(t, r.Nodes, p.Perft(r.Depth), "%s depth %d", r.Name, r.Depth)
		t.Logf("%s depth %d: %d nodes", r.Name, r.Depth, r.Nodes)
	}
}
