package render_test

import (
	"image"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/frontends/app/render"
)

// menuDialog is a nine-row menu like the app's.
func menuDialog() *render.Dialog {
	d := &render.Dialog{Title: "Menu", Vertical: true}
	for _, s := range []string{"New game", "Undo", "Level: Novice", "Play as Black", "Labels: Chinese 帥 俥 炮", "Sound: on", "Help", "Exit", "Close"} {
		d.Buttons = append(d.Buttons, render.Button{Action: render.Action(s), Label: s})
	}
	return d
}

// TestPhoneSizes: on a phone's screen (390×844 and 844×390 CSS pixels at a density of 3) every
// button of the bar and of the menu is at least 44 density-independent pixels tall and inside
// the frame, every text at least 14, the menu's rows do not overlap, and in landscape the
// menu takes two columns to fit. At density 1 a 600×800 window keeps its proportions.
func TestPhoneSizes(t *testing.T) {
	r := render.NewRenderer()
	r.SetScreen(render.Screen{Density: 3})
	for _, sz := range [][2]int{{1170, 2532}, {2532, 1170}} {
		v := startView(t)
		v.Moves = []render.MoveRow{{Num: 1, Red: "C2.5  炮二平五", Black: "H8+7  馬8進7"}}
		v.Toast = "A red horse cannot move from b0 to c2: the horse's leg b1 is blocked."
		v.Dialog = menuDialog()
		l, err := r.NewLayout(sz[0], sz[1], &v)
		require.NoError(t, err)
		frame := image.Rect(0, 0, sz[0], sz[1])
		for i, b := range append(append([]image.Rectangle{}, l.Buttons...), l.DialogButtons...) {
			assert.GreaterOrEqual(t, b.Dy(), 3*44, "%v: button %d %v", sz, i, b)
			assert.True(t, b.In(frame), "%v: button %d %v is inside the frame", sz, i, b)
		}
		for i := range l.DialogButtons {
			for j := range i {
				assert.False(t, l.DialogButtons[i].Overlaps(l.DialogButtons[j]), "%v: menu rows %d and %d overlap", sz, i, j)
			}
		}
		for name, px := range map[string]int{"status": l.StatusPx, "detail": l.DetailPx, "list": l.ListPx, "button": l.ButtonPx,
			"title": l.TitlePx, "text": l.TextPx, "dialog button": l.DialogButtonPx} {
			assert.GreaterOrEqual(t, px, 3*14, "%v: %s text", sz, name)
		}
		assert.GreaterOrEqual(t, l.ListRowH, l.ListPx, "%v: list rows hold their text", sz)
		wantCols := 1
		if sz[0] > sz[1] {
			wantCols = 2
		}
		assert.Equal(t, wantCols, l.DialogColumns, "%v", sz)
		// The toast sits at the top of the move list, inside the frame, its text wrapped.
		assert.True(t, l.Toast.In(frame) && l.Toast.Overlaps(l.List), "%v: toast %v, list %v", sz, l.Toast, l.List)
		assert.Greater(t, len(l.ToastLines), 1, "%v: wrapped", sz)
		img := image.NewRGBA(frame)
		_, err = r.Draw(img, &v)
		require.NoError(t, err)
	}

	// A desktop window of 600×800 at density 1 is laid out as before the floors existed.
	v := startView(t)
	l, err := render.NewRenderer().NewLayout(600, 800, &v)
	require.NoError(t, err)
	assert.Equal(t, image.Rect(0, 0, 600, 60), l.Status)
	assert.Equal(t, image.Rect(0, 736, 600, 800), l.Bar)
	assert.Equal(t, 16, l.ListPx)
	assert.Equal(t, 48, l.Buttons[0].Dy())
}
