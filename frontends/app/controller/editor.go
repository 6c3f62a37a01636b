package controller

import (
	"errors"
	"strings"

	"github.com/cotuong-ai/cotuong/frontends/app/render"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
)

// The position editor's actions.
const (
	ActEdit        render.Action = "edit"         // open the editor on the shown position
	ActEditClear   render.Action = "edit-clear"   // empty the board
	ActEditStart   render.Action = "edit-start"   // the start position
	ActEditSide    render.Action = "edit-side"    // the other side to move
	ActEditPlay    render.Action = "edit-play"    // play from the position (asks how)
	ActEditAnalyse render.Action = "edit-analyse" // analyse the position in the review
	ActEditCancel  render.Action = "edit-cancel"  // leave the editor, the game untouched
	ActPlayRed     render.Action = "play-red"     // play from it as Red against the computer
	ActPlayBlack   render.Action = "play-black"   // as Black
	ActPlayTwo     render.Action = "play-two"     // two players
	ActYesPlay     render.Action = "yes-play"     // that game, confirmed
)

// Palette holds the editor's palette: Red's seven kinds, the eraser (NoPiece), Black's seven.
var Palette = []xiangqi.Piece{
	xiangqi.MakePiece(xiangqi.Red, xiangqi.General), xiangqi.MakePiece(xiangqi.Red, xiangqi.Advisor),
	xiangqi.MakePiece(xiangqi.Red, xiangqi.Elephant), xiangqi.MakePiece(xiangqi.Red, xiangqi.Horse),
	xiangqi.MakePiece(xiangqi.Red, xiangqi.Chariot), xiangqi.MakePiece(xiangqi.Red, xiangqi.Cannon),
	xiangqi.MakePiece(xiangqi.Red, xiangqi.Soldier), xiangqi.NoPiece,
	xiangqi.MakePiece(xiangqi.Black, xiangqi.General), xiangqi.MakePiece(xiangqi.Black, xiangqi.Advisor),
	xiangqi.MakePiece(xiangqi.Black, xiangqi.Elephant), xiangqi.MakePiece(xiangqi.Black, xiangqi.Horse),
	xiangqi.MakePiece(xiangqi.Black, xiangqi.Chariot), xiangqi.MakePiece(xiangqi.Black, xiangqi.Cannon),
	xiangqi.MakePiece(xiangqi.Black, xiangqi.Soldier),
}

// The editor's dialogs.
const (
	dialogPlayFrom    dialogKind = "play-from"    // "play from here"'s choices
	dialogConfirmPlay dialogKind = "confirm-play" // that game, when it abandons one in progress
)

// editorScreen is the position editor: a board set up piece by piece from the palette, to
// play or analyse from. The game is kept as it was meanwhile and its computer waits.
type editorScreen struct {
	board [xiangqi.NumSquares]xiangqi.Piece
	side  xiangqi.Color
	tool  int // the palette entry chosen
	// play is the game "play from here" chose: ActPlayRed, ActPlayBlack, ActPlayTwo or
	// ActPlayAnalyse.
	play render.Action
}

// editorDoor is the menu's way into the editor.
var editorDoor = door{
	entry: func(*Controller) render.Button { return render.Button{Action: ActEdit, Label: "Set up a position"} },
	action: func(c *Controller, a render.Action) bool {
		if a != ActEdit {
			return false
		}
		c.OpenEditor()
		return true
	},
}

// editor returns the editor when it is shown, else nil.
func (c *Controller) editor() *editorScreen {
	e, _ := c.scr.(*editorScreen)
	return e
}

// positionOf returns the position of board b with side to move, or the FEN validator's error
// when the rules could never reach it.
func positionOf(b [xiangqi.NumSquares]xiangqi.Piece, side xiangqi.Color) (xiangqi.Position, error) {
	return xiangqi.ParseFEN(xiangqi.SetupFEN(&b, side))
}

// fenReason words a FEN error for the player: the validator's reason without its prefix,
// capitalised ("Red has 2 generals (e0, e1), want 1").
func fenReason(err error) string {
	return capitalize(strings.TrimPrefix(err.Error(), "xiangqi: FEN: "))
}

// Editing reports whether the position editor is open.
func (c *Controller) Editing() bool { return c.editor() != nil }

