package chess

import "github.com/cotuong-ai/cotuong/gamesearch"

var _ gamesearch.ExchangeEvaluator[Move] = (*Position)(nil)

// seeValue is the value of each kind in a static exchange, in centipawns (pawn, knight,
// bishop, rook, queen, king): the usual material values, the king above everything else.
var seeValue = [8]int{0, 100, 320, 330, 500, 950, 20000, 0}

// SEE reports whether the static exchange evaluation of move m (a legal move) is at least
// threshold centipawns for the side to move (gamesearch.ExchangeEvaluator), by the swap
// algorithm on bitboards: each side recaptures on m's destination with its least valuable
// attacker, or stops; sliders behind a piece that has left the square's lines (x-rays) join
// in; a king recaptures only when the other side has no attacker left. A promotion counts
// the promoted piece's gain; castling scores 0. Pins and checks are ignored.
func (p *Position) SEE(m Move, threshold int) bool {
	if m.IsCastling() {
		return 0 >= threshold
	}
	from, to := m.From(), m.To()
	occ := p.kinds[0]
	var gain [40]int
	mover := p.kindAt(from)
	if m.IsEnPassant() {
		gain[0] = seeValue[Pawn]
		capSq := Square(int(to) - 8)
		if p.side == Black {
			capSq = Square(int(to) + 8)
		}
		occ &^= sqBB(capSq)
	} else if p.colors[p.side^1]&sqBB(to) != 0 {
		gain[0] = seeValue[p.kindAt(to)]
	}
	onSquare := seeValue[mover]
	if promo := m.Promotion(); promo != NoKind {
		gain[0] += seeValue[promo] - seeValue[Pawn]
		onSquare = seeValue[promo]
	}
	if gain[0] < threshold {
		return false // even if nothing recaptures
	}
	if gain[0]-onSquare >= threshold {
		return true // even if the mover is lost for nothing
	}
	occ &^= sqBB(from)
	occ |= sqBB(to)
	side := p.side ^ 1
	d := 0
	for d < len(gain)-1 {
		attackers := p.attackersTo(to, occ) & occ
		ours := attackers & p.colors[side]
		if ours == 0 {
			break
		}
		// The least valuable attacker.
		var sq Square
		var kind Kind
		for k := Pawn; k <= King; k++ {
			if bb := ours & p.kinds[k]; bb != 0 {
				sq, kind = lsb(bb), k
				break
			}
		}
		if kind == King && attackers&p.colors[side^1] != 0 {
			break // the king may not recapture into an attack
		}
		d++
		gain[d] = onSquare - gain[d-1]
		onSquare = seeValue[kind]
		if kind == Pawn && (to>>3 == 7 || to>>3 == 0) {
			gain[d] += seeValue[Queen] - seeValue[Pawn]
			onSquare = seeValue[Queen]
		}
		occ &^= sqBB(sq)
		side ^= 1
	}
	for ; d > 0; d-- {
		gain[d-1] = -max(-gain[d-1], gain[d])
	}
	return gain[0] >= threshold
}
