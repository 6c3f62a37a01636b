package render

import (
	"image"
	"math"
	"strings"
	"unicode"

	xfont "golang.org/x/image/font"

	"github.com/cotuong-ai/cotuong/frontends/app/board"
)

// TargetKind says what a touch hit.
type TargetKind uint8

const (
	// TargetNone: nothing that reacts (the status bar, the board's frame, the space between
	// intersections).
	TargetNone TargetKind = iota
	// TargetSquare: an intersection of the board (Target.Square).
	TargetSquare
	// TargetButton: a button of the bar or of the dialog (Target.Action).
	TargetButton
	// TargetMoveList: the move list (drag to scroll it).
	TargetMoveList
	// TargetDialogText: the text of the dialog (drag to scroll it).
	TargetDialogText
	// TargetBackdrop: outside the dialog's panel while a dialog is open.
	TargetBackdrop
)

// Target is what a touch at a pixel hits.
type Target struct {
	// Kind says what was hit.
	Kind TargetKind
	// Square is the intersection (file + 9*rank) for TargetSquare, NoSquare otherwise.
	Square int
	// Action is the button's action for TargetButton.
	Action Action
}

// Layout is where everything of one frame is, in pixels. Drawing and hit-testing use the same
// Layout, so a touch always lands on what is drawn under it.
type Layout struct {
	// W and H are the frame's size in pixels.
	W, H int
	// Unit is the scale of the interface: 1 on a 600-pixel-wide window.
	Unit  float64
	Board board.Layout
	// Status, List and Bar are the status bar, the move list and the button bar.
	Status, List, Bar image.Rectangle
	// Buttons are the rectangles of View.Bar's buttons, in order.
	Buttons []image.Rectangle
	// ListRowH is the height of a move-list line; ListMaxScroll the largest MoveScroll.
	ListRowH, ListMaxScroll int
	// ListOneColumn is set when Red's and Black's moves do not fit side by side: each move then
	// has a line of its own.
	ListOneColumn bool
	// ListNumW and ListColW are the widths of the number column and of a move column.
	ListNumW, ListColW int

	// Dialog is the dialog's panel and DialogText the viewport of its text (both zero when
	// View.Dialog is nil).
	Dialog, DialogText image.Rectangle
	// DialogLines is the dialog's text wrapped to the panel's width.
	DialogLines []string
	// DialogLineH is the height of a text line; DialogMaxScroll the largest Dialog.Scroll.
	DialogLineH, DialogMaxScroll int
	// DialogButtons are the rectangles of the dialog's buttons, in order.
	DialogButtons []image.Rectangle

	actions       []Action
	disabled      []bool
	dialogActions []Action
}

// Font sizes and spacings, in units (pixels on a 600-pixel-wide window).
const (
	statusH     = 60
	barH        = 64
	minListH    = 96
	minPanelW   = 250
	pad         = 8
	statusPx    = 21
	detailPx    = 14
	buttonPx    = 17
	listPx      = 16
	listRowH    = 22
	titlePx     = 21
	textPx      = 16
	textLineH   = 23
	dlgButtonH  = 46
	dlgMaxWidth = 520
)

