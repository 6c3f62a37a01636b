package xiangqi

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestNullMove checks that passing gives the position whose FEN has the other side to move:
// same Zobrist key as that FEN parsed from scratch, same FEN, receiver unchanged.
func TestNullMove(t *testing.T) {
	for _, c := range []struct{ fen, want string }{
		{StartFEN, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 1 1"},
		{"3k5/9/9/9/9/9/9/9/4A4/4K4 b - - 10 30", "3k5/9/9/9/9/9/9/9/4A4/4K4 w - - 11 31"},
		{"r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN3NC1/9/R1BAKAB1R w - - 4 3",
			"r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN3NC1/9/R1BAKAB1R b - - 5 3"},
	} {
		p, err := ParseFEN(c.fen)
		require.NoError(t, err, c.fen)
		want, err := ParseFEN(c.want)
		require.NoError(t, err, c.want)
		var child Position
		p.NullMove(&child)
		assert.Equal(t, want.Hash(), child.Hash(), c.fen)
		assert.Equal(t, c.want, child.FEN(), c.fen)
		assert.Equal(t, want.SideToMove(), child.SideToMove(), c.fen)
		assert.Equal(t, want.Evaluate(), child.Evaluate(), c.fen)
		assert.Equal(t, c.fen, p.FEN(), "receiver unchanged")
	}
}

func TestHasNonPawnMaterial(t *testing.T) {
	for fen, want := range map[string]bool{
		StartFEN: true,
		"3ak4/4a4/4b4/9/9/9/4P4/9/4A4/3K5 w - - 0 1": false, // general, advisor, soldier
		"3ak4/4a4/4b4/9/9/9/4P4/9/4A4/3K5 b - - 0 1": false,
		"3ak4/4a4/4b4/9/9/9/4P4/9/4C4/3K5 w - - 0 1": true,  // a cannon
		"3akr3/4a4/9/9/9/9/9/9/9/3K5 b - - 0 1":      true,  // a chariot
		"3ak4/4a4/9/9/9/9/9/9/5n3/3K5 w - - 0 1":     false, // only Black has a horse
	} {
		p, err := ParseFEN(fen)
		require.NoError(t, err, fen)
		assert.Equal(t, want, p.HasNonPawnMaterial(), fen)
	}
}
