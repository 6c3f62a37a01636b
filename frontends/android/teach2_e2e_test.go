package main

import (
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/frontends/app/controller"
	"github.com/cotuong-ai/cotuong/frontends/app/render"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
)

// shadowLayout lays out what the controller c shows at the window's size.
func (w *appWindow) shadowLayout(c *controller.Controller) (render.View, *render.Layout) {
	v := c.View()
	l, err := render.NewRenderer().NewLayout(w.l.W, w.l.H, &v)
	require.NoError(w.t, err)
	return v, l
}

func mid(r image.Rectangle) (float64, float64) {
	return float64(r.Min.X+r.Max.X) / 2, float64(r.Min.Y+r.Max.Y) / 2
}

// tapBoth clicks, on the window, what target t of the shadow controller c is (a square, a
// palette entry, a panel button, a bar or dialog button), and taps it on c too.
func (w *appWindow) tapBoth(c *controller.Controller, t render.Target) {
	w.t.Helper()
	v, l := w.shadowLayout(c)
	switch t.Kind {
	case render.TargetSquare:
		w.clickAt(l.Board.Center(t.Square%9, t.Square/9))
	case render.TargetPalette:
		w.clickAt(mid(l.PaletteCells[t.Index]))
	case render.TargetButton:
		found := false
		if v.Palette != nil && v.Dialog == nil {
			for i, b := range v.Palette.Buttons {
				if b.Action == t.Action {
					w.clickAt(mid(l.PanelButtons[i]))
					found = true
				}
			}
		}
		if !found {
			w.clickAt(buttonAt(w.t, c, w.l.W, w.l.H, t.Action))
		}
	}
	c.Tap(t)
}

// square is the target of a square by name ("e2").
func square(name string) render.Target {
	return render.Target{Kind: render.TargetSquare, Square: int(xiangqi.SquareAt(int(name[0]-'a'), int(name[1]-'0')))}
}

func button(a render.Action) render.Target {
	return render.Target{Kind: render.TargetButton, Action: a, Square: render.NoSquare}
}

// showsFrameOf waits until the window shows the native frame of what c shows, and keeps the
// screenshot when COTUONG_E2E_SCREENSHOT names a file (its name gets -name).
func (w *appWindow) showsFrameOf(c *controller.Controller, name string) {
	w.t.Helper()
	v := c.View()
	frame := image.NewRGBA(image.Rect(0, 0, w.l.W, w.l.H))
	_, err := render.NewRenderer().Draw(frame, &v)
	require.NoError(w.t, err)
	var frac float64
	waitFor(w.t, "the window to show "+name, slow, func() bool {
		img := w.screenshot()
		if img == nil {
			return false
		}
		frac = w.frameDiff(img, frame)
		return frac < 0.005
	})
	w.t.Logf("%s: %.3f%% of pixels differ from the native frame by > 24 levels", name, 100*frac)
	if keep := os.Getenv("COTUONG_E2E_SCREENSHOT"); keep != "" {
		b, err := os.ReadFile(w.shot)
		require.NoError(w.t, err)
		require.NoError(w.t, os.WriteFile(strings.TrimSuffix(keep, ".png")+"-"+name+".png", b, 0o644))
	}
}

// TestEndToEndTwoPlayers runs the desktop app under Xvfb on a saved two-player game: three
// moves are clicked, Red's and Black's in turn, with no computer; after each the board has
// turned to the side to move (the window shows the native frame of the same game), and the save
// holds the moves and "players two".
func TestEndToEndTwoPlayers(t *testing.T) {
	if testing.Short() {
		t.Skip("the window test is not short")
	}
	needTool(t, "Xvfb")
	w, data, save := startTwoPlayers(t)
	shadow := idleController(t, save)
	for i, m := range [][2]string{{"h2", "e2"}, {"h9", "g7"}, {"h0", "g2"}} {
		w.tapBoth(shadow, square(m[0]))
		w.tapBoth(shadow, square(m[1]))
		require.Len(t, shadow.Moves(), i+1, "the shadow played %s%s", m[0], m[1])
		waitSaved(t, data, i+1, "move "+m[0]+m[1]+" in the save")
		assert.Equal(t, i%2 == 0, shadow.Flipped(), "after move %d the board shows the side to move at the bottom", i+1)
		w.showsFrameOf(shadow, "two-players-"+m[0]+m[1])
	}
	b, err := os.ReadFile(filepath.Join(data, controller.SaveName))
	require.NoError(t, err)
	assert.Contains(t, string(b), "game startpos moves h2e2 h9g7 h0g2\n")
	assert.Contains(t, string(b), "\nplayers two\n")
}

