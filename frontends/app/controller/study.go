package controller

import (
	"github.com/cotuong-ai/cotuong/frontends/app/render"
	"github.com/cotuong-ai/cotuong/games/xiangqi/lessons"
)

// studyState is what the rules lesson and the puzzles keep between visits: the chapters, the
// puzzle set and its choice, and the lesson step a refused move's "Why?" opens. The game is
// not touched while a lesson or a puzzle is shown: leaving (Done, Back) shows it again as it
// was, and its computer's search waits.
type studyState struct {
	chapters []lessons.Chapter // the lesson's chapters, read once
	puzzleChoice
	why     string // the step id the toast's "Why?" opens ("" when the toast has none)
	whyText string // the refusal it explains
}

// The lesson's and the puzzles' actions.
const (
	ActLessons     render.Action = "lessons"      // the lesson's chapter list
	ActChapterPref render.Action = "chapter:"     // followed by the chapter's number
	ActWhy         render.Action = "why"          // the step that explains the toast's refusal
	ActCheck       render.Action = "check"        // check the lesson's taps
	ActRetry       render.Action = "retry"        // clear them
	ActNextStep    render.Action = "next-step"    // the lesson's next step
	ActStudyDone   render.Action = "study-done"   // back to the game
	ActPuzzles     render.Action = "puzzles"      // the puzzles' dialog
	ActNextPuzzle  render.Action = "next-puzzle"  // the next unsolved puzzle of the choice
	ActTheme       render.Action = "theme"        // the next theme of the choice
	ActDifficulty  render.Action = "difficulty"   // the next difficulty of the choice
	ActPuzzleHint  render.Action = "puzzle-hint"  // the solution's next move, as an arrow
	ActSolution    render.Action = "solution"     // show the solution
	ActSolPrev     render.Action = "sol-prev"     // its previous position
	ActSolNext     render.Action = "sol-next"     // its next position
	ActPuzzleRetry render.Action = "puzzle-retry" // the puzzle again from its start
)

// Studying reports whether the rules lesson ("lesson") or a puzzle ("puzzle") is shown
// instead of the game; "" when the game is.
func (c *Controller) Studying() string {
	switch {
	case c.lesson() != nil:
		return "lesson"
	case c.puzzle() != nil:
		return "puzzle"
	}
	return ""
}

// LeaveStudy shows the game again, as it was, when the lesson or a puzzle is shown.
func (c *Controller) LeaveStudy() {
	if c.Studying() != "" {
		c.showGame()
	}
}
