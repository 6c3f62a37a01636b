package render_test

import (
	"fmt"
	"image"

	"github.com/cotuong-ai/cotuong/frontends/app/render"
)

func Example() {
	v := render.EmptyView()
	v.Board[4] = render.Piece{Label: "帥", Red: true} // e0
	v.Board[4+9*9] = render.Piece{Label: "將"}        // e9
	v.RedToMove = true
	v.Status = "Your move"
	v.Bar = []render.Button{{Action: "new", Label: "New game"}}

	img := image.NewRGBA(image.Rect(0, 0, 600, 800))
	layout, err := render.NewRenderer().Draw(img, &v)
	if err != nil {
		panic(err)
	}
	x, y := layout.Board.Center(4, 0) // where e0 is drawn
	fmt.Printf("e0 at (%.0f, %.0f), a touch there hits %+v\n", x, y, layout.Hit(x, y))
	b := layout.Buttons[0]
	fmt.Println("button:", layout.Hit(float64(b.Min.X+5), float64(b.Min.Y+5)).Action)
	// Output:
	// e0 at (300, 585), a touch there hits {Kind:1 Square:4 Action: Index:0}
	// button: new
}
