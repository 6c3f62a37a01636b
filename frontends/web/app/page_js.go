//go:build js && wasm

package main

import (
	"context"
	"fmt"
	"sync"
	"syscall/js"

	"github.com/cotuong-ai/cotuong/frontends/app/controller"
	"github.com/cotuong-ai/cotuong/frontends/app/shell"
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
	backEv       struct{} // Escape, or the browser's Back after a dialog or screen opened
	popEv        struct{} // the history entry pushed for an open dialog or screen was left
	benchEv      struct {
		depth   int
		resolve js.Value
	}
	stepEv struct{ delta int } // the ← and → keys
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
	transport := newWorkerTransport()
	client := protocol.NewClient(transport, pageFallback())
	client.Logf = func(format string, args ...any) {
		global.Get("console").Call("warn", "cotuong: "+fmt.Sprintf(format, args...))
	}
	client.OnReply = func(r protocol.Reply) { stats.Set("lastSearch", r.Encode()) }
	transport.client = client
	// Analyses run in a worker of their own, so that the computer's moves never wait for one.
	anaTransport := newWorkerTransport()
	anaClient := protocol.NewClient(anaTransport, nil)
	anaClient.Logf = client.Logf
	anaTransport.client = anaClient

	audio := newWebAudio(stats)
	player := sound.NewPlayer(audio, func(err error) { post(controller.SoundUnavailable{Err: err}) })
	clip := &webClipboard{global: global, doc: doc, post: post, box: js.Undefined()}
	ctrl := controller.New(controller.Config{
		Clipboard: clip,
		Sound:     player,
		Storage:   webstore.Storage{KV: openStorage()},
		Post:      post,
		Engine:    client.Engine(),
		Teacher:   protocol.Teacher{Search: client, Analysis: anaClient},
		OnExit: func() {
			// A page cannot always close itself (only an installed app's window or a tab
			// opened by a script can): the game is saved and paused; a tap resumes it.
			global.Get("window").Call("close")
		},
	})

	listen(global, doc, canvas, stats, audio, post)

	loop := shell.New(ctrl)
	scr := &screen{global: global, doc: doc, canvas: canvas, ctx2d: ctx2d, stats: stats, ctrl: ctrl,
		loop: loop, transport: transport}
	scr.paintFn = js.FuncOf(func(this js.Value, args []js.Value) any {
		post(paintEv{})
		return nil
	})
	firstRun := true
	scr.requestPaint() // the first frame
	for ev := range events {
		before := ctrl.Version()
		switch ev := ev.(type) {
		case paintEv:
			scr.paint()
			if firstRun {
				firstRun = false
				scr.syncHistory() // a message about a damaged save is a dialog too
			}
			continue
		case resizeEv:
			loop.Step(shell.Resize{}) // the size is read when the frame is drawn
			scr.requestPaint()
			continue
		case pointerEv:
			if ev.kind == controller.TouchBegin && ctrl.Paused() && doc.Get("visibilityState").String() == "visible" {
				loop.Step(shell.Resume{}) // paused by Exit, with the page still showing
			}
			loop.Step(shell.Touch{Kind: ev.kind, X: ev.x, Y: ev.y})
		case visibilityEv:
			if ev.visible && ctrl.Paused() {
				loop.Step(shell.Resume{})
			} else if !ev.visible && !ctrl.Paused() {
				loop.Step(shell.Pause{}) // saves and waits for the write
			}
		case backEv:
			loop.Step(shell.Back{})
		case stepEv:
			loop.Step(shell.Step{Delta: ev.delta})
		case popEv:
			if scr.popping {
				scr.popping = false
			} else {
				scr.pushed = false
				loop.Step(shell.Back{})
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
			loop.Step(ev)
		}
		if ctrl.Version() != before || loop.Dirty() {
			scr.syncHistory()
			scr.requestPaint()
		}
	}
}
