package xiangqi

import "github.com/cotuong-ai/cotuong/gamesearch"

var _ gamesearch.NullMover[Position] = (*Position)(nil)

// NullMove writes into *child the position after the side to move passes (a "null move", used
// by the search's null-move pruning; passing is not a legal move in xiangqi). The board is
// unchanged; the side to move flips, the Zobrist key is updated with the side key exactly as
// After does, and the no-capture clock and ply counter advance by one. The search calls it
// only when the side to move is not in check, so the child is a legal position.
func (p *Position) NullMove(child *Position) {
	*child = *p
	child.hash ^= zobristSide
	if child.clock < 0xFFFF {
		child.clock++
	}
	child.side = p.side ^ 1
	child.ply++
	child.lc = child.scanGeneral()
}

// HasNonPawnMaterial reports whether the side to move has an attacking piece other than
// soldiers: a chariot, a horse or a cannon. Without one (general, advisors, elephants and
// soldiers only) zugzwang is common, so the search does not try a null move there.
func (p *Position) HasNonPawnMaterial() bool {
	c := p.side
	return p.count[MakePiece(c, Chariot)]+p.count[MakePiece(c, Horse)]+p.count[MakePiece(c, Cannon)] > 0
}
