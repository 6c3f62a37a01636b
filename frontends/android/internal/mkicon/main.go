// Command mkicon writes the app's launcher icon, drawn by render.Icon, as a PNG file. gomobile
// takes the Android icon from frontends/android/assets/icon.png:
//
//	go run ./frontends/android/internal/mkicon -o frontends/android/assets/icon.png
package main

import (
	"flag"
	"fmt"
	"image/png"
	"os"

	"github.com/cotuong-ai/cotuong/frontends/app/render"
)

func main() {
	out := flag.String("o", "icon.png", "output PNG file")
	size := flag.Int("size", 192, "icon size in pixels (Android xxxhdpi launcher icons are 192)")
	flag.Parse()
	if err := write(*out, *size); err != nil {
		fmt.Fprintln(os.Stderr, "mkicon:", err)
		os.Exit(1)
	}
}

func write(path string, size int) error {
	img, err := render.Icon(size)
	if err != nil {
		return err
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
