//go:build (android && cgo) || xmobile

package main

import (
	"flag"
	"log"
	"os"
	"os/exec"
	"os/signal"
	"runtime"
	"sync/atomic"
	"syscall"
	"time"

	"golang.org/x/mobile/app"
	"golang.org/x/mobile/event/key"
	"golang.org/x/mobile/event/lifecycle"
	"golang.org/x/mobile/event/paint"
	"golang.org/x/mobile/event/size"
	"golang.org/x/mobile/event/touch"
	"golang.org/x/mobile/exp/gl/glutil"
	"golang.org/x/mobile/geom"
	"golang.org/x/mobile/gl"

	"github.com/cotuong-ai/cotuong/frontends/android/openal"
	"github.com/cotuong-ai/cotuong/frontends/app/controller"
	"github.com/cotuong-ai/cotuong/frontends/app/shell"
	"github.com/cotuong-ai/cotuong/frontends/app/sound"
)

// idleTick is the interval of the idle tick on the desktop. x/mobile's X11 backend reads X
// input only after it has run GL work or shown a frame, so without a steady trickle of GL
// calls clicks would wait. An idle tick whose frame did not change makes one cheap GL call
// (GetError) instead of drawing: that is enough to let the backend read its input.
const idleTick = 50 * time.Millisecond

// tick is posted by the idle timer.
type tick struct{}

// quit is posted when the process is asked to stop (SIGTERM, SIGINT).
type quit struct{}

// arrowKey is the ← (delta −1) or → (+1) key, read from X11 by window_x11.go (x/mobile's
// X11 backend delivers no key events); escapeKey is Escape, read there too.
type (
	arrowKey  struct{ delta int }
	escapeKey struct{}
)

// keySink, when set, hands the keys read from X11 to the app's event loop.
var keySink atomic.Pointer[func(any)]

// quitGrace is how long a SIGTERM waits for the UI goroutine to save before the process
// exits anyway (the save is atomic, so an exit in the middle of one loses only that save).
const quitGrace = 3 * time.Second

func main() {
	dataFlag := flag.String("data", "", "data folder of the save file (default $COTUONG_DATA_DIR, else the user config folder)/cotuong")
	flag.Parse()
	dir, err := DataDir(Env{GOOS: runtime.GOOS, Flag: *dataFlag, Getenv: os.Getenv, UserConfigDir: os.UserConfigDir,
		Cmdline: func() ([]byte, error) { return os.ReadFile("/proc/self/cmdline") }})
	if err != nil {
		log.Printf("cotuong: %v; the game will not be saved", err)
	}
	prepareWindow()
	app.Main(func(a app.App) {
		runStarted.Store(true)
		run(a, dir)
	})
}

// debugf logs when COTUONG_DEBUG is set.
func debugf(format string, args ...any) {
	if os.Getenv("COTUONG_DEBUG") != "" {
		log.Printf(format, args...)
	}
}

