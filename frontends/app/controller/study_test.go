package controller_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/engine"
	"github.com/cotuong-ai/cotuong/frontends/app/controller"
	"github.com/cotuong-ai/cotuong/frontends/app/render"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/cotuong-ai/cotuong/games/xiangqi/lessons"
	"github.com/cotuong-ai/cotuong/puzzles"
)

// marks returns the view's lesson marks by kind, as points ("e1").
func marks(v render.View) map[render.MarkKind][]string {
	out := map[render.MarkKind][]string{}
	for _, m := range v.Marks {
		out[m.Kind] = append(out[m.Kind], xiangqi.Square(m.Square).String())
	}
	for k := range out {
		slices.Sort(out[k])
	}
	return out
}

// TestLessonStepRightAndWrong: the menu opens the chapter list; a chapter opens its first step
// with its rule (naming the piece in Chinese and Vietnamese); taps are marked, Check marks
// the misses and the wrong taps apart; a right answer counts the step as done, in the save.
func TestLessonStepRightAndWrong(t *testing.T) {
	dir := t.TempDir()
	q := newQueue()
	c := controller.New(controller.Config{Dir: dir, Post: q.post, Engine: newFake(1, 0, 0).engine()})
	defer c.Close()
	before := c.GameString()
	tapAction(c, controller.ActMenu)
	tapAction(c, controller.ActLessons)
	d := c.View().Dialog
	require.NotNil(t, d)
	require.Equal(t, "Rules lesson", d.Title)
	chapters := lessons.Chapters()
	require.Len(t, d.Buttons, len(chapters)+1)
	horse := slices.IndexFunc(chapters, func(ch lessons.Chapter) bool { return ch.ID == "horse" })
	require.GreaterOrEqual(t, horse, 0)
	assert.Contains(t, d.Buttons[horse].Label, "馬")
	tapAction(c, d.Buttons[horse].Action)
	require.Equal(t, "lesson", c.Studying())
	step := chapters[horse].Steps[0]
	require.Equal(t, step.ID, c.LessonStep())
	v := c.View()
	require.NotNil(t, v.Review)
	assert.Contains(t, strings.Join(v.Review.Words, " "), step.Rule)
	answer, err := step.Answer()
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(answer), 2)

	// Wrong: one reachable point missed, one point it cannot reach tapped.
	wrong := "e5"
	for slices.Contains(answer, wrong) || wrong == step.Point {
		wrong = "a9"
	}
	require.NoError(t, c.TapLesson(append(slices.Clone(answer[1:]), wrong)...))
	assert.Len(t, marks(c.View())[render.MarkTapped], len(answer))
	tapAction(c, controller.ActCheck)
	m := marks(c.View())
	assert.Equal(t, []string{answer[0]}, m[render.MarkMissed])
	assert.Equal(t, []string{wrong}, m[render.MarkWrong])
	assert.Equal(t, answer[1:], m[render.MarkRight])
	assert.Empty(t, m[render.MarkTapped])
	assert.Equal(t, render.ToneAlert, c.View().Tone)
	assert.Empty(t, c.Settings().Lessons)
	// The wrong tap says the rule's reason (the rules package's words, Step.WhyNot).
	why, err := step.WhyNot(wrong)
	require.NoError(t, err)
	require.NotEmpty(t, why)
	assert.Contains(t, c.View().Review.Words, wrong+": "+why)

	// Right: Again clears the marks; every reachable point and no other.
	tapAction(c, controller.ActRetry)
	require.NoError(t, c.TapLesson(answer...))
	tapAction(c, controller.ActCheck)
	m = marks(c.View())
	assert.Equal(t, answer, m[render.MarkRight])
	assert.Empty(t, m[render.MarkMissed])
	assert.Empty(t, m[render.MarkWrong])
	assert.Equal(t, []string{step.ID}, c.Settings().Lessons)
	assert.Contains(t, c.View().Detail, "· 1 step done", "one step: no plural")
	require.NoError(t, c.Flush())
	_, set := readSave(t, dir)
	assert.Equal(t, []string{step.ID}, set.Lessons, "the progress is saved with the settings")

	tapAction(c, controller.ActNextStep)
	assert.Equal(t, chapters[horse].Steps[1].ID, c.LessonStep())
	tapAction(c, controller.ActStudyDone)
	assert.Equal(t, "", c.Studying())
	assert.Equal(t, before, c.GameString(), "the game is untouched")

	c2 := controller.New(controller.Config{Dir: dir, Post: q.post, Engine: newFake(1, 0, 0).engine()})
	defer c2.Close()
	assert.Equal(t, []string{step.ID}, c2.Settings().Lessons, "the progress is read back")
}

