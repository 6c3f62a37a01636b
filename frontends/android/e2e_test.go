package main

import (
	"bufio"
	"context"
	"fmt"
	"image"
	"image/png"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/frontends/android/controller"
	"github.com/cotuong-ai/cotuong/frontends/android/render"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/cotuong-ai/cotuong/levels"
)

// needTool returns the path of an outside program, skipping the test when it is missing and
// CI is unset, failing it when CI is set.
func needTool(t *testing.T, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		if os.Getenv("CI") == "" {
			t.Skipf("%s not found (install xvfb matchbox-window-manager xdotool imagemagick); skipping the window test", name)
		}
		t.Fatalf("%s not found, and CI is set: the end-to-end test must run", name)
	}
	return p
}

// freeDisplay returns an X display number with no server and no lock file.
func freeDisplay(t *testing.T) int {
	for n := 99; n < 160; n++ {
		if _, err := os.Stat(fmt.Sprintf("/tmp/.X%d-lock", n)); err == nil {
			continue
		}
		if _, err := os.Stat(fmt.Sprintf("/tmp/.X11-unix/X%d", n)); err == nil {
			continue
		}
		return n
	}
	t.Fatal("no free X display number in :99..:159")
	return 0
}

// start runs a background process for the test's lifetime.
func start(t *testing.T, env []string, logName string, name string, args ...string) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Env = append(os.Environ(), env...)
	logf, err := os.Create(filepath.Join(t.TempDir(), logName))
	require.NoError(t, err)
	cmd.Stdout, cmd.Stderr = logf, logf
	require.NoError(t, cmd.Start(), "starting %s", name)
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
		logf.Close()
		if t.Failed() {
			if b, err := os.ReadFile(logf.Name()); err == nil && len(b) > 0 {
				t.Logf("%s output:\n%s", name, b)
			}
		}
	})
	return cmd
}