// OpenEditor opens the position editor on the position the board shows. The game is kept as
// it is until a game is started from the new position (which asks first when it would abandon
// the game in progress); the computer's search waits meanwhile.
func (c *Controller) OpenEditor() {
	pos := c.shownPosition()
	e := &editorScreen{side: pos.SideToMove()}
	for sq := range e.board {
		e.board[sq] = pos.PieceAt(xiangqi.Square(sq))
	}
	c.show(e)
}

// LeaveEditor closes the editor: the board shows the game as it was, and the computer moves
// if it is its turn.
func (c *Controller) LeaveEditor() {
	if c.editor() != nil {
		c.showGame()
	}
}

// EditorTool chooses palette entry i (Palette's index) as the piece a tap on the board places.
func (c *Controller) EditorTool(i int) {
	if e := c.editor(); e != nil && i >= 0 && i < len(Palette) {
		e.tool = i
		c.changed()
	}
}

// square places the chosen piece on sq, or removes what stands there when the eraser is
// chosen or the same piece already stands there. It reports false (nothing is played).
func (e *editorScreen) square(c *Controller, sq xiangqi.Square) bool {
	if int(sq) >= xiangqi.NumSquares {
		return false
	}
	pc := Palette[e.tool]
	if e.board[sq] == pc {
		pc = xiangqi.NoPiece
	}
	e.board[sq] = pc
	c.changed()
	return false
}

// EditorPut places pc on sq (NoPiece removes what stands there).
func (c *Controller) EditorPut(sq xiangqi.Square, pc xiangqi.Piece) {
	if e := c.editor(); e != nil && int(sq) < xiangqi.NumSquares {
		e.board[sq] = pc
		c.changed()
	}
}

// EditorClear empties the board.
func (c *Controller) EditorClear() {
	if e := c.editor(); e != nil {
		e.board = [xiangqi.NumSquares]xiangqi.Piece{}
		c.changed()
	}
}

// EditorStart sets up the start position, Red to move.
func (c *Controller) EditorStart() {
	e := c.editor()
	if e == nil {
		return
	}
	pos := xiangqi.Start()
	for sq := range e.board {
		e.board[sq] = pos.PieceAt(xiangqi.Square(sq))
	}
	e.side = xiangqi.Red
	c.changed()
}

// EditorSide sets the side to move of the position set up.
func (c *Controller) EditorSide(side xiangqi.Color) {
	if e := c.editor(); e != nil {
		e.side = side
		c.changed()
	}
}

// errNoEditor is EditorPosition's error when the editor is not open.
var errNoEditor = errors.New("the position editor is not open")

// EditorPosition returns the position set up, or why the rules could never reach it (the FEN
// validator's reason, e.g. "Red general on d3 is outside its palace"), or errNoEditor when
// the editor is not open.
func (c *Controller) EditorPosition() (xiangqi.Position, error) {
	e := c.editor()
	if e == nil {
		return xiangqi.Position{}, errNoEditor
	}
	return positionOf(e.board, e.side)
}

// EditorPlay starts a game from the position set up at once: against the computer with the
// person playing human, or between two players (two). It reports the validator's error, shown
// as a toast, when the position is impossible; the editor then stays open.
func (c *Controller) EditorPlay(two bool, human xiangqi.Color) error {
	pos, err := c.EditorPosition()
	if err != nil {
		c.showToast("Not a legal position: " + fenReason(err) + ".")
		return err
	}
	c.set.TwoPlayers = two
	if !two {
		c.set.Human = human
	}
	c.startFrom(pos) // shows the game
	return nil
}

// EditorAnalyse starts a game from the position set up, with the person to move (against the
// computer, or two players as now), and opens the review on it: the analysis of that one
// position runs, and Done leaves a game where Hint and Threats help from there.
func (c *Controller) EditorAnalyse() error {
	pos, err := c.EditorPosition()
	if err != nil {
		c.showToast("Not a legal position: " + fenReason(err) + ".")
		return err
	}
	if err := c.EditorPlay(c.set.TwoPlayers, pos.SideToMove()); err != nil {
		return err
	}
	c.OpenReview(0)
	return nil
}

// askPlay starts the game "play from here" chose, asking first when the game in progress
// would be abandoned.
func (e *editorScreen) askPlay(c *Controller, a render.Action) {
	if _, err := c.EditorPosition(); err != nil {
		c.showToast("Not a legal position: " + fenReason(err) + ".")
		return
	}
	e.play = a
	if c.abandons() {
		c.dialog = dialogConfirmPlay
		return
	}
	e.playChosen(c)
}

