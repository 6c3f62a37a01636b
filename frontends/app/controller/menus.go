package controller

import (
	"github.com/cotuong-ai/cotuong/frontends/app/render"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
)

// menuDialog is the menu: the game's commands, the ways to start another (options, a set-up
// position, a FEN), the settings, help and exit.
func (c *Controller) menuDialog() *render.Dialog {
	side := render.Button{Action: ActSide, Label: "Play as Black"}
	if c.set.Human == xiangqi.Black {
		side.Label = "Play as Red"
	}
	if c.set.TwoPlayers {
		side = render.Button{Action: ActTurnBoard, Label: "Board turns: on"}
		if c.set.KeepBoard {
			side.Label = "Board turns: off"
		}
	}
	labels := "Labels: Chinese 帥 俥 炮"
	switch c.set.Labels {
	case VietnameseLabels:
		labels = "Labels: Vietnamese TG X P"
	case LetterLabels:
		labels = "Labels: letters K R C"
	}
	sound := "Sound: off"
	if c.set.Sound {
		sound = "Sound: on"
		if c.sound.err != nil {
			sound = "Sound: on (no audio output)"
		}
	}
	threats := "Threats: off"
	if c.set.Threats {
		threats = "Threats: on"
	}
	buttons := []render.Button{
		{Action: ActNew, Label: "New game"},
		{Action: ActUndo, Label: "Undo", Disabled: !c.canUndo()},
	}
	for _, d := range doors {
		buttons = append(buttons, d.entry(c))
	}
	return &render.Dialog{Title: "Menu", Vertical: true, Buttons: append(buttons, []render.Button{
		{Action: ActThreats, Label: threats},
		{Action: ActLevel, Label: "Level: " + c.set.Level.Name},
		side,
		{Action: ActLabels, Label: labels},
		{Action: ActSound, Label: sound},
		{Action: ActHelp, Label: "Help"},
		{Action: ActExit, Label: "Exit"},
		{Action: ActClose, Label: "Close"},
	}...)}
}

// moreAction performs the actions of the screen shown and of the doors (every screen's way
// in, the new-game options, the records); it reports whether a was one of them.
func (c *Controller) moreAction(a render.Action) bool {
	if c.scr.action(c, a) {
		return true
	}
	for _, d := range doors {
		if d.action(c, a) {
			return true
		}
	}
	return false
}

// moreDialog is the open dialog of the screen shown or of a door (nil when none is).
func (c *Controller) moreDialog() *render.Dialog {
	if d := c.scr.dialog(c); d != nil {
		return d
	}
	for _, d := range doors {
		if d.dialog == nil {
			continue
		}
		if dlg := d.dialog(c); dlg != nil {
			return dlg
		}
	}
	return nil
}
