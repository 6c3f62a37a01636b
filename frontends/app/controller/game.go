package controller

import (
	"fmt"
	"strings"

	"github.com/cotuong-ai/cotuong/frontends/app/render"
	"github.com/cotuong-ai/cotuong/frontends/app/sound"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
)

// gameScreen is the game being played: the board, the move list, the hint and the threats.
// It is the screen the app starts on and the one every other screen returns to.
type gameScreen struct{}

// square selects one of the person's pieces, moves the selected piece, or refuses the tap
// (while the computer thinks, the game is over or paused).
func (gameScreen) square(c *Controller, sq xiangqi.Square) bool {
	pos := c.game.Position()
	if c.paused || c.think || !c.personToMove(pos) || c.game.Result().Status != xiangqi.Ongoing {
		c.refuseTap(pos, sq)
		return false
	}
	return c.selectOrMove(pos, sq, true, func(m xiangqi.Move) bool {
		if err := c.game.Push(m); err != nil {
			c.showMessage(fmt.Sprintf("Move %s refused: %v", m.UCI(), err))
			return false
		}
		c.playMove(pos, m)
		c.clearSelection()
		c.listScroll = 0
		c.gameChanged()
		c.save()
		c.changed()
		c.announceEnd()
		c.maybeSearch()
		return true
	})
}

// action: the hint, and a step back (←) that opens the review at the previous position.
func (gameScreen) action(c *Controller, a render.Action) bool {
	switch a {
	case ActHint:
		c.AskHint()
	case ActPrev:
		if c.game.Len() > 0 && c.dialog == dialogNone {
			c.OpenReview(c.game.Len() - 1)
		}
	default:
		return false
	}
	c.changed()
	return true
}

// view shows the game with the hint's arrow and the threats.
func (gameScreen) view(c *Controller, v *render.View) {
	c.gameView(v, c.game.Position())
	if m, ok := lastMove(c.game.Moves()); ok {
		v.LastFrom, v.LastTo = int(m.From()), int(m.To())
	}
	c.playersView(v)
	t := &c.teach
	if p := c.progress(); p != "" && c.SaveError() == nil && c.game.Result().Status != xiangqi.Ongoing {
		v.Detail = p
	}
	if t.hinting {
		v.Detail = "Looking for a hint…"
	}
	var legend []string // the arrows in words: the hint blue, the threat red
	if len(t.hintLine) > 0 && t.hintFor == c.game.String() {
		m := t.hintLine[0]
		v.Arrows = append(v.Arrows, render.Arrow{From: int(m.From()), To: int(m.To()), Kind: render.ArrowHint})
		legend = append(legend, "Hint (blue): "+c.moveText(c.game.Position(), m))
	}
	if c.set.Threats && t.threatFor == c.game.String() && t.threat.Available && !c.think {
		for _, sq := range t.threat.Attacked {
			v.Threatened = append(v.Threatened, int(sq))
		}
		switch {
		case t.threat.HasBest && t.threat.Threatens:
			m := t.threat.Best
			v.Arrows = append(v.Arrows, render.Arrow{From: int(m.From()), To: int(m.To()), Kind: render.ArrowThreat})
			legend = append(legend, "Threat (red): "+t.threat.Words)
		case t.threat.Words != "":
			legend = append(legend, t.threat.Words) // no threat: no arrow
		}
	}
	if len(legend) > 0 {
		v.Detail = strings.Join(legend, " · ")
	}
}

func (gameScreen) dialog(*Controller) *render.Dialog { return nil }

// back does nothing on the game: the shell leaves the app.
func (gameScreen) back(*Controller) bool { return false }

func (gameScreen) leave(*Controller) {}

func (gameScreen) computerMoves() bool { return true }

// lastMove returns the last of moves.
func lastMove(moves []xiangqi.Move) (xiangqi.Move, bool) {
	if len(moves) == 0 {
		return xiangqi.NoMove, false
	}
	return moves[len(moves)-1], true
}

// refuseTap answers a tap on the board while the person may not move: the selection is
// cleared, and a tap on the person's own piece while the computer thinks buzzes and says why.
func (c *Controller) refuseTap(pos xiangqi.Position, sq xiangqi.Square) {
	if pc := pos.PieceAt(sq); c.think && pc != xiangqi.NoPiece && pc.Color() == c.set.Human {
		c.play(sound.Illegal) // the person's piece, while the computer is to move
		c.showToast("Wait: the computer is thinking.")
	}
	c.clearSelection()
	c.changed()
}

