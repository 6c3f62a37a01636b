package controller

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/cotuong-ai/cotuong/frontends/app/render"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/cotuong-ai/cotuong/levels"
)

// dialogKind names the dialog open ("" when none). The controller's own are here; a screen
// or door declares its dialogs' kinds in its own file.
type dialogKind string

const (
	dialogNone        dialogKind = ""
	dialogMenu        dialogKind = "menu"
	dialogConfirmNew  dialogKind = "confirm-new"
	dialogConfirmSide dialogKind = "confirm-side"
	dialogLevel       dialogKind = "level"
	dialogHelp        dialogKind = "help"
	dialogMessage     dialogKind = "message"
	dialogGameOver    dialogKind = "game-over"
)

// The actions of buttons, as reported back by render.Layout.Hit.
const (
	ActNew       render.Action = "new"
	ActUndo      render.Action = "undo"
	ActLevel     render.Action = "level"
	ActMenu      render.Action = "menu"
	ActSide      render.Action = "side"
	ActLabels    render.Action = "labels"
	ActSound     render.Action = "sound"
	ActHelp      render.Action = "help"
	ActExit      render.Action = "exit"
	ActClose     render.Action = "close"
	ActYesNew    render.Action = "yes-new"
	ActYesSide   render.Action = "yes-side"
	ActLevelPref render.Action = "level:" // followed by the level's name

	ActReview    render.Action = "review"     // open the review
	ActPrev      render.Action = "prev"       // the review's previous position
	ActNext      render.Action = "next"       // its next position
	ActHere      render.Action = "here"       // continue from here (asks first)
	ActYesHere   render.Action = "yes-here"   // continue from here, confirmed
	ActDone      render.Action = "done"       // leave the review
	ActLine      render.Action = "line"       // step through the better line
	ActLineOff   render.Action = "line-off"   // back from the better line to the game
	ActAnalyse   render.Action = "analyse"    // start the analysis
	ActCancelAna render.Action = "cancel-ana" // cancel the analysis
	ActSummary   render.Action = "summary"    // the game summary
	ActSwing     render.Action = "swing"      // review the biggest swing
	ActHint      render.Action = "hint"       // ask for a hint
	ActThreats   render.Action = "threats"    // the threats switch
)

// Tap performs what a tap on target t means.
func (c *Controller) Tap(t render.Target) {
	if c.toast != "" {
		c.clearToast() // a toast lasts until the next tap
	}
	if c.dialog != dialogNone {
		switch t.Kind {
		case render.TargetButton:
			c.dialogAction(t.Action)
		case render.TargetBackdrop:
			c.dialog = dialogNone
			c.changed()
		}
		return
	}
	switch t.Kind {
	case render.TargetButton:
		c.barAction(t.Action)
	case render.TargetSquare:
		c.SelectSquare(xiangqi.Square(t.Square))
	case render.TargetGraph:
		c.ReviewGo(t.Index)
	case render.TargetPalette:
		c.EditorTool(t.Index)
	case render.TargetMoveList:
		c.tapMove(t.Index)
	default:
		if c.sel != xiangqi.NoSquare {
			c.clearSelection()
			c.changed()
		}
	}
}

func (c *Controller) barAction(a render.Action) {
	switch a {
	case ActNew:
		c.askNewGame()
	case ActUndo:
		c.Undo()
	case ActLevel:
		c.dialog = dialogLevel
	case ActMenu:
		c.dialog = dialogMenu
	case ActThreats:
		c.SetThreats(!c.set.Threats)
	default:
		c.moreAction(a)
	}
	c.changed()
}

// abandons reports whether starting a new game would throw away a game in progress: one
// with moves whose result is not decided yet. A finished game is kept in no danger (it stays
// in the save until the next move), so no warning is needed.
func (c *Controller) abandons() bool {
	return c.game.Len() > 0 && c.game.Result().Status == xiangqi.Ongoing
}

func (c *Controller) askNewGame() {
	if !c.abandons() {
		c.NewGame()
		return
	}
	c.dialog = dialogConfirmNew
}

