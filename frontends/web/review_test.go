package web_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"math/rand/v2"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/frontends/app/controller"
	"github.com/cotuong-ai/cotuong/frontends/app/render"
	"github.com/cotuong-ai/cotuong/frontends/web/webstore"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/cotuong-ai/cotuong/levels"
)

// blunderGame has a planted blunder: Red's chariot goes to b1 (R9.8), where Black's cannon
// takes it at once. It is Red's (the person's) turn: the computer does not move.
const blunderGame = "startpos moves a0a1 h9g7 a1b1 b7b1"

// reviewState is the page's cotuong.review.
type reviewState struct {
	On, Running, Complete bool
	Ply, I, N, Hints      int
	Marks, Words          []string
	Status                string
	Arrows                []struct{ From, To, Kind int }
}

func (p *page) review() reviewState {
	p.t.Helper()
	var r reviewState
	require.NoError(p.t, json.Unmarshal([]byte(eval[string](p, "JSON.stringify(cotuong.review)")), &r))
	return r
}

// reviewFrame draws, with the native renderer, the review of the game in save at position ply.
func reviewFrame(t *testing.T, save string, ply, w, h int, dpr float64) *image.RGBA {
	t.Helper()
	kv := &webstore.Memory{}
	require.NoError(t, kv.SetItem(webstore.SaveKey, save))
	c := controller.New(controller.Config{Storage: webstore.Storage{KV: kv},
		Engine: func(ctx context.Context, _ *xiangqi.Game, _ levels.Level) (xiangqi.Move, bool) {
			<-ctx.Done()
			return xiangqi.NoMove, false
		}})
	defer c.Close()
	require.True(t, c.AnalysisComplete(), "the save holds the analysis")
	c.OpenReview(ply)
	v := c.View()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	r := render.NewRenderer()
	r.SetScreen(render.Screen{Density: dpr})
	_, err := r.Draw(img, &v)
	require.NoError(t, err)
	return img
}

// compareTo compares a screenshot with want as compareScreen does.
func (p *page) compareTo(name string, want *image.RGBA) {
	p.t.Helper()
	shot, err := png.Decode(bytes.NewReader(run(p, chromedp.CaptureScreenshot())))
	require.NoError(p.t, err)
	require.Equal(p.t, want.Bounds(), shot.Bounds())
	off, total := 0, 0
	for y := 0; y < want.Rect.Dy(); y++ {
		for x := 0; x < want.Rect.Dx(); x++ {
			r, g, b, _ := shot.At(x, y).RGBA()
			c := want.RGBAAt(x, y)
			if max(absDiff(r>>8, c.R), absDiff(g>>8, c.G), absDiff(b>>8, c.B)) > 24 {
				off++
			}
			total++
		}
	}
	frac := float64(off) / float64(total)
	p.t.Logf("%s: %.3f%% of pixels differ from the native frame by > 24 levels", name, 100*frac)
	dir := os.Getenv("WEB_SCREENSHOT_DIR")
	if dir == "" {
		dir = p.t.TempDir()
	}
	if f, err := os.Create(filepath.Join(dir, name+".png")); err == nil {
		png.Encode(f, shot)
		f.Close()
	}
	assert.Less(p.t, frac, 0.002, "%s: the page shows the native frame", name)
}

// startBrowser starts Chromium on the site for a test, skipping as TestBrowser does.
func startBrowser(t *testing.T) (*page, string) {
	t.Helper()
	site := browserSite(t)
	srv := httptest.NewServer(site)
	t.Cleanup(srv.Close)
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromium), chromedp.NoSandbox, chromedp.DisableGPU, chromedp.UserDataDir(t.TempDir()),
		chromedp.Flag("disable-quic", true), chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true),
		chromedp.Flag("force-color-profile", "srgb"))...)
	t.Cleanup(cancelAlloc)
	ctx, cancel := chromedp.NewContext(alloc)
	t.Cleanup(cancel)
	_, err := chromedp.Run(ctx, chromedp.Func(func(context.Context, *chromedp.Target) error { return nil }))
	require.NoError(t, err, "starting %s", chromium)
	return &page{t: t, ctx: ctx}, srv.URL
}

