package controller_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/frontends/app/controller"
	"github.com/cotuong-ai/cotuong/frontends/app/render"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
)

// TestBack: Back closes the help screen, then the menu-opened dialogs, then a selection, and
// otherwise does nothing: the game is never touched.
func TestBack(t *testing.T) {
	dir := t.TempDir()
	q := newQueue()
	c := controller.New(controller.Config{Dir: dir, Post: q.post, Engine: newFake(3, 0, 0).engine()})
	defer c.Close()
	c.SelectSquare(sq("h2"))
	require.True(t, c.SelectSquare(sq("e2")))
	pumpUntil(t, c, q, 5*time.Second, func() bool { return !c.Thinking() })
	game := c.GameString()

	assert.False(t, c.Back(), "nothing open: Back does nothing")
	c.Tap(render.Target{Kind: render.TargetButton, Action: controller.ActMenu})
	require.NotNil(t, c.View().Dialog)
	c.Tap(render.Target{Kind: render.TargetButton, Action: controller.ActHelp})
	require.Equal(t, "How to play", c.View().Dialog.Title)
	assert.True(t, c.Back())
	assert.Nil(t, c.View().Dialog, "Back closes help")

	c.Tap(render.Target{Kind: render.TargetButton, Action: controller.ActMenu})
	assert.True(t, c.Back())
	assert.Nil(t, c.View().Dialog, "Back closes the menu")

	c.SelectSquare(sq("a0"))
	sel, _ := c.Selected()
	require.Equal(t, sq("a0"), sel)
	assert.True(t, c.Back())
	sel, _ = c.Selected()
	assert.Equal(t, xiangqi.NoSquare, sel, "Back clears the selection")

	assert.False(t, c.Back())
	assert.Equal(t, game, c.GameString(), "Back never changes the game")

	// Vietnamese labels also switch the board's text (file digits, river) to that style.
	assert.False(t, c.View().Vietnamese)
	c.SetLabels(controller.VietnameseLabels)
	assert.True(t, c.View().Vietnamese)
	assert.False(t, c.Paused())
}
