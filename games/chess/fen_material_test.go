package chess

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestFENImpossibleMaterial: only pawns promote, one piece each (FIDE Laws 3.7.5), so a side
// has at most 8 pawns, and its queens, rooks, bishops and knights beyond 1, 2, 2, 2 are at most
// its missing pawns. The error names the side and a square of the surplus.
func TestFENImpossibleMaterial(t *testing.T) {
	for _, c := range []struct{ fen, side, square string }{
		{"4k3/8/8/8/P7/8/PPPPPPPP/4K3 w - - 0 1", "white", "a2"},            // 9 white pawns
		{"4k3/pppppppp/8/p7/8/8/8/4K3 b - - 0 1", "black", "a5"},            // 9 black pawns
		{"QQ2k3/8/8/8/8/8/PPPPPPPP/4K3 w - - 0 1", "white", "a8"},           // 2 queens, 8 pawns
		{"4k3/pppppppp/8/8/8/8/1PPPPPPP/RRRRKQQQ w - - 0 1", "white", "a1"}, // 4 extra, 1 missing pawn
		{"nnnkn3/ppppppp1/8/8/8/8/8/4K3 b - - 0 1", "black", "a8"},          // 2 extra knights, 1 missing pawn
	} {
		_, err := ParseFEN(c.fen)
		require.Error(t, err, c.fen)
		var fe *FENError
		require.True(t, errors.As(err, &fe))
		assert.Equal(t, "placement", fe.Field)
		assert.Equal(t, c.square, fe.Square.String(), c.fen)
		assert.Contains(t, err.Error(), c.side+" has", c.fen)
	}
	// Promoted material that the missing pawns allow parses.
	for _, fen := range []string{
		"4k3/8/8/8/8/8/PPPPP3/QQQQK3 w - - 0 1",                    // 3 extra queens, 3 missing pawns
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", // the initial set
		"4k3/8/8/8/8/8/8/NNNNKNNN w - - 0 1",                       // 5 extra knights, 8 missing pawns
	} {
		_, err := ParseFEN(fen)
		assert.NoError(t, err, fen)
	}
}
