package engine_test

import (
	"fmt"

	"github.com/cotuong-ai/cotuong/engine"
)

// After 1. C2=5 Black has 45 legal moves (Fairy-Stockfish 11.1: position startpos moves h3e3,
// go perft 1).
func ExampleNewGame() {
	for _, v := range engine.Variants() {
		g := engine.NewGame(v)
		text := map[engine.Variant]string{engine.Chess: "Nf3", engine.Xiangqi: "C2=5"}[v]
		m, err := g.ParseMove(text)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%s: %s is %s; ", v, text, g.UCI(m))
		_ = g.Push(m)
		fmt.Printf("%s to move, %d legal moves, %s\n", g.SideName(g.SideToMove()), len(g.Legal()), g.Result().Text)
	}
	// Output:
	// chess: Nf3 is g1f3; Black to move, 20 legal moves, Game in progress
	// xiangqi: C2=5 is h2e2; Black to move, 45 legal moves, Game in progress
}
