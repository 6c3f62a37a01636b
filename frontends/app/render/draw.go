package render

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"math"
	"strconv"
	"unicode"

	xfont "golang.org/x/image/font"
	"golang.org/x/image/math/fixed"

	"github.com/cotuong-ai/cotuong/frontends/app/board"
	"github.com/cotuong-ai/cotuong/frontends/app/font"
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

type bgKey struct {
	w, h              int
	flipped           bool
	vietnamese        bool
	cell              float64
	status, list, bar image.Rectangle
}

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

type spriteKey struct {
	label string
	red   bool
	cell  int
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
}

// NewRenderer returns a Renderer with empty caches.
func NewRenderer() *Renderer {
	return &Renderer{faces: map[faceKey]xfont.Face{}, sprites: map[spriteKey]*image.RGBA{}, texts: map[textKey]*textImg{}}
}

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
	if err := r.drawStatus(c, l, v); err != nil {
		return nil, err
	}
	if err := r.drawList(c, l, v); err != nil {
		return nil, err
	}
	if err := r.drawBar(c, l, v); err != nil {
		return nil, err
	}
	if v.Dialog != nil {
		if err := r.drawDialog(c, l, v.Dialog); err != nil {
			return nil, err
		}
	}
	return l, nil
}

// background renders (or reuses) the static part of the frame: the table, the wooden board,
// its lines, palaces, river text, position marks and file numbers (in Vietnamese style when
// vietnamese is set: see View.Vietnamese).
func (r *Renderer) background(l *Layout, vietnamese bool) error {
	k := bgKey{l.W, l.H, l.Board.Flipped, vietnamese, l.Board.Cell, l.Status, l.List, l.Bar}
	if r.bg != nil && r.bgKey == k {
		return nil
	}
	bg := image.NewRGBA(image.Rect(0, 0, l.W, l.H))
	c := &canvas{dst: bg}
	draw.Draw(bg, bg.Rect, uniform(colTable), image.Point{}, draw.Src)
	bl := l.Board
	cell := bl.Cell
	outer := bl.Bounds()
	c.roundRect(outer.Add(image.Pt(int(0.04*cell), int(0.06*cell))), 0.2*cell, uniform(color.RGBA{0, 0, 0, 0x70}))
	c.roundRect(outer, 0.2*cell, uniform(colFrame))
	inner := outer.Inset(int(math.Max(2, 0.1*cell)))
	draw.Draw(bg, inner, woodTexture(inner), inner.Min, draw.Src)
	c.roundCorners(inner, 0.14*cell, uniform(colFrame))
	// The panels of the status bar, the move list and the button bar.
	c.fill(l.Status, uniform(colStatusBg))
	c.fill(l.Bar, uniform(colStatusBg))
	if l.List.Dy() >= l.ListRowH {
		c.roundRect(l.List.Inset(int(math.Round(2*l.Unit))), 6*l.Unit, uniform(colListBg))
	}

	lw := math.Max(1, cell*0.03)
	line := uniform(colLine)
	seg := func(c0, r0, c1, r1 float64, w float64) {
		x0, y0 := bl.X0+c0*cell, bl.Y0+r0*cell
		x1, y1 := bl.X0+c1*cell, bl.Y0+r1*cell
		c.line(x0, y0, x1, y1, w, line)
	}
	// Outer double border.
	e := 0.14
	for _, s := range [][4]float64{{-e, -e, 8 + e, -e}, {-e, 9 + e, 8 + e, 9 + e}, {-e, -e, -e, 9 + e}, {8 + e, -e, 8 + e, 9 + e}} {
		seg(s[0], s[1], s[2], s[3], 2.2*lw)
	}
	for row := 0; row < 10; row++ {
		seg(0, float64(row), 8, float64(row), lw)
	}
	for col := 0; col < 9; col++ {
		if col == 0 || col == 8 {
			seg(float64(col), 0, float64(col), 9, lw)
			continue
		}
		seg(float64(col), 0, float64(col), 4, lw)
		seg(float64(col), 5, float64(col), 9, lw)
	}
	// Palaces.
	for _, r0 := range []float64{0, 7} {
		seg(3, r0, 5, r0+2, lw)
		seg(5, r0, 3, r0+2, lw)
	}
	// Position marks at the cannons' and soldiers' starting points (symmetric, so the same
	// on a flipped board).
	marks := [][2]int{{1, 2}, {7, 2}, {1, 7}, {7, 7}}
	for col := 0; col <= 8; col += 2 {
		marks = append(marks, [2]int{col, 3}, [2]int{col, 6})
	}
	g, m := 0.08, 0.22
	for _, mk := range marks {
		for _, dx := range []float64{-1, 1} {
			if (mk[0] == 0 && dx < 0) || (mk[0] == 8 && dx > 0) {
				continue
			}
			for _, dy := range []float64{-1, 1} {
				x, y := float64(mk[0])+dx*g, float64(mk[1])+dy*g
				seg(x, y, x+dx*m, y, lw)
				seg(x, y, x, y+dy*m, lw)
			}
		}
	}
	if err := r.riverText(bg, bl, vietnamese); err != nil {
		return err
	}
	// File numbers: Red's in Chinese numerals (一 at Red's right, file i), Black's in digits
	// (1 at Black's right, file a), each on its own side of the board.
	num, err := r.face(sansFace, int(0.3*cell))
	if err != nil {
		return err
	}
	numK, err := r.face(kaiFace, int(0.34*cell))
	if err != nil {
		return err
	}
	for f := 0; f < 9; f++ {
		x, y0 := bl.Center(f, 0)
		_, y9 := bl.Center(f, 9)
		dir := 1.0
		if y0 < y9 {
			dir = -1
		}
		if vietnamese {
			drawCentered(bg, num, strconv.Itoa(9-f), x, y0+dir*0.8*cell, colNumber)
		} else {
			drawCentered(bg, numK, ChineseNumeral(9-f), x, y0+dir*0.8*cell, colNumber)
		}
		drawCentered(bg, num, strconv.Itoa(f+1), x, y9-dir*0.8*cell, colNumber)
	}
	r.bg, r.bgKey = bg, k
	return nil
}

