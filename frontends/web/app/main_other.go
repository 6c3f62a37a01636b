//go:build !(js && wasm)

package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprintln(os.Stderr, "the web app is a WebAssembly program: build it with GOOS=js GOARCH=wasm, or play it with go run ./frontends/web/serve")
	os.Exit(2)
}
