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
	// TargetGraph: the review's evaluation graph (Target.Index: the position touched).
	TargetGraph
	// TargetPalette: an entry of the position editor's palette (Target.Index).
	TargetPalette
)

// Target is what a touch at a pixel hits.
type Target struct {
	// Kind says what was hit.
	Kind TargetKind
	// Square is the intersection (file + 9*rank) for TargetSquare, NoSquare otherwise.
	Square int
	// Action is the button's action for TargetButton.
	Action Action
	// Index is the position touched on the graph (TargetGraph), the palette's entry
	// (TargetPalette), or the move under the touch
	// on the move list (TargetMoveList: 2·row + column, column 0 for Red's move; −1 when the
	// touch is on no move).
	Index int
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
	// ListNumW and ListColW are the widths of the number column and of a move column;
	// ListScoreW the room kept at the right of a move column for its score (0 when the list
	// shows none: ReviewPanel.Scores).
	ListNumW, ListColW, ListScoreW int
	// ListScoreBelow is set when a move's score is drawn on a second line under the move, in
	// the same row, as a narrow list's two columns have no room for it beside the move.
	ListScoreBelow bool

	// Dialog is the dialog's panel and DialogText the viewport of its text (both zero when
	// View.Dialog is nil).
	Dialog, DialogText image.Rectangle
	// DialogLines is the dialog's text wrapped to the panel's width.
	DialogLines []string
	// DialogLineH is the height of a text line; DialogMaxScroll the largest Dialog.Scroll.
	DialogLineH, DialogMaxScroll int
	// DialogButtons are the rectangles of the dialog's buttons, in order. A vertical list that
	// does not fit the frame's height is laid out in DialogColumns columns (top to bottom, then
	// left to right).
	DialogButtons []image.Rectangle
	DialogColumns int

	// Toast is the panel of View.Toast (zero when there is none), at the top of the move list;
	// ToastLines is its text wrapped to the panel's width, one line every DialogLineH pixels.
	Toast      image.Rectangle
	ToastLines []string
	// ToastButton is the toast's button (View.ToastButton), zero when there is none.
	ToastButton image.Rectangle
	toastAction Action

	// The text sizes of the frame, in pixels (a face's size): the status line and its detail
	// line, the move list, the bar's buttons, the dialog's title, text and buttons. Each is the
	// interface's unit scale of its size on a 600-pixel-wide window, but never less than its
	// floor in density-independent pixels (see Screen), so that text stays legible on a
	// phone's narrow screen.
	StatusPx, DetailPx, ListPx, ButtonPx, TitlePx, TextPx, DialogButtonPx int
	// TouchPx is the least height of a touch target (the bar's and the dialog's buttons) in
	// pixels: MinTouchDp density-independent pixels.
	TouchPx int

	// Graph, PanelButtons and Words are the review's evaluation graph, its row of buttons and
	// its words (View.Review; all empty outside a review, when List is the whole panel);
	// GraphPlies is the number of positions on the graph and WordLines the words wrapped to
	// the panel's width, one line every WordLineH pixels. In a review (a panel with a graph)
	// Words keeps the same height whatever the words' length, so the move list below never
	// moves as they change, and the list's rows (ListRowH) are touch targets (TouchPx).
	Graph        image.Rectangle
	GraphPlies   int
	PanelButtons []image.Rectangle
	Words        image.Rectangle
	WordLines    []string
	WordLineH    int
	// PaletteCells are the rectangles of the editor's palette entries (View.Palette).
	PaletteCells []image.Rectangle
	// ListScroll is the move list's scroll as drawn (View.MoveScroll clamped, or the scroll
	// that shows the current move when View.MoveScroll is negative).
	ListScroll int

	actions       []Action
	disabled      []bool
	dialogActions []Action
	panelActions  []Action
	listRows      []int // the move index (2·row + column) of each line of the list
}

