package board_test

import (
	"image"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/frontends/app/board"
)

var areas = []image.Rectangle{
	image.Rect(0, 0, 600, 800),          // the desktop window, portrait
	image.Rect(0, 0, 800, 600),          // landscape
	image.Rect(0, 0, 1080, 2340),        // a phone, portrait
	image.Rect(0, 0, 2340, 1080),        // the phone turned
	image.Rect(13, 57, 13+301, 57+1000), // an offset, odd-sized area
	image.Rect(0, 0, 100, 100),          // tiny
}

func TestCellIsSmallerLimitAndCentred(t *testing.T) {
	for _, a := range areas {
		for _, flipped := range []bool{false, true} {
			l, err := board.Fit(a, flipped)
			require.NoError(t, err)
			w, h := float64(a.Dx()), float64(a.Dy())
			// Width limit: 8 cells between the outer files plus 0.7 cell each side; height
			// limit: 9 cells plus 1.05 cell each side.
			want := math.Min(w/9.4, h/11.1)
			assert.InDelta(t, want, l.Cell, 1e-9, "%v", a)
			// Centred: the grid's middle is the area's middle.
			x0, y0 := l.ColRowCenter(0, 0)
			x1, y1 := l.ColRowCenter(8, 9)
			assert.InDelta(t, float64(a.Min.X)+w/2, (x0+x1)/2, 1e-9)
			assert.InDelta(t, float64(a.Min.Y)+h/2, (y0+y1)/2, 1e-9)
			assert.True(t, l.Bounds().In(a.Inset(-1)), "board %v outside area %v", l.Bounds(), a)
		}
	}
}

func TestEveryIntersectionRoundTrips(t *testing.T) {
	for _, a := range areas {
		for _, flipped := range []bool{false, true} {
			l, err := board.Fit(a, flipped)
			require.NoError(t, err)
			seen := map[[2]float64]bool{}
			for file := 0; file < 9; file++ {
				for rank := 0; rank < 10; rank++ {
					x, y := l.Center(file, rank)
					assert.False(t, seen[[2]float64{x, y}], "two points drawn at (%v,%v)", x, y)
					seen[[2]float64{x, y}] = true
					f, r, ok := l.Hit(x, y)
					require.True(t, ok)
					assert.Equal(t, [2]int{file, rank}, [2]int{f, r}, "%v flipped=%v", a, flipped)
					// Slightly off the centre in every direction still hits it.
					for _, d := range [][2]float64{{0.3, 0}, {-0.3, 0}, {0, 0.3}, {0, -0.3}, {0.25, 0.25}} {
						f, r, ok := l.Hit(x+d[0]*l.Cell, y+d[1]*l.Cell)
						require.True(t, ok)
						assert.Equal(t, [2]int{file, rank}, [2]int{f, r})
					}
				}
			}
		}
	}
}

// TestOrientation checks where the corners are, from the rules' conventions: Red sits at the
// bottom and file a is on Red's left, so a0 is at the bottom left; seen from Black's side
// (flipped) a0 is at the top right.
func TestOrientation(t *testing.T) {
	a := image.Rect(0, 0, 600, 800)
	l, _ := board.Fit(a, false)
	x, y := l.Center(0, 0)
	assert.Less(t, x, 300.0)
	assert.Greater(t, y, 400.0)
	x, y = l.Center(8, 9)
	assert.Greater(t, x, 300.0)
	assert.Less(t, y, 400.0)
	lf, _ := board.Fit(a, true)
	x, y = lf.Center(0, 0)
	assert.Greater(t, x, 300.0)
	assert.Less(t, y, 400.0)
	// Flipping is a half turn of the board about its centre.
	for sq := 0; sq < 90; sq++ {
		f, r := sq%9, sq/9
		x1, y1 := l.Center(f, r)
		x2, y2 := lf.Center(8-f, 9-r)
		assert.InDelta(t, x1, x2, 1e-9)
		assert.InDelta(t, y1, y2, 1e-9)
	}
}

// TestTouchesBetweenPoints: random touches go to the nearest intersection when it is within
// half a cell, and to none otherwise (checked against a brute-force nearest search).
func TestTouchesBetweenPoints(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, a := range areas {
		for _, flipped := range []bool{false, true} {
			l, err := board.Fit(a, flipped)
			require.NoError(t, err)
			for i := 0; i < 2000; i++ {
				x := float64(a.Min.X) + rng.Float64()*float64(a.Dx())
				y := float64(a.Min.Y) + rng.Float64()*float64(a.Dy())
				best, bf, br := math.Inf(1), -1, -1
				for f := 0; f < 9; f++ {
					for r := 0; r < 10; r++ {
						cx, cy := l.Center(f, r)
						if d := math.Hypot(x-cx, y-cy); d < best {
							best, bf, br = d, f, r
						}
					}
				}
				f, r, ok := l.Hit(x, y)
				if best <= 0.5*l.Cell-1e-9 {
					require.True(t, ok, "(%v,%v) is %.2f cells from %d,%d", x, y, best/l.Cell, bf, br)
					assert.Equal(t, [2]int{bf, br}, [2]int{f, r})
				} else if best > 0.5*l.Cell+1e-9 {
					assert.False(t, ok, "(%v,%v) is %.2f cells from every point", x, y, best/l.Cell)
				}
			}
			// The centre of a square (equally far from four points) hits nothing.
			x, y := l.ColRowCenter(3, 4)
			_, _, ok := l.Hit(x+l.Cell/2, y+l.Cell/2)
			assert.False(t, ok)
		}
	}
}

func TestFitTooSmall(t *testing.T) {
	_, err := board.Fit(image.Rect(0, 0, 20, 2000), false)
	assert.ErrorContains(t, err, "too small")
	_, err = board.Fit(image.Rectangle{}, false)
	assert.ErrorContains(t, err, "too small")
}
