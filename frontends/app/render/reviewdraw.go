package render

import (
	"image"
	"image/color"
	"math"

	"golang.org/x/image/vector"
)

// markColour is the colour of a judgement's glyph.
func markColour(mark string) color.RGBA {
	switch mark {
	case "??":
		return colBlunder
	case "?":
		return colMistake
	}
	return colInaccuracy
}

// drawReview draws the review panel: the evaluation graph, the panel's buttons and the words.
func (r *Renderer) drawReview(c *canvas, l *Layout, rp *ReviewPanel) error {
	if rp.Graph != nil {
		if err := r.drawGraph(c, l, rp); err != nil {
			return err
		}
	}
	return r.drawPanelText(c, l, rp.Buttons)
}

// drawPanelText draws the panel's buttons (in l.PanelButtons) and its words (l.WordLines in
// l.Words), as the review and the editor's palette share them.
func (r *Renderer) drawPanelText(c *canvas, l *Layout, buttons []Button) error {
	u := l.Unit
	for i, b := range buttons {
		rect := l.PanelButtons[i]
		bg, fg := colButton, colText
		if b.Disabled {
			bg, fg = colButtonOff, colTextDim
		}
		c.roundRect(rect, 8*u, uniform(bg))
		if err := r.drawLabel(c.dst, rect, l.ButtonPx, b.Label, fg); err != nil {
			return err
		}
	}
	if len(l.WordLines) == 0 {
		return nil
	}
	f, err := r.face(sansFace, l.ListPx)
	if err != nil {
		return err
	}
	m := f.Metrics()
	for i, line := range l.WordLines {
		y := l.Words.Min.Y + i*l.WordLineH + (l.WordLineH-m.Height.Round())/2 + m.Ascent.Round()
		if err := r.drawText(c.dst, l.Words, sansFace, l.ListPx, line, l.Words.Min.X+int(math.Round(6*u)), y, colText); err != nil {
			return err
		}
	}
	return nil
}

// drawGraph draws Red's winning chances over the game: Red's side above the middle line in
// red, Black's below in grey, the labels of the two halves, the line itself, dots for the
// judged moves and the cursor.
func (r *Renderer) drawGraph(c *canvas, l *Layout, rp *ReviewPanel) error {
	g := l.Graph
	u := l.Unit
	c.roundRect(g, 6*u, uniform(colGraphBg))
	mid := float64(g.Min.Y) + float64(g.Dy())/2
	half := float64(g.Dy())/2 - 3
	yOf := func(w float64) float64 { return mid - w*half }
	// Filled area, column by column between known points.
	for p := 0; p+1 < len(rp.Graph); p++ {
		a, b := rp.Graph[p], rp.Graph[p+1]
		if math.IsNaN(a) || math.IsNaN(b) {
			continue
		}
		x0, x1 := l.graphX(p), l.graphX(p+1)
		for x := int(math.Floor(x0)); x < int(math.Ceil(x1)); x++ {
			t := (float64(x) + 0.5 - x0) / (x1 - x0)
			w := a + (b-a)*math.Min(1, math.Max(0, t))
			y := yOf(w)
			if w >= 0 {
				c.fill(image.Rect(x, int(math.Round(y)), x+1, int(math.Round(mid))), uniform(colGraphRed))
			} else {
				c.fill(image.Rect(x, int(math.Round(mid)), x+1, int(math.Round(y))), uniform(colGraphBlack))
			}
		}
	}
	if rp.GraphAbove != "" || rp.GraphBelow != "" {
		f, err := r.face(sansFace, l.DetailPx)
		if err != nil {
			return err
		}
		m := f.Metrics()
		x := g.Min.X + int(math.Round(6*u))
		if err := r.drawText(c.dst, g, sansFace, l.DetailPx, rp.GraphAbove, x, g.Min.Y+2+m.Ascent.Round(), colTextDim); err != nil {
			return err
		}
		if err := r.drawText(c.dst, g, sansFace, l.DetailPx, rp.GraphBelow, x, g.Max.Y-2-m.Descent.Round(), colTextDim); err != nil {
			return err
		}
	}
	c.line(float64(g.Min.X+2), mid, float64(g.Max.X-2), mid, math.Max(1, u), uniform(colListNum))
	lw := math.Max(1.5, 2*u)
	for p := 0; p+1 < len(rp.Graph); p++ {
		a, b := rp.Graph[p], rp.Graph[p+1]
		if math.IsNaN(a) || math.IsNaN(b) {
			continue
		}
		c.line(l.graphX(p), yOf(a), l.graphX(p+1), yOf(b), lw, uniform(colGraphLine))
	}
	if rp.Cursor >= 0 && rp.Cursor < len(rp.Graph) {
		x := l.graphX(rp.Cursor)
		c.line(x, float64(g.Min.Y+2), x, float64(g.Max.Y-2), math.Max(2, 2.5*u), uniform(colGraphCursor))
	}
	for p, m := range rp.Marks {
		if m == "" || p >= len(rp.Graph) || math.IsNaN(rp.Graph[p]) {
			continue
		}
		c.disc(l.graphX(p), yOf(rp.Graph[p]), math.Max(3, 4*u), uniform(markColour(m)))
	}
	return nil
}

