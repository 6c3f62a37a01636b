package controller_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/engine"
	"github.com/cotuong-ai/cotuong/frontends/app/controller"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/cotuong-ai/cotuong/review"
)

// knownAnalysis is a hand-written analysis of blunderGame (scores from the side to move's
// view, as review's text form writes them): Red +0.20 at the start, Black −0.12 after R9+1
// (Red +0.12), Red +0.35 after H8+7, Black +8.70 after R9.8?? (Red −8.70), and Red mated in 3
// after C2+6 (Black mates in 3).
const knownAnalysis = `review 1 xiangqi 90000 network
cp 20 12 h2e2
cp -12 12 h7e7
cp 35 11 h2e2
cp 870 10 b7b1
mate -3 8
`

// TestReviewListScores: the review's move list shows each analysed move's score for Red
// (+ when Red stands better, as the words' "for Red" and the graph's labels), pawns with two
// decimals and a mate as "#-3" when Black mates in 3; the game's own list (outside the
// review) shows none, and a move the analysis has not reached has none.
func TestReviewListScores(t *testing.T) {
	g, err := xiangqi.ParseGame(blunderGame)
	require.NoError(t, err)
	a, err := review.Parse([]byte(knownAnalysis), engine.XiangqiGame(g))
	require.NoError(t, err)
	st := &memStorage{save: controller.EncodeWith(g, controller.DefaultSettings(), controller.Extra{Analysis: a})}
	c := controller.New(controller.Config{Storage: st, Post: newQueue().post, Engine: newFake(1, 0, 0).engine(),
		Teacher: &fakeTeacher{real: controller.LocalTeacher(), step: make(chan struct{})}})
	defer c.Close()
	require.True(t, c.AnalysisComplete())

	for _, row := range c.View().Moves {
		assert.Empty(t, row.RedScore+row.BlackScore, "no scores in the game's list")
	}
	c.OpenReview(2)
	v := c.View()
	require.Len(t, v.Moves, 2)
	got := [][2]string{{v.Moves[0].RedScore, v.Moves[0].BlackScore}, {v.Moves[1].RedScore, v.Moves[1].BlackScore}}
	assert.Equal(t, [][2]string{{"+0.12", "+0.35"}, {"-8.70", "#-3"}}, got)
	assert.Equal(t, "??", v.Moves[1].RedMark)
	require.NotNil(t, v.Review)
	assert.True(t, v.Review.Scores, "the list keeps room for the scores")
	assert.Equal(t, "+ Red better", v.Review.GraphAbove)
	assert.Equal(t, "- Black better", v.Review.GraphBelow)
}

// TestReviewListScoresPartial: an analysis of the first positions only scores the moves it
// reaches.
func TestReviewListScoresPartial(t *testing.T) {
	g, err := xiangqi.ParseGame(blunderGame)
	require.NoError(t, err)
	a, err := review.Parse([]byte("review 1 xiangqi 90000 network\ncp 20 12 h2e2\ncp -12 12 h7e7\n"), engine.XiangqiGame(g))
	require.NoError(t, err)
	st := &memStorage{save: controller.EncodeWith(g, controller.DefaultSettings(), controller.Extra{Analysis: a})}
	ft := &fakeTeacher{real: controller.LocalTeacher(), step: make(chan struct{})}
	c := controller.New(controller.Config{Storage: st, Post: newQueue().post, Engine: newFake(1, 0, 0).engine(), Teacher: ft})
	defer c.Close()
	c.OpenReview(1)
	v := c.View()
	require.Len(t, v.Moves, 2)
	assert.Equal(t, "+0.12", v.Moves[0].RedScore)
	assert.Empty(t, v.Moves[0].BlackScore+v.Moves[1].RedScore+v.Moves[1].BlackScore)
	assert.True(t, v.Review.Scores, "room kept before the scores arrive")
}

// TestReviewNumbersFromAPosition: a game set up from a position (Black to move, full move 12)
// is numbered on from its FEN in the status and the progress: Black's first move is "12…",
// the last "13…", and "of 13" names the last move's number, not the count of moves.
func TestReviewNumbersFromAPosition(t *testing.T) {
	const game = "fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 0 12 moves h9g7 h0g2 b9c7"
	ft := &fakeTeacher{real: controller.LocalTeacher(), step: make(chan struct{})}
	c, q, _ := openGame(t, game, ft, 2000)
	c.OpenReview(1)
	pump(t, c, q, func() bool { _, _, i, _ := c.Analysis(); return i == 1 })
	assert.Equal(t, "Analysing move 12… of 13", c.View().Detail)
	ft.step <- struct{}{}
	pump(t, c, q, func() bool { _, _, i, _ := c.Analysis(); return i == 2 })
	assert.Equal(t, "Analysing move 13 of 13", c.View().Detail)
	assert.Equal(t, "Review · move 12… of 13", c.View().Status)
	c.ReviewGo(3)
	assert.Equal(t, "Review · move 13… of 13", c.View().Status)
	c.ReviewGo(0)
	assert.Equal(t, "Review · start · 2 moves", c.View().Status, "the start counts the full moves played")
}