// Screen is what the layout needs to know of the display besides the frame's size.
type Screen struct {
	// Density is the number of frame pixels per density-independent pixel (a CSS pixel in a
	// browser: its devicePixelRatio; an Android dp). 0 means 1, a desktop window's pixels.
	Density float64
}

// The floors of touch targets and text, in density-independent pixels: Apple asks for 44 pt
// and Android for 48 dp targets; 14 CSS px is the smallest comfortable body text on a phone.
const (
	// MinTouchDp is the least height of a button.
	MinTouchDp = 44
	// MinTextDp is the least size of any text (the move list, the status's detail line).
	MinTextDp = 14
)

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
	dens := r.screen.Density
	if !(dens > 0) {
		dens = 1
	}
	dp := func(x float64) int { return int(math.Ceil(x * dens)) }
	l := &Layout{W: w, H: h, Unit: u,
		StatusPx: max(px(statusPx), dp(17)), DetailPx: max(px(detailPx), dp(MinTextDp)),
		ListPx: max(px(listPx), dp(MinTextDp)), ButtonPx: max(px(buttonPx), dp(15)),
		TitlePx: max(px(titlePx), dp(18)), TextPx: max(px(textPx), dp(15)),
		DialogButtonPx: max(px(buttonPx+1), dp(16)), TouchPx: dp(MinTouchDp)}
	l.ListRowH = max(px(listRowH), int(math.Round(float64(l.ListPx)*listRowH/listPx)))
	gap := px(pad)
	stH := max(px(statusH), l.StatusPx+l.DetailPx+px(6)+2*gap)
	var boardArea image.Rectangle
	if w > h {
		// Landscape: the board on the left, a panel on the right; two rows of buttons.
		bw := int(math.Min(float64(w-px(minPanelW)), float64(h)*board.UnitsX/board.UnitsY))
		boardArea = image.Rect(0, 0, bw, h)
		l.Status = image.Rect(bw, 0, w, stH)
		l.Bar = image.Rect(bw, h-max(2*px(barH), 2*l.TouchPx+3*gap), w, h)
		l.List = image.Rect(bw+px(pad), l.Status.Max.Y, w-px(pad), l.Bar.Min.Y)
	} else {
		barHpx := max(px(barH), l.TouchPx+2*gap)
		avail := h - stH - barHpx
		minList := px(minListH)
		if v.Review != nil {
			// The graph and the buttons, three lines of words, two rows of the list (each a
			// touch target) and the gaps between.
			minList = max(px(reviewH), 4*l.TouchPx+3*l.ListRowH+5*gap)
		}
		if v.Palette != nil {
			minList = max(minList, paletteMinH(l, gap))
		}
		bh := int(math.Min(float64(avail-minList), float64(w)*board.UnitsY/board.UnitsX))
		boardArea = image.Rect(0, stH, w, stH+bh)
		l.Status = image.Rect(0, 0, w, stH)
		l.Bar = image.Rect(0, h-barHpx, w, h)
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
	if v.Review != nil {
		if err := r.layoutReview(l, v.Review, px); err != nil {
			return nil, err
		}
	} else if v.Palette != nil {
		if err := r.layoutPalette(l, v.Palette, px); err != nil {
			return nil, err
		}
	}
	if err := r.layoutList(l, v, px); err != nil {
		return nil, err
	}
	l.DialogLineH = max(px(textLineH), int(math.Round(float64(l.TextPx)*textLineH/textPx)))
	if v.Dialog != nil {
		if err := r.layoutDialog(l, v.Dialog, px); err != nil {
			return nil, err
		}
	}
	if v.Toast != "" {
		if err := r.layoutToast(l, v.Toast, px); err != nil {
			return nil, err
		}
		l.layoutToastButton(v.ToastButton, px)
	}
	return l, nil
}