// drawArrows draws the view's arrows over the pieces: a shaft from one intersection to the
// other and a head at its end.
func (r *Renderer) drawArrows(c *canvas, l *Layout, arrows []Arrow) {
	bl := l.Board
	cell := bl.Cell
	for _, a := range arrows {
		if a.From < 0 || a.From >= 90 || a.To < 0 || a.To >= 90 || a.From == a.To {
			continue
		}
		x0, y0 := bl.Center(a.From%9, a.From/9)
		x1, y1 := bl.Center(a.To%9, a.To/9)
		var col color.Color = colArrowBetter
		switch a.Kind {
		case ArrowHint:
			col = colArrowHint
		case ArrowThreat:
			col = colArrowThreat
		}
		arrowPath(c, x0, y0, x1, y1, 0.16*cell, 0.42*cell, 0.4*cell, uniform(col))
	}
}

// arrowPath fills an arrow from (x0, y0) to (x1, y1): a shaft of width w and a head of width
// hw and length hl whose point is at (x1, y1).
func arrowPath(c *canvas, x0, y0, x1, y1, w, hw, hl float64, src image.Image) {
	dx, dy := x1-x0, y1-y0
	n := math.Hypot(dx, dy)
	if n < hl {
		return
	}
	ux, uy := dx/n, dy/n
	nx, ny := -uy, ux
	bx, by := x1-ux*hl, y1-uy*hl // the base of the head
	pts := [][2]float64{
		{x0 + nx*w/2, y0 + ny*w/2}, {bx + nx*w/2, by + ny*w/2}, {bx + nx*hw/2, by + ny*hw/2}, {x1, y1},
		{bx - nx*hw/2, by - ny*hw/2}, {bx - nx*w/2, by - ny*w/2}, {x0 - nx*w/2, y0 - ny*w/2},
	}
	bb := image.Rect(int(math.Min(x0, x1)-hw-2), int(math.Min(y0, y1)-hw-2), int(math.Max(x0, x1)+hw+2), int(math.Max(y0, y1)+hw+2))
	c.path(bb, src, func(z *vector.Rasterizer, ox, oy float32) {
		z.MoveTo(float32(pts[0][0])-ox, float32(pts[0][1])-oy)
		for _, p := range pts[1:] {
			z.LineTo(float32(p[0])-ox, float32(p[1])-oy)
		}
		z.ClosePath()
	})
}

// drawThreatened rings the squares of the pieces that would be lost to an exchange.
func drawThreatened(c *canvas, l *Layout, squares []int) {
	cell := l.Board.Cell
	for _, sq := range squares {
		if sq >= 0 && sq < 90 {
			x, y := l.Board.Center(sq%9, sq/9)
			c.ring(x, y, 0.52*cell, 0.1*cell, uniform(colThreatRing))
		}
	}
}
