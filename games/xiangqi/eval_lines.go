package xiangqi

// Line occupancy for the evaluation: what a chariot, a cannon or a general sees along a rank
// or a file is read from precomputed tables indexed by the line's occupancy, instead of
// scanning the line point by point (the scans were most of the evaluation's time).

// rankLine[i][m] and fileLine[i][m] describe the view from index i of a rank (9 points,
// index = file) or a file (10 points, index = rank) whose occupancy is m (bit j set when
// the line's point j holds a piece; bit i itself is ignored). The low 16 bits look towards
// lower indices (west along a rank, south along a file), the high 16 bits towards higher
// ones (east, north); each half packs, in 4-bit fields from the lowest: the number of empty
// points before the first piece, then the indices of the first, second and third pieces
// (noPoint when there are fewer).
var (
	rankLine [9][1 << 9]uint32
	fileLine [10][1 << 10]uint32
)

// noPoint marks a missing piece in a rankLine/fileLine field.
const noPoint = 15

// spreadLow[m] places bit f of m (files 0..4 of a rank) at bit 10f; spreadHigh[m] places
// bit j of m (file 5+j) at bit 10j: adding each rank's spread shifted by its rank number
// builds five (or four) 10-bit file occupancies in one word.
var spreadLow [32]uint64
var spreadHigh [16]uint64

func init() {
	view := func(n, i, m, step int) uint32 {
		empty, found := 0, 0
		v := uint32(noPoint<<4 | noPoint<<8 | noPoint<<12)
		for j := i + step; j >= 0 && j < n && found < 3; j += step {
			if m&(1<<j) == 0 {
				if found == 0 {
					empty++
				}
				continue
			}
			v &^= 15 << (4 + 4*found)
			v |= uint32(j) << (4 + 4*found)
			found++
		}
		return v | uint32(empty)
	}
	for i := 0; i < 9; i++ {
		for m := 0; m < 1<<9; m++ {
			rankLine[i][m] = view(9, i, m, -1) | view(9, i, m, 1)<<16
		}
	}
	for i := 0; i < 10; i++ {
		for m := 0; m < 1<<10; m++ {
			fileLine[i][m] = view(10, i, m, -1) | view(10, i, m, 1)<<16
		}
	}
	for m := 0; m < 32; m++ {
		for f := 0; f < 5; f++ {
			if m&(1<<f) != 0 {
				spreadLow[m] |= 1 << (10 * f)
				if m < 16 {
					spreadHigh[m] |= 1 << (10 * f)
				}
			}
		}
	}
}

// lines holds the occupancy of every rank (bit f: file f) and file (bit r: rank r).
type lines struct {
	rank [10]uint32
	file [9]uint32
}

// fill sets l from the position's occupancy.
func (l *lines) fill(p *Position) {
	w0 := p.occ[Red][0] | p.occ[Black][0]
	w1 := p.occ[Red][1] | p.occ[Black][1]
	for r := 0; r < 7; r++ {
		l.rank[r] = uint32(w0>>(9*r)) & 511
	}
	l.rank[7] = uint32(w0>>63|w1<<1) & 511
	l.rank[8] = uint32(w1>>8) & 511
	l.rank[9] = uint32(w1>>17) & 511
	var lo, hi uint64
	for r := 0; r < 10; r++ {
		lo |= spreadLow[l.rank[r]&31] << r
		hi |= spreadHigh[l.rank[r]>>5] << r
	}
	for f := 0; f < 5; f++ {
		l.file[f] = uint32(lo>>(10*f)) & 1023
	}
	for f := 5; f < 9; f++ {
		l.file[f] = uint32(hi>>(10*(f-5))) & 1023
	}
}
