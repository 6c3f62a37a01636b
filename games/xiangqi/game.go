package xiangqi

import (
	"errors"
	"fmt"
	"strings"

	"github.com/cotuong-ai/cotuong/gamesearch"
)

// DefaultRepetitionCount is the number of times a position must occur (with the same side to
// move) for Game.Result to apply the repetition rules: the third occurrence, as in the
// common "threefold" reading of the WXF/AXF rules (and the XQ17 reference case: the start
// position reached for the third time after 8 plies).
const DefaultRepetitionCount = 3

// Status is the state of a game.
type Status uint8

// Game states.
const (
	Ongoing Status = iota
	RedWins
	BlackWins
	DrawnGame
)

var statusNames = [...]string{"game in progress", "Red wins", "Black wins", "draw"}

// String returns "game in progress", "Red wins", "Black wins" or "draw".
func (s Status) String() string {
	if int(s) < len(statusNames) {
		return statusNames[s]
	}
	return fmt.Sprintf("Status(%d)", uint8(s))
}

// Reason says why a game ended.
type Reason uint8

// Reasons a game ends.
const (
	NoReason             Reason = iota
	Checkmate                   // the side to move is in check and has no legal move
	Stalemate                   // the side to move is not in check and has no legal move (a loss in xiangqi)
	PerpetualCheck              // a repetition in which one side checked with every move: that side loses
	MoveLimit                   // no capture for the move limit (120 plies by default; Position.MoveLimitPlies)
	InsufficientMaterial        // neither side has a piece that can cross the river
	Repetition                  // a repetition without a perpetual check or chase by one side only: a draw
	PerpetualChase              // a repetition in which one side chased a piece with every move: that side loses
	PerpetualCheckChase         // a repetition in which one side checked or chased with every move, mixing both: that side loses
)

var reasonNames = [...]string{"", "checkmate", "stalemate", "perpetual check", "move limit", "insufficient material",
	"repetition", "perpetual chase", "perpetual check and chase"}

// String returns the reason in lower case, e.g. "checkmate" ("" for NoReason).
func (r Reason) String() string {
	if int(r) < len(reasonNames) {
		return reasonNames[r]
	}
	return fmt.Sprintf("Reason(%d)", uint8(r))
}

// Result is the outcome of a game so far.
type Result struct {
	Status Status // Ongoing, RedWins, BlackWins or DrawnGame
	Reason Reason // why the game ended; NoReason while it is Ongoing
	// Perpetual names, for PerpetualCheck, PerpetualChase and PerpetualCheckChase, what the
	// losing side kept doing; it is the zero Perpetual for every other result.
	Perpetual Perpetual
}

// Perpetual describes the losing side's perpetual attack in a repetition ruling, as the
// board stood right after its last checking or chasing move of the cycle.
type Perpetual struct {
	Attacker   Piece  // the losing side's piece that made its last chase (or, for perpetual check, its last check)
	AttackerAt Square // where Attacker stood
	Target     Piece  // the piece it chased, the same one all through the cycle (the general for perpetual check)
	TargetAt   Square // where Target stood
}

// Over reports whether the game has ended.
func (r Result) Over() bool { return r.Status != Ongoing }

// Winner returns the winning colour, and false for a draw or a game in progress.
func (r Result) Winner() (Color, bool) {
	switch r.Status {
	case RedWins:
		return Red, true
	case BlackWins:
		return Black, true
	}
	return Red, false
}

// String describes the result: "Game in progress", "Red wins by checkmate", "Black wins by
// stalemate", "Red wins by perpetual check" (Black checked perpetually and loses),
// "Draw by repetition", "Draw by move limit", "Draw by insufficient material".
func (r Result) String() string {
	switch r.Status {
	case Ongoing:
		return "Game in progress"
	case RedWins:
		return "Red wins by " + r.Reason.String()
	case BlackWins:
		return "Black wins by " + r.Reason.String()
	case DrawnGame:
		return "Draw by " + r.Reason.String()
	}
	return fmt.Sprintf("Result(%d, %d)", r.Status, r.Reason)
}

