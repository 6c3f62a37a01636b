package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/frontends/app/controller"
	"github.com/cotuong-ai/cotuong/frontends/web/protocol"
	"github.com/cotuong-ai/cotuong/frontends/web/webstore"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/cotuong-ai/cotuong/gamesearch"
)

// startServer runs the APK's x86_64 server with the given data folder and address, as the
// activity runs it, and returns its first line and a function that kills it (as Android kills
// an app's processes).
func startServer(t *testing.T, apk, bin, data, addr string) (string, func()) {
	t.Helper()
	cmd := exec.Command(bin, "-apk", apk, "-data", data, "-addr", addr)
	out, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	kill := func() { cmd.Process.Kill(); cmd.Wait() }
	t.Cleanup(kill)
	b := make([]byte, 0, 64)
	for c := make([]byte, 1); ; {
		n, err := out.Read(c)
		require.NoError(t, err, "the server's first line")
		if n == 1 && c[0] == '\n' {
			break
		}
		b = append(b, c[:n]...)
	}
	return string(b), kill
}

// TestPageInWebViewOrigin loads the game in headless Chromium the way the WebView loads it:
// from the APK's own server (the x86_64 one, which runs here) at its http://127.0.0.1 origin.
// The page draws, its worker searches, the service worker takes it over; Android's Back (the
// script the activity runs) answers false on the bare game and closes an open dialog; with the
// server killed (Android killing the app) the game still opens from the service worker, and
// with a new server on the same port the save is still there. What a phone's WebView adds (its
// own Chromium version, the activity's lifecycle) cannot be run here.
func TestPageInWebViewOrigin(t *testing.T) {
	var chromium string
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			chromium = p
			break
		}
	}
	if chromium == "" {
		needTools(t, "chromium")
	}
	apk, _ := builtAPK(t)
	dir := t.TempDir()
	bin := filepath.Join(dir, "libcotuong.so")
	require.NoError(t, os.WriteFile(bin, zipEntry(t, apk, "lib/x86_64/libcotuong.so"), 0o755))
	data := filepath.Join(dir, "files")
	ln := freePort(t)
	base, kill := startServer(t, apk, bin, data, ln)
	require.Equal(t, "http://"+ln+"/", base)

	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromium), chromedp.NoSandbox, chromedp.DisableGPU, chromedp.UserDataDir(filepath.Join(dir, "webview")),
		chromedp.Flag("disable-quic", true), chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true))...)
	defer cancelAlloc()
	ctx, cancel := chromedp.NewContext(alloc)
	defer cancel()
	_, err := chromedp.Run(ctx, chromedp.Func(func(context.Context, *chromedp.Target) error { return nil }))
	require.NoError(t, err, "starting %s", chromium)
	p := &tab{t: t, ctx: ctx}
	do := func(a chromedp.Action[chromedp.Void]) { t.Helper(); run(p, a) }
	waitFor := func(what, js string) {
		t.Helper()
		for end := time.Now().Add(2 * time.Minute); !evalJS[bool](p, "!!("+js+")"); time.Sleep(50 * time.Millisecond) {
			if time.Now().After(end) {
				state := evalJS[string](p, `JSON.stringify({cotuong: window.cotuong, msg: (document.getElementById("msg") || {}).textContent})`)
				t.Fatalf("timed out waiting for %s (%s); the page: %s", what, js, state)
			}
		}
	}
	settled := "window.cotuong && cotuong.frames > 0 && cotuong.thinking === false"
	do(chromedp.EmulateViewport(360, 640, chromedp.EmulateScale(2), chromedp.EmulateTouch))
	do(chromedp.Navigate(base))
	waitFor("the first frame", settled)

	// A game in the save, as the app writes it: the page opens it.
	g, err := xiangqi.ParseGame("startpos moves h2e2 h9g7")
	require.NoError(t, err)
	save := string(controller.Encode(g, controller.DefaultSettings()))
	evalJS[bool](p, fmt.Sprintf("localStorage.setItem(%q, %q), true", webstore.SaveKey, save))
	do(chromedp.Reload())
	waitFor("the saved game", settled+` && cotuong.game === "startpos moves h2e2 h9g7"`)

	// The worker, started from the APK's worker.js and main.wasm, searches: the nodes of the
	// native search at a fixed depth. The speeds logged side by side are what a native search
	// by the server would gain per core (on this machine, whatever its load).
	depth := 5
	if d, err := strconv.Atoi(os.Getenv("APK_BENCH_DEPTH")); err == nil && d > 0 {
		depth = d
	}
	var bench protocol.Reply
	require.NoError(t, json.Unmarshal([]byte(evalJS[string](p, fmt.Sprintf("cotuong.bench(%d)", depth))), &bench))
	require.Empty(t, bench.Err)
	bp, err := xiangqi.ParseFEN(protocol.BenchFEN)
	require.NoError(t, err)
	native := protocol.NewBenchSearcher().Search(context.Background(), bp, nil, gamesearch.Limits{Depth: depth})
	assert.Equal(t, native.Nodes, bench.Nodes, "the worker's search visits the native search's nodes")
	t.Logf("bench depth %d (%d nodes): the page's wasm worker %.0f nodes/s, native Go here %.0f nodes/s (%.1f×)",
		depth, bench.Nodes, bench.NPS(), float64(native.Nodes)/native.Elapsed.Seconds(),
		float64(native.Nodes)/native.Elapsed.Seconds()/bench.NPS())

	// The service worker is active and controls the page after a reload.
	state := evalJS[string](p, "navigator.serviceWorker.ready.then(r => r.active ? r.active.state : '')")
	assert.Equal(t, "activated", state)
	do(chromedp.Reload())
	waitFor("the reloaded game", settled)
	controlled := evalJS[bool](p, "navigator.serviceWorker.controller !== null")
	assert.True(t, controlled, "the service worker controls the page")

	// Android's Back: nothing to close on the bare game (the activity goes to the background);
	// with the menu open, Back closes it.
	assert.Equal(t, false, evalJS[any](p, backJS), "Back on the bare game")
	menu := evalJS[struct{ X, Y, W, H float64 }](p, `(() => { const b = cotuong.layout.buttons[cotuong.layout.buttons.length - 1]; const c = document.getElementById("board").getBoundingClientRect(); return {X: c.left + b.x, Y: c.top + b.y, W: b.w, H: b.h}; })()`)
	do(chromedp.MouseClickXY(menu.X+menu.W/2, menu.Y+menu.H/2))
	waitFor("the menu (a dialog with its history entry)", "history.state && history.state.cotuongDialog && cotuong.layout.dialogButtons.length > 0")
	assert.Equal(t, true, evalJS[any](p, backJS), "Back with the menu open")
	waitFor("the menu closed by Back", "!(history.state && history.state.cotuongDialog) && cotuong.layout.dialogButtons.length === 0")

	// Android kills the app: the server is gone, the page still opens (service worker), and a
	// new server on the same port (a new app process) serves the same origin, so the same save.
	kill()
	do(chromedp.Reload())
	waitFor("the game with the server gone", settled+` && cotuong.game === "startpos moves h2e2 h9g7"`)
	again, _ := startServer(t, apk, bin, data, ln)
	assert.Equal(t, base, again)
	do(chromedp.Navigate(base))
	waitFor("the game from the new server", settled+` && cotuong.game === "startpos moves h2e2 h9g7"`)
	kept := evalJS[string](p, fmt.Sprintf("localStorage.getItem(%q) || ''", webstore.SaveKey))
	assert.True(t, strings.Contains(kept, "game startpos moves h2e2 h9g7\n"), "the save after a restart: %q", kept)
}

// tab drives one Chromium tab.
type tab struct {
	t   *testing.T
	ctx context.Context
}

func run[T any](p *tab, a chromedp.Action[T]) T {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 2*time.Minute)
	defer cancel()
	v, err := chromedp.Run(ctx, a)
	require.NoError(p.t, err)
	return v
}

// evalJS evaluates a JavaScript expression (awaiting a promise) into T.
func evalJS[T any](p *tab, js string) T {
	p.t.Helper()
	return run(p, chromedp.Evaluate[T](js, chromedp.EvalAwaitPromise))
}

// freePort returns a loopback address nobody listens on.
func freePort(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer ln.Close()
	return ln.Addr().String()
}
