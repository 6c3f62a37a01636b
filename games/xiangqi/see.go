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
	// The occupancy of to's rank and file as the exchange goes on (to stays occupied).
	ln := seeLines{rank: p.rankOcc[sqRank[to]], file: p.fileOcc[sqFile[to]]}
	ln.remove(to, from)
	side := p.side ^ 1
	d := 0
	for d < len(gain)-1 {
		sq := leastAttacker(&b, to, side, ln)
		if sq == NoSquare {
			break
		}
		pc := b[sq]
		if pc.Kind() == General {
			b[sq] = NoPiece
			without := ln
			without.remove(to, sq)
			if leastAttacker(&b, to, side^1, without) != NoSquare {
				break // the general may not recapture into an attack
			}
			b[sq] = pc
		}
		d++
		gain[d] = onSquare - gain[d-1]
		b[to], b[sq] = pc, NoPiece
		ln.remove(to, sq)
		onSquare = seeValue[pc.Kind()]
		side ^= 1
	}
	for ; d > 0; d-- {
		gain[d-1] = -max(-gain[d-1], gain[d])
	}
	return gain[0] >= threshold
}

// seeLines is the occupancy of the rank and the file through the exchange square (bit f of
// rank, bit r of file), kept as pieces leave them, for reading the line tables.
type seeLines struct {
	rank, file uint16
}

// remove clears the point s, which a piece has left, from the lines through to.
func (l *seeLines) remove(to, s Square) {
	if sqRank[s] == sqRank[to] {
		l.rank &^= 1 << sqFile[s]
	}
	if sqFile[s] == sqFile[to] {
		l.file &^= 1 << sqRank[s]
	}
}

// leastAttacker returns the square of the least valuable piece of colour side that attacks
// square to on board b (NoSquare if none): soldier, advisor, elephant, horse, cannon,
// chariot, general. ln is the occupancy of to's rank and file on b.
func leastAttacker(b *[NumSquares]Piece, to Square, side Color, ln seeLines) Square {
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
	fv, rv := fileLine[sqRank[to]][ln.file&1023], rankLine[sqFile[to]][ln.rank&511]
	views := [4]uint32{fv >> 16, fv & 0xFFFF, rv >> 16, rv & 0xFFFF}
	for d := 0; d < 4; d++ {
		v := views[d]
		j := v >> 4 & 15
		if j == noPoint {
			continue
		}
		if s := lineSquare(to, d, j); b[s] == chariot && chariotSq == NoSquare {
			chariotSq = s
		}
		if j = v >> 8 & 15; j != noPoint {
			if s := lineSquare(to, d, j); b[s] == cannon {
				return s
			}
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
