package xiangqi

import "github.com/cotuong-ai/cotuong/gamesearch"

var _ gamesearch.ExchangeEvaluator[Move] = (*Position)(nil)

// seeValue is the value of each kind in a static exchange, in centipawns (general, advisor,
// elephant, horse, chariot, cannon, soldier): the usual middlegame material values, with the
// general above everything else.
var seeValue = [8]int{0, 20000, 200, 200, 400, 900, 450, 100}

// SEE reports whether the static exchange evaluation of move m (a legal move) is at least
// threshold centipawns for the side to move (gamesearch.ExchangeEvaluator). The exchange is
// played out on a copy of the board, so each recapture sees the board as it then is: a
// cannon's screen appears or disappears as pieces leave the line, a horse's leg or an
// elephant's eye is freed or blocked, and a chariot or cannon behind another piece on the line
// joins in. Each side recaptures with its least valuable attacker and may stop instead; a
// general recaptures only when the other side has no attacker left. Pins, checks and the
// flying-general rule are ignored.
func (p *Position) SEE(m Move, threshold int) bool {
	from, to := m.From(), m.To()
	b := p.board
	var gain [40]int
	gain[0] = seeValue[b[to].Kind()]
	if gain[0] < threshold {
		return false // even if nothing recaptures
	}
	mover := b[from]
	onSquare := seeValue[mover.Kind()]
	if gain[0]-onSquare >= threshold {
		return true // even if the mover is lost for nothing
	}
	b[to], b[from] = mover, NoPiece
	side := p.side ^ 1
	d := 0
	for d < len(gain)-1 {
		sq := leastAttacker(&b, to, side)
		if sq == NoSquare {
			break
		}
		pc := b[sq]
		if pc.Kind() == General {
			b[sq] = NoPiece
			if leastAttacker(&b, to, side^1) != NoSquare {
				break // the general may not recapture into an attack
			}
			b[sq] = pc
		}
		d++
		gain[d] = onSquare - gain[d-1]
		b[to], b[sq] = pc, NoPiece
		onSquare = seeValue[pc.Kind()]
		side ^= 1
	}
	for ; d > 0; d-- {
		gain[d-1] = -max(-gain[d-1], gain[d])
	}
	return gain[0] >= threshold
}

// leastAttacker returns the square of the least valuable piece of colour side that attacks
// square to on board b (NoSquare if none): soldier, advisor, elephant, horse, cannon,
// chariot, general.
func leastAttacker(b *[NumSquares]Piece, to Square, side Color) Square {
	soldier := MakePiece(side, Soldier)
	for d := 0; d < 4; d++ {
		if rayLen[to][d] == 0 {
			continue
		}
		s := ray[to][d][0]
		if b[s] != soldier {
			continue
		}
		for j := 0; j < int(solN[side][s]); j++ {
			if solTo[side][s][j] == to {
				return s
			}
		}
	}
	advisor := MakePiece(side, Advisor)
	for j := 0; j < int(advN[side][to]); j++ {
		if s := advTo[side][to][j]; b[s] == advisor {
			return s
		}
	}
	elephant := MakePiece(side, Elephant)
	for j := 0; j < int(elephN[side][to]); j++ {
		if s := elephTo[side][to][j]; b[s] == elephant && b[elephEye[side][to][j]] == NoPiece {
			return s
		}
	}
	horse := MakePiece(side, Horse)
	for j := 0; j < int(horseAttN[to]); j++ {
		if s := horseAttFrom[to][j]; b[s] == horse && b[horseAttLeg[to][j]] == NoPiece {
			return s
		}
	}
	chariot, cannon := MakePiece(side, Chariot), MakePiece(side, Cannon)
	chariotSq := NoSquare
	for d := 0; d < 4; d++ {
		r, n, i := firstBlocker(b, to, d)
		if i == n {
			continue
		}
		if b[r[i]] == chariot && chariotSq == NoSquare {
			chariotSq = r[i]
		}
		if j := nextBlocker(b, r, n, i); j < n && b[r[j]] == cannon {
			return r[j]
		}
	}
	if chariotSq != NoSquare {
		return chariotSq
	}
	general := MakePiece(side, General)
	for j := 0; j < int(genN[side][to]); j++ {
		if s := genTo[side][to][j]; b[s] == general {
			return s
		}
	}
	return NoSquare
}
