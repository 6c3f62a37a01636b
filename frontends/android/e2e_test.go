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

// TestEndToEnd builds the desktop app, runs it in a real X window (Xvfb with a window
// manager), clicks Red's cannon on h2 and then e2 at the pixels the geometry computes for the
// window's size, waits for the computer's reply, checks that the save file holds both moves,
// and takes a screenshot (also copied to /tmp/cotuong-e2e.png).
func TestEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("the window test is not short")
	}
	xvfb := needTool(t, "Xvfb")
	wm := needTool(t, "matchbox-window-manager")
	xdotool := needTool(t, "xdotool")
	imp := needTool(t, "import")
	goTool, err := exec.LookPath("go")
	if err != nil {
		goTool = filepath.Join(os.Getenv("GOROOT"), "bin", "go")
	}

	tmp := t.TempDir()
	bin := filepath.Join(tmp, "cotuong")
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	build := exec.CommandContext(ctx, goTool, "build", "-tags", "xmobile", "-o", bin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		if os.Getenv("CI") == "" {
			t.Skipf("cannot build the desktop app (needs libegl-dev libgles-dev libx11-dev): %v\n%s", err, out)
		}
		t.Fatalf("building the desktop app: %v\n%s", err, out)
	}

	// A saved game at the Easy level, so the computer answers within 300 ms.
	data := filepath.Join(tmp, "data")
	set := controller.DefaultSettings()
	set.Level = levels.Easy
	require.NoError(t, (&controller.Store{Dir: data}).Save(controller.Encode(xiangqi.NewGame(xiangqi.Start()), set)))

	n := freeDisplay(t)
	display := ":" + strconv.Itoa(n)
	start(t, nil, "xvfb.log", xvfb, display, "-screen", "0", "600x800x24", "-nolisten", "tcp")
	waitFor(t, "Xvfb", 10*time.Second, func() bool {
		_, err := os.Stat(fmt.Sprintf("/tmp/.X11-unix/X%d", n))
		return err == nil
	})
	env := []string{"DISPLAY=" + display}
	start(t, env, "wm.log", wm, "-use_titlebar", "no")
	time.Sleep(300 * time.Millisecond)
	app := start(t, append(env, "COTUONG_DATA_DIR="+data), "app.log", bin)

	x := func(args ...string) string {
		cmd := exec.Command(xdotool, args...)
		cmd.Env = append(os.Environ(), env...)
		out, err := cmd.Output()
		if err != nil {
			return ""
		}
		return strings.TrimSpace(string(out))
	}
	var win string
	waitFor(t, "the app's window", 15*time.Second, func() bool {
		if f := strings.Fields(x("search", "--onlyvisible", "--name", "^App$")); len(f) > 0 {
			win = f[0]
		}
		return win != ""
	})
	geo := map[string]int{}
	waitFor(t, "the window's geometry", 10*time.Second, func() bool {
		sc := bufio.NewScanner(strings.NewReader(x("getwindowgeometry", "--shell", win)))
		for sc.Scan() {
			k, v, _ := strings.Cut(sc.Text(), "=")
			geo[k], _ = strconv.Atoi(v)
		}
		return geo["WIDTH"] > 0 && geo["HEIGHT"] > 0
	})
	t.Logf("window %s: %dx%d at (%d,%d)", win, geo["WIDTH"], geo["HEIGHT"], geo["X"], geo["Y"])

	// The same geometry as the app's: render's layout places the board with package board.
	v := render.EmptyView()
	l, err := render.NewRenderer().NewLayout(geo["WIDTH"], geo["HEIGHT"], &v)
	require.NoError(t, err)

	shot := filepath.Join(tmp, "screenshot.png")
	screenshot := func() image.Image {
		cmd := exec.Command(imp, "-window", "root", shot)
		cmd.Env = append(os.Environ(), env...)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Logf("import: %v: %s", err, out)
			return nil
		}
		f, err := os.Open(shot)
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
	off := image.Pt(geo["X"], geo["Y"])
	redAt := func(img image.Image, file, rank int) int {
		cx, cy := l.Board.Center(file, rank)
		n := 0
		r := 0.35 * l.Board.Cell
		for y := int(cy - r); y <= int(cy+r); y++ {
			for x := int(cx - r); x <= int(cx+r); x++ {
				cr, cg, cb, _ := img.At(x+off.X, y+off.Y).RGBA()
				if cr>>8 > 150 && cg>>8 < 90 && cb>>8 < 90 {
					n++
				}
			}
		}
		return n
	}
	// Wait for the first frame: Red's cannon drawn on h2.
	waitFor(t, "the first frame", 20*time.Second, func() bool {
		img := screenshot()
		return img != nil && redAt(img, 7, 2) > 20
	})
	click := func(file, rank int) {
		cx, cy := l.Board.Center(file, rank)
		x("mousemove", "--window", win, strconv.Itoa(int(math.Round(cx))), strconv.Itoa(int(math.Round(cy))))
		x("click", "1")
		time.Sleep(250 * time.Millisecond)
	}
	click(7, 2) // h2: Red's cannon
	click(4, 2) // e2

	var g *xiangqi.Game
	waitFor(t, "the person's move and the computer's reply in the save file", 20*time.Second, func() bool {
		b, err := os.ReadFile(filepath.Join(data, controller.SaveName))
		if err != nil {
			return false
		}
		g, _, err = controller.Decode(b)
		return err == nil && g.Len() >= 2
	})
	moves := g.Moves()
	require.Len(t, moves, 2)
	assert.Equal(t, "h2e2", moves[0].UCI())
	after := g.Start()
	after = after.Play(moves[0])
	assert.True(t, after.IsLegal(moves[1]), "the computer's reply %s is legal", moves[1].UCI())

	// The last frame shows the cannon on e2 (red ink there) and h2 empty.
	var img image.Image
	waitFor(t, "the frame showing both moves", 10*time.Second, func() bool {
		img = screenshot()
		return img != nil && redAt(img, 4, 2) > 20 && redAt(img, 7, 2) == 0
	})
	b, err := os.ReadFile(shot)
	require.NoError(t, err)
	_ = os.WriteFile("/tmp/cotuong-e2e.png", b, 0o644)
	t.Logf("screenshot: %s (copied to /tmp/cotuong-e2e.png)", shot)
	assert.Greater(t, redAt(img, 4, 2), 20, "the cannon is drawn on e2")
	assert.Zero(t, redAt(img, 7, 2), "h2 is empty")

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
	b, err = os.ReadFile(filepath.Join(data, controller.SaveName))
	require.NoError(t, err)
	g2, _, err := controller.Decode(b)
	require.NoError(t, err, "the save is intact after SIGTERM")
	assert.Equal(t, g.String(), g2.String())
}
