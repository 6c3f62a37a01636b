package chess

import (
	"errors"
	"fmt"
	"strings"

	"github.com/cotuong-ai/cotuong/gamesearch"
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
	switch r.Status {
	case WhiteWins:
		return "1-0"
	case BlackWins:
		return "0-1"
	case DrawnGame:
		return "1/2-1/2"
	}
	return "*"
}

// Game is a start position and the moves played since. The zero Game is not valid: use
// NewGame or ParseGame.
type Game struct {
	positions []Position // positions[0] is the start, positions[i] the position after i moves
	moves     []Move
}

// NewGame returns a game starting at start with no moves played.
func NewGame(start Position) *Game {
	return &Game{positions: []Position{start}}
}

// ParseGame reads a game in the form of a UCI position command's arguments:
// "startpos", "startpos moves e2e4 e7e5" or "fen <FEN> moves ..." (a leading "position" is
// allowed). Moves may be in UCI or SAN. It returns an error naming the first bad FEN field or
// the first move that is not legal, with its number.
func ParseGame(s string) (*Game, error) {
	f := strings.Fields(s)
	if len(f) > 0 && f[0] == "position" {
		f = f[1:]
	}
	if len(f) == 0 {
		return nil, fmt.Errorf("chess: game: empty, want \"startpos\" or \"fen <FEN>\"")
	}
	var start Position
	rest := f[1:]
	switch f[0] {
	case "startpos":
		start = Start()
	case "fen":
		i := 0
		for i < len(rest) && rest[i] != "moves" {
			i++
		}
		var err error
		if start, err = ParseFEN(strings.Join(rest[:i], " ")); err != nil {
			return nil, err
		}
		rest = rest[i:]
	default:
		return nil, fmt.Errorf("chess: game: %q, want \"startpos\" or \"fen\"", f[0])
	}
	g := NewGame(start)
	if len(rest) == 0 {
		return g, nil
	}
	if rest[0] != "moves" {
		return nil, fmt.Errorf("chess: game: %q after the position, want \"moves\"", rest[0])
	}
	for i, ms := range rest[1:] {
		pos := g.Position()
		m, err := pos.ParseMove(ms)
		if err == nil {
			err = g.Push(m)
		}
		if err != nil {
			return nil, &gameMoveErr{n: i + 1, err: err}
		}
	}
	return g, nil
}

// String returns the game in the form ParseGame reads, with UCI moves.
func (g *Game) String() string {
	var b strings.Builder
	start := g.positions[0]
	if start.FEN() == StartFEN {
		b.WriteString("startpos")
	} else {
		b.WriteString("fen ")
		b.WriteString(start.FEN())
	}
	if len(g.moves) > 0 {
		b.WriteString(" moves")
		for _, m := range g.moves {
			b.WriteByte(' ')
			b.WriteString(m.UCI())
		}
	}
	return b.String()
}

// Start returns the start position.
func (g *Game) Start() Position { return g.positions[0] }

// Position returns the current position.
func (g *Game) Position() Position { return g.positions[len(g.positions)-1] }

// Moves returns a copy of the moves played, oldest first.
func (g *Game) Moves() []Move { return append([]Move(nil), g.moves...) }

// Len returns the number of moves (plies) played.
func (g *Game) Len() int { return len(g.moves) }

// Push plays m. It returns a *MoveError saying why when m is not legal, and an error when the
// game is already over (see Result).
func (g *Game) Push(m Move) error {
	if r := g.Result(); r.Status != Ongoing {
		return fmt.Errorf("chess: game is over: %s", r)
	}
	return g.Continue(m)
}

// Continue plays m like Push, but also after the game has ended by a rule that leaves legal
// moves (threefold repetition, the fifty-move rule, insufficient material): a GUI or a UCI
// "position ... moves" may play on. It returns a *MoveError, and changes nothing, when m is
// not legal. Result then judges the game as it stands after m.
func (g *Game) Continue(m Move) error {
	p := g.Position()
	if !p.IsLegal(m) {
		if m == NoMove {
			return moveErr(m.UCI(), "a null move is not a legal move")
		}
		return moveErr(m.UCI(), "%s", p.whyIllegal(m.From(), m.To(), m.Promotion()))
	}
	g.positions = append(g.positions, p.Play(m))
	g.moves = append(g.moves, m)
	return nil
}

// Pop takes back the last move and returns it; ok is false when no move has been played.
func (g *Game) Pop() (Move, bool) {
	if len(g.moves) == 0 {
		return NoMove, false
	}
	m := g.moves[len(g.moves)-1]
	g.moves = g.moves[:len(g.moves)-1]
	g.positions = g.positions[:len(g.positions)-1]
	return m, true
}

// History returns the positions before the current one, oldest first, as the search wants them
// for repetition detection.
func (g *Game) History() []gamesearch.HistoryEntry {
	h := make([]gamesearch.HistoryEntry, len(g.positions)-1)
	for i := range h {
		h[i] = gamesearch.HistoryEntry{Hash: g.positions[i].hash, InCheck: g.positions[i].InCheck()}
	}
	return h
}

// Repetitions returns how many times the current position has occurred in the game, counting
// the start position and the current one (FIDE Laws 9.2: same side to move, pieces, castling
// rights and possible en passant captures).
func (g *Game) Repetitions() int {
	cur := &g.positions[len(g.positions)-1]
	n := 1
	// Positions before the last capture or pawn move cannot repeat the current one.
	lo := len(g.positions) - 1 - int(cur.halfmove)
	if lo < 0 {
		lo = 0
	}
	for i := len(g.positions) - 3; i >= lo; i -= 2 {
		if g.positions[i].samePosition(cur) {
			n++
		}
	}
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
	out := make([]string, len(g.moves))
	for i, m := range g.moves {
		out[i] = g.positions[i].SAN(m)
	}
	return out
}

// gameMoveErr is a ParseGame error for its n-th move, wrapping the *MoveError without
// repeating the package prefix.
type gameMoveErr struct {
	n   int
	err error
}

func (g *gameMoveErr) Error() string {
	var me *MoveError
	if errors.As(g.err, &me) {
		return fmt.Sprintf("chess: game: move %d %s", g.n, me.Describe())
	}
	return fmt.Sprintf("chess: game: move %d: %v", g.n, g.err)
}

func (g *gameMoveErr) Unwrap() error { return g.err }
