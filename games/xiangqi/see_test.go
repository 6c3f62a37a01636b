package xiangqi

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSEE checks static exchanges worked out by hand from the WXF movement rules, with the
// values soldier 100, horse 400, chariot 900: each case is the exact exchange value v, so
// SEE(m, v) holds and SEE(m, v+1) does not.
func TestSEE(t *testing.T) {
	for _, c := range []struct {
		name, fen, move string
		want            int
	}{
		{"undefended soldier", "3k5/9/9/9/p8/9/9/9/9/R3K4 w - - 0 1", "a0a5", 100},
		{"a cannon recaptures over a screen", "c2k5/9/n8/9/p8/9/9/9/9/R3K4 w - - 0 1", "a0a5", 100 - 900},
		{"the capturing chariot was the cannon's only screen", "c2k5/9/R8/9/p8/9/9/9/9/4K4 w - - 0 1", "a7a5", 100},
		{"a horse recaptures, its leg free", "3k5/9/1n7/9/2p6/9/9/9/9/2R1K4 w - - 0 1", "c0c5", 100 - 900},
		{"the horse's leg is blocked", "3k5/9/1n7/1n7/2p6/9/9/9/9/2R1K4 w - - 0 1", "c0c5", 100},
		{"an elephant recaptures, its eye free", "3k5/9/4b4/9/2p6/9/9/9/9/2R1K4 w - - 0 1", "c0c5", 100 - 900},
		{"the elephant's eye is blocked", "3k5/9/4b4/3n5/2p6/9/9/9/9/2R1K4 w - - 0 1", "c0c5", 100},
		{"doubled chariots win the soldier", "r2k5/9/9/9/p8/9/9/9/R8/R3K4 w - - 0 1", "a1a5", 100},
		{"a quiet move to an attacked point", "3k5/9/1n7/9/9/9/9/9/9/2R1K4 w - - 0 1", "c0c5", -900},
		{"a quiet move to a safe point", "3k5/9/9/9/9/9/9/9/9/2R1K4 w - - 0 1", "c0c5", 0},
	} {
		p, err := ParseFEN(c.fen)
		require.NoError(t, err, c.name)
		m, err := p.ParseMove(c.move)
		require.NoError(t, err, c.name)
		require.True(t, p.IsLegal(m), c.name)
		assert.True(t, p.SEE(m, c.want), "%s: SEE >= %d", c.name, c.want)
		assert.False(t, p.SEE(m, c.want+1), "%s: SEE < %d", c.name, c.want+1)
	}
}

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
