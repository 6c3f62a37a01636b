//go:build xmobile && linux && !android

package main

/*
#cgo LDFLAGS: -lX11
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/Xatom.h>
#include <X11/keysym.h>
#include <stdlib.h>
#include <string.h>

// win is the window that x/mobile's X11 backend (app/x11.c, a global with external linkage)
// creates. Weak, so that this file also links without it (cgo links each package on its own
// once): &win is then NULL and the window is left as x/mobile made it.
extern Window win __attribute__((weak));

static int cotuong_have_win(void) { return &win != NULL; }

static Window cotuong_win(void) {
	if (&win == NULL) return 0;
	return __atomic_load_n(&win, __ATOMIC_ACQUIRE);
}

// cotuong_name sets the window's title (WM_NAME, WM_ICON_NAME and _NET_WM_NAME, as
// UTF8_STRING: Xlib's own text conversions depend on the process's locale and drop letters
// such as ờ in the C locale) and its class (WM_CLASS).
static void cotuong_name(Display *d, Window w, char *title, char *res_name, char *res_class) {
	Atom utf8 = XInternAtom(d, "UTF8_STRING", False);
	Atom names[3] = {XA_WM_NAME, XA_WM_ICON_NAME, XInternAtom(d, "_NET_WM_NAME", False)};
	for (int i = 0; i < 3; i++) {
		XChangeProperty(d, w, names[i], utf8, 8, PropModeReplace, (unsigned char *)title, strlen(title));
	}
	XClassHint ch;
	ch.res_name = res_name;
	ch.res_class = res_class;
	XSetClassHint(d, w, &ch);
	XFlush(d);
}

// cotuong_configure sends the window the ConfigureNotify event (its present geometry) that
// a window manager would send, and that x/mobile waits for before it starts the app.
static int cotuong_configure(Display *d, Window w) {
	XWindowAttributes a;
	if (!XGetWindowAttributes(d, w, &a)) return 0;
	XEvent ev;
	memset(&ev, 0, sizeof ev);
	ev.xconfigure.type = ConfigureNotify;
	ev.xconfigure.display = d;
	ev.xconfigure.event = w;
	ev.xconfigure.window = w;
	ev.xconfigure.x = a.x;
	ev.xconfigure.y = a.y;
	ev.xconfigure.width = a.width;
	ev.xconfigure.height = a.height;
	ev.xconfigure.border_width = a.border_width;
	ev.xconfigure.above = None;
	ev.xconfigure.override_redirect = a.override_redirect;
	Status st = XSendEvent(d, w, False, StructureNotifyMask, &ev);
	XFlush(d);
	return st != 0;
}

// cotuong_select_keys asks for the window's key presses on this connection (x/mobile's X11
// backend reads none).
static void cotuong_select_keys(Display *d, Window w) {
	XSelectInput(d, w, KeyPressMask);
	XFlush(d);
}

// cotuong_next_key waits for the next event and returns -1 for the Left key, 1 for Right,
// 2 for Escape and 0 for anything else.
static int cotuong_next_key(Display *d) {
	XEvent ev;
	XNextEvent(d, &ev);
	if (ev.type != KeyPress) return 0;
	KeySym k = XLookupKeysym(&ev.xkey, 0);
	if (k == XK_Left || k == XK_KP_Left) return -1;
	if (k == XK_Right || k == XK_KP_Right) return 1;
	if (k == XK_Escape) return 2;
	return 0;
}
*/
import "C"

import (
	"fmt"
	"log"
	"os"
	"runtime"
	"sync/atomic"
	"time"
	"unsafe"
)

// windowTitle is the desktop window's title: the product's name, as in AndroidManifest.xml.
const windowTitle = "Cờ Tướng 象棋"

// windowClass is the res_name of the window's WM_CLASS ("Cotuong" is its res_class).
const windowClass = "cotuong"

// noWMWait is how long the app waits for a window manager to size its window before it
// sends the window the ConfigureNotify itself.
const noWMWait = 1500 * time.Millisecond

// resendEvery is how often that ConfigureNotify is sent again while the app has not started.
const resendEvery = time.Second

