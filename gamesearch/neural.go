package gamesearch

import "golang.org/x/exp/constraints"

// Neural is a game's incrementally updated evaluation, such as an NNUE, that a Searcher keeps
// in its per-ply frames (Searcher.SetNeural). It replaces Evaluate in the search: the
// evaluation of the position at a ply is read from that ply's state, which the searcher
// derives from the parent ply's state and the move, so a node copies nothing but what the
// game's Update writes (for an NNUE, 2·H int16 values).
//
// The package knows nothing of networks: a state is whatever the game keeps per ply, behind
// NeuralFrames, allocated once per Searcher by NewFrames (and once per Lazy SMP helper).
type Neural[P any, M constraints.Integer] interface {
	// NewFrames returns the states of one Searcher, plies of them (indices 0..plies-1),
	// allocated once. The Searcher uses them from one goroutine only.
	NewFrames(plies int) NeuralFrames[P, M]
}

// NeuralFrames holds one evaluation state per ply for one Searcher. ply is an index in
// [0, plies) of Neural.NewFrames; the searcher never passes one out of range, and the
// positions it passes live in its frames (on the heap), so they may be kept as pointers by
// a game whose implementation needs that while a call runs. No method may allocate.
//
// The searcher updates lazily: it calls Update (or Pass) only when a child, or a position
// below it, is evaluated, walking down the path from the deepest ancestor whose state is
// current (known by the Hash of the position it was computed for, so Hash must cover
// everything the state depends on). A child pruned before it is evaluated costs nothing.
type NeuralFrames[P any, M constraints.Integer] interface {
	// Refresh computes the state of ply from pos alone (the root at the start of a search).
	Refresh(ply int, pos *P)
	// Update sets the state of ply+1 to that of child, the position after the legal move m
	// from parent, given that the state of ply is parent's. A game whose change of a move
	// needs a full recomputation (an NNUE's king bucket) does it here, from child.
	Update(ply int, parent *P, m M, child *P)
	// Pass sets the state of ply+1 to that of child, the position after a null move
	// (NullMover) from the position of ply: usually a copy of the state of ply.
	Pass(ply int, child *P)
	// Evaluate returns the evaluation of pos, whose state is that of ply, in centipawns from
	// the side to move's point of view, inside (-MateBound, MateBound).
	Evaluate(ply int, pos *P) int
}

// SetNeural makes the following searches of s (and of its Lazy SMP helpers) evaluate with
// n instead of the position's Evaluate; nil switches back to Evaluate. It allocates n's
// states (NewFrames) once here, not per search, and forgets the evaluation cache, whose
// entries came from the other evaluation; the transposition table is kept (call Clear to
// forget it too). It must not be called while s searches.
//
// With n nil the search is exactly the search without this hook: the same tree, node for
// node.
func (s *Searcher[P, PP, M]) SetNeural(n Neural[P, M]) {
	s.neuralSrc = n
	s.neural = nil
	if n != nil {
		s.neural = n.NewFrames(MaxPly + 1)
	}
	if s.evalCache != nil {
		clear(s.evalCache[:])
	}
	for i := range s.frames {
		s.frames[i].nnValid = false
	}
	for _, h := range s.helpers {
		h.SetNeural(n)
	}
}

// Neural returns the neural evaluation set by SetNeural, nil when the search uses Evaluate.
func (s *Searcher[P, PP, M]) Neural() Neural[P, M] { return s.neuralSrc }

// neuralEvaluate returns the neural evaluation of the position at ply, first bringing the
// states of the path up to date: from the deepest ply whose state was last computed for the
// position now in its frame (the root's is, refreshed at the start of every search), each
// child's state is derived from its parent's by the parent's move (frame.move, which the
// move loops set before the child is searched) or, after a null move (frame.null), by a
// pass. A frame's state is known to be current by the Hash of the position it was computed
// for: a position with an equal hash is the same position, so its state is the same.
//
// The result is scaled by the position's ScaleNeural when *P implements NeuralScaler.
//
// So the search itself only records the move it makes, which it does anyway for its
// heuristics, and a child pruned before it is evaluated costs the evaluation nothing.
func (s *Searcher[P, PP, M]) neuralEvaluate(ply int) int {
	k := ply
	for k > 0 {
		f := &s.frames[k]
		if f.nnValid && f.nnHash == PP(&f.pos).Hash() {
			break
		}
		k--
	}
	for ; k < ply; k++ {
		f, c := &s.frames[k], &s.frames[k+1]
		if f.null {
			s.neural.Pass(k, &c.pos)
		} else {
			s.neural.Update(k, &f.pos, f.move, &c.pos)
		}
		c.nnHash, c.nnValid = PP(&c.pos).Hash(), true
	}
	v := s.neural.Evaluate(ply, &s.frames[ply].pos)
	if sc := s.frames[ply].ops.scaler; sc != nil {
		v = sc.ScaleNeural(v)
	}
	return v
}
