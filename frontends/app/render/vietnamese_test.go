package render_test

import (
	"image"
	"image/color"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/cotuong-ai/cotuong/frontends/app/render"
)

// numberMask returns, around the file number drawn 0.8 cells beyond rank 0 or 9 of file f, the
// pixels close to the file-number colour (0x5a381a) as a bit pattern.
func numberMask(img *image.RGBA, l *render.Layout, f, rank int) []bool {
	cell := l.Board.Cell
	x, y := l.Board.Center(f, rank)
	_, yOther := l.Board.Center(f, 9-rank)
	dir := 1.0
	if y < yOther {
		dir = -1
	}
	y += dir * 0.8 * cell
	r := int(0.15 * cell)
	var m []bool
	for dy := -r; dy <= r; dy++ {
		for dx := -r; dx <= r; dx++ {
			c := img.RGBAAt(int(math.Round(x))+dx, int(math.Round(y))+dy)
			m = append(m, int(c.R)+int(c.G)+int(c.B) < 3*110) // dark ink on light wood
		}
	}
	return m
}

func near(a, b color.RGBA, tol float64) bool {
	return math.Abs(float64(a.R)-float64(b.R))+math.Abs(float64(a.G)-float64(b.G))+math.Abs(float64(a.B)-float64(b.B)) < tol
}

func similar(a, b []bool) float64 {
	same, ink := 0, 0
	for i := range a {
		if a[i] || b[i] {
			ink++
			if a[i] == b[i] {
				same++
			}
		}
	}
	if ink == 0 {
		return 0
	}
	return float64(same) / float64(ink)
}

// TestVietnameseBoardText: in the Vietnamese style Red's file i carries the same digit "1" as
// Black's file a (each counts from its own right), where the Chinese style has 一; the river
// text changes too.
func TestVietnameseBoardText(t *testing.T) {
	for _, flipped := range []bool{false, true} {
		v := startView(t)
		v.Flipped = flipped
		zh, l := draw(t, &v, 600, 800)
		zh = cloneRGBA(zh)
		v.Vietnamese = true
		vi, _ := draw(t, &v, 600, 800)

		redOne, blackOne := numberMask(vi, l, 8, 0), numberMask(vi, l, 0, 9)
		assert.Greater(t, similar(redOne, blackOne), 0.9, "flipped %v: Red's file i shows 1, like Black's file a", flipped)
		redNine := numberMask(vi, l, 0, 0)
		assert.Less(t, similar(redNine, blackOne), 0.6, "flipped %v: Red's file a shows 9, not 1", flipped)
		zhOne := numberMask(zh, l, 8, 0)
		assert.Less(t, similar(zhOne, blackOne), 0.6, "flipped %v: the Chinese style shows 一 there", flipped)

		// The river band differs (Sở hà / Hán giới instead of 楚河 漢界) and still has text.
		_, y4 := l.Board.Center(0, 4)
		_, y5 := l.Board.Center(0, 5)
		diff, text := 0, 0
		for y := int(math.Min(y4, y5)) + 4; y < int(math.Max(y4, y5))-4; y++ {
			for x := int(l.Board.X0); x < int(l.Board.X0+8*l.Board.Cell); x++ {
				if zh.RGBAAt(x, y) != vi.RGBAAt(x, y) {
					diff++
				}
				if near(vi.RGBAAt(x, y), color.RGBA{0x8a, 0x5a, 0x2e, 0xff}, 30) {
					text++
				}
			}
		}
		assert.Greater(t, diff, 200, "flipped %v: the river text changed", flipped)
		assert.Greater(t, text, 200, "flipped %v: river text is drawn", flipped)
	}
}

func cloneRGBA(m *image.RGBA) *image.RGBA {
	c := image.NewRGBA(m.Rect)
	copy(c.Pix, m.Pix)
	return c
}
