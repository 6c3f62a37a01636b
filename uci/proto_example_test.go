package uci_test

import (
	"fmt"
	"time"

	"github.com/cotuong-ai/cotuong/uci"
)

// Parse reads one line a GUI sends; Info formats a search report.
func ExampleParse() {
	c, err := uci.Parse("go wtime 60000 btime 58000 winc 1000 binc 1000 bogus", 0)
	fmt.Println(c.Kind, c.Go.WTime, c.Go.BInc, c.Warnings, err)
	c, _ = uci.Parse("setoption name Move Overhead value 50", 0)
	fmt.Printf("%q = %q\n", c.Option, c.Value)
	c, _ = uci.Parse("go time 300 increment 2", time.Second) // UCCI, seconds
	fmt.Println(c.Go.OwnTime, c.Go.OwnInc)
	_, err = uci.Parse("position e2e4", 0)
	fmt.Println(err)
	fmt.Println(uci.Info{Depth: 3, SelDepth: 5, MultiPV: 1, Mate: true, Score: 2, Nodes: 900,
		NPS: 90000, Time: 10 * time.Millisecond, PV: []string{"f5f1"}}.UCI())
	// Output:
	// go 1m0s 1s [go: unknown token "bogus" ignored] <nil>
	// "Move Overhead" = "50"
	// 5m0s 2s
	// position: expected "startpos" or "fen <FEN>", got "e2e4"
	// info depth 3 seldepth 5 multipv 1 score mate 2 nodes 900 nps 90000 time 10 pv f5f1
}
