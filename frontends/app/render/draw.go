package render

import (
	"fmt"
	"image"
	"image/draw"
	"math"

	xfont "golang.org/x/image/font"
)

type faceID uint8

const (
	sansFace faceID = iota
	kaiFace
)

type faceKey struct {
	id faceID
	px int
}

// Renderer draws frames. It caches the faces of the embedded fonts, the board background of
// the last frame size and the piece images, so a frame mostly copies pixels. A Renderer is not
// safe for concurrent use; give each goroutine its own.
type Renderer struct {
	faces   map[faceKey]xfont.Face
	bg      *image.RGBA
	bgKey   bgKey
	sprites map[spriteKey]*image.RGBA
	texts   map[textKey]*textImg
	screen  Screen
}

// SetScreen tells the renderer about the display its frames are shown on (its density), for
// the layouts and frames that follow.
func (r *Renderer) SetScreen(s Screen) { r.screen = s }

// Screen returns what SetScreen set.
func (r *Renderer) Screen() Screen { return r.screen }

// NewRenderer returns a Renderer with empty caches.
func NewRenderer() *Renderer {
	return &Renderer{faces: map[faceKey]xfont.Face{}, sprites: map[spriteKey]*image.RGBA{}, texts: map[textKey]*textImg{}}
}

// Draw draws view v into dst, which it covers entirely, and returns the layout it used (for
// hit-testing touches on this frame). It returns an error only when dst is too small to show
// a board.
func (r *Renderer) Draw(dst *image.RGBA, v *View) (*Layout, error) {
	b := dst.Rect
	if b.Min != (image.Point{}) {
		return nil, fmt.Errorf("render: destination must start at (0,0), got %v", b)
	}
	l, err := r.NewLayout(b.Dx(), b.Dy(), v)
	if err != nil {
		return nil, err
	}
	if err := r.background(l, v.Vietnamese); err != nil {
		return nil, err
	}
	draw.Draw(dst, dst.Rect, r.bg, image.Point{}, draw.Src)
	c := &canvas{dst: dst}
	bl := l.Board
	cell := bl.Cell

	// Last move: a blue tint on both squares. A square next to the river reaches into its
	// text, which is drawn again on top of the tint so that it stays readable.
	for _, sq := range []int{v.LastFrom, v.LastTo} {
		if sq < 0 || sq >= 90 {
			continue
		}
		x, y := bl.Center(sq%9, sq/9)
		h := 0.47 * cell
		rect := image.Rect(int(x-h), int(y-h), int(math.Ceil(x+h)), int(math.Ceil(y+h)))
		c.roundRect(rect, 0.12*cell, uniform(colLastMove))
		if rank := sq / 9; rank == 4 || rank == 5 {
			if err := r.riverText(dst.SubImage(rect).(*image.RGBA), bl, v.Vietnamese); err != nil {
				return nil, err
			}
		}
	}
	if v.Check >= 0 && v.Check < 90 {
		x, y := bl.Center(v.Check%9, v.Check/9)
		c.ring(x, y, 0.5*cell, 0.12*cell, uniform(colCheckGlow))
	}
	for _, sq := range v.Perpetual {
		if sq >= 0 && sq < 90 {
			x, y := bl.Center(sq%9, sq/9)
			c.ring(x, y, 0.5*cell, 0.12*cell, uniform(colPerpetual))
		}
	}
	// Pieces.
	for sq, p := range v.Board {
		if p.Label == "" {
			continue
		}
		s, err := r.sprite(p, cell)
		if err != nil {
			return nil, err
		}
		x, y := bl.Center(sq%9, sq/9)
		o := image.Pt(int(math.Round(x))-s.Rect.Dx()/2, int(math.Round(y))-s.Rect.Dy()/2)
		draw.Draw(dst, s.Rect.Add(o), s, image.Point{}, draw.Over)
	}
	if v.Selected >= 0 && v.Selected < 90 {
		x, y := bl.Center(v.Selected%9, v.Selected/9)
		c.ring(x, y, 0.5*cell, 0.08*cell, uniform(colSelect))
	}
	for _, sq := range v.Targets {
		if sq < 0 || sq >= 90 {
			continue
		}
		x, y := bl.Center(sq%9, sq/9)
		if v.Board[sq].Label != "" {
			c.ring(x, y, 0.5*cell, 0.08*cell, uniform(colDot))
			continue
		}
		c.disc(x, y, 0.15*cell, uniform(colDotEdge))
		c.disc(x, y, 0.125*cell, uniform(colDot))
	}
	drawThreatened(c, l, v.Threatened)
	drawMarks(c, l, v.Marks)
	r.drawArrows(c, l, v.Arrows)
	if err := r.drawStatus(c, l, v); err != nil {
		return nil, err
	}
	if v.Review != nil {
		if err := r.drawReview(c, l, v.Review); err != nil {
			return nil, err
		}
	} else if v.Palette != nil {
		if err := r.drawPalette(c, l, v.Palette); err != nil {
			return nil, err
		}
	}
	if err := r.drawList(c, l, v); err != nil {
		return nil, err
	}
	if err := r.drawBar(c, l, v); err != nil {
		return nil, err
	}
	if v.Toast != "" {
		if err := r.drawToast(c, l); err != nil {
			return nil, err
		}
		if err := r.drawToastButton(c, l, v.ToastButton); err != nil {
			return nil, err
		}
	}
	if v.Dialog != nil {
		if err := r.drawDialog(c, l, v.Dialog); err != nil {
			return nil, err
		}
	}
	return l, nil
}
