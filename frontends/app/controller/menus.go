package controller

import (
	"strings"

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
	if c.set.Labels == VietnameseLabels {
		labels = "Labels: Vietnamese TG X P"
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
	return &render.Dialog{Title: "Menu", Vertical: true, Buttons: []render.Button{
		{Action: ActNew, Label: "New game"},
		{Action: ActUndo, Label: "Undo", Disabled: !c.canUndo()},
		{Action: ActReview, Label: "Review the game", Disabled: c.game.Len() == 0},
		{Action: ActNewOptions, Label: "Two players, handicap…"},
		{Action: ActEdit, Label: "Set up a position"},
		{Action: ActLessons, Label: "Rules lesson"},
		{Action: ActPuzzles, Label: "Puzzles"},
		{Action: ActRecords, Label: "Records: FEN, PGN"},
		{Action: ActThreats, Label: threats},
		{Action: ActLevel, Label: "Level: " + c.set.Level.Name},
		side,
		{Action: ActLabels, Label: labels},
		{Action: ActSound, Label: sound},
		{Action: ActHelp, Label: "Help"},
		{Action: ActExit, Label: "Exit"},
		{Action: ActClose, Label: "Close"},
	}}
}

// moreAction performs the actions of the editor, the new-game options, the records, the
// review, the hint and the threats; it reports whether a was one of them.
func (c *Controller) moreAction(a render.Action) bool {
	return c.editorAction(a) || c.playersAction(a) || c.recordsAction(a) || c.teachAction(a) || c.studyAction(a)
}

// moreDialog is the dialog of the editor, the new-game options or the records that is open
// (nil when none is).
func (c *Controller) moreDialog() *render.Dialog {
	switch c.dialog {
	case dialogNewOptions, dialogConfirmOptions:
		return c.playersDialog()
	case dialogChapters, dialogPuzzles:
		return c.studyDialog()
	case dialogRecords, dialogShowFEN, dialogConfirmImport, dialogConfirmPGN:
		return c.recordsDialog()
	case dialogPlayFrom, dialogConfirmPlay:
		return c.editorDialog()
	}
	return nil
}

// summaryDialog is the review's game summary, with the handicap the game started with and, in
// a two-player game, the sides named without "you" and "the computer".
func (c *Controller) summaryDialog() *render.Dialog {
	d := c.teachDialog()
	if c.set.TwoPlayers {
		for i, s := range d.Text {
			s = strings.Replace(s, " (you): ", ": ", 1)
			d.Text[i] = strings.Replace(s, " (the computer): ", ": ", 1)
		}
	}
	if label := c.HandicapLabel(); label != "" {
		d.Text = append([]string{label + "."}, d.Text...)
	}
	return d
}
