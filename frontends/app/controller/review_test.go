package controller_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/frontends/app/controller"
	"github.com/cotuong-ai/cotuong/frontends/app/font"
	"github.com/cotuong-ai/cotuong/frontends/app/render"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/cotuong-ai/cotuong/review"
)

// blunderGame is a short game with a planted blunder: Red's chariot goes to b1 (R9.8), where
// Black's cannon takes it at once by jumping its screen on b2.
const blunderGame = "startpos moves a0a1 h9g7 a1b1 b7b1"

// fakeTeacher is a Teacher whose analysis waits for the test to let each position through
// (step), and whose hint and threats answer at once with fixed moves.
type fakeTeacher struct {
	mu      sync.Mutex
	step    chan struct{} // one receive per position analysed; nil: no waiting
	hints   int
	threats int
	real    controller.Teacher
}

func (f *fakeTeacher) Analyze(ctx context.Context, g *xiangqi.Game, nodes int64, progress func(i, n int)) (*review.Analysis, error) {
	n := g.Len() + 1
	for i := 1; i <= n; i++ {
		progress(i, n)
		if f.step != nil {
			select {
			case <-f.step:
			case <-ctx.Done():
				return nil, ctx.Err()
			}
		}
	}
	return f.real.Analyze(ctx, g, 2000, nil)
}

func (f *fakeTeacher) Hint(ctx context.Context, g *xiangqi.Game) ([]xiangqi.Move, bool) {
	f.mu.Lock()
	f.hints++
	f.mu.Unlock()
	pos := g.Position()
	return []xiangqi.Move{pos.LegalMoves(nil)[0]}, true
}

func (f *fakeTeacher) Threats(ctx context.Context, g *xiangqi.Game) controller.Threat {
	f.mu.Lock()
	f.threats++
	f.mu.Unlock()
	return f.real.Threats(ctx, g)
}

// openGame starts a controller on a save holding game (the person plays Red) with teacher.
func openGame(t *testing.T, game string, teacher controller.Teacher, nodes int64) (*controller.Controller, *queue, *memStorage) {
	t.Helper()
	g, err := xiangqi.ParseGame(game)
	require.NoError(t, err)
	st := &memStorage{save: controller.Encode(g, controller.DefaultSettings())}
	q := newQueue()
	c := controller.New(controller.Config{Storage: st, Post: q.post, Engine: newFake(1, 0, 0).engine(), Teacher: teacher, AnalysisNodes: nodes})
	t.Cleanup(c.Close)
	return c, q, st
}

// pump delivers c's events until cond holds. Its bound is only a failure's: a real analysis
// under the race detector on a shared 2-core machine at a load of 20 took over a minute.
func pump(t *testing.T, c *controller.Controller, q *queue, cond func() bool) {
	t.Helper()
	pumpUntil(t, c, q, 5*time.Minute, cond)
}

func tapAction(c *controller.Controller, a render.Action) {
	c.Tap(render.Target{Kind: render.TargetButton, Action: a, Square: render.NoSquare})
}

func TestReviewNavigation(t *testing.T) {
	c, q, _ := openGame(t, blunderGame, &fakeTeacher{real: controller.LocalTeacher()}, 2000)
	before := c.GameString()
	tapAction(c, controller.ActMenu)
	tapAction(c, controller.ActReview)
	ply, on := c.Reviewing()
	require.True(t, on)
	assert.Equal(t, 4, ply, "the review opens at the game's position")
	tapAction(c, controller.ActPrev)
	tapAction(c, controller.ActPrev)
	ply, _ = c.Reviewing()
	assert.Equal(t, 2, ply)
	v := c.View()
	require.NotNil(t, v.Review)
	assert.Equal(t, "Review · move 1… of 2", v.Status)
	// The board shows the position after 2 moves: Red's chariot on a1, Black's cannon on b7.
	assert.NotEmpty(t, v.Board[sq("a1")].Label)
	assert.NotEmpty(t, v.Board[sq("b7")].Label)
	assert.Equal(t, int(sq("h9")), v.LastFrom, "the last move shown is h9g7")
	// A tap on the move list's 3rd move (row 1, Red's column) and on the graph.
	c.Tap(render.Target{Kind: render.TargetMoveList, Index: 2, Square: render.NoSquare})
	ply, _ = c.Reviewing()
	assert.Equal(t, 3, ply)
	assert.True(t, c.View().Moves[1].RedCurrent)
	c.Tap(render.Target{Kind: render.TargetGraph, Index: 1, Square: render.NoSquare})
	ply, _ = c.Reviewing()
	assert.Equal(t, 1, ply)
	// The ← and → keys (shell.Step) and the board: no move can be made in the review.
	c.ReviewStep(1)
	ply, _ = c.Reviewing()
	assert.Equal(t, 2, ply)
	assert.False(t, c.SelectSquare(sq("a1")))
	pump(t, c, q, func() bool { _, running, _, _ := c.Analysis(); return !running })
	// Leaving the review returns to the game as it was.
	tapAction(c, controller.ActDone)
	_, on = c.Reviewing()
	assert.False(t, on)
	assert.Equal(t, before, c.GameString())
	assert.Equal(t, int(sq("b1")), c.View().LastTo)
	// Back (Escape) leaves it too; ← outside the review opens it one move back.
	c.ReviewStep(-1)
	ply, on = c.Reviewing()
	assert.True(t, on)
	assert.Equal(t, 3, ply)
	assert.True(t, c.Back())
	_, on = c.Reviewing()
	assert.False(t, on)
}