// TestEndToEndEditor runs the desktop app under Xvfb: Menu → Set up a position, Clear, then
// the palette and the board place Red's general, Black's general and a red chariot (the window
// shows the native frame of the editor), Play… → "You Red, the computer Black" starts the game
// from it, and the chariot's move to a8 leaves Black no move: the save holds the game from the
// position set up, won by Red.
func TestEndToEndEditor(t *testing.T) {
	if testing.Short() {
		t.Skip("the window test is not short")
	}
	needTool(t, "Xvfb")
	bin := buildApp(t, t.TempDir())
	d := startX(t, true)
	data := filepath.Join(t.TempDir(), "data")
	set := controller.DefaultSettings()
	set.Sound = false
	saveGame(t, data, "startpos", set)
	start(t, append(d.env, "COTUONG_DATA_DIR="+data), "app.log", bin)
	w := d.findWindow(t)
	w.waitFirstFrame()
	save, err := os.ReadFile(filepath.Join(data, controller.SaveName))
	require.NoError(t, err)
	shadow := idleController(t, save)

	w.tapBoth(shadow, button(controller.ActMenu))
	w.tapBoth(shadow, button(controller.ActEdit))
	require.True(t, shadow.Editing())
	w.tapBoth(shadow, button(controller.ActEditClear))
	palette := func(i int) render.Target {
		return render.Target{Kind: render.TargetPalette, Index: i, Square: render.NoSquare}
	}
	w.tapBoth(shadow, palette(0)) // Red's general
	w.tapBoth(shadow, square("e0"))
	w.tapBoth(shadow, palette(8)) // Black's general
	w.tapBoth(shadow, square("d9"))
	w.tapBoth(shadow, palette(4)) // Red's chariot
	w.tapBoth(shadow, square("a5"))
	pos, err := shadow.EditorPosition()
	require.NoError(t, err)
	const fen = "3k5/9/9/9/R8/9/9/9/9/4K4 w - - 0 1"
	require.Equal(t, fen, pos.FEN())
	w.showsFrameOf(shadow, "editor")

	w.tapBoth(shadow, button(controller.ActEditPlay))
	w.tapBoth(shadow, button(controller.ActPlayRed))
	require.False(t, shadow.Editing())
	w.tapBoth(shadow, square("a5"))
	w.tapBoth(shadow, square("a8"))
	g, _ := waitSaved(t, data, 1, "the game from the position set up in the save")
	assert.Equal(t, "fen "+fen+" moves a5a8", g.String())
	assert.Equal(t, xiangqi.RedWins, g.Result().Status, "Black has no move left")
	w.showsFrameOf(shadow, "editor-played")
}

// startTwoPlayers starts the app in a window manager's window on a save of a new two-player
// game without sound, waits for its first frame and returns the window, the data folder and
// the save's text as the app found it.
func startTwoPlayers(t *testing.T) (*appWindow, string, []byte) {
	t.Helper()
	bin := buildApp(t, t.TempDir())
	d := startX(t, true)
	data := filepath.Join(t.TempDir(), "data")
	set := controller.DefaultSettings()
	set.TwoPlayers, set.Sound = true, false
	saveGame(t, data, "startpos", set)
	start(t, append(d.env, "COTUONG_DATA_DIR="+data), "app.log", bin)
	w := d.findWindow(t)
	w.waitFirstFrame()
	save, err := os.ReadFile(filepath.Join(data, controller.SaveName))
	require.NoError(t, err)
	return w, data, save
}
