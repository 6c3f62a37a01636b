package engine

import (
	"context"
	"time"

	"github.com/cotuong-ai/cotuong/games/chess"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/cotuong-ai/cotuong/gamesearch"
	"golang.org/x/exp/constraints"
)

// Line is one root line of a MultiPV search.
type Line struct {
	Move  Move
	Score int // centipawns from the root side to move; mate scores ±(gamesearch.Mate-ply)
	PV    []Move
}

// SearchResult is gamesearch.Result with the game's moves packed as Move.
type SearchResult struct {
	Move     Move
	HasMove  bool
	Score    int
	Depth    int
	SelDepth int
	Nodes    int64
	Elapsed  time.Duration
	PV       []Move
	Lines    []Line
}

// NPS returns nodes per second (0 when no time has elapsed).
func (r SearchResult) NPS() int64 {
	if r.Elapsed <= 0 {
		return 0
	}
	return int64(float64(r.Nodes) / r.Elapsed.Seconds())
}

// Searcher searches positions of one variant with gamesearch. It keeps its transposition
// table between searches. It is not safe for concurrent use.
type Searcher interface {
	Variant() Variant
	// Search searches the current position of g (which must be of the engine's variant)
	// within lim. allow, when not empty, restricts the root to those moves. onIter, when
	// not nil, is called after each completed iteration.
	Search(ctx context.Context, g Game, lim gamesearch.Limits, allow []Move, onIter func(SearchResult)) SearchResult
	// Clear forgets everything learned (new game).
	Clear()
	// SetPlainEval makes the following searches evaluate plainly (true: material and
	// piece-square values only, without the game's positional terms; levels.Level.Plain) or
	// fully (false, the default). A change clears the table, whose scores came from the other
	// evaluation.
	SetPlainEval(plain bool)
	// SetNeuralEval switches the network of SearcherOptions (XiangqiNNUE or ChessNNUE) on
	// (true, the default) or off for the following searches; off, they use the classical
	// evaluation. Session.Go turns it off below full strength, so that the capped levels
	// play with the evaluation they were calibrated with. A change clears the table. It does
	// nothing when the searcher was made without a network.
	SetNeuralEval(on bool)
	// Probe returns what the transposition table knows about the current position of g
	// (UCCI "probe"), and false when it knows nothing. A stored move that is not legal in g
	// (a key collision) is dropped.
	Probe(g Game) (TableEntry, bool)
}

// TableEntry is a transposition table entry of a game's position: see gamesearch.Entry.
type TableEntry struct {
	Move    Move // the best move found, when HasMove
	HasMove bool
	Score   int // centipawns from the side to move; mate scores as gamesearch.Entry.Score
	Depth   int // plies searched
	// Lower and Upper: Score is a lower bound, an upper bound, or (both) exact.
	Lower, Upper bool
}

// SearcherOptions configures NewSearcher. The fields are those of gamesearch.Options that do
// not depend on the game's move type; zero values are gamesearch's defaults.
type SearcherOptions struct {
	HashMiB int // transposition table size in MiB (0: gamesearch.DefaultHashMiB)
	Threads int // search goroutines (Lazy SMP, gamesearch.Options.Threads); 0 or 1 means one
	// NoPruning, NoNullMove, NoLMR, NoFutility and PruneFromDepth switch the selective
	// techniques off or delay them, as the gamesearch.Options fields of the same names do
	// (for measurements of the pruning; an engine leaves them zero).
	NoPruning, NoNullMove, NoLMR, NoFutility bool
	PruneFromDepth                           int
	// ThirdOccurrence counts a repetition of a position of the game before the root only at
	// its third occurrence (gamesearch.Options.ThirdOccurrence): for analysing a game.
	ThirdOccurrence bool
	// XiangqiNNUE, when not nil, is the evaluation of xiangqi searches (UCI "Use NNUE"):
	// gamesearch.Searcher.SetNeural with it. Chess searches ignore it.
	XiangqiNNUE *xiangqi.NNUE
	// ChessNNUE, when not nil, is the evaluation of chess searches, in the same way
	// (chess.DefaultNNUE is the one shipped with games/chess). Xiangqi searches ignore it.
	ChessNNUE *chess.NNUE
}

// options returns o as gamesearch.Options calling onIter after each iteration.
func options[M constraints.Integer](o SearcherOptions, onIter func(gamesearch.Result[M])) gamesearch.Options[M] {
	return gamesearch.Options[M]{HashMiB: o.HashMiB, Threads: o.Threads, NoPruning: o.NoPruning,
		NoNullMove: o.NoNullMove, NoLMR: o.NoLMR, NoFutility: o.NoFutility,
		PruneFromDepth: o.PruneFromDepth, ThirdOccurrence: o.ThirdOccurrence, OnIteration: onIter}
}

// NewSearcher returns a Searcher for v configured by o.
func NewSearcher(v Variant, o SearcherOptions) Searcher {
	if v == Xiangqi {
		return xiangqiRules.searcher(o)
	}
	return chessRules.searcher(o)
}

