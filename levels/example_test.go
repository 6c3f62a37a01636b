package levels_test

import (
	"fmt"

	"github.com/cotuong-ai/cotuong/levels"
)

func Example() {
	for _, l := range levels.All() {
		fmt.Println(l.Describe())
	}
	l, err := levels.Parse("hard")
	fmt.Println(l.Name, l.Depth, l.Time, err)
	_, err = levels.Parse("grandmaster")
	fmt.Println(err)
	// Output:
	// Easy (depth ≤ 1, 300ms)
	// Medium (depth ≤ 2, 700ms)
	// Hard (depth ≤ 3, 1.2s)
	// Master (no depth cap, 3s)
	// Hard 3 1.2s <nil>
	// levels: unknown level "grandmaster" (want easy, medium, hard or master)
}
