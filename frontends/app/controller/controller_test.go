package controller_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/frontends/app/controller"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/cotuong-ai/cotuong/levels"
)

func TestPersonMovesComputerReplies(t *testing.T) {
	dir := t.TempDir()
	q := newQueue()
	c := controller.New(controller.Config{Dir: dir, Post: q.post, Engine: newFake(1, 0, 0).engine()})
	defer c.Close()
	assert.False(t, c.Thinking(), "the person (Red) opens")

	// Select the cannon on h2: its legal destinations are shown.
	assert.False(t, c.SelectSquare(sq("h2")))
	sel, targets := c.Selected()
	assert.Equal(t, sq("h2"), sel)
	// Counted by the rules from the start position: sideways i2 and g2..c2 (b2 holds Red's
	// other cannon), back h1 (h0 holds Red's horse), forward h3..h6 (h7 holds Black's cannon,
	// which cannot be taken without a screen), and h9, Black's horse, taken by jumping h7.
	var dests []string
	for _, m := range targets {
		dests = append(dests, m.To().String())
	}
	assert.ElementsMatch(t, []string{"i2", "g2", "f2", "e2", "d2", "c2", "h1", "h3", "h4", "h5", "h6", "h9"}, dests)

	// Move it to e2 (炮二平五): the computer starts thinking.
	assert.True(t, c.SelectSquare(sq("e2")))
	assert.True(t, c.Thinking())
	v := c.View()
	assert.Equal(t, "Computer is thinking…", v.Status)
	pumpUntil(t, c, q, 5*time.Second, func() bool { return !c.Thinking() })
	require.Len(t, c.Moves(), 2)
	assert.Equal(t, "h2e2", c.Moves()[0].UCI())

	require.NoError(t, c.Flush(), "saves are written in the background: wait for them")
	g, s := readSave(t, dir)
	assert.Equal(t, c.GameString(), g.String())
	assert.Equal(t, levels.Medium, s.Level)
	assert.Equal(t, xiangqi.Red, s.Human)
}
