package xiangqi

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestDefaultNNUE: the shipped network loads and judges as engines do: the start position is
// near equal (Fairy-Stockfish 11.1 and Pikafish score it between 0 and +50 cp for Red), and
// a side a chariot up (the start without Black's a9 chariot) is clearly ahead, from both
// sides' point of view.
func TestDefaultNNUE(t *testing.T) {
	n, err := DefaultNNUE()
	require.NoError(t, err)
	assert.Equal(t, 128, n.Network().Hidden)
	start := Start()
	assert.InDelta(t, 0, n.Evaluate(&start), 100, "the start position")
	up, err := ParseFEN("1nbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1")
	require.NoError(t, err)
	assert.Greater(t, n.Evaluate(&up), 300, "Red to move, a chariot up")
	up, err = ParseFEN("1nbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1")
	require.NoError(t, err)
	assert.Less(t, n.Evaluate(&up), -300, "Black to move, a chariot down")
}
