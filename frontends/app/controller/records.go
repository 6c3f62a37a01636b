package controller

import (
	"fmt"
	"strings"

	"github.com/cotuong-ai/cotuong/frontends/app/render"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
)

// Clipboard hands text out of the app and takes text in, as the platform can: the system
// clipboard, a share sheet, a text field or a file in the data folder. Its methods return at
// once; the outcome comes back as an event through Config.Post (to Handle).
type Clipboard interface {
	// Copy hands text out; the platform then posts a Copied.
	Copy(text string)
	// Paste asks for text; the platform then posts a Pasted.
	Paste()
}

// Sharer is a Clipboard that can also share text (the Web Share API); Records then offers
// "Share FEN". Share posts a Copied.
type Sharer interface {
	// CanShare reports whether sharing is available now.
	CanShare() bool
	// Share hands text to the platform's share sheet.
	Share(text string)
}

// PGNClipboard is a Clipboard that keeps game records apart from positions (the desktop's
// file fallback writes game.pgn rather than position.fen): Export and Import PGN use it when
// the Clipboard has it, and Copy and Paste otherwise. Both post what Copy and Paste post.
type PGNClipboard interface {
	// CopyPGN hands a game's PGN out; the platform then posts a Copied.
	CopyPGN(text string)
	// PastePGN asks for a game record; the platform then posts a Pasted.
	PastePGN()
}

// Copied is the event a Clipboard posts when Copy or Share ended: Where says where the text
// went ("the clipboard", a file's path), Err why it could not go anywhere; Manual says the
// platform showed it in a text field to be copied by hand.
type Copied struct {
	Where  string
	Err    error
	Manual bool
}

// Pasted is the event a Clipboard posts when Paste ended: the text, or why there is none.
type Pasted struct {
	Text string
	Err  error
}

// The records' actions.
const (
	ActRecords   render.Action = "records"    // the Records dialog
	ActCopyFEN   render.Action = "copy-fen"   // hand out the shown position's FEN
	ActShareFEN  render.Action = "share-fen"  // share it (where the platform can)
	ActPasteFEN  render.Action = "paste-fen"  // take in a FEN and play from it
	ActYesImport render.Action = "yes-import" // play from the pasted FEN, confirmed
	ActImportPGN render.Action = "import-pgn" // take in a game record (PGN or FEN) and play on
	ActExportPGN render.Action = "export-pgn" // hand out the game as PGN
	ActSharePGN  render.Action = "share-pgn"  // share it (where the platform can)
	ActYesPGN    render.Action = "yes-pgn"    // play the imported game, confirmed
)

// The records' dialogs.
const (
	dialogRecords       dialogKind = "records"        // Records: FEN and PGN in and out
	dialogShowFEN       dialogKind = "show-fen"       // the FEN or PGN, when it could not be handed out
	dialogConfirmImport dialogKind = "confirm-import" // a pasted FEN, when it abandons a game in progress
	dialogConfirmPGN    dialogKind = "confirm-pgn"    // an imported PGN, when it abandons a game in progress
)

// recordState is what the records keep between a dialog and its answer.
type recordState struct {
	fen     string           // the FEN shown in dialogShowFEN
	note    string           // why it is shown there (the copy's failure), "" when none
	pending xiangqi.Position // the pasted position waiting for confirmation
	what    string           // what was handed out: "FEN" ("" too) or "PGN"
	pgn     bool             // the paste asked for is a game record (Import PGN)
	game    *xiangqi.Game    // the imported game waiting for confirmation
}

// FEN returns the FEN of the position the board shows (the game's, the review's, or the
// editor's when it is legal).
func (c *Controller) FEN() string {
	if c.editor() != nil {
		if pos, err := c.EditorPosition(); err == nil {
			return pos.FEN()
		}
	}
	pos := c.shownPosition()
	return pos.FEN()
}

// CopyFEN hands the shown position's FEN to the platform's Clipboard; without one, the FEN is
// shown in a dialog to be copied by hand.
func (c *Controller) CopyFEN() {
	fen := c.FEN()
	if c.cfg.Clipboard == nil {
		c.showFEN(fen, "")
		return
	}
	c.rec.fen, c.rec.what = fen, "FEN"
	c.cfg.Clipboard.Copy(fen)
}

// showFEN opens the dialog that shows fen, with note saying why.
func (c *Controller) showFEN(fen, note string) {
	c.rec.fen, c.rec.note = fen, note
	c.dialog = dialogShowFEN
	c.changed()
}

// ImportFEN reads a FEN (a leading "fen " is allowed) and starts a game from it at once,
// against the computer or two players as now. An impossible position is refused with the
// validator's reason, as an error and a toast; the game is then untouched.
func (c *Controller) ImportFEN(text string) error {
	pos, err := readFEN(text)
	if err != nil {
		c.showToast("Not a FEN of a legal position: " + fenReason(err) + ".")
		return err
	}
	c.startFrom(pos)
	return nil
}

// readFEN parses pasted text as a FEN.
func readFEN(text string) (xiangqi.Position, error) {
	s := strings.TrimSpace(text)
	s = strings.TrimPrefix(strings.TrimPrefix(s, "position "), "fen ")
	return xiangqi.ParseFEN(s)
}

