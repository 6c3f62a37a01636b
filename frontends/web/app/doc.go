// Command app is the xiangqi app in a browser: a GOOS=js GOARCH=wasm program that draws the
// same frames as the native app (package render) into a <canvas>, and runs the same game
// logic (package controller). Served by frontends/web/serve.
//
// On the page (a document exists) it runs the UI: the frame is drawn at the device's pixel
// ratio, pointer events (mouse, touch, pen) go through the same Layout.Hit as the native
// app's touches, the canvas follows the window's size and rotation, the game is saved in
// localStorage (package webstore), the sounds of package sound play through Web Audio, and
// the computer searches in a Web Worker (package protocol). In the worker (no document) the
// same wasm file answers search requests.
//
// window.cotuong exposes a few readings for tests and for a person at the console: frames
// (frames drawn), goStartMS and firstFrameMS (performance.now() when the Go program started
// and when the first frame was shown), game (the shown game, "startpos moves ..."),
// thinking, width and height (the canvas in device pixels), lastSearch (the worker's last
// reply), sounds (the kinds of sound started) and bench(depth) (a promise of the worker's
// bench reply).
package main
