// Package shell is the part of the app's event loop that every platform shares: the step
// from one input event to the controller and on to the next frame. A platform's shell (the
// x/mobile window of frontends/android, the page of frontends/web) turns its own events
// (lifecycle, size, touch, key, pointer, visibility) into the events of this package, hands
// each to Loop.Step, asks for a frame when Step says the picture changed, and draws it with
// Loop.Frame into an image.RGBA it then shows (a GL texture, a canvas). Sounds need nothing
// from the shell here: the controller plays them through its sound.Player as it applies the
// events.
package shell

import (
	"image"

	"github.com/cotuong-ai/cotuong/frontends/app/controller"
	"github.com/cotuong-ai/cotuong/frontends/app/render"
)

// The input events a shell hands to Step. The controller's own events (those
// controller.IsEvent accepts: ComputerMove, SaveStatus, SoundUnavailable, ToastExpired and the
// teacher's, posted by its goroutines through controller.Config.Post) are handed to Step as
// they are.
type (
	// Touch is a touch, click or pointer event at (X, Y) in frame pixels.
	Touch struct {
		Kind controller.TouchKind
		X, Y float64
	}
	// Back is the Android back button, Escape or the browser's Back: it closes a dialog,
	// a menu or help, or drops the selection.
	Back struct{}
	// Resize says the frame will have another size: W×H pixels, or 0×0 when the shell learns
	// the size only when it draws. The next frame is drawn anew.
	Resize struct{ W, H int }
	// Pause says the app is hidden: the search stops and the game is saved.
	Pause struct{}
	// Resume says the app is visible again: the computer's search starts again when it is
	// its turn, and the next frame is drawn anew.
	Resume struct{}
	// Step is the ← (Delta −1) or → (+1) key: a step back or forward through the review (a
	// step back outside it opens it).
	Step struct{ Delta int }
)

// Loop is one app's shared event step: the controller, the renderer, the layout of the last
// frame drawn (what a touch is tested against) and which version of the controller's view that
// frame shows. It is used from the shell's one UI goroutine.
type Loop struct {
	ctrl   *controller.Controller
	rend   *render.Renderer
	layout *render.Layout
	drawn  uint64 // the controller version of the last frame drawn; ^0 when none
	w, h   int    // the frame's size in pixels, 0 while unknown
}

// New returns the step of an app whose controller is ctrl.
func New(ctrl *controller.Controller) *Loop {
	return &Loop{ctrl: ctrl, rend: render.NewRenderer(), drawn: ^uint64(0)}
}

// Controller returns the loop's controller.
func (l *Loop) Controller() *controller.Controller { return l.ctrl }

// Step applies one event to the controller and reports whether the picture changed since the
// last frame was drawn: the shell then asks for a frame (and draws it with Frame). Events of
// other types are ignored.
func (l *Loop) Step(ev any) (repaint bool) {
	switch ev := ev.(type) {
	case Touch:
		if l.Dirty() && l.w > 0 && l.h > 0 {
			// The game changed since the last frame was drawn (taps can come faster than
			// frames on a busy machine): hit-test against the layout of what the controller
			// shows now, which the next frame draws, not the stale one (a tap meant for the
			// board would otherwise hit a dialog that is already closed).
			v := l.ctrl.View()
			if lay, err := l.rend.NewLayout(l.w, l.h, &v); err == nil {
				l.layout = lay
			}
		}
		l.ctrl.Touch(l.layout, ev.Kind, ev.X, ev.Y)
	case Back:
		l.ctrl.Back()
	case Resize:
		l.w, l.h = ev.W, ev.H
		l.Invalidate()
	case Pause:
		l.ctrl.Pause()
	case Resume:
		l.ctrl.Resume()
		l.Invalidate()
	case Step:
		l.ctrl.ReviewStep(ev.Delta)
	default:
		if controller.IsEvent(ev) {
			l.ctrl.Handle(ev)
		}
	}
	return l.Dirty()
}

// SetScreen tells the renderer the display's density (frame pixels per density-independent
// pixel: the browser's devicePixelRatio, Android's density), from which touch targets and
// text get their least sizes. A change draws the next frame anew.
func (l *Loop) SetScreen(s render.Screen) {
	if s != l.rend.Screen() {
		l.rend.SetScreen(s)
		l.Invalidate()
	}
}

// Layout returns the layout of the last frame drawn (nil before the first, or after a frame
// too small for a board): where its buttons and texts are, for a test or a debug reading.
func (l *Loop) Layout() *render.Layout { return l.layout }

// Dirty reports whether the controller shows something the last frame drawn does not.
func (l *Loop) Dirty() bool { return l.ctrl.Version() != l.drawn }

// Invalidate forgets the last frame: the next Frame draws anew (a new surface, a new size).
func (l *Loop) Invalidate() { l.drawn = ^uint64(0) }

// Frame draws the controller's view into img when the picture changed since the last frame
// (Dirty) and reports whether it drew. A frame too small for a board is an error; its layout
// is then none (touches do nothing) until a frame is drawn again, and it counts as drawn.
func (l *Loop) Frame(img *image.RGBA) (drew bool, err error) {
	if !l.Dirty() {
		return false, nil
	}
	v := l.ctrl.Version()
	l.w, l.h = img.Rect.Dx(), img.Rect.Dy()
	view := l.ctrl.View()
	lay, err := l.rend.Draw(img, &view)
	l.layout, l.drawn = lay, v
	if err != nil {
		l.layout = nil
		return false, err
	}
	return true, nil
}