// loadSave puts save in the page's localStorage and reloads the page.
func (p *page) loadSave(save string) {
	p.t.Helper()
	eval[chromedp.Void](p, fmt.Sprintf("localStorage.setItem(%q, %q)", webstore.SaveKey, save))
	run(p, chromedp.Reload())
	p.settled()
}

// TestBrowserReview plays the review in headless Chromium on a phone (390×844 CSS pixels at a
// device pixel ratio of 3): a saved game with a planted blunder is opened from the menu, the
// analysis runs in its worker with its progress shown, ← steps back to the blunder, whose ??
// mark, better-move arrow and words are there, and the screenshot is the native renderer's
// frame of the same review; the review's graph and buttons are touch targets of at least 44
// CSS px and its text at least 14 CSS px, in portrait and landscape; the analysis is in the
// save; Done returns to the game as it was.
func TestBrowserReview(t *testing.T) {
	p, url := startBrowser(t)
	run(p, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(3), chromedp.EmulateTouch, chromedp.EmulatePortrait))
	run(p, chromedp.Navigate(url+"/"))
	p.settled()
	g, err := xiangqi.ParseGame(blunderGame)
	require.NoError(t, err)
	p.loadSave(string(controller.Encode(g, controller.DefaultSettings())))
	require.Equal(t, blunderGame, eval[string](p, "cotuong.game"))

	l := p.layout()
	p.tapRect(l.Buttons[len(l.Buttons)-1]) // Menu
	p.waitFor("the menu", "cotuong.layout.dialogButtons.length === "+menuRows)
	p.tapRect(p.layout().DialogButtons[2]) // Review the game
	p.waitFor("the review", "cotuong.review.on")
	p.waitFor("the analysis's end", "cotuong.review.complete && !cotuong.review.running")
	ms := eval[float64](p, "cotuong.analysisEndMS - cotuong.analysisStartMS")
	t.Logf("the browser's analysis of %d positions at the default node budget took %.1f s (%.2f s a position)", g.Len()+1, ms/1000, ms/1000/float64(g.Len()+1))
	p.waitFor("the analysis in the save", fmt.Sprintf("(localStorage.getItem(%q) || '').includes('\\nanalysis review 2 xiangqi 150000\\n')", webstore.SaveKey))

	run(p, chromedp.KeyEvent(kb.ArrowLeft))
	p.waitFor("the blunder's position", "cotuong.review.ply === 3")
	p.settled()
	r := p.review()
	assert.Equal(t, "??", r.Marks[2], "the blunder is marked")
	words := strings.Join(r.Words, " ")
	assert.Contains(t, words, "A blunder (??): 2. R9.8?? leaves the chariot hanging")
	require.Len(t, r.Arrows, 1)
	assert.Equal(t, int(render.ArrowBetter), r.Arrows[0].Kind)
	assert.Equal(t, "Review · move 2 of 2", r.Status)
	save := p.save()
	w, h := eval[int](p, "cotuong.width"), eval[int](p, "cotuong.height")
	p.compareTo("review-blunder-portrait", reviewFrame(t, save, 3, w, h, 3))
	p.checkReviewSizes("portrait")

	run(p, chromedp.EmulateViewport(844, 390, chromedp.EmulateScale(3), chromedp.EmulateTouch, chromedp.EmulateLandscape))
	p.waitFor("the landscape frame", "cotuong.width === 844 * 3")
	p.settled()
	p.compareTo("review-blunder-landscape", reviewFrame(t, save, 3, eval[int](p, "cotuong.width"), eval[int](p, "cotuong.height"), 3))
	p.checkReviewSizes("landscape")

	// A narrower phone (360×740 CSS px): the list keeps its two columns, each move's score
	// for Red under it in the same row (the native frame's pixels: "+0.xx", "-x.xx" …).
	run(p, chromedp.EmulateViewport(360, 740, chromedp.EmulateScale(3), chromedp.EmulateTouch, chromedp.EmulatePortrait))
	p.waitFor("the 360 px frame", "cotuong.width === 360 * 3")
	p.settled()
	p.compareTo("review-blunder-360x740", reviewFrame(t, save, 3, eval[int](p, "cotuong.width"), eval[int](p, "cotuong.height"), 3))
	p.checkReviewSizes("portrait 360")
	run(p, chromedp.EmulateViewport(844, 390, chromedp.EmulateScale(3), chromedp.EmulateTouch, chromedp.EmulateLandscape))
	p.waitFor("the landscape frame again", "cotuong.width === 844 * 3")
	p.settled()

	// Done: the game as it was; after a reload the analysis is not made again.
	run(p, chromedp.KeyEvent(kb.Escape))
	p.waitFor("the review closed", "!cotuong.review.on")
	assert.Equal(t, blunderGame, eval[string](p, "cotuong.game"))
	run(p, chromedp.Reload())
	p.settled()
	run(p, chromedp.KeyEvent(kb.ArrowLeft))
	p.waitFor("the review, at once complete", "cotuong.review.on && cotuong.review.complete")
	assert.False(t, p.review().Running, "not analysed twice")

	// Learn from your mistakes, from the menu: the position before the first of Red's ? and ??,
	// in landscape and in portrait.
	run(p, chromedp.KeyEvent(kb.Escape))
	p.waitFor("the game", "!cotuong.review.on")
	p.tapRect(p.layout().Buttons[len(p.layout().Buttons)-1]) // Menu
	p.waitFor("the menu", "cotuong.layout.dialogButtons.length === "+menuRows)
	p.tapRect(p.layout().DialogButtons[3]) // Learn from your mistakes
	p.waitFor("learn", "cotuong.review.status.startsWith('Learn · mistake 1 of ')")
	p.settled()
	p.shot("learn-landscape")
	run(p, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(3), chromedp.EmulateTouch, chromedp.EmulatePortrait))
	p.waitFor("the portrait frame", "cotuong.width === 390 * 3")
	p.settled()
	p.shot("learn-portrait")
	assert.Contains(t, strings.Join(p.review().Words, " "), "was played here. Find a better move.")

	// A longer game: its analysis shows its progress and a tap on "Cancel analysis" stops it
	// in its worker (the game kept, nothing analysed kept as complete).
	long := randomGame(t, 40)
	p.loadSave(string(controller.Encode(long, controller.DefaultSettings())))
	run(p, chromedp.KeyEvent(kb.ArrowLeft))
	p.waitFor("the long analysis under way", "cotuong.review.running && cotuong.review.i >= 3")
	p.settled()
	assert.Contains(t, strings.Join(p.review().Words, " "), "Analysing move ")
	p.shot("review-progress-portrait")
	var panel struct{ PanelButtons []cssRect }
	require.NoError(t, json.Unmarshal([]byte(eval[string](p, "JSON.stringify(cotuong.layout)")), &panel))
	require.NotEmpty(t, panel.PanelButtons)
	p.tapRect(panel.PanelButtons[0]) // Cancel analysis
	p.waitFor("the analysis cancelled", "!cotuong.review.running")
	r = p.review()
	assert.False(t, r.Complete, "a cancelled analysis is not complete")
	assert.Less(t, r.I, 41, "stopped before the last position")
	assert.Equal(t, long.String(), eval[string](p, "cotuong.game"), "the game is kept")

	if n := os.Getenv("WEB_REVIEW_PLIES"); n != "" {
		// The analysis's cost for a long game, a figure for the docs (not an assertion).
		var plies int
		fmt.Sscan(n, &plies)
		long := randomGame(t, plies)
		p.loadSave(string(controller.Encode(long, controller.DefaultSettings())))
		cpu := childrenCPU()
		run(p, chromedp.KeyEvent(kb.ArrowLeft))
		p.waitFor("the review", "cotuong.review.on")
		p.waitForLong("the long analysis", "cotuong.review.complete && !cotuong.review.running")
		ms := eval[float64](p, "cotuong.analysisEndMS - cotuong.analysisStartMS")
		t.Logf("the browser's analysis of a %d-ply game: %.1f s (%.2f s a position); Chromium's processor time meanwhile %.1f s",
			long.Len(), ms/1000, ms/1000/float64(long.Len()+1), childrenCPU()-cpu)
	}
}

