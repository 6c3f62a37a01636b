package render

import (
	"image"
	"math"
)

// MarkKind is what a mark on an intersection says (the rules lesson's answers).
type MarkKind uint8

const (
	// MarkTapped is a point the player tapped, not yet checked (a blue dot).
	MarkTapped MarkKind = iota
	// MarkRight is a tapped point the piece can reach (a green ring with a dot).
	MarkRight
	// MarkMissed is a point the piece can reach that was not tapped (a dashed-looking green
	// ring, empty inside).
	MarkMissed
	// MarkWrong is a tapped point the piece cannot reach (a red cross).
	MarkWrong
)

// BoardMark is a mark on one intersection (squares as in View).
type BoardMark struct {
	Square int
	Kind   MarkKind
}

// drawMarks draws the lesson's marks over the pieces.
func drawMarks(c *canvas, l *Layout, marks []BoardMark) {
	cell := l.Board.Cell
	for _, m := range marks {
		if m.Square < 0 || m.Square >= 90 {
			continue
		}
		x, y := l.Board.Center(m.Square%9, m.Square/9)
		switch m.Kind {
		case MarkTapped:
			c.disc(x, y, 0.17*cell, uniform(colMarkEdge))
			c.disc(x, y, 0.14*cell, uniform(colMarkTapped))
		case MarkRight:
			c.ring(x, y, 0.4*cell, 0.09*cell, uniform(colMarkRight))
			c.disc(x, y, 0.12*cell, uniform(colMarkRight))
		case MarkMissed:
			// Eight short arcs: a broken ring, told apart from MarkRight without colour.
			for i := 0; i < 8; i++ {
				a0 := float64(i) * math.Pi / 4
				x0, y0 := x+0.4*cell*math.Cos(a0), y+0.4*cell*math.Sin(a0)
				x1, y1 := x+0.4*cell*math.Cos(a0+math.Pi/8), y+0.4*cell*math.Sin(a0+math.Pi/8)
				c.line(x0, y0, x1, y1, 0.09*cell, uniform(colMarkRight))
			}
		case MarkWrong:
			d := 0.28 * cell
			c.line(x-d, y-d, x+d, y+d, 0.16*cell, uniform(colMarkEdge))
			c.line(x-d, y+d, x+d, y-d, 0.16*cell, uniform(colMarkEdge))
			c.line(x-d, y-d, x+d, y+d, 0.1*cell, uniform(colMarkWrong))
			c.line(x-d, y+d, x+d, y-d, 0.1*cell, uniform(colMarkWrong))
		}
	}
}

// layoutToastButton puts the toast's button (View.ToastButton) at the bottom right of the
// toast's panel, which grows by a touch target's height to hold it; it is hit like a panel
// button.
func (l *Layout) layoutToastButton(b *Button, px func(float64) int) {
	if b == nil || l.Toast.Empty() {
		return
	}
	gap := px(pad)
	h := l.TouchPx
	w := max(l.TouchPx*2, l.Toast.Dx()/3)
	l.Toast.Max.Y += h + gap
	if l.Toast.Max.Y > l.List.Max.Y && l.Toast.Min.Y > 0 {
		shift := min(l.Toast.Max.Y-l.List.Max.Y, l.Toast.Min.Y)
		l.Toast = l.Toast.Sub(image.Pt(0, shift))
	}
	l.ToastButton = image.Rect(l.Toast.Max.X-gap-w, l.Toast.Max.Y-gap-h, l.Toast.Max.X-gap, l.Toast.Max.Y-gap)
	l.toastAction = b.Action
}

// drawToastButton draws the toast's button.
func (r *Renderer) drawToastButton(c *canvas, l *Layout, b *Button) error {
	if b == nil || l.ToastButton.Empty() {
		return nil
	}
	rect := l.ToastButton
	c.roundRect(rect, 8*l.Unit, uniform(colButton))
	return r.drawLabel(c.dst, rect, l.ButtonPx, b.Label, colText)
}
