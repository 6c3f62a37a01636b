package web_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/frontends/web"
)

// trickle serves the site, sending main.wasm in 16 parts with a pause after each, as a slow
// connection would: the page's progress then has parts to show whatever the machine's speed.
type trickle struct{ site *web.Site }

// menuRows is the number of rows of the app's menu (controller's menuDialog: the game's
// commands, the study screens, the records and the settings), which the browser tests wait
// for when they open it.
const menuRows = "17"

func (t trickle) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path != "/main.wasm" {
		t.site.ServeHTTP(w, r)
		return
	}
	t.site.ServeHTTP(&trickleWriter{ResponseWriter: w}, r)
}

type trickleWriter struct{ http.ResponseWriter }

func (w *trickleWriter) Write(b []byte) (int, error) {
	part := len(b)/16 + 1
	n := 0
	for len(b) > 0 {
		k := min(part, len(b))
		m, err := w.ResponseWriter.Write(b[:k])
		n += m
		if err != nil {
			return n, err
		}
		w.ResponseWriter.(http.Flusher).Flush()
		time.Sleep(30 * time.Millisecond)
		b = b[k:]
	}
	return n, nil
}

// layoutReading is the page's cotuong.layout: the drawn frame's rectangles and text sizes in
// CSS pixels.
type layoutReading struct {
	Buttons, DialogButtons []cssRect
	Toast                  cssRect
	Text                   map[string]float64
}

func (p *page) layout() layoutReading {
	p.t.Helper()
	var l layoutReading
	require.NoError(p.t, json.Unmarshal([]byte(eval[string](p, "JSON.stringify(cotuong.layout)")), &l))
	return l
}

// tapRect taps the middle of r, a rectangle of the canvas.
func (p *page) tapRect(r cssRect) {
	p.t.Helper()
	c := p.canvasRect()
	run(p, chromedp.TapXY(c.X+r.X+r.W/2, c.Y+r.Y+r.H/2))
}

// insets sets the safe-area insets the page sees (env(safe-area-inset-*)), in CSS pixels.
func (p *page) insets(top, right, bottom, left int64) {
	p.t.Helper()
	run(p, chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		_, err := chromedp.Call(ctx, emulation.SetSafeAreaInsetsOverride, emulation.SetSafeAreaInsetsOverrideParams{
			Insets: &emulation.SafeAreaInsets{Top: &top, Right: &right, Bottom: &bottom, Left: &left}})
		return err
	}))
}

// checkSizes measures, on the drawn frame's layout, every button of the bar (and of the
// dialog when one is open): at least 44 CSS pixels tall and inside the canvas; every text at
// least 14 CSS pixels; the canvas inside the safe area.
func (p *page) checkSizes(name string, safeTop, safeRight, safeBottom, safeLeft float64) layoutReading {
	p.t.Helper()
	l := p.layout()
	c := p.canvasRect()
	vw, vh := eval[float64](p, "innerWidth"), eval[float64](p, "innerHeight")
	p.t.Logf("%s: viewport %.0f×%.0f, canvas %+v, bar buttons %+v, dialog buttons %+v, text %v", name, vw, vh, c, l.Buttons, l.DialogButtons, l.Text)
	assert.InDelta(p.t, safeTop, c.Y, 0.5, "%s: the canvas starts below the top inset", name)
	assert.InDelta(p.t, safeLeft, c.X, 0.5, "%s: left inset", name)
	assert.InDelta(p.t, vh-safeBottom, c.Y+c.H, 0.5, "%s: the canvas ends above the bottom inset (the home indicator)", name)
	assert.InDelta(p.t, vw-safeRight, c.X+c.W, 0.5, "%s: right inset", name)
	require.NotEmpty(p.t, l.Buttons)
	for i, b := range append(append([]cssRect{}, l.Buttons...), l.DialogButtons...) {
		assert.GreaterOrEqual(p.t, b.H, 44.0, "%s: button %d is a touch target of at least 44 CSS px: %+v", name, i, b)
		assert.True(p.t, b.X >= 0 && b.Y >= 0 && b.X+b.W <= c.W+0.01 && b.Y+b.H <= c.H+0.01, "%s: button %d %+v inside the canvas %+v", name, i, b, c)
	}
	require.Len(p.t, l.Text, 7)
	for k, px := range l.Text {
		assert.GreaterOrEqual(p.t, px, 14.0, "%s: %s text of at least 14 CSS px", name, k)
	}
	return l
}