// checkReviewSizes measures the review's graph and panel buttons and the texts.
func (p *page) checkReviewSizes(name string) {
	p.t.Helper()
	var l struct {
		Graph        cssRect
		PanelButtons []cssRect
		List         cssRect
		ListRowH     float64
		Text         map[string]float64
	}
	require.NoError(p.t, json.Unmarshal([]byte(eval[string](p, "JSON.stringify(cotuong.layout)")), &l))
	c := p.canvasRect()
	p.t.Logf("%s: graph %+v, panel buttons %+v, list %+v", name, l.Graph, l.PanelButtons, l.List)
	assert.GreaterOrEqual(p.t, l.Graph.H, 44.0, "%s: the graph is a touch target", name)
	require.NotEmpty(p.t, l.PanelButtons)
	for i, b := range l.PanelButtons {
		assert.GreaterOrEqual(p.t, b.H, 44.0, "%s: panel button %d", name, i)
		assert.True(p.t, b.X >= 0 && b.Y >= 0 && b.X+b.W <= c.W+0.01 && b.Y+b.H <= c.H+0.01, "%s: panel button %d inside the canvas", name, i)
	}
	assert.GreaterOrEqual(p.t, l.List.H, 2*l.Text["list"], "%s: the move list keeps room for its lines", name)
	assert.GreaterOrEqual(p.t, l.ListRowH, 44.0, "%s: the move list's rows are touch targets", name)
	for k, px := range l.Text {
		assert.GreaterOrEqual(p.t, px, 14.0, "%s: %s text", name, k)
	}
}

