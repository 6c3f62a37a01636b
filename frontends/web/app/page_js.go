//go:build js && wasm

package main

import (
	"context"
	"fmt"
	"image"
	"sync"
	"syscall/js"

	"github.com/cotuong-ai/cotuong/frontends/app/controller"
	"github.com/cotuong-ai/cotuong/frontends/app/render"
	"github.com/cotuong-ai/cotuong/frontends/app/sound"
	"github.com/cotuong-ai/cotuong/frontends/web/protocol"
	"github.com/cotuong-ai/cotuong/frontends/web/webstore"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/cotuong-ai/cotuong/levels"
)

// The page's events: every JavaScript callback only queues one of these (or an event of the
// controller's); the UI goroutine handles them in order, as the native app's event loop does.
type (
	pointerEv struct {
		kind controller.TouchKind
		x, y float64 // in canvas pixels
	}
	paintEv      struct{}
	resizeEv     struct{}
	visibilityEv struct{ visible bool }
	backEv       struct{} // Escape, or the browser's Back after a dialog opened
	popEv        struct{} // the history entry pushed for an open dialog was left
	benchEv      struct {
		depth   int
		resolve js.Value
	}
)

// workerTransport runs the search worker (worker.js, the same wasm file) and carries the
// messages. It is used from the controller's worker goroutine and from callbacks.
type workerTransport struct {
	mu     sync.Mutex
	w      js.Value
	client *protocol.Client
	onMsg  js.Func
	onErr  js.Func
}

func newWorkerTransport() *workerTransport {
	t := &workerTransport{w: js.Undefined()}
	t.onMsg = js.FuncOf(func(this js.Value, args []js.Value) any {
		if d := args[0].Get("data"); d.Type() == js.TypeString {
			t.client.Deliver(d.String())
		}
		return nil
	})
	t.onErr = js.FuncOf(func(this js.Value, args []js.Value) any {
		msg := "unknown error"
		if m := args[0].Get("message"); m.Type() == js.TypeString {
			msg = m.String()
		}
		js.Global().Get("console").Call("error", "cotuong: the search worker failed: "+msg)
		t.client.Fail(msg)
		return nil
	})
	return t
}

// start makes a new worker; it compiles the wasm file in the background (from the HTTP
// cache or the service worker's) while the page goes on.
func (t *workerTransport) start() (err error) {
	defer catch(&err)
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.w.IsUndefined() {
		w := js.Global().Get("Worker").New("worker.js")
		w.Set("onmessage", t.onMsg)
		w.Set("onerror", t.onErr)
		t.w = w
	}
	return nil
}

func (t *workerTransport) Post(msg string) (err error) {
	if err := t.start(); err != nil {
		return err
	}
	defer catch(&err)
	t.mu.Lock()
	defer t.mu.Unlock()
	t.w.Call("postMessage", msg)
	return nil
}

// Cancel stops the worker with its search and starts a fresh one at once, so the next
// request does not wait for a wasm instance to start.
func (t *workerTransport) Cancel() {
	t.mu.Lock()
	if !t.w.IsUndefined() {
		t.w.Call("terminate")
		t.w = js.Undefined()
	}
	t.mu.Unlock()
	t.start()
}

// pageFallback searches on the page when no worker can be had: the page freezes while it
// thinks, but the game goes on. Its table is made on first use.
func pageFallback() controller.Engine {
	var e controller.Engine
	return func(ctx context.Context, g *xiangqi.Game, l levels.Level) (xiangqi.Move, bool) {
		if e == nil {
			e = controller.SearchEngine(protocol.WorkerHashMiB)
		}
		return e(ctx, g, l)
	}
}