func TestContinueFromHere(t *testing.T) {
	c, q, st := openGame(t, blunderGame, &fakeTeacher{real: controller.LocalTeacher()}, 2000)
	c.OpenReview(2)
	tapAction(c, controller.ActHere)
	d := c.View().Dialog
	require.NotNil(t, d, "a confirmation first")
	assert.Equal(t, "Continue from here?", d.Title)
	tapAction(c, controller.ActClose) // Cancel: nothing changes
	assert.Equal(t, blunderGame, c.GameString())
	tapAction(c, controller.ActHere)
	tapAction(c, controller.ActYesHere)
	assert.Equal(t, "startpos moves a0a1 h9g7", c.GameString())
	_, on := c.Reviewing()
	assert.False(t, on, "the review closes")
	require.NoError(t, c.Flush())
	g, _, err := controller.Decode(st.save)
	require.NoError(t, err)
	assert.Equal(t, "startpos moves a0a1 h9g7", g.String(), "saved")
	pump(t, c, q, func() bool { _, running, _, _ := c.Analysis(); return !running })
}

func TestContinueWithBetterLine(t *testing.T) {
	c, q, _ := openGame(t, blunderGame, controller.LocalTeacher(), 20000)
	c.OpenReview(3)
	pump(t, c, q, c.AnalysisComplete)
	require.True(t, c.ShowLine(), "the blunder has a better line")
	v := c.View()
	require.Len(t, v.Arrows, 1, "the line's first move as an arrow")
	assert.Equal(t, render.ArrowBetter, v.Arrows[0].Kind)
	tapAction(c, controller.ActNext)
	assert.Contains(t, c.View().Status, "Better line · step 1 of")
	tapAction(c, controller.ActHere)
	tapAction(c, controller.ActYesHere)
	moves := strings.Fields(c.GameString())
	require.Len(t, moves, 2+3, "two moves kept and the line's first")
	assert.NotEqual(t, "a1b1", moves[4])
}

func TestHintCount(t *testing.T) {
	ft := &fakeTeacher{real: controller.LocalTeacher()}
	c, q, st := openGame(t, "startpos", ft, 2000)
	assert.False(t, c.View().Bar[2].Disabled, "Hint on the person's turn")
	tapAction(c, controller.ActHint)
	pump(t, c, q, func() bool { return c.Hints() == 1 })
	v := c.View()
	require.Len(t, v.Arrows, 1)
	assert.Equal(t, render.ArrowHint, v.Arrows[0].Kind)
	assert.True(t, strings.HasPrefix(v.Detail, "Hint (blue): "), v.Detail)
	require.NoError(t, c.Flush())
	assert.Contains(t, string(st.save), "\nhints 1\n")
	// The hint goes with the position; the count stays with the game and is in the summary.
	pos := c.Position()
	m := pos.LegalMoves(nil)[5]
	c.SelectSquare(m.From())
	c.SelectSquare(m.To())
	assert.Empty(t, c.View().Arrows)
	assert.Equal(t, 1, c.Hints())
	c.NewGame()
	assert.Equal(t, 0, c.Hints(), "a new game starts with none")
}