func (c *Controller) dialogAction(a render.Action) {
	d := c.dialog
	c.dialog = dialogNone
	c.changed()
	switch {
	case a == ActNew:
		c.askNewGame()
	case a == ActYesNew:
		c.NewGame()
	case a == ActUndo:
		c.Undo()
	case a == ActLevel:
		c.dialog = dialogLevel
	case strings.HasPrefix(string(a), string(ActLevelPref)):
		if l, err := levels.Parse(strings.TrimPrefix(string(a), string(ActLevelPref))); err == nil {
			c.SetLevel(l)
		}
	case a == ActSide:
		if !c.abandons() {
			c.SetHuman(c.set.Human.Other())
		} else {
			c.dialog = dialogConfirmSide
		}
	case a == ActYesSide:
		c.SetHuman(c.set.Human.Other())
	case a == ActLabels:
		c.SetLabels((c.set.Labels + 1) % labelStyles)
		c.dialog = d // stay in the menu to show the change
	case a == ActSound:
		c.SetSound(!c.set.Sound)
		c.dialog = d
	case a == ActHelp:
		c.dialog = dialogHelp
		c.helpScroll = 0
	case a == ActThreats:
		c.SetThreats(!c.set.Threats)
		c.dialog = d
	case c.moreAction(a):
	case a == ActExit:
		c.Pause()
		if c.cfg.OnExit != nil {
			c.cfg.OnExit()
		}
	}
}

// TouchKind is the phase of a touch.
type TouchKind uint8

const (
	// TouchBegin: a finger (or mouse button) goes down.
	TouchBegin TouchKind = iota
	// TouchMove: it moves while down.
	TouchMove
	// TouchEnd: it is lifted.
	TouchEnd
)

type touchState struct {
	active   bool
	target   render.Target
	x0, y0   float64
	scroll0  int
	dragging bool
}

// Touch handles one touch event at pixel (x, y) on the frame whose layout is l: a tap (begin
// and end without dragging) acts on what was under the finger when it went down; a vertical
// drag on the move list or the dialog's text scrolls it.
func (c *Controller) Touch(l *render.Layout, kind TouchKind, x, y float64) {
	if l == nil {
		return
	}
	t := &c.touch
	switch kind {
	case TouchBegin:
		*t = touchState{active: true, target: l.Hit(x, y), x0: x, y0: y}
		switch t.target.Kind {
		case render.TargetMoveList:
			t.scroll0 = l.ListScroll
			c.listScroll = l.ListScroll // the list stays where it is under the finger
		case render.TargetDialogText:
			t.scroll0 = l.ClampDialogScroll(c.helpScroll)
		}
	case TouchMove:
		if !t.active {
			return
		}
		dy := y - t.y0
		if !t.dragging && math.Abs(dy) > 6*l.Unit {
			t.dragging = true
		}
		if !t.dragging {
			return
		}
		switch t.target.Kind {
		case render.TargetMoveList:
			// Dragging down brings older moves into view.
			c.listScroll = l.ClampListScroll(t.scroll0 + int(dy))
			c.changed()
		case render.TargetDialogText:
			c.helpScroll = l.ClampDialogScroll(t.scroll0 - int(dy))
			c.changed()
		}
	case TouchEnd:
		if !t.active {
			return
		}
		t.active = false
		if !t.dragging {
			c.Tap(t.target)
		}
	}
}

// View returns what the screen shows now.
func (c *Controller) View() render.View {
	v := render.EmptyView()
	v.Vietnamese = c.set.Labels == VietnameseLabels
	c.scr.view(c, &v)
	v.Toast = c.toast
	if c.WhyStep() != "" {
		v.ToastButton = &render.Button{Action: ActWhy, Label: "Why?"}
	}
	v.Dialog = c.dialogView()
	return v
}

// shortCause returns the innermost cause of a save error, short enough for the status line
// ("not a directory", "permission denied", "no space left on device") rather than the whole
// chain with its long paths; SaveError keeps the whole chain.
func shortCause(err error) string {
	var errno syscall.Errno
	if errors.As(err, &errno) {
		return errno.Error()
	}
	return err.Error()
}