// NewLayout places the parts of a w×h frame for view v. It returns an error when the frame is
// too small to show a board.
func (r *Renderer) NewLayout(w, h int, v *View) (*Layout, error) {
	u := math.Min(float64(w), float64(h)) / 600
	if u <= 0 {
		u = 1
	}
	px := func(units float64) int { return int(math.Round(units * u)) }
	l := &Layout{W: w, H: h, Unit: u, ListRowH: px(listRowH)}
	var boardArea image.Rectangle
	if w > h {
		// Landscape: the board on the left, a panel on the right.
		bw := int(math.Min(float64(w-px(minPanelW)), float64(h)*board.UnitsX/board.UnitsY))
		boardArea = image.Rect(0, 0, bw, h)
		l.Status = image.Rect(bw, 0, w, px(statusH))
		l.Bar = image.Rect(bw, h-2*px(barH), w, h)
		l.List = image.Rect(bw+px(pad), l.Status.Max.Y, w-px(pad), l.Bar.Min.Y)
	} else {
		avail := h - px(statusH) - px(barH)
		bh := int(math.Min(float64(avail-px(minListH)), float64(w)*board.UnitsY/board.UnitsX))
		boardArea = image.Rect(0, px(statusH), w, px(statusH)+bh)
		l.Status = image.Rect(0, 0, w, px(statusH))
		l.Bar = image.Rect(0, h-px(barH), w, h)
		l.List = image.Rect(px(pad), boardArea.Max.Y, w-px(pad), l.Bar.Min.Y)
	}
	var err error
	if l.Board, err = board.Fit(boardArea, v.Flipped); err != nil {
		return nil, err
	}
	// Buttons: one row in portrait, two rows of ceil(n/2) in landscape.
	n := len(v.Bar)
	if n > 0 {
		rows := 1
		if w > h {
			rows = 2
		}
		perRow := (n + rows - 1) / rows
		gap := px(pad)
		bw := (l.Bar.Dx() - gap*(perRow+1)) / perRow
		bh := (l.Bar.Dy() - gap*(rows+1)) / rows
		for i, b := range v.Bar {
			row, col := i/perRow, i%perRow
			x := l.Bar.Min.X + gap + col*(bw+gap)
			y := l.Bar.Min.Y + gap + row*(bh+gap)
			l.Buttons = append(l.Buttons, image.Rect(x, y, x+bw, y+bh))
			l.actions = append(l.actions, b.Action)
			l.disabled = append(l.disabled, b.Disabled)
		}
	}
	if err := r.layoutList(l, v, px); err != nil {
		return nil, err
	}
	if v.Dialog != nil {
		if err := r.layoutDialog(l, v.Dialog, px); err != nil {
			return nil, err
		}
	}
	return l, nil
}

func (r *Renderer) layoutList(l *Layout, v *View, px func(float64) int) error {
	f, err := r.face(sansFace, px(listPx))
	if err != nil {
		return err
	}
	l.ListNumW = px(46)
	widest := 0
	for _, row := range v.Moves {
		widest = max(widest, xfont.MeasureString(f, row.Red).Ceil(), xfont.MeasureString(f, row.Black).Ceil())
	}
	room := l.List.Dx() - l.ListNumW - px(24)
	l.ListColW = room / 2
	rows := len(v.Moves)
	if widest+px(12) > l.ListColW {
		l.ListOneColumn = true
		l.ListColW = room
		rows = 0
		for _, row := range v.Moves {
			rows++
			if row.Black != "" {
				rows++
			}
		}
	}
	visible := l.List.Dy() - px(pad)
	l.ListMaxScroll = max(0, rows*l.ListRowH-visible)
	return nil
}

func (r *Renderer) layoutDialog(l *Layout, d *Dialog, px func(float64) int) error {
	dw := min(l.W-2*px(2*pad), px(dlgMaxWidth))
	inner := dw - 2*px(2*pad)
	face, err := r.face(sansFace, px(textPx))
	if err != nil {
		return err
	}
	for i, para := range d.Text {
		if i > 0 {
			l.DialogLines = append(l.DialogLines, "")
		}
		l.DialogLines = append(l.DialogLines, wrap(face, para, inner)...)
	}
	l.DialogLineH = px(textLineH)
	titleH := 0
	if d.Title != "" {
		titleH = px(titlePx * 2.2)
	}
	var buttonsH int
	if d.Vertical {
		buttonsH = len(d.Buttons)*(px(dlgButtonH)+px(pad)) + px(pad)
	} else if len(d.Buttons) > 0 {
		buttonsH = px(dlgButtonH) + 2*px(pad)
	}
	textH := len(l.DialogLines) * l.DialogLineH
	if textH > 0 {
		textH += px(pad)
	}
	maxH := l.H - 2*px(2*pad)
	dh := titleH + textH + buttonsH + 2*px(pad)
	if dh > maxH {
		textH -= dh - maxH
		dh = maxH
	}
	x0 := (l.W - dw) / 2
	y0 := (l.H - dh) / 2
	l.Dialog = image.Rect(x0, y0, x0+dw, y0+dh)
	top := y0 + px(pad) + titleH
	l.DialogText = image.Rect(x0+px(2*pad), top, x0+dw-px(2*pad), top+max(0, textH))
	l.DialogMaxScroll = max(0, len(l.DialogLines)*l.DialogLineH+px(pad)-l.DialogText.Dy())
	by := l.DialogText.Max.Y + px(pad)
	if d.Vertical {
		for range d.Buttons {
			l.DialogButtons = append(l.DialogButtons, image.Rect(x0+px(2*pad), by, x0+dw-px(2*pad), by+px(dlgButtonH)))
			by += px(dlgButtonH) + px(pad)
		}
	} else if n := len(d.Buttons); n > 0 {
		gap := px(2 * pad)
		bw := (dw - gap*(n+1)) / n
		for i := range d.Buttons {
			x := x0 + gap + i*(bw+gap)
			l.DialogButtons = append(l.DialogButtons, image.Rect(x, by, x+bw, by+px(dlgButtonH)))
		}
	}
	for _, b := range d.Buttons {
		a := b.Action
		if b.Disabled {
			a = ""
		}
		l.dialogActions = append(l.dialogActions, a)
	}
	return nil
}

