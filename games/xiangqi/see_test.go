package xiangqi

import "testing"

// TestLeastAttackerLines: leastAttacker, reading the chariots and cannons on the exchange
// square's rank and file from the line tables, finds what a point-by-point scan of the rays
// finds (a cannon over one screen first, else the nearest chariot in ray order), for every
// square and side of positions of random playouts from the bench positions, with every
// piece in turn taken off the board (as an exchange does).
func TestLeastAttackerLines(t *testing.T) {
	rng := newRand(17)
	n := 0
	for _, p := range benchPlayouts(t, rng, 1, 60) {
		for gone := Square(0); gone < NumSquares; gone += 7 {
			b := p.board
			b[gone] = NoPiece
			for to := Square(0); to < NumSquares; to++ {
				ln := seeLines{rank: p.rankOcc[sqRank[to]], file: p.fileOcc[sqFile[to]]}
				if gone != to {
					ln.remove(to, gone)
				}
				for side := Red; side <= Black; side++ {
					got := leastAttacker(&b, to, side, ln)
					want := leastAttackerScan(&b, to, side)
					if got != want {
						t.Fatalf("%s without %v: leastAttacker(%v, %v) = %v, want %v", p.FEN(), gone, to, side, got, want)
					}
					n++
				}
			}
		}
	}
	if n < 10000 {
		t.Fatalf("only %d cases", n)
	}
}

// leastAttackerScan is leastAttacker with the chariots and cannons found by scanning the rays
// point by point.
func leastAttackerScan(b *[NumSquares]Piece, to Square, side Color) Square {
	var none seeLines
	// Without the rays (empty lines: no chariot or cannon is seen), then the rays by scanning.
	sq := leastAttacker(b, to, side, none)
	if sq != NoSquare && b[sq].Kind() != General {
		return sq
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
	return sq
}