// TestWhyFromIllegalTap: a move the rules refuse is explained in the toast, which has a
// "Why?" button opening the lesson step Explain returns; Done goes back to the game as it was.
func TestWhyFromIllegalTap(t *testing.T) {
	q := newQueue()
	c := controller.New(controller.Config{Post: q.post, Engine: newFake(1, 0, 0).engine()})
	defer c.Close()
	c.SelectSquare(sq("b0"))
	assert.False(t, c.SelectSquare(sq("d1")), "the horse's leg c0 is blocked")
	assert.Contains(t, c.Toast(), "leg")
	pos := c.Position()
	_, err := pos.ParseMove("b0d1")
	_, want, ok := lessons.Explain(err)
	require.True(t, ok)
	require.Equal(t, want.ID, c.WhyStep())
	v := c.View()
	require.NotNil(t, v.ToastButton)
	assert.Equal(t, controller.ActWhy, v.ToastButton.Action)
	tapAction(c, controller.ActWhy)
	assert.Equal(t, "lesson", c.Studying())
	assert.Equal(t, want.ID, c.LessonStep())
	assert.Contains(t, strings.Join(c.View().Review.Words, " "), "leg")
	assert.True(t, c.Back())
	assert.Equal(t, "", c.Studying())
	assert.Equal(t, 0, len(c.Moves()))
	c.SelectSquare(sq("b0"))
	c.SelectSquare(sq("b1"))
	assert.Equal(t, "horse-1", c.WhyStep(), "a move that is no horse's move is explained by the horse's first step")
}

// longPuzzle returns the index of the first puzzle with a computer reply (three moves or
// more) of the shipped set.
func longPuzzle(t *testing.T) (int, puzzles.Puzzle) {
	set, err := puzzles.Load(engine.Xiangqi)
	require.NoError(t, err)
	for i, p := range set {
		if len(p.Solution) >= 3 {
			return i, p
		}
	}
	t.Fatal("no puzzle with a reply")
	return 0, puzzles.Puzzle{}
}

// wrongMove returns a legal move of the puzzle shown that Attempt.Play does not accept.
func wrongMove(t *testing.T, fen string, p puzzles.Puzzle, ply int) string {
	pos, err := xiangqi.ParseFEN(fen)
	require.NoError(t, err)
	for _, m := range pos.LegalMoves(nil) {
		a, err := p.Start()
		require.NoError(t, err)
		for _, u := range p.Solution[:ply] {
			_, err := a.Play(u)
			require.NoError(t, err)
		}
		if v, err := a.Play(m.UCI()); err == nil && !v.Correct {
			return m.UCI()
		}
	}
	t.Fatal("no wrong move")
	return ""
}

