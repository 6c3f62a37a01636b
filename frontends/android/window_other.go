//go:build ((android && cgo) || xmobile) && !(linux && !android)

package main

import "sync/atomic"

// runStarted is set when x/mobile has called the app's function (see window_x11.go).
var runStarted atomic.Bool

// prepareWindow does nothing where x/mobile does not use X11 (Android, macOS).
func prepareWindow() {}
