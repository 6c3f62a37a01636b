package gamesearch

import "golang.org/x/exp/constraints"

// DivideEntry is one root move and the number of leaves below it (perft "divide").
type DivideEntry[M constraints.Integer] struct {
	// Move is a legal move of the root.
	Move M
	// Nodes is the number of leaves depth-1 plies below the position after Move.
	Nodes uint64
}

// MoveCounter is an optional interface for perft. CountMoves returns the number of legal moves
// of the side to move, len(LegalMoves(nil)), ideally without generating them (bulk counting:
// population counts of destination sets). Perft and Divide use it for the last ply when *P
// implements it, and count the generated move list otherwise.
type MoveCounter interface {
	CountMoves() int
}

// perfter holds the preallocated position stack and per-ply move buffers of one perft run.
type perfter[P any, PP PositionPtr[P, M], M constraints.Integer] struct {
	stack   []P
	moves   [][]M
	counter []MoveCounter // counter[i] is &stack[i] as a MoveCounter, or nil
	// stop, when not nil, is asked at every node at least stopDepth plies above the leaves;
	// once it returns true, stopped is set and the counts that follow are abandoned.
	stop    func() bool
	stopped bool
}

// stopDepth is the least remaining depth at which a stoppable perft asks whether to stop:
// such nodes are a small fraction (about one in branching-factor squared) of all nodes.
const stopDepth = 3

func newPerfter[P any, PP PositionPtr[P, M], M constraints.Integer](root P, depth int) *perfter[P, PP, M] {
	f := &perfter[P, PP, M]{stack: make([]P, depth+1), moves: make([][]M, depth+1),
		counter: make([]MoveCounter, depth+1)}
	for i := range f.moves {
		f.moves[i] = make([]M, 0, moveBufCap)
		f.counter[i], _ = any(&f.stack[i]).(MoveCounter)
	}
	f.stack[0] = root
	return f
}

// count returns the number of leaves depth plies below the position at ply (depth >= 1),
// bulk-counting the last ply (by CountMoves or the length of the move list).
func (f *perfter[P, PP, M]) count(ply, depth int) uint64 {
	if depth >= stopDepth && f.stop != nil && (f.stopped || f.stop()) {
		f.stopped = true
		return 0
	}
	if depth == 1 && f.counter[ply] != nil {
		return uint64(f.counter[ply].CountMoves())
	}
	moves := PP(&f.stack[ply]).LegalMoves(f.moves[ply][:0])
	f.moves[ply] = moves
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		PP(&f.stack[ply]).After(m, &f.stack[ply+1])
		n += f.count(ply+1, depth-1)
	}
	return n
}

// Perft counts the move paths of exactly depth plies from root (the leaves of the legal-move
// tree at that depth): a position with no legal move before that depth contributes nothing.
// Only LegalMoves, After and the optional MoveCounter are used, so rules that need no move to end the game (Drawn,
// repetition) do not stop the count. Perft(root, 0) is 1. Buffers are allocated once per
// call; nothing is allocated per node.
func Perft[P any, PP PositionPtr[P, M], M constraints.Integer](root P, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	return newPerfter[P, PP, M](root, depth).count(0, depth)
}

// Divide returns, for each legal move of root in LegalMoves order, the perft count of depth-1
// plies below it (the sum of the counts is Perft(root, depth)). It returns nil when
// depth < 1.
func Divide[P any, PP PositionPtr[P, M], M constraints.Integer](root P, depth int) []DivideEntry[M] {
	if depth < 1 {
		return nil
	}
	f := newPerfter[P, PP, M](root, depth)
	rootMoves := PP(&f.stack[0]).LegalMoves(nil)
	out := make([]DivideEntry[M], 0, len(rootMoves))
	for _, m := range rootMoves {
		n := uint64(1)
		if depth > 1 {
			PP(&f.stack[0]).After(m, &f.stack[1])
			n = f.count(1, depth-1)
		}
		out = append(out, DivideEntry[M]{Move: m, Nodes: n})
	}
	return out
}

// DivideFunc is Divide for long counts: it calls fn with each root move's entry as soon as it
// is counted, and asks stop (when not nil) from time to time, at nodes three or more plies
// above the leaves. When stop returns true it abandons the count and returns false; fn has
// then been called only for the root moves counted in full. It returns true when every
// root move was counted (and for depth < 1, where there is nothing to count).
func DivideFunc[P any, PP PositionPtr[P, M], M constraints.Integer](root P, depth int, stop func() bool, fn func(DivideEntry[M])) bool {
	if depth < 1 {
		return true
	}
	f := newPerfter[P, PP, M](root, depth)
	f.stop = stop
	for _, m := range PP(&f.stack[0]).LegalMoves(nil) {
		n := uint64(1)
		if depth > 1 {
			PP(&f.stack[0]).After(m, &f.stack[1])
			n = f.count(1, depth-1)
		}
		if f.stopped || (stop != nil && stop()) {
			return false
		}
		fn(DivideEntry[M]{Move: m, Nodes: n})
	}
	return true
}
