package nnue

// Neural is a network bound to a game's feature set, ready to be a search's evaluation:
// Frames returns one searcher's per-ply accumulators, whose methods are those of
// gamesearch.NeuralFrames[P, M] (this package does not import gamesearch), and Evaluate
// evaluates one position from scratch. A game wraps it in its own type, whose NewFrames
// returns Frames as a gamesearch.NeuralFrames (the NNUE types of games/xiangqi and
// games/chess).
//
// One Neural may serve any number of searchers at once (each gets its own accumulators and
// scratch from Frames); the network must not change meanwhile.
type Neural[P, M any, F FeatureSet[P, M]] struct {
	net      *Network
	features F
	stm      func(*P) int
	bound    int
}

// NewNeural returns the evaluation of net with the feature set f. stm returns a position's
// side to move (0 or 1); every evaluation is clamped to [-bound, bound] centipawns (a game
// passes a bound below its search's mate scores). It returns an error wrapping
// ErrFeatureSet when net was made for another feature set or number of inputs.
func NewNeural[P, M any, F FeatureSet[P, M]](net *Network, f F, stm func(*P) int, bound int) (*Neural[P, M, F], error) {
	if _, err := NewEvaluator[P, M](net, f); err != nil {
		return nil, err
	}
	return &Neural[P, M, F]{net: net, features: f, stm: stm, bound: bound}, nil
}

// Network returns the network.
func (n *Neural[P, M, F]) Network() *Network { return n.net }

// Features returns the feature set.
func (n *Neural[P, M, F]) Features() F { return n.features }

// Evaluate returns the network's evaluation of pos from scratch (a refresh of both
// accumulators), in centipawns from the side to move, clamped to ±bound. It allocates
// (an Evaluator and a State); a search uses Frames instead.
func (n *Neural[P, M, F]) Evaluate(pos *P) int {
	f := n.Frames(1)
	p := new(P)
	*p = *pos
	f.Refresh(0, p)
	return f.Evaluate(0, p)
}

// Frames returns plies States (indices 0 .. plies−1) and an Evaluator of their own, for one
// searcher.
func (n *Neural[P, M, F]) Frames(plies int) *Frames[P, M] {
	ev, err := NewEvaluator[P, M](n.net, n.features)
	if err != nil {
		// NewNeural checked the pair; only a change of the network since can get here.
		panic("nnue: Neural built by NewNeural no longer matches its network: " + err.Error())
	}
	f := &Frames[P, M]{ev: ev, st: make([]State, plies), stm: n.stm, bound: n.bound}
	for i := range f.st {
		f.st[i] = *ev.NewState()
	}
	return f
}

// Frames is one searcher's accumulators, one State per ply, kept by its own Evaluator. Its
// methods are those of gamesearch.NeuralFrames[P, M]; none allocates. ply is an index in
// [0, plies) of Neural.Frames (Update and Pass write ply+1).
type Frames[P, M any] struct {
	ev    *Evaluator[P, M]
	st    []State
	stm   func(*P) int
	bound int
}

// Refresh computes the state of ply from pos alone.
func (f *Frames[P, M]) Refresh(ply int, pos *P) { f.ev.Refresh(pos, &f.st[ply]) }

// Update sets the state of ply+1 to that of child, the position after the legal move m from
// parent, whose state is that of ply (Evaluator.Apply).
func (f *Frames[P, M]) Update(ply int, parent *P, m M, child *P) {
	f.ev.Apply(&f.st[ply], parent, m, child, &f.st[ply+1])
}

// Pass sets the state of ply+1 to a copy of that of ply: after a null move the pieces, and
// so both perspectives' features, are unchanged.
func (f *Frames[P, M]) Pass(ply int, _ *P) {
	src, dst := &f.st[ply], &f.st[ply+1]
	dst.Acc[0].CopyFrom(src.Acc[0])
	dst.Acc[1].CopyFrom(src.Acc[1])
}

// Evaluate returns the evaluation of pos, whose state is that of ply, in centipawns from
// its side to move, clamped to ±bound.
func (f *Frames[P, M]) Evaluate(ply int, pos *P) int {
	v := f.ev.Evaluate(&f.st[ply], f.stm(pos))
	return min(max(v, -f.bound), f.bound)
}
