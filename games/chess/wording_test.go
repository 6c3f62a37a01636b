package chess

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMoveErrorWording: malformed text is called neither a coordinate move nor SAN, an
// illegal move gets the rule's reason, and ParseGame names the move once with one prefix.
func TestMoveErrorWording(t *testing.T) {
	p := Start()
	_, err := p.ParseMove("zz99")
	assert.Equal(t, `chess: move "zz99": neither a coordinate move (UCI e2e4, e7e8q) nor SAN (e4, Nf3, exd5, e8=Q, O-O)`, err.Error())
	_, err = p.ParseMove("e2e5")
	var me *MoveError
	require.True(t, errors.As(err, &me))
	assert.Equal(t, `"e2e5": `+me.Reason, me.Describe())
	assert.Equal(t, "chess: move "+me.Describe(), err.Error())

	_, err = ParseGame("startpos moves e2e4 e7e5 e1e3")
	require.Error(t, err)
	assert.Equal(t, `chess: game: move 3 "e1e3": `+reasonOf(t, "startpos moves e2e4 e7e5", "e1e3"), err.Error())
	require.True(t, errors.As(err, &me))
	assert.Equal(t, "e1e3", me.Move)
}

func reasonOf(t *testing.T, game, move string) string {
	t.Helper()
	g, err := ParseGame(game)
	require.NoError(t, err)
	pos := g.Position()
	_, err = pos.ParseMove(move)
	var me *MoveError
	require.True(t, errors.As(err, &me))
	return me.Reason
}
