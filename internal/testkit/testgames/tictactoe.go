package testgames

import (
	"fmt"
	"strings"
)

// TicTacToeMove is a square, 0..8 = file + 3*rank, files a..c and ranks 1..3 ("a1" is 0,
// "c3" is 8).
type TicTacToeMove uint8

// String returns the square's name, "a1" to "c3".
func (m TicTacToeMove) String() string { return fmt.Sprintf("%c%c", 'a'+m%3, '1'+m/3) }

// TicTacToe is a tic-tac-toe position. X moves first. A side whose opponent has three in a
// row is "in check" and has no legal move, so a search scores it as mated; a full board
// without a line is a stalemate, a draw; a board where every line holds both marks is Drawn.
type TicTacToe struct {
	// Cells hold 0 (empty), 'x' or 'o'.
	Cells [9]byte
	// Faults are deliberate errors, for the tests that show a checker catches them; the
	// zero value is the correct game.
	Faults TicTacToeFault
	trail  uint64 // with FaultOrderHash: a key of the order the squares were filled in
}

// TicTacToeFault is a set of deliberate faults of TicTacToe.
type TicTacToeFault uint8

// The faults a TicTacToe can carry.
const (
	FaultAfterMutates  TicTacToeFault = 1 << iota // After also writes the move into the receiver
	FaultDuplicateMove                            // LegalMoves lists the last move twice
	FaultNoCheck                                  // InCheck never reports the lost position
	FaultOrderHash                                // Hash depends on the order the squares were filled
	FaultFormatDropsO                             // FormatTicTacToe writes 'o' as '.'
	FaultMarkHash                                 // Hash leaves out which mark is on a square
)

var tttLines = [8][3]int{{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}}

// tttZobrist holds a key per square and mark, from a fixed SplitMix64 stream.
var tttZobrist = func() (z [9][2]uint64) {
	x := uint64(0x9e3779b97f4a7c15)
	for i := range z {
		for j := range z[i] {
			x += 0x9e3779b97f4a7c15
			v := x
			v = (v ^ v>>30) * 0xbf58476d1ce4e5b9
			v = (v ^ v>>27) * 0x94d049bb133111eb
			z[i][j] = v ^ v>>31
		}
	}
	return z
}()

// TicTacToeOf returns the position of nine cells from a1 to c3, each 'x' or 'X', 'o' or
// 'O', or '.'; the side to move follows from the counts (X moves first). It panics on
// another length or character.
func TicTacToeOf(cells string) TicTacToe {
	var p TicTacToe
	if len(cells) != 9 {
		panic("testgames: TicTacToeOf wants 9 cells, got " + cells)
	}
	for i := range 9 {
		switch cells[i] {
		case 'x', 'X':
			p.Cells[i] = 'x'
		case 'o', 'O':
			p.Cells[i] = 'o'
		case '.':
		default:
			panic("testgames: TicTacToeOf: bad cell in " + cells)
		}
	}
	return p
}

// ToMove returns 'x' or 'o'.
func (p *TicTacToe) ToMove() byte {
	n := 0
	for _, c := range p.Cells {
		if c != 0 {
			n++
		}
	}
	if n%2 == 0 {
		return 'x'
	}
	return 'o'
}

// won reports whether mark c has three in a row.
func (p *TicTacToe) won(c byte) bool {
	for _, l := range tttLines {
		if p.Cells[l[0]] == c && p.Cells[l[1]] == c && p.Cells[l[2]] == c {
			return true
		}
	}
	return false
}

func otherMark(c byte) byte {
	if c == 'x' {
		return 'o'
	}
	return 'x'
}

// LegalMoves appends the empty squares, unless the game is already won.
func (p *TicTacToe) LegalMoves(dst []TicTacToeMove) []TicTacToeMove {
	if p.won('x') || p.won('o') {
		return dst
	}
	n := len(dst)
	for i, c := range p.Cells {
		if c == 0 {
			dst = append(dst, TicTacToeMove(i))
		}
	}
	if p.Faults&FaultDuplicateMove != 0 && len(dst) > n {
		dst = append(dst, dst[len(dst)-1])
	}
	return dst
}