// run is the x/mobile event loop: it turns x/mobile's events into the shared step's
// (shell.Loop) and shows the frames the step draws as a GL texture.
func run(a app.App, dir string) {
	var (
		glctx    gl.Context
		images   *glutil.Images
		frame    *glutil.Image
		sz       size.Event
		pending  bool // a repaint timer is running
		visible  bool
		desktop  = runtime.GOOS != "android"
		frameDur time.Duration
		frames   int
	)
	// Sounds play on the player's own goroutine; without an audio device the game goes on
	// in silence, with one line in the log and a notice on the status line.
	player := sound.NewPlayer(openal.Platform(), func(err error) {
		log.Printf("cotuong: no sound: %v", err)
		a.Send(controller.SoundUnavailable{Err: err})
	})
	defer player.Close()
	clip := fileClipboard{dir: dir, post: a.Send, look: exec.LookPath}
	ctrl := controller.New(controller.Config{Dir: dir, Post: a.Send, OnExit: func() { os.Exit(0) }, Sound: player, Clipboard: clip})
	defer ctrl.Close()
	loop := shell.New(ctrl)
	send := a.Send
	keySink.Store(&send)
	// SIGTERM and SIGINT: save (Pause waits for the background saver) and exit at once.
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, syscall.SIGTERM, syscall.SIGINT)
	go func() {
		<-sigs
		a.Send(quit{})
		time.Sleep(quitGrace)
		os.Exit(1)
	}()
	if os.Getenv("COTUONG_DEBUG") != "" {
		log.Printf("cotuong: data folder %q, save %q", dir, ctrl.SavePath())
	}
	requestPaint := func() {
		if visible {
			a.Send(paint.Event{})
		}
	}
	step := func(ev any) {
		if loop.Step(ev) {
			requestPaint()
		}
	}
	schedule := func() {
		if desktop && !pending {
			pending = true
			time.AfterFunc(idleTick, func() { a.Send(tick{}) })
		}
	}
	for e := range a.Events() {
		switch e := a.Filter(e).(type) {
		case lifecycle.Event:
			switch e.Crosses(lifecycle.StageVisible) {
			case lifecycle.CrossOn:
				glctx, _ = e.DrawContext.(gl.Context)
				images = glutil.NewImages(glctx)
				visible = true
				step(shell.Resume{})
			case lifecycle.CrossOff:
				visible = false
				step(shell.Pause{})
				if frame != nil {
					frame.Release()
					frame = nil
				}
				if images != nil {
					images.Release()
					images = nil
				}
				glctx = nil
			}
			if e.To == lifecycle.StageDead {
				ctrl.Pause()
				return
			}
		case size.Event:
			sz = e
			if frame != nil {
				frame.Release()
				frame = nil
			}
			loop.SetScreen(screenOf(sz))
			step(shell.Resize{W: sz.WidthPx, H: sz.HeightPx})
		case paint.Event:
			if glctx == nil || e.External || sz.WidthPx == 0 {
				continue
			}
			if frame == nil {
				frame = images.NewImage(sz.WidthPx, sz.HeightPx)
				loop.Invalidate()
			}
			if loop.Dirty() {
				t0 := time.Now()
				if _, err := loop.Frame(frame.RGBA); err != nil {
					log.Printf("cotuong: drawing a %dx%d frame: %v", sz.WidthPx, sz.HeightPx, err)
				}
				frame.Upload()
				frameDur += time.Since(t0)
				frames++
				if frames%50 == 0 && os.Getenv("COTUONG_DEBUG") != "" {
					log.Printf("cotuong: %d frames drawn, %.2f ms each on average", frames, float64(frameDur.Microseconds())/1000/float64(frames))
				}
			}
			glctx.ClearColor(0, 0, 0, 1)
			glctx.Clear(gl.COLOR_BUFFER_BIT)
			frame.Draw(sz, geom.Point{}, geom.Point{X: sz.WidthPt}, geom.Point{Y: sz.HeightPt}, frame.RGBA.Bounds())
			a.Publish()
			schedule()
		case tick:
			pending = false
			if glctx == nil || !visible {
				continue
			}
			if loop.Dirty() || frame == nil {
				requestPaint()
				continue
			}
			glctx.GetError() // lets the X11 backend read its input queue
			schedule()
		case touch.Event:
			// The mouse wheel cannot scroll on the desktop: x/mobile's X11 backend (app/x11.c,
			// processEvents) turns every ButtonPress/ButtonRelease into a touch begin/end at the
			// pointer without saying which button, so a wheel notch (X buttons 4 and 5) arrives
			// as a tap, indistinguishable from a click, and there is no wheel or key event. Help
			// and the move list scroll by dragging.
			k := controller.TouchEnd
			switch e.Type {
			case touch.TypeBegin:
				k = controller.TouchBegin
			case touch.TypeMove:
				k = controller.TouchMove
			}
			step(shell.Touch{Kind: k, X: float64(e.X), Y: float64(e.Y)})
		case quit:
			// Pause writes the latest game and waits for the saver; Close is skipped: it would
			// wait for the worker to notice its cancelled search, which saving does not need.
			ctrl.Pause()
			os.Exit(0)
		case key.Event:
			// The Android back button (see isBack) and Escape close a dialog, menu or help.
			if isBack(e, !desktop) {
				step(shell.Back{})
			}
		case arrowKey:
			step(shell.Step{Delta: e.delta})
		case escapeKey:
			step(shell.Back{})
		default:
			if controller.IsEvent(e) {
				step(e)
			}
		}
	}
}
