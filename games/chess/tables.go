package chess

import "math/bits"

// Bitboards: bit i is square i (a1 = bit 0, h8 = bit 63).

const (
	fileA uint64 = 0x0101010101010101
	fileH uint64 = fileA << 7
	rank1 uint64 = 0xff
	rank2 uint64 = rank1 << 8
	rank3 uint64 = rank1 << 16
	rank4 uint64 = rank1 << 24
	rank5 uint64 = rank1 << 32
	rank6 uint64 = rank1 << 40
	rank7 uint64 = rank1 << 48
	rank8 uint64 = rank1 << 56

	lightSquares uint64 = 0x55aa55aa55aa55aa
	darkSquares         = ^lightSquares
)

func sqBB(s Square) uint64 { return 1 << (s & 63) }

// lsb returns the lowest set square of a non-empty bitboard.
func lsb(b uint64) Square { return Square(bits.TrailingZeros64(b)) }

var (
	knightAttacks [64]uint64
	kingAttacks   [64]uint64
	pawnAttacks   [2][64]uint64
	rookRays      [64]uint64 // empty-board rook attacks
	bishopRays    [64]uint64 // empty-board bishop attacks
	between       [64][64]uint64
	lineThrough   [64][64]uint64
)

// magic is one square's entry of the "fancy" magic bitboard tables: the attacks of a slider on
// the square for occupancy occ are table[offset + ((occ&mask)*magic)>>shift].
type magic struct {
	mask   uint64
	magic  uint64
	offset uint32
	shift  uint32
}

var (
	rookMagics   [64]magic
	bishopMagics [64]magic
	sliderTable  []uint64
)

func rookAttacks(s Square, occ uint64) uint64 {
	m := &rookMagics[s&63]
	return sliderTable[m.offset+uint32(((occ&m.mask)*m.magic)>>m.shift)]
}

func bishopAttacks(s Square, occ uint64) uint64 {
	m := &bishopMagics[s&63]
	return sliderTable[m.offset+uint32(((occ&m.mask)*m.magic)>>m.shift)]
}

func queenAttacks(s Square, occ uint64) uint64 { return rookAttacks(s, occ) | bishopAttacks(s, occ) }

var rookDirs = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
var bishopDirs = [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}

// slowAttacks walks rays from s until it leaves the board or hits an occupied square.
func slowAttacks(s Square, occ uint64, dirs [4][2]int) uint64 {
	var a uint64
	f0, r0 := s.File(), s.Rank()
	for _, d := range dirs {
		for f, r := f0+d[0], r0+d[1]; f >= 0 && f < 8 && r >= 0 && r < 8; f, r = f+d[0], r+d[1] {
			b := uint64(1) << (f + 8*r)
			a |= b
			if occ&b != 0 {
				break
			}
		}
	}
	return a
}

// relevantMask is the set of squares whose occupancy changes a slider's attacks from s: the
// rays without their last square on the board edge.
func relevantMask(s Square, dirs [4][2]int) uint64 {
	var m uint64
	f0, r0 := s.File(), s.Rank()
	for _, d := range dirs {
		for f, r := f0+d[0], r0+d[1]; ; f, r = f+d[0], r+d[1] {
			nf, nr := f+d[0], r+d[1]
			if f < 0 || f > 7 || r < 0 || r > 7 || nf < 0 || nf > 7 || nr < 0 || nr > 7 {
				break
			}
			m |= uint64(1) << (f + 8*r)
		}
	}
	return m
}

// xorshift64star is a small deterministic PRNG used for the magic search and Zobrist keys.
type xorshift64star uint64

func (x *xorshift64star) next() uint64 {
	v := uint64(*x)
	v ^= v >> 12
	v ^= v << 25
	v ^= v >> 27
	*x = xorshift64star(v)
	return v * 0x2545F4914F6CDD1D
}

// magics.go is written by TestMagicsFile (magic_test.go), which runs fillMagics from the seed
// with no known numbers.
//
//go:generate go test -run TestMagicsFile -update-magics

