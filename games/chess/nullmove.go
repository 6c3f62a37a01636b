package chess

import "github.com/cotuong-ai/cotuong/gamesearch"

var _ gamesearch.NullMover[Position] = (*Position)(nil)

// NullMove writes into *child the position after the side to move passes (a "null move", used
// by the search's null-move pruning; passing is not a legal chess move). The pieces and
// castling rights are unchanged; the en passant square is cleared (a pass forfeits the
// capture), the side to move flips, the Zobrist key is updated with the same side and en
// passant keys After uses, the half-move clock advances and the full-move number advances
// after Black passes. The search calls it only when the side to move is not in check, so the
// child is a legal position.
func (p *Position) NullMove(child *Position) {
	*child = *p
	h := p.hash
	if p.ep != NoSquare {
		h ^= zobEP[p.ep.File()]
		child.ep = NoSquare
	}
	h ^= zobSide
	child.hash = h
	if child.halfmove < 0xFFFF {
		child.halfmove++
	}
	if p.side == Black {
		child.fullmove++
	}
	child.side = p.side ^ 1
}

// HasNonPawnMaterial reports whether the side to move has a knight, bishop, rook or queen.
// With king and pawns only, zugzwang is common, so the search does not try a null move there.
func (p *Position) HasNonPawnMaterial() bool {
	return p.colors[p.side]&(p.kinds[Knight]|p.kinds[Bishop]|p.kinds[Rook]|p.kinds[Queen]) != 0
}