// riverText draws the river text (楚河 漢界, or Sở hà  Hán giới when vietnamese is set) on
// dst, clipped to dst's bounds, in the middle of the river of board geometry bl.
func (r *Renderer) riverText(dst draw.Image, bl board.Layout, vietnamese bool) error {
	cell := bl.Cell
	_, ry := bl.ColRowCenter(0, 4)
	ry += cell / 2
	if vietnamese {
		viet, err := r.face(kaiFace, int(0.5*cell))
		if err != nil {
			return err
		}
		for i, s := range RiverVietnamese {
			drawCentered(dst, viet, s, bl.X0+[]float64{2, 6}[i]*cell, ry, colRiverText)
		}
		return nil
	}
	kai, err := r.face(kaiFace, int(0.62*cell))
	if err != nil {
		return err
	}
	for i, ch := range []string{"楚", "河", "漢", "界"} {
		col := []float64{1.6, 2.7, 5.3, 6.4}[i]
		drawCentered(dst, kai, ch, bl.X0+col*cell, ry, colRiverText)
	}
	return nil
}

// RiverVietnamese is the river text of the Vietnamese style, Sở hà (楚河) on the left and
// Hán giới (漢界) on the right.
var RiverVietnamese = [2]string{"Sở hà", "Hán giới"}

// ChineseNumeral returns the Chinese numeral for n in 1..9 ("一".."九"), as Red's files are
// numbered, or the decimal digits otherwise.
func ChineseNumeral(n int) string {
	if n >= 1 && n <= 9 {
		return string([]rune("一二三四五六七八九")[n-1])
	}
	return strconv.Itoa(n)
}