func runPage() {
	global := js.Global()
	doc := global.Get("document")
	canvas := doc.Call("getElementById", "board")
	ctx2d := canvas.Call("getContext", "2d", map[string]any{"alpha": false})
	stats := global.Get("cotuong")
	if stats.IsUndefined() {
		stats = global.Get("Object").New()
		global.Set("cotuong", stats)
	}
	stats.Set("frames", 0)
	stats.Set("goStartMS", global.Get("performance").Call("now"))

	events := make(chan any, 256)
	post := func(ev any) { events <- ev }
	on := func(target js.Value, name string, fn func(e js.Value)) {
		target.Call("addEventListener", name, js.FuncOf(func(this js.Value, args []js.Value) any {
			fn(args[0])
			return nil
		}), map[string]any{"passive": false})
	}

	transport := newWorkerTransport()
	client := protocol.NewClient(transport, pageFallback())
	client.Logf = func(format string, args ...any) {
		global.Get("console").Call("warn", "cotuong: "+fmt.Sprintf(format, args...))
	}
	client.OnReply = func(r protocol.Reply) { stats.Set("lastSearch", r.Encode()) }
	transport.client = client

	audio := newWebAudio(stats)
	player := sound.NewPlayer(audio, func(err error) { post(controller.SoundUnavailable{Err: err}) })
	ctrl := controller.New(controller.Config{
		Sound:   player,
		Storage: webstore.Storage{KV: openStorage()},
		Post:    post,
		Engine:  client.Engine(),
		OnExit: func() {
			// A page cannot always close itself (only an installed app's window or a tab
			// opened by a script can): the game is saved and paused; a tap resumes it.
			global.Get("window").Call("close")
		},
	})

	// Pointer events: mouse, touch and pen alike. Coordinates go to canvas pixels.
	toCanvas := func(e js.Value) (float64, float64) {
		r := canvas.Call("getBoundingClientRect")
		w, h := r.Get("width").Float(), r.Get("height").Float()
		if w <= 0 || h <= 0 {
			return 0, 0
		}
		x := (e.Get("clientX").Float() - r.Get("left").Float()) * canvas.Get("width").Float() / w
		y := (e.Get("clientY").Float() - r.Get("top").Float()) * canvas.Get("height").Float() / h
		return x, y
	}
	pointer := func(kind controller.TouchKind) func(e js.Value) {
		return func(e js.Value) {
			if !e.Get("isPrimary").Bool() {
				return
			}
			e.Call("preventDefault")
			if kind == controller.TouchBegin {
				canvas.Call("setPointerCapture", e.Get("pointerId"))
				audio.resume() // a touch lets the page play sound
			}
			x, y := toCanvas(e)
			post(pointerEv{kind, x, y})
		}
	}
	on(canvas, "pointerdown", pointer(controller.TouchBegin))
	on(canvas, "pointermove", func(e js.Value) {
		if e.Get("buttons").Int() != 0 || e.Get("pointerType").String() != "mouse" {
			pointer(controller.TouchMove)(e)
		}
	})
	on(canvas, "pointerup", pointer(controller.TouchEnd))
	on(canvas, "pointercancel", pointer(controller.TouchEnd))
	on(canvas, "contextmenu", func(e js.Value) { e.Call("preventDefault") })
	on(global, "resize", func(js.Value) { post(resizeEv{}) })
	on(doc, "visibilitychange", func(js.Value) {
		post(visibilityEv{doc.Get("visibilityState").String() == "visible"})
	})
	on(global, "pagehide", func(js.Value) { post(visibilityEv{false}) })
	on(global, "pageshow", func(js.Value) { post(visibilityEv{doc.Get("visibilityState").String() == "visible"}) })
	on(global, "keydown", func(e js.Value) {
		if e.Get("key").String() == "Escape" {
			post(backEv{})
		}
	})
	on(global, "popstate", func(js.Value) { post(popEv{}) })
	stats.Set("bench", js.FuncOf(func(this js.Value, args []js.Value) any {
		depth := 5
		if len(args) > 0 && args[0].Type() == js.TypeNumber {
			depth = args[0].Int()
		}
		return global.Get("Promise").New(js.FuncOf(func(this js.Value, pa []js.Value) any {
			post(benchEv{depth: depth, resolve: pa[0]})
			return nil
		}))
	}))

	var (
		rend     = render.NewRenderer()
		img      *image.RGBA
		pix      js.Value // a Uint8ClampedArray over which imageData lies
		imgData  js.Value
		layout   *render.Layout
		drawn    = ^uint64(0)
		pending  bool
		pushed   bool // a history entry stands for the open dialog (the Back button closes it)
		popping  bool // we left that entry ourselves: its popstate is not a Back
		paintFn  js.Func
		firstRun = true
	)
	paintFn = js.FuncOf(func(this js.Value, args []js.Value) any {
		post(paintEv{})
		return nil
	})
	requestPaint := func() {
		if !pending {
			pending = true
			global.Call("requestAnimationFrame", paintFn)
		}
	}
	paint := func() {
		pending = false
		dpr := global.Get("devicePixelRatio").Float()
		if dpr <= 0 {
			dpr = 1
		}
		w := int(canvas.Get("clientWidth").Float()*dpr + 0.5)
		h := int(canvas.Get("clientHeight").Float()*dpr + 0.5)
		if w <= 0 || h <= 0 {
			return
		}
		if img == nil || img.Rect.Dx() != w || img.Rect.Dy() != h {
			canvas.Set("width", w)
			canvas.Set("height", h)
			img = image.NewRGBA(image.Rect(0, 0, w, h))
			pix = global.Get("Uint8ClampedArray").New(len(img.Pix))
			imgData = global.Get("ImageData").New(pix, w, h)
			drawn = ^uint64(0)
		}
		v := ctrl.Version()
		if v == drawn {
			return
		}
		view := ctrl.View()
		l, err := rend.Draw(img, &view)
		if err != nil {
			// Too small for a board: show the table colour and say why in the console.
			global.Get("console").Call("warn", fmt.Sprintf("cotuong: drawing a %dx%d frame: %v", w, h, err))
			ctx2d.Set("fillStyle", "#3b2a1e")
			ctx2d.Call("fillRect", 0, 0, w, h)
			layout, drawn = nil, v
			return
		}
		layout, drawn = l, v
		js.CopyBytesToJS(pix, img.Pix)
		ctx2d.Call("putImageData", imgData, 0, 0)
		n := stats.Get("frames").Int() + 1
		stats.Set("frames", n)
		if n == 1 {
			stats.Set("firstFrameMS", global.Get("performance").Call("now"))
			// Start the worker now, not before: compiling its wasm instance would compete
			// with the first frame for the processor (a search asked for earlier starts it).
			transport.start()
			if msg := doc.Call("getElementById", "msg"); !msg.IsNull() {
				msg.Call("remove")
			}
		}
		stats.Set("width", w)
		stats.Set("height", h)
		stats.Set("game", ctrl.GameString())
		stats.Set("thinking", ctrl.Thinking())
	}
	// syncHistory keeps one extra history entry while a dialog is open, so that the
	// browser's (or Android's) Back button closes the dialog instead of leaving the page.
	syncHistory := func() {
		open := ctrl.View().Dialog != nil
		switch {
		case open && !pushed:
			global.Get("history").Call("pushState", map[string]any{"cotuongDialog": true}, "")
			pushed = true
		case !open && pushed:
			pushed, popping = false, true
			global.Get("history").Call("back")
		}
	}

	requestPaint() // the first frame
	for ev := range events {
		before := ctrl.Version()
		switch ev := ev.(type) {
		case paintEv:
			paint()
			if firstRun {
				firstRun = false
				syncHistory() // a message about a damaged save is a dialog too
			}
			continue
		case resizeEv:
			drawn = ^uint64(0)
			requestPaint()
			continue
		case pointerEv:
			if ev.kind == controller.TouchBegin && ctrl.Paused() && doc.Get("visibilityState").String() == "visible" {
				ctrl.Resume() // paused by Exit, with the page still showing
			}
			ctrl.Touch(layout, ev.kind, ev.x, ev.y)
		case visibilityEv:
			if ev.visible && ctrl.Paused() {
				ctrl.Resume()
			} else if !ev.visible && !ctrl.Paused() {
				ctrl.Pause() // saves and waits for the write
			}
		case backEv:
			ctrl.Back()
		case popEv:
			if popping {
				popping = false
			} else {
				pushed = false
				ctrl.Back()
			}
		case benchEv:
			go func() {
				rep, err := client.Bench(context.Background(), ev.depth)
				if err != nil {
					rep.Err = err.Error()
				}
				ev.resolve.Invoke(rep.Encode())
			}()
		default: // the controller's own events (computer moves, save status)
			ctrl.Handle(ev)
		}
		if ctrl.Version() != before || ctrl.Version() != drawn {
			syncHistory()
			requestPaint()
		}
	}
}
