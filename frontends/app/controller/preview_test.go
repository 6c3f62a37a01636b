package controller_test

import (
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/frontends/app/controller"
	"github.com/cotuong-ai/cotuong/frontends/app/render"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
)

// TestPreviewScreens writes the app's screens (menu, help, level, confirmation, Vietnamese
// labels, Black's view, a finished game) as PNG files into $RENDER_PREVIEW_DIR, for a person
// to look at. It does nothing when the variable is unset.
func TestPreviewScreens(t *testing.T) {
	dir := os.Getenv("RENDER_PREVIEW_DIR")
	if dir == "" {
		t.Skip("set RENDER_PREVIEW_DIR to write the screens")
	}
	q := newQueue()
	c := controller.New(controller.Config{Dir: t.TempDir(), Post: q.post, Engine: newFake(21, 0, 0).engine()})
	defer c.Close()
	u := &ui{t: t, c: c, r: render.NewRenderer(), w: 600, h: 800}
	shot := func(name string) {
		v := c.View()
		img := image.NewRGBA(image.Rect(0, 0, u.w, u.h))
		_, err := u.r.Draw(img, &v)
		require.NoError(t, err)
		f, err := os.Create(filepath.Join(dir, name+".png"))
		require.NoError(t, err)
		require.NoError(t, png.Encode(f, img))
		require.NoError(t, f.Close())
	}
	for _, mv := range [][2]string{{"h2", "e2"}, {"h0", "g2"}, {"i0", "h0"}, {"b2", "b6"}} {
		u.tapSquare(mv[0])
		u.tapSquare(mv[1])
		pumpUntil(t, c, q, 5*time.Second, func() bool { return !c.Thinking() })
	}
	u.tapSquare("h0")
	shot("game")
	u.tapButton("Menu")
	shot("menu")
	u.tapButton("Help")
	shot("help")
	u.tapButton("Close")
	u.tapButton("Medium")
	shot("level")
	u.tapButton("Close")
	u.tapButton("New game")
	shot("confirm")
	u.tapButton("Cancel")
	c.SetLabels(controller.VietnameseLabels)
	shot("vietnamese")
	c.SetLabels(controller.ChineseLabels)
	c.SetHuman(xiangqi.Black)
	pumpUntil(t, c, q, 5*time.Second, func() bool { return !c.Thinking() })
	shot("black")
	u.w, u.h = 1080, 2340
	shot("phone")
	u.w, u.h = 800, 600
	shot("landscape")

	// A damaged save: the note about what was recovered.
	damaged := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(damaged, controller.SaveName),
		[]byte("cotuong-xiangqi-save 1\ngame startpos moves h2e2 h9g7 a0a5\nlevel Easy\nhuman red\nlabels chinese\nsound on\nend\n"), 0o644))
	c = controller.New(controller.Config{Dir: damaged, Post: q.post, Engine: newFake(22, 0, 0).engine()})
	defer c.Close()
	u.c, u.w, u.h = c, 600, 800
	shot("damaged")
}
