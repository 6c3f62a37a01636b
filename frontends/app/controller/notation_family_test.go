package controller_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/frontends/app/controller"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/cotuong-ai/cotuong/levels"
)

// TestMoveListOneNotationFamily: the move list writes WXF with Chinese for Chinese labels and
// Vietnamese alone for Vietnamese labels, where P and B name other pieces than in WXF. The
// texts are the rows of shared/reference/notation.tsv for h2e2 and, after it, h9g7.
func TestMoveListOneNotationFamily(t *testing.T) {
	events := make(chan any, 10)
	reply := func(_ context.Context, g *xiangqi.Game, _ levels.Level) (xiangqi.Move, bool) {
		pos := g.Position()
		m, err := pos.ParseMove("h9g7")
		return m, err == nil
	}
	c := controller.New(controller.Config{Dir: t.TempDir(), Post: func(ev any) { events <- ev }, Engine: reply})
	defer c.Close()
	c.SelectSquare(xiangqi.SquareAt(7, 2)) // the cannon on h2
	c.SelectSquare(xiangqi.SquareAt(4, 2)) // to e2
	require.True(t, c.Handle(<-events), "the computer's reply is applied")

	rows := c.View().Moves
	require.Len(t, rows, 1)
	assert.Equal(t, "C2.5  炮二平五", rows[0].Red)
	assert.Equal(t, "H8+7  馬8進7", rows[0].Black)

	c.SetLabels(controller.VietnameseLabels)
	rows = c.View().Moves
	require.Len(t, rows, 1)
	assert.Equal(t, "P2-5", rows[0].Red, "Vietnamese alone: no WXF C2.5 beside it")
	assert.Equal(t, "M8.7", rows[0].Black)
}
