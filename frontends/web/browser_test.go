package web_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	cdpruntime "github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/frontends/app/controller"
	"github.com/cotuong-ai/cotuong/frontends/app/render"
	"github.com/cotuong-ai/cotuong/frontends/web"
	"github.com/cotuong-ai/cotuong/frontends/web/protocol"
	"github.com/cotuong-ai/cotuong/frontends/web/webstore"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/cotuong-ai/cotuong/gamesearch"
	"github.com/cotuong-ai/cotuong/internal/testkit/race"
	"github.com/cotuong-ai/cotuong/levels"
)

// The browser test's shared state, set up once by TestMain: the Chromium to drive and the
// wasm program, built once for the whole package.
var (
	chromium string // path of the browser; "" when none is installed
	wasmBin  []byte
	buildErr error
)

func TestMain(m *testing.M) {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			chromium = p
			break
		}
	}
	dir, err := os.MkdirTemp("", "cotuong-web-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if chromium != "" && !race.Enabled {
		out := filepath.Join(dir, "main.wasm")
		ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
		if buildErr = web.Build(ctx, "", out); buildErr == nil {
			wasmBin, buildErr = os.ReadFile(out)
		}
		cancel()
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// page drives one Chromium tab.
type page struct {
	t   *testing.T
	ctx context.Context
}

func run[T any](p *page, a chromedp.Action[T]) T {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 60*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, a)
	require.NoError(p.t, err)
	return v
}

// eval evaluates a JavaScript expression (awaiting a promise) into T.
func eval[T any](p *page, js string) T {
	p.t.Helper()
	return run(p, chromedp.Evaluate[T](js, chromedp.EvalAwaitPromise))
}