// Explain says the result in words for the player. For a perpetual check or chase it names
// the losing side, the kind, and the pieces and squares, e.g. "Black loses: perpetual chase —
// the cannon on b2 attacked the red chariot on b7 with every move" or "Red loses: perpetual
// check — the chariot on a9 gave check with every move"; any other result reads as String.
func (r Result) Explain() string {
	loser, ok := r.Winner()
	if !ok {
		return r.String()
	}
	loser = loser.Other()
	pp := r.Perpetual
	if pp.Attacker == NoPiece {
		return r.String()
	}
	what := fmt.Sprintf("the %s on %s", pp.Attacker.Kind(), pp.AttackerAt)
	switch r.Reason {
	case PerpetualCheck:
		return fmt.Sprintf("%s loses: perpetual check — %s gave check with every move", loser, what)
	case PerpetualChase:
		return fmt.Sprintf("%s loses: perpetual chase — %s attacked the %s on %s with every move", loser, what, pp.Target, pp.TargetAt)
	case PerpetualCheckChase:
		return fmt.Sprintf("%s loses: perpetual check and chase — %s gave check or attacked the %s on %s with every move",
			loser, what, pp.Target, pp.TargetAt)
	}
	return r.String()
}

// Squares returns the squares to mark on a board for a perpetual check or chase ruling: the
// attacker's and the target's (none for other results).
func (r Result) Squares() []Square {
	if r.Perpetual.Attacker == NoPiece {
		return nil
	}
	return []Square{r.Perpetual.AttackerAt, r.Perpetual.TargetAt}
}

func winFor(c Color, why Reason) Result {
	if c == Red {
		return Result{Status: RedWins, Reason: why}
	}
	return Result{Status: BlackWins, Reason: why}
}

// Game is a start position and the moves played since, with the positions they lead to (the
// generic gamesearch.Record, whose methods Start, Position, At, Moves, Move, Len, Push,
// Continue, Pop, History and String it has). It decides the result of the game (Result), so
// frontends never judge results themselves. Push returns a *MoveError when the game is over
// or the move is not legal. A Game is not safe for concurrent use, and not to be copied.
type Game struct {
	*gamesearch.Record[Position, *Position, Move]
	repCount int
}

// gameRules is what xiangqi supplies to a Game's record: legality, and the end of the game by
// Game.Result.
type gameRules struct{ g *Game }

// StartFEN, Check and Over are gamesearch.RecordRules: the start written "startpos", why a
// move is not legal (a *MoveError), and the error Push returns once Result says the game is over.
func (gameRules) StartFEN() string                { return StartFEN }
func (gameRules) Check(p *Position, m Move) error { return p.whyIllegal(m) }

func (r gameRules) Over(m Move) error {
	if res := r.g.Result(); res.Over() {
		return &MoveError{Move: m.UCI(), UCI: m.UCI(), Reason: fmt.Sprintf("the game is over (%s)", res)}
	}
	return nil
}

// NewGame starts a game from start (its move limit is kept).
func NewGame(start Position) *Game {
	g := &Game{repCount: DefaultRepetitionCount}
	g.Record = gamesearch.NewRecord[Position, *Position, Move](start, gameRules{g})
	return g
}

// ParseGame reads a game written as "startpos" or "fen <FEN>", optionally followed by
// "moves" and moves (UCI "h2e2"; ICCS and WXF are accepted too), as UCI's "position" command
// writes them (a leading "position" is allowed). Errors name the failing part.
func ParseGame(s string) (*Game, error) {
	return gamesearch.ParseRecord(s, Start(), ParseFEN, NewGame, wordGameError)
}

// PushString parses s with the current position's ParseMove (UCI, ICCS or WXF) and plays
// it, returning the move.
func (g *Game) PushString(s string) (Move, error) {
	cur := g.Position()
	m, err := cur.ParseMove(s)
	if err != nil {
		return NoMove, err
	}
	return m, g.Push(m)
}

// SetMoveLimit sets the no-capture draw limit, in plies, for the whole game (see
// Position.SetMoveLimit; 0 turns the rule off). The default is DefaultMoveLimit (120).
func (g *Game) SetMoveLimit(plies int) {
	g.Apply(func(p *Position) { p.SetMoveLimit(plies) })
}

// MoveLimit returns the no-capture draw limit in plies (0: off).
func (g *Game) MoveLimit() int {
	start := g.Start()
	return start.MoveLimit()
}

// SetRepetitionCount sets how many times a position must occur for the repetition rules to
// end the game (at least 2; default DefaultRepetitionCount = 3).
func (g *Game) SetRepetitionCount(n int) {
	if n < 2 {
		n = 2
	}
	g.repCount = n
}

// RepetitionCount returns the number of occurrences that ends the game by repetition.
func (g *Game) RepetitionCount() int { return g.repCount }

