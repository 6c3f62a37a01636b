package chess_test

import (
	"fmt"
	"strings"

	"github.com/cotuong-ai/cotuong/games/chess"
)

func Example() {
	p := chess.Start()
	fmt.Println(len(p.LegalMoves(nil)), "legal moves; perft 3 =", p.Perft(3))

	g := chess.NewGame(p)
	for _, s := range []string{"f3", "e5", "g4", "Qh4#"} {
		pos := g.Position()
		m, err := pos.ParseMove(s)
		if err != nil {
			fmt.Println(err)
			return
		}
		if err := g.Push(m); err != nil {
			fmt.Println(err)
			return
		}
	}
	fmt.Println(g.Result())
	fmt.Println(g)

	pos := g.Position()
	_, err := pos.ParseMove("Kf2")
	fmt.Println(err)

	pg := &chess.PGNGame{Game: g, Tags: []chess.Tag{{Name: "Event", Value: "Fool's mate"}}}
	var b strings.Builder
	_ = chess.WritePGN(&b, pg)
	fmt.Println(strings.TrimSpace(b.String()[strings.Index(b.String(), "\n\n"):]))
	games, _ := chess.ReadPGN(strings.NewReader(b.String()))
	fmt.Println(len(games), "game read back,", games[0].Game.Len(), "plies")
	// Output:
	// 20 legal moves; perft 3 = 8902
	// Black wins by checkmate
	// startpos moves f2f3 e7e5 g2g4 d8h4
	// chess: move "Kf2": the king would be in check on f2
	// 1. f3 e5 2. g4 Qh4# 0-1
	// 1 game read back, 4 plies
}
