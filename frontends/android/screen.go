package main

import (
	"golang.org/x/mobile/event/size"

	"github.com/cotuong-ai/cotuong/frontends/app/render"
)

// screenOf is the display a size event describes: its density in pixels per dp (1/160 inch),
// from x/mobile's pixels per point (1/72 inch), and never below 1, a desktop window's pixel
// (x/mobile's X11 window reports one pixel per point, which is no measurement).
func screenOf(sz size.Event) render.Screen {
	return render.Screen{Density: max(1, float64(sz.PixelsPerPt)*72/160)}
}
