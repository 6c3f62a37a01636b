//go:build js && wasm

package main

import (
	"context"
	"syscall/js"

	"github.com/cotuong-ai/cotuong/frontends/web/protocol"
)

// runWorker answers the page's requests, one at a time, in order. worker.js queues the
// messages that arrive before the wasm instance is ready and hands them to the function
// passed to cotuongServe.
func runWorker() {
	w := protocol.NewWorker()
	reqs := make(chan string, 16)
	recv := js.FuncOf(func(this js.Value, args []js.Value) any {
		msg := ""
		if len(args) > 0 && args[0].Type() == js.TypeString {
			msg = args[0].String()
		}
		reqs <- msg // a search runs on the goroutine below, never in this callback
		return nil
	})
	go func() {
		for msg := range reqs {
			js.Global().Call("postMessage", w.Handle(context.Background(), msg))
		}
	}()
	js.Global().Call("cotuongServe", recv)
}
