package main

import (
	"fmt"
	"strings"

	"github.com/cotuong-ai/cotuong/engine"
)

// rules is what the match runner needs of one game: its name, the side names and the book.
// Games themselves are engine.Game values: the runner never decides a result itself, it
// asks Result.
type rules struct {
	Variant engine.Variant
	Colors  [2]string // side names, first mover first
	// Book is the built-in list of openings.
	Book []string
}

// rulesFor returns the rules of the named game.
func rulesFor(game string) (*rules, error) {
	v, err := engine.ParseVariant(game)
	if err != nil || string(v) != game {
		return nil, fmt.Errorf("unknown game %q (want xiangqi or chess)", game)
	}
	g := engine.NewGame(v)
	r := &rules{Variant: v, Colors: [2]string{g.SideName(engine.First), g.SideName(engine.Second)}, Book: chessBook}
	if v == engine.Xiangqi {
		r.Book = xiangqiBook
	}
	return r, nil
}

// Open parses an opening ("startpos moves ...", "fen <FEN> moves ...").
func (r *rules) Open(opening string) (engine.Game, error) {
	return engine.ParseGame(r.Variant, opening)
}

// pushUCI plays a move an engine answered, which must be in UCI coordinates and legal.
func pushUCI(g engine.Game, s string) error {
	m, err := g.ParseUCI(s)
	if err != nil {
		return err
	}
	return g.Push(m)
}

// outcome is g's Result as the runner records it: over, and winner 0 (White/Red), 1 (Black)
// or -1 (draw or not over), with the game package's description ("Red wins by checkmate").
func outcome(g engine.Game) (over bool, winner int, desc string) {
	r := g.Result()
	winner = -1
	if r.Over && !r.Draw {
		winner = int(r.Winner)
	}
	return r.Over, winner, r.Text
}

// xiangqiBook is the built-in xiangqi opening book: common first moves of both sides, each
// played twice with colours reversed. Names are the usual English ones.
var xiangqiBook = []string{
	"startpos moves h2e2 h9g7",           // central cannon v. screen horse
	"startpos moves h2e2 h7e7",           // same-direction cannons
	"startpos moves h2e2 b7e7",           // opposite-direction cannons
	"startpos moves h2e2 h9g7 h0g2 i9h9", // central cannon v. screen horses
	"startpos moves c3c4 g6g5",           // pawn opening
	"startpos moves g0e2 h7e7",           // elephant opening v. central cannon
	"startpos moves b0c2 h9g7",           // horse opening
	"startpos moves h2d2 h9g7",           // palace-crossing cannon
	"startpos moves c3c4 b9c7 h0g2 h9g7", // pawn opening, both horses out
	"startpos moves b2e2 b9c7 b0c2 a9b9", // left central cannon
	"startpos moves h2f2 h9g7",           // ear-shaped cannon
	"startpos moves g3g4 h7e7 h0g2 h9g7", // pawn opening v. central cannon
	"startpos moves h2e2 h9g7 h0g2 c6c5", // central cannon v. 3rd-pawn advance
	"startpos moves g0e2 h9g7 h0g2 b7d7", // elephant opening
	"startpos moves b0c2 c6c5 h2f2 b9c7", // horse opening, cannon to the side
	"startpos moves c0e2 h7e7 h0g2 h9g7", // left elephant v. central cannon
	"startpos moves h2e2 b9c7 h0g2 a9b9", // central cannon v. left horse
	"startpos moves g3g4 c6c5",           // opposite pawns
	"startpos moves h0g2 g6g5 g3g4 h9g7", // horse and pawn
	"startpos moves b2d2 h9g7 b0c2 i9h9", // crossing cannon, both sides develop
}

// chessBook is the built-in chess opening book, each line played twice with colours reversed.
var chessBook = []string{
	"startpos moves e2e4 e7e5 g1f3 b8c6",      // open game
	"startpos moves e2e4 c7c5",                // Sicilian
	"startpos moves e2e4 e7e6",                // French
	"startpos moves e2e4 c7c6",                // Caro-Kann
	"startpos moves d2d4 d7d5 c2c4",           // Queen's Gambit
	"startpos moves d2d4 g8f6 c2c4 e7e6",      // Indian
	"startpos moves d2d4 g8f6 c2c4 g7g6",      // King's Indian / Grünfeld
	"startpos moves c2c4 e7e5",                // English
	"startpos moves g1f3 d7d5",                // Réti
	"startpos moves e2e4 d7d5",                // Scandinavian
	"startpos moves e2e4 e7e5 f1c4",           // Bishop's opening
	"startpos moves d2d4 d7d5 c1f4",           // London
	"startpos moves e2e4 g7g6",                // Modern
	"startpos moves e2e4 d7d6 d2d4 g8f6",      // Pirc
	"startpos moves d2d4 f7f5",                // Dutch
	"startpos moves e2e4 e7e5 g1f3 g8f6",      // Petrov
	"startpos moves c2c4 c7c5",                // Symmetrical English
	"startpos moves e2e4 c7c5 g1f3 d7d6",      // Sicilian, 2...d6
	"startpos moves d2d4 g8f6 g1f3 d7d5",      // Queen's pawn
	"startpos moves e2e4 e7e5 g1f3 b8c6 f1b5", // Ruy Lopez
}

// splitCommand splits an engine command line on white space: program and arguments.
func splitCommand(s string) (string, []string, error) {
	f := strings.Fields(s)
	if len(f) == 0 {
		return "", nil, fmt.Errorf("empty engine command")
	}
	return f[0], f[1:], nil
}
