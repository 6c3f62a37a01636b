package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"image"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/frontends/app/controller"
	"github.com/cotuong-ai/cotuong/frontends/app/render"
	"github.com/cotuong-ai/cotuong/frontends/web/webstore"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/cotuong-ai/cotuong/levels"
)

// shadowOf is a controller on save whose computer never moves: the taps of a test are played
// on it too, so that it shows what the page shows (its layout says where to tap, its frame what
// the screen must look like).
func shadowOf(t *testing.T, save string) *controller.Controller {
	t.Helper()
	kv := &webstore.Memory{}
	require.NoError(t, kv.SetItem(webstore.SaveKey, save))
	c := controller.New(controller.Config{Storage: webstore.Storage{KV: kv},
		Engine: func(ctx context.Context, _ *xiangqi.Game, _ levels.Level) (xiangqi.Move, bool) {
			<-ctx.Done()
			return xiangqi.NoMove, false
		}})
	t.Cleanup(c.Close)
	return c
}

// shadowFrame draws what c shows at the page's canvas size and density.
func (p *page) shadowFrame(c *controller.Controller) (render.View, *image.RGBA, *render.Layout) {
	p.t.Helper()
	w, h := eval[int](p, "cotuong.width"), eval[int](p, "cotuong.height")
	v := c.View()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	r := render.NewRenderer()
	r.SetScreen(render.Screen{Density: eval[float64](p, "devicePixelRatio")})
	l, err := r.Draw(img, &v)
	require.NoError(p.t, err)
	return v, img, l
}

// tapBoth taps, on the page, where target t of the shadow c is drawn (a square, a palette
// entry, a panel, bar or dialog button), and taps it on c too.
func (p *page) tapBoth(c *controller.Controller, t render.Target) {
	p.t.Helper()
	v, _, l := p.shadowFrame(c)
	dpr := eval[float64](p, "devicePixelRatio")
	cr := p.canvasRect()
	at := func(x, y float64) { run(p, chromedp.TapXY(cr.X+x/dpr, cr.Y+y/dpr)) }
	mid := func(r image.Rectangle) { at(float64(r.Min.X+r.Max.X)/2, float64(r.Min.Y+r.Max.Y)/2) }
	switch t.Kind {
	case render.TargetSquare:
		at(l.Board.Center(t.Square%9, t.Square/9))
	case render.TargetPalette:
		mid(l.PaletteCells[t.Index])
	case render.TargetButton:
		var rects []image.Rectangle
		var buttons []render.Button
		switch {
		case v.Dialog != nil:
			rects, buttons = l.DialogButtons, v.Dialog.Buttons
		default:
			rects, buttons = l.Buttons, v.Bar
			if v.Palette != nil {
				rects, buttons = append(append([]image.Rectangle{}, rects...), l.PanelButtons...), append(append([]render.Button{}, buttons...), v.Palette.Buttons...)
			}
		}
		found := false
		for i, b := range buttons {
			if b.Action == t.Action && !found {
				mid(rects[i])
				found = true
			}
		}
		require.True(p.t, found, "no button %q on the screen", t.Action)
	}
	c.Tap(t)
}

func sqTarget(name string) render.Target {
	return render.Target{Kind: render.TargetSquare, Square: int(xiangqi.SquareAt(int(name[0]-'a'), int(name[1]-'0')))}
}

func buttonTarget(a render.Action) render.Target {
	return render.Target{Kind: render.TargetButton, Action: a, Square: render.NoSquare}
}

// checkPalette measures the editor's palette entries and panel buttons: touch targets of at
// least 44 CSS px, inside the canvas.
func (p *page) checkPalette(name string) {
	p.t.Helper()
	var l struct{ PaletteCells, PanelButtons []cssRect }
	require.NoError(p.t, json.Unmarshal([]byte(eval[string](p, "JSON.stringify(cotuong.layout)")), &l))
	c := p.canvasRect()
	require.Len(p.t, l.PaletteCells, 15, name)
	require.Len(p.t, l.PanelButtons, 3, name)
	for i, b := range append(l.PaletteCells, l.PanelButtons...) {
		assert.GreaterOrEqual(p.t, b.H, 44.0, "%s: target %d %+v", name, i, b)
		assert.GreaterOrEqual(p.t, b.W, 44.0, "%s: target %d %+v", name, i, b)
		assert.True(p.t, b.X >= 0 && b.Y >= 0 && b.X+b.W <= c.W+0.01 && b.Y+b.H <= c.H+0.01, "%s: target %d %+v inside the canvas", name, i, b)
	}
}

