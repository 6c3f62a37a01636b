package controller

import (
	"github.com/cotuong-ai/cotuong/frontends/app/render"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
)

// screen is one mode of the app: what the board, the bar and the panel are for while it is
// shown (the game, its review, the position editor, the rules lesson, a puzzle). Exactly one
// screen is shown (Controller.scr); show changes it. The menu, the settings' dialogs, the
// toast and the save are the controller's and work the same on every screen.
type screen interface {
	// square handles a tap on the board's point sq; it reports whether a move was played.
	square(c *Controller, sq xiangqi.Square) bool
	// action performs one of the screen's own buttons (its bar, its panel, its dialogs); it
	// reports whether a was one of them.
	action(c *Controller, a render.Action) bool
	// view fills v (an empty view in the player's label style) with what the screen shows;
	// the toast and the dialog are added after it.
	view(c *Controller, v *render.View)
	// dialog returns the screen's own dialog when c.dialog is one of them, else nil.
	dialog(c *Controller) *render.Dialog
	// back handles Back once no dialog is open and nothing is selected; it reports whether it
	// did anything (the game screen does nothing: the shell then leaves the app).
	back(c *Controller) bool
	// leave is called when another screen is shown instead of this one (c.scr is already
	// the new one).
	leave(c *Controller)
	// computerMoves reports whether the computer's search may run while the screen is
	// shown (on the game and in its review; not while the board shows something else).
	computerMoves() bool
}

// show leaves the shown screen and shows s: the selection is cleared, the computer's search
// stops when s does not let it run and starts when it is the computer's turn and s does.
// Every change of screen goes through show, so each is left the same way whatever comes
// next.
func (c *Controller) show(s screen) {
	old := c.scr
	c.scr = s
	if old != nil {
		old.leave(c)
	}
	if !s.computerMoves() {
		c.stopSearch()
	}
	c.clearSelection()
	c.changed()
	c.maybeSearch()
}

// showGame shows the game (from any screen; on the game it only clears the selection).
func (c *Controller) showGame() { c.show(gameScreen{}) }

// onGame reports whether the game itself is shown (not its review or another screen).
func (c *Controller) onGame() bool {
	_, ok := c.scr.(gameScreen)
	return ok
}

// A door opens a screen, or a feature with its own dialogs, from wherever the person is: its
// entry in the menu, the actions that work on every screen (the menu entry's and those of the
// dialogs it opens) and those dialogs. The menu lists the doors in the order of doors.
type door struct {
	// entry is the door's menu button.
	entry func(c *Controller) render.Button
	// action performs the door's actions; it reports whether a was one of them.
	action func(c *Controller, a render.Action) bool
	// dialog returns the door's dialog when c.dialog is one of them, else nil (nil: none).
	dialog func(c *Controller) *render.Dialog
}

// doors are the menu's ways into the screens and features, in the menu's order: the
// registration of a screen.
var doors []door

// init fills doors (at run time, so a door's action may reach the menu, which lists doors,
// without an initialization cycle).
func init() {
	doors = []door{reviewDoor, learnDoor, playersDoor, editorDoor, lessonDoor, puzzleDoor, recordsDoor}
}

// studyScreen is what the lesson and the puzzle screens share: Back leaves the study for the
// game, they have no dialog of their own and nothing to undo on leaving, and the computer
// never moves (the board shows the study, not the game). Embedded in each.
type studyScreen struct{}

// back leaves the lesson or puzzle for the game.
func (studyScreen) back(c *Controller) bool {
	c.LeaveStudy()
	return true
}

func (studyScreen) dialog(*Controller) *render.Dialog { return nil }

func (studyScreen) leave(*Controller) {}

// computerMoves is false: the board shows the study, not the game.
func (studyScreen) computerMoves() bool { return false }
