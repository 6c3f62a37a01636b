package chess

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/nnue"
)

// TestDefaultNNUE: the shipped network is a weight file of this package's feature set
// (chess-psq-768-1, 768 inputs) that loads, and it judges as engines do: the start position
// is near equal (Stockfish 15.1 scores it +38 cp for White at depth 12), and a side a queen
// up (the start without Black's queen) is clearly ahead from both sides' point of view
// (Stockfish 15.1: about +700 cp for White to move, −675 for Black to move).
func TestDefaultNNUE(t *testing.T) {
	net, err := nnue.Load(bytes.NewReader(shippedNet), "", 0)
	require.NoError(t, err, "the embedded file in nnue's format")
	assert.Equal(t, NNUEName, net.FeatureSet)
	assert.Equal(t, NNUEInputs, net.Inputs)

	n, err := DefaultNNUE()
	require.NoError(t, err)
	assert.Equal(t, net.Hidden, n.Network().Hidden)
	start := Start()
	assert.InDelta(t, 0, n.Evaluate(&start), 100, "the start position")
	up, err := ParseFEN("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
	require.NoError(t, err)
	assert.Greater(t, n.Evaluate(&up), 400, "White to move, a queen up")
	up, err = ParseFEN("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1")
	require.NoError(t, err)
	assert.Less(t, n.Evaluate(&up), -400, "Black to move, a queen down")

	other, err := DefaultNNUE()
	require.NoError(t, err)
	assert.NotSame(t, n, other, "each caller gets its own evaluation")
	assert.Same(t, n.Network(), other.Network(), "of one shared network")
}
