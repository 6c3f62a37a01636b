package conformance_test

// The tic-tac-toe plugin: the game itself is internal/testkit/testgames.TicTacToe (shared with
// gamesearch's tests), a value type with the gamesearch.Position methods and nothing else;
// this file is its conformance.Game descriptor. It shows that a new game needs nothing but
// those methods and a descriptor to be searched and tested.

import (
	"github.com/cotuong-ai/cotuong/conformance"
	"github.com/cotuong-ai/cotuong/internal/testkit/testgames"
)

type (
	tttPos  = testgames.TicTacToe
	tttMove = testgames.TicTacToeMove
	tttBug  = testgames.TicTacToeFault
)

// The deliberate faults the tests plant (see testgames.TicTacToeFault).
const (
	bugAfterMutates  = testgames.FaultAfterMutates
	bugDuplicateMove = testgames.FaultDuplicateMove
	bugNoCheck       = testgames.FaultNoCheck
	bugOrderHash     = testgames.FaultOrderHash
	bugFormatDropsO  = testgames.FaultFormatDropsO
	bugMarkHash      = testgames.FaultMarkHash
)

var (
	parseTTT  = testgames.ParseTicTacToe
	formatTTT = testgames.FormatTicTacToe
)

// tictactoe returns the plugin's descriptor. The labels were worked out by hand and are
// verified by an independent minimax solver in TestTicTacToeLabels.
func tictactoe() conformance.Game[tttPos, *tttPos, tttMove] {
	return conformance.Game[tttPos, *tttPos, tttMove]{
		Name:       "tic-tac-toe",
		Parse:      parseTTT,
		Format:     formatTTT,
		FormatMove: tttMove.String,
		Start:      "......... x",
		// Leaves of the game tree at each depth, games that ended earlier not counted:
		// 9, 72, 504, 3024, 15120 (no game ends before ply 5) and 127872 at ply 9 (the
		// games that last nine plies: 81792 won by X + 46080 drawn; Bottomley's census of the
		// 255168 tic-tac-toe games).
		Perft: []conformance.PerftCase{
			{"empty board", "......... x", 1, 9},
			{"empty board", "......... x", 2, 72},
			{"empty board", "......... x", 3, 504},
			{"empty board", "......... x", 4, 3024},
			{"empty board", "......... x", 5, 15120},
			{"empty board", "......... x", 9, 127872},
		},
		Checkmated: []string{"xxxoo.... o", "xo.xo.x.. o", "oxx.o..xo x"},
		Stalemated: []string{"xoxxoooxx o"},
		MateIn: []conformance.MateCase{
			{Text: "xx.oo.... x", Moves: 1, First: "c1"},
			{Text: "x.o.o...x x", Moves: 2, First: "a3"},
		},
		SingleMove:  []conformance.SingleMoveCase{{Text: "xoxxoxo.o x", Move: "b3"}},
		DrawnByRule: []string{"xoxxooox. x"},
		Positions:   []string{"x........ o", "....x.... o"},
	}
}