// Hit returns what a touch at pixel (x, y) hits. While a dialog is open only the dialog
// reacts.
func (l *Layout) Hit(x, y float64) Target {
	p := image.Pt(int(math.Floor(x)), int(math.Floor(y)))
	if !l.Dialog.Empty() {
		for i, r := range l.DialogButtons {
			if p.In(r) && l.dialogActions[i] != "" {
				return Target{Kind: TargetButton, Action: l.dialogActions[i], Square: NoSquare}
			}
		}
		if p.In(l.DialogText) {
			return Target{Kind: TargetDialogText, Square: NoSquare}
		}
		if !p.In(l.Dialog) {
			return Target{Kind: TargetBackdrop, Square: NoSquare}
		}
		return Target{Kind: TargetNone, Square: NoSquare}
	}
	for i, r := range l.Buttons {
		if p.In(r) && !l.disabled[i] {
			return Target{Kind: TargetButton, Action: l.actions[i], Square: NoSquare}
		}
	}
	if p.In(l.List) {
		return Target{Kind: TargetMoveList, Square: NoSquare}
	}
	if f, rk, ok := l.Board.Hit(x, y); ok {
		return Target{Kind: TargetSquare, Square: f + 9*rk}
	}
	return Target{Kind: TargetNone, Square: NoSquare}
}

// ClampListScroll limits a move-list scroll offset to what the list can show.
func (l *Layout) ClampListScroll(s int) int { return min(max(s, 0), l.ListMaxScroll) }

// ClampDialogScroll limits a dialog text scroll offset to what the text can show.
func (l *Layout) ClampDialogScroll(s int) int { return min(max(s, 0), l.DialogMaxScroll) }

// wrap breaks text into lines no wider than width pixels: at spaces, and anywhere inside a run
// of CJK characters or a word too long for a line.
func wrap(face xfont.Face, text string, width int) []string {
	var lines []string
	for _, hard := range strings.Split(text, "\n") {
		var cur strings.Builder
		flush := func() {
			lines = append(lines, strings.TrimRight(cur.String(), " "))
			cur.Reset()
		}
		for _, tok := range tokens(hard) {
			try := cur.String() + tok
			if cur.Len() > 0 && xfont.MeasureString(face, try).Ceil() > width {
				flush()
				tok = strings.TrimLeft(tok, " ")
			}
			// A token wider than a line on its own is cut rune by rune.
			for xfont.MeasureString(face, tok).Ceil() > width && len([]rune(tok)) > 1 {
				rs := []rune(tok)
				n := len(rs) - 1
				for n > 1 && xfont.MeasureString(face, string(rs[:n])).Ceil() > width {
					n--
				}
				cur.WriteString(string(rs[:n]))
				flush()
				tok = string(rs[n:])
			}
			cur.WriteString(tok)
		}
		flush()
	}
	return lines
}

// tokens splits s into words with their leading spaces; every CJK character is a word of its
// own, so lines can break between them.
func tokens(s string) []string {
	var out []string
	var cur []rune
	for _, r := range s {
		switch {
		case r == ' ':
			if len(cur) > 0 && cur[len(cur)-1] != ' ' {
				out = append(out, string(cur))
				cur = cur[:0]
			}
			cur = append(cur, r)
		case unicode.Is(unicode.Han, r):
			if len(cur) > 0 && cur[len(cur)-1] != ' ' {
				out = append(out, string(cur))
				cur = cur[:0]
			}
			cur = append(cur, r)
			out = append(out, string(cur))
			cur = cur[:0]
		default:
			cur = append(cur, r)
		}
	}
	if len(cur) > 0 {
		out = append(out, string(cur))
	}
	return out
}
