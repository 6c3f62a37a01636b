package xiangqi_test

import (
	"fmt"

	"github.com/cotuong-ai/cotuong/games/xiangqi"
)

// Example plays the central cannon opening, writes it in every notation, and asks the game
// for its result.
func Example() {
	pos := xiangqi.Start()
	m, err := pos.ParseMove("C2.5") // WXF; "h2e2" (UCI) and "H2-E2" (ICCS) work too
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(m.UCI(), m.ICCS(), pos.WXF(m), pos.Chinese(m), pos.Vietnamese(m))
	next := pos.Play(m)
	fmt.Println(next.FEN())
	fmt.Println(len(next.LegalMoves(nil)), "legal replies; perft(3) from the start =", pos.Perft(3))

	_, err = next.ParseMove("e3e4") // a Red soldier, but Black is to move
	fmt.Println(err)

	g, err := xiangqi.ParseGame("fen 3k5/9/9/2N6/9/9/9/9/4R4/R3K4 w - - 0 1 moves a0a9")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(g.Result())
	// Output:
	// h2e2 H2-E2 C2.5 炮二平五 P2-5
	// rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1
	// 45 legal replies; perft(3) from the start = 79666
	// xiangqi: move e3e4: the piece on e3 is a red soldier, but it is Black to move
	// Red wins by checkmate
}

// ExampleParseFEN shows a FEN error naming the side and square at fault.
func ExampleParseFEN() {
	_, err := xiangqi.ParseFEN("4k4/9/9/9/9/9/9/c8/9/R2B1K3 r - - 0 1")
	fmt.Println(err)
	// Output:
	// xiangqi: FEN: red elephant on d0 is not an elephant point
}