func (e *editorScreen) playChosen(c *Controller) {
	switch e.play {
	case ActPlayAnalyse:
		c.EditorAnalyse()
	case ActPlayTwo:
		c.EditorPlay(true, c.set.Human)
	case ActPlayBlack:
		c.EditorPlay(false, xiangqi.Black)
	default:
		c.EditorPlay(false, xiangqi.Red)
	}
}

// ActPlayAnalyse is the analysis of the position set up, as "play from here" chooses it.
const ActPlayAnalyse render.Action = "play-analyse"

// action performs the editor's buttons and those of its "play from here" dialog.
func (e *editorScreen) action(c *Controller, a render.Action) bool {
	switch a {
	case ActEditClear:
		c.EditorClear()
	case ActEditStart:
		c.EditorStart()
	case ActEditSide:
		c.EditorSide(e.side.Other())
	case ActEditPlay:
		if _, err := c.EditorPosition(); err != nil {
			c.showToast("Not a legal position: " + fenReason(err) + ".")
		} else {
			c.dialog = dialogPlayFrom
		}
	case ActEditAnalyse:
		e.askPlay(c, ActPlayAnalyse)
	case ActEditCancel:
		c.LeaveEditor()
	case ActPlayRed, ActPlayBlack, ActPlayTwo:
		e.askPlay(c, a)
	case ActYesPlay:
		e.playChosen(c)
	default:
		return false
	}
	c.changed()
	return true
}

// dialog is "play from here"'s choices and their confirmation.
func (e *editorScreen) dialog(c *Controller) *render.Dialog {
	switch c.dialog {
	case dialogConfirmPlay:
		return &render.Dialog{Title: "Play from this position?", Text: []string{"The game in progress will be abandoned."},
			Buttons: []render.Button{{Action: ActYesPlay, Label: "Play"}, {Action: ActClose, Label: "Cancel"}}}
	case dialogPlayFrom:
		return &render.Dialog{Title: "Play from here", Vertical: true,
			Text: []string{"Who plays the position set up? " + e.side.String() + " moves first."},
			Buttons: []render.Button{
				{Action: ActPlayRed, Label: "You Red, the computer Black"},
				{Action: ActPlayBlack, Label: "You Black, the computer Red"},
				{Action: ActPlayTwo, Label: "Two players"},
				{Action: ActLevel, Label: "Level: " + c.set.Level.Name},
				{Action: ActClose, Label: "Cancel"},
			}}
	}
	return nil
}

// back leaves the editor, the game untouched.
func (e *editorScreen) back(c *Controller) bool {
	c.LeaveEditor()
	return true
}

func (e *editorScreen) leave(*Controller) {}

// computerMoves is false: the board shows the position set up, not the game.
func (e *editorScreen) computerMoves() bool { return false }

// view shows the position set up, the palette and the editor's buttons.
func (e *editorScreen) view(c *Controller, v *render.View) {
	for sq, pc := range e.board {
		if pc != xiangqi.NoPiece {
			v.Board[sq] = c.pieceView(pc)
		}
	}
	v.RedToMove = e.side == xiangqi.Red
	v.ToMove = c.pieceView(xiangqi.MakePiece(e.side, xiangqi.General))
	v.Status = "Set up a position"
	p := &render.Palette{Selected: e.tool}
	for _, pc := range Palette {
		if pc == xiangqi.NoPiece {
			p.Pieces = append(p.Pieces, render.Piece{})
			continue
		}
		p.Pieces = append(p.Pieces, c.pieceView(pc))
	}
	side := e.side.String() + " to move"
	p.Buttons = []render.Button{{Action: ActEditClear, Label: "Clear"}, {Action: ActEditStart, Label: "Start position"},
		{Action: ActEditSide, Label: side}}
	pos, err := c.EditorPosition()
	if err != nil {
		v.Tone = render.ToneAlert
		v.Detail = "Not a legal position yet"
		p.Words = []string{"Not a legal position: " + fenReason(err) + "."}
	} else {
		v.Detail = side + " · tap a piece below, then the board"
		p.Words = []string{"A legal position: " + pos.FEN()}
	}
	v.Palette = p
	v.Bar = []render.Button{
		{Action: ActEditPlay, Label: "Play…"},
		{Action: ActEditAnalyse, Label: "Analyse"},
		{Action: ActEditCancel, Label: "Cancel"},
	}
}