func TestThreatsToggle(t *testing.T) {
	ft := &fakeTeacher{real: controller.LocalTeacher()}
	// Red to move with its chariot on b1 attacked by Black's cannon on b7 (screen b2).
	c, q, st := openGame(t, "startpos moves a0a1 h9g7 a1b1 a6a5", ft, 2000)
	assert.False(t, c.Settings().Threats, "off by default")
	assert.Empty(t, c.View().Threatened)
	tapAction(c, controller.ActMenu)
	tapAction(c, controller.ActThreats)
	assert.True(t, c.Settings().Threats)
	pump(t, c, q, func() bool { return len(c.View().Threatened) > 0 })
	v := c.View()
	assert.Contains(t, v.Threatened, int(sq("b1")), "the chariot is lost to the exchange")
	require.NotEmpty(t, v.Arrows)
	assert.Equal(t, render.ArrowThreat, v.Arrows[len(v.Arrows)-1].Kind)
	require.NoError(t, c.Flush())
	assert.Contains(t, string(st.save), "\nthreats on\n")
	c.SetThreats(false)
	assert.Empty(t, c.View().Threatened)
	assert.Empty(t, c.View().Arrows)
}

func TestAnalysisProgressAndCancel(t *testing.T) {
	ft := &fakeTeacher{real: controller.LocalTeacher(), step: make(chan struct{})}
	c, q, st := openGame(t, blunderGame, ft, 2000)
	c.OpenReview(4)
	ft.step <- struct{}{}
	pump(t, c, q, func() bool { _, _, i, _ := c.Analysis(); return i == 2 })
	v := c.View()
	// Before position 2, Black's first move (H8+7) is searched: "1…" as the move list numbers it.
	assert.Equal(t, "Analysing move 1… of 2", v.Detail)
	assert.Contains(t, v.Review.Words, "Analysing move 1… of 2")
	ft.step <- struct{}{}
	pump(t, c, q, func() bool { _, _, i, _ := c.Analysis(); return i == 3 })
	assert.Equal(t, "Analysing move 2 of 2", c.View().Detail, "Red's second move (R9.8)")
	// The board stays usable: leave the review and play while it runs.
	tapAction(c, controller.ActDone)
	pos := c.Position()
	m := pos.LegalMoves(nil)[0]
	c.SelectSquare(m.From())
	require.True(t, c.SelectSquare(m.To()))
	game := c.GameString()
	c.OpenReview(5)
	tapAction(c, controller.ActCancelAna)
	a, running, _, _ := c.Analysis()
	assert.False(t, running)
	assert.Nil(t, a, "nothing kept from a cancelled analysis")
	assert.Equal(t, game, c.GameString(), "the game is untouched")
	require.NoError(t, c.Flush())
	assert.NotContains(t, string(st.save), "analysis")
	// Again, to the end: the analysis of the game as it was when asked for.
	close(ft.step) // every position goes through at once
	tapAction(c, controller.ActAnalyse)
	pump(t, c, q, func() bool { _, running, _, _ := c.Analysis(); return !running })
	pump(t, c, q, func() bool { return len(q.events) == 0 && c.Thinking() == false })
	a, _, _, _ = c.Analysis()
	require.NotNil(t, a)
	assert.Len(t, a.Evals, 6, "the 5 moves' positions when it was asked for")
}

func TestAnalysisSavedAndRestored(t *testing.T) {
	c, q, st := openGame(t, blunderGame, controller.LocalTeacher(), 20000)
	c.OpenReview(3)
	pump(t, c, q, c.AnalysisComplete)
	v := c.View()
	// The blunder: ?? in the list, the better move as an arrow, the words.
	assert.Equal(t, "??", v.Moves[1].RedMark)
	require.Len(t, v.Arrows, 1)
	assert.Equal(t, render.ArrowBetter, v.Arrows[0].Kind)
	words := strings.Join(v.Review.Words, " ")
	assert.Contains(t, words, "A blunder (??): 2. R9.8?? leaves the chariot hanging")
	assert.Contains(t, words, "hanging")
	assert.Equal(t, "??", v.Review.Marks[3])
	require.NoError(t, c.Flush())
	save := string(st.save)
	require.Contains(t, save, "\nanalysis review 2 xiangqi 20000\n")
	c.Close()

	// Restored with the save: no analysis runs again.
	q2 := newQueue()
	ft := &fakeTeacher{real: controller.LocalTeacher(), step: make(chan struct{})}
	c2 := controller.New(controller.Config{Storage: st, Post: q2.post, Engine: newFake(1, 0, 0).engine(), Teacher: ft})
	defer c2.Close()
	require.True(t, c2.AnalysisComplete())
	c2.OpenReview(3)
	_, running, _, _ := c2.Analysis()
	assert.False(t, running, "not computed twice")
	assert.Equal(t, "??", c2.View().Moves[1].RedMark)
	require.NoError(t, c2.Flush())
	assert.Equal(t, save, string(st.save), "the save round-trips")
	// The summary.
	tapAction(c2, controller.ActSummary)
	d := c2.View().Dialog
	require.NotNil(t, d)
	assert.Equal(t, "Game summary", d.Title)
	assert.Contains(t, strings.Join(d.Text, "\n"), "Red (you): accuracy")
	assert.Contains(t, strings.Join(d.Text, "\n"), "1 blunder")
	assert.Contains(t, strings.Join(d.Text, "\n"), "Hints used: 0.")
	tapAction(c2, controller.ActSwing)
	ply, on := c2.Reviewing()
	assert.True(t, on)
	assert.Equal(t, 3, ply, "the biggest swing is the blunder")
}

