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
	MoveLimit                   // no capture for the move limit (120 plies by default)
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

// Game is a start position and the moves played since, with the positions they lead to. It
// decides the result of the game (Result), so frontends never judge results themselves.
// A Game is not safe for concurrent use.
type Game struct {
	positions []Position // positions[i] is the position after i moves
	moves     []Move
	repCount  int
}

// NewGame starts a game from start (its move limit is kept).
func NewGame(start Position) *Game {
	return &Game{positions: []Position{start}, repCount: DefaultRepetitionCount}
}

// ParseGame reads a game written as "startpos" or "fen <FEN>", optionally followed by
// "moves" and moves (UCI "h2e2"; ICCS and WXF are accepted too), as UCI's "position" command
// writes them (a leading "position" is allowed). Errors name the failing part.
func ParseGame(s string) (*Game, error) {
	tok := strings.Fields(s)
	if len(tok) > 0 && tok[0] == "position" {
		tok = tok[1:]
	}
	if len(tok) == 0 {
		return nil, errors.New(`xiangqi: game: empty, want "startpos" or "fen <FEN>" then "moves ..."`)
	}
	var start Position
	i := 0
	switch tok[0] {
	case "startpos":
		start = Start()
		i = 1
	case "fen":
		j := 1
		for j < len(tok) && tok[j] != "moves" {
			j++
		}
		var err error
		start, err = ParseFEN(strings.Join(tok[1:j], " "))
		if err != nil {
			return nil, fmt.Errorf("xiangqi: game: %w", err)
		}
		i = j
	default:
		return nil, fmt.Errorf("xiangqi: game: starts with %q, want \"startpos\" or \"fen\"", tok[0])
	}
	g := NewGame(start)
	if i < len(tok) {
		if tok[i] != "moves" {
			return nil, fmt.Errorf("xiangqi: game: unexpected %q, want \"moves\"", tok[i])
		}
		for n, ms := range tok[i+1:] {
			if _, err := g.PushString(ms); err != nil {
				return nil, gameMoveError(n+1, ms, err)
			}
		}
	}
	return g, nil
}

// String writes the game in the form ParseGame reads: "startpos moves h2e2 h9g7" or
// "fen <FEN> moves ..." (no "moves" part when no move has been played).
func (g *Game) String() string {
	var sb strings.Builder
	start := g.positions[0]
	if f := start.FEN(); f == StartFEN {
		sb.WriteString("startpos")
	} else {
		sb.WriteString("fen ")
		sb.WriteString(f)
	}
	if len(g.moves) > 0 {
		sb.WriteString(" moves")
		for _, m := range g.moves {
			sb.WriteByte(' ')
			sb.WriteString(m.UCI())
		}
	}
	return sb.String()
}

// Start returns the start position.
func (g *Game) Start() Position { return g.positions[0] }

// Position returns the current position.
func (g *Game) Position() Position { return g.positions[len(g.positions)-1] }

// Moves returns a copy of the moves played, in order.
func (g *Game) Moves() []Move { return append([]Move(nil), g.moves...) }

// Len returns the number of moves (plies) played.
func (g *Game) Len() int { return len(g.moves) }

// Push plays m. It returns an error, and changes nothing, when the game is over or m is not
// legal (the error says why).
func (g *Game) Push(m Move) error {
	if r := g.Result(); r.Over() {
		return &MoveError{Move: m.UCI(), UCI: m.UCI(), Reason: fmt.Sprintf("the game is over (%s)", r)}
	}
	return g.Continue(m)
}

