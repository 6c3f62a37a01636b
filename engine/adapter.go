package engine

import (
	"context"
	"fmt"

	"github.com/cotuong-ai/cotuong/gamesearch"
)

// move is what adapter needs of a game package's Move.
type move = gamesearch.RecordMove

// position is what adapter needs of a game package's *Position.
type position[P any, M move] interface {
	gamesearch.Position[P, M]
	gamesearch.RecordPosition[P, M]
	IsLegal(m M) bool
	ParseMove(s string) (M, error)
	Perft(depth int) uint64
}

// rules holds what differs between the games; everything else is written once, in adapter.
// The hooks that take a *P are given the adapter's own copy of the current position.
type rules[P any, PP position[P, M], M move] struct {
	variant  Variant
	start    func() P
	parseFEN func(fen string) (P, error)
	// newGame starts the game package's Game at start: its record, and its verdict on the
	// game so far mapped with statusResult.
	newGame  func(start P) (*gamesearch.Record[P, PP, M], func() Result)
	side     func(p *P) Side
	sideName func(s Side) string
	notation func(p *P, m M) string               // SAN, WXF
	local    func(p *P, m M, style string) string // nil: Notation for every style
	files    int
	ranks    int
	at       func(p *P, file, rank int) Square // file and rank on the board
}

// adapter is the Game of one game package: g is its record, result its verdict. cur is a copy
// of g.Position(), refreshed whenever g changes, so that reads call the position's methods
// without copying it each time.
type adapter[P any, PP position[P, M], M move] struct {
	r      *rules[P, PP, M]
	g      *gamesearch.Record[P, PP, M]
	result func() Result
	cur    P
}

func (r *rules[P, PP, M]) wrap(p P) *adapter[P, PP, M] {
	x := &adapter[P, PP, M]{r: r}
	x.g, x.result = r.newGame(p)
	x.cur = x.g.Position()
	return x
}

func (r *rules[P, PP, M]) new() *adapter[P, PP, M] { return r.wrap(r.start()) }

func (r *rules[P, PP, M]) fromFEN(fen string) (*adapter[P, PP, M], error) {
	p, err := r.parseFEN(fen)
	if err != nil {
		return nil, err
	}
	return r.wrap(p), nil
}

func (r *rules[P, PP, M]) parse(s string) (Game, error) {
	fen, ms, err := ParseSpec(s)
	if err != nil {
		return nil, err
	}
	g := r.new()
	if fen != "" {
		if g, err = r.fromFEN(fen); err != nil {
			return nil, err
		}
	}
	return g, pushAll(g, ms)
}

// searcher returns a Searcher whose roots are games made by r.
func (r *rules[P, PP, M]) searcher(o SearcherOptions) Searcher {
	return newSearcher[P, PP, M](r.variant, o, func(g Game) (P, []gamesearch.HistoryEntry) {
		x := g.(*adapter[P, PP, M])
		return x.g.Position(), x.g.History()
	})
}

// pushAll plays the moves in order with Continue, naming the first one that fails.
func pushAll(g Game, ms []string) error {
	for i, s := range ms {
		m, err := g.ParseMove(s)
		if err == nil {
			err = g.Continue(m)
		}
		if err != nil {
			return &GameMoveError{N: i + 1, Err: err}
		}
	}
	return nil
}

// statusResult maps a game package's status to a Result: firstWins, secondWins and drawn are
// that package's constants; any other status is a game in progress. text is its description.
func statusResult[S comparable](status S, text string, firstWins, secondWins, drawn S) Result {
	out := Result{Text: text, Short: "*"}
	switch status {
	case firstWins:
		out.Over, out.Winner, out.Short = true, First, "1-0"
	case secondWins:
		out.Over, out.Winner, out.Short = true, Second, "0-1"
	case drawn:
		out.Over, out.Draw, out.Short = true, true, "1/2-1/2"
	}
	return out
}

// pos returns the current position; it is the adapter's copy, not to be changed.
func (x *adapter[P, PP, M]) pos() PP { return &x.cur }

func (x *adapter[P, PP, M]) Variant() Variant { return x.r.variant }

func (x *adapter[P, PP, M]) Clone() Game {
	c := x.r.wrap(x.g.Start())
	for _, m := range x.g.Moves() {
		_ = c.Continue(Move(m)) // replaying legal moves of the same start cannot fail
	}
	return c
}

