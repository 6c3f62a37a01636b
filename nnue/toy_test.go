package nnue

import (
	"fmt"
	"math/rand/v2"
)

// A toy game for the tests: 16 squares, three piece kinds per side (kind 1 is
// the "king"), and a HalfKP-like feature set: each index also carries the
// bucket (which half of the board, seen from the perspective) of the
// perspective's own king, so a king crossing the middle forces a refresh.

type toyPos struct {
	board [16]int8 // 0 empty; +k a piece of side 0, −k of side 1 (k = 1..3)
	stm   int
}

type toyMove struct{ from, to int8 }

type toyFeatures struct{}

const toyInputs = 2 * 2 * 3 * 16 // bucket × relative colour × kind × square

func (toyFeatures) Name() string { return "toy-halfkp-192" }
func (toyFeatures) Inputs() int  { return toyInputs }

func toyOrient(side, sq int) int {
	if side == 1 {
		return 15 - sq
	}
	return sq
}

func (p *toyPos) bucket(side int) int {
	king := int8(1)
	if side == 1 {
		king = -1
	}
	for sq, v := range p.board {
		if v == king {
			return toyOrient(side, sq) / 8
		}
	}
	return 0
}

func toyIndex(bucket, side, sq int, v int8) int {
	owner, kind := 0, int(v)
	if v < 0 {
		owner, kind = 1, -kind
	}
	rel := 0
	if owner != side {
		rel = 1
	}
	return ((bucket*2+rel)*3+kind-1)*16 + toyOrient(side, sq)
}

func (toyFeatures) Active(p *toyPos, side int, dst []int) []int {
	b := p.bucket(side)
	for sq, v := range p.board {
		if v != 0 {
			dst = append(dst, toyIndex(b, side, sq, v))
		}
	}
	return dst
}

func (toyFeatures) Changes(p *toyPos, m toyMove, side int, added, removed []int) ([]int, []int, bool) {
	v := p.board[m.from]
	if v == 1 && side == 0 || v == -1 && side == 1 {
		if toyOrient(side, int(m.from))/8 != toyOrient(side, int(m.to))/8 {
			return added, removed, true
		}
	}
	b := p.bucket(side)
	removed = append(removed, toyIndex(b, side, int(m.from), v))
	if c := p.board[m.to]; c != 0 {
		removed = append(removed, toyIndex(b, side, int(m.to), c))
	}
	added = append(added, toyIndex(b, side, int(m.to), v))
	return added, removed, false
}

// after plays m (any piece of the side to move to any square but its own
// pieces' and the enemy king's).
func (p *toyPos) after(m toyMove) toyPos {
	q := *p
	q.board[m.to] = q.board[m.from]
	q.board[m.from] = 0
	q.stm ^= 1
	return q
}

func (p *toyPos) moves(dst []toyMove) []toyMove {
	sign := int8(1)
	if p.stm == 1 {
		sign = -1
	}
	for from, v := range p.board {
		if v*sign <= 0 {
			continue
		}
		for to, c := range p.board {
			if c*sign > 0 || c == -sign {
				continue
			}
			dst = append(dst, toyMove{int8(from), int8(to)})
		}
	}
	return dst
}

// randomToy returns a position with both kings and up to 8 other pieces.
func randomToy(rng *rand.Rand) toyPos {
	var p toyPos
	sq := rng.Perm(16)
	p.board[sq[0]] = 1
	p.board[sq[1]] = -1
	for _, s := range sq[2 : 2+rng.IntN(9)] {
		k := int8(2 + rng.IntN(2))
		if rng.IntN(2) == 1 {
			k = -k
		}
		p.board[s] = k
	}
	p.stm = rng.IntN(2)
	return p
}

func (p *toyPos) String() string { return fmt.Sprint(p.board, p.stm) }

// randomNetwork returns a network whose weights have the magnitudes of a
// trained one (|W1| up to ~0.3, |W2| up to ~1), and the model it quantises.
func randomModel(rng *rand.Rand, name string, n, h int) *Model {
	m, err := NewModel(name, n, h, rng.Uint64())
	if err != nil {
		panic(err)
	}
	for i := range m.W1 {
		m.W1[i] = float32(rng.NormFloat64() * 0.15)
	}
	for i := range m.B1 {
		m.B1[i] = float32(0.3 + rng.NormFloat64()*0.2)
	}
	for i := range m.W2 {
		m.W2[i] = float32(rng.NormFloat64() * 0.4)
	}
	m.B2 = float32(rng.NormFloat64() * 0.05)
	return m
}

func randomNetwork(rng *rand.Rand, name string, n, h int) *Network {
	net, err := randomModel(rng, name, n, h).Quantise()
	if err != nil {
		panic(err)
	}
	return net
}
