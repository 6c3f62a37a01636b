package controller_test

import (
	"image"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/frontends/app/controller"
	"github.com/cotuong-ai/cotuong/frontends/app/render"
)

// TestStudyFitsPhone: the lesson step (checked, with its marks), a puzzle, its solution, the
// chapter list, the puzzles' dialog and the "Why?" toast fit a 390×844 and an 844×390 CSS px
// phone (density 3): every target at least 44 CSS px, inside the frame, off the board and apart,
// and the text at least 14 CSS px.
func TestStudyFitsPhone(t *testing.T) {
	c := controller.New(controller.Config{Post: newQueue().post, Engine: newFake(4, 0, 0).engine()})
	defer c.Close()
	var views []render.View
	c.SelectSquare(sq("b0"))
	c.SelectSquare(sq("d1"))
	views = append(views, c.View()) // the toast with "Why?"
	require.NotNil(t, views[0].ToastButton)
	tapAction(c, controller.ActWhy)
	require.NoError(t, c.TapLesson("a2", "e5"))
	tapAction(c, controller.ActCheck)
	views = append(views, c.View())
	tapAction(c, controller.ActLessons)
	views = append(views, c.View())
	tapAction(c, controller.ActClose)
	i, _ := longPuzzle(t)
	require.True(t, c.OpenPuzzle(i))
	views = append(views, c.View())
	tapAction(c, controller.ActSolution)
	tapAction(c, controller.ActSolNext)
	views = append(views, c.View())
	tapAction(c, controller.ActPuzzles)
	views = append(views, c.View())
	for _, sz := range [][2]int{{1170, 2532}, {2532, 1170}} {
		for k, v := range views {
			r := render.NewRenderer()
			r.SetScreen(render.Screen{Density: 3})
			frame := image.Rect(0, 0, sz[0], sz[1])
			l, err := r.Draw(image.NewRGBA(frame), &v)
			require.NoError(t, err)
			min := 3 * 44
			var all []image.Rectangle
			if v.Dialog != nil {
				all = append(all, l.DialogButtons...)
			} else {
				all = append(append(append(all, l.PanelButtons...), l.Buttons...), l.ToastButton)
			}
			for i, b := range all {
				if b.Empty() {
					continue
				}
				assert.GreaterOrEqual(t, b.Dy(), min, "%v view %d: target %d %v", sz, k, i, b)
				assert.GreaterOrEqual(t, b.Dx(), min, "%v view %d: target %d %v", sz, k, i, b)
				assert.True(t, b.In(frame), "%v view %d: target %d %v inside", sz, k, i, b)
				if v.Dialog == nil && b != l.ToastButton {
					assert.False(t, b.Overlaps(l.Board.Bounds()), "%v view %d: target %d %v off the board", sz, k, i, b)
				}
				for j := range i {
					assert.False(t, b.Overlaps(all[j]), "%v view %d: targets %d and %d overlap", sz, k, i, j)
				}
			}
			if v.Review != nil {
				assert.NotEmpty(t, l.WordLines, "%v view %d: the words are shown", sz, k)
			}
			for name, px := range map[string]int{"list": l.ListPx, "button": l.ButtonPx, "detail": l.DetailPx, "text": l.TextPx} {
				assert.GreaterOrEqual(t, px, min*14/44, "%v view %d: %s text", sz, k, name)
			}
		}
	}
}
