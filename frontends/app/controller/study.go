package controller

import (
	"strings"

	"github.com/cotuong-ai/cotuong/frontends/app/render"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
)

// studyKind is the screen that takes the board from the game: the rules lesson or a puzzle.
type studyKind uint8

const (
	studyNone studyKind = iota
	studyLesson
	studyPuzzle
)

// studyState is the lesson's and the puzzles' state. The game is not touched while either is
// shown: leaving (Done, Back) shows it again as it was, and its computer's search waits.
type studyState struct {
	kind studyKind
	lesson
	puzzle
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
	switch c.study.kind {
	case studyLesson:
		return "lesson"
	case studyPuzzle:
		return "puzzle"
	}
	return ""
}

// enterStudy shows the lesson or a puzzle: the game's search stops (it starts again on
// leaving), its selection is cleared and the review and the editor are left.
func (c *Controller) enterStudy(k studyKind) {
	if c.edit.on {
		c.LeaveEditor()
	}
	if c.teach.reviewing {
		c.LeaveReview()
	}
	c.stopSearch()
	c.clearSelection()
	c.study.kind = k
	c.changed()
}

// LeaveStudy shows the game again, as it was.
func (c *Controller) LeaveStudy() {
	if c.study.kind == studyNone {
		return
	}
	c.study.kind = studyNone
	c.clearSelection()
	c.changed()
	c.maybeSearch()
}

// studySquare handles a touch on the board in the lesson or a puzzle.
func (c *Controller) studySquare(sq xiangqi.Square) bool {
	if c.study.kind == studyLesson {
		c.lessonTap(sq)
		return false
	}
	return c.puzzleSquare(sq)
}

// studyAction performs the lesson's and the puzzles' actions; it reports whether a was one.
func (c *Controller) studyAction(a render.Action) bool {
	switch {
	case a == ActStudyDone:
		c.LeaveStudy()
	case a == ActWhy:
		c.OpenWhy()
	case a == ActLessons || strings.HasPrefix(string(a), string(ActChapterPref)) || a == ActCheck || a == ActRetry || a == ActNextStep:
		c.lessonAction(a)
	default:
		return c.puzzleAction(a)
	}
	c.changed()
	return true
}

// studyView shows the lesson or the puzzle instead of the game.
func (c *Controller) studyView(v *render.View) {
	v.Moves, v.MoveScroll, v.Review, v.Palette, v.Arrows, v.Threatened, v.Perpetual = nil, 0, nil, nil, nil, nil, nil
	v.Selected, v.LastFrom, v.LastTo, v.Check, v.Targets = render.NoSquare, render.NoSquare, render.NoSquare, render.NoSquare, nil
	v.Tone = render.ToneNormal
	if c.study.kind == studyLesson {
		c.lessonView(v)
	} else {
		c.puzzleView(v)
	}
}

// showBoard puts pos on the view's board in the player's label style.
func (c *Controller) showBoard(v *render.View, pos xiangqi.Position) {
	for sq := xiangqi.Square(0); sq < 90; sq++ {
		v.Board[sq] = render.Piece{}
		pc := pos.PieceAt(sq)
		if pc == xiangqi.NoPiece {
			continue
		}
		label := pc.Chinese()
		if c.set.Labels == VietnameseLabels {
			label = pc.Vietnamese()
		}
		v.Board[sq] = render.Piece{Label: label, Red: pc.Color() == xiangqi.Red}
	}
	side := pos.SideToMove()
	v.RedToMove = side == xiangqi.Red
	gen := xiangqi.MakePiece(side, xiangqi.General)
	v.ToMove = render.Piece{Label: gen.Chinese(), Red: v.RedToMove}
	if c.set.Labels == VietnameseLabels {
		v.ToMove.Label = gen.Vietnamese()
	}
	if pos.InCheck() {
		for sq := xiangqi.Square(0); sq < 90; sq++ {
			if pc := pos.PieceAt(sq); pc.Kind() == xiangqi.General && pc != xiangqi.NoPiece && pc.Color() == side {
				v.Check = int(sq)
			}
		}
	}
}

// studyDialog is the lesson's chapter list or the puzzles' dialog (nil when neither is open).
func (c *Controller) studyDialog() *render.Dialog {
	switch c.dialog {
	case dialogChapters:
		return c.chaptersDialog()
	case dialogPuzzles:
		return c.puzzlesDialog()
	}
	return nil
}