// waitFor polls the expression until it is true (the page's own pace: no fixed sleeps).
func (p *page) waitFor(what, js string) {
	p.t.Helper()
	end := time.Now().Add(90 * time.Second)
	for !eval[bool](p, "!!("+js+")") {
		if time.Now().After(end) {
			state := eval[string](p, `JSON.stringify({cotuong: window.cotuong, msg: (document.getElementById("msg") || {}).textContent})`)
			p.t.Fatalf("timed out waiting for %s (%s); the page: %s", what, js, state)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// settled waits until the page has drawn the game with nothing in progress, then for two
// more animation frames, so that the screen shows that frame.
func (p *page) settled() {
	p.t.Helper()
	p.waitFor("a frame of the settled game", "window.cotuong && cotuong.frames > 0 && cotuong.thinking === false")
	eval[chromedp.Void](p, "new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r())))")
}

// save returns the save as the page keeps it in localStorage.
func (p *page) save() string {
	p.t.Helper()
	return eval[string](p, fmt.Sprintf("localStorage.getItem(%q) || ''", webstore.SaveKey))
}

// nativeFrame draws, with the native app's renderer, what the app shows for a save at w×h
// pixels on a screen of density dpr, and returns the frame with its layout.
func nativeFrame(t *testing.T, save string, w, h int, dpr float64) (*image.RGBA, *render.Layout) {
	t.Helper()
	kv := &webstore.Memory{}
	if save != "" {
		require.NoError(t, kv.SetItem(webstore.SaveKey, save))
	}
	c := controller.New(controller.Config{Storage: webstore.Storage{KV: kv},
		Engine: func(ctx context.Context, _ *xiangqi.Game, _ levels.Level) (xiangqi.Move, bool) {
			<-ctx.Done()
			return xiangqi.NoMove, false
		}})
	defer c.Close()
	v := c.View()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	r := render.NewRenderer()
	r.SetScreen(render.Screen{Density: dpr})
	l, err := r.Draw(img, &v)
	require.NoError(t, err)
	return img, l
}

// compareScreen takes a screenshot and compares it with the native frame for save: the share
// of pixels that differ by more than 24 levels in a channel must stay under 0.2%.
func (p *page) compareScreen(name, save string) {
	p.t.Helper()
	w, h := eval[int](p, "cotuong.width"), eval[int](p, "cotuong.height")
	shot, err := png.Decode(bytes.NewReader(run(p, chromedp.CaptureScreenshot())))
	require.NoError(p.t, err)
	want, _ := nativeFrame(p.t, save, w, h, eval[float64](p, "devicePixelRatio"))
	require.Equal(p.t, want.Bounds(), shot.Bounds(), "%s: the screenshot has the canvas's device pixels", name)
	var off, total int
	var sum float64
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			r, g, b, _ := shot.At(x, y).RGBA()
			c := want.RGBAAt(x, y)
			d := max(absDiff(r>>8, c.R), absDiff(g>>8, c.G), absDiff(b>>8, c.B))
			sum += float64(d)
			if d > 24 {
				off++
			}
			total++
		}
	}
	frac := float64(off) / float64(total)
	p.t.Logf("%s: %d×%d screenshot vs native frame: %.3f%% of pixels differ by > 24 levels, mean difference %.2f levels", name, w, h, 100*frac, sum/float64(total))
	if dir := os.Getenv("WEB_SCREENSHOT_DIR"); dir != "" {
		f, err := os.Create(filepath.Join(dir, name+".png"))
		if err == nil {
			png.Encode(f, shot)
			f.Close()
		}
	}
	assert.Less(p.t, frac, 0.002, "%s: the page shows the native frame", name)
}

func absDiff(a uint32, b uint8) uint32 {
	if a > uint32(b) {
		return a - uint32(b)
	}
	return uint32(b) - a
}

// point returns the CSS pixel of board point sq ("h2") on the page's current frame (the
// canvas may be inset by the safe area).
func (p *page) point(save, sq string) (float64, float64) {
	p.t.Helper()
	w, h := eval[int](p, "cotuong.width"), eval[int](p, "cotuong.height")
	dpr := eval[float64](p, "devicePixelRatio")
	_, l := nativeFrame(p.t, save, w, h, dpr)
	x, y := l.Board.Center(int(sq[0]-'a'), int(sq[1]-'0'))
	c := p.canvasRect()
	return c.X + x/dpr, c.Y + y/dpr
}

// cssRect is a rectangle in CSS pixels, as the page's cotuong.layout and getBoundingClientRect
// give them.
type cssRect struct{ X, Y, W, H float64 }

// canvasRect returns the canvas's place on the page.
func (p *page) canvasRect() cssRect {
	p.t.Helper()
	var r cssRect
	require.NoError(p.t, json.Unmarshal([]byte(eval[string](p,
		`(() => { const b = document.getElementById("board").getBoundingClientRect(); return JSON.stringify({X: b.left, Y: b.top, W: b.width, H: b.height}); })()`)), &r))
	return r
}

func gameLine(save string) string {
	for _, line := range strings.Split(save, "\n") {
		if g, ok := strings.CutPrefix(line, "game "); ok {
			return g
		}
	}
	return ""
}

// TestBrowser plays the web app in headless Chromium, served by the project's own handler:
// the first frame is the native renderer's frame, a mouse click on a red piece and a touch
// on its yellow dot make a move, the computer answers from its Web Worker, a reload shows the
// same game, the service worker is registered and serves the game with the server gone, a
// rotation redraws the landscape frame, a corrupt save is kept aside, and the worker's search
// visits exactly the nodes of the same search run natively.
func TestBrowser(t *testing.T) {
	site := browserSite(t)
	t.Logf("main.wasm: %d bytes, %d gzip-compressed", len(wasmBin), site.GzipSize("main.wasm"))
	srv := httptest.NewServer(site)
	defer srv.Close()

	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromium), chromedp.NoSandbox, chromedp.DisableGPU, chromedp.UserDataDir(t.TempDir()),
		chromedp.Flag("disable-quic", true), chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true),
		chromedp.Flag("force-color-profile", "srgb"))...)
	defer cancelAlloc()
	// The page's console and uncaught errors go to the test log.
	logEvents := func(ev any) {
		switch ev := ev.(type) {
		case *cdpruntime.EventConsoleAPICalled:
			var parts []string
			for _, a := range ev.Args {
				if len(a.Value) > 0 {
					parts = append(parts, string(a.Value))
				} else {
					parts = append(parts, a.Description)
				}
			}
			t.Logf("console.%s: %s", ev.Type, strings.Join(parts, " "))
		case *cdpruntime.EventExceptionThrown:
			t.Logf("uncaught: %s %v", ev.ExceptionDetails.Text, ev.ExceptionDetails.Exception)
		}
	}
	ctx, cancel := chromedp.NewContext(alloc, chromedp.WithListener(logEvents))
	defer cancel()
	// The first run starts the browser, which lives as long as its context: no timeout here.
	_, err := chromedp.Run(ctx, chromedp.Func(func(context.Context, *chromedp.Target) error { return nil }))
	require.NoError(t, err, "starting %s", chromium)
	p := &page{t: t, ctx: ctx}
	// A phone: 360×640 CSS pixels at a device pixel ratio of 2, with touch.
	run(p, chromedp.EmulateViewport(360, 640, chromedp.EmulateScale(2), chromedp.EmulateTouch, chromedp.EmulatePortrait))
	run(p, chromedp.Navigate(srv.URL+"/"))
	p.settled()
	assert.Equal(t, 720, eval[int](p, "cotuong.width"), "the canvas is drawn at the device pixel ratio")
	assert.Equal(t, 1280, eval[int](p, "cotuong.height"))
	logFirstFrame := func(when string) {
		t.Logf("%s: first frame %.0f ms after navigation start (the Go program started at %.0f ms)", when,
			eval[float64](p, "cotuong.firstFrameMS"), eval[float64](p, "cotuong.goStartMS"))
	}
	logFirstFrame("first visit")
	p.compareScreen("start", "")

	// Tap the red cannon on h2 (a mouse click), then its yellow dot on e2 (a touch).
	x, y := p.point("", "h2")
	run(p, chromedp.MouseClickXY(x, y))
	p.waitFor("the selection", "cotuong.frames > 1")
	x, y = p.point("", "e2")
	run(p, chromedp.TapXY(x, y))
	p.waitFor("the computer's reply in the save", fmt.Sprintf("(localStorage.getItem(%q) || '').match(/game startpos moves h2e2 [a-i][0-9][a-i][0-9]\\n/)", webstore.SaveKey))
	p.settled()
	saved := p.save()
	game := gameLine(saved)
	require.Regexp(t, `^startpos moves h2e2 [a-i]\d[a-i]\d$`, game)
	assert.Equal(t, game, eval[string](p, "cotuong.game"), "the page shows what it saved")
	var last protocol.Reply
	require.NoError(t, json.Unmarshal([]byte(eval[string](p, "cotuong.lastSearch")), &last))
	assert.Equal(t, strings.Fields(game)[3], last.Move, "the move came from the worker")
	t.Logf("the worker's reply at level %s took %v (its natural pause included)", levels.Default.Name, last.Elapsed())
	p.compareScreen("after-reply", saved)
	assert.Equal(t, []string{"move", "move"}, eval[[]string](p, "cotuong.sounds"), "the person's move and the reply were heard (Web Audio)")

	// The service worker is installed and, after a reload, controls the page.
	assert.Equal(t, "activated", eval[string](p, "navigator.serviceWorker.ready.then(r => r.active ? r.active.state : '')"))
	run(p, chromedp.Reload())
	p.settled()
	assert.Equal(t, game, eval[string](p, "cotuong.game"), "a reload shows the same game")
	logFirstFrame("reload")
	assert.True(t, eval[bool](p, "navigator.serviceWorker.controller !== null"), "the service worker controls the page")
	p.compareScreen("reloaded", saved)

	// The worker's search is the native search: the same nodes at a fixed depth.
	var bench protocol.Reply
	depth := 5
	if d, err := strconv.Atoi(os.Getenv("WEB_BENCH_DEPTH")); err == nil && d > 0 {
		depth = d // a longer measurement by hand
	}
	require.NoError(t, json.Unmarshal([]byte(eval[string](p, fmt.Sprintf("cotuong.bench(%d)", depth))), &bench))
	require.Empty(t, bench.Err)
	s := protocol.NewBenchSearcher()
	bp, _ := xiangqi.ParseFEN(protocol.BenchFEN)
	native := s.Search(context.Background(), bp, nil, gamesearch.Limits{Depth: depth})
	assert.Equal(t, native.Nodes, bench.Nodes, "the wasm search visits the native search's nodes")
	assert.Equal(t, native.Move.UCI(), bench.Move)
	t.Logf("bench depth %d (%d nodes): browser worker %.0f nodes/s, native here %.0f nodes/s (timings from a loaded machine; see BenchmarkBench)",
		depth, bench.Nodes, bench.NPS(), float64(native.Nodes)/native.Elapsed.Seconds())

	// Offline: the server is gone, the game still opens, from the service worker's cache.
	srv.Close()
	run(p, chromedp.Reload())
	p.settled()
	assert.Equal(t, game, eval[string](p, "cotuong.game"), "offline, the game opens as it was")

	// Rotation: the landscape frame.
	run(p, chromedp.EmulateViewport(640, 360, chromedp.EmulateScale(2), chromedp.EmulateTouch, chromedp.EmulateLandscape))
	p.waitFor("the landscape frame", "cotuong.width === 1280 && cotuong.height === 720")
	p.settled()
	p.compareScreen("landscape", saved)

	// A corrupt save: kept aside, the player told, a new game.
	eval[chromedp.Void](p, fmt.Sprintf("localStorage.setItem(%q, 'cotuong-xiangqi-save 1\\ngame startpos moves h2e2 z9z9\\n')", webstore.SaveKey))
	run(p, chromedp.Reload())
	p.settled()
	assert.Equal(t, "startpos", eval[string](p, "cotuong.game"))
	kept := eval[string](p, `Object.keys(localStorage).filter(k => k.startsWith("cotuong/game.corrupt-")).join(",")`)
	assert.Regexp(t, `^cotuong/game\.corrupt-\d{8}-\d{6}\.txt$`, kept)
	assert.Equal(t, "cotuong-xiangqi-save 1\ngame startpos moves h2e2 z9z9\n", eval[string](p, fmt.Sprintf("localStorage.getItem(%q)", kept)))
}

// browserSite returns the web app's site for a browser test, after skipping the test under the
// race detector (what runs is Chromium and the wasm program, which the detector does not see;
// the plain go test run covers these tests) or without Chromium (a failure when CI is set).
func browserSite(t *testing.T) *web.Site {
	t.Helper()
	if race.Enabled {
		t.Skip("skipped under -race: the code under test runs in Chromium, outside the detector")
	}
	if chromium == "" {
		if os.Getenv("CI") != "" {
			t.Fatal("CI is set but Chromium is not installed (Debian: apt-get install chromium)")
		}
		t.Skip("Chromium is not installed (Debian: apt-get install chromium); set CI=true to make this a failure")
	}
	require.NoError(t, buildErr)
	wasmExec, err := web.WasmExec("")
	require.NoError(t, err)
	site, err := web.New(wasmBin, wasmExec)
	require.NoError(t, err)
	return site
}
