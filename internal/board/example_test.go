package board_test

import (
	"fmt"

	"github.com/cotuong-ai/cotuong/engine"
	"github.com/cotuong-ai/cotuong/internal/board"
)

func Example() {
	g, _ := engine.ParseGame(engine.Chess, "startpos moves e2e4 e7e5")
	fmt.Print(board.Draw(g, board.Style{Labels: board.Letters}))
	// Output:
	//     a  b  c  d  e  f  g  h
	//  8  r  n  b  q  k  b  n  r    8
	//  7  p  p  p  p  ·  p  p  p    7
	//  6  ·  ·  ·  ·  ·  ·  ·  ·    6
	//  5  ·  ·  ·  ·  p  ·  ·  ·    5
	//  4  ·  ·  ·  ·  P  ·  ·  ·    4
	//  3  ·  ·  ·  ·  ·  ·  ·  ·    3
	//  2  P  P  P  P  ·  P  P  P    2
	//  1  R  N  B  Q  K  B  N  R    1
	//     a  b  c  d  e  f  g  h
}
