package engine

import (
	"github.com/cotuong-ai/cotuong/games/chess"
	"github.com/cotuong-ai/cotuong/gamesearch"
)

// chGame is the Game of games/chess.
type chGame = adapter[chess.Position, *chess.Position, chess.Move]

// chessRules is what is particular to chess: an 8×8 board, SAN, White and Black.
var chessRules = &rules[chess.Position, *chess.Position, chess.Move]{
	variant:  Chess,
	start:    chess.Start,
	parseFEN: chess.ParseFEN,
	newGame: func(start chess.Position) (*gamesearch.Record[chess.Position, *chess.Position, chess.Move], func() Result) {
		g := chess.NewGame(start)
		return g.Record, func() Result {
			r := g.Result()
			return statusResult(r.Status, r.String(), chess.WhiteWins, chess.BlackWins, chess.DrawnGame)
		}
	},
	side:     func(p *chess.Position) Side { return Side(p.SideToMove()) },
	sideName: func(s Side) string { return chess.Color(s).String() },
	notation: (*chess.Position).SAN,
	files:    8,
	ranks:    8,
	at: func(p *chess.Position, file, rank int) Square {
		pc := p.PieceAt(chess.SquareAt(file, rank))
		if pc == chess.NoPiece {
			return Square{Empty: true}
		}
		return Square{Side: Side(pc.Color()), Letter: pc.Letter()}
	},
}
