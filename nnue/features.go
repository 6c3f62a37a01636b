package nnue

import "fmt"

// FeatureSet is what a game implements to use a network: it maps a position
// of type P, seen from one side, to a sparse set of active binary inputs, and
// a move of type M to the change in that set.
//
// Sides are 0 (the first player: White, Red) and 1 (the second). A
// perspective is a side's view of the board: the same position seen by side
// 1 is usually the colour-flipped (and, for xiangqi, rank-flipped) image of
// what side 0 sees, so that one set of first-layer weights serves both sides
// (HalfKP-like sets add the own king's square or bucket to each index).
//
// Indices are in [0, Inputs()). Methods append to the caller's slices and must
// not allocate when those have room. They must be consistent: for every
// position p, move m and side s, if Changes(p, m, s) reports no refresh then
// Active(after m, s) equals Active(p, s) plus added minus removed, as
// multisets. A move that changes what every feature of a perspective means
// (e.g. the king leaving its bucket) reports refresh for that perspective.
type FeatureSet[P, M any] interface {
	// Name identifies the set and its version (e.g. "xiangqi-psq-1260").
	// It is written in weight files; Load refuses a network trained for
	// another name. At most 255 bytes.
	Name() string
	// Inputs is N, the number of input features per perspective.
	Inputs() int
	// Active appends the indices of pos's active features seen from side to
	// dst and returns the extended slice.
	Active(pos *P, side int, dst []int) []int
	// Changes reports, for the move m from pos (the position before the
	// move) and side's perspective, the features the move turns on (appended
	// to added) and off (appended to removed), or refresh = true when the
	// perspective must be recomputed from the position after the move, in
	// which case added and removed are returned unchanged.
	Changes(pos *P, m M, side int, added, removed []int) (a, r []int, refresh bool)
}

// State holds the two accumulators of one position, indexed by side (not by
// who is to move). A searcher keeps one State per ply in its frame.
type State struct {
	Acc [2]*Accumulator
}

// Evaluator ties a Network to a game's FeatureSet. It keeps scratch slices,
// so one Evaluator serves one goroutine; States made by it may be used only
// with it or another Evaluator on the same Network.
//
// Its methods do not allocate, but the positions passed to them escape to
// the heap (they go through the FeatureSet interface): pass positions that
// already live there, such as those in the searcher's per-ply frames, not
// fresh locals.
type Evaluator[P, M any] struct {
	Net      *Network         // the quantised network; shared, read only
	Features FeatureSet[P, M] // the game's feature set the network was trained for
	added    []int
	removed  []int
}

// NewEvaluator returns an evaluator of net for the feature set fs. It
// returns an error if the network was made for another feature-set name or
// number of inputs.
func NewEvaluator[P, M any](net *Network, fs FeatureSet[P, M]) (*Evaluator[P, M], error) {
	if net.FeatureSet != fs.Name() || net.Inputs != fs.Inputs() {
		return nil, fmt.Errorf("%w: network is for %q with %d inputs, feature set is %q with %d",
			ErrFeatureSet, net.FeatureSet, net.Inputs, fs.Name(), fs.Inputs())
	}
	return &Evaluator[P, M]{Net: net, Features: fs,
		added: make([]int, 0, 64), removed: make([]int, 0, 64)}, nil
}

// NewState allocates a State (two accumulators) for the evaluator's network.
func (e *Evaluator[P, M]) NewState() *State {
	return &State{Acc: [2]*Accumulator{e.Net.NewAccumulator(), e.Net.NewAccumulator()}}
}

// Refresh recomputes both accumulators of st from pos.
func (e *Evaluator[P, M]) Refresh(pos *P, st *State) {
	for side := range 2 {
		e.added = e.Features.Active(pos, side, e.added[:0])
		st.Acc[side].Refresh(e.added)
	}
}

// Apply sets child to the accumulators of the position after move m, given
// parent (the accumulators of before, the position before m) and after (the
// position after m, read only when a perspective needs a refresh).
func (e *Evaluator[P, M]) Apply(parent *State, before *P, m M, after *P, child *State) {
	for side := range 2 {
		var refresh bool
		e.added, e.removed, refresh = e.Features.Changes(before, m, side, e.added[:0], e.removed[:0])
		if refresh {
			e.added = e.Features.Active(after, side, e.added[:0])
			child.Acc[side].Refresh(e.added)
			continue
		}
		child.Acc[side].UpdateFrom(parent.Acc[side], e.added, e.removed)
	}
}

// Evaluate returns st's evaluation in centipawns for the side to move stm
// (0 or 1).
func (e *Evaluator[P, M]) Evaluate(st *State, stm int) int {
	return e.Net.Evaluate(st.Acc[stm], st.Acc[stm^1])
}
