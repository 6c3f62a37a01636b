package uci_test

import (
	"fmt"
	"strings"

	"github.com/cotuong-ai/cotuong/uci"
)

// XQ12 (internal/testkit/reference): Red, to move, has no legal move and is not in check; in xiangqi
// that loses. Perft 2 of the start position is 1920 (XQ14).
func Example() {
	var out strings.Builder
	e := uci.New(&out, 1)
	_ = e.Run(strings.NewReader(`setoption name UCI_Variant value xiangqi
position fen 4k4/4a4/9/9/9/9/9/9/3r1r3/4K4 w - - 0 2
go depth 5
position startpos
go perft 2
`))
	// The commands arrive at once, so the engine may also say (info string) that the perft
	// waits for the first search's bestmove: keep only the other lines.
	var lines []string
	for _, l := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		if !strings.HasPrefix(l, "info string") {
			lines = append(lines, l)
		}
	}
	fmt.Println(strings.Join(lines[:2], "\n"))
	fmt.Println(lines[len(lines)-1])
	// Output:
	// info depth 0 score mate 0
	// bestmove (none)
	// Nodes searched: 1920
}
