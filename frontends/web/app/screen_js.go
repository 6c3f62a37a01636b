//go:build js && wasm

package main

import (
	"fmt"
	"image"
	"syscall/js"

	"github.com/cotuong-ai/cotuong/frontends/app/controller"
	"github.com/cotuong-ai/cotuong/frontends/app/render"
	"github.com/cotuong-ai/cotuong/frontends/app/shell"
)

// screen shows the shared step's frames on the page's canvas and keeps the browser's history
// in step with the open dialog. It is used from the UI goroutine.
type screen struct {
	global, doc, canvas, ctx2d, stats js.Value
	ctrl                              *controller.Controller
	loop                              *shell.Loop
	transport                         *workerTransport

	img     *image.RGBA
	pix     js.Value // a Uint8ClampedArray over which imgData lies
	imgData js.Value
	pending bool    // an animation frame was asked for
	paintFn js.Func // posts the page's paint event
	pushed  bool    // a history entry stands for the open dialog or screen (the Back button closes it)
	anaOn   bool    // an analysis was running at the last frame (for its timing)
	popping bool    // we left that entry ourselves: its popstate is not a Back
}

// requestPaint asks the browser for an animation frame, once until it comes.
func (s *screen) requestPaint() {
	if !s.pending {
		s.pending = true
		s.global.Call("requestAnimationFrame", s.paintFn)
	}
}

// paint sizes the canvas to its CSS size in device pixels and draws the frame when the picture
// changed.
func (s *screen) paint() {
	s.pending = false
	dpr := s.global.Get("devicePixelRatio").Float()
	if dpr <= 0 {
		dpr = 1
	}
	w := int(s.canvas.Get("clientWidth").Float()*dpr + 0.5)
	h := int(s.canvas.Get("clientHeight").Float()*dpr + 0.5)
	if w <= 0 || h <= 0 {
		return
	}
	// Touch targets and text get their least sizes in CSS pixels.
	s.loop.SetScreen(render.Screen{Density: dpr})
	if s.img == nil || s.img.Rect.Dx() != w || s.img.Rect.Dy() != h {
		s.canvas.Set("width", w)
		s.canvas.Set("height", h)
		s.img = image.NewRGBA(image.Rect(0, 0, w, h))
		s.pix = s.global.Get("Uint8ClampedArray").New(len(s.img.Pix))
		s.imgData = s.global.Get("ImageData").New(s.pix, w, h)
		s.loop.Invalidate()
	}
	drew, err := s.loop.Frame(s.img)
	if err != nil {
		// Too small for a board: show the table colour and say why in the console.
		s.global.Get("console").Call("warn", fmt.Sprintf("cotuong: drawing a %dx%d frame: %v", w, h, err))
		s.ctx2d.Set("fillStyle", "#3b2a1e")
		s.ctx2d.Call("fillRect", 0, 0, w, h)
		return
	}
	if !drew {
		return
	}
	js.CopyBytesToJS(s.pix, s.img.Pix)
	s.ctx2d.Call("putImageData", s.imgData, 0, 0)
	n := s.stats.Get("frames").Int() + 1
	s.stats.Set("frames", n)
	if n == 1 {
		s.stats.Set("firstFrameMS", s.global.Get("performance").Call("now"))
		// Start the worker now, not before: compiling its wasm instance would compete
		// with the first frame for the processor (a search asked for earlier starts it).
		s.transport.start()
		if msg := s.doc.Call("getElementById", "msg"); !msg.IsNull() {
			msg.Call("remove")
		}
	}
	s.stats.Set("width", w)
	s.stats.Set("height", h)
	s.stats.Set("layout", layoutReading(s.loop.Layout(), dpr))
	s.stats.Set("toast", s.ctrl.Toast())
	s.stats.Set("game", s.ctrl.GameString())
	s.stats.Set("thinking", s.ctrl.Thinking())
	s.stats.Set("review", s.reviewReading())
	s.stats.Set("flipped", s.ctrl.Flipped())
	s.stats.Set("editing", s.ctrl.Editing())
	s.stats.Set("fen", s.ctrl.FEN())
	s.stats.Set("players", map[string]any{"two": s.ctrl.Settings().TwoPlayers, "handicap": s.ctrl.HandicapLabel()})
	s.stats.Set("study", s.studyReading())
}

