package render

import (
	"fmt"
	"image"
	"image/draw"
)

// Icon draws the app's launcher icon, size×size pixels: a red general (帥) on a rounded wooden
// square. The Android icon (assets/icon.png, 192×192) is made with it by
// frontends/android/internal/mkicon.
func Icon(size int) (*image.RGBA, error) {
	if size < 16 {
		return nil, fmt.Errorf("render: icon size %d px is below 16", size)
	}
	img := image.NewRGBA(image.Rect(0, 0, size, size))
	c := &canvas{dst: img}
	s := float64(size)
	r := img.Rect
	c.roundRect(r, 0.18*s, uniform(colFrame))
	inner := r.Inset(int(0.05 * s))
	wood := image.NewRGBA(inner)
	draw.Draw(wood, inner, woodTexture(inner), inner.Min, draw.Src)
	c.roundRect(inner, 0.14*s, wood)
	// A grid crossing behind the piece, as on the board.
	line := uniform(colLine)
	c.line(0.5*s, 0.12*s, 0.5*s, 0.88*s, 0.025*s, line)
	c.line(0.12*s, 0.5*s, 0.88*s, 0.5*s, 0.025*s, line)
	rend := NewRenderer()
	sp, err := rend.sprite(Piece{Label: "帥", Red: true}, 0.78*s/0.45/2)
	if err != nil {
		return nil, err
	}
	o := image.Pt(size/2-sp.Rect.Dx()/2, size/2-sp.Rect.Dy()/2)
	draw.Draw(img, sp.Rect.Add(o), sp, image.Point{}, draw.Over)
	return img, nil
}
