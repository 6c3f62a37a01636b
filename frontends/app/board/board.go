package board

import (
	"fmt"
	"image"
	"math"
)

// Files and Ranks are the numbers of files (a..i) and ranks (0..9) of the xiangqi board.
const (
	Files = 9
	Ranks = 10
)

// Margins around the grid of intersections, in cells. Horizontally there is room for half a
// piece and the frame; vertically also for the file numbers above and below the board.
const (
	MarginX = 0.7
	MarginY = 1.05
	// UnitsX and UnitsY are the width and height of the whole board, in cells.
	UnitsX = Files - 1 + 2*MarginX
	UnitsY = Ranks - 1 + 2*MarginY
)

// HitRadius is the largest distance from an intersection, as a fraction of the cell size, at
// which a touch still selects that intersection. Touches farther from every intersection hit
// nothing.
const HitRadius = 0.5

// Layout places the board in a rectangle of the screen. The cell size (the distance between
// neighbouring intersections, in pixels) is the smaller of the width limit and the height
// limit, and the board is centred in the rectangle. With Flipped the board is seen from
// Black's side: file a and rank 0 are at the top right.
//
// Center and Hit both go through one function, view, so drawing and touches always agree.
type Layout struct {
	// Area is the rectangle the board was fitted into, in pixels.
	Area image.Rectangle
	// Cell is the distance between neighbouring intersections, in pixels.
	Cell float64
	// X0, Y0 are the pixel coordinates of the top-left intersection as seen on screen.
	X0, Y0 float64
	// Flipped is true when the board is seen from Black's side.
	Flipped bool
}

// Fit returns the layout of the board fitted in area. It returns an error naming the area when
// the area is too small to show a board (a cell of less than 4 pixels).
func Fit(area image.Rectangle, flipped bool) (Layout, error) {
	w, h := float64(area.Dx()), float64(area.Dy())
	cell := math.Min(w/UnitsX, h/UnitsY)
	if !(cell >= 4) {
		return Layout{}, fmt.Errorf("board: area %v is too small for a board (cell %.1f px < 4)", area, cell)
	}
	l := Layout{Area: area, Cell: cell, Flipped: flipped}
	l.X0 = float64(area.Min.X) + (w-(Files-1)*cell)/2
	l.Y0 = float64(area.Min.Y) + (h-(Ranks-1)*cell)/2
	return l, nil
}

// view maps a board point (file 0..8, rank 0..9 from Red's side) to the screen column and
// row of that point (column 0 at the left, row 0 at the top). It is its own inverse, so the
// same function maps drawing (board → screen) and touches (screen → board).
func (l Layout) view(file, rank int) (col, row int) {
	if l.Flipped {
		return Files - 1 - file, rank
	}
	return file, Ranks - 1 - rank
}

// Center returns the pixel coordinates of the intersection at file (0..8 = a..i) and rank
// (0..9 from Red's side).
func (l Layout) Center(file, rank int) (x, y float64) {
	col, row := l.view(file, rank)
	return l.X0 + float64(col)*l.Cell, l.Y0 + float64(row)*l.Cell
}

// ColRowCenter returns the pixel coordinates of the screen column col (0..8, left to right)
// and row (0..9, top to bottom), whatever the orientation.
func (l Layout) ColRowCenter(col, row int) (x, y float64) {
	return l.X0 + float64(col)*l.Cell, l.Y0 + float64(row)*l.Cell
}

// FileRankAt returns the file and rank shown at screen column col and row. It is view again:
// view is its own inverse.
func (l Layout) FileRankAt(col, row int) (file, rank int) {
	return l.view(col, row)
}

// Hit returns the intersection nearest to the touch at pixel (x, y), and ok = false when that
// intersection is farther than HitRadius cells (the touch is off the board or between points).
func (l Layout) Hit(x, y float64) (file, rank int, ok bool) {
	col := int(math.Round((x - l.X0) / l.Cell))
	row := int(math.Round((y - l.Y0) / l.Cell))
	if col < 0 || col >= Files || row < 0 || row >= Ranks {
		return 0, 0, false
	}
	file, rank = l.FileRankAt(col, row)
	cx, cy := l.Center(file, rank)
	if math.Hypot(x-cx, y-cy) > HitRadius*l.Cell {
		return 0, 0, false
	}
	return file, rank, true
}

// Bounds returns the rectangle of the whole board (grid plus margins), in pixels.
func (l Layout) Bounds() image.Rectangle {
	mx, my := MarginX*l.Cell, MarginY*l.Cell
	return image.Rect(
		int(math.Floor(l.X0-mx)), int(math.Floor(l.Y0-my)),
		int(math.Ceil(l.X0+(Files-1)*l.Cell+mx)), int(math.Ceil(l.Y0+(Ranks-1)*l.Cell+my)))
}
