// Command android is the cotuong xiangqi app: a person plays xiangqi (象棋, cờ tướng)
// against the computer. It is written with golang.org/x/mobile and runs on Android and, for
// development and tests, as a desktop window on Linux/X11.
//
// Desktop (needs the Debian packages libegl-dev libgles-dev libx11-dev):
//
//	go run -tags xmobile ./frontends/android [-data DIR]
//
// Android (needs gomobile and the Android NDK; see README.md in this folder):
//
//	gomobile build -target=android -androidapi 26 ./frontends/android
//
// The app itself lives in the platform-neutral packages of frontends/app, which build
// anywhere, also for GOOS=android with CGO_ENABLED=0: board (geometry and touch mapping),
// render (frames drawn into an image.RGBA), controller (game, commands, the computer's
// move through package engine, saving), sound (the sounds and their player), font (the
// embedded typefaces) and shell (the step from an input event to the controller and the next
// frame, which this command and the browser build share). This folder is the x/mobile shell
// around them: only app.go, behind the build constraint "(android && cgo) || xmobile",
// touches x/mobile: it uploads each frame as a texture and turns lifecycle, size, touch, key
// and paint events into the shared step's events; package openal plays the sounds; on the
// Linux desktop window_x11.go names the window, explains a missing X display and stands in
// for a missing window manager.
// Without that constraint the command only prints how to run the app.
//
// The save file lives in the data folder: the -data flag, else $COTUONG_DATA_DIR, else
// os.UserConfigDir()/cotuong on the desktop; on Android the app's private files folder (see
// DataDir).
package main