// studyReading is the lesson's and the puzzles' state for tests and the console
// (cotuong.study): what is shown ("lesson", "puzzle" or ""), the lesson step shown, the steps
// done, the puzzle shown (its seed), whether it is solved, the puzzles solved and the streak.
func (s *screen) studyReading() map[string]any {
	set := s.ctrl.Settings()
	seed := ""
	if p, ok := s.ctrl.Puzzle(); ok {
		seed = p.Seed
	}
	list := func(ss []string) []any {
		out := make([]any, len(ss))
		for i, v := range ss {
			out[i] = v
		}
		return out
	}
	return map[string]any{"kind": s.ctrl.Studying(), "step": s.ctrl.LessonStep(), "done": list(set.Lessons),
		"puzzle": seed, "solved": s.ctrl.PuzzleSolved(), "puzzles": list(set.Puzzles),
		"streak": set.Streak, "best": set.BestStreak, "why": s.ctrl.WhyStep()}
}

// reviewReading is the review's state for tests and the console (cotuong.review): whether it
// is open and at which position, the analysis's progress and timing (performance.now() at its
// start and end, so a test can log its cost), the judgement glyph of each move, the words and
// arrows shown, the hints used.
func (s *screen) reviewReading() map[string]any {
	ply, on := s.ctrl.Reviewing()
	_, running, i, n := s.ctrl.Analysis()
	now := s.global.Get("performance").Call("now")
	if running && !s.anaOn {
		s.stats.Set("analysisStartMS", now)
	} else if !running && s.anaOn {
		s.stats.Set("analysisEndMS", now)
	}
	s.anaOn = running
	v := s.ctrl.View()
	marks := []any{}
	for _, r := range v.Moves {
		marks = append(marks, r.RedMark, r.BlackMark)
	}
	words := []any{}
	if v.Review != nil {
		for _, w := range v.Review.Words {
			words = append(words, w)
		}
	}
	arrows := []any{}
	for _, a := range v.Arrows {
		arrows = append(arrows, map[string]any{"from": a.From, "to": a.To, "kind": int(a.Kind)})
	}
	return map[string]any{"on": on, "ply": ply, "running": running, "i": i, "n": n,
		"complete": s.ctrl.AnalysisComplete(), "marks": marks, "words": words, "arrows": arrows,
		"hints": s.ctrl.Hints(), "status": v.Status}
}

// syncHistory keeps one extra history entry while a dialog is open or a screen other than the
// game is shown (the position editor, a lesson or puzzle, the review), so that the browser's
// (or Android's) Back button closes the dialog or leaves the screen, as the app's own Back
// does, instead of leaving the page.
func (s *screen) syncHistory() {
	_, reviewing := s.ctrl.Reviewing()
	open := s.ctrl.View().Dialog != nil || s.ctrl.Editing() || s.ctrl.Studying() != "" || reviewing
	switch {
	case open && !s.pushed:
		s.global.Get("history").Call("pushState", map[string]any{"cotuongDialog": true}, "")
		s.pushed = true
	case !open && s.pushed:
		s.pushed, s.popping = false, true
		s.global.Get("history").Call("back")
	}
}

// layoutReading is the drawn frame's layout in CSS pixels (frame pixels divided by dpr), for
// tests and the console (cotuong.layout): the rectangles of the bar's buttons, of the dialog's
// buttons and of the toast ({x, y, w, h}), the text sizes and the least touch height.
func layoutReading(l *render.Layout, dpr float64) map[string]any {
	if l == nil {
		return nil
	}
	css := func(px int) float64 { return float64(px) / dpr }
	rect := func(r image.Rectangle) map[string]any {
		return map[string]any{"x": css(r.Min.X), "y": css(r.Min.Y), "w": css(r.Dx()), "h": css(r.Dy())}
	}
	rects := func(rs []image.Rectangle) []any {
		out := make([]any, len(rs))
		for i, r := range rs {
			out[i] = rect(r)
		}
		return out
	}
	return map[string]any{
		"buttons":       rects(l.Buttons),
		"dialogButtons": rects(l.DialogButtons),
		"toast":         rect(l.Toast),
		"graph":         rect(l.Graph),
		"panelButtons":  rects(l.PanelButtons),
		"list":          rect(l.List),
		"listRowH":      css(l.ListRowH),
		"paletteCells":  rects(l.PaletteCells),
		"text": map[string]any{
			"status": css(l.StatusPx), "detail": css(l.DetailPx), "list": css(l.ListPx), "button": css(l.ButtonPx),
			"title": css(l.TitlePx), "dialog": css(l.TextPx), "dialogButton": css(l.DialogButtonPx),
		},
	}
}
