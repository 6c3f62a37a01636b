//go:build js && wasm

package main

import (
	"context"
	"syscall/js"
	"time"

	"github.com/cotuong-ai/cotuong/frontends/web/protocol"
)

// runWorker answers the page's requests, one at a time, in order (an analysis's progress
// messages before its reply), and a cancel at once. worker.js queues the
// messages that arrive before the wasm instance is ready and hands them to the function
// passed to cotuongServe.
func runWorker() {
	w := protocol.NewWorker()
	// Between two positions of an analysis the worker sleeps a moment: with every goroutine
	// asleep, Go's wasm runtime returns to the event loop, which delivers a cancel message.
	w.Yield = func() { time.Sleep(time.Millisecond) }
	reqs := make(chan string, 64)
	recv := js.FuncOf(func(this js.Value, args []js.Value) any {
		msg := ""
		if len(args) > 0 && args[0].Type() == js.TypeString {
			msg = args[0].String()
		}
		if w.Intercept(msg) {
			return nil // a cancel acts at once, on the analysis running
		}
		reqs <- msg // a search runs on the goroutine below, never in this callback
		return nil
	})
	post := func(reply string) { js.Global().Call("postMessage", reply) }
	go func() {
		for msg := range reqs {
			w.Serve(context.Background(), msg, post)
		}
	}()
	js.Global().Call("cotuongServe", recv)
}
