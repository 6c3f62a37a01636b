package xiangqi

// Precomputed move tables. Every table is built once in init from the movement rules, so the
// move generator and the attack test never check board edges at run time.

// Ray directions: north (towards Black, rank+1), south, east (file+1), west.
const (
	north = iota
	south
	east
	west
)

var (
	rayLen [NumSquares][4]uint8
	ray    [NumSquares][4][9]Square

	horseN   [NumSquares]uint8
	horseTo  [NumSquares][8]Square
	horseLeg [NumSquares][8]Square

	// horseAtt*: the horses that could attack a square, with the leg each one needs empty.
	horseAttN    [NumSquares]uint8
	horseAttFrom [NumSquares][8]Square
	horseAttLeg  [NumSquares][8]Square

	elephN   [2][NumSquares]uint8
	elephTo  [2][NumSquares][4]Square
	elephEye [2][NumSquares][4]Square

	advN  [2][NumSquares]uint8
	advTo [2][NumSquares][4]Square

	genN  [2][NumSquares]uint8
	genTo [2][NumSquares][4]Square

	solN  [2][NumSquares]uint8
	solTo [2][NumSquares][3]Square

	// rel[k][s]: relNorth..relWest (1<<direction) when s lies on that ray from k, relDiag
	// when s is diagonally adjacent to k (a horse-leg point of k), 0 otherwise.
	rel [NumSquares][NumSquares]uint8

	// palace, advisorPoint, elephantPoint: the points each side's pieces may stand on.
	palace        [2][NumSquares]bool
	advisorPoint  [2][NumSquares]bool
	elephantPoint [2][NumSquares]bool
	// palaceSet and elephantSet: the same palace and elephant points as 90-bit sets (bit s
	// of word s>>6), to test at once whether any enemy piece stands where a general, an
	// advisor or an elephant could capture it.
	palaceSet   [2][2]uint64
	elephantSet [2][2]uint64
)

const (
	relNorth = 1 << north
	relSouth = 1 << south
	relEast  = 1 << east
	relWest  = 1 << west
	relDiag  = 1 << 4
)

// ownHalf reports whether rank r is on colour c's side of the river.
func ownHalf(c Color, r int) bool {
	if c == Red {
		return r <= 4
	}
	return r >= 5
}

func inPalace(c Color, f, r int) bool {
	if f < 3 || f > 5 {
		return false
	}
	if c == Red {
		return r >= 0 && r <= 2
	}
	return r >= 7 && r <= 9
}

