package main

import "math/bits"

// Board squares are numbered file + 3*rank: a1 = 0, b1 = 1, c1 = 2, a2 = 3, ... c3 = 8.
// White's pawns start on rank 1 and move up the board, Black's on rank 3 and move down.
const (
	rank1 = 0b000_000_111
	rank3 = 0b111_000_000
)

// Position is a hexapawn position (Martin Gardner, "Mathematical Games", Scientific
// American, March 1962): a 3×3 board with three pawns a side. A pawn moves one square
// straight forward to an empty square, or one square diagonally forward to capture. A player
// wins by advancing a pawn to the far rank, or when the opponent has no legal move (which is
// also the case when all of its pawns are gone). There are no draws.
//
// It is a value type of six bytes, so After copies it in a few instructions and the search
// keeps one on each ply without allocating.
type Position struct {
	Pawns [2]uint16 // a bit per square of White's (0) and Black's (1) pawns
	Black bool      // Black is to move
}

// Move is a pawn move: from<<4 | to, both square numbers.
type Move uint8

func (m Move) from() int { return int(m >> 4) }
func (m Move) to() int   { return int(m & 15) }

// side returns the index of the side to move in Pawns: 0 for White, 1 for Black.
func (p *Position) side() int {
	if p.Black {
		return 1
	}
	return 0
}

// LegalMoves appends the side to move's legal moves to dst: none when the game is over.
func (p *Position) LegalMoves(dst []Move) []Move {
	if p.InCheck() {
		return dst
	}
	us, them := p.Pawns[p.side()], p.Pawns[1-p.side()]
	step := 3 // White moves up the board, to higher squares
	if p.Black {
		step = -3
	}
	for b := us; b != 0; b &= b - 1 {
		from := bits.TrailingZeros16(b)
		to := from + step
		if to < 0 || to > 8 {
			continue
		}
		if (us|them)&(1<<to) == 0 {
			dst = append(dst, Move(from<<4|to))
		}
		if file := from % 3; file > 0 && them&(1<<(to-1)) != 0 {
			dst = append(dst, Move(from<<4|(to-1)))
		}
		if file := from % 3; file < 2 && them&(1<<(to+1)) != 0 {
			dst = append(dst, Move(from<<4|(to+1)))
		}
	}
	return dst
}

// After writes the position after the legal move m into child; p is unchanged.
func (p *Position) After(m Move, child *Position) {
	*child = *p
	us, them := p.side(), 1-p.side()
	child.Pawns[us] ^= 1<<m.from() | 1<<m.to()
	child.Pawns[them] &^= 1 << m.to()
	child.Black = !p.Black
}

// InCheck reports that the side to move has lost already: an enemy pawn stands on its first
// rank. The search scores a position in check with no legal move as mated.
func (p *Position) InCheck() bool {
	if p.Black {
		return p.Pawns[0]&rank3 != 0
	}
	return p.Pawns[1]&rank1 != 0
}

// Drawn is always false: a hexapawn game always ends with a winner.
func (p *Position) Drawn() bool { return false }

// LossOnStalemate is true: a player who cannot move loses.
func (p *Position) LossOnStalemate() bool { return true }

// Evaluate returns the material balance and the pawns' advance, in centipawns from the side
// to move: 100 a pawn and 30 for each rank a pawn has advanced.
func (p *Position) Evaluate() int {
	score := 0
	for sq := range 9 {
		rank := sq / 3
		if p.Pawns[0]&(1<<sq) != 0 {
			score += 100 + 30*rank
		}
		if p.Pawns[1]&(1<<sq) != 0 {
			score -= 100 + 30*(2-rank)
		}
	}
	if p.Black {
		return -score
	}
	return score
}

// Hash returns the Zobrist key: a random key for each pawn on each square, and one for Black
// to move.
func (p *Position) Hash() uint64 {
	var h uint64
	for side, b := range p.Pawns {
		for ; b != 0; b &= b - 1 {
			h ^= zobrist[side][bits.TrailingZeros16(b)]
		}
	}
	if p.Black {
		h ^= zobristBlack
	}
	return h
}

// zobrist holds a key per side and square and zobristBlack the side to move's key, from a
// fixed SplitMix64 stream so that every run hashes alike.
var zobrist, zobristBlack = func() (z [2][9]uint64, black uint64) {
	x := uint64(0x2545f4914f6cdd1d)
	next := func() uint64 {
		x += 0x9e3779b97f4a7c15
		v := x
		v = (v ^ v>>30) * 0xbf58476d1ce4e5b9
		v = (v ^ v>>27) * 0x94d049bb133111eb
		return v ^ v>>31
	}
	for s := range z {
		for sq := range z[s] {
			z[s][sq] = next()
		}
	}
	return z, next()
}()
