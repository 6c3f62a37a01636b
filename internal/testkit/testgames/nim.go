package testgames

// NimMove is a move of Nim: heap<<2 | take.
type NimMove uint8

// Nim is a subtraction Nim: three heaps, a move takes 1..3 objects from one heap, and the
// player who cannot move loses (LossOnStalemate). The position carries its ply count (hashed),
// so equal heaps reached after different numbers of plies are different positions, and an
// optional move limit after which the game is Drawn.
type Nim struct {
	Heaps [3]uint8
	Ply   uint8
	Limit uint8 // Drawn when Ply >= Limit; 0 = no limit
}

// LegalMoves appends every take of 1..3 objects from a heap that has them.
func (p *Nim) LegalMoves(dst []NimMove) []NimMove {
	for h := 0; h < 3; h++ {
		for t := 1; t <= 3 && t <= int(p.Heaps[h]); t++ {
			dst = append(dst, NimMove(h<<2|t))
		}
	}
	return dst
}

// After writes the position after m into c.
func (p *Nim) After(m NimMove, c *Nim) {
	*c = *p
	c.Heaps[m>>2] -= uint8(m & 3)
	c.Ply++
}

// InCheck is always false.
func (p *Nim) InCheck() bool { return false }

// Drawn reports that the move limit is reached.
func (p *Nim) Drawn() bool { return p.Limit > 0 && p.Ply >= p.Limit }

// LossOnStalemate is true: the player who cannot move loses.
func (p *Nim) LossOnStalemate() bool { return true }

// Evaluate is an arbitrary deterministic heuristic (not the exact Grundy value), so that
// depth-limited values depend on the depth.
func (p *Nim) Evaluate() int {
	return (int(p.Heaps[0])*7+int(p.Heaps[1])*3+int(p.Heaps[2])*5+int(p.Ply))%23*4 - 44
}

// Hash mixes the heaps, the ply and the limit.
func (p *Nim) Hash() uint64 {
	return Mix(uint64(p.Heaps[0]) | uint64(p.Heaps[1])<<8 | uint64(p.Heaps[2])<<16 | uint64(p.Ply)<<24 | uint64(p.Limit)<<32)
}
