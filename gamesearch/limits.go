package gamesearch

import (
	"time"

	"golang.org/x/exp/constraints"
)

// Limits bound one search. Whichever limit is reached first stops it; a zero Limits searches
// until the context is cancelled (or depth MaxPly-1 is completed).
type Limits struct {
	// Depth is the maximum iterative-deepening depth in plies; 0 (or less) means no cap
	// (MaxPly-1), and then a single-line search also stops once a mate for either side is
	// settled: found at least 4 plies shorter than the iteration that found it.
	Depth int
	// Time is the wall-clock budget, measured on the monotonic clock from the call of Search;
	// 0 (or less) means none. The search stops when it is spent, returning the last completed
	// iteration's move.
	Time time.Duration
	// SoftTime is the point after which no new iteration starts, measured like Time; 0 (or
	// less) means Time/2, since an iteration started later rarely completes. Set it equal to
	// Time to spend the whole budget (UCI "go movetime"), or lower for a clock's optimum time.
	SoftTime time.Duration
	// Nodes is the node limit (main-search and quiescence nodes); 0 (or less) means none.
	// With Options.Threads > 1 it caps the nodes of all search goroutines together (they
	// may overshoot it by up to 1024 nodes each, the interval at which they publish counts).
	Nodes int64
	// MultiPV is the number of root lines to search fully, best first; <= 1 means one.
	MultiPV int
	// RootMoves, when not empty, restricts the search to the legal root moves m whose
	// uint64(m) is listed (UCI "go searchmoves"; UCCI "banmoves" lists the complement).
	// Listed values that are not legal moves of the root are ignored; when none of them is
	// legal, the restriction is dropped and every legal move is searched. The restricted
	// search shares the table, history and every pruning technique with any other search.
	RootMoves []uint64
}

// Line is one principal variation from the root.
type Line[M constraints.Integer] struct {
	// Move is the first move of the line.
	Move M
	// Score is the line's score in centipawns from the root side to move; mate scores are
	// ±(Mate-ply).
	Score int
	// PV is the principal variation, starting with Move.
	PV []M
}

// Result is the outcome of a search.
//
// The slices PV and Lines (and the PV of every Line) of the Result returned by Search point
// into memory owned by the Searcher, so that a search allocates nothing: they stay valid until
// the next call of Search on the same Searcher. Use Clone to keep them longer or to hand them
// to another goroutine. The Result passed to Options.OnIteration is already a private copy.
type Result[M constraints.Integer] struct {
	// Move is the best move of the last completed iteration. When no iteration completed it
	// is the best fully searched root move of the interrupted first iteration, or else the
	// first root move in search order (Depth is then 0).
	Move M
	// HasMove is false only when the root has no legal move.
	HasMove bool
	// Score is in centipawns from the root side to move; mate scores are ±(Mate-ply). With no
	// legal move at the root it is the terminal score: -Mate when in check or when the game
	// loses on stalemate, else 0.
	Score int
	// Depth is the last completed iteration, in plies (0 if none completed).
	Depth int
	// SelDepth is the deepest ply reached, quiescence included.
	SelDepth int
	// Nodes counts the main-search and quiescence nodes visited.
	Nodes int64
	// Elapsed is the wall-clock time spent.
	Elapsed time.Duration
	// PV is the principal variation of Lines[0], starting with Move.
	PV []M
	// Lines holds the MultiPV lines, best first; Lines[0] is Move/Score/PV. It is empty when
	// the root has no legal move.
	Lines []Line[M]
}

// NPS returns the search speed in nodes per second (0 when no time was measured).
func (r Result[M]) NPS() int64 {
	if r.Elapsed <= 0 {
		return 0
	}
	return int64(float64(r.Nodes) / r.Elapsed.Seconds())
}

