//go:build js && wasm

package main

import (
	"encoding/binary"
	"errors"
	"math"
	"sync"
	"syscall/js"

	"github.com/cotuong-ai/cotuong/frontends/app/sound"
)

// webAudio is the app's sound output in a browser: the sounds of package sound (the same
// samples as the native app's) as Web Audio buffers, each Start a new buffer source. A
// browser lets an AudioContext play only after the person has touched the page; resume
// (called on every touch) lets it.
type webAudio struct {
	mu      sync.Mutex
	ctx     js.Value
	bufs    []js.Value
	playing []js.Value // sources started, for StopAll (pruned when they end)
	onEnded js.Func
	started js.Value // window.cotuong.sounds: the kinds started, for tests
}

func newWebAudio(stats js.Value) *webAudio {
	w := &webAudio{ctx: js.Undefined(), started: js.Global().Get("Array").New()}
	stats.Set("sounds", w.started)
	return w
}

// Open makes the AudioContext and one buffer per sound.
func (w *webAudio) Open(sounds [][]int16, rate int) (err error) {
	defer catch(&err)
	ctor := js.Global().Get("AudioContext")
	if ctor.IsUndefined() {
		ctor = js.Global().Get("webkitAudioContext")
	}
	if ctor.IsUndefined() {
		return errors.New("this browser has no Web Audio")
	}
	ctx := ctor.New()
	bufs := make([]js.Value, len(sounds))
	for k, s := range sounds {
		n := max(len(s), 1)
		buf := ctx.Call("createBuffer", 1, n, rate)
		raw := make([]byte, 4*len(s))
		for i, v := range s {
			binary.LittleEndian.PutUint32(raw[4*i:], math.Float32bits(float32(v)/32768))
		}
		u8 := js.Global().Get("Uint8Array").New(len(raw))
		js.CopyBytesToJS(u8, raw)
		buf.Call("copyToChannel", js.Global().Get("Float32Array").New(u8.Get("buffer")), 0)
		bufs[k] = buf
	}
	w.mu.Lock()
	w.ctx, w.bufs = ctx, bufs
	w.onEnded = js.FuncOf(func(this js.Value, args []js.Value) any {
		w.mu.Lock()
		defer w.mu.Unlock()
		for i, p := range w.playing {
			if p.Equal(this) {
				w.playing = append(w.playing[:i], w.playing[i+1:]...)
				break
			}
		}
		return nil
	})
	w.mu.Unlock()
	return nil
}

// Start plays sound k beside those still playing.
func (w *webAudio) Start(k sound.Kind) {
	var err error
	defer catch(&err)
	w.mu.Lock()
	defer w.mu.Unlock()
	if int(k) >= len(w.bufs) {
		return
	}
	if w.ctx.Get("state").String() == "suspended" {
		w.ctx.Call("resume") // allowed once the person has touched the page
	}
	src := w.ctx.Call("createBufferSource")
	src.Set("buffer", w.bufs[k])
	src.Call("connect", w.ctx.Get("destination"))
	src.Set("onended", w.onEnded)
	src.Call("start")
	w.playing = append(w.playing, src)
	w.started.Call("push", k.String())
}

// StopAll silences every sound at once.
func (w *webAudio) StopAll() {
	var err error
	defer catch(&err)
	w.mu.Lock()
	defer w.mu.Unlock()
	for _, p := range w.playing {
		p.Call("stop")
	}
	w.playing = nil
}

// Close ends the AudioContext.
func (w *webAudio) Close() {
	var err error
	defer catch(&err)
	w.mu.Lock()
	defer w.mu.Unlock()
	if !w.ctx.IsUndefined() {
		w.ctx.Call("close")
	}
}

// resume lets a suspended AudioContext play; called on every touch (a user gesture).
func (w *webAudio) resume() {
	var err error
	defer catch(&err)
	w.mu.Lock()
	defer w.mu.Unlock()
	if !w.ctx.IsUndefined() && w.ctx.Get("state").String() == "suspended" {
		w.ctx.Call("resume")
	}
}
