package render_test

import (
	"image"
	"image/color"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/frontends/app/render"
)

// Colour classes, from the palette's intent rather than its exact values.
func isRedInk(c color.RGBA) bool   { return c.R > 150 && c.G < 90 && c.B < 90 }
func isBlackInk(c color.RGBA) bool { return c.R < 70 && c.G < 70 && c.B < 70 }
func isYellow(c color.RGBA) bool   { return c.R > 220 && c.G > 170 && c.B < 70 }
func isGreen(c color.RGBA) bool    { return c.G > 150 && c.R < 100 && c.B < 140 }
func isBluish(c color.RGBA) bool   { return int(c.B) > int(c.R)+10 }

// inkAround counts red-ink and black-ink pixels within radius r of (cx, cy).
func inkAround(img *image.RGBA, cx, cy, r float64) (red, black int) {
	for y := int(cy - r); y <= int(cy+r); y++ {
		for x := int(cx - r); x <= int(cx+r); x++ {
			if math.Hypot(float64(x)-cx, float64(y)-cy) > r {
				continue
			}
			c := img.RGBAAt(x, y)
			if isRedInk(c) {
				red++
			}
			if isBlackInk(c) {
				black++
			}
		}
	}
	return red, black
}

func at(img *image.RGBA, x, y float64) color.RGBA { return img.RGBAAt(int(x), int(y)) }

// renderers keeps one renderer per frame size, as the app does, so that the tests do not
// rebuild the board background for every frame.
var renderers = map[[2]int]*render.Renderer{}

func draw(t *testing.T, v *render.View, w, h int) (*image.RGBA, *render.Layout) {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	r := renderers[[2]int{w, h}]
	if r == nil {
		r = render.NewRenderer()
		renderers[[2]int{w, h}] = r
	}
	l, err := r.Draw(img, v)
	require.NoError(t, err)
	return img, l
}

var sizes = [][2]int{{600, 800}, {800, 600}, {1080, 2340}, {480, 640}}

// TestPiecesHaveTheirColours: in the start position every Red piece shows red ink and no black,
// every Black piece black ink and no red, and every empty point neither.
func TestPiecesHaveTheirColours(t *testing.T) {
	for _, sz := range sizes {
		for _, flipped := range []bool{false, true} {
			v := startView(t)
			v.Flipped = flipped
			img, l := draw(t, &v, sz[0], sz[1])
			cell := l.Board.Cell
			for s := 0; s < 90; s++ {
				x, y := l.Board.Center(s%9, s/9)
				red, black := inkAround(img, x, y, 0.4*cell)
				area := math.Pi * 0.16 * cell * cell
				switch p := v.Board[s]; {
				case p.Label == "":
					assert.Zero(t, red, "%v flipped=%v: red ink on the empty point %d", sz, flipped, s)
					assert.Zero(t, black, "%v flipped=%v: black ink on the empty point %d", sz, flipped, s)
				case p.Red:
					assert.Greater(t, float64(red), 0.08*area, "%v flipped=%v: Red piece on %d", sz, flipped, s)
					assert.Zero(t, black, "%v: black ink on Red's piece on %d", sz, s)
				default:
					assert.Greater(t, float64(black), 0.08*area, "%v flipped=%v: Black piece on %d", sz, flipped, s)
					assert.Zero(t, red, "%v: red ink on Black's piece on %d", sz, s)
				}
			}
			// Orientation: Red's chariot a0 at the bottom left, or the top right when flipped.
			x, y := l.Board.Center(0, 0)
			if flipped {
				assert.Greater(t, x, float64(sz[0])/3)
				assert.Less(t, y, l.Board.Y0+l.Board.Cell)
			} else {
				assert.Less(t, x, float64(sz[0])/2)
				assert.Greater(t, y, l.Board.Y0+8*l.Board.Cell)
			}
		}
	}
}

func TestDotsHighlightsAndRings(t *testing.T) {
	for _, sz := range sizes {
		v := startView(t)
		// After 1. h2e2 (C2.5), Red's horse b0 selected: destinations a2 and c2, and a capture
		// ring drawn on a Black piece given as a target for the test.
		v.Board[sq("e2")], v.Board[sq("h2")] = v.Board[sq("h2")], render.Piece{}
		v.LastFrom, v.LastTo = sq("h2"), sq("e2")
		v.Selected = sq("b0")
		v.Targets = []int{sq("a2"), sq("c2"), sq("b9")}
		img, l := draw(t, &v, sz[0], sz[1])
		cell := l.Board.Cell
		center := func(s int) (float64, float64) { return l.Board.Center(s%9, s/9) }

		for _, s := range []int{sq("a2"), sq("c2")} {
			x, y := center(s)
			assert.True(t, isYellow(at(img, x, y)), "%v: no yellow dot on %d: %v", sz, s, at(img, x, y))
		}
		for _, s := range []int{sq("d2"), sq("f2"), sq("a1"), sq("g2")} {
			x, y := center(s)
			assert.False(t, isYellow(at(img, x, y)), "%v: a dot on %d, which is no destination", sz, s)
		}
		// The capture target gets a yellow ring outside its disc.
		x, y := center(sq("b9"))
		assert.True(t, isYellow(at(img, x+0.5*cell, y)), "%v: capture ring %v", sz, at(img, x+0.5*cell, y))
		// The selection ring is green.
		x, y = center(sq("b0"))
		assert.True(t, isGreen(at(img, x-0.5*cell, y)), "%v: selection ring %v", sz, at(img, x-0.5*cell, y))
		// The last move's squares are tinted blue, near their corners; other squares are not.
		for _, s := range []int{sq("h2"), sq("e2")} {
			x, y := center(s)
			c := at(img, x+0.4*cell, y+0.4*cell)
			assert.True(t, isBluish(c), "%v: no highlight on %d: %v", sz, s, c)
		}
		x, y = center(sq("d4"))
		assert.False(t, isBluish(at(img, x+0.4*cell, y+0.4*cell)), "%v: highlight on d4", sz)
	}
}

