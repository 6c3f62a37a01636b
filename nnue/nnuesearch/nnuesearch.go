// Package nnuesearch makes a network of package nnue a search's evaluation: NNUE binds a
// network to a game's feature set and is a gamesearch.Neural, its accumulators kept in the
// searcher's per-ply frames and updated move by move. A game's NNUE type is this one,
// instantiated (games/xiangqi, games/chess). It is the package that joins nnue, which imports
// nothing of gamesearch, to the search.
package nnuesearch

import (
	"golang.org/x/exp/constraints"

	"github.com/cotuong-ai/cotuong/gamesearch"
	"github.com/cotuong-ai/cotuong/nnue"
)

// Bound is the largest evaluation, in absolute value, an NNUE returns: a network's score
// stays inside the search's static range, 1,000 centipawns below the mate scores.
const Bound = gamesearch.MateBound - 1000

// NNUE is a network ready to be a Searcher's evaluation (gamesearch.Neural): pass it to
// Searcher.SetNeural, and the search evaluates with the network, its accumulators kept in the
// search's per-ply frames and updated move by move (nnue.Evaluator.Apply); SetNeural(nil)
// goes back to the classical Evaluate. P is the game's position, M its move, F its feature
// set.
//
// One NNUE may serve any number of Searchers at once (each gets its own accumulators and
// scratch from NewFrames); the network must not change meanwhile.
type NNUE[P any, M constraints.Integer, F nnue.FeatureSet[P, M]] struct {
	net      *nnue.Network
	features F
	stm      func(*P) int
}

// New returns the search evaluation of net with the feature set f; stm returns a position's
// side to move (0 or 1, as nnue counts sides). It returns an error wrapping
// nnue.ErrFeatureSet when net was made for another feature set or number of inputs.
func New[P any, M constraints.Integer, F nnue.FeatureSet[P, M]](net *nnue.Network, f F, stm func(*P) int) (*NNUE[P, M, F], error) {
	if _, err := nnue.NewEvaluator[P, M](net, f); err != nil {
		return nil, err
	}
	return &NNUE[P, M, F]{net: net, features: f, stm: stm}, nil
}

// Network returns the network.
func (n *NNUE[P, M, F]) Network() *nnue.Network { return n.net }

// Features returns the feature set.
func (n *NNUE[P, M, F]) Features() F { return n.features }

// Evaluate returns the network's evaluation of pos from scratch (a refresh of both
// accumulators), in centipawns from the side to move, clamped to ±Bound as the search's is.
// It allocates (an evaluator and its accumulators); the search uses the incremental path.
func (n *NNUE[P, M, F]) Evaluate(pos *P) int {
	f := n.frames(1)
	p := new(P)
	*p = *pos
	f.Refresh(0, p)
	return f.Evaluate(0, p)
}

// NewFrames returns plies accumulator pairs and an evaluator of their own, for one Searcher
// (gamesearch.Neural).
func (n *NNUE[P, M, F]) NewFrames(plies int) gamesearch.NeuralFrames[P, M] { return n.frames(plies) }

func (n *NNUE[P, M, F]) frames(plies int) *frames[P, M] {
	ev, err := nnue.NewEvaluator[P, M](n.net, n.features)
	if err != nil {
		// New checked the pair; only a change of the network since can get here.
		panic("nnuesearch: NNUE built by New no longer matches its network: " + err.Error())
	}
	f := &frames[P, M]{ev: ev, st: make([]nnue.State, plies), stm: n.stm}
	for i := range f.st {
		f.st[i] = *ev.NewState()
	}
	return f
}

// frames is one Searcher's accumulators, one nnue.State per ply (gamesearch.NeuralFrames).
type frames[P any, M constraints.Integer] struct {
	ev  *nnue.Evaluator[P, M]
	st  []nnue.State
	stm func(*P) int
}

func (f *frames[P, M]) Refresh(ply int, pos *P) { f.ev.Refresh(pos, &f.st[ply]) }

func (f *frames[P, M]) Update(ply int, parent *P, m M, child *P) {
	f.ev.Apply(&f.st[ply], parent, m, child, &f.st[ply+1])
}

// Pass copies the state: after a null move the pieces, and so both perspectives' features,
// are unchanged.
func (f *frames[P, M]) Pass(ply int, _ *P) {
	src, dst := &f.st[ply], &f.st[ply+1]
	dst.Acc[0].CopyFrom(src.Acc[0])
	dst.Acc[1].CopyFrom(src.Acc[1])
}

func (f *frames[P, M]) Evaluate(ply int, pos *P) int {
	v := f.ev.Evaluate(&f.st[ply], f.stm(pos))
	return min(max(v, -Bound), Bound)
}
