package chess

import "github.com/cotuong-ai/cotuong/gamesearch"

var _ gamesearch.CheckGiver[Move] = (*Position)(nil)

// GivesCheck reports whether the legal move m puts the opponent's king in check
// (gamesearch.CheckGiver): exactly whether InCheck holds after m, answered without making
// the move. A check is direct (the piece that lands on m's destination attacks the king:
// the promoted piece for a promotion, the rook for castling) or discovered (a bishop, rook
// or queen of the mover's whose line to the king the move opens: by leaving a square of that
// line, or by the pawn an en passant capture removes).
func (p *Position) GivesCheck(m Move) bool {
	us := p.side
	ksq := p.kingSq(us ^ 1)
	kbb := sqBB(ksq)
	from, to := m.From(), m.To()
	fromBB, toBB := sqBB(from), sqBB(to)
	occ := p.kinds[0]&^fromBB | toBB
	// moved: the mover's pieces that leave their square, which can give no discovered check.
	moved := fromBB
	switch m & flagMask {
	case flagCastling:
		rf, rt := from+3, from+1
		if to < from {
			rf, rt = from-4, from-1
		}
		occ = occ&^sqBB(rf) | sqBB(rt)
		if rookAttacks(rt, occ)&kbb != 0 {
			return true
		}
		moved |= sqBB(rf)
	case flagEnPassant:
		occ &^= sqBB(to ^ 8)
		if pawnAttacks[us][to]&kbb != 0 {
			return true
		}
	default:
		if directCheck(m.Promotion(), p.kindAt(from), us, to, occ, kbb) {
			return true
		}
	}
	// Discovered check: only a move off a line through the king (or en passant, or castling,
	// which move a second piece) can open one.
	if (rookRays[ksq]|bishopRays[ksq])&fromBB == 0 && m&flagMask != flagEnPassant && m&flagMask != flagCastling {
		return false
	}
	ours := p.colors[us] &^ moved
	return bishopAttacks(ksq, occ)&(p.kinds[Bishop]|p.kinds[Queen])&ours != 0 ||
		rookAttacks(ksq, occ)&(p.kinds[Rook]|p.kinds[Queen])&ours != 0
}

// directCheck reports whether a piece of colour us and kind k (promo instead when it is not
// NoKind) standing on to attacks the king set kbb, given the occupancy occ after the move.
func directCheck(promo, k Kind, us Color, to Square, occ, kbb uint64) bool {
	if promo != NoKind {
		k = promo
	}
	switch k {
	case Pawn:
		return pawnAttacks[us][to]&kbb != 0
	case Knight:
		return knightAttacks[to]&kbb != 0
	case Bishop:
		return bishopAttacks(to, occ)&kbb != 0
	case Rook:
		return rookAttacks(to, occ)&kbb != 0
	case Queen:
		return (bishopAttacks(to, occ)|rookAttacks(to, occ))&kbb != 0
	}
	return false // a king never gives check
}

var _ gamesearch.QuietCheckGenerator[Move] = (*Position)(nil)

// QuietChecks appends to dst the moves of QuietMoves that give check (no capture, no
// promotion; castling included), in the order of QuietMoves, and returns it
// (gamesearch.QuietCheckGenerator). The quiet moves are generated and each is kept when
// GivesCheck holds, so none is made.
func (p *Position) QuietChecks(dst []Move) []Move {
	n0 := len(dst)
	dst = p.QuietMoves(dst)
	out := n0
	for i := n0; i < len(dst); i++ {
		if m := dst[i]; p.GivesCheck(m) {
			dst[out] = m
			out++
		}
	}
	return dst[:out]
}
