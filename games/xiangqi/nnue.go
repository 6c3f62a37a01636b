package xiangqi

import (
	"io"

	"github.com/cotuong-ai/cotuong/nnue"
	"github.com/cotuong-ai/cotuong/nnue/nnuesearch"
)

// The xiangqi feature sets of package nnue.
const (
	// NNUEPieceInputs is the number of inputs per perspective of the plain feature set: 2
	// owners (the perspective's own pieces, the other side's) × 7 kinds × 90 points = 1,260.
	NNUEPieceInputs = 2 * 7 * NumSquares
	// NNUEPalacePoints is the number of general buckets of the bucketed set: the nine points
	// of the palace.
	NNUEPalacePoints = 9
	// NNUEPieceName and NNUEBucketName name the two feature sets in weight files (see
	// nnue.FeatureSet.Name); the "-1" is the version of the indexing below.
	NNUEPieceName  = "xiangqi-psq-1260-1"
	NNUEBucketName = "xiangqi-kpsq-11340-1"
)

// NNUEFeatures is the xiangqi feature set (nnue.FeatureSet[Position, Move]). Seen from side
// s (0 Red, 1 Black), a piece of colour c and kind k (General 1 .. Soldier 7) on point q is
// the input
//
//	((o·7 + k−1)·90 + q')                 without buckets (1,260 inputs),
//	b·1260 + ((o·7 + k−1)·90 + q')        with buckets (9 × 1,260 = 11,340 inputs),
//
// where o is 0 for s's own pieces and 1 for the other side's, q' is q for Red and q with
// its rank flipped (rank r → 9−r, same file) for Black, so both sides see the board from
// their own back rank; and b, in the bucketed set, is the palace point of s's own general,
// seen the same way: (file−3) + 3·rank', 0..8.
//
// A move turns off the moved piece on its origin and the captured piece, if any, and turns
// on the moved piece on its destination: at most 2 removed and 1 added per perspective.
// In the bucketed set, a move of a side's own general changes that side's bucket, so it
// asks for a refresh of that perspective (one general move in a few dozen plies, and only
// of the mover's perspective).
//
// The zero value is the plain set, the first choice for the few million positions this
// project can generate (no buckets, as the field advises for small data); Buckets selects
// the bucketed one for later rounds.
type NNUEFeatures struct {
	// Buckets keys every input by the own general's palace point (9 buckets).
	Buckets bool
}

var _ nnue.FeatureSet[Position, Move] = NNUEFeatures{}

// Name returns NNUEPieceName or NNUEBucketName.
func (f NNUEFeatures) Name() string {
	if f.Buckets {
		return NNUEBucketName
	}
	return NNUEPieceName
}

// Inputs returns 1,260, or 11,340 with buckets.
func (f NNUEFeatures) Inputs() int {
	if f.Buckets {
		return NNUEPalacePoints * NNUEPieceInputs
	}
	return NNUEPieceInputs
}

// viewSquare is q seen from side: q itself for Red, rank-flipped for Black.
func viewSquare(side int, q Square) int {
	if side == 0 {
		return int(q)
	}
	return int(q) + 9*(9-2*int(sqRank[q]))
}

// pieceFeature is the bucket-free index of pc on q from side.
func pieceFeature(side int, pc Piece, q Square) int {
	o := 0
	if int(pc.Color()) != side {
		o = 1
	}
	return (o*7+int(pc.Kind())-1)*NumSquares + viewSquare(side, q)
}

// bucketBase is the first index of side's bucket in pos (0 without buckets).
func (f NNUEFeatures) bucketBase(pos *Position, side int) int {
	if !f.Buckets {
		return 0
	}
	g := viewSquare(side, pos.gen[side])
	file, rank := g%9, g/9
	b := (file - 3) + 3*rank
	if b < 0 || b >= NNUEPalacePoints || file < 3 || file > 5 {
		b = 0 // not reached in a legal position: the general stays in its palace
	}
	return b * NNUEPieceInputs
}

// Active appends the indices of pos's pieces seen from side (0 Red, 1 Black) to dst.
func (f NNUEFeatures) Active(pos *Position, side int, dst []int) []int {
	base := f.bucketBase(pos, side)
	for q := range Square(NumSquares) {
		if pc := pos.board[q]; pc != NoPiece {
			dst = append(dst, base+pieceFeature(side, pc, q))
		}
	}
	return dst
}

// Changes appends the inputs the legal move m of pos turns on (added) and off (removed)
// seen from side, or reports refresh when m moves side's own general in the bucketed set.
func (f NNUEFeatures) Changes(pos *Position, m Move, side int, added, removed []int) ([]int, []int, bool) {
	from, to := m.From(), m.To()
	pc := pos.board[from]
	if f.Buckets && pc.Kind() == General && int(pc.Color()) == side {
		return added, removed, true
	}
	base := f.bucketBase(pos, side)
	removed = append(removed, base+pieceFeature(side, pc, from))
	added = append(added, base+pieceFeature(side, pc, to))
	if c := pos.board[to]; c != NoPiece {
		removed = append(removed, base+pieceFeature(side, c, to))
	}
	return added, removed, false
}

// DecodeNNUE is the nnue.DecodeFunc of f: it parses the FEN text and appends the side to
// move's active inputs to stm and the other side's to other (nnue.Decode). It returns
// ParseFEN's error for a bad FEN.
func (f NNUEFeatures) DecodeNNUE(text string, stm, other []int) ([]int, []int, error) {
	return nnue.Decode[Position, Move](f, ParseFEN, sideToMove, text, stm, other)
}

// LoadNNUE reads a weight file (nnue.Save's format) for the feature set f. It returns
// nnue.Load's errors: a wrapped nnue.ErrFeatureSet when the file was trained for another
// feature set, and the format errors of a corrupt or truncated file.
func LoadNNUE(r io.Reader, f NNUEFeatures) (*nnue.Network, error) {
	return nnue.Load(r, f.Name(), f.Inputs())
}

// NNUE is a network ready to be a Searcher's evaluation (gamesearch.Neural, through
// Searcher.SetNeural): package nnuesearch's NNUE for this game's positions, moves and
// feature set, its accumulators kept in the search's per-ply frames.
type NNUE = nnuesearch.NNUE[Position, Move, NNUEFeatures]

// NewNNUE returns the search evaluation of net, a network for the feature set f. It returns
// an error wrapping nnue.ErrFeatureSet when net was made for another feature set.
func NewNNUE(net *nnue.Network, f NNUEFeatures) (*NNUE, error) {
	return nnuesearch.New[Position, Move](net, f, sideToMove)
}

// sideToMove is the side to move of pos as nnue counts sides: 0 Red, 1 Black.
func sideToMove(pos *Position) int { return int(pos.side) }
