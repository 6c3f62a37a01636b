package xiangqi

// Line tables: what a chariot, a cannon or a general sees along a rank or a file is read from
// precomputed tables indexed by the line's occupancy (Position.rankOcc and fileOcc, kept by
// put and apply), instead of scanning the line point by point: the evaluation, the move
// generator (chariot and cannon) and the legality context use them.

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
}