func init() {
	df := [4]int{0, 0, 1, -1}
	dr := [4]int{1, -1, 0, 0}
	for s := 0; s < NumSquares; s++ {
		f, r := s%9, s/9
		for d := 0; d < 4; d++ {
			n := 0
			for ff, rr := f+df[d], r+dr[d]; SquareAt(ff, rr) != NoSquare; ff, rr = ff+df[d], rr+dr[d] {
				ray[s][d][n] = SquareAt(ff, rr)
				n++
			}
			rayLen[s][d] = uint8(n)
		}
		// Horse: one step orthogonally (the leg), then one step diagonally outwards.
		for _, h := range [8][2]int{{1, 2}, {-1, 2}, {1, -2}, {-1, -2}, {2, 1}, {2, -1}, {-2, 1}, {-2, -1}} {
			to := SquareAt(f+h[0], r+h[1])
			if to == NoSquare {
				continue
			}
			var leg Square
			if h[1] == 2 || h[1] == -2 {
				leg = SquareAt(f, r+h[1]/2)
			} else {
				leg = SquareAt(f+h[0]/2, r)
			}
			horseTo[s][horseN[s]] = to
			horseLeg[s][horseN[s]] = leg
			horseN[s]++
			horseAttFrom[to][horseAttN[to]] = Square(s)
			horseAttLeg[to][horseAttN[to]] = leg
			horseAttN[to]++
		}
		for k := 0; k < NumSquares; k++ {
			kf, kr := k%9, k/9
			switch {
			case kf == f && r > kr:
				rel[k][s] = relNorth
			case kf == f && r < kr:
				rel[k][s] = relSouth
			case kr == r && f > kf:
				rel[k][s] = relEast
			case kr == r && f < kf:
				rel[k][s] = relWest
			case (kf-f == 1 || f-kf == 1) && (kr-r == 1 || r-kr == 1):
				rel[k][s] = relDiag
			}
		}
		for c := Red; c <= Black; c++ {
			palace[c][s] = inPalace(c, f, r)
			if palace[c][s] {
				palaceSet[c][s>>6] |= 1 << (s & 63)
			}
			// Advisor: one diagonal step inside the palace. Its five points are the palace
			// points whose file+rank parity differs from the general's start point.
			if inPalace(c, f, r) && (f+r+int(c))%2 == 1 {
				advisorPoint[c][s] = true
				for _, d := range [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}} {
					if inPalace(c, f+d[0], r+d[1]) {
						advTo[c][s][advN[c][s]] = SquareAt(f+d[0], r+d[1])
						advN[c][s]++
					}
				}
			}
			// Elephant: two diagonal steps on its own side of the river, the eye empty.
			rr := r // rank counted from c's own back rank
			if c == Black {
				rr = 9 - r
			}
			if ownHalf(c, r) && f%2 == 0 && rr%2 == 0 && (f/2+rr/2)%2 == 1 {
				elephantPoint[c][s] = true
				elephantSet[c][s>>6] |= 1 << (s & 63)
				for _, d := range [4][2]int{{2, 2}, {2, -2}, {-2, 2}, {-2, -2}} {
					to := SquareAt(f+d[0], r+d[1])
					if to == NoSquare || !ownHalf(c, r+d[1]) {
						continue
					}
					elephTo[c][s][elephN[c][s]] = to
					elephEye[c][s][elephN[c][s]] = SquareAt(f+d[0]/2, r+d[1]/2)
					elephN[c][s]++
				}
			}
			// General: one orthogonal step inside the palace.
			if inPalace(c, f, r) {
				for d := 0; d < 4; d++ {
					if inPalace(c, f+df[d], r+dr[d]) {
						genTo[c][s][genN[c][s]] = SquareAt(f+df[d], r+dr[d])
						genN[c][s]++
					}
				}
			}
			// Soldier: one step forward; sideways too once across the river.
			fwd := 1
			if c == Black {
				fwd = -1
			}
			if to := SquareAt(f, r+fwd); to != NoSquare {
				solTo[c][s][solN[c][s]] = to
				solN[c][s]++
			}
			if !ownHalf(c, r) {
				for _, d := range [2]int{-1, 1} {
					if to := SquareAt(f+d, r); to != NoSquare {
						solTo[c][s][solN[c][s]] = to
						solN[c][s]++
					}
				}
			}
		}
	}
}

// Zobrist keys: one per (piece, square) and one for Black to move, from a fixed-seed
// SplitMix64 stream so hashes are stable across runs and builds.
var (
	zobristPiece [16][NumSquares]uint64
	zobristSide  uint64
)

func splitmix64(state *uint64) uint64 {
	*state += 0x9E3779B97F4A7C15
	z := *state
	z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
	z = (z ^ z>>27) * 0x94D049BB133111EB
	return z ^ z>>31
}

func init() {
	seed := uint64(0x58_69_61_6E_67_71_69) // "Xiangqi"
	for p := 0; p < 16; p++ {
		for s := 0; s < NumSquares; s++ {
			zobristPiece[p][s] = splitmix64(&seed)
		}
	}
	zobristSide = splitmix64(&seed)
}

// firstBlocker returns the ray from s in direction d, its length, and the index on it of
// the first piece (the length when the ray is empty): the piece a chariot on s attacks, or a
// cannon's screen.
func firstBlocker(b *[NumSquares]Piece, s Square, d int) (*[9]Square, int, int) {
	ln := int(rayLen[s][d])
	ry := &ray[s][d]
	i := 0
	for i < ln && b[ry[i]] == NoPiece {
		i++
	}
	return ry, ln, i
}

// nextBlocker returns the index on ray ry (of length ln) of the first piece after index i
// (ln when there is none): past a screen at i, the piece a cannon attacks.
func nextBlocker(b *[NumSquares]Piece, ry *[9]Square, ln, i int) int {
	for i++; i < ln && b[ry[i]] == NoPiece; i++ {
	}
	return i
}
