package reference_test

import (
	"fmt"

	"github.com/cotuong-ai/cotuong/internal/testkit/reference"
)

// Example reads the xiangqi perft rows small enough for a unit test and one rule case.
func Example() {
	rows, err := reference.Perft("xiangqi", 2000)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, r := range rows[:2] {
		fmt.Printf("%s depth %d: %d nodes\n", r.Name, r.Depth, r.Nodes)
	}
	c, _ := reference.RuleCaseByID("XQ02")
	fmt.Println(c.Kind)
	// Output:
	// startpos depth 1: 44 nodes
	// startpos depth 2: 1920 nodes
	// flying general: king may not step onto open file facing enemy king
}