func TestCheckIsMarked(t *testing.T) {
	v := startView(t)
	v.Check = sq("e0")
	img, l := draw(t, &v, 600, 800)
	x, y := l.Board.Center(4, 0)
	c := at(img, x+0.5*l.Board.Cell, y)
	assert.True(t, c.R > 180 && c.G < 80 && c.B < 80, "check glow %v", c)
	v.Check = render.NoSquare
	img, _ = draw(t, &v, 600, 800)
	c = at(img, x+0.5*l.Board.Cell, y)
	assert.False(t, c.R > 180 && c.G < 80 && c.B < 80, "glow without check %v", c)
}

// TestHitMatchesDrawing: every intersection's drawn centre hits that intersection, every bar
// button's centre hits its action, and while a dialog is open the board does not react.
func TestHitMatchesDrawing(t *testing.T) {
	for _, sz := range sizes {
		for _, flipped := range []bool{false, true} {
			v := startView(t)
			v.Flipped = flipped
			_, l := draw(t, &v, sz[0], sz[1])
			for s := 0; s < 90; s++ {
				x, y := l.Board.Center(s%9, s/9)
				assert.Equal(t, render.Target{Kind: render.TargetSquare, Square: s}, l.Hit(x, y))
			}
			for i, r := range l.Buttons {
				got := l.Hit(float64(r.Min.X+r.Dx()/2), float64(r.Min.Y+r.Dy()/2))
				assert.Equal(t, render.TargetButton, got.Kind)
				assert.Equal(t, v.Bar[i].Action, got.Action)
			}
			// Buttons are inside the frame and do not overlap the board.
			for _, r := range l.Buttons {
				assert.True(t, r.In(image.Rect(0, 0, sz[0], sz[1])))
				assert.False(t, r.Overlaps(l.Board.Bounds()), "%v: button %v over the board %v", sz, r, l.Board.Bounds())
			}
			assert.True(t, l.Board.Bounds().In(image.Rect(0, 0, sz[0], sz[1]).Inset(-1)))
			v.Dialog = &render.Dialog{Title: "Menu", Vertical: true, Buttons: []render.Button{{Action: "a", Label: "A"}, {Action: "b", Label: "B"}}}
			_, l = draw(t, &v, sz[0], sz[1])
			x, y := l.Board.Center(0, 0)
			assert.NotEqual(t, render.TargetSquare, l.Hit(x, y).Kind)
			r := l.DialogButtons[1]
			assert.Equal(t, render.Action("b"), l.Hit(float64(r.Min.X+5), float64(r.Min.Y+5)).Action)
		}
	}
}

func TestDialogDimsTheBoard(t *testing.T) {
	v := startView(t)
	img, l := draw(t, &v, 600, 800)
	x, y := l.Board.Center(4, 4)
	before := at(img, x+0.3*l.Board.Cell, y+0.3*l.Board.Cell)
	v.Dialog = &render.Dialog{Title: "New game?", Text: []string{"The game in progress will be abandoned."},
		Buttons: []render.Button{{Action: "yes", Label: "New game"}, {Action: "no", Label: "Cancel"}}}
	img, l = draw(t, &v, 600, 800)
	after := at(img, float64(l.Dialog.Min.X)/2, y+0.3*l.Board.Cell)
	assert.Less(t, int(after.R)+int(after.G)+int(after.B), (int(before.R)+int(before.G)+int(before.B))/2, "backdrop")
}

func TestMoveListScrolls(t *testing.T) {
	v := startView(t)
	for i := 1; i <= 40; i++ {
		v.Moves = append(v.Moves, render.MoveRow{Num: i, Red: "C2.5  炮二平五", Black: "H8+7  馬8進7"})
	}
	_, l := draw(t, &v, 600, 800)
	require.Positive(t, l.ListMaxScroll)
	assert.Equal(t, 0, l.ClampListScroll(-5))
	assert.Equal(t, l.ListMaxScroll, l.ClampListScroll(1<<20))
	x := float64(l.List.Min.X + 20)
	y := float64(l.List.Min.Y + 20)
	assert.Equal(t, render.TargetMoveList, l.Hit(x, y).Kind)
	// Narrow lists put each move on a line of its own.
	_, l = draw(t, &v, 800, 600)
	assert.True(t, l.ListOneColumn)
}