// Result returns the state of the game at the current position, by these rules in order:
//
//  1. no legal move: the side to move loses, by Checkmate when in check, else by Stalemate;
//  2. the current position has occurred RepetitionCount times (same pieces, same side to
//     move): over the moves since the first of those occurrences, a side that checked or
//     chased with every one of its moves while the other did not loses, by PerpetualCheck,
//     PerpetualChase or PerpetualCheckChase (Result.Perpetual and Explain name the pieces);
//     a perpetual check outweighs a chase; otherwise the game is drawn by Repetition
//     (WXF/AXF rules; chases as in chase.go, the ruling as in repetition.go);
//  3. MoveLimit plies without a capture, as Position.MoveLimitPlies counts them (checks
//     beyond MoveLimitChecks by one side do not count): drawn by MoveLimit;
//  4. neither side has a chariot, horse, cannon or soldier: drawn by InsufficientMaterial.
func (g *Game) Result() Result {
	cur := g.Position()
	var buf [maxMovesPerPly]Move
	if len(cur.LegalMoves(buf[:0])) == 0 {
		if cur.InCheck() {
			return winFor(cur.side.Other(), Checkmate)
		}
		return winFor(cur.side.Other(), Stalemate)
	}
	if r, ok := g.repetition(); ok {
		return r
	}
	if cur.limitReached() {
		return Result{Status: DrawnGame, Reason: MoveLimit}
	}
	if cur.insufficient() {
		return Result{Status: DrawnGame, Reason: InsufficientMaterial}
	}
	return Result{}
}

// repetition applies rule 2 of Result.
func (g *Game) repetition() (Result, bool) {
	n := g.Len()
	cur := g.Position()
	count, first := g.Occurrences(g.repCount, func(a, b *Position) bool { return a.Hash() == b.Hash() && a.board == b.board })
	if count < g.repCount {
		return Result{}, false
	}
	plies := make([]cyclePly, 0, n-first)
	lists := make([]chaseList, 0, n-first)
	for i := first + 1; i <= n; i++ {
		m := g.Move(i - 1)
		prev, pos := g.At(i-1), g.At(i)
		l := chases(&prev, &pos, m)
		lists = append(lists, l)
		plies = append(plies, cyclePly{from: m.From(), to: m.To(), check: pos.InCheck(), chased: l.set()})
	}
	loser, usLose, decided := judgePlies(plies)
	switch {
	case !decided:
		return Result{Status: DrawnGame, Reason: Repetition}, true
	case usLose:
		return g.perpetualResult(cur.side.Other(), loser, first, lists), true
	}
	return g.perpetualResult(cur.side, loser, first, lists), true
}

// perpetualResult is the win of winner over a side that ruled r over the cycle starting
// after position first, with lists the chases of each move of the cycle.
func (g *Game) perpetualResult(winner Color, r sideRuling, first int, lists []chaseList) Result {
	res := winFor(winner, r.kind)
	if r.lastChase >= 0 {
		pos := g.At(first + 1 + r.lastChase)
		atk := lists[r.lastChase].attackerOf(r.victim)
		res.Perpetual = Perpetual{Attacker: pos.board[atk%NumSquares], AttackerAt: atk, Target: pos.board[r.victim], TargetAt: r.victim}
		return res
	}
	pos := g.At(first + 1 + r.lastCheck)
	k := pos.gen[pos.side]
	atk := attackersOf(&pos.board, k, winner.Other()).first()
	if atk == NoSquare {
		atk = pos.gen[winner.Other()] // the facing general
	}
	res.Perpetual = Perpetual{Attacker: pos.board[atk], AttackerAt: atk, Target: pos.board[k], TargetAt: k}
	return res
}

// gameError is a ParseGame error, worded with the package prefix once: "xiangqi: game: " and
// the start's error, or "xiangqi: game: move N (TEXT = UCI): reason" for a move.
type gameError struct{ *gamesearch.RecordError }

func wordGameError(e *gamesearch.RecordError) error { return gameError{e} }

func (g gameError) Error() string {
	if g.Move == 0 {
		return "xiangqi: game: " + g.Err.Error()
	}
	var me *MoveError
	if errors.As(g.Err, &me) {
		name := g.Text
		if me.UCI != "" && !strings.EqualFold(me.UCI, g.Text) {
			name += " = " + me.UCI
		}
		return fmt.Sprintf("xiangqi: game: move %d (%s): %s", g.Move, name, me.Reason)
	}
	return fmt.Sprintf("xiangqi: game: move %d (%s): %v", g.Move, g.Text, g.Err)
}
