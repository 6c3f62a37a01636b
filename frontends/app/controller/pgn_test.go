package controller_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/frontends/app/controller"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/cotuong-ai/cotuong/review"
)

// TestPGNRoundTrip: Records → Export PGN hands the game's PGN to the clipboard; Import PGN takes
// it back in (asking first, as a game is in progress, and Cancel keeps that game) and the game
// is the exported one, moves and all.
func TestPGNRoundTrip(t *testing.T) {
	q := newQueue()
	cb := &fakeClipboard{post: q.post}
	c := controller.New(controller.Config{Post: q.post, Engine: newFake(4, 0, 0).engine(), Clipboard: cb})
	defer c.Close()
	c.NewGameWith(true, controller.NoHandicap)
	play(t, c, "h2", "e2")
	play(t, c, "h9", "g7")
	play(t, c, "h0", "g2")
	exported := c.GameString()

	tapAction(c, controller.ActMenu)
	tapAction(c, controller.ActRecords)
	tapAction(c, controller.ActExportPGN)
	drain(c, q)
	assert.Equal(t, "The PGN was copied to the clipboard.", c.Toast())
	assert.Contains(t, cb.text, `[Variant "Xiangqi"]`)
	assert.Contains(t, cb.text, "1. Che3")

	play(t, c, "i9", "h9")
	inProgress := c.GameString()
	tapAction(c, controller.ActMenu)
	tapAction(c, controller.ActRecords)
	tapAction(c, controller.ActImportPGN)
	drain(c, q)
	d := c.View().Dialog
	require.NotNil(t, d)
	assert.Equal(t, "Play the imported game?", d.Title)
	tapAction(c, controller.ActClose)
	assert.Equal(t, inProgress, c.GameString(), "Cancel keeps the game in progress")

	tapAction(c, controller.ActMenu)
	tapAction(c, controller.ActRecords)
	tapAction(c, controller.ActImportPGN)
	drain(c, q)
	tapAction(c, controller.ActYesPGN)
	assert.Equal(t, exported, c.GameString(), "the round trip keeps the game")
	assert.Len(t, c.Moves(), 3)
}

// TestPGNImportError: a record with an illegal move is refused with the move's number, its
// text and the rules' reason; the game is untouched.
func TestPGNImportError(t *testing.T) {
	q := newQueue()
	cb := &fakeClipboard{post: q.post}
	c := controller.New(controller.Config{Post: q.post, Engine: newFake(4, 0, 0).engine(), Clipboard: cb})
	defer c.Close()
	c.NewGameWith(true, controller.NoHandicap)
	play(t, c, "h2", "e2")
	before := c.GameString()
	cb.text = "[Event \"x\"]\n[Variant \"Xiangqi\"]\n\n1. Che3 Hg8 2. b0d1 *\n"
	tapAction(c, controller.ActMenu)
	tapAction(c, controller.ActRecords)
	tapAction(c, controller.ActImportPGN)
	drain(c, q)
	d := c.View().Dialog
	require.NotNil(t, d)
	text := strings.Join(d.Text, " ")
	assert.Contains(t, text, "b0d1")
	assert.Contains(t, text, "move 2")
	assert.Contains(t, text, "leg")
	assert.Equal(t, before, c.GameString())
	assert.Error(t, c.ImportPGN("1. Cxe10 *"))
	assert.Equal(t, before, c.GameString())
}

// TestPGNPlayersAndReviewMarks: the export names Red's player in the White tag and Black's in
// the Black tag (pychess-variants' dialect; no Red tag), and a reviewed game carries the
// review's marks as glyphs ($4 for ??, the PGN Standard's "very poor move") and its words as
// comments, as lichess's annotated export does; the export reads back as the same game.
func TestPGNPlayersAndReviewMarks(t *testing.T) {
	c, q, _ := openGame(t, blunderGame, controller.LocalTeacher(), 20000)
	text := c.PGN()
	assert.Contains(t, text, "[White \"You\"]\n[Black \"Computer (")
	assert.NotContains(t, text, "[Red ")
	assert.NotContains(t, text, "$", "no marks before the review")
	c.OpenReview(3)
	pump(t, c, q, c.AnalysisComplete)
	text = c.PGN()
	flat := strings.Join(strings.Fields(text), " ")
	assert.Contains(t, flat, "2. Rb2 $4 {R9.8?? leaves the chariot hanging")
	marked := 0
	for _, m := range c.Review().Moves {
		if m.Mark != review.Good {
			marked++
		}
	}
	assert.Equal(t, marked, strings.Count(text, "$"), "a glyph for each marked move: %s", text)
	g, err := xiangqi.NewPGNReader(strings.NewReader(text)).Next()
	require.NoError(t, err)
	assert.Equal(t, c.GameString(), g.Game.String())
	assert.Equal(t, []int{4}, g.Annotations[3].NAGs)
}