// Continue plays m like Push, but when the game is already over by a rule that leaves legal
// moves (repetition, move limit, fifty-move rule, insufficient material) it plays on: a GUI
// may continue past the point where this package's rules end the game. The search still
// sees the whole history.
func (x *adapter[P, PP, M]) Continue(m Move) error {
	if err := x.g.Continue(M(m)); err != nil {
		return err
	}
	x.cur = x.g.Position()
	return nil
}

func (x *adapter[P, PP, M]) FEN() string { return x.pos().FEN() }
func (x *adapter[P, PP, M]) StartFEN() string {
	s := x.g.Start()
	return PP(&s).FEN()
}

func (x *adapter[P, PP, M]) String() string { return x.g.String() }

func (x *adapter[P, PP, M]) SideToMove() Side { return x.r.side(&x.cur) }

func (x *adapter[P, PP, M]) SideName(s Side) string { return x.r.sideName(s) }

func (x *adapter[P, PP, M]) Legal() []Move { return moves(x.pos().LegalMoves(nil)) }

func (x *adapter[P, PP, M]) ParseMove(s string) (Move, error) {
	m, err := x.pos().ParseMove(s)
	if err != nil {
		return 0, err
	}
	return Move(m), nil
}

func (x *adapter[P, PP, M]) ParseUCI(s string) (Move, error) {
	m, err := x.pos().ParseMove(s)
	if err != nil {
		return 0, err
	}
	if u := m.UCI(); u != s {
		return 0, fmt.Errorf("%q is not a move in UCI coordinates (it reads as %s)", s, u)
	}
	return Move(m), nil
}

func (x *adapter[P, PP, M]) Push(m Move) error {
	if err := x.g.Push(M(m)); err != nil {
		return err
	}
	x.cur = x.g.Position()
	return nil
}

func (x *adapter[P, PP, M]) Pop() (Move, bool) {
	m, ok := x.g.Pop()
	if ok {
		x.cur = x.g.Position()
	}
	return Move(m), ok
}

func (x *adapter[P, PP, M]) Len() int { return x.g.Len() }

func (x *adapter[P, PP, M]) Moves() []string {
	var out []string
	for _, m := range x.g.Moves() {
		out = append(out, m.UCI())
	}
	return out
}

func (x *adapter[P, PP, M]) InCheck() bool { return x.pos().InCheck() }

func (x *adapter[P, PP, M]) LossOnStalemate() bool { return x.pos().LossOnStalemate() }

func (x *adapter[P, PP, M]) Result() Result { return x.result() }

func (x *adapter[P, PP, M]) UCI(m Move) string { return M(m).UCI() }

func (x *adapter[P, PP, M]) Notation(m Move) string { return x.r.notation(&x.cur, M(m)) }

func (x *adapter[P, PP, M]) Local(m Move, style string) string {
	if x.r.local == nil {
		return x.Notation(m)
	}
	return x.r.local(&x.cur, M(m), style)
}

func (x *adapter[P, PP, M]) Files() int { return x.r.files }
func (x *adapter[P, PP, M]) Ranks() int { return x.r.ranks }

func (x *adapter[P, PP, M]) At(file, rank int) Square {
	if file < 0 || file >= x.r.files || rank < 0 || rank >= x.r.ranks {
		return Square{Empty: true}
	}
	return x.r.at(&x.cur, file, rank)
}

func (x *adapter[P, PP, M]) Perft(depth int) uint64 { return x.pos().Perft(depth) }

func (x *adapter[P, PP, M]) Divide(depth int) []DivideEntry {
	var out []DivideEntry
	x.DivideContext(context.Background(), depth, func(d DivideEntry) { out = append(out, d) })
	return out
}
func (x *adapter[P, PP, M]) DivideContext(ctx context.Context, depth int, fn func(DivideEntry)) bool {
	return gamesearch.DivideFunc[P, PP, M](x.cur, depth, func() bool { return ctx.Err() != nil },
		func(d gamesearch.DivideEntry[M]) { fn(DivideEntry{Move: d.Move.UCI(), Nodes: d.Nodes}) })
}

// history returns the number of history entries the search is given (tests).
func (x *adapter[P, PP, M]) history() int { return len(x.g.History()) }