// layoutToast places the toast's panel at the top of the move list (over the board's bottom
// when the list is too short for it), its text wrapped to the panel's width.
func (r *Renderer) layoutToast(l *Layout, text string, px func(float64) int) error {
	face, err := r.face(sansFace, l.TextPx)
	if err != nil {
		return err
	}
	area := l.List
	tw := min(area.Dx(), px(dlgMaxWidth))
	l.ToastLines = wrap(face, text, tw-2*px(2*pad))
	th := len(l.ToastLines)*l.DialogLineH + 2*px(pad)
	x0 := area.Min.X + (area.Dx()-tw)/2
	y0 := area.Min.Y + px(pad/2)
	if y0+th > area.Max.Y {
		y0 = max(0, area.Max.Y-th)
	}
	l.Toast = image.Rect(x0, y0, x0+tw, y0+th)
	return nil
}

// scoreSample is the widest score the move list keeps room for whatever the scores shown.
const scoreSample = "-00.00"

func (r *Renderer) layoutList(l *Layout, v *View, px func(float64) int) error {
	f, err := r.face(sansFace, l.ListPx)
	if err != nil {
		return err
	}
	l.ListNumW = max(px(46), int(math.Round(float64(l.ListPx)*46/listPx)))
	widest := 0
	for _, row := range v.Moves {
		widest = max(widest, xfont.MeasureString(f, row.Red).Ceil(), xfont.MeasureString(f, row.Black).Ceil())
	}
	room := l.List.Dx() - l.ListNumW - px(24)
	l.ListColW = room / 2
	scores := v.Review != nil && v.Review.Scores
	for _, row := range v.Moves {
		if scores || row.RedMark != "" || row.BlackMark != "" {
			widest += px(22) // room for a judgement's glyph after the move
			break
		}
	}
	if scores {
		// The same room for a score whatever the analysis has reached: the list does not
		// change its columns as the scores arrive.
		w := xfont.MeasureString(f, scoreSample).Ceil()
		for _, row := range v.Moves {
			w = max(w, xfont.MeasureString(f, row.RedScore).Ceil(), xfont.MeasureString(f, row.BlackScore).Ceil())
		}
		l.ListScoreW = w + px(10)
		// Beside the move when it fits; else on a second line under it, in the same row,
		// when the row holds two lines (a phone's narrow portrait list keeps its two
		// columns); else the list takes one column.
		m := f.Metrics()
		twoLines := 2*m.Height.Ceil()+px(2) <= l.ListRowH
		if widest+l.ListScoreW+px(12) > l.ListColW && twoLines && max(widest, l.ListScoreW)+px(12) <= l.ListColW {
			l.ListScoreBelow = true
		} else {
			widest += l.ListScoreW
		}
	}
	if widest+px(12) > l.ListColW {
		l.ListOneColumn = true
		l.ListColW = room
	}
	current := -1 // the line of the current move
	for i, row := range v.Moves {
		if l.ListOneColumn {
			if row.RedCurrent {
				current = len(l.listRows)
			}
			l.listRows = append(l.listRows, 2*i)
			if row.Black != "" {
				if row.BlackCurrent {
					current = len(l.listRows)
				}
				l.listRows = append(l.listRows, 2*i+1)
			}
			continue
		}
		if row.RedCurrent || row.BlackCurrent {
			current = len(l.listRows)
		}
		l.listRows = append(l.listRows, 2*i)
	}
	rows := len(l.listRows)
	visible := l.List.Dy() - px(pad)
	l.ListMaxScroll = max(0, rows*l.ListRowH-visible)
	l.ListScroll = l.ClampListScroll(v.MoveScroll)
	if v.MoveScroll < 0 && current >= 0 {
		// Follow the current move: its line in the middle of the list.
		top := current*l.ListRowH - (visible-l.ListRowH)/2
		l.ListScroll = l.ClampListScroll(l.ListMaxScroll - top)
	}
	return nil
}

