package xiangqi

import (
	"testing"

	"github.com/cotuong-ai/cotuong/gamesearch"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPieceToKeys: along a playout, every legal move's continuation-history key is in
// [0, gamesearch.PieceToKeys), and two moves share a key only when they move the same kind of
// piece of the same colour to the same square.
func TestPieceToKeys(t *testing.T) {
	pos := Start()
	for ply := 0; ply < 40; ply++ {
		moves := pos.LegalMoves(nil)
		if len(moves) == 0 {
			break
		}
		seen := map[int]Move{}
		for _, m := range moves {
			k := pos.PieceTo(m)
			require.True(t, k >= 0 && k < gamesearch.PieceToKeys, "%v: key %d", m, k)
			if o, ok := seen[k]; ok {
				assert.Equal(t, o.To(), m.To(), "%v and %v share key %d", o, m, k)
				assert.Equal(t, pos.PieceAt(o.From()), pos.PieceAt(m.From()), "%v and %v share key %d", o, m, k)
			}
			seen[k] = m
		}
		var next Position
		pos.After(moves[(ply*7)%len(moves)], &next)
		pos = next
	}
}