// After writes the position after m into child.
func (p *TicTacToe) After(m TicTacToeMove, child *TicTacToe) {
	*child = *p
	child.Cells[m] = p.ToMove()
	if p.Faults&FaultOrderHash != 0 {
		child.trail = p.trail*31 + uint64(m) + 1
	}
	if p.Faults&FaultAfterMutates != 0 {
		p.Cells[m] = p.ToMove()
	}
}

// InCheck reports a lost position: the player who just moved has three in a row.
func (p *TicTacToe) InCheck() bool {
	return p.Faults&FaultNoCheck == 0 && p.won(otherMark(p.ToMove()))
}

// Drawn reports a dead position: every line holds both marks, so nobody can win.
func (p *TicTacToe) Drawn() bool {
	for _, l := range tttLines {
		x, o := false, false
		for _, i := range l {
			x = x || p.Cells[i] == 'x'
			o = o || p.Cells[i] == 'o'
		}
		if !x || !o {
			return false
		}
	}
	return true
}

// LossOnStalemate is false: a full board without a line is a draw.
func (p *TicTacToe) LossOnStalemate() bool { return false }

// Evaluate counts the lines still open to the side to move minus those open to the other.
func (p *TicTacToe) Evaluate() int {
	me, them := p.ToMove(), otherMark(p.ToMove())
	score := 0
	for _, l := range tttLines {
		mine, theirs := 0, 0
		for _, i := range l {
			switch p.Cells[i] {
			case me:
				mine++
			case them:
				theirs++
			}
		}
		if theirs == 0 {
			score += 10 * mine
		}
		if mine == 0 {
			score -= 10 * theirs
		}
	}
	return score
}

// Hash is the Zobrist key of the marks (the side to move follows from them).
func (p *TicTacToe) Hash() uint64 {
	var h uint64
	for i, c := range p.Cells {
		switch c {
		case 'x':
			h ^= tttZobrist[i][0]
		case 'o':
			if p.Faults&FaultMarkHash != 0 {
				h ^= tttZobrist[i][0]
			} else {
				h ^= tttZobrist[i][1]
			}
		}
	}
	return h ^ p.trail
}

// ParseTicTacToe reads "xo.x..o.. x": nine cells from a1 to c3 ('x', 'o' or '.'), a space
// and the side to move, which must agree with the marks.
func ParseTicTacToe(s string) (TicTacToe, error) {
	var p TicTacToe
	board, side, ok := strings.Cut(s, " ")
	if !ok {
		return p, fmt.Errorf("tic-tac-toe: %q: want 9 cells, a space and the side to move", s)
	}
	if len(board) != 9 {
		return p, fmt.Errorf("tic-tac-toe: %q: board has %d cells, want 9", s, len(board))
	}
	nx, no := 0, 0
	for i := range 9 {
		switch board[i] {
		case 'x':
			nx++
			p.Cells[i] = 'x'
		case 'o':
			no++
			p.Cells[i] = 'o'
		case '.':
		default:
			return p, fmt.Errorf("tic-tac-toe: %q: cell %s is %q, want x, o or .", s, TicTacToeMove(i), board[i])
		}
	}
	if nx != no && nx != no+1 {
		return p, fmt.Errorf("tic-tac-toe: %q: %d x and %d o cannot happen (X moves first)", s, nx, no)
	}
	if side != "x" && side != "o" {
		return p, fmt.Errorf("tic-tac-toe: %q: side to move %q, want x or o", s, side)
	}
	if side[0] != p.ToMove() {
		return p, fmt.Errorf("tic-tac-toe: %q: side to move %s disagrees with the marks (%c to move)", s, side, p.ToMove())
	}
	return p, nil
}

// FormatTicTacToe writes p as ParseTicTacToe reads it.
func FormatTicTacToe(p *TicTacToe) string {
	var b strings.Builder
	for _, c := range p.Cells {
		switch {
		case c == 0, c == 'o' && p.Faults&FaultFormatDropsO != 0:
			b.WriteByte('.')
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte(' ')
	b.WriteByte(p.ToMove())
	return b.String()
}