// openRetry is how long a named display that refuses connections is tried again.
const openRetry = 3 * time.Second

// runStarted is set when x/mobile has created the window, received its size and called the
// app's function.
var runStarted atomic.Bool

// noDisplayHelp is printed when no X display can be opened.
func noDisplayHelp(display string) string {
	d := "DISPLAY is not set"
	if display != "" {
		d = fmt.Sprintf("DISPLAY=%s cannot be opened", display)
	}
	return fmt.Sprintf(`cotuong: no X display (%s). The desktop window needs an X server:
run it from a graphical session, or start a virtual one first:
    Xvfb :99 -screen 0 600x800x24 &
    DISPLAY=:99 go run -tags xmobile ./frontends/android`, d)
}

// prepareWindow checks, before x/mobile starts, that an X display can be opened (x/mobile
// would only print "XOpenDisplay failed"), and then watches for x/mobile's window on a
// connection of its own: it gives the window the product's name and class (x/mobile calls
// every window "App"), and when no window manager has sized the window after noWMWait it
// sends the ConfigureNotify that x/mobile waits for (without a window manager none comes,
// and the window would stay black).
//
// A display that is named (DISPLAY set) but refuses the first connection is tried again for
// up to openRetry: an X server that has just started, or one under heavy load, can refuse a
// client for a moment.
func prepareWindow() {
	d := C.XOpenDisplay(nil)
	for end := time.Now().Add(openRetry); d == nil && os.Getenv("DISPLAY") != "" && time.Now().Before(end); {
		time.Sleep(200 * time.Millisecond)
		d = C.XOpenDisplay(nil)
	}
	if d == nil {
		fmt.Fprintln(os.Stderr, noDisplayHelp(os.Getenv("DISPLAY")))
		os.Exit(1)
	}
	go watchWindow(d)
}

func watchWindow(d *C.Display) {
	runtime.LockOSThread()
	defer C.XCloseDisplay(d)
	if C.cotuong_have_win() == 0 {
		debugf("cotuong: x/mobile's window is not visible to this build; its title stays %q", "App")
		return
	}
	title, name, class := C.CString(windowTitle), C.CString(windowClass), C.CString("Cotuong")
	defer C.free(unsafe.Pointer(title))
	defer C.free(unsafe.Pointer(name))
	defer C.free(unsafe.Pointer(class))
	var (
		named, warned, sized bool
		seen                 time.Time // when the window first existed
		lastSent             time.Time // when the last ConfigureNotify was sent (zero: none yet)
	)
	for {
		w := C.cotuong_win()
		if w != 0 && !named {
			C.cotuong_name(d, w, title, name, class)
			named = true
			seen = time.Now()
		}
		// x/mobile sets the window before it starts the app, so a started app's window is
		// named here too (a window manager can size a window within one poll).
		started := runStarted.Load()
		if started && named {
			keyLoop(d, w)
			return
		}
		if named && !started && time.Since(seen) > noWMWait && time.Since(lastSent) > resendEvery {
			// Sent again every resendEvery until the app starts: one more costs nothing, and
			// a lost one would leave the window black.
			if C.cotuong_configure(d, w) != 0 && !sized {
				sized = true
				log.Printf("cotuong: no window manager sized the window within %v; sized it without one", noWMWait)
			}
			lastSent = time.Now()
		}
		if named && !started && !warned && time.Since(seen) > noWMWait+10*time.Second {
			log.Printf("cotuong: the window is still not shown; run a window manager (e.g. matchbox-window-manager) on this display")
			warned = true
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// keyLoop reads the window's key presses on this connection for as long as the app runs and
// hands ← and → (the review's steps) and Escape (Back) to the app through keySink.
func keyLoop(d *C.Display, w C.Window) {
	C.cotuong_select_keys(d, w)
	for {
		k := int(C.cotuong_next_key(d))
		send := keySink.Load()
		if send == nil || k == 0 {
			continue
		}
		if k == 2 {
			(*send)(escapeKey{})
			continue
		}
		(*send)(arrowKey{delta: k})
	}
}
