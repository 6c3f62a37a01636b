package render_test

import (
	"image"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/frontends/app/render"
)

// reviewView is the start view in a review: a graph that swings to Black after the fourth
// position, a blunder mark there, a better move as an arrow (b2 to b9) and a threatened piece.
func reviewView(t *testing.T) render.View {
	v := startView(t)
	v.Moves = []render.MoveRow{
		{Num: 1, Red: "R9+1 俥九進一", Black: "H2+3 馬二進三"},
		{Num: 2, Red: "R9.8 俥九平八", RedMark: "??", RedCurrent: true, Black: "C8+6 砲八進六"},
	}
	v.MoveScroll = -1
	v.Review = &render.ReviewPanel{
		Graph:   []float64{0.5, 0.6, 0.5, -0.9, -0.95},
		Marks:   []string{"", "", "", "??", ""},
		Cursor:  3,
		Words:   []string{"Move 2: a blunder (??). R9.8?? leaves the chariot hanging: C2+6 takes it."},
		Buttons: []render.Button{{Action: "line", Label: "Better line"}, {Action: "summary", Label: "Summary"}},
	}
	v.Arrows = []render.Arrow{{From: sq("b2"), To: sq("b9"), Kind: render.ArrowBetter}}
	v.Threatened = []int{sq("h2")}
	return v
}

func TestReviewRender(t *testing.T) {
	for _, sz := range sizes {
		v := reviewView(t)
		img, l := draw(t, &v, sz[0], sz[1])
		if dir := os.Getenv("RENDER_SCREENSHOT_DIR"); dir != "" {
			savePNG(t, img, filepath.Join(dir, "review-"+itoa(sz[0])+"x"+itoa(sz[1])+".png"))
		}
		require.False(t, l.Graph.Empty(), "%v: the graph is laid out", sz)
		assert.True(t, l.Graph.In(image.Rect(0, 0, sz[0], sz[1])))
		assert.False(t, l.Graph.Overlaps(l.List), "%v: the graph is above the list", sz)
		assert.False(t, l.Words.Overlaps(l.List))
		require.Len(t, l.PanelButtons, 2)
		for _, b := range l.PanelButtons {
			assert.GreaterOrEqual(t, b.Dy(), l.TouchPx)
			assert.False(t, b.Overlaps(l.Graph))
		}
		// The graph: Red's side in red at the start, Black's in grey after the swing, the
		// cursor in yellow.
		g := l.Graph
		mid := g.Min.Y + g.Dy()/2
		x1 := g.Min.X + 4 + (g.Dx()-8)/4/2 // between positions 0 and 1
		redAbove := 0
		for y := g.Min.Y; y < mid; y++ {
			if c := img.RGBAAt(x1, y); c.R > 150 && c.G < 90 {
				redAbove++
			}
		}
		assert.Greater(t, redAbove, 0, "%v: Red's advantage above the line", sz)
		x4 := g.Min.X + 4 + 7*(g.Dx()-8)/8 // between positions 3 and 4
		greyBelow := 0
		for y := mid + 1; y < g.Max.Y; y++ {
			if c := img.RGBAAt(x4, y); c.R == 0x50 && c.B == 0x58 {
				greyBelow++
			}
		}
		assert.Greater(t, greyBelow, g.Dy()/4, "%v: Black's advantage below the line", sz)
		xc := g.Min.X + 4 + 3*(g.Dx()-8)/4
		yellow := 0
		for y := g.Min.Y; y < g.Max.Y; y++ {
			if c := img.RGBAAt(xc, y); c.R > 220 && c.G > 180 && c.B < 120 {
				yellow++
			}
		}
		assert.Greater(t, yellow, g.Dy()/3, "%v: the cursor", sz)
		// A tap on the graph's right end is the last position; on its left, the first.
		assert.Equal(t, render.Target{Kind: render.TargetGraph, Square: render.NoSquare, Index: 4}, l.Hit(float64(g.Max.X-2), float64(mid)))
		assert.Equal(t, 0, l.Hit(float64(g.Min.X+2), float64(mid)).Index)
		// The arrow: green along the b file between b2 and b9, over the pieces.
		bx, by := l.Board.Center(1, 5)
		green := 0
		for dy := -3; dy <= 3; dy++ {
			for dx := -3; dx <= 3; dx++ {
				if c := img.RGBAAt(int(bx)+dx, int(by)+dy); c.G > c.R+40 && c.G > c.B+20 {
					green++
				}
			}
		}
		assert.Greater(t, green, 30, "%v: the arrow's shaft crosses b5", sz)
		// The threatened piece's red ring.
		hx, hy := l.Board.Center(7, 2)
		ring := 0
		r := 0.52 * l.Board.Cell
		for a := 0.0; a < 2*math.Pi; a += 0.1 {
			if c := at(img, hx+r*math.Cos(a), hy+r*math.Sin(a)); c.R > 200 && c.G < 80 {
				ring++
			}
		}
		assert.Greater(t, ring, 40, "%v: the threatened piece is ringed", sz)
		// The ?? glyph in the blunder's red after the move in the list.
		blunder := 0
		for y := l.List.Min.Y; y < l.List.Max.Y; y++ {
			for x := l.List.Min.X; x < l.List.Max.X; x++ {
				if c := img.RGBAAt(x, y); c.R > 200 && c.G < 110 && c.B < 110 {
					blunder++
				}
			}
		}
		assert.Greater(t, blunder, 5, "%v: the ?? mark is drawn in the list", sz)
		// The list's second row's Red move is hit as move 2.
		assert.Equal(t, render.TargetMoveList, l.Hit(float64(l.List.Min.X+l.ListNumW+20), float64(l.List.Min.Y+l.ListRowH+l.ListRowH/2)).Kind)
	}
}