// sinLUT is a table of sin over one period, for the wood texture.
var sinLUT = func() (t [4096]float64) {
	for i := range t {
		t[i] = math.Sin(2 * math.Pi * float64(i) / float64(len(t)))
	}
	return t
}()

func fastSin(x float64) float64 {
	i := int(x*(float64(len(sinLUT))/(2*math.Pi))) & (len(sinLUT) - 1)
	return sinLUT[i]
}

// woodTexture paints a procedural light wood grain over rectangle r.
func woodTexture(r image.Rectangle) *image.RGBA {
	img := image.NewRGBA(r)
	w := r.Dx()
	// Per-column terms.
	warp1, warp2, sa, ca := make([]float64, w), make([]float64, w), make([]float64, w), make([]float64, w)
	for i := range w {
		fx := float64(r.Min.X + i)
		warp1[i] = 4 * math.Sin(fx*0.011)
		warp2[i] = 2 * math.Sin(fx*0.023)
		sa[i], ca[i] = math.Sincos(fx * 0.037)
	}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		fy := float64(y)
		sb, cb := math.Sincos(fy * 0.013)
		row := img.Pix[img.PixOffset(r.Min.X, y):]
		for i := range w {
			// 1.7 sin(0.037x + 0.013y) by the angle-sum rule.
			cross := 1.7 * (sa[i]*cb + ca[i]*sb)
			grain := 0.5*fastSin(fy*0.21+warp1[i]+cross) + 0.35*fastSin(fy*0.57+warp2[i])
			c := lerp(colWood, colWoodDark, math.Max(0, math.Min(1, 0.5+0.35*grain)))
			row[4*i], row[4*i+1], row[4*i+2], row[4*i+3] = c.R, c.G, c.B, 0xff
		}
	}
	return img
}