// waitForLong is waitFor for up to an hour.
func (p *page) waitForLong(what, js string) {
	p.t.Helper()
	for i := 0; i < 40 && !eval[bool](p, "!!("+js+")"); i++ {
		eval[chromedp.Void](p, "new Promise(r => setTimeout(r, 30000))")
		p.t.Logf("%s: %s", what, eval[string](p, "JSON.stringify({i: cotuong.review.i, n: cotuong.review.n})"))
	}
	p.waitFor(what, js)
}

// randomGame plays plies random legal moves from the start (with a fixed seed), stopping
// before a move that would end the game.
func randomGame(t *testing.T, plies int) *xiangqi.Game {
	rng := rand.New(rand.NewPCG(23, 5))
	g := xiangqi.NewGame(xiangqi.Start())
	for g.Len() < plies {
		pos := g.Position()
		moves := pos.LegalMoves(nil)
		ok := false
		for _, k := range rng.Perm(len(moves)) {
			if g.Push(moves[k]) != nil {
				continue
			}
			if g.Result().Status == xiangqi.Ongoing {
				ok = true
				break
			}
			g.Pop()
		}
		require.True(t, ok)
	}
	return g
}

// shot saves a screenshot of the page as name.png in WEB_SCREENSHOT_DIR (when set), to be
// looked at.
func (p *page) shot(name string) {
	p.t.Helper()
	dir := os.Getenv("WEB_SCREENSHOT_DIR")
	if dir == "" {
		return
	}
	require.NoError(p.t, os.WriteFile(filepath.Join(dir, name+".png"), run(p, chromedp.CaptureScreenshot()), 0o644))
}

// childrenCPU returns the processor time (user and system, in seconds) of every process
// descending from this test's, Chromium's among them, from Linux's /proc (0 elsewhere): on a
// loaded machine the figure an idle machine's wall time would be close to.
func childrenCPU() float64 {
	stats, _ := filepath.Glob("/proc/[0-9]*/stat")
	parent := map[int]int{}
	ticks := map[int]float64{}
	for _, name := range stats {
		b, err := os.ReadFile(name)
		i := bytes.LastIndexByte(b, ')')
		if err != nil || i < 0 || i+2 > len(b) {
			continue
		}
		f := strings.Fields(string(b[i+2:])) // state, ppid, …; utime and stime are f[11], f[12]
		pid, err := strconv.Atoi(filepath.Base(filepath.Dir(name)))
		if err != nil || len(f) < 13 {
			continue
		}
		parent[pid], _ = strconv.Atoi(f[1])
		u, _ := strconv.ParseFloat(f[11], 64)
		s, _ := strconv.ParseFloat(f[12], 64)
		ticks[pid] = u + s
	}
	me, sum := os.Getpid(), 0.0
	for pid, t := range ticks {
		for q, n := pid, 0; q > 1 && n < 64; q, n = parent[q], n+1 {
			if parent[q] == me {
				sum += t
				break
			}
		}
	}
	return sum / 100 // clock ticks: USER_HZ is 100 on Linux
}
