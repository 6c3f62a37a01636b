package main

import (
	"context"
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
	"github.com/cotuong-ai/cotuong/levels"
)

// blunderGame has a planted blunder: Red's chariot goes to b1 (R9.8), where Black's cannon
// takes it at once. It is Red's (the person's) turn: the computer does not move.
const blunderGame = "startpos moves a0a1 h9g7 a1b1 b7b1"

// idleController is a controller on save data whose computer never moves, to lay out and
// draw what the app shows.
func idleController(t *testing.T, data []byte) *controller.Controller {
	t.Helper()
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, controller.SaveName), data, 0o644))
	c := controller.New(controller.Config{Dir: dir, Engine: func(ctx context.Context, _ *xiangqi.Game, _ levels.Level) (xiangqi.Move, bool) {
		<-ctx.Done()
		return xiangqi.NoMove, false
	}})
	t.Cleanup(c.Close)
	return c
}

// frameDiff returns the share of the window's pixels in shot that differ from want by more
// than 24 levels in a channel.
func (w *appWindow) frameDiff(shot image.Image, want *image.RGBA) float64 {
	off, total := 0, 0
	for y := 0; y < want.Rect.Dy(); y++ {
		for x := 0; x < want.Rect.Dx(); x++ {
			r, g, b, _ := shot.At(x+w.off.X, y+w.off.Y).RGBA()
			c := want.RGBAAt(x, y)
			if max(absDiff(r>>8, c.R), absDiff(g>>8, c.G), absDiff(b>>8, c.B)) > 24 {
				off++
			}
			total++
		}
	}
	return float64(off) / float64(total)
}

func absDiff(a uint32, b uint8) uint32 {
	if a > uint32(b) {
		return a - uint32(b)
	}
	return uint32(b) - a
}

// TestEndToEndReview runs the desktop app under Xvfb on a saved game with a planted blunder:
// Menu → Review the game opens the review, the analysis runs on its goroutine and is written
// into the save, the ← key (read from X11) steps back to the blunder, and the window shows
// the native renderer's frame of that review: the ?? mark, the better move's arrow, the words
// and the graph.
func TestEndToEndReview(t *testing.T) {
	if testing.Short() {
		t.Skip("the window test is not short")
	}
	needTool(t, "Xvfb")
	bin := buildApp(t, t.TempDir())
	d := startX(t, true)
	data := filepath.Join(t.TempDir(), "data")
	saveGame(t, data, blunderGame, controller.DefaultSettings())
	start(t, append(d.env, "COTUONG_DATA_DIR="+data), "app.log", bin)
	w := d.findWindow(t)
	waitFor(t, "the first frame", slow, func() bool {
		img := w.screenshot()
		return img != nil && w.redAt(img, 0, 0) == 0 && w.redAt(img, 1, 2) > 20 // a0 empty, the cannon on b2
	})

	// The same taps on a controller of the same game give the places of the buttons.
	save, err := os.ReadFile(filepath.Join(data, controller.SaveName))
	require.NoError(t, err)
	shadow := idleController(t, save)
	w.clickAt(buttonAt(t, shadow, w.l.W, w.l.H, controller.ActMenu))
	shadow.Tap(render.Target{Kind: render.TargetButton, Action: controller.ActMenu})
	w.clickAt(buttonAt(t, shadow, w.l.W, w.l.H, controller.ActReview))

	var saved string
	waitFor(t, "the analysis in the save file", slow, func() bool {
		b, err := os.ReadFile(filepath.Join(data, controller.SaveName))
		saved = string(b)
		return err == nil && strings.Count(saved, "\nanalysis ") == 1+5
	})
	assert.Contains(t, saved, "game "+blunderGame+"\n", "the game is untouched")

	d.x("key", "--window", w.id, "Left")
	want := idleController(t, []byte(saved))
	require.True(t, want.AnalysisComplete())
	want.OpenReview(3)
	v := want.View()
	assert.Equal(t, "??", v.Moves[1].RedMark)
	require.Len(t, v.Arrows, 1)
	assert.Contains(t, strings.Join(v.Review.Words, " "), "leaves the chariot hanging")
	frame := image.NewRGBA(image.Rect(0, 0, w.l.W, w.l.H))
	_, err = render.NewRenderer().Draw(frame, &v)
	require.NoError(t, err)
	var frac float64
	waitFor(t, "the window to show the review of the blunder", slow, func() bool {
		img := w.screenshot()
		if img == nil {
			return false
		}
		frac = w.frameDiff(img, frame)
		return frac < 0.005
	})
	t.Logf("the window shows the native frame of the review: %.3f%% of pixels differ by > 24 levels", 100*frac)
	if keep := os.Getenv("COTUONG_E2E_SCREENSHOT"); keep != "" {
		b, err := os.ReadFile(w.shot)
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(strings.TrimSuffix(keep, ".png")+"-review.png", b, 0o644))
	}
}