// selectOrMove handles a tap on sq of pos, where the side to move may move (the game on the
// person's turn, a puzzle): a tap on one of the selected piece's destinations plays that
// move with play (which reports whether a move was made); a tap on a piece of the side to
// move selects it and shows its legal destinations; any other tap clears the selection, and
// when a piece was selected says in the toast why it cannot go there (with the refusal's
// buzz when buzz is set).
func (c *Controller) selectOrMove(pos xiangqi.Position, sq xiangqi.Square, buzz bool, play func(m xiangqi.Move) bool) bool {
	if c.sel != xiangqi.NoSquare {
		for _, m := range c.targets {
			if m.To() == sq {
				return play(m)
			}
		}
	}
	pc := pos.PieceAt(sq)
	if pc == xiangqi.NoPiece || pc.Color() != pos.SideToMove() || sq == c.sel {
		if c.sel != xiangqi.NoSquare && sq != c.sel {
			if buzz {
				c.play(sound.Illegal) // the selected piece cannot go there
			}
			c.refuseMove(pos, xiangqi.NewMove(c.sel, sq))
		}
		c.clearSelection()
		c.changed()
		return false
	}
	c.sel = sq
	c.targets = c.targets[:0]
	for _, m := range pos.LegalMoves(nil) {
		if m.From() == sq {
			c.targets = append(c.targets, m)
		}
	}
	c.changed()
	return false
}

// pieceView is pc as the board draws it, in the player's label style.
func (c *Controller) pieceView(pc xiangqi.Piece) render.Piece {
	label := pc.Chinese()
	switch c.set.Labels {
	case VietnameseLabels:
		label = pc.Vietnamese()
	case LetterLabels:
		label = wxfLetter(pc)
	}
	return render.Piece{Label: label, Red: pc.Color() == xiangqi.Red}
}

// showBoard puts pos on the view's board in the player's label style, with the side to move
// and the general in check.
func (c *Controller) showBoard(v *render.View, pos xiangqi.Position) {
	for sq := xiangqi.Square(0); sq < 90; sq++ {
		v.Board[sq] = render.Piece{}
		if pc := pos.PieceAt(sq); pc != xiangqi.NoPiece {
			v.Board[sq] = c.pieceView(pc)
		}
	}
	side := pos.SideToMove()
	v.RedToMove = side == xiangqi.Red
	v.ToMove = c.pieceView(xiangqi.MakePiece(side, xiangqi.General))
	if pos.InCheck() {
		for sq := xiangqi.Square(0); sq < 90; sq++ {
			if pc := pos.PieceAt(sq); pc != xiangqi.NoPiece && pc.Kind() == xiangqi.General && pc.Color() == side {
				v.Check = int(sq)
			}
		}
	}
}

// gameView shows the game at pos (the game's own position, or the review's): the board, the
// selection, the status line with the result, the detail line and the move list, and the
// game's bar. The caller adds the last move.
func (c *Controller) gameView(v *render.View, pos xiangqi.Position) {
	c.showBoard(v, pos)
	v.Flipped = c.Flipped()
	if c.sel != xiangqi.NoSquare {
		v.Selected = int(c.sel)
		for _, m := range c.targets {
			v.Targets = append(v.Targets, int(m.To()))
		}
	}
	side := pos.SideToMove()
	inCheck := pos.InCheck()
	res := c.game.Result()
	switch {
	case res.Status != xiangqi.Ongoing:
		v.Tone = render.ToneFinal
		v.Status = capitalize(res.String())
		for _, sq := range res.Squares() {
			v.Perpetual = append(v.Perpetual, int(sq))
		}
		if w, ok := winner(res); ok && !c.set.TwoPlayers {
			if w == c.set.Human {
				v.Status += " — you win!"
			} else {
				v.Status += " — the computer wins"
			}
		}
	case c.think:
		v.Tone = render.ToneThinking
		v.Status = "Computer is thinking…"
		if inCheck {
			v.Status = "Check! Computer is thinking…"
		}
	case c.paused:
		v.Status = "Paused"
	case side == c.set.Human && inCheck:
		v.Tone = render.ToneAlert
		v.Status = "Check! Your move"
	case side == c.set.Human:
		v.Status = "Your move"
	default:
		v.Status = "Computer to move"
	}
	v.Detail = fmt.Sprintf("You play %s · Level %s", c.set.Human, c.set.Level.Name)
	if note := c.soundNotice(); note != "" {
		v.Detail = note
	}
	if len(v.Perpetual) > 0 {
		v.Detail = res.Explain() // the ruling in words, e.g. "Black loses: perpetual chase — …"
	}
	if err := c.SaveError(); err != nil {
		v.Detail = "Not saved: " + shortCause(err)
		if c.noSave != nil {
			v.Detail = "Not saved: a damaged save is in the way"
		}
	}
	v.Moves = c.moveRows()
	v.MoveScroll = c.listScroll
	v.Bar = []render.Button{
		{Action: ActNew, Label: "New game"},
		{Action: ActUndo, Label: "Undo", Disabled: !c.canUndo()},
		{Action: ActHint, Label: "Hint", Disabled: !c.canHint()},
		{Action: ActMenu, Label: "Menu"},
	}
}
