//go:build js && wasm

package main

import (
	"errors"
	"syscall/js"

	"github.com/cotuong-ai/cotuong/frontends/app/controller"
)

// webClipboard is the page's controller.Clipboard: the Clipboard API (navigator.clipboard)
// where the browser has it and allows it, else a text field over the canvas (the FEN shown
// selected to be copied by hand, or an empty field to paste one into); and the Web Share API
// (navigator.share) where present. It is used from the UI goroutine; the promises' callbacks
// only post events.
type webClipboard struct {
	global, doc js.Value
	post        func(any)
	box, area   js.Value // the text field's panel and its textarea (made on first use)
	ok          js.Value // the panel's OK button ("Play" when pasting)
	pasting     bool
}

// then calls ok or fail when promise p settles, releasing both callbacks.
func then(p js.Value, ok, fail func(js.Value)) {
	var okFn, failFn js.Func
	release := func() { okFn.Release(); failFn.Release() }
	okFn = js.FuncOf(func(_ js.Value, args []js.Value) any {
		release()
		ok(arg0(args))
		return nil
	})
	failFn = js.FuncOf(func(_ js.Value, args []js.Value) any {
		release()
		fail(arg0(args))
		return nil
	})
	p.Call("then", okFn, failFn)
}

func arg0(args []js.Value) js.Value {
	if len(args) == 0 {
		return js.Undefined()
	}
	return args[0]
}

// clipboardAPI returns navigator.clipboard when it has method name, else undefined.
func (w *webClipboard) clipboardAPI(name string) js.Value {
	cb := w.global.Get("navigator").Get("clipboard")
	if cb.IsUndefined() || cb.IsNull() || cb.Get(name).Type() != js.TypeFunction {
		return js.Undefined()
	}
	return cb
}

// Copy writes text to the clipboard, or shows it selected in the text field.
func (w *webClipboard) Copy(text string) {
	cb := w.clipboardAPI("writeText")
	if cb.IsUndefined() {
		w.field(text, false)
		return
	}
	then(cb.Call("writeText", text),
		func(js.Value) { w.post(controller.Copied{Where: "the clipboard"}) },
		func(js.Value) { w.field(text, false) })
}

// Paste reads the clipboard, or asks for the text in the text field.
func (w *webClipboard) Paste() {
	cb := w.clipboardAPI("readText")
	if cb.IsUndefined() {
		w.field("", true)
		return
	}
	then(cb.Call("readText"),
		func(v js.Value) {
			if v.Type() == js.TypeString {
				w.post(controller.Pasted{Text: v.String()})
			}
		},
		func(js.Value) { w.field("", true) })
}

// CopyPGN writes a game's PGN to the clipboard; where the page has neither the Clipboard API
// nor the Web Share API (Records then offers no Share PGN), or the clipboard refuses, it is
// downloaded as game.pgn; with the Web Share API, a refused copy shows the text field.
func (w *webClipboard) CopyPGN(text string) {
	fallback := func() {
		if w.CanShare() {
			w.field(text, false)
			return
		}
		w.download("game.pgn", "application/vnd.chess-pgn", text)
	}
	cb := w.clipboardAPI("writeText")
	if cb.IsUndefined() {
		fallback()
		return
	}
	then(cb.Call("writeText", text),
		func(js.Value) { w.post(controller.Copied{Where: "the clipboard"}) },
		func(js.Value) { fallback() })
}

// PastePGN reads a game record from the clipboard, or asks for it in the text field.
func (w *webClipboard) PastePGN() { w.Paste() }