// Clone returns a deep copy of r whose slices share no memory with the Searcher.
func (r Result[M]) Clone() Result[M] {
	c := r
	if r.PV != nil {
		c.PV = append([]M(nil), r.PV...)
	}
	if r.Lines != nil {
		c.Lines = make([]Line[M], len(r.Lines))
		for i, l := range r.Lines {
			c.Lines[i] = Line[M]{Move: l.Move, Score: l.Score, PV: append([]M(nil), l.PV...)}
		}
		if len(c.Lines) > 0 {
			c.PV = c.Lines[0].PV
		}
	}
	return c
}

// Options configure a Searcher.
type Options[M constraints.Integer] struct {
	// HashMiB is the transposition table size in MiB (DefaultHashMiB when 0).
	HashMiB int
	// Table is an optional table shared with other Searchers (Lazy SMP); it overrides HashMiB.
	Table *Table
	// OnIteration, if not nil, is called on the searching goroutine after each completed
	// iteration with a private copy of the result so far (for UCI "info" lines and the app).
	OnIteration func(Result[M])

	// NoPruning switches off every selective technique that can change the value of a
	// fixed-depth search: null-move pruning, late move reductions (with late move pruning,
	// internal iterative reduction and the bound on the check extension) and futility
	// pruning (with reverse futility and SEE pruning, in quiescence too). The score of each completed iteration is then the exact negamax value (with quiescence) at
	// that depth, as plain alpha-beta gives; PVS, aspiration windows, the table and move
	// ordering never change it. The techniques are on by default.
	NoPruning bool
	// NoNullMove switches off null-move pruning alone. Null-move pruning is used only when *P
	// implements NullMover.
	NoNullMove bool
	// NoLMR switches off late move reductions, late move pruning, internal iterative
	// reduction and the bound on the check extension (a side in check is then always
	// extended by one ply).
	NoLMR bool
	// NoStaged switches off the game's staged move generation (StagedMover): the move picker
	// then splits LegalMoves into its stages, as for a game without StagedMover. Moves of
	// equal ordering key may then come in another order, so the selective search may visit
	// another tree; with NoPruning both give the same scores.
	NoStaged bool
	// NoFutility switches off reverse futility pruning, futility pruning and SEE pruning
	// (losing captures and moves to attacked squares at shallow depth; losing captures in
	// quiescence), and the ordering of losing captures after the quiet moves.
	NoFutility bool
	// PruneFromDepth is the first iterative-deepening iteration (depth in plies) that uses
	// the selective techniques; the shallower iterations are exact alpha-beta searches, so a
	// mate in N moves is found by an iteration of depth 2N-1 < PruneFromDepth as without
	// pruning (forward pruning can hide a mate threat just behind the horizon). 0 means
	// DefaultPruneFromDepth; 1 prunes from the first iteration.
	PruneFromDepth int
	// ThirdOccurrence makes a position of the game before the root count as repeated only at
	// its third occurrence, the count at which the rules end a game (WXF and FIDE alike), as
	// Stockfish's search counts it: reaching again a position the game has seen once is then
	// its second occurrence and scores nothing. Off (the default), reaching it again scores
	// as a repetition at once, as one on the search path does: in play that steers a winning
	// side away from positions the game has already seen. An analysis of a finished game
	// sets it, so that a side that could return to such a position is not scored a draw
	// the rules do not give it. Repetitions on the search path are counted alike either way.
	ThirdOccurrence bool
	// Threads is the number of search goroutines (Lazy SMP); 0 or 1 means one. The extra
	// helper goroutines search the same root to slightly different depths, sharing the
	// transposition table, and stop together with the main one; the result is the main
	// goroutine's, but Result.Nodes, the progress reports (OnIteration) and the node limit
	// (Limits.Nodes) count the nodes of all goroutines together. The helpers' Searchers are
	// allocated once, on the first search with more than one thread.
	Threads int
}

// DefaultPruneFromDepth is the first iteration that prunes when Options.PruneFromDepth is 0:
// iterations 1 to 3 are exact, so mates in 1 or 2 moves are always found at depth 2N-1.
// (Measured: starting at 4 rather than 6 gains about 100 Elo in xiangqi at 50 ms a move;
// exact iterations up to 5 cost 1.5 times the nodes to depth 7-8.)
const DefaultPruneFromDepth = 4
