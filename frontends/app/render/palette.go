package render

import (
	"image"
	"image/draw"
	"math"
)

// Palette is what the position editor shows beside the board, in the move list's panel: the
// pieces to place (a grid of touch targets), a row of buttons and words on the position.
type Palette struct {
	// Pieces are the palette's entries in order; an entry with no Label is the eraser.
	Pieces []Piece
	// Selected is the index of the entry a tap on the board places.
	Selected int
	// Buttons is the panel's row of buttons (clear, start position, side to move).
	Buttons []Button
	// Words are the paragraphs on the position set up (why it is impossible, or its FEN).
	Words []string
}

// paletteColumns is the most entries a row of the palette holds.
const paletteColumns = 8

// paletteMinH returns the least height, in pixels, of the editor's panel on a portrait frame:
// two rows of entries, a row of buttons and two lines of words.
func paletteMinH(l *Layout, gap int) int {
	return 3*l.TouchPx + 2*l.ListRowH + 5*gap
}

// layoutPalette splits l.List into the palette's grid, its buttons and its words; the move
// list, with no moves to show, keeps no room.
func (r *Renderer) layoutPalette(l *Layout, p *Palette, px func(float64) int) error {
	area := l.List
	gap := px(pad)
	n := len(p.Pieces)
	cols := min(paletteColumns, max(1, n))
	// Fewer columns when a cell would be narrower than a touch target.
	for cols > 1 && (area.Dx()-(cols-1)*min(gap, 4))/cols < l.TouchPx {
		cols--
	}
	g := gap
	if cols > 1 {
		g = min(gap, max(0, (area.Dx()-cols*l.TouchPx)/(cols-1)))
	}
	cw := (area.Dx() - (cols-1)*g) / cols
	ch := max(l.TouchPx, min(cw, int(float64(l.TouchPx)*1.25)))
	y := area.Min.Y + gap/2
	for i := range p.Pieces {
		row, col := i/cols, i%cols
		x := area.Min.X + col*(cw+g)
		top := y + row*(ch+g)
		l.PaletteCells = append(l.PaletteCells, image.Rect(x, top, x+cw, top+ch))
	}
	rows := (n + cols - 1) / cols
	y += rows*(ch+g) + gap/2
	if k := len(p.Buttons); k > 0 {
		bw := (area.Dx() - gap*(k-1)) / k
		for i, b := range p.Buttons {
			x := area.Min.X + i*(bw+gap)
			l.PanelButtons = append(l.PanelButtons, image.Rect(x, y, x+bw, y+l.TouchPx))
			a := b.Action
			if b.Disabled {
				a = ""
			}
			l.panelActions = append(l.panelActions, a)
		}
		y += l.TouchPx + gap/2
	}
	face, err := r.face(sansFace, l.ListPx)
	if err != nil {
		return err
	}
	for _, w := range p.Words {
		l.WordLines = append(l.WordLines, wrap(face, w, area.Dx()-px(12))...)
	}
	l.WordLineH = l.ListRowH
	maxWords := max(1, (area.Max.Y-y)/l.ListRowH)
	if len(l.WordLines) > maxWords {
		l.WordLines = append(l.WordLines[:maxWords-1], l.WordLines[maxWords-1]+" …")
	}
	l.Words = image.Rect(area.Min.X, y, area.Max.X, y+len(l.WordLines)*l.ListRowH)
	l.List = image.Rect(area.Min.X, area.Max.Y, area.Max.X, area.Max.Y) // no moves to list
	return nil
}

// paletteAt returns the palette entry at p, or −1.
func (l *Layout) paletteAt(p image.Point) int {
	for i, r := range l.PaletteCells {
		if p.In(r) {
			return i
		}
	}
	return -1
}

// drawPalette draws the palette's entries (the chosen one framed), its buttons and its words.
func (r *Renderer) drawPalette(c *canvas, l *Layout, p *Palette) error {
	u := l.Unit
	for i, pc := range p.Pieces {
		rect := l.PaletteCells[i]
		if i == p.Selected {
			c.roundRect(rect, 6*u, uniform(colSelect))
			c.roundRect(rect.Inset(max(2, int(math.Round(3*u)))), 5*u, uniform(colListCurrent))
		} else {
			c.roundRect(rect, 6*u, uniform(colButtonOff))
		}
		cell := float64(min(rect.Dx(), rect.Dy())) / 1.05
		cx, cy := float64(rect.Min.X)+float64(rect.Dx())/2, float64(rect.Min.Y)+float64(rect.Dy())/2
		if pc.Label == "" { // the eraser: a cross
			d := 0.28 * cell
			w := math.Max(2, 0.08*cell)
			c.line(cx-d, cy-d, cx+d, cy+d, w, uniform(colText))
			c.line(cx-d, cy+d, cx+d, cy-d, w, uniform(colText))
			continue
		}
		s, err := r.sprite(pc, cell)
		if err != nil {
			return err
		}
		o := image.Pt(int(math.Round(cx))-s.Rect.Dx()/2, int(math.Round(cy))-s.Rect.Dy()/2)
		draw.Draw(c.dst, s.Rect.Add(o), s, image.Point{}, draw.Over)
	}
	return r.drawPanelText(c, l, p.Buttons)
}