// TestBrowserPhone loads the game over a slow connection on a phone (390×844 CSS pixels at a
// device pixel ratio of 3, touch, an iPhone's safe-area insets): the page shows the download's
// progress and the start-up step; the bar's buttons, the menu's rows and every text measured on
// the drawn frame's layout are at least 44 and 14 CSS pixels, in portrait and in landscape
// (844×390); the canvas stays out of the safe-area insets; a tap the rules refuse shows why in a
// toast (a screenshot checks it is drawn).
func TestBrowserPhone(t *testing.T) {
	site := browserSite(t)
	srv := httptest.NewServer(trickle{site})
	defer srv.Close()

	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromium), chromedp.NoSandbox, chromedp.DisableGPU, chromedp.UserDataDir(t.TempDir()),
		chromedp.Flag("disable-quic", true), chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true),
		chromedp.Flag("force-color-profile", "srgb"))...)
	defer cancelAlloc()
	ctx, cancel := chromedp.NewContext(alloc)
	defer cancel()
	_, err := chromedp.Run(ctx, chromedp.Func(func(context.Context, *chromedp.Target) error { return nil }))
	require.NoError(t, err, "starting %s", chromium)
	p := &page{t: t, ctx: ctx}

	run(p, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(3), chromedp.EmulateTouch, chromedp.EmulatePortrait))
	p.insets(47, 0, 34, 0) // an iPhone in portrait: the notch and the home indicator
	run(p, chromedp.Navigate(srv.URL+"/"))
	p.settled()

	// The cold load showed its progress: percentages of the wasm file's size, then the start.
	var steps []string
	require.NoError(t, json.Unmarshal([]byte(eval[string](p, "JSON.stringify(cotuong.loadSteps)")), &steps))
	t.Logf("load steps: %q", steps)
	size := fmt.Sprintf("%.1f\u00a0MB", float64(len(wasmBin))/1e6)
	re := regexp.MustCompile(`^Downloading the game: (\d+)\x{a0}% of ` + regexp.QuoteMeta(size) + `$`)
	var percents []int
	for _, s := range steps {
		if m := re.FindStringSubmatch(s); m != nil {
			n, _ := strconv.Atoi(m[1])
			percents = append(percents, n)
		}
	}
	require.NotEmpty(t, percents, "the download's progress was shown: %q", steps)
	assert.Equal(t, 0, percents[0], "from 0 %%")
	assert.Equal(t, 100, percents[len(percents)-1], "to 100 %%")
	assert.True(t, slicesIncreasing(percents) && len(percents) >= 3, "rising, with steps between: %v", percents)
	assert.Equal(t, "Starting the game…", steps[len(steps)-1])
	assert.Zero(t, eval[int](p, `document.querySelectorAll("#msg").length`), "the message is gone with the first frame")

	p.checkSizes("portrait", 47, 0, 34, 0)
	assert.Equal(t, 1170, eval[int](p, "cotuong.width"))

	// The menu's rows.
	l := p.layout()
	p.tapRect(l.Buttons[len(l.Buttons)-1]) // Menu
	p.waitFor("the menu", "cotuong.layout.dialogButtons.length === "+menuRows)
	p.checkSizes("portrait menu", 47, 0, 34, 0)
	run(p, chromedp.KeyEvent(kb.Escape))
	p.waitFor("the menu closed", "cotuong.layout.dialogButtons.length === 0")

	// An illegal tap: the horse on b0 to d1, its leg c0 blocked by the elephant. The toast
	// expires after a few seconds; on a loaded machine it can go between the layout's read
	// and the screenshot, so the tap is made again (at most three times) until the toast is
	// still up after the screenshot.
	const refused = "A red horse cannot move from b0 to d1: the horse's leg c0 is blocked."
	var shot image.Image
	var tr cssRect
	for try := 1; ; try++ {
		x, y := p.point("", "b0")
		run(p, chromedp.TapXY(x, y))
		x, y = p.point("", "d1")
		run(p, chromedp.TapXY(x, y))
		p.waitFor("the toast", fmt.Sprintf("cotuong.toast === %q && cotuong.layout.toast.h > 0", refused))
		tr = p.layout().Toast
		eval[chromedp.Void](p, "new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r())))")
		var err error
		shot, err = png.Decode(bytes.NewReader(run(p, chromedp.CaptureScreenshot())))
		require.NoError(t, err)
		if eval[string](p, "cotuong.toast") == refused || try == 3 {
			break
		}
		t.Logf("the toast expired before the screenshot (try %d); again", try)
	}
	dir := os.Getenv("WEB_SCREENSHOT_DIR")
	if dir == "" {
		dir = t.TempDir()
	}
	if f, err := os.Create(filepath.Join(dir, "illegal-tap-toast.png")); err == nil {
		png.Encode(f, shot)
		f.Close()
		t.Logf("screenshot: %s", f.Name())
	}
	// The toast's panel is drawn where the layout says: its ivory colour fills most of it.
	c := p.canvasRect()
	dpr := 3.0
	panel, all := 0, 0
	for yy := int((c.Y + tr.Y) * dpr); yy < int((c.Y+tr.Y+tr.H)*dpr); yy += 3 {
		for xx := int((c.X + tr.X) * dpr); xx < int((c.X+tr.X+tr.W)*dpr); xx += 3 {
			r, g, b, _ := shot.At(xx, yy).RGBA()
			all++
			if r>>8 > 0xe0 && g>>8 > 0xd0 && b>>8 > 0xb0 {
				panel++
			}
		}
	}
	assert.Greater(t, panel, all/2, "the toast's panel is on the screen (%d of %d samples)", panel, all)
	assert.Equal(t, image.Rect(0, 0, 1170, 2532), shot.Bounds(), "the screenshot is the whole page at the device pixel ratio")

	// Landscape: the notch on the left, a smaller home indicator.
	p.insets(0, 47, 21, 47)
	run(p, chromedp.EmulateViewport(844, 390, chromedp.EmulateScale(3), chromedp.EmulateTouch, chromedp.EmulateLandscape))
	p.waitFor("the landscape frame", "cotuong.width === (844 - 94) * 3 && cotuong.height === (390 - 21) * 3")
	p.settled()
	p.checkSizes("landscape", 0, 47, 21, 47)
	l = p.layout()
	p.tapRect(l.Buttons[len(l.Buttons)-1])
	p.waitFor("the menu", "cotuong.layout.dialogButtons.length === "+menuRows)
	p.checkSizes("landscape menu", 0, 47, 21, 47)
}

func slicesIncreasing(s []int) bool {
	for i := 1; i < len(s); i++ {
		if s[i] <= s[i-1] {
			return false
		}
	}
	return true
}
