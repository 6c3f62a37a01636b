package conformance_test

import (
	"fmt"

	"github.com/cotuong-ai/cotuong/conformance"
)

// Example runs the whole suite on the tic-tac-toe plugin of this package's tests (see
// tictactoe_test.go: a position type with the seven gamesearch.Position methods and a
// conformance.Game descriptor). In a plugin's own tests, call conformance.Run(t, game)
// instead, which reports each check as a subtest.
func Example() {
	errs := conformance.Check(tictactoe())
	fmt.Println(conformance.CheckNames())
	fmt.Println("failures:", len(errs))
	// Output:
	// [labels moves playouts perft see nullmove piecekeys search/terminal search/legal search/mate search/single search/cancel search/limits search/concurrent search/game]
	// failures: 0
}

// ExampleCheck shows what the suite reports for a faulty plugin: this tic-tac-toe's InCheck
// never reports a lost position.
func ExampleCheck() {
	errs := conformance.Check(withBugs(bugNoCheck))
	for _, err := range errs[:2] {
		fmt.Println(err)
	}
	// Output:
	// tic-tac-toe: labels: checkmated position "xxxoo.... o": InCheck() = false, want true
	// tic-tac-toe: labels: checkmated position "xo.xo.x.. o": InCheck() = false, want true
}
