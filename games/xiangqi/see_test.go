package xiangqi

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSEE checks static exchanges worked out by hand from the WXF movement rules, with the
// values soldier 100, horse 400, chariot 900: each case is the exact exchange value v, so
// SEE(m, v) holds and SEE(m, v+1) does not.
func TestSEE(t *testing.T) {
	for _, c := range []struct {
		name, fen, move string
		want            int
	}{
		{"undefended soldier", "3k5/9/9/9/p8/9/9/9/9/R3K4 w - - 0 1", "a0a5", 100},
		{"a cannon recaptures over a screen", "c2k5/9/n8/9/p8/9/9/9/9/R3K4 w - - 0 1", "a0a5", 100 - 900},
		{"the capturing chariot was the cannon's only screen", "c2k5/9/R8/9/p8/9/9/9/9/4K4 w - - 0 1", "a7a5", 100},
		{"a horse recaptures, its leg free", "3k5/9/1n7/9/2p6/9/9/9/9/2R1K4 w - - 0 1", "c0c5", 100 - 900},
		{"the horse's leg is blocked", "3k5/9/1n7/1n7/2p6/9/9/9/9/2R1K4 w - - 0 1", "c0c5", 100},
		{"an elephant recaptures, its eye free", "3k5/9/4b4/9/2p6/9/9/9/9/2R1K4 w - - 0 1", "c0c5", 100 - 900},
		{"the elephant's eye is blocked", "3k5/9/4b4/3n5/2p6/9/9/9/9/2R1K4 w - - 0 1", "c0c5", 100},
		{"doubled chariots win the soldier", "r2k5/9/9/9/p8/9/9/9/R8/R3K4 w - - 0 1", "a1a5", 100},
		{"a quiet move to an attacked point", "3k5/9/1n7/9/9/9/9/9/9/2R1K4 w - - 0 1", "c0c5", -900},
		{"a quiet move to a safe point", "3k5/9/9/9/9/9/9/9/9/2R1K4 w - - 0 1", "c0c5", 0},
	} {
		p, err := ParseFEN(c.fen)
		require.NoError(t, err, c.name)
		m, err := p.ParseMove(c.move)
		require.NoError(t, err, c.name)
		require.True(t, p.IsLegal(m), c.name)
		assert.True(t, p.SEE(m, c.want), "%s: SEE >= %d", c.name, c.want)
		assert.False(t, p.SEE(m, c.want+1), "%s: SEE < %d", c.name, c.want+1)
	}
}
