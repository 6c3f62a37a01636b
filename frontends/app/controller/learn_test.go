package controller_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/frontends/app/controller"
	"github.com/cotuong-ai/cotuong/frontends/app/render"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
)

// toBlunder opens learn from your mistakes on blunderGame (analysed at 20,000 nodes) and
// goes to Red's R9.8?? (a1b1, leaving the chariot to the cannon's C8+6: b7b1), showing the
// answer to the mistakes before it; it returns the number of mistakes.
func toBlunder(t *testing.T) (*controller.Controller, *queue, int) {
	t.Helper()
	c, q, _ := openGame(t, blunderGame, controller.LocalTeacher(), 20000)
	c.OpenReview(4)
	pump(t, c, q, c.AnalysisComplete)
	n := 0
	for _, m := range c.Review().Moves {
		if m.Judged && m.Side == 0 && m.Mark >= 2 { // Red's ? and ??
			n++
		}
	}
	tapAction(c, controller.ActLearn)
	for i := 1; ; i++ {
		v := c.View()
		require.Equal(t, fmt.Sprintf("Learn · mistake %d of %d", i, n), v.Status)
		if strings.HasPrefix(v.Detail, "2. R9.8??") {
			break
		}
		tapAction(c, controller.ActLearnShow)
		tapAction(c, controller.ActLearnNext)
	}
	return c, q, n
}

// Learn from your mistakes: the position before R9.8?? (the chariot on a1 again); the move
// played is refused, the analysis's best move accepted, and then the words say why R9.8 was
// bad; after the last mistake the review is shown again and the game is untouched.
func TestLearnFromMistakes(t *testing.T) {
	c, _, n := toBlunder(t)
	v := c.View()
	assert.Equal(t, "2. R9.8?? was played here: find a better move.", v.Detail)
	assert.Equal(t, "俥", v.Board[sq("a1")].Label, "the chariot is on a1 again: the position before the blunder")
	require.Len(t, v.Moves, 1, "the list holds the moves before the mistake")
	assert.Contains(t, v.Moves[0].Black, "H8+7")
	words := func() string { return strings.Join(c.View().Review.Words, " ") }
	play := func(from, to string) {
		t.Helper()
		c.SelectSquare(sq(from))
		c.SelectSquare(sq(to))
	}
	play("a1", "b1")
	assert.Contains(t, words(), "2. R9.8 俥九平八 is the move you played. Try another.")
	best := xiangqi.Move(c.Review().Moves[2].Best)
	play(best.From().String(), best.To().String())
	assert.Contains(t, words(), "Yes: 2. ")
	assert.Contains(t, words(), "Why 2. R9.8?? was bad: leaves the chariot hanging")
	for i := 0; i < n; i++ { // to the end
		if c.View().Bar[1].Label == "Finish" {
			break
		}
		tapAction(c, controller.ActLearnShow)
		tapAction(c, controller.ActLearnNext)
	}
	require.Equal(t, "Finish", c.View().Bar[1].Label)
	tapAction(c, controller.ActLearnShow)
	tapAction(c, controller.ActLearnNext)
	_, on := c.Reviewing()
	assert.True(t, on, "back in the review after the last one")
	assert.Equal(t, blunderGame, c.GameString(), "the game is not touched")
}

// A move that is not good enough is judged by the teacher's search (an event): R9.2 (a1h1)
// puts the chariot where the other cannon takes it (h7h1, over the cannon on h2), the same
// blunder on the other wing. After two such tries the better
// move is shown with its arrow, and why R9.8 was bad.
func TestLearnShowsTheAnswer(t *testing.T) {
	c, q, _ := toBlunder(t)
	words := func() string { return strings.Join(c.View().Review.Words, " ") }
	for i := 0; i < 2; i++ {
		c.SelectSquare(sq("a1"))
		c.SelectSquare(sq("h1"))
		assert.Contains(t, words(), "Judging 2. R9.2")
		pump(t, c, q, func() bool { return !strings.Contains(words(), "Judging") })
	}
	assert.Contains(t, words(), "2. R9.2 俥九平二 is not better either")
	assert.Contains(t, words(), "The better move: 2. ")
	assert.Contains(t, words(), "Why 2. R9.8?? was bad: ")
	v := c.View()
	require.NotEmpty(t, v.Arrows)
	assert.Equal(t, render.ArrowBetter, v.Arrows[0].Kind)
}

// The threats say what the opponent's best move does, with an arrow only for a real threat;
// the legend names the arrow's colour.
func TestThreatsInWordsAndNoArrowForNoThreat(t *testing.T) {
	c, q, _ := openGame(t, "startpos", controller.LocalTeacher(), 2000)
	c.SetThreats(true)
	pump(t, c, q, func() bool { return strings.HasPrefix(c.View().Detail, "No threat: ") })
	for _, a := range c.View().Arrows {
		assert.NotEqual(t, render.ArrowThreat, a.Kind, "no arrow when nothing is threatened")
	}
	c2, q2, _ := openGame(t, "startpos moves a0a1 h9g7 a1b1 a6a5", controller.LocalTeacher(), 2000)
	c2.SetThreats(true)
	pump(t, c2, q2, func() bool { return strings.HasPrefix(c2.View().Detail, "Threat (red): Black threatens ") })
	v := c2.View()
	assert.Contains(t, v.Detail, "taking your chariot")
	require.NotEmpty(t, v.Arrows)
	assert.Equal(t, render.ArrowThreat, v.Arrows[len(v.Arrows)-1].Kind)
}

// A tap on a move of the review's list shows that move without scrolling the list: the row
// stays under the finger (on a phone-sized frame whose list holds a few rows of a long game).
func TestReviewListStillUnderTheFinger(t *testing.T) {
	long := "startpos moves a3a4 a6a5 c3c4 c6c5 e3e4 e6e5 g3g4 g6g5 i3i4 i6i5 h0g2 h9g7 b0c2 b9c7 i0i1 i9i8 a0a1 a9a8"
	c, q, _ := openGame(t, long, &fakeTeacher{real: controller.LocalTeacher()}, 2000)
	c.OpenReview(2)
	pump(t, c, q, c.AnalysisComplete)
	u := &ui{t: t, c: c, r: render.NewRenderer(), w: 390, h: 700}
	l := u.layout()
	require.Greater(t, l.ListMaxScroll, 0, "the list scrolls")
	x := float64(l.List.Min.X + l.ListNumW + 20)
	y := float64(l.List.Min.Y + l.ListRowH/2 + 2)
	before := l.ListScroll
	target := l.Hit(x, y)
	require.Equal(t, render.TargetMoveList, target.Kind)
	u.tapAt(x, y)
	after := u.layout()
	assert.Equal(t, before, after.ListScroll, "the list did not move")
	assert.Equal(t, target, after.Hit(x, y), "the same move is under the finger")
	ply, _ := c.Reviewing()
	assert.NotEqual(t, 2, ply, "the tapped move is shown")
}
