package controller

import (
	"fmt"
	"time"

	"github.com/cotuong-ai/cotuong/frontends/app/render"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
)

// recWhat names what the records handed out last: "FEN" or "PGN".
func (c *Controller) recWhat() string {
	if c.rec.what == "" {
		return "FEN"
	}
	return c.rec.what
}

// PGN returns the game (not the review's or the editor's position) as PGN in
// pychess-variants' dialect (xiangqi.WritePGN): the players named as they play (Red's in the
// White tag and Black's in the Black tag, as pychess-variants writes them), the date, the
// start position when it is not the standard one, the result, and, when the game has been
// reviewed, the review's marks as glyphs ($6 ?!, $2 ?, $4 ??) and its words as comments.
func (c *Controller) PGN() string {
	g := &xiangqi.PGNGame{Game: c.game}
	if rv := c.Review(); rv != nil {
		g.Annotations = rv.Annotations(c.game.Len())
	}
	g.Tags.Set("Event", "Cờ Tướng")
	g.Tags.Set("Site", "cotuong app")
	now := time.Now
	if c.cfg.Now != nil {
		now = c.cfg.Now
	}
	g.Tags.Set("Date", now().Format("2006.01.02"))
	red, black := "You", "Computer ("+c.set.Level.Name+")"
	switch {
	case c.set.TwoPlayers:
		red, black = "Red player", "Black player"
	case c.set.Human == xiangqi.Black:
		red, black = black, red
	}
	g.Tags.Set("White", red)
	g.Tags.Set("Black", black)
	return g.String()
}

// ExportPGN hands the game's PGN to the platform's Clipboard; without one, it is shown in a
// dialog to be copied by hand.
func (c *Controller) ExportPGN() {
	text := c.PGN()
	c.rec.what = "PGN"
	if c.cfg.Clipboard == nil {
		c.showFEN(text, "")
		return
	}
	c.rec.fen = text
	if pc, ok := c.cfg.Clipboard.(PGNClipboard); ok {
		pc.CopyPGN(text)
		return
	}
	c.cfg.Clipboard.Copy(text)
}

// ImportPGN reads a game record (PGN in any notation xiangqi.ImportRecord reads, a game
// string, or a FEN) and plays on from its last position at once, against the computer or two
// players as now. A record that cannot be read is refused with the reader's words (for a
// move: its number, text and why it is illegal) in a message; the game is then untouched.
func (c *Controller) ImportPGN(text string) error {
	g, err := xiangqi.ImportRecord(text)
	if err != nil {
		c.showMessage("The record could not be imported: " + err.Error())
		return err
	}
	c.adoptGame(g)
	return nil
}

// askImportPGN imports a pasted record, asking first when the game in progress would be
// abandoned.
func (c *Controller) askImportPGN(text string) {
	g, err := xiangqi.ImportRecord(text)
	if err != nil {
		c.showMessage("The record could not be imported: " + err.Error())
		return
	}
	if !c.abandons() {
		c.adoptGame(g)
		return
	}
	c.rec.game = g
	c.dialog = dialogConfirmPGN
	c.changed()
}

// adoptGame replaces the game with g (its moves kept, to be reviewed or played on).
func (c *Controller) adoptGame(g *xiangqi.Game) {
	c.stopSearch()
	c.game = g
	c.newGameTeach()
	c.showGame() // an imported game is shown at once, whatever screen was
	c.gameChanged()
	c.clearSelection()
	c.listScroll = 0
	c.save()
	c.changed()
	n := g.Len()
	c.showToast(fmt.Sprintf("Imported a game of %d moves.", n))
	c.announceEnd()
	c.maybeSearch()
}

// pgnAction performs Export PGN, Share PGN and the import's confirmation.
func (c *Controller) pgnAction(a render.Action) {
	switch a {
	case ActExportPGN:
		c.ExportPGN()
	case ActSharePGN:
		if s, ok := c.cfg.Clipboard.(Sharer); ok && s.CanShare() {
			c.rec.fen, c.rec.what = c.PGN(), "PGN"
			s.Share(c.rec.fen)
		}
	case ActYesPGN:
		if g := c.rec.game; g != nil {
			c.rec.game = nil
			c.adoptGame(g)
		}
	}
}

// confirmPGNDialog asks before an imported game replaces one in progress.
func (c *Controller) confirmPGNDialog() *render.Dialog {
	n := 0
	if c.rec.game != nil {
		n = c.rec.game.Len()
	}
	return &render.Dialog{Title: "Play the imported game?", Text: []string{fmt.Sprintf("It has %d moves. The game in progress will be abandoned.", n)},
		Buttons: []render.Button{{Action: ActYesPGN, Label: "Play"}, {Action: ActClose, Label: "Cancel"}}}
}
