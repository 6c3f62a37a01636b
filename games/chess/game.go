package chess

import (
	"errors"
	"fmt"

	"github.com/cotuong-ai/cotuong/gamesearch"
	"github.com/cotuong-ai/cotuong/internal/pgn"
)

// Status is the state of a game: in progress, won by one side, or drawn.
type Status uint8

// The game states.
const (
	Ongoing Status = iota
	WhiteWins
	BlackWins
	DrawnGame
)

// Reason says why a game ended.
type Reason uint8

// The reasons a game ends (FIDE Laws of Chess article numbers in brackets).
const (
	NoReason             Reason = iota
	Checkmate                   // the side to move is checkmated (5.1.1)
	Stalemate                   // the side to move has no legal move and is not in check (5.2.1)
	FiftyMoveRule               // 100 half-moves without a capture or pawn move (9.3)
	ThreefoldRepetition         // the same position for the third time (9.2)
	InsufficientMaterial        // no sequence of legal moves can lead to mate (5.2.2, 6.9)
)

// Result is the outcome of a game.
type Result struct {
	Status Status // Ongoing, WhiteWins, BlackWins or DrawnGame
	Reason Reason // why the game ended; NoReason while it is Ongoing
}

// String describes the result: "White wins by checkmate", "Draw by stalemate", "Draw by the
// fifty-move rule", "Draw by threefold repetition", "Draw by insufficient material",
// "Game in progress".
func (r Result) String() string {
	var why string
	switch r.Reason {
	case Checkmate:
		why = "checkmate"
	case Stalemate:
		why = "stalemate"
	case FiftyMoveRule:
		why = "the fifty-move rule"
	case ThreefoldRepetition:
		why = "threefold repetition"
	case InsufficientMaterial:
		why = "insufficient material"
	}
	switch r.Status {
	case WhiteWins:
		return "White wins by " + why
	case BlackWins:
		return "Black wins by " + why
	case DrawnGame:
		return "Draw by " + why
	}
	return "Game in progress"
}

// PGN returns the PGN result token: "1-0", "0-1", "1/2-1/2" or "*".
func (r Result) PGN() string {
	return pgn.ResultToken(r.Status != Ongoing, r.Status == DrawnGame, r.Status == WhiteWins)
}

// Game is a start position and the moves played since, with the positions they lead to (the
// generic gamesearch.Record, whose methods Start, Position, At, Moves, Move, Len, Push,
// Continue, Pop, History and String it has). Push and Continue return a *MoveError saying why
// when a move is not legal, and Push an error when the game is already over (see Result). The
// zero Game is not valid: use NewGame or ParseGame. A Game is not safe for concurrent use,
// and not to be copied.
type Game struct {
	*gamesearch.Record[Position, *Position, Move]
}

// gameRules is what chess supplies to a Game's record: legality, and the end of the game by
// Game.Result.
type gameRules struct{ g *Game }

// StartFEN, Check and Over are gamesearch.RecordRules: the start written "startpos", why a
// move is not legal (a *MoveError), and the error Push returns once Result says the game is over.
func (gameRules) StartFEN() string { return StartFEN }

func (gameRules) Check(p *Position, m Move) error {
	if p.IsLegal(m) {
		return nil
	}
	if m == NoMove {
		return moveErr(m.UCI(), "a null move is not a legal move")
	}
	return moveErr(m.UCI(), "%s", p.whyIllegal(m.From(), m.To(), m.Promotion()))
}

func (r gameRules) Over(Move) error {
	if res := r.g.Result(); res.Status != Ongoing {
		return fmt.Errorf("chess: game is over: %s", res)
	}
	return nil
}

// NewGame returns a game starting at start with no moves played.
func NewGame(start Position) *Game {
	g := &Game{}
	g.Record = gamesearch.NewRecord[Position, *Position, Move](start, gameRules{g})
	return g
}

// ParseGame reads a game in the form of a UCI position command's arguments:
// "startpos", "startpos moves e2e4 e7e5" or "fen <FEN> moves ..." (a leading "position" is
// allowed). Moves may be in UCI or SAN. It returns an error naming the first bad FEN field or
// the first move that is not legal, with its number.
func ParseGame(s string) (*Game, error) {
	return gamesearch.ParseRecord(s, Start(), ParseFEN, NewGame, wordGameError)
}

// Repetitions returns how many times the current position has occurred in the game, counting
// the start position and the current one (FIDE Laws 9.2: same side to move, pieces, castling
// rights and possible en passant captures).
func (g *Game) Repetitions() int {
	n, _ := g.Occurrences(0, (*Position).samePosition)
	return n
}

// samePosition reports equality in the sense of FIDE Laws 9.2.3 (clocks ignored).
func (p *Position) samePosition(q *Position) bool {
	return p.hash == q.hash && p.kinds == q.kinds && p.colors == q.colors && p.side == q.side &&
		p.castle == q.castle && p.ep == q.ep
}

// Result returns the state of the game at the current position, in this order of precedence:
// checkmate (so a mate on the 100th half-move wins, FIDE 9.3), stalemate, insufficient material,
// the fifty-move rule (half-move clock >= 100) and threefold repetition (the start position
// counts). The fifty-move and threefold draws are claimable under FIDE Laws 9.2/9.3; Result
// treats them as ending the game, as engines and servers do.
func (g *Game) Result() Result {
	p := g.Position()
	return p.result(g.Repetitions())
}

func (p *Position) result(reps int) Result {
	if !p.HasLegalMove() {
		if p.InCheck() {
			if p.side == White {
				return Result{BlackWins, Checkmate}
			}
			return Result{WhiteWins, Checkmate}
		}
		return Result{DrawnGame, Stalemate}
	}
	if p.InsufficientMaterial() {
		return Result{DrawnGame, InsufficientMaterial}
	}
	if p.halfmove >= 100 {
		return Result{DrawnGame, FiftyMoveRule}
	}
	if reps >= 3 {
		return Result{DrawnGame, ThreefoldRepetition}
	}
	return Result{}
}

// SANMoves returns the moves played in SAN, oldest first.
func (g *Game) SANMoves() []string {
	out := make([]string, g.Len())
	for i := range out {
		p := g.At(i)
		out[i] = p.SAN(g.Move(i))
	}
	return out
}

// gameError is a ParseGame error, worded with the package prefix once: the FEN's own error,
// "chess: game: " and what does not fit around it, or "chess: game: move N "TEXT": reason"
// for a move.
type gameError struct{ *gamesearch.RecordError }

func wordGameError(e *gamesearch.RecordError) error { return gameError{e} }

func (g gameError) Error() string {
	var me *MoveError
	var fe *FENError
	switch {
	case g.Move == 0 && errors.As(g.Err, &fe):
		return g.Err.Error()
	case g.Move == 0:
		return "chess: game: " + g.Err.Error()
	case errors.As(g.Err, &me):
		return fmt.Sprintf("chess: game: move %d %s", g.Move, me.Describe())
	}
	return fmt.Sprintf("chess: game: move %d: %v", g.Move, g.Err)
}