// winner returns the side that won a finished game; ok is false for a draw or a game in
// progress.
func winner(r xiangqi.Result) (xiangqi.Color, bool) {
	switch r.Status {
	case xiangqi.RedWins:
		return xiangqi.Red, true
	case xiangqi.BlackWins:
		return xiangqi.Black, true
	}
	return xiangqi.Red, false
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func (c *Controller) canUndo() bool {
	start := c.game.Start()
	first := start.SideToMove()
	n := c.game.Len()
	// The person has moved if some ply i < n was theirs.
	if n == 0 {
		return false
	}
	return c.set.TwoPlayers || first == c.set.Human || n >= 2
}

type rowCache struct{ red, black string }

// moveRows writes the move list in one notation family per label style: WXF with Chinese
// (C2.5  炮二平五) for Chinese labels, Vietnamese alone (P2-5) for Vietnamese labels, since the
// two use the letters P and B for different pieces.
func (c *Controller) moveRows() []render.MoveRow {
	key := c.game.String() + "|" + c.set.Labels.String()
	if key != c.rowsFor {
		c.rows = c.rows[:0]
		pos := c.game.Start()
		redFirst := pos.SideToMove() == xiangqi.Red
		if !redFirst {
			c.rows = append(c.rows, rowCache{red: "…"})
		}
		for _, m := range c.game.Moves() {
			text := pos.WXF(m) + "  " + pos.Chinese(m)
			switch c.set.Labels {
			case VietnameseLabels:
				text = pos.Vietnamese(m)
			case LetterLabels:
				text = pos.WXF(m)
			}
			if pos.SideToMove() == xiangqi.Red {
				c.rows = append(c.rows, rowCache{red: text})
			} else {
				if len(c.rows) == 0 {
					c.rows = append(c.rows, rowCache{red: "…"})
				}
				c.rows[len(c.rows)-1].black = text
			}
			pos = pos.Play(m)
		}
		c.rowsFor = key
	}
	out := make([]render.MoveRow, len(c.rows))
	for i, r := range c.rows {
		out[i] = render.MoveRow{Num: i + 1, Red: r.red, Black: r.black}
	}
	c.markRows(out)
	return out
}

func (c *Controller) dialogView() *render.Dialog {
	switch c.dialog {
	case dialogMenu:
		return c.menuDialog()
	case dialogConfirmNew:
		return &render.Dialog{Title: "New game?", Text: []string{"The game in progress will be abandoned."},
			Buttons: []render.Button{{Action: ActYesNew, Label: "New game"}, {Action: ActClose, Label: "Cancel"}}}
	case dialogConfirmSide:
		side := "Black"
		if c.set.Human == xiangqi.Black {
			side = "Red"
		}
		return &render.Dialog{Title: "Play as " + side + "?", Text: []string{"A new game starts and the game in progress is abandoned."},
			Buttons: []render.Button{{Action: ActYesSide, Label: "Play as " + side}, {Action: ActClose, Label: "Cancel"}}}
	case dialogLevel:
		all := levels.All()
		d := &render.Dialog{Title: "Level", Vertical: true,
			Text: []string{fmt.Sprintf("How well the computer plays, from %s (for a first game) to %s (its full strength). The number is the level's rating: the higher, the stronger.",
				all[0].Name, all[len(all)-1].Name),
				fmt.Sprintf("%s thinks about %s a move; the lower levels answer sooner.", levels.Master.Name, seconds(levels.Master.Time))}}
		for _, l := range all {
			label := fmt.Sprintf("%s · rating %d", l.Name, l.Rating(levels.Xiangqi))
			if l.Full() {
				label = fmt.Sprintf("%s · full strength, rating %d+", l.Name, l.Rating(levels.Xiangqi))
			}
			if l.Name == c.set.Level.Name {
				label = "✓ " + label
			}
			d.Buttons = append(d.Buttons, render.Button{Action: ActLevelPref + render.Action(l.Name), Label: label})
		}
		d.Buttons = append(d.Buttons, render.Button{Action: ActClose, Label: "Close"})
		return d
	case dialogHelp:
		return &render.Dialog{Title: "How to play", Text: helpText, Scroll: c.helpScroll,
			Buttons: []render.Button{{Action: ActClose, Label: "Close"}}}
	case dialogGameOver:
		res := c.game.Result()
		text := "A draw."
		if w, ok := winner(res); ok {
			text = "The computer wins. Undo takes back your last move."
			if c.set.TwoPlayers {
				text = w.String() + " wins. Well played."
			} else if w == c.set.Human {
				text = "You win! Well played."
			}
		}
		lines := []string{text}
		if len(res.Squares()) > 0 {
			lines = []string{res.Explain() + ".", text}
		}
		return &render.Dialog{Title: capitalize(res.String()), Text: lines,
			Buttons: []render.Button{{Action: ActYesNew, Label: "New game"}, {Action: ActReview, Label: "Review"}, {Action: ActClose, Label: "Close"}}}
	case dialogMessage:
		return &render.Dialog{Title: "Note", Text: []string{c.message}, Buttons: []render.Button{{Action: ActClose, Label: "OK"}}}
	}
	return c.moreDialog()
}

// helpText is the help screen: the aim and each piece's moves (WXF/AXF rules).
var helpText = []string{
	"Xiangqi (象棋, cờ tướng) is played on the intersections of 9 files and 10 ranks. Red moves first. Capture by moving onto an enemy piece. Touch one of your pieces to see its moves as yellow dots, then touch a dot.",
	"Win by checkmating the enemy general. A player with no legal move loses (stalemate loses). A player who checks or chases an unprotected piece with every move of a repetition loses (perpetual check, perpetual chase, or both mixed); other repetitions, and 60 moves per side without a capture, are drawn.",
	"General 帥/將 (Tướng, TG): one point along a line, never leaving the palace (the 3×3 square with diagonals). The two generals may not face each other on an open file.",
	"Advisor 仕/士 (Sĩ, S): one point diagonally, inside the palace.",
	"Elephant 相/象 (Tượng, T): exactly two points diagonally; it cannot jump over a piece at the midpoint and never crosses the river.",
	"Horse 傌/馬 (Mã, M): one point along a line then one diagonally outward; it is blocked by a piece next to it in the direction it starts.",
	"Chariot 俥/車 (Xe, X): any distance along a file or rank, like a chess rook.",
	"Cannon 炮/砲 (Pháo, P): moves like the chariot; captures only by jumping exactly one piece (the screen) on the way.",
	"Soldier 兵/卒 (Binh/Tốt, B): one point forward; after crossing the river also one point sideways. It never moves back.",
	"Notation in the move list: with Chinese labels, WXF (C2.5 = cannon on file 2 moves sideways to file 5; + forward, - backward) and Chinese (炮二平五); with Vietnamese labels, Vietnamese alone (P2-5 = pháo on file 2 to file 5; . forward, / backward, - sideways). Red counts files 一 to 九 from its right (1 to 9 with Vietnamese labels); Black 1 to 9 from its right.",
	"Levels: eight, from Beginner (rating about 1150, for a first game) to Master (the computer's full strength, rating about 2450); the higher the rating, the stronger the play. The lower levels think for a shorter time, see less far ahead and misjudge some positions, but from Casual up they never leave a chariot to be taken. The game is saved after every move. Sound (Menu → Sound): a knock for a move, a heavier one for a capture, a chime for check, a low buzz for a touch the rules refuse, and a tune when the game ends.",
}

// Back handles the Android back button (and Escape): it closes an open dialog, menu or help
// screen, or else clears the selection, or else goes back as the screen shown does (out of
// a better line, then back to the game). It never changes the game. It reports whether it
// did anything.
func (c *Controller) Back() bool {
	switch {
	case c.dialog != dialogNone:
		c.dialog = dialogNone
	case c.sel != xiangqi.NoSquare:
		c.clearSelection()
	case c.scr.back(c):
	default:
		return false
	}
	c.touch = touchState{}
	c.changed()
	return true
}

// seconds formats d for people: "0.1 s", "3 s", with a no-break space (U+00A0) between the
// number and the unit, so that a wrapped line never ends with the number alone.
func seconds(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'f', -1, 64) + "\u00a0s"
}