// Continue plays m like Push, but also after the game has ended by a rule that leaves legal
// moves (repetition, the move limit, material): a GUI or a UCI "position ... moves" may play
// on. It returns a *MoveError, and changes nothing, when m is not legal. Result then judges
// the game as it stands after m.
func (g *Game) Continue(m Move) error {
	cur := &g.positions[len(g.positions)-1]
	if err := cur.whyIllegal(m); err != nil {
		return err
	}
	g.positions = append(g.positions, cur.Play(m))
	g.moves = append(g.moves, m)
	return nil
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

// Pop takes back the last move and returns it; false when no move has been played.
func (g *Game) Pop() (Move, bool) {
	if len(g.moves) == 0 {
		return NoMove, false
	}
	m := g.moves[len(g.moves)-1]
	g.moves = g.moves[:len(g.moves)-1]
	g.positions = g.positions[:len(g.positions)-1]
	return m, true
}

// History returns the positions before the current one, oldest first, as the search wants
// them: Zobrist key, whether the side to move was in check, and what the move played from it
// threatened (Position.MoveThreats; filled only since the last capture, as no repetition
// reaches further back).
func (g *Game) History() []gamesearch.HistoryEntry {
	n := len(g.positions) - 1
	h := make([]gamesearch.HistoryEntry, n)
	since := n - int(g.positions[n].clock) - 1
	for i := range h {
		h[i] = gamesearch.HistoryEntry{Hash: g.positions[i].Hash(), InCheck: g.positions[i].InCheck()}
		if i >= since {
			l := chases(&g.positions[i], &g.positions[i+1], g.moves[i])
			h[i].Threats = encodeThreats(g.moves[i], l.set())
		}
	}
	return h
}

// SetMoveLimit sets the no-capture draw limit, in plies, for the whole game (see
// Position.SetMoveLimit; 0 turns the rule off). The default is DefaultMoveLimit (120).
func (g *Game) SetMoveLimit(plies int) {
	for i := range g.positions {
		g.positions[i].SetMoveLimit(plies)
	}
}

// MoveLimit returns the no-capture draw limit in plies (0: off).
func (g *Game) MoveLimit() int { return g.positions[0].MoveLimit() }

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
//  3. MoveLimit plies without a capture: drawn by MoveLimit;
//  4. neither side has a chariot, horse, cannon or soldier: drawn by InsufficientMaterial.
func (g *Game) Result() Result {
	n := len(g.positions) - 1
	cur := &g.positions[n]
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
	if cur.limit != 0 && cur.clock >= cur.limit {
		return Result{Status: DrawnGame, Reason: MoveLimit}
	}
	if cur.insufficient() {
		return Result{Status: DrawnGame, Reason: InsufficientMaterial}
	}
	return Result{}
}

// repetition applies rule 2 of Result.
func (g *Game) repetition() (Result, bool) {
	n := len(g.positions) - 1
	cur := &g.positions[n]
	h := cur.Hash()
	count, first := 1, n
	// Positions before the last capture cannot repeat the current one; the clock bounds the
	// scan (but a FEN clock may claim more plies than the game holds).
	lo := max(n-int(cur.clock), 0)
	for i := n - 2; i >= lo && count < g.repCount; i -= 2 {
		if g.positions[i].Hash() == h && g.positions[i].board == cur.board {
			count++
			first = i
		}
	}
	if count < g.repCount {
		return Result{}, false
	}
	plies := make([]cyclePly, 0, n-first)
	lists := make([]chaseList, 0, n-first)
	for i := first + 1; i <= n; i++ {
		m := g.moves[i-1]
		l := chases(&g.positions[i-1], &g.positions[i], m)
		lists = append(lists, l)
		plies = append(plies, cyclePly{from: m.From(), to: m.To(), check: g.positions[i].InCheck(), chased: l.set()})
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
		pos := &g.positions[first+1+r.lastChase]
		atk := lists[r.lastChase].attackerOf(r.victim)
		res.Perpetual = Perpetual{Attacker: pos.board[atk%NumSquares], AttackerAt: atk, Target: pos.board[r.victim], TargetAt: r.victim}
		return res
	}
	pos := &g.positions[first+1+r.lastCheck]
	k := pos.gen[pos.side]
	atk := attackersOf(&pos.board, k, winner.Other()).first()
	if atk == NoSquare {
		atk = pos.gen[winner.Other()] // the facing general
	}
	res.Perpetual = Perpetual{Attacker: pos.board[atk], AttackerAt: atk, Target: pos.board[k], TargetAt: k}
	return res
}

// gameMoveErr is a ParseGame error for its n-th move, wrapping the *MoveError without
// repeating the package prefix.
type gameMoveErr struct {
	n    int
	text string
	err  error
}

func gameMoveError(n int, text string, err error) error {
	return &gameMoveErr{n: n, text: text, err: err}
}

func (g *gameMoveErr) Error() string {
	var me *MoveError
	if errors.As(g.err, &me) {
		name := g.text
		if me.UCI != "" && !strings.EqualFold(me.UCI, g.text) {
			name += " = " + me.UCI
		}
		return fmt.Sprintf("xiangqi: game: move %d (%s): %s", g.n, name, me.Reason)
	}
	return fmt.Sprintf("xiangqi: game: move %d (%s): %v", g.n, g.text, g.err)
}

func (g *gameMoveErr) Unwrap() error { return g.err }