// sprite returns (and caches) the image of piece p for a cell of the given size: shadow, an
// ivory disc with a rim, an inner ring and the label in red or black ink.
func (r *Renderer) sprite(p Piece, cell float64) (*image.RGBA, error) {
	k := spriteKey{p.Label, p.Red, int(math.Round(cell * 4))}
	if s, ok := r.sprites[k]; ok {
		return s, nil
	}
	rad := 0.45 * cell
	size := int(math.Ceil(2*rad + 0.2*cell))
	if size%2 == 1 {
		size++
	}
	s := image.NewRGBA(image.Rect(0, 0, size, size))
	c := &canvas{dst: s}
	cx, cy := float64(size)/2, float64(size)/2
	ink := colBlackInk
	if p.Red {
		ink = colRedInk
	}
	c.disc(cx+0.03*cell, cy+0.06*cell, rad, uniform(colShadow))
	c.disc(cx, cy, rad, &radial{cx: cx - 0.3*rad, cy: cy - 0.35*rad, r: 1.5 * rad, inner: colPieceHi, outer: colPieceLo})
	c.ring(cx, cy, rad-0.025*cell, 0.05*cell, uniform(colPieceRim))
	c.ring(cx, cy, 0.355*cell, 0.03*cell, uniform(ink))
	isHan := false
	for _, ch := range p.Label {
		isHan = unicode.Is(unicode.Han, ch)
	}
	var face xfont.Face
	var err error
	switch n := len([]rune(p.Label)); {
	case isHan:
		face, err = r.face(kaiFace, int(0.56*cell))
	case n == 1:
		face, err = r.face(sansFace, int(0.42*cell))
	default:
		face, err = r.face(sansFace, int(0.34*cell))
	}
	if err != nil {
		return nil, err
	}
	drawCentered(s, face, p.Label, cx, cy, ink)
	// Bold by overdrawing the label shifted a fraction of a pixel-width to the right.
	if isHan {
		drawCentered(s, face, p.Label, cx+math.Max(0.6, 0.012*cell), cy, ink)
	}
	r.sprites[k] = s
	return s, nil
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

func (r *Renderer) drawStatus(c *canvas, l *Layout, v *View) error {
	u := l.Unit
	px := func(x float64) int { return int(math.Round(x * u)) }
	sf, err := r.face(sansFace, px(statusPx))
	if err != nil {
		return err
	}
	df, err := r.face(sansFace, px(detailPx))
	if err != nil {
		return err
	}
	// Side-to-move marker: the mover's general as a small piece, or a disc of its colour.
	mr := float64(px(17))
	mx, my := float64(l.Status.Min.X+px(12))+mr, float64(l.Status.Min.Y+l.Status.Dy()/2)
	if v.ToMove.Label != "" {
		sp, err := r.sprite(v.ToMove, 2*mr/0.9)
		if err != nil {
			return err
		}
		o := image.Pt(int(math.Round(mx))-sp.Rect.Dx()/2, int(math.Round(my))-sp.Rect.Dy()/2)
		draw.Draw(c.dst, sp.Rect.Add(o), sp, image.Point{}, draw.Over)
	} else {
		ink := colBlackInk
		if v.RedToMove {
			ink = colRedInk
		}
		c.disc(mx, my, mr*0.8, uniform(colPieceHi))
		c.disc(mx, my, mr*0.6, uniform(ink))
	}
	col := colText
	switch v.Tone {
	case ToneThinking:
		col = colThinking
	case ToneAlert:
		col = colAlert
	case ToneFinal:
		col = colFinal
	}
	x := int(mx+mr) + px(12)
	clip := l.Status
	if v.Detail == "" {
		return r.drawText(c.dst, clip, sansFace, px(statusPx), v.Status, x, l.Status.Min.Y+l.Status.Dy()/2+(sf.Metrics().Ascent.Round()-sf.Metrics().Descent.Round())/2, col)
	}
	top := l.Status.Min.Y + (l.Status.Dy()-px(statusPx+detailPx+6))/2
	if err := r.drawText(c.dst, clip, sansFace, px(statusPx), v.Status, x, top+sf.Metrics().Ascent.Round(), col); err != nil {
		return err
	}
	return r.drawText(c.dst, clip, sansFace, px(detailPx), v.Detail, x, top+px(statusPx+6)+df.Metrics().Ascent.Round(), colTextDim)
}

func (r *Renderer) drawList(c *canvas, l *Layout, v *View) error {
	c0 := c
	u := l.Unit
	px := func(x float64) int { return int(math.Round(x * u)) }
	if l.List.Dy() < l.ListRowH {
		return nil
	}
	f, err := r.face(sansFace, px(listPx))
	if err != nil {
		return err
	}
	clip := l.List.Inset(px(3))
	if len(v.Moves) == 0 {
		return r.drawTextMid(c.dst, clip, sansFace, px(listPx), "Moves will be listed here", l.List.Min.X+l.List.Dx()/2, l.List.Min.Y+l.List.Dy()/2, colListNum)
	}
	scroll := l.ClampListScroll(v.MoveScroll)
	offset := l.ListMaxScroll - scroll
	asc := f.Metrics().Ascent.Round()
	lastRow := len(v.Moves) - 1
	lastIsBlack := v.Moves[lastRow].Black != ""
	x := l.List.Min.X + px(10)
	line := 0
	var drawErr error
	put := func(num, move string, col int, c color.Color) {
		y := l.List.Min.Y + px(pad/2) + line*l.ListRowH - offset
		if y+l.ListRowH >= l.List.Min.Y && y <= l.List.Max.Y && drawErr == nil {
			base := y + (l.ListRowH-f.Metrics().Height.Round())/2 + asc
			if num != "" {
				drawErr = r.drawText(c0.dst, clip, sansFace, px(listPx), num, x, base, colListNum)
			}
			if drawErr == nil {
				drawErr = r.drawText(c0.dst, clip, sansFace, px(listPx), move, x+l.ListNumW+col*l.ListColW, base, c)
			}
		}
	}
	for i, row := range v.Moves {
		rc, bc := colText, colText
		if i == lastRow {
			if lastIsBlack {
				bc = colListLast
			} else {
				rc = colListLast
			}
		}
		num := strconv.Itoa(row.Num) + "."
		if l.ListOneColumn {
			put(num, row.Red, 0, rc)
			line++
			if row.Black != "" {
				put("", row.Black, 0, bc)
				line++
			}
			continue
		}
		put(num, row.Red, 0, rc)
		put("", row.Black, 1, bc)
		line++
	}
	if l.ListMaxScroll > 0 {
		// A thin scroll bar on the right.
		h := l.List.Dy() - px(8)
		bh := max(px(16), h*l.List.Dy()/(l.List.Dy()+l.ListMaxScroll))
		by := l.List.Min.Y + px(4) + (h-bh)*(l.ListMaxScroll-scroll)/l.ListMaxScroll
		c.roundRect(image.Rect(l.List.Max.X-px(7), by, l.List.Max.X-px(3), by+bh), 2*u, uniform(colListNum))
	}
	return drawErr
}

func (r *Renderer) drawBar(c *canvas, l *Layout, v *View) error {
	bpx := int(math.Round(buttonPx * l.Unit))
	for i, b := range v.Bar {
		rect := l.Buttons[i]
		bg, fg := colButton, colText
		if b.Disabled {
			bg, fg = colButtonOff, colTextDim
		}
		c.roundRect(rect, 8*l.Unit, uniform(bg))
		if err := r.drawTextMid(c.dst, rect, sansFace, bpx, b.Label, rect.Min.X+rect.Dx()/2, rect.Min.Y+rect.Dy()/2, fg); err != nil {
			return err
		}
	}
	return nil
}

func (r *Renderer) drawDialog(c *canvas, l *Layout, d *Dialog) error {
	u := l.Unit
	px := func(x float64) int { return int(math.Round(x * u)) }
	c.fill(c.dst.Rect, uniform(colBackdrop))
	c.roundRect(l.Dialog.Add(image.Pt(px(3), px(5))), 14*u, uniform(color.RGBA{0, 0, 0, 0x80}))
	c.roundRect(l.Dialog, 14*u, uniform(colPanel))
	if d.Title != "" {
		if err := r.drawTextMid(c.dst, l.Dialog, sansFace, px(titlePx), d.Title, l.Dialog.Min.X+l.Dialog.Dx()/2, l.Dialog.Min.Y+px(pad)+px(titlePx*1.1), colPanelText); err != nil {
			return err
		}
	}
	tf, err := r.face(sansFace, px(textPx))
	if err != nil {
		return err
	}
	if !l.DialogText.Empty() {
		scroll := l.ClampDialogScroll(d.Scroll)
		asc := tf.Metrics().Ascent.Round()
		for i, line := range l.DialogLines {
			y := l.DialogText.Min.Y + i*l.DialogLineH - scroll
			if y+l.DialogLineH < l.DialogText.Min.Y || y > l.DialogText.Max.Y {
				continue
			}
			if err := r.drawText(c.dst, l.DialogText, sansFace, px(textPx), line, l.DialogText.Min.X, y+asc, colPanelText); err != nil {
				return err
			}
		}
		if l.DialogMaxScroll > 0 {
			h := l.DialogText.Dy()
			bh := max(px(16), h*h/(h+l.DialogMaxScroll))
			by := l.DialogText.Min.Y + (h-bh)*scroll/l.DialogMaxScroll
			c.roundRect(image.Rect(l.Dialog.Max.X-px(9), by, l.Dialog.Max.X-px(5), by+bh), 2*u, uniform(colPanelButton))
		}
	}
	for i, b := range d.Buttons {
		rect := l.DialogButtons[i]
		bg, fg := colPanelButton, colText
		if b.Disabled {
			bg, fg = colButtonOff, colTextDim
		}
		c.roundRect(rect, 8*u, uniform(bg))
		if err := r.drawTextMid(c.dst, rect, sansFace, px(buttonPx+1), b.Label, rect.Min.X+rect.Dx()/2, rect.Min.Y+rect.Dy()/2, fg); err != nil {
			return err
		}
	}
	return nil
}
