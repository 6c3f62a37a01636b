//go:build js && wasm

package main

import "syscall/js"

// main runs the page's UI, or, inside a Web Worker (no document), the search worker. Both
// are the same wasm file, so the browser downloads and caches it once.
func main() {
	if js.Global().Get("document").IsUndefined() {
		runWorker()
	} else {
		runPage()
	}
	select {} // the JavaScript callbacks go on; main must not return
}
