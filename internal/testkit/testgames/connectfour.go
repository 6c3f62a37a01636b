package testgames

// ConnectFourMove is a column, 0..6.
type ConnectFourMove uint8

// ConnectFour is connect four on the usual 7x6 board, bitboards with 7 bits per column. A
// side whose opponent has four in a row is "in check" with no legal move. The zero value is
// the empty board.
type ConnectFour struct {
	cur  uint64 // stones of the side to move
	mask uint64 // all stones
	n    uint8  // stones played
}

const c4Bottom = 1 | 1<<7 | 1<<14 | 1<<21 | 1<<28 | 1<<35 | 1<<42

var c4Order = [7]ConnectFourMove{3, 2, 4, 1, 5, 0, 6}

func c4Aligned(b uint64) bool {
	for _, d := range [4]uint{1, 7, 6, 8} {
		m := b & (b >> d)
		if m&(m>>(2*d)) != 0 {
			return true
		}
	}
	return false
}

// LegalMoves appends the columns that are not full, centre first, unless the game is won.
func (p *ConnectFour) LegalMoves(dst []ConnectFourMove) []ConnectFourMove {
	if c4Aligned(p.cur ^ p.mask) {
		return dst
	}
	for _, c := range c4Order {
		if p.mask&(1<<(7*uint(c)+5)) == 0 {
			dst = append(dst, c)
		}
	}
	return dst
}

// After writes the position after a stone in column m into c.
func (p *ConnectFour) After(m ConnectFourMove, c *ConnectFour) {
	c.cur = p.cur ^ p.mask
	c.mask = p.mask | (p.mask + 1<<(7*uint(m)))
	c.n = p.n + 1
}

// InCheck reports that the opponent has four in a row.
func (p *ConnectFour) InCheck() bool { return c4Aligned(p.cur ^ p.mask) }

// Drawn is always false.
func (p *ConnectFour) Drawn() bool { return false }

// LossOnStalemate is false: a full board is a draw.
func (p *ConnectFour) LossOnStalemate() bool { return false }

var c4Weights = [7]int{3, 4, 5, 7, 5, 4, 3}

// Evaluate weighs the stones of each side by column.
func (p *ConnectFour) Evaluate() int {
	opp := p.cur ^ p.mask
	s := 0
	for c := 0; c < 7; c++ {
		col := uint64(0x3F) << (7 * uint(c))
		s += c4Weights[c] * (popcount(p.cur&col) - popcount(opp&col))
	}
	return s
}

func popcount(x uint64) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
}

// Hash is a key of the stones and the side to move.
func (p *ConnectFour) Hash() uint64 { return Mix(p.cur + p.mask + c4Bottom) }

// Pass writes into c the position after the side to move passes (a null move).
func (p *ConnectFour) Pass(c *ConnectFour) {
	c.cur = p.cur ^ p.mask
	c.mask = p.mask
	c.n = p.n
}

// Stones returns how many stones have been played.
func (p *ConnectFour) Stones() int { return int(p.n) }
