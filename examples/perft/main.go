// Command perft counts the leaf nodes of the legal-move tree of a chess or xiangqi position
// to a fixed depth, the standard check of a move generator, and prints the count, the time
// and the nodes per second.
//
//	go run ./examples/perft -game xiangqi -depth 4
//	go run ./examples/perft -game chess -fen "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1" -depth 3 -divide
//
// With -divide it first prints one "move: count" line per root move and a blank line, as
// "go perft" does in Stockfish and Fairy-Stockfish (xiangqi moves with ranks 0-9).
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/cotuong-ai/cotuong/engine"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

func run(args []string, out, errOut io.Writer) int {
	fs := flag.NewFlagSet("perft", flag.ContinueOnError)
	fs.SetOutput(errOut)
	gameFlag := fs.String("game", "xiangqi", "the game: xiangqi or chess")
	fen := fs.String("fen", "", "the position (default: the start position)")
	depth := fs.Int("depth", 3, "depth in plies (1..20)")
	divide := fs.Bool("divide", false, "print the count below each root move first")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0 // -h asked for the usage: not an error
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(errOut, "perft: unexpected argument %q (quote the FEN: -fen \"...\")\n", fs.Arg(0))
		return 2
	}
	v, err := engine.ParseVariant(*gameFlag)
	if err != nil {
		fmt.Fprintln(errOut, "perft:", err)
		return 2
	}
	if *depth < 1 || *depth > 20 {
		fmt.Fprintf(errOut, "perft: depth %d out of range 1..20\n", *depth)
		return 2
	}
	g := engine.NewGame(v)
	if *fen != "" {
		if g, err = engine.GameFromFEN(v, *fen); err != nil {
			fmt.Fprintf(errOut, "perft: %v\n", err)
			return 2
		}
	}
	start := time.Now()
	var nodes uint64
	if *divide {
		for _, d := range g.Divide(*depth) {
			fmt.Fprintf(out, "%s: %d\n", d.Move, d.Nodes)
			nodes += d.Nodes
		}
		fmt.Fprintln(out)
	} else {
		nodes = g.Perft(*depth)
	}
	el := time.Since(start)
	nps := 0.0
	if el > 0 {
		nps = float64(nodes) / el.Seconds()
	}
	fmt.Fprintf(out, "Nodes searched: %d\n", nodes)
	fmt.Fprintf(out, "Game: %s  Depth: %d  FEN: %s\n", v, *depth, g.FEN())
	fmt.Fprintf(out, "Time: %v  Nodes/s: %.0f\n", el.Round(time.Microsecond), nps)
	return 0
}