func TestSaveRoundTripWithAnalysis(t *testing.T) {
	g, err := xiangqi.ParseGame(blunderGame)
	require.NoError(t, err)
	a, err := controller.LocalTeacher().Analyze(context.Background(), g, 3000, nil)
	require.NoError(t, err)
	set := controller.DefaultSettings()
	set.Threats = true
	data := controller.EncodeWith(g, set, controller.Extra{Analysis: a, Hints: 3})
	g2, set2, x, err := controller.DecodeWith(data)
	require.NoError(t, err)
	assert.Equal(t, g.String(), g2.String())
	assert.Equal(t, set, set2)
	assert.Equal(t, 3, x.Hints)
	require.NotNil(t, x.Analysis)
	assert.Equal(t, a.Evals, x.Analysis.Evals)
	assert.Equal(t, string(data), string(controller.EncodeWith(g2, set2, x)))

	// An old save, without the new lines, restores as before.
	old := "cotuong-xiangqi-save 1\ngame startpos moves h2e2 h9g7\nlevel Easy\nhuman black\nlabels chinese\nsound off\nend\n"
	g3, set3, x3, err := controller.DecodeWith([]byte(old))
	require.NoError(t, err)
	assert.Equal(t, "startpos moves h2e2 h9g7", g3.String())
	assert.False(t, set3.Threats)
	assert.Nil(t, x3.Analysis)
	assert.Zero(t, x3.Hints)
	// An analysis that does not fit the game is dropped, the game kept.
	bad := strings.Replace(string(data), "game "+blunderGame, "game startpos moves h2e2", 1)
	res := controller.LoadFrom(&memStorage{save: []byte(bad)}, nil)
	require.NoError(t, res.Problem)
	assert.Equal(t, "startpos moves h2e2", res.Game.String())
	assert.Nil(t, res.Analysis)
}

// TestReviewTextInTheFont: every character of the review's screens (the panel's words and
// buttons, the better line, the summary, the confirmation, the hint) in both label styles is
// in the embedded font.
func TestReviewTextInTheFont(t *testing.T) {
	c, q, _ := openGame(t, blunderGame, controller.LocalTeacher(), 20000)
	var all strings.Builder
	for _, labels := range []controller.Labels{controller.ChineseLabels, controller.VietnameseLabels} {
		c.SetLabels(labels)
		c.OpenReview(3)
		all.WriteString(viewText(c.View()))
		pump(t, c, q, c.AnalysisComplete)
		for p := 0; p <= 4; p++ {
			c.ReviewGo(p)
			all.WriteString(viewText(c.View()))
		}
		c.ReviewGo(3)
		require.True(t, c.ShowLine())
		c.ReviewStep(1)
		all.WriteString(viewText(c.View()))
		tapAction(c, controller.ActHere)
		all.WriteString(viewText(c.View()))
		c.Back()
		tapAction(c, controller.ActSummary)
		all.WriteString(viewText(c.View()))
		c.Back()
		c.LeaveReview()
		tapAction(c, controller.ActHint)
		pump(t, c, q, func() bool { return strings.HasPrefix(c.View().Detail, "Hint (blue): ") })
		all.WriteString(viewText(c.View()))
	}
	missing, err := font.Missing(font.Sans, all.String())
	require.NoError(t, err)
	assert.Empty(t, string(missing), "characters shown but missing from the embedded font")
}
