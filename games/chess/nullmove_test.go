package chess

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestNullMove checks that passing gives the position whose FEN has the other side to move and
// no en passant square: same Zobrist key as that FEN parsed from scratch, same FEN.
func TestNullMove(t *testing.T) {
	for _, c := range []struct{ fen, want string }{
		{StartFEN, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 1 1"},
		// After 1.e4 d5 2.e5 f5: en passant on f6 is legal for White; the pass forfeits it.
		{"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
			"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR b KQkq - 1 3"},
		{"r3k2r/8/8/8/8/8/8/R3K2R b Kq - 7 40", "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 8 41"},
	} {
		p, err := ParseFEN(c.fen)
		require.NoError(t, err, c.fen)
		want, err := ParseFEN(c.want)
		require.NoError(t, err, c.want)
		var child Position
		p.NullMove(&child)
		assert.Equal(t, want.Hash(), child.Hash(), c.fen)
		assert.Equal(t, child.computeHash(), child.Hash(), c.fen)
		assert.Equal(t, c.want, child.FEN(), c.fen)
		assert.Equal(t, c.fen, p.FEN(), "receiver unchanged")
	}
}

func TestHasNonPawnMaterial(t *testing.T) {
	for fen, want := range map[string]bool{
		StartFEN:                                 true,
		"4k3/pppp4/8/8/8/8/4PPPP/4K3 w - - 0 1":  false,
		"4k3/pppp4/8/8/8/8/4PPPP/4KN2 b - - 0 1": false, // Black to move has king and pawns
		"4k3/pppp4/8/8/8/8/4PPPP/4KN2 w - - 0 1": true,
		"4kq2/8/8/8/8/8/8/4K3 b - - 0 1":         true,
	} {
		p, err := ParseFEN(fen)
		require.NoError(t, err, fen)
		assert.Equal(t, want, p.HasNonPawnMaterial(), fen)
	}
}
