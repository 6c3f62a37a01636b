package controller

import (
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

// editState is the position being set up.
type editState struct {
	on    bool
	board [xiangqi.NumSquares]xiangqi.Piece
	side  xiangqi.Color
	tool  int // the palette entry chosen
	// play is the game "play from here" chose: ActPlayRed, ActPlayBlack or ActPlayTwo.
	play render.Action
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
func (c *Controller) Editing() bool { return c.edit.on }

// OpenEditor opens the position editor on the position the board shows. The game is kept as
// it is until a game is started from the new position (which asks first when it would abandon
// the game in progress); the computer's search waits meanwhile.
func (c *Controller) OpenEditor() {
	pos := c.shownPosition()
	c.LeaveReview()
	c.stopSearch()
	c.clearSelection()
	e := &c.edit
	e.on, e.side, e.tool = true, pos.SideToMove(), 0
	for sq := range e.board {
		e.board[sq] = pos.PieceAt(xiangqi.Square(sq))
	}
	c.changed()
}

// LeaveEditor closes the editor: the board shows the game as it was, and the computer moves
// if it is its turn.
func (c *Controller) LeaveEditor() {
	if !c.edit.on {
		return
	}
	c.edit.on = false
	c.changed()
	c.maybeSearch()
}

// EditorTool chooses palette entry i (Palette's index) as the piece a tap on the board places.
func (c *Controller) EditorTool(i int) {
	if i >= 0 && i < len(Palette) {
		c.edit.tool = i
		c.changed()
	}
}

// editSquare places the chosen piece on sq, or removes what stands there when the eraser is
// chosen or the same piece already stands there. It reports false (nothing is played).
func (c *Controller) editSquare(sq xiangqi.Square) bool {
	if int(sq) >= xiangqi.NumSquares {
		return false
	}
	pc := Palette[c.edit.tool]
	if c.edit.board[sq] == pc {
		pc = xiangqi.NoPiece
	}
	c.edit.board[sq] = pc
	c.changed()
	return false
}

// EditorPut places pc on sq (NoPiece removes what stands there).
func (c *Controller) EditorPut(sq xiangqi.Square, pc xiangqi.Piece) {
	if c.edit.on && int(sq) < xiangqi.NumSquares {
		c.edit.board[sq] = pc
		c.changed()
	}
}

// EditorClear empties the board.
func (c *Controller) EditorClear() {
	c.edit.board = [xiangqi.NumSquares]xiangqi.Piece{}
	c.changed()
}

// EditorStart sets up the start position, Red to move.
func (c *Controller) EditorStart() {
	pos := xiangqi.Start()
	for sq := range c.edit.board {
		c.edit.board[sq] = pos.PieceAt(xiangqi.Square(sq))
	}
	c.edit.side = xiangqi.Red
	c.changed()
}

// EditorSide sets the side to move of the position set up.
func (c *Controller) EditorSide(side xiangqi.Color) {
	c.edit.side = side
	c.changed()
}

// EditorPosition returns the position set up, or why the rules could never reach it (the FEN
// validator's reason, e.g. "Red general on d3 is outside its palace").
func (c *Controller) EditorPosition() (xiangqi.Position, error) {
	return positionOf(c.edit.board, c.edit.side)
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
	c.edit.on = false
	c.set.TwoPlayers = two
	if !two {
		c.set.Human = human
	}
	c.startFrom(pos)
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
func (c *Controller) askPlay(a render.Action) {
	if _, err := c.EditorPosition(); err != nil {
		c.showToast("Not a legal position: " + fenReason(err) + ".")
		return
	}
	c.edit.play = a
	if c.abandons() {
		c.dialog = dialogConfirmPlay
		return
	}
	c.playChosen()
}

func (c *Controller) playChosen() {
	switch c.edit.play {
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

// editorAction performs the editor's actions; it reports whether a was one.
func (c *Controller) editorAction(a render.Action) bool {
	switch a {
	case ActEdit:
		c.OpenEditor()
	case ActEditClear:
		c.EditorClear()
	case ActEditStart:
		c.EditorStart()
	case ActEditSide:
		c.EditorSide(c.edit.side.Other())
	case ActEditPlay:
		if _, err := c.EditorPosition(); err != nil {
			c.showToast("Not a legal position: " + fenReason(err) + ".")
		} else {
			c.dialog = dialogPlayFrom
		}
	case ActEditAnalyse:
		c.askPlay(ActPlayAnalyse)
	case ActEditCancel:
		c.LeaveEditor()
	case ActPlayRed, ActPlayBlack, ActPlayTwo:
		c.askPlay(a)
	case ActYesPlay:
		c.playChosen()
	default:
		return false
	}
	c.changed()
	return true
}

// editorDialog is "play from here"'s choices and their confirmation.
func (c *Controller) editorDialog() *render.Dialog {
	if c.dialog == dialogConfirmPlay {
		return &render.Dialog{Title: "Play from this position?", Text: []string{"The game in progress will be abandoned."},
			Buttons: []render.Button{{Action: ActYesPlay, Label: "Play"}, {Action: ActClose, Label: "Cancel"}}}
	}
	return &render.Dialog{Title: "Play from here", Vertical: true,
		Text: []string{"Who plays the position set up? " + c.edit.side.String() + " moves first."},
		Buttons: []render.Button{
			{Action: ActPlayRed, Label: "You Red, the computer Black"},
			{Action: ActPlayBlack, Label: "You Black, the computer Red"},
			{Action: ActPlayTwo, Label: "Two players"},
			{Action: ActLevel, Label: "Level: " + c.set.Level.Name},
			{Action: ActClose, Label: "Cancel"},
		}}
}

// editorView shows the position set up, the palette and the editor's buttons.
func (c *Controller) editorView(v *render.View) {
	e := &c.edit
	*v = render.View{Selected: render.NoSquare, LastFrom: render.NoSquare, LastTo: render.NoSquare, Check: render.NoSquare,
		Vietnamese: v.Vietnamese}
	label := func(pc xiangqi.Piece) string {
		if c.set.Labels == VietnameseLabels {
			return pc.Vietnamese()
		}
		return pc.Chinese()
	}
	for sq, pc := range e.board {
		if pc != xiangqi.NoPiece {
			v.Board[sq] = render.Piece{Label: label(pc), Red: pc.Color() == xiangqi.Red}
		}
	}
	v.RedToMove = e.side == xiangqi.Red
	v.ToMove = render.Piece{Label: label(xiangqi.MakePiece(e.side, xiangqi.General)), Red: v.RedToMove}
	v.Status = "Set up a position"
	p := &render.Palette{Selected: e.tool}
	for _, pc := range Palette {
		if pc == xiangqi.NoPiece {
			p.Pieces = append(p.Pieces, render.Piece{})
			continue
		}
		p.Pieces = append(p.Pieces, render.Piece{Label: label(pc), Red: pc.Color() == xiangqi.Red})
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
