package chess

import (
	"io"

	"github.com/cotuong-ai/cotuong/nnue"
	"github.com/cotuong-ai/cotuong/nnue/nnuesearch"
)

// The chess feature set of package nnue.
const (
	// NNUEInputs is the number of inputs per perspective: 2 owners (the perspective's own
	// pieces, the other side's) × 6 kinds × 64 squares = 768.
	NNUEInputs = 2 * 6 * 64
	// NNUEName names the feature set in weight files (see nnue.FeatureSet.Name); the "-1"
	// is the version of the indexing below.
	NNUEName = "chess-psq-768-1"
)

// NNUEFeatures is the chess feature set (nnue.FeatureSet[Position, Move]). Seen from side s
// (0 White, 1 Black), a piece of colour c and kind k (Pawn 1 .. King 6) on square q (a1 = 0
// .. h8 = 63) is the input
//
//	(o·6 + k−1)·64 + q'
//
// where o is 0 for s's own pieces and 1 for the other side's, and q' is q for White and q
// with its rank flipped (rank r → 7−r, same file: q' = q XOR 56) for Black, so both sides
// see the board from their own back rank. NNUEInputs (768) inputs per perspective; a
// position has one active input per piece in each perspective.
//
// A move turns off the moving piece on its origin and turns on the piece it becomes (the
// promoted kind for a promotion) on its destination; a capture also turns off the captured
// piece, on the destination or, en passant, on the square behind it; castling also moves
// the rook. So a move removes at most 2 inputs and adds at most 2 per perspective (castling),
// and no move asks for a refresh.
//
// The zero value is the set; it has no options.
type NNUEFeatures struct{}

var _ nnue.FeatureSet[Position, Move] = NNUEFeatures{}

// Name returns NNUEName.
func (NNUEFeatures) Name() string { return NNUEName }

// Inputs returns NNUEInputs (768).
func (NNUEFeatures) Inputs() int { return NNUEInputs }

// nnueFeature is the index of a piece of colour c and kind k on q seen from side.
func nnueFeature(side int, c Color, k Kind, q Square) int {
	o := 0
	if int(c) != side {
		o = 1
	}
	v := int(q)
	if side == 1 {
		v ^= 56
	}
	return (o*6+int(k)-1)*64 + v
}

// Active appends the indices of pos's pieces seen from side (0 White, 1 Black) to dst.
func (NNUEFeatures) Active(pos *Position, side int, dst []int) []int {
	for c := White; c <= Black; c++ {
		for k := Pawn; k <= King; k++ {
			for b := pos.kinds[k] & pos.colors[c]; b != 0; b &= b - 1 {
				dst = append(dst, nnueFeature(side, c, k, lsb(b)))
			}
		}
	}
	return dst
}

// Changes appends the inputs the legal move m of pos turns on (added) and off (removed)
// seen from side; it never asks for a refresh.
func (NNUEFeatures) Changes(pos *Position, m Move, side int, added, removed []int) ([]int, []int, bool) {
	us, them := pos.side, pos.side^1
	from, to := m.From(), m.To()
	k := pos.kindAt(from)
	removed = append(removed, nnueFeature(side, us, k, from))
	switch {
	case m.IsCastling():
		rf, rt := from+3, from+1
		if to < from {
			rf, rt = from-4, from-1
		}
		added = append(added, nnueFeature(side, us, King, to), nnueFeature(side, us, Rook, rt))
		removed = append(removed, nnueFeature(side, us, Rook, rf))
	case m.IsEnPassant():
		added = append(added, nnueFeature(side, us, Pawn, to))
		removed = append(removed, nnueFeature(side, them, Pawn, to^8))
	default:
		if p := m.Promotion(); p != NoKind {
			k = p
		}
		added = append(added, nnueFeature(side, us, k, to))
		if pos.colors[them]&sqBB(to) != 0 {
			removed = append(removed, nnueFeature(side, them, pos.kindAt(to), to))
		}
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
// feature set (a xiangqi network, say), and the format errors of a corrupt or truncated file.
func LoadNNUE(r io.Reader, f NNUEFeatures) (*nnue.Network, error) {
	return nnue.Load(r, f.Name(), f.Inputs())
}

// NNUE is a network ready to be a Searcher's evaluation (gamesearch.Neural, through
// Searcher.SetNeural): package nnuesearch's NNUE for this game's positions, moves and
// feature set, its accumulators kept in the search's per-ply frames.
// DefaultNNUE is the network shipped with the package; examples/dev/datagen and
// examples/dev/nnuetrain (-game chess) make others, and LoadNNUE reads them.
type NNUE = nnuesearch.NNUE[Position, Move, NNUEFeatures]

// NewNNUE returns the search evaluation of net, a network for the feature set f. It returns
// an error wrapping nnue.ErrFeatureSet when net was made for another feature set.
func NewNNUE(net *nnue.Network, f NNUEFeatures) (*NNUE, error) {
	return nnuesearch.New[Position, Move](net, f, sideToMove)
}

// sideToMove is the side to move of pos as nnue counts sides: 0 White, 1 Black.
func sideToMove(pos *Position) int { return int(pos.side) }
