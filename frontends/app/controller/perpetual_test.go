package controller_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/frontends/app/controller"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
)

// TestPerpetualChaseShown: the person (Red) chases Black's chariot with the cannon between
// the a- and b-files (shared/reference/repetition.tsv, R01); the ninth move repeats the
// position a third time and Red loses. The status, its second line and the dialog say the
// ruling in words, and the cannon's and the chariot's squares are marked.
func TestPerpetualChaseShown(t *testing.T) {
	dir := t.TempDir()
	g, err := xiangqi.ParseGame("fen 2bakabnr/9/r1n1c4/2p1p1p1p/PP7/9/4P1P1P/2C3NC1/9/1NBAKAB1R w - - 0 1 " +
		"moves c2a2 a7b7 a2b2 b7a7 b2a2 a7b7 a2b2 b7a7")
	require.NoError(t, err)
	require.NoError(t, (&controller.Store{Dir: dir}).Save(controller.Encode(g, controller.DefaultSettings())))
	c := controller.New(controller.Config{Dir: dir, Post: newQueue().post, Engine: newFake(5, 0, 0).engine()})
	defer c.Close()
	c.SelectSquare(sq("b2"))
	require.True(t, c.SelectSquare(sq("a2")))
	assert.False(t, c.Thinking())
	v := c.View()
	assert.Equal(t, "Black wins by perpetual chase — the computer wins", v.Status)
	const words = "Red loses: perpetual chase — the cannon on a2 attacked the black chariot on a7 with every move"
	assert.Equal(t, words, v.Detail)
	assert.Equal(t, []int{int(sq("a2")), int(sq("a7"))}, v.Perpetual)
	require.NotNil(t, v.Dialog)
	assert.Equal(t, "Black wins by perpetual chase", v.Dialog.Title)
	assert.Equal(t, []string{words + ".", "The computer wins. Undo takes back your last move."}, v.Dialog.Text)
}
