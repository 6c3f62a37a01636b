package main

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/cotuong-ai/cotuong/games/chess"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
)

// record is one game being played, seen through the game package's own Game: the match runner
// never decides a result itself, it asks Result.
type record interface {
	// Push plays a move written in our UCI coordinates. It returns an error saying why when
	// the text is not a coordinate move or the move is not legal.
	Push(uci string) error
	// Outcome asks the game's Result: over, and winner 0 (White/Red), 1 (Black) or -1 (draw),
	// with the game package's description ("Red wins by checkmate").
	Outcome() (over bool, winner int, desc string)
	// SideToMove is 0 for White/Red, 1 for Black.
	SideToMove() int
	// StartFEN is the FEN of the position the game started from (before the opening moves).
	StartFEN() string
	// Moves are the moves played from StartFEN, opening included, in our UCI coordinates.
	Moves() []string
	// Len is the number of plies played.
	Len() int
}

// rules opens records for one game.
type rules struct {
	Name   string   // "xiangqi" or "chess"
	Colors []string // side names, first mover first
	// Open parses an opening ("startpos moves ...", "fen <FEN> moves ...").
	Open func(opening string) (record, error)
	// Book is the built-in list of openings.
	Book []string
}

// rulesFor returns the rules of the named game.
func rulesFor(game string) (*rules, error) {
	switch game {
	case "xiangqi":
		return &rules{Name: game, Colors: []string{"Red", "Black"}, Book: xiangqiBook,
			Open: func(s string) (record, error) {
				g, err := xiangqi.ParseGame(s)
				if err != nil {
					return nil, err
				}
				return &xqRecord{g: g}, nil
			}}, nil
	case "chess":
		return &rules{Name: game, Colors: []string{"White", "Black"}, Book: chessBook,
			Open: func(s string) (record, error) {
				g, err := chess.ParseGame(s)
				if err != nil {
					return nil, err
				}
				return &chRecord{g: g}, nil
			}}, nil
	}
	return nil, fmt.Errorf("unknown game %q (want xiangqi or chess)", game)
}

var (
	xqMoveRE = regexp.MustCompile(`^[a-i][0-9][a-i][0-9]$`)
	chMoveRE = regexp.MustCompile(`^[a-h][1-8][a-h][1-8][qrbn]?$`)
)

type xqRecord struct{ g *xiangqi.Game }

func (r *xqRecord) Push(s string) error {
	if !xqMoveRE.MatchString(s) {
		return fmt.Errorf("%q is not a UCI xiangqi move (file a-i, rank 0-9)", s)
	}
	p := r.g.Position()
	m, err := p.ParseMove(s)
	if err != nil {
		return err
	}
	return r.g.Push(m)
}

func (r *xqRecord) Outcome() (bool, int, string) {
	res := r.g.Result()
	switch res.Status {
	case xiangqi.Ongoing:
		return false, -1, res.String()
	case xiangqi.RedWins:
		return true, 0, res.String()
	case xiangqi.BlackWins:
		return true, 1, res.String()
	}
	return true, -1, res.String()
}

func (r *xqRecord) SideToMove() int {
	p := r.g.Position()
	if p.SideToMove() == xiangqi.Red {
		return 0
	}
	return 1
}

func (r *xqRecord) StartFEN() string {
	p := r.g.Start()
	return p.FEN()
}

func (r *xqRecord) Moves() []string {
	ms := r.g.Moves()
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.UCI()
	}
	return out
}

func (r *xqRecord) Len() int { return r.g.Len() }

type chRecord struct{ g *chess.Game }

func (r *chRecord) Push(s string) error {
	if !chMoveRE.MatchString(s) {
		return fmt.Errorf("%q is not a UCI chess move", s)
	}
	p := r.g.Position()
	m, err := p.ParseMove(s)
	if err != nil {
		return err
	}
	return r.g.Push(m)
}

func (r *chRecord) Outcome() (bool, int, string) {
	res := r.g.Result()
	switch res.Status {
	case chess.Ongoing:
		return false, -1, res.String()
	case chess.WhiteWins:
		return true, 0, res.String()
	case chess.BlackWins:
		return true, 1, res.String()
	}
	return true, -1, res.String()
}

func (r *chRecord) SideToMove() int {
	p := r.g.Position()
	if p.SideToMove() == chess.White {
		return 0
	}
	return 1
}

func (r *chRecord) StartFEN() string {
	p := r.g.Start()
	return p.FEN()
}

func (r *chRecord) Moves() []string {
	ms := r.g.Moves()
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.UCI()
	}
	return out
}

func (r *chRecord) Len() int { return r.g.Len() }

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
