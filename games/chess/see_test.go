package chess

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSEE checks static exchanges worked out by hand (the first after the Chess Programming
// Wiki's SEE example), with pawn 100, rook 500, queen 950: each case is the exact exchange
// value v, so SEE(m, v) holds and SEE(m, v+1) does not.
func TestSEE(t *testing.T) {
	for _, c := range []struct {
		name, fen, move string
		want            int
	}{
		{"undefended pawn", "1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1", "e1e5", 100},
		{"queen takes a defended pawn", "4k3/8/3p4/4p3/8/8/8/4Q1K1 w - - 0 1", "e1e5", 100 - 950},
		{"doubled rooks: the x-ray wins the pawn", "4r1k1/8/8/4p3/8/8/4R3/4R1K1 w - - 0 1", "e2e5", 100},
		{"a single rook against a defended pawn", "4r1k1/8/8/4p3/8/8/8/4R1K1 w - - 0 1", "e1e5", 100 - 500},
		{"en passant", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", 100},
		{"a quiet rook move to a pawn-attacked square", "k7/8/3p4/8/8/8/8/4RK2 w - - 0 1", "e1e5", -500},
	} {
		p, err := ParseFEN(c.fen)
		require.NoError(t, err, c.name)
		m, err := p.ParseMove(c.move)
		require.NoError(t, err, c.name)
		assert.True(t, p.SEE(m, c.want), "%s: SEE >= %d", c.name, c.want)
		assert.False(t, p.SEE(m, c.want+1), "%s: SEE < %d", c.name, c.want+1)
	}
}