// searcher is the generic Searcher: one gamesearch.Searcher, its table kept between
// searches, restricted roots included (gamesearch.Limits.RootMoves).
type searcher[P any, PP gamesearch.PositionPtr[P, M], M constraints.Integer] struct {
	variant Variant
	s       *gamesearch.Searcher[P, PP, M]
	plain   bool                    // SetPlainEval
	nn      gamesearch.Neural[P, M] // the network of the options, nil without one
	nnOff   bool                    // SetNeuralEval(false)
	cb      func(gamesearch.Result[M])
	// root returns the current position and history of a game of this variant.
	root func(g Game) (P, []gamesearch.HistoryEntry)
}

func newSearcher[P any, PP gamesearch.PositionPtr[P, M], M constraints.Integer](v Variant, o SearcherOptions, root func(Game) (P, []gamesearch.HistoryEntry)) *searcher[P, PP, M] {
	e := &searcher[P, PP, M]{variant: v, root: root}
	e.s = gamesearch.New[P, PP, M](options(o, e.iteration))
	if e.nn = neural[P, M](o); e.nn != nil {
		e.s.SetNeural(e.nn)
	}
	return e
}

// neural returns the network of o for the game of P and M (XiangqiNNUE or ChessNNUE), or
// nil when o has none for it.
func neural[P any, M constraints.Integer](o SearcherOptions) gamesearch.Neural[P, M] {
	if n, ok := any(o.XiangqiNNUE).(gamesearch.Neural[P, M]); ok && o.XiangqiNNUE != nil {
		return n
	}
	if n, ok := any(o.ChessNNUE).(gamesearch.Neural[P, M]); ok && o.ChessNNUE != nil {
		return n
	}
	return nil
}

func (e *searcher[P, PP, M]) iteration(r gamesearch.Result[M]) {
	if e.cb != nil {
		e.cb(r)
	}
}

func (e *searcher[P, PP, M]) Variant() Variant { return e.variant }

func (e *searcher[P, PP, M]) Clear() { e.s.Clear() }

func (e *searcher[P, PP, M]) SetPlainEval(plain bool) {
	if plain != e.plain {
		e.s.Clear()
	}
	e.plain = plain
}

func (e *searcher[P, PP, M]) SetNeuralEval(on bool) {
	if e.nn == nil || on == !e.nnOff {
		return
	}
	e.nnOff = !on
	e.s.Clear()
	if on {
		e.s.SetNeural(e.nn)
	} else {
		e.s.SetNeural(nil)
	}
}

// plainEval is the switch a game's position offers (SetPlainEval of games/xiangqi and
// games/chess).
type plainEval interface{ SetPlainEval(plain bool) }

func (e *searcher[P, PP, M]) Probe(g Game) (TableEntry, bool) {
	pos, _ := e.root(g)
	d, ok := e.s.Table().Lookup(PP(&pos).Hash())
	if !ok {
		return TableEntry{}, false
	}
	out := TableEntry{Score: d.Score, Depth: d.Depth, Lower: d.Lower, Upper: d.Upper}
	if d.HasMove {
		for _, m := range g.Legal() {
			if uint32(m) == d.Move {
				out.Move, out.HasMove = m, true
			}
		}
	}
	return out, true
}

func (e *searcher[P, PP, M]) Search(ctx context.Context, g Game, lim gamesearch.Limits, allow []Move, onIter func(SearchResult)) SearchResult {
	pos, hist := e.root(g)
	if pe, ok := any(PP(&pos)).(plainEval); ok {
		pe.SetPlainEval(e.plain)
	}
	if onIter != nil {
		e.cb = func(r gamesearch.Result[M]) { onIter(convert(r)) }
	} else {
		e.cb = nil
	}
	defer func() { e.cb = nil }()
	lim.RootMoves = nil
	if len(allow) > 0 {
		lim.RootMoves = make([]uint64, len(allow))
		for i, m := range allow {
			lim.RootMoves[i] = uint64(M(m))
		}
	}
	return convert(e.s.Search(ctx, pos, hist, lim))
}

func convert[M constraints.Integer](r gamesearch.Result[M]) SearchResult {
	out := SearchResult{Move: Move(r.Move), HasMove: r.HasMove, Score: r.Score, Depth: r.Depth,
		SelDepth: r.SelDepth, Nodes: r.Nodes, Elapsed: r.Elapsed, PV: moves(r.PV)}
	for _, l := range r.Lines {
		out.Lines = append(out.Lines, Line{Move: Move(l.Move), Score: l.Score, PV: moves(l.PV)})
	}
	if len(out.Lines) == 0 && r.HasMove {
		out.Lines = []Line{{Move: out.Move, Score: out.Score, PV: out.PV}}
	}
	return out
}

func moves[M constraints.Integer](ms []M) []Move {
	out := make([]Move, len(ms))
	for i, m := range ms {
		out[i] = Move(m)
	}
	return out
}