// askImport plays from the pasted text's position, asking first when the game in progress
// would be abandoned.
func (c *Controller) askImport(text string) {
	pos, err := readFEN(text)
	if err != nil {
		c.showToast("Not a FEN of a legal position: " + fenReason(err) + ".")
		return
	}
	if !c.abandons() {
		c.ImportFEN(text)
		return
	}
	c.rec.pending = pos
	c.dialog = dialogConfirmImport
	c.changed()
}

// handleRecords applies the Clipboard's events; it reports whether ev was one.
func (c *Controller) handleRecords(ev any) bool {
	switch ev := ev.(type) {
	case Copied:
		if ev.Err != nil {
			c.showFEN(c.rec.fen, fmt.Sprintf("It could not be copied (%s): copy it from here.", shortCause(ev.Err)))
			return true
		}
		if ev.Manual {
			c.showToast("Copy the " + c.recWhat() + " from the text field.")
			return true
		}
		c.showToast("The " + c.recWhat() + " was copied to " + ev.Where + ".")
	case Pasted:
		if ev.Err != nil {
			c.showToast("Nothing was pasted: " + shortCause(ev.Err) + ".")
			return true
		}
		if strings.TrimSpace(ev.Text) == "" {
			c.showToast("Nothing was pasted.")
			return true
		}
		if c.rec.pgn {
			c.askImportPGN(ev.Text)
		} else {
			c.askImport(ev.Text)
		}
	default:
		return false
	}
	c.changed()
	return true
}

// recordsAction performs the records' actions; it reports whether a was one.
func (c *Controller) recordsAction(a render.Action) bool {
	switch a {
	case ActRecords:
		c.dialog = dialogRecords
	case ActCopyFEN:
		c.CopyFEN()
	case ActShareFEN:
		if s, ok := c.cfg.Clipboard.(Sharer); ok && s.CanShare() {
			c.rec.fen, c.rec.what = c.FEN(), "FEN"
			s.Share(c.rec.fen)
		}
	case ActPasteFEN, ActImportPGN:
		c.rec.pgn = a == ActImportPGN
		if pc, ok := c.cfg.Clipboard.(PGNClipboard); ok && c.rec.pgn {
			pc.PastePGN()
		} else if c.cfg.Clipboard == nil {
			c.showToast("Pasting is not available here.")
		} else {
			c.cfg.Clipboard.Paste()
		}
	case ActExportPGN, ActSharePGN, ActYesPGN:
		c.pgnAction(a)
	case ActYesImport:
		c.startFrom(c.rec.pending)
	default:
		return false
	}
	c.changed()
	return true
}

// recordsDoor is the menu's way to the records: FEN and PGN out and in.
var recordsDoor = door{
	entry: func(*Controller) render.Button {
		return render.Button{Action: ActRecords, Label: "Records: FEN, PGN"}
	},
	action: (*Controller).recordsAction,
	dialog: (*Controller).recordsDialog,
}

// recordsDialog is the Records dialog, the FEN shown to be copied by hand, and the
// confirmation of a pasted FEN (nil when none of them is open).
func (c *Controller) recordsDialog() *render.Dialog {
	switch c.dialog {
	case dialogShowFEN:
		text := []string{c.rec.fen}
		if c.rec.note != "" {
			text = []string{c.rec.note, c.rec.fen}
		}
		return &render.Dialog{Title: c.recWhat(), Text: text, Buttons: []render.Button{{Action: ActClose, Label: "OK"}}}
	case dialogConfirmImport:
		return &render.Dialog{Title: "Play from the pasted position?", Text: []string{"The game in progress will be abandoned."},
			Buttons: []render.Button{{Action: ActYesImport, Label: "Play"}, {Action: ActClose, Label: "Cancel"}}}
	case dialogConfirmPGN:
		return c.confirmPGNDialog()
	case dialogRecords:
	default:
		return nil
	}
	d := &render.Dialog{Title: "Records", Vertical: true, Text: []string{"The position shown, as FEN: " + c.FEN()},
		Buttons: []render.Button{{Action: ActCopyFEN, Label: "Copy FEN"}}}
	if s, ok := c.cfg.Clipboard.(Sharer); ok && s.CanShare() {
		d.Buttons = append(d.Buttons, render.Button{Action: ActShareFEN, Label: "Share FEN"})
	}
	d.Buttons = append(d.Buttons,
		render.Button{Action: ActPasteFEN, Label: "Paste FEN and play", Disabled: c.cfg.Clipboard == nil},
		render.Button{Action: ActExportPGN, Label: "Export PGN"})
	if s, ok := c.cfg.Clipboard.(Sharer); ok && s.CanShare() {
		d.Buttons = append(d.Buttons, render.Button{Action: ActSharePGN, Label: "Share PGN"})
	}
	d.Buttons = append(d.Buttons,
		render.Button{Action: ActImportPGN, Label: "Import PGN", Disabled: c.cfg.Clipboard == nil},
		render.Button{Action: ActClose, Label: "Close"})
	return d
}
