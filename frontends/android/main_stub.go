//go:build !((android && cgo) || xmobile)

package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprintln(os.Stderr, `This build of the cotuong app has no window (it was built without the xmobile tag).
Run the desktop window with:
    go run -tags xmobile ./frontends/android [-data DIR]
or build the Android app with:
    gomobile build -target=android -androidapi 26 ./frontends/android`)
	os.Exit(2)
}
