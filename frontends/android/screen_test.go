package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"golang.org/x/mobile/event/size"
)

// TestScreenOf: an Android phone's density (xxhdpi: 3 pixels per dp, 480 dpi = 20/3 pixels per
// point) gives the renderer a density of 3; the X11 window's one pixel per point gives 1.
func TestScreenOf(t *testing.T) {
	assert.InDelta(t, 3.0, screenOf(size.Event{PixelsPerPt: 20.0 / 3}).Density, 1e-6)
	assert.Equal(t, 1.0, screenOf(size.Event{PixelsPerPt: 1}).Density)
	assert.Equal(t, 1.0, screenOf(size.Event{}).Density)
}
