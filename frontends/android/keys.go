package main

import "golang.org/x/mobile/event/key"

// isBack reports whether a key event is the Android back button or Escape, released.
//
// x/mobile does not name the back button: its Android backend (app/android.go,
// convAndroidKeyCode) maps AKEYCODE_BACK to key.CodeUnknown, and GoNativeActivity.getRune
// returns -1 for a key with no character, so Back arrives as key.Event{Rune: -1, Code:
// key.CodeUnknown}. Other Android keys with neither a HID code nor a character (call, end
// call, camera, menu, …) look the same; on a phone Back is the one a player presses, and
// Back only closes things, so taking one of them for Back is harmless. x/mobile also always
// finishes the event as unhandled (AInputQueue_finishEvent(q, e, 0)), so Android may still
// do its own Back action after ours (move the app to the background, or finish it on older
// versions); the game is saved on pause either way. The X11 backend delivers no key events.
func isBack(e key.Event, android bool) bool {
	if e.Direction != key.DirRelease {
		return false
	}
	if e.Code == key.CodeEscape {
		return true
	}
	return android && e.Code == key.CodeUnknown && e.Rune == -1
}