func (r *Renderer) layoutDialog(l *Layout, d *Dialog, px func(float64) int) error {
	margin := px(2 * pad)
	maxH := l.H - 2*margin
	titleH := 0
	if d.Title != "" {
		titleH = int(math.Round(float64(l.TitlePx) * 2.2))
	}
	bh := max(px(dlgButtonH), l.TouchPx)
	gap := px(pad)
	// A vertical list of buttons too tall for the frame (a menu in landscape on a phone) is
	// laid out in as many columns as it needs, on a wider panel; the text keeps at least two
	// lines (it scrolls).
	cols, rows := 1, len(d.Buttons)
	if d.Vertical && rows > 0 {
		minText := 0
		if len(d.Text) > 0 {
			minText = 2*l.DialogLineH + gap
		}
		for cols < len(d.Buttons) {
			rows = (len(d.Buttons) + cols - 1) / cols
			if titleH+minText+rows*(bh+gap)+gap+2*gap <= maxH {
				break
			}
			cols++
			rows = (len(d.Buttons) + cols - 1) / cols
		}
	}
	l.DialogColumns = cols
	dw := min(l.W-2*margin, cols*px(dlgMaxWidth))
	inner := dw - 2*margin
	face, err := r.face(sansFace, l.TextPx)
	if err != nil {
		return err
	}
	for i, para := range d.Text {
		if i > 0 {
			l.DialogLines = append(l.DialogLines, "")
		}
		l.DialogLines = append(l.DialogLines, wrap(face, para, inner)...)
	}
	var buttonsH int
	if d.Vertical {
		buttonsH = rows*(bh+gap) + gap
	} else if len(d.Buttons) > 0 {
		buttonsH = bh + 2*gap
	}
	textH := len(l.DialogLines) * l.DialogLineH
	if textH > 0 {
		textH += gap
	}
	dh := titleH + textH + buttonsH + 2*gap
	if dh > maxH {
		textH -= dh - maxH
		dh = maxH
	}
	x0 := (l.W - dw) / 2
	y0 := (l.H - dh) / 2
	l.Dialog = image.Rect(x0, y0, x0+dw, y0+dh)
	top := y0 + gap + titleH
	l.DialogText = image.Rect(x0+margin, top, x0+dw-margin, top+max(0, textH))
	l.DialogMaxScroll = max(0, len(l.DialogLines)*l.DialogLineH+gap-l.DialogText.Dy())
	by := l.DialogText.Max.Y + gap
	if d.Vertical {
		cw := (dw - margin*(cols+1)) / cols
		for i := range d.Buttons {
			col, row := i/rows, i%rows
			x := x0 + margin + col*(cw+margin)
			y := by + row*(bh+gap)
			l.DialogButtons = append(l.DialogButtons, image.Rect(x, y, x+cw, y+bh))
		}
	} else if n := len(d.Buttons); n > 0 {
		bw := (dw - margin*(n+1)) / n
		for i := range d.Buttons {
			x := x0 + margin + i*(bw+margin)
			l.DialogButtons = append(l.DialogButtons, image.Rect(x, by, x+bw, by+bh))
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
	if p.In(l.ToastButton) && l.toastAction != "" {
		return Target{Kind: TargetButton, Action: l.toastAction, Square: NoSquare}
	}
	for i, r := range l.Buttons {
		if p.In(r) && !l.disabled[i] {
			return Target{Kind: TargetButton, Action: l.actions[i], Square: NoSquare}
		}
	}
	for i, r := range l.PanelButtons {
		if p.In(r) && l.panelActions[i] != "" {
			return Target{Kind: TargetButton, Action: l.panelActions[i], Square: NoSquare}
		}
	}
	if i := l.paletteAt(p); i >= 0 {
		return Target{Kind: TargetPalette, Square: NoSquare, Index: i}
	}
	if p.In(l.Graph) {
		return Target{Kind: TargetGraph, Square: NoSquare, Index: l.graphAt(x)}
	}
	if p.In(l.List) {
		return Target{Kind: TargetMoveList, Square: NoSquare, Index: l.moveAt(p.X, p.Y)}
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
