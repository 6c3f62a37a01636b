package render

import (
	"image"
	"image/color"
	"image/draw"
	"math"
	"strconv"
	"unicode"

	xfont "golang.org/x/image/font"

	"github.com/cotuong-ai/cotuong/frontends/app/board"
)

type bgKey struct {
	w, h              int
	flipped           bool
	vietnamese        bool
	cell              float64
	status, list, bar image.Rectangle
}

type spriteKey struct {
	label string
	red   bool
	cell  int
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