func TestTooSmall(t *testing.T) {
	v := startView(t)
	img := image.NewRGBA(image.Rect(0, 0, 30, 30))
	_, err := render.NewRenderer().Draw(img, &v)
	assert.ErrorContains(t, err, "too small")
}

func TestVietnameseLabels(t *testing.T) {
	v := startView(t)
	for s := range v.Board {
		if v.Board[s].Label != "" {
			v.Board[s].Label = "TG"
		}
	}
	img, l := draw(t, &v, 600, 800)
	x, y := l.Board.Center(4, 0)
	red, _ := inkAround(img, x, y, 0.3*l.Board.Cell)
	assert.Positive(t, red, "letters drawn in red ink")
}

func BenchmarkDraw(b *testing.B) {
	for _, sz := range [][2]int{{600, 800}, {1080, 2340}} {
		b.Run(itoa(sz[0])+"x"+itoa(sz[1]), func(b *testing.B) {
			v := startView(b)
			v.Selected = sq("h2")
			v.Targets = []int{sq("e2"), sq("g2")}
			for i := 1; i <= 20; i++ {
				v.Moves = append(v.Moves, render.MoveRow{Num: i, Red: "C2.5  炮二平五", Black: "H8+7  馬8進7"})
			}
			img := image.NewRGBA(image.Rect(0, 0, sz[0], sz[1]))
			r := render.NewRenderer()
			if _, err := r.Draw(img, &v); err != nil { // fills the caches
				b.Fatal(err)
			}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if _, err := r.Draw(img, &v); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkDrawCold draws with empty caches: the first frame after a resize.
func BenchmarkDrawCold(b *testing.B) {
	v := startView(b)
	img := image.NewRGBA(image.Rect(0, 0, 600, 800))
	for i := 0; i < b.N; i++ {
		if _, err := render.NewRenderer().Draw(img, &v); err != nil {
			b.Fatal(err)
		}
	}
}

// TestLastMoveKeepsRiverText: a soldier crossing the river (g4-g5, or another file's soldier
// where more of the river text falls at that frame size) tints two squares that reach into the
// river text (界, or Hán giới); the text stays drawn in its own colour on top of the tint, as on
// a frame without the last-move marks.
func TestLastMoveKeepsRiverText(t *testing.T) {
	riverInk := color.RGBA{0x8a, 0x5a, 0x2e, 0xff} // the river text's colour
	for _, vietnamese := range []bool{false, true} {
		for _, sz := range sizes {
			// count counts the river ink in the band between file f's points on ranks 4 and
			// 5, outside the soldier's disc on rank 5.
			count := func(img *image.RGBA, l *render.Layout, f int) int {
				cell := l.Board.Cell
				x4, y4 := l.Board.Center(f, 4)
				x5, y5 := l.Board.Center(f, 5)
				n := 0
				for y := int(math.Min(y4, y5)); y <= int(math.Max(y4, y5)); y++ {
					for x := int(x4 - 0.47*cell); x <= int(x4+0.47*cell); x++ {
						if math.Hypot(float64(x)-x5, float64(y)-y5) < 0.5*cell {
							continue
						}
						if near(img.RGBAAt(x, y), riverInk, 12) {
							n++
						}
					}
				}
				return n
			}
			viewFor := func(f int) render.View {
				v := startView(t)
				v.Vietnamese = vietnamese
				from, to := f+9*3, f+9*5
				v.Board[to], v.Board[from] = v.Board[from], render.Piece{}
				return v
			}
			file, before := 6, -1
			for _, f := range []int{6, 2} { // g, then c: both files have the text's characters near
				v := viewFor(f)
				img, l := draw(t, &v, sz[0], sz[1])
				if n := count(img, l, f); n > before {
					file, before = f, n
				}
			}
			v := viewFor(file)
			_, l := draw(t, &v, sz[0], sz[1])
			v.LastFrom, v.LastTo = file+9*4, file+9*5
			marked, _ := draw(t, &v, sz[0], sz[1])
			after := count(marked, l, file)
			cell := l.Board.Cell
			x4, y4 := l.Board.Center(file, 4)
			assert.Greater(t, before, int(cell/4), "vietnamese %v %v: river text near file %d", vietnamese, sz, file)
			assert.GreaterOrEqual(t, after, before*9/10, "vietnamese %v %v: the last-move tint hides the river text", vietnamese, sz)
			// The tint is still there, at the corner of rank 4's square away from the river.
			assert.True(t, isBluish(at(marked, x4-0.4*cell, y4+0.4*cell)) || isBluish(at(marked, x4-0.4*cell, y4-0.4*cell)),
				"vietnamese %v %v: file %d rank 4 is tinted", vietnamese, sz, file)
		}
	}
}