// download hands text to the browser as a file download named name, through a link to a
// Blob; the person is told the file's name.
func (w *webClipboard) download(name, mime, text string) {
	defer func() {
		if r := recover(); r != nil { // no Blob or URL: show the text to copy by hand
			w.field(text, false)
		}
	}()
	blob := w.global.Get("Blob").New([]any{text}, map[string]any{"type": mime})
	url := w.global.Get("URL").Call("createObjectURL", blob)
	a := w.doc.Call("createElement", "a")
	a.Set("href", url)
	a.Set("download", name)
	a.Get("style").Set("display", "none")
	w.doc.Get("body").Call("append", a)
	a.Call("click")
	a.Call("remove")
	// The download has started from the click; the URL is let go a moment later.
	var revoke js.Func
	revoke = js.FuncOf(func(js.Value, []js.Value) any {
		revoke.Release()
		w.global.Get("URL").Call("revokeObjectURL", url)
		return nil
	})
	w.global.Call("setTimeout", revoke, 10000)
	// The last download, for tests and the console.
	w.global.Get("cotuong").Set("download", map[string]any{"name": name, "text": text})
	w.post(controller.Copied{Where: name + " in your downloads"})
}

// CanShare reports whether the browser has the Web Share API.
func (w *webClipboard) CanShare() bool {
	return w.global.Get("navigator").Get("share").Type() == js.TypeFunction
}

// Share hands text to the browser's share sheet.
func (w *webClipboard) Share(text string) {
	p := w.global.Get("navigator").Call("share", map[string]any{"title": "Xiangqi record", "text": text})
	then(p, func(js.Value) { w.post(controller.Copied{Where: "the share sheet"}) }, func(e js.Value) {
		if e.Type() == js.TypeObject && e.Get("name").String() == "AbortError" {
			return // the person closed the sheet
		}
		msg := "sharing failed"
		if e.Type() == js.TypeObject && e.Get("message").Type() == js.TypeString {
			msg = e.Get("message").String()
		}
		w.post(controller.Copied{Err: errors.New(msg)})
	})
}

// field shows the text field: text selected to be copied by hand, or (paste) empty to
// paste a FEN or a PGN into, with Play and Cancel.
func (w *webClipboard) field(text string, paste bool) {
	w.make()
	w.pasting = paste
	w.area.Set("value", text)
	w.area.Set("readOnly", !paste)
	w.area.Set("placeholder", "Paste a FEN or a PGN here")
	label := "Close"
	if paste {
		label = "Play"
	}
	w.ok.Set("textContent", label)
	w.box.Get("style").Set("display", "flex")
	w.area.Call("focus")
	w.area.Call("select")
	if !paste {
		w.post(controller.Copied{Manual: true})
	}
}

// make builds the text field's panel once: a textarea and two buttons of at least 44 CSS px
// with 16 px text, over the canvas.
func (w *webClipboard) make() {
	if !w.box.IsUndefined() && w.box.Truthy() {
		return
	}
	el := func(tag, css string) js.Value {
		e := w.doc.Call("createElement", tag)
		e.Set("style", css)
		return e
	}
	w.box = el("div", "position:fixed;left:50%;top:20%;transform:translateX(-50%);width:min(92vw,520px);display:none;"+
		"flex-direction:column;gap:8px;padding:12px;box-sizing:border-box;background:#f6e9cf;border-radius:10px;"+
		"box-shadow:0 4px 24px rgba(0,0,0,.6);z-index:10;font:16px sans-serif;color:#3e2723")
	w.box.Set("id", "fenbox")
	w.area = el("textarea", "font:16px monospace;min-height:88px;width:100%;box-sizing:border-box;padding:8px")
	w.area.Set("id", "fentext")
	row := el("div", "display:flex;gap:8px")
	button := func(id string) js.Value {
		b := el("button", "flex:1;min-height:48px;font:16px sans-serif;color:#f5e6c8;background:#7b5233;border:0;border-radius:8px")
		b.Set("id", id)
		return b
	}
	w.ok = button("fenok")
	cancel := button("fencancel")
	cancel.Set("textContent", "Cancel")
	hide := func() { w.box.Get("style").Set("display", "none") }
	w.ok.Call("addEventListener", "click", js.FuncOf(func(js.Value, []js.Value) any {
		hide()
		if w.pasting {
			w.post(controller.Pasted{Text: w.area.Get("value").String()})
		}
		return nil
	}))
	cancel.Call("addEventListener", "click", js.FuncOf(func(js.Value, []js.Value) any {
		hide()
		return nil
	}))
	row.Call("append", w.ok, cancel)
	w.box.Call("append", w.area, row)
	w.doc.Get("body").Call("append", w.box)
}
