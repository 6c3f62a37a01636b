package controller

import (
	"fmt"

	"github.com/cotuong-ai/cotuong/frontends/app/render"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
)

// Handicap is a start without some of one side's pieces. Traditionally the stronger player
// gives it: against the computer the computer's side starts without them; in a two-player
// game Red does.
type Handicap uint8

const (
	// NoHandicap is the ordinary start.
	NoHandicap Handicap = iota
	// HandicapHorse starts without the horse on the b-file.
	HandicapHorse
	// HandicapChariot starts without the chariot on the a-file.
	HandicapChariot
	// HandicapHorses starts without both horses.
	HandicapHorses
)

// handicaps are the handicaps offered, in the menu's order.
var handicaps = []Handicap{HandicapHorse, HandicapChariot, HandicapHorses}

// String says what the giver plays without ("without a chariot"; "" for NoHandicap).
func (h Handicap) String() string {
	switch h {
	case HandicapHorse:
		return "without a horse"
	case HandicapChariot:
		return "without a chariot"
	case HandicapHorses:
		return "without both horses"
	}
	return ""
}

// HandicapStart returns the start position with the pieces of handicap h taken from the side
// giver: the horse on the b-file, the chariot on the a-file, or both horses (b and h). Red
// moves first, as in every game.
func HandicapStart(giver xiangqi.Color, h Handicap) xiangqi.Position {
	pos := xiangqi.Start()
	if h == NoHandicap {
		return pos
	}
	rank := 0
	if giver == xiangqi.Black {
		rank = 9
	}
	var files []int
	switch h {
	case HandicapHorse:
		files = []int{1}
	case HandicapChariot:
		files = []int{0}
	case HandicapHorses:
		files = []int{1, 7}
	}
	var b [xiangqi.NumSquares]xiangqi.Piece
	for sq := range b {
		b[sq] = pos.PieceAt(xiangqi.Square(sq))
	}
	for _, f := range files {
		b[xiangqi.SquareAt(f, rank)] = xiangqi.NoPiece
	}
	out, err := positionOf(b, xiangqi.Red)
	if err != nil {
		return pos // cannot happen: fewer pieces of the start stay legal
	}
	return out
}

// handicapOf tells the handicap a game started with from its start position: the handicap and
// the side that gave it (NoHandicap when the start is no handicap start).
func handicapOf(start xiangqi.Position) (Handicap, xiangqi.Color) {
	fen := start.FEN()
	for _, giver := range []xiangqi.Color{xiangqi.Red, xiangqi.Black} {
		for _, h := range handicaps {
			hs := HandicapStart(giver, h)
			if hs.FEN() == fen {
				return h, giver
			}
		}
	}
	return NoHandicap, xiangqi.Red
}

// HandicapLabel names the shown game's handicap for the panel and the summary ("Handicap:
// Black without a chariot"), "" when it had none.
func (c *Controller) HandicapLabel() string {
	h, giver := handicapOf(c.game.Start())
	if h == NoHandicap {
		return ""
	}
	who := giver.String()
	if !c.set.TwoPlayers && giver == c.set.Computer() {
		who = "the computer"
	}
	return fmt.Sprintf("Handicap: %s %s", who, h)
}

// personToMove reports whether a person moves in pos: always with two players, else when it is
// the person's side to move.
func (c *Controller) personToMove(pos xiangqi.Position) bool {
	return c.set.TwoPlayers || pos.SideToMove() == c.set.Human
}

// startFrom replaces the game with a new one from start, with the analysis, hints and review
// of the old one forgotten; the computer moves when it is its turn.
func (c *Controller) startFrom(start xiangqi.Position) {
	c.stopSearch()
	c.game = xiangqi.NewGame(start)
	c.newGameTeach()
	c.showGame() // a new game is shown at once, whatever screen was
	c.gameChanged()
	c.clearSelection()
	c.listScroll = 0
	c.save()
	c.changed()
	c.maybeSearch()
}

// NewGameWith starts a new game at once: between two people on the device (two) or against the
// computer, from the start without the handicap's pieces (the computer's, or with two players
// Red's). The menu asks first when a game in progress would be abandoned.
func (c *Controller) NewGameWith(two bool, h Handicap) {
	c.set.TwoPlayers = two
	giver := xiangqi.Red
	if !two {
		giver = c.set.Computer()
	}
	c.startFrom(HandicapStart(giver, h))
}

// SetKeepBoard sets whether the board of a two-player game stays with Red at the bottom (true)
// or turns to the side to move on each turn (false).
func (c *Controller) SetKeepBoard(keep bool) {
	c.set.KeepBoard = keep
	c.save()
	c.changed()
}

// Flipped reports whether the board is shown from Black's side: when the person plays Black,
// or in a two-player game whose board turns, on Black's turn (not in a review, which keeps Red
// at the bottom). The editor shows Red at the bottom.
func (c *Controller) Flipped() bool {
	if c.editor() != nil {
		return false
	}
	if !c.set.TwoPlayers {
		return c.set.Human == xiangqi.Black
	}
	if c.set.KeepBoard || c.review() != nil {
		return false
	}
	pos := c.game.Position()
	return pos.SideToMove() == xiangqi.Black
}