// fillMagics builds the attack tables of one slider kind and appends them to sliderTable. For
// each square it uses known[s] when that number maps every occupancy without a destructive
// collision, and otherwise finds a new one with a seeded trial-and-error search (sparse random
// candidates). The numbers in magics.go were found by this search, so it runs only if they were
// damaged.
func fillMagics(ms *[64]magic, dirs [4][2]int, known *[64]uint64, rng *xorshift64star) {
	occs := make([]uint64, 4096)
	refs := make([]uint64, 4096)
	used := make([]uint64, 4096)
	epoch := make([]int, 4096)
	try := 0
	for s := Square(0); s < 64; s++ {
		mask := relevantMask(s, dirs)
		n := bits.OnesCount64(mask)
		size := 1 << n
		// Enumerate all subsets of mask (Carry-Rippler).
		var sub uint64
		for i := 0; i < size; i++ {
			occs[i] = sub
			refs[i] = slowAttacks(s, sub, dirs)
			sub = (sub - mask) & mask
		}
		m := &ms[s]
		m.mask = mask
		m.shift = uint32(64 - n)
		works := func(cand uint64) bool {
			try++
			for i := 0; i < size; i++ {
				idx := (occs[i] * cand) >> m.shift
				if epoch[idx] != try {
					epoch[idx] = try
					used[idx] = refs[i]
				} else if used[idx] != refs[i] {
					return false
				}
			}
			return true
		}
		if known != nil && known[s] != 0 && works(known[s]) {
			m.magic = known[s]
		} else {
			for {
				cand := rng.next() & rng.next() & rng.next()
				if bits.OnesCount64((mask*cand)>>56) < 6 {
					continue
				}
				if works(cand) {
					m.magic = cand
					break
				}
			}
		}
		m.offset = uint32(len(sliderTable))
		table := make([]uint64, size)
		for i := 0; i < size; i++ {
			table[(occs[i]*m.magic)>>m.shift] = refs[i]
		}
		sliderTable = append(sliderTable, table...)
	}
}

func initBitboards() {
	for s := Square(0); s < 64; s++ {
		f, r := s.File(), s.Rank()
		add := func(t *uint64, df, dr int) {
			if nf, nr := f+df, r+dr; nf >= 0 && nf < 8 && nr >= 0 && nr < 8 {
				*t |= uint64(1) << (nf + 8*nr)
			}
		}
		for _, d := range [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}} {
			add(&knightAttacks[s], d[0], d[1])
		}
		for df := -1; df <= 1; df++ {
			for dr := -1; dr <= 1; dr++ {
				if df != 0 || dr != 0 {
					add(&kingAttacks[s], df, dr)
				}
			}
		}
		add(&pawnAttacks[White][s], -1, 1)
		add(&pawnAttacks[White][s], 1, 1)
		add(&pawnAttacks[Black][s], -1, -1)
		add(&pawnAttacks[Black][s], 1, -1)
		rookRays[s] = slowAttacks(s, 0, rookDirs)
		bishopRays[s] = slowAttacks(s, 0, bishopDirs)
	}
	sliderTable = make([]uint64, 0, 102400+5248)
	rng := xorshift64star(0x9E3779B97F4A7C15)
	fillMagics(&rookMagics, rookDirs, &rookMagicNumbers, &rng)
	fillMagics(&bishopMagics, bishopDirs, &bishopMagicNumbers, &rng)
	for a := Square(0); a < 64; a++ {
		for b := Square(0); b < 64; b++ {
			if a == b {
				continue
			}
			ab, bb := sqBB(a), sqBB(b)
			if rookRays[a]&bb != 0 {
				between[a][b] = rookAttacks(a, bb) & rookAttacks(b, ab)
				lineThrough[a][b] = (rookRays[a]&rookRays[b] | ab | bb)
			} else if bishopRays[a]&bb != 0 {
				between[a][b] = bishopAttacks(a, bb) & bishopAttacks(b, ab)
				lineThrough[a][b] = (bishopRays[a]&bishopRays[b] | ab | bb)
			}
		}
	}
}

func popcount(b uint64) int { return bits.OnesCount64(b) }