// TestPuzzleSolved: a puzzle is solved against the computer's replies (played on the board);
// a wrong move is refused and not played; the hint shows the next move; the solved puzzle
// and the streak (ended by the wrong move, grown by a clean solve) are saved.
func TestPuzzleSolved(t *testing.T) {
	dir := t.TempDir()
	q := newQueue()
	c := controller.New(controller.Config{Dir: dir, Post: q.post, Engine: newFake(1, 0, 0).engine()})
	defer c.Close()
	before := c.GameString()
	i, p := longPuzzle(t)
	require.True(t, c.OpenPuzzle(i))
	assert.Equal(t, "puzzle", c.Studying())
	assert.Contains(t, c.View().Status, p.Description())

	// A clean solve: the first move, the computer's reply, then the rest.
	v, err := c.PlayPuzzle(p.Solution[0])
	require.NoError(t, err)
	assert.True(t, v.Correct)
	assert.Equal(t, p.Solution[1], v.Reply, "the computer's reply is played")
	for k := 2; k < len(p.Solution); k += 2 {
		v, err = c.PlayPuzzle(p.Solution[k])
		require.NoError(t, err)
		require.True(t, v.Correct)
	}
	assert.True(t, c.PuzzleSolved())
	assert.Equal(t, 1, c.Settings().Streak)
	assert.Equal(t, []string{p.Seed}, c.Settings().Puzzles)

	// The moves played are listed as a game's are.
	assert.NotEmpty(t, c.View().Moves, "the puzzle's moves are listed")
	rated := c.Settings().Rating.PlayerRating()
	assert.Greater(t, rated.R, 1500.0, "a clean solve raises the rating")

	// Again: a wrong move is not played, fails the puzzle (the rating falls, the streak
	// ends) and shows its refutation; the hint shows the piece, then the move.
	tapAction(c, controller.ActPuzzleRetry)
	bad := wrongMove(t, p.FEN, p, 0)
	boardBefore := c.View().Board
	v, err = c.PlayPuzzle(bad)
	require.NoError(t, err)
	assert.False(t, v.Correct)
	assert.Equal(t, boardBefore, c.View().Board, "a wrong move is not played")
	words := strings.Join(c.View().Review.Words, " ")
	assert.Contains(t, words, "Wrong: ")
	assert.Contains(t, words, "counts as failed")
	if v.Refutation != "" {
		assert.Contains(t, words, " is met by ")
		require.Len(t, c.View().Arrows, 2, "the wrong move and its refutation")
		assert.Equal(t, render.ArrowThreat, c.View().Arrows[1].Kind)
	}
	assert.Less(t, c.Settings().Rating.PlayerRating().R, rated.R, "a failure lowers the rating")
	assert.Equal(t, 0, c.Settings().Streak)
	assert.Equal(t, 1, c.Settings().BestStreak)
	pos, _ := xiangqi.ParseFEN(p.FEN)
	m := mustMove(t, pos, p.Solution[0])
	tapAction(c, controller.ActPuzzleHint)
	assert.Empty(t, c.View().Arrows, "the first hint shows the piece, not the move")
	assert.Contains(t, c.View().Marks, render.BoardMark{Square: int(m.From()), Kind: render.MarkMissed})
	tapAction(c, controller.ActPuzzleHint)
	arrows := c.View().Arrows
	require.Len(t, arrows, 1)
	assert.Equal(t, render.Arrow{From: int(m.From()), To: int(m.To()), Kind: render.ArrowHint}, arrows[0])
	// By taps: the hinted move is played with the computer's reply shown as the last move.
	c.SelectSquare(m.From())
	assert.True(t, c.SelectSquare(m.To()))
	after := pos.Play(m)
	r := mustMove(t, after, p.Solution[1])
	assert.Equal(t, int(r.To()), c.View().LastTo, "the computer's reply is shown")

	// The solution is stepped through.
	tapAction(c, controller.ActSolution)
	assert.Contains(t, strings.Join(c.View().Review.Words, " "), fmt.Sprintf("find %d moves", p.Moves()))
	tapAction(c, controller.ActSolNext)
	assert.Equal(t, int(m.To()), c.View().LastTo)
	assert.Contains(t, strings.Join(c.View().Review.Words, " "), fmt.Sprintf("Move 1 of %d", p.Moves()), "moves, not plies")

	require.NoError(t, c.Flush())
	_, set := readSave(t, dir)
	assert.Equal(t, []string{p.Seed}, set.Puzzles)
	assert.Equal(t, 0, set.Streak)
	assert.Equal(t, 1, set.BestStreak)
	tapAction(c, controller.ActStudyDone)
	assert.Equal(t, before, c.GameString())
}

// TestNextPuzzleByTheme: the puzzles' dialog chooses a theme and a difficulty; Next puzzle
// opens an unsolved puzzle that fits them.
func TestNextPuzzleByTheme(t *testing.T) {
	q := newQueue()
	c := controller.New(controller.Config{Post: q.post, Engine: newFake(1, 0, 0).engine()})
	defer c.Close()
	tapAction(c, controller.ActMenu)
	tapAction(c, controller.ActPuzzles)
	require.Equal(t, "Puzzles", c.View().Dialog.Title)
	for range 5 { // any, any mate, mate in 1
		if strings.Contains(c.View().Dialog.Buttons[1].Label, "mate in 1") {
			break
		}
		tapAction(c, controller.ActTheme)
	}
	assert.Contains(t, c.View().Dialog.Buttons[1].Label, "mate in 1")
	tapAction(c, controller.ActNextPuzzle)
	p, ok := c.Puzzle()
	require.True(t, ok)
	assert.Equal(t, puzzles.MateIn(1), p.Theme)
	_, err := c.PlayPuzzle(p.Solution[0])
	require.NoError(t, err)
	require.True(t, c.PuzzleSolved())
	tapAction(c, controller.ActNextPuzzle)
	p2, _ := c.Puzzle()
	assert.NotEqual(t, p.Seed, p2.Seed, "the next puzzle is another, unsolved one")
	assert.Equal(t, puzzles.MateIn(1), p2.Theme)
}