func waitFor(t *testing.T, what string, timeout time.Duration, cond func() bool) {
	t.Helper()
	end := time.Now().Add(timeout)
	for !cond() {
		if time.Now().After(end) {
			t.Fatalf("timed out after %v waiting for %s", timeout, what)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// productName is the app's name, as AndroidManifest.xml labels it; the desktop window carries
// it as its title.
const productName = "Cờ Tướng 象棋"

// buildApp builds the desktop app into dir, skipping the test when it cannot be built and CI
// is unset.
func buildApp(t *testing.T, dir string) string {
	t.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		goTool = filepath.Join(os.Getenv("GOROOT"), "bin", "go")
	}
	bin := filepath.Join(dir, "cotuong")
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	build := exec.CommandContext(ctx, goTool, "build", "-tags", "xmobile", "-o", bin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		if os.Getenv("CI") == "" {
			t.Skipf("cannot build the desktop app (needs libegl-dev libgles-dev libx11-dev libopenal-dev): %v\n%s", err, out)
		}
		t.Fatalf("building the desktop app: %v\n%s", err, out)
	}
	return bin
}

// xDisplay is a running Xvfb, with or without a window manager.
type xDisplay struct {
	env     []string // DISPLAY=:n
	xdotool string
	imp     string
}

// startX starts Xvfb on a free display and, when wm is set, matchbox-window-manager on it.
func startX(t *testing.T, wm bool) *xDisplay {
	t.Helper()
	xvfb := needTool(t, "Xvfb")
	d := &xDisplay{xdotool: needTool(t, "xdotool"), imp: needTool(t, "import")}
	var wmPath string
	if wm {
		wmPath = needTool(t, "matchbox-window-manager")
	}
	n := freeDisplay(t)
	start(t, nil, "xvfb.log", xvfb, ":"+strconv.Itoa(n), "-screen", "0", "600x800x24", "-nolisten", "tcp")
	waitFor(t, "Xvfb", 10*time.Second, func() bool {
		_, err := os.Stat(fmt.Sprintf("/tmp/.X11-unix/X%d", n))
		return err == nil
	})
	d.env = []string{"DISPLAY=:" + strconv.Itoa(n)}
	if wm {
		start(t, d.env, "wm.log", wmPath, "-use_titlebar", "no")
		time.Sleep(300 * time.Millisecond)
	}
	return d
}

// x runs xdotool on the display and returns its output ("" on failure).
func (d *xDisplay) x(args ...string) string {
	cmd := exec.Command(d.xdotool, args...)
	cmd.Env = append(os.Environ(), d.env...)
	out, err := cmd.Output()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
}

// appWindow is the app's window on a display, with its geometry and the layout of its frames.
type appWindow struct {
	*xDisplay
	t    *testing.T
	id   string
	off  image.Point
	l    *render.Layout
	shot string
}

// findWindow waits for the app's window (WM_CLASS res_name "cotuong"), checks its title and
// computes, from its size, the layout the app draws with.
func (d *xDisplay) findWindow(t *testing.T) *appWindow {
	t.Helper()
	w := &appWindow{xDisplay: d, t: t, shot: filepath.Join(t.TempDir(), "screenshot.png")}
	waitFor(t, "the app's window", 15*time.Second, func() bool {
		if f := strings.Fields(d.x("search", "--onlyvisible", "--classname", "^cotuong$")); len(f) > 0 {
			w.id = f[0]
		}
		return w.id != ""
	})
	assert.Equal(t, productName, d.x("getwindowname", w.id), "the window's title is the product's name")
	geo := map[string]int{}
	waitFor(t, "the window's geometry", 10*time.Second, func() bool {
		sc := bufio.NewScanner(strings.NewReader(d.x("getwindowgeometry", "--shell", w.id)))
		for sc.Scan() {
			k, v, _ := strings.Cut(sc.Text(), "=")
			geo[k], _ = strconv.Atoi(v)
		}
		return geo["WIDTH"] > 0 && geo["HEIGHT"] > 0
	})
	t.Logf("window %s: %dx%d at (%d,%d)", w.id, geo["WIDTH"], geo["HEIGHT"], geo["X"], geo["Y"])
	w.off = image.Pt(geo["X"], geo["Y"])
	// The same geometry as the app's: render's layout places the board with package board.
	v := render.EmptyView()
	l, err := render.NewRenderer().NewLayout(geo["WIDTH"], geo["HEIGHT"], &v)
	require.NoError(t, err)
	w.l = l
	return w
}

// screenshot takes a screenshot of the display (nil when it fails).
func (w *appWindow) screenshot() image.Image {
	cmd := exec.Command(w.imp, "-window", "root", w.shot)
	cmd.Env = append(os.Environ(), w.env...)
	if out, err := cmd.CombinedOutput(); err != nil {
		w.t.Logf("import: %v: %s", err, out)
		return nil
	}
	f, err := os.Open(w.shot)
	if err != nil {
		return nil
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		return nil
	}
	return img
}

// redAt counts red-ink pixels around an intersection of the window in a screenshot.
func (w *appWindow) redAt(img image.Image, file, rank int) int {
	cx, cy := w.l.Board.Center(file, rank)
	n := 0
	r := 0.35 * w.l.Board.Cell
	for y := int(cy - r); y <= int(cy+r); y++ {
		for x := int(cx - r); x <= int(cx+r); x++ {
			cr, cg, cb, _ := img.At(x+w.off.X, y+w.off.Y).RGBA()
			if cr>>8 > 150 && cg>>8 < 90 && cb>>8 < 90 {
				n++
			}
		}
	}
	return n
}

// waitFirstFrame waits until the window shows Red's cannon on h2.
func (w *appWindow) waitFirstFrame() {
	waitFor(w.t, "the first frame", 20*time.Second, func() bool {
		img := w.screenshot()
		return img != nil && w.redAt(img, 7, 2) > 20
	})
}

// clickAt clicks the window's pixel (x, y).
func (w *appWindow) clickAt(x, y float64) {
	w.x("mousemove", "--window", w.id, strconv.Itoa(int(math.Round(x))), strconv.Itoa(int(math.Round(y))))
	w.x("click", "1")
	time.Sleep(250 * time.Millisecond)
}

// click clicks an intersection of the board.
func (w *appWindow) click(file, rank int) {
	cx, cy := w.l.Board.Center(file, rank)
	w.clickAt(cx, cy)
}

// saveGame writes a save file holding game (in the game package's encoding) and settings.
func saveGame(t *testing.T, dir, game string, set controller.Settings) {
	t.Helper()
	g, err := xiangqi.ParseGame(game)
	require.NoError(t, err)
	require.NoError(t, (&controller.Store{Dir: dir}).Save(controller.Encode(g, set)))
}

// waitSaved waits until the save file in dir holds a game of at least n moves, and returns it.
func waitSaved(t *testing.T, dir string, n int, what string) (*xiangqi.Game, controller.Settings) {
	t.Helper()
	var (
		g   *xiangqi.Game
		set controller.Settings
	)
	waitFor(t, what, 20*time.Second, func() bool {
		b, err := os.ReadFile(filepath.Join(dir, controller.SaveName))
		if err != nil {
			return false
		}
		g, set, err = controller.Decode(b)
		return err == nil && g.Len() >= n
	})
	return g, set
}

// TestEndToEnd builds the desktop app and runs it in real X windows (Xvfb): with no display
// at all; without a window manager; and with one, where it clicks Red's cannon on h2 and then
// e2 at the pixels the geometry computes for the window's size, waits for the computer's
// reply, checks that the save file holds both moves and the screen shows them, and stops the
// app with SIGTERM.
func TestEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("the window test is not short")
	}
	needTool(t, "Xvfb")
	bin := buildApp(t, t.TempDir())

	t.Run("no display", func(t *testing.T) {
		cmd := exec.Command(bin, "-data", t.TempDir())
		cmd.Env = append(os.Environ(), "DISPLAY=")
		out, err := cmd.CombinedOutput()
		var exit *exec.ExitError
		require.ErrorAs(t, err, &exit, "output: %s", out)
		assert.Equal(t, 1, exit.ExitCode())
		assert.Contains(t, string(out), "no X display (DISPLAY is not set)")
		assert.Contains(t, string(out), "Xvfb :99", "says how to start a display")
	})

	t.Run("no window manager", func(t *testing.T) {
		d := startX(t, false)
		logf := filepath.Join(t.TempDir(), "app.log")
		app := exec.Command(bin, "-data", t.TempDir())
		app.Env = append(os.Environ(), d.env...)
		f, err := os.Create(logf)
		require.NoError(t, err)
		defer f.Close()
		app.Stdout, app.Stderr = f, f
		require.NoError(t, app.Start())
		defer func() { app.Process.Kill(); app.Wait() }()
		w := d.findWindow(t)
		w.waitFirstFrame()
		b, _ := os.ReadFile(logf)
		assert.Contains(t, string(b), "sized it without one", "says that it sized the window itself")
	})

	// A saved game at the Easy level, so the computer answers within 300 ms.
	d := startX(t, true)
	data := filepath.Join(t.TempDir(), "data")
	set := controller.DefaultSettings()
	set.Level = levels.Easy
	saveGame(t, data, "startpos", set)
	app := start(t, append(d.env, "COTUONG_DATA_DIR="+data), "app.log", bin)
	w := d.findWindow(t)
	w.waitFirstFrame()
	w.click(7, 2) // h2: Red's cannon
	w.click(4, 2) // e2

	g, _ := waitSaved(t, data, 2, "the person's move and the computer's reply in the save file")
	moves := g.Moves()
	require.Len(t, moves, 2)
	assert.Equal(t, "h2e2", moves[0].UCI())
	after := g.Start()
	after = after.Play(moves[0])
	assert.True(t, after.IsLegal(moves[1]), "the computer's reply %s is legal", moves[1].UCI())

	// The last frame shows the cannon on e2 (red ink there) and h2 empty.
	var img image.Image
	waitFor(t, "the frame showing both moves", 10*time.Second, func() bool {
		img = w.screenshot()
		return img != nil && w.redAt(img, 4, 2) > 20 && w.redAt(img, 7, 2) == 0
	})
	if keep := os.Getenv("COTUONG_E2E_SCREENSHOT"); keep != "" {
		b, err := os.ReadFile(w.shot)
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(keep, b, 0o644))
		t.Logf("screenshot kept as %s", keep)
	}
	assert.Greater(t, w.redAt(img, 4, 2), 20, "the cannon is drawn on e2")
	assert.Zero(t, w.redAt(img, 7, 2), "h2 is empty")

	// SIGTERM: the app saves (waiting for its background saver) and exits with status 0, at once.
	exited := make(chan error, 1)
	t0 := time.Now()
	require.NoError(t, app.Process.Signal(syscall.SIGTERM))
	go func() { exited <- app.Wait() }()
	select {
	case <-exited:
	case <-time.After(2 * time.Second):
		t.Fatal("the app did not exit within 2 s of SIGTERM")
	}
	took := time.Since(t0)
	t.Logf("exit after SIGTERM took %v", took)
	assert.Less(t, took, time.Second)
	if st := app.ProcessState; assert.NotNil(t, st) {
		assert.Equal(t, 0, st.ExitCode(), "exited through its own handler (not killed by the signal)")
	}
	b, err := os.ReadFile(filepath.Join(data, controller.SaveName))
	require.NoError(t, err)
	g2, _, err := controller.Decode(b)
	require.NoError(t, err, "the save is intact after SIGTERM")
	assert.Equal(t, g.String(), g2.String())
}