// TestReviewPhone: on a phone's screen (density 3) the review panel's buttons and graph are
// touch targets of at least 44 CSS px and its words at least 14 CSS px, in portrait and in
// landscape, and everything is inside the frame.
func TestReviewPhone(t *testing.T) {
	for _, sz := range [][2]int{{1170, 2532 - 81*3}, {(844 - 94) * 3, (390 - 21) * 3}} {
		v := reviewView(t)
		r := render.NewRenderer()
		r.SetScreen(render.Screen{Density: 3})
		img := image.NewRGBA(image.Rect(0, 0, sz[0], sz[1]))
		l, err := r.Draw(img, &v)
		require.NoError(t, err)
		frame := img.Rect
		assert.GreaterOrEqual(t, l.Graph.Dy(), 44*3, "%v", sz)
		for _, b := range append(append([]image.Rectangle{}, l.PanelButtons...), l.Buttons...) {
			assert.GreaterOrEqual(t, b.Dy(), 44*3, "%v", sz)
			assert.True(t, b.In(frame), "%v: %v in the frame", sz, b)
		}
		assert.GreaterOrEqual(t, l.ListPx, 14*3, "the words and the list")
		assert.GreaterOrEqual(t, l.List.Dy(), 2*l.ListRowH, "%v: room for two lines of moves", sz)
		assert.NotEmpty(t, l.WordLines)
	}
}

// TestReviewListStill: the review's move list keeps its place whatever the length of the
// words above it (a tap on a row lands on the move drawn there after the words change), and
// its rows are touch targets, on a phone (density 3) in portrait and landscape.
func TestReviewListStill(t *testing.T) {
	for _, sz := range [][2]int{{1170, 2532 - 81*3}, {(844 - 94) * 3, (390 - 21) * 3}} {
		var lists []image.Rectangle
		for _, words := range [][]string{{"1. C2.5"}, {strings.Repeat("A long explanation of the move played. ", 8)}} {
			v := reviewView(t)
			v.Review.Words = words
			r := render.NewRenderer()
			r.SetScreen(render.Screen{Density: 3})
			l, err := r.Draw(image.NewRGBA(image.Rect(0, 0, sz[0], sz[1])), &v)
			require.NoError(t, err)
			assert.GreaterOrEqual(t, l.ListRowH, 44*3, "%v: a row of the list is a touch target", sz)
			lists = append(lists, l.List)
		}
		assert.Equal(t, lists[0], lists[1], "%v: the list does not move when the words grow", sz)
	}
}

