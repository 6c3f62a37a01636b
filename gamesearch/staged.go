package gamesearch

import (
	"slices"

	"golang.org/x/exp/constraints"
)

// StagedMover is an optional interface for staged (lazy) move generation. When *P implements
// it together with NoisyMover and MoveOrderer, a node of the main search generates its moves
// in stages, each only when the one before has not produced a cutoff: the table move, the
// noisy moves (NoisyMoves) that do not lose material by SEE, the killers and the counter-move,
// the quiet moves (QuietMoves) by history, and the noisy moves that lose material. A cutoff by
// the table move generates nothing at all. A game without it is searched through the same
// stages, which then split the result of LegalMoves (see listMover).
//
// The stages must cover every legal move exactly once: NoisyMoves and QuietMoves together
// return each legal move once, and a move is in NoisyMoves exactly when CaptureKey reports it
// noisy.
type StagedMover[M constraints.Integer] interface {
	// QuietMoves appends to dst the legal moves that NoisyMoves does not return, and returns
	// it. The order must be deterministic for equal positions.
	QuietMoves(dst []M) []M
	// IsLegalMove reports whether m, any value of M (a move from the table, or a killer found
	// in another position), is a legal move of the position, equal to the value the
	// generators return for it. It must not allocate.
	IsLegalMove(m M) bool
	// HasLegalMove reports whether the side to move has at least one legal move.
	HasLegalMove() bool
}

// moveSource is what the move picker asks of a node's position: its moves in stages and
// their capture keys. A game that implements StagedMover, NoisyMover and MoveOrderer is its
// own moveSource; any other gets a listMover.
type moveSource[M constraints.Integer] interface {
	StagedMover[M]
	NoisyMover[M]
	MoveOrderer[M]
}

// listMover is the default moveSource of a game without staged generation: it splits
// LegalMoves into noisy and quiet moves by the game's MoveOrderer (every move is quiet
// without one) and answers the legality questions by generating the legal moves. It costs a
// generation per question, which only games without StagedMover pay.
type listMover[P any, PP PositionPtr[P, M], M constraints.Integer] struct {
	pos     PP
	orderer MoveOrderer[M] // nil: no move is noisy
	legal   []M            // buffer for LegalMoves
}

// newListMover returns the listMover of the position *p, whose optional interfaces are o.
func newListMover[P any, PP PositionPtr[P, M], M constraints.Integer](p *P, o *ops[P, M]) *listMover[P, PP, M] {
	return &listMover[P, PP, M]{pos: PP(p), orderer: o.orderer, legal: make([]M, 0, moveBufCap)}
}

// legalMoves generates the legal moves into the buffer.
func (l *listMover[P, PP, M]) legalMoves() []M {
	l.legal = l.pos.LegalMoves(l.legal[:0])
	return l.legal
}

// CaptureKey is the game's capture key, or (0, false) without a MoveOrderer.
func (l *listMover[P, PP, M]) CaptureKey(m M) (int, bool) {
	if l.orderer == nil {
		return 0, false
	}
	return l.orderer.CaptureKey(m)
}

// NoisyMoves appends the legal moves that CaptureKey reports noisy to dst.
func (l *listMover[P, PP, M]) NoisyMoves(dst []M) []M {
	if l.orderer == nil {
		return dst
	}
	for _, m := range l.legalMoves() {
		if _, noisy := l.orderer.CaptureKey(m); noisy {
			dst = append(dst, m)
		}
	}
	return dst
}

// QuietMoves appends the legal moves that CaptureKey does not report noisy to dst.
func (l *listMover[P, PP, M]) QuietMoves(dst []M) []M {
	for _, m := range l.legalMoves() {
		if _, noisy := l.CaptureKey(m); !noisy {
			dst = append(dst, m)
		}
	}
	return dst
}

// IsLegalMove reports whether m is one of the legal moves.
func (l *listMover[P, PP, M]) IsLegalMove(m M) bool {
	return slices.Contains(l.legalMoves(), m)
}

// HasLegalMove reports whether there is a legal move.
func (l *listMover[P, PP, M]) HasLegalMove() bool {
	return len(l.legalMoves()) > 0
}
