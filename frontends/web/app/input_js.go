//go:build js && wasm

package main

import (
	"syscall/js"

	"github.com/cotuong-ai/cotuong/frontends/app/controller"
)

// listen turns the page's DOM events into the page's events, queued with post: pointer events
// (mouse, touch and pen alike, in canvas pixels), resizes, visibility, Escape, ← and →, the browser's
// Back, and the bench that the page's cotuong.bench() asks for.
func listen(global, doc, canvas, stats js.Value, audio *webAudio, post func(any)) {
	on := func(target js.Value, name string, fn func(e js.Value)) {
		target.Call("addEventListener", name, js.FuncOf(func(this js.Value, args []js.Value) any {
			fn(args[0])
			return nil
		}), map[string]any{"passive": false})
	}

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
		switch e.Get("key").String() {
		case "Escape":
			post(backEv{})
		case "ArrowLeft":
			post(stepEv{-1})
		case "ArrowRight":
			post(stepEv{1})
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
}