// readPlayers reads the save's "players" and "turn" lines.
func (d *decoded) readPlayers(key, val string) error {
	switch key + " " + val {
	case "players two":
		d.set.TwoPlayers = true
	case "players one":
		d.set.TwoPlayers = false
	case "turn on":
		d.set.KeepBoard = false
	case "turn off":
		d.set.KeepBoard = true
	default:
		if key == "players" {
			return fmt.Errorf("players %q is neither one nor two", val)
		}
		return fmt.Errorf("turn %q is neither on nor off", val)
	}
	return nil
}

// The new-game options' actions.
const (
	ActNewOptions render.Action = "new-options"    // the new-game options dialog
	ActOpponent   render.Action = "opponent"       // the computer or a second player
	ActStartEven  render.Action = "start-even"     // a new game without handicap
	ActHandicap   render.Action = "handicap:"      // followed by the handicap's number
	ActTurnBoard  render.Action = "turn-board"     // the two-player board's turning switch
	ActYesOptions render.Action = "yes-new-option" // the chosen new game, confirmed
)

// The new-game options' dialogs.
const (
	dialogNewOptions     dialogKind = "new-options"     // the new game's opponent and handicap
	dialogConfirmOptions dialogKind = "confirm-options" // that new game, when it abandons one in progress
)

// newOptions is the new game chosen in the options dialog.
type newOptions struct {
	two bool
	h   Handicap
}

// askNewWith starts the new game o, asking first when a game in progress would be abandoned.
func (c *Controller) askNewWith(o newOptions) {
	c.pending = o
	if !c.abandons() {
		c.NewGameWith(o.two, o.h)
		return
	}
	c.dialog = dialogConfirmOptions
}

// playersAction performs the new-game options' actions; it reports whether a was one.
func (c *Controller) playersAction(a render.Action) bool {
	switch {
	case a == ActNewOptions:
		c.pending = newOptions{two: c.set.TwoPlayers}
		c.dialog = dialogNewOptions
	case a == ActOpponent:
		c.pending.two = !c.pending.two
		c.dialog = dialogNewOptions
	case a == ActStartEven:
		c.askNewWith(newOptions{two: c.pending.two})
	case len(a) == len(ActHandicap)+1 && a[:len(ActHandicap)] == ActHandicap:
		c.askNewWith(newOptions{two: c.pending.two, h: Handicap(a[len(ActHandicap)] - '0')})
	case a == ActYesOptions:
		c.NewGameWith(c.pending.two, c.pending.h)
	case a == ActTurnBoard:
		c.SetKeepBoard(!c.set.KeepBoard)
		c.dialog = dialogMenu
	default:
		return false
	}
	c.changed()
	return true
}

// playersDoor is the menu's way to a new game between two players or with a handicap.
var playersDoor = door{
	entry: func(*Controller) render.Button {
		return render.Button{Action: ActNewOptions, Label: "Two players, handicap…"}
	},
	action: (*Controller).playersAction,
	dialog: (*Controller).playersDialog,
}

// playersDialog is the new-game options dialog and its confirmation (nil when neither is
// open).
func (c *Controller) playersDialog() *render.Dialog {
	if c.dialog != dialogNewOptions && c.dialog != dialogConfirmOptions {
		return nil
	}
	if c.dialog == dialogConfirmOptions {
		return &render.Dialog{Title: "New game?", Text: []string{"The game in progress will be abandoned."},
			Buttons: []render.Button{{Action: ActYesOptions, Label: "New game"}, {Action: ActClose, Label: "Cancel"}}}
	}
	o := c.pending
	opp, giver := "Opponent: the computer", "The computer"
	text := "A handicap: traditionally the stronger player gives it, so the computer starts without the pieces named."
	if o.two {
		opp, giver = "Opponent: a second player here", "Red"
		text = "Two players take turns on this device. A handicap: Red, the stronger player, starts without the pieces named."
	}
	d := &render.Dialog{Title: "New game", Vertical: true, Text: []string{text}, Buttons: []render.Button{
		{Action: ActOpponent, Label: opp},
		{Action: ActStartEven, Label: "Start: no handicap"},
	}}
	for _, h := range handicaps {
		d.Buttons = append(d.Buttons, render.Button{Action: ActHandicap + render.Action('0'+rune(h)), Label: giver + " " + h.String()})
	}
	d.Buttons = append(d.Buttons, render.Button{Action: ActClose, Label: "Cancel"})
	return d
}

// playersView writes the two-player status and the handicap into the view.
func (c *Controller) playersView(v *render.View) {
	label := c.HandicapLabel()
	if !c.set.TwoPlayers {
		if label != "" && c.SaveError() == nil && c.soundNotice() == "" && len(v.Perpetual) == 0 {
			v.Detail = label + " · Level " + c.set.Level.Name
		}
		return
	}
	pos := c.game.Position()
	side := pos.SideToMove()
	res := c.game.Result()
	if res.Status == xiangqi.Ongoing && !c.paused {
		v.Tone = render.ToneNormal
		v.Status = side.String() + " to move"
		if pos.InCheck() {
			v.Tone = render.ToneAlert
			v.Status = "Check! " + v.Status
		}
	}
	if c.SaveError() == nil && c.soundNotice() == "" && len(v.Perpetual) == 0 {
		v.Detail = "Two players"
		if label != "" {
			v.Detail += " · " + label
		} else if !c.set.KeepBoard {
			v.Detail += " · the board turns"
		}
	}
}
