package puzzles_test

import (
	"fmt"

	"github.com/cotuong-ai/cotuong/engine"
	"github.com/cotuong-ai/cotuong/puzzles"
)

// Posing a puzzle: a wrong move is named and not played, the right one (here in WXF) solves
// it. A puzzle from the shipped set comes from puzzles.Load(engine.Xiangqi).
func Example() {
	p := puzzles.Puzzle{Variant: engine.Xiangqi, FEN: "4k4/4a3R/9/9/9/9/9/9/4K4/9 w - - 0 1",
		Solution: []string{"i8i9"}, Theme: puzzles.MateIn(1), Difficulty: 1}
	fmt.Println(p.Description())
	a, err := p.Start()
	if err != nil {
		fmt.Println(err)
		return
	}
	v, _ := a.Play("R1=5") // i8e8: check, but not mate
	fmt.Printf("correct %v, expected %s\n", v.Correct, v.Expected)
	v, _ = a.Play("R1+1") // i8i9
	fmt.Printf("correct %v, solved %v\n", v.Correct, v.Solved)
	// Output:
	// Mate in 1
	// correct false, expected i8i9
	// correct true, solved true
}