// TestBrowserTwoPlayers plays a saved two-player game's first moves on a phone (390×844 CSS px
// at a device pixel ratio of 3): Red's and Black's moves are tapped in turn, no computer moves,
// the board turns to the side to move after each (the page's cotuong.flipped, and the
// screenshot is the native frame of the same game), and the save says "players two".
func TestBrowserTwoPlayers(t *testing.T) {
	p, url := startBrowser(t)
	run(p, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(3), chromedp.EmulateTouch, chromedp.EmulatePortrait))
	run(p, chromedp.Navigate(url+"/"))
	p.settled()
	set := controller.DefaultSettings()
	set.TwoPlayers = true
	p.loadSave(string(controller.Encode(xiangqi.NewGame(xiangqi.Start()), set)))
	require.Equal(t, "startpos", eval[string](p, "cotuong.game"))
	require.False(t, eval[bool](p, "cotuong.flipped"))
	game := "startpos moves"
	for i, m := range [][2]string{{"h2", "e2"}, {"h9", "g7"}, {"h0", "g2"}} {
		save := p.save()
		for _, s := range m {
			x, y := p.point(save, s)
			run(p, chromedp.TapXY(x, y))
		}
		game += " " + m[0] + m[1]
		p.waitFor("move "+m[0]+m[1], fmt.Sprintf("cotuong.game === %q && cotuong.flipped === %v", game, i%2 == 0))
		p.waitFor("the move in the save", fmt.Sprintf("(localStorage.getItem(%q) || '').includes(%q)", webstore.SaveKey, "game "+game+"\n"))
		p.settled()
		assert.Equal(t, map[bool]string{true: "Black to move", false: "Red to move"}[i%2 == 0], p.review().Status)
		p.compareScreen("two-players-"+m[0]+m[1], p.save())
	}
	assert.Contains(t, p.save(), "\nplayers two\n")
	assert.False(t, eval[bool](p, "cotuong.thinking"), "no computer")
}

// TestBrowserEditor builds a position on a phone: Menu → Set up a position, Clear, then the
// palette and the board place Red's general, Black's general and a red chariot; the palette and
// its buttons are touch targets of at least 44 CSS px with text of at least 14 in portrait and
// landscape, and the screenshot is the native frame of the editor; Play… → "You Red, the
// computer Black" starts the game from that position and the chariot's move to a8 wins it.
func TestBrowserEditor(t *testing.T) {
	p, url := startBrowser(t)
	run(p, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(3), chromedp.EmulateTouch, chromedp.EmulatePortrait))
	run(p, chromedp.Navigate(url+"/"))
	p.settled()
	set := controller.DefaultSettings()
	set.Sound = false
	save := string(controller.Encode(xiangqi.NewGame(xiangqi.Start()), set))
	p.loadSave(save)
	shadow := shadowOf(t, save)

	p.tapBoth(shadow, buttonTarget(controller.ActMenu))
	p.waitFor("the menu", "cotuong.layout.dialogButtons.length === "+menuRows)
	p.tapBoth(shadow, buttonTarget(controller.ActEdit))
	p.waitFor("the editor", "cotuong.editing && cotuong.layout.paletteCells.length === 15")
	p.tapBoth(shadow, buttonTarget(controller.ActEditClear))
	palette := func(i int) render.Target {
		return render.Target{Kind: render.TargetPalette, Index: i, Square: render.NoSquare}
	}
	for _, step := range []struct {
		entry int
		sq    string
	}{{0, "e0"}, {8, "d9"}, {4, "a5"}} {
		p.tapBoth(shadow, palette(step.entry))
		p.tapBoth(shadow, sqTarget(step.sq))
	}
	const fen = "3k5/9/9/9/R8/9/9/9/9/4K4 w - - 0 1"
	p.waitFor("the position set up", fmt.Sprintf("cotuong.fen === %q", fen))
	p.settled()
	_, want, _ := p.shadowFrame(shadow)
	p.compareTo("editor-portrait", want)
	p.checkPalette("portrait")
	p.checkSizes("editor portrait", 0, 0, 0, 0)

	run(p, chromedp.EmulateViewport(844, 390, chromedp.EmulateScale(3), chromedp.EmulateTouch, chromedp.EmulateLandscape))
	p.waitFor("the landscape frame", "cotuong.width === 844 * 3")
	p.settled()
	_, want, _ = p.shadowFrame(shadow)
	p.compareTo("editor-landscape", want)
	p.checkPalette("landscape")
	p.checkSizes("editor landscape", 0, 0, 0, 0)

	p.tapBoth(shadow, buttonTarget(controller.ActEditPlay))
	p.waitFor("play from here", "cotuong.layout.dialogButtons.length === 5")
	p.tapBoth(shadow, buttonTarget(controller.ActPlayRed))
	p.waitFor("the game from the position", fmt.Sprintf("!cotuong.editing && cotuong.game === %q", "fen "+fen))
	p.tapBoth(shadow, sqTarget("a5"))
	p.tapBoth(shadow, sqTarget("a8"))
	p.waitFor("the winning move", fmt.Sprintf("cotuong.game === %q", "fen "+fen+" moves a5a8"))
	p.settled()
	assert.Equal(t, shadow.GameString(), eval[string](p, "cotuong.game"))
	_, want, _ = p.shadowFrame(shadow)
	p.compareTo("editor-played", want)
}
