package render

import (
	"image"
	"image/color"
	"image/draw"

	xfont "golang.org/x/image/font"
	"golang.org/x/image/math/fixed"

	"github.com/cotuong-ai/cotuong/frontends/app/font"
)

type textKey struct {
	id faceID
	px int
	s  string
}

// textImg is a rendered string: its coverage mask, where the mask's top-left corner is
// relative to the pen position on the baseline, and its advance.
type textImg struct {
	mask *image.Alpha
	off  image.Point
	adv  int
}

// maxTexts bounds the text cache; it is emptied when full.
const maxTexts = 1024

// text returns (and caches) the rendering of s in face id at px pixels.
func (r *Renderer) text(id faceID, px int, s string) (*textImg, error) {
	k := textKey{id, px, s}
	if t, ok := r.texts[k]; ok {
		return t, nil
	}
	face, err := r.face(id, px)
	if err != nil {
		return nil, err
	}
	b, adv := xfont.BoundString(face, s)
	rect := image.Rect(b.Min.X.Floor(), b.Min.Y.Floor(), b.Max.X.Ceil(), b.Max.Y.Ceil())
	mask := image.NewAlpha(image.Rect(0, 0, rect.Dx(), rect.Dy()))
	d := xfont.Drawer{Dst: mask, Src: image.Opaque, Face: face, Dot: fixed.P(-rect.Min.X, -rect.Min.Y)}
	d.DrawString(s)
	t := &textImg{mask: mask, off: rect.Min, adv: adv.Round()}
	if len(r.texts) >= maxTexts {
		clear(r.texts)
	}
	r.texts[k] = t
	return t, nil
}

// drawText draws s with its baseline starting at (x, y), clipped to clip.
func (r *Renderer) drawText(dst *image.RGBA, clip image.Rectangle, id faceID, px int, s string, x, y int, col color.Color) error {
	if s == "" {
		return nil
	}
	t, err := r.text(id, px, s)
	if err != nil {
		return err
	}
	at := image.Pt(x, y).Add(t.off)
	rect := t.mask.Rect.Add(at).Intersect(clip)
	draw.DrawMask(dst, rect, uniform(col), image.Point{}, t.mask, rect.Min.Sub(at), draw.Over)
	return nil
}

// drawTextMid draws s horizontally centred on cx with its line box vertically centred on cy.
func (r *Renderer) drawTextMid(dst *image.RGBA, clip image.Rectangle, id faceID, px int, s string, cx, cy int, col color.Color) error {
	face, err := r.face(id, px)
	if err != nil {
		return err
	}
	t, err := r.text(id, px, s)
	if err != nil {
		return err
	}
	m := face.Metrics()
	base := cy + (m.Ascent.Round()-m.Descent.Round())/2
	return r.drawText(dst, clip, id, px, s, cx-t.adv/2, base, col)
}

// drawLabel draws a button's label centred in rect: at px, or where the label is wider than
// the button less a quarter of its height on each side, at the largest size that fits, down
// to three fifths of px (a long label on a phone's narrow button).
func (r *Renderer) drawLabel(dst *image.RGBA, rect image.Rectangle, px int, s string, col color.Color) error {
	fit, err := r.fitPx(sansFace, px, s, rect.Dx()-rect.Dy()/2)
	if err != nil {
		return err
	}
	return r.drawTextMid(dst, rect, sansFace, fit, s, rect.Min.X+rect.Dx()/2, rect.Min.Y+rect.Dy()/2, col)
}

// fitPx returns the largest size from px down to 3/5 of px at which s is at most width
// pixels wide in face id (3/5 of px when none is).
func (r *Renderer) fitPx(id faceID, px int, s string, width int) (int, error) {
	for p := px; ; p-- {
		t, err := r.text(id, p, s)
		if err != nil {
			return 0, err
		}
		if t.adv <= width || p <= px*3/5 {
			return p, nil
		}
	}
}

func (r *Renderer) face(id faceID, px int) (xfont.Face, error) {
	px = max(px, 4)
	k := faceKey{id, px}
	if f, ok := r.faces[k]; ok {
		return f, nil
	}
	fam := font.Sans
	if id == kaiFace {
		fam = font.Kai
	}
	f, err := font.NewFace(fam, px)
	if err != nil {
		return nil, err
	}
	r.faces[k] = f
	return f, nil
}

// drawCentered draws s with its ink box centred on (cx, cy).
func drawCentered(dst draw.Image, face xfont.Face, s string, cx, cy float64, col color.Color) {
	bounds, _ := xfont.BoundString(face, s)
	w := float64(bounds.Max.X-bounds.Min.X) / 64
	h := float64(bounds.Max.Y-bounds.Min.Y) / 64
	x := cx - w/2 - float64(bounds.Min.X)/64
	y := cy - h/2 - float64(bounds.Min.Y)/64
	d := xfont.Drawer{Dst: dst, Src: uniform(col), Face: face, Dot: fixed.Point26_6{X: fixed.Int26_6(x * 64), Y: fixed.Int26_6(y * 64)}}
	d.DrawString(s)
}
