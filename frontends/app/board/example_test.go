package board_test

import (
	"fmt"
	"image"

	"github.com/cotuong-ai/cotuong/frontends/app/board"
)

func Example() {
	l, err := board.Fit(image.Rect(0, 0, 700, 666), false)
	if err != nil {
		panic(err)
	}
	x, y := l.Center(7, 2) // h2, Red's right cannon
	fmt.Printf("cell %.0f px, h2 at (%.0f, %.0f)\n", l.Cell, x, y)
	f, r, ok := l.Hit(x+10, y-10)
	fmt.Println(f, r, ok)
	_, _, ok = l.Hit(x+l.Cell/2, y+l.Cell/2) // the middle of a square hits nothing
	fmt.Println(ok)
	// Output:
	// cell 60 px, h2 at (530, 483)
	// 7 2 true
	// false
}
