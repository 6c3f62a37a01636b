// Package nnuegame is what the NNUE tools (examples/dev/datagen, examples/dev/nnuetrain) need of a
// game: one small adapter per game (Xiangqi, Chess), so that each tool is written once,
// generic over the game, and picks the adapter by its -game flag (Names).
package nnuegame

import (
	"fmt"
	"os"
	"strings"

	"github.com/cotuong-ai/cotuong/games/chess"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/cotuong-ai/cotuong/gamesearch"
	"github.com/cotuong-ai/cotuong/nnue"
)

// Position is what the tools need of a game's position, through *P: gamesearch's position
// contract, the game record's (FEN, Play, ...), and the move-ordering key, whose noisy flag
// marks a capture or a promotion (gamesearch.MoveOrderer; a position whose best move is noisy
// is not quiet).
type Position[P any, M gamesearch.RecordMove] interface {
	gamesearch.PositionPtr[P, M]
	gamesearch.RecordPosition[P, M]
	gamesearch.MoveOrderer[M]
}

// Outcome is the state of a game being played.
type Outcome struct {
	Over   bool   // the game has ended by its rules
	Winner int    // 0 the first player (Red, White), 1 the second; -1 a draw or no result yet
	Reason string // why it ended, in lower case ("checkmate", "fifty-move rule"); "" while it goes on
}

// Game is one game's adapter: P its position, M its move.
type Game[P any, PP Position[P, M], M gamesearch.RecordMove] struct {
	// Name is the game's name on the tools' -game flag: "xiangqi" or "chess".
	Name string
	// Features is the NNUE feature set of the networks the tools train and load.
	Features nnue.FeatureSet[P, M]
	// Decode is Features' DecodeNNUE: a FEN to the side to move's and the other side's
	// active features (nnue.DecodeFunc).
	Decode nnue.DecodeFunc
	// Parse reads a FEN (the game's ParseFEN).
	Parse func(fen string) (P, error)
	// NewGame starts a game record at the game's start position, with the function that
	// tells the game's state by its rules (mate, repetition, move limits, material).
	NewGame func() (*gamesearch.Record[P, PP, M], func() Outcome)
	// NewNeural returns the search evaluation of a network for Features (the game's NewNNUE).
	NewNeural func(*nnue.Network) (gamesearch.Neural[P, M], error)
	// SideToMove returns the side to move of a position: 0 the first player, 1 the second.
	SideToMove func(*P) int
}

// LoadNeural reads the weight file named file, a network for g.Features, and returns its
// search evaluation. Errors are os.Open's, or nnue.Load's and NewNeural's (a wrapped
// nnue.ErrFeatureSet for a network of another feature set) prefixed with the file name.
func (g Game[P, PP, M]) LoadNeural(file string) (gamesearch.Neural[P, M], error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	net, err := nnue.Load(f, g.Features.Name(), g.Features.Inputs())
	if err == nil {
		var n gamesearch.Neural[P, M]
		if n, err = g.NewNeural(net); err == nil {
			return n, nil
		}
	}
	return nil, fmt.Errorf("%s: %w", file, err)
}

// Names lists the games, the values of the tools' -game flag.
var Names = []string{"xiangqi", "chess"}

// Unknown returns the error for a -game value that is not in Names.
func Unknown(name string) error {
	return fmt.Errorf("unknown game %q, want one of %s", name, strings.Join(Names, ", "))
}

// Xiangqi returns the xiangqi adapter with the feature set f (NNUEFeatures{} is the plain
// set). Its games follow xiangqi.Game's rules (xiangqi.Game.Result).
func Xiangqi(f xiangqi.NNUEFeatures) Game[xiangqi.Position, *xiangqi.Position, xiangqi.Move] {
	return Game[xiangqi.Position, *xiangqi.Position, xiangqi.Move]{
		Name: "xiangqi", Features: f, Decode: f.DecodeNNUE, Parse: xiangqi.ParseFEN,
		NewGame: func() (*gamesearch.Record[xiangqi.Position, *xiangqi.Position, xiangqi.Move], func() Outcome) {
			g := xiangqi.NewGame(xiangqi.Start())
			return g.Record, func() Outcome {
				r := g.Result()
				o := Outcome{Over: r.Over(), Winner: -1, Reason: r.Reason.String()}
				if c, ok := r.Winner(); ok {
					o.Winner = int(c)
				}
				return o
			}
		},
		NewNeural: func(net *nnue.Network) (gamesearch.Neural[xiangqi.Position, xiangqi.Move], error) {
			return xiangqi.NewNNUE(net, f)
		},
		SideToMove: func(p *xiangqi.Position) int { return int(p.SideToMove()) },
	}
}

// chessReasons names chess.Reason values, in lower case.
var chessReasons = [...]string{chess.NoReason: "", chess.Checkmate: "checkmate", chess.Stalemate: "stalemate",
	chess.FiftyMoveRule: "fifty-move rule", chess.ThreefoldRepetition: "threefold repetition",
	chess.InsufficientMaterial: "insufficient material"}

// Chess returns the chess adapter, with chess.NNUEFeatures. Its games follow chess.Game's
// rules (chess.Game.Result: checkmate, stalemate, insufficient material, the fifty-move rule
// and threefold repetition).
func Chess() Game[chess.Position, *chess.Position, chess.Move] {
	f := chess.NNUEFeatures{}
	return Game[chess.Position, *chess.Position, chess.Move]{
		Name: "chess", Features: f, Decode: f.DecodeNNUE, Parse: chess.ParseFEN,
		NewGame: func() (*gamesearch.Record[chess.Position, *chess.Position, chess.Move], func() Outcome) {
			g := chess.NewGame(chess.Start())
			return g.Record, func() Outcome {
				r := g.Result()
				o := Outcome{Over: r.Status != chess.Ongoing, Winner: -1, Reason: chessReasons[r.Reason]}
				switch r.Status {
				case chess.WhiteWins:
					o.Winner = 0
				case chess.BlackWins:
					o.Winner = 1
				}
				return o
			}
		},
		NewNeural: func(net *nnue.Network) (gamesearch.Neural[chess.Position, chess.Move], error) {
			return chess.NewNNUE(net, f)
		},
		SideToMove: func(p *chess.Position) int { return int(p.SideToMove()) },
	}
}