// TestReviewListScores: the review's list keeps the same columns, rows and taps whether its
// moves' scores have arrived or not (ReviewPanel.Scores keeps their room), on a phone
// (density 3) in portrait (360×740 CSS px) and landscape and on a desktop window; the scores
// are drawn in the list, at the right of their moves' columns, and nowhere else.
func TestReviewListScores(t *testing.T) {
	for _, sz := range [][3]int{{360 * 3, 740 * 3, 3}, {740 * 3, 360 * 3, 3}, {1280, 800, 1}} {
		var layouts []*render.Layout
		var imgs []*image.RGBA
		for _, scored := range []bool{false, true} {
			v := reviewView(t)
			v.Review.Scores = true
			v.Review.GraphAbove, v.Review.GraphBelow = "+ Red better", "- Black better"
			if scored {
				v.Moves[0].RedScore, v.Moves[0].BlackScore = "+0.12", "+0.35"
				v.Moves[1].RedScore, v.Moves[1].BlackScore = "-12.70", "#-3"
			}
			r := render.NewRenderer()
			r.SetScreen(render.Screen{Density: float64(sz[2])})
			img := image.NewRGBA(image.Rect(0, 0, sz[0], sz[1]))
			l, err := r.Draw(img, &v)
			require.NoError(t, err)
			if dir := os.Getenv("RENDER_SCREENSHOT_DIR"); dir != "" && scored {
				savePNG(t, img, filepath.Join(dir, "review-scores-"+itoa(sz[0])+"x"+itoa(sz[1])+".png"))
			}
			layouts, imgs = append(layouts, l), append(imgs, img)
		}
		a, b := layouts[0], layouts[1]
		assert.Equal(t, a.List, b.List, "%v: the list stays in place", sz)
		assert.Equal(t, a.ListOneColumn, b.ListOneColumn, "%v: the same columns", sz)
		assert.Equal(t, a.ListColW, b.ListColW, "%v", sz)
		assert.Equal(t, a.ListRowH, b.ListRowH, "%v: the same rows", sz)
		assert.GreaterOrEqual(t, b.ListRowH, 44*sz[2], "%v: rows are touch targets", sz)
		assert.Positive(t, b.ListScoreW, "%v: room for the scores", sz)
		for y := b.List.Min.Y; y < b.List.Max.Y; y += b.ListRowH / 4 {
			for x := b.List.Min.X; x < b.List.Max.X; x += 7 {
				assert.Equal(t, a.Hit(float64(x), float64(y)), b.Hit(float64(x), float64(y)), "%v: a tap at (%d, %d)", sz, x, y)
			}
		}
		// Where the two frames differ: only in the list, in the right part of a column.
		diff := image.Rectangle{}
		for y := 0; y < sz[1]; y++ {
			for x := 0; x < sz[0]; x++ {
				if imgs[0].RGBAAt(x, y) != imgs[1].RGBAAt(x, y) {
					diff = diff.Union(image.Rect(x, y, x+1, y+1))
				}
			}
		}
		require.False(t, diff.Empty(), "%v: the scores are drawn", sz)
		assert.True(t, diff.In(b.List), "%v: the scores are drawn in the list (%v in %v)", sz, diff, b.List)
		assert.Greater(t, diff.Max.X, b.List.Min.X+b.ListNumW+b.ListColW-b.ListScoreW, "%v: at the right of a column", sz)
	}
}
