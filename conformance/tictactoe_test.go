package conformance_test

// A complete game plugin in one file: tic-tac-toe. It shows that a new game needs nothing but
// the gamesearch.Position methods and a conformance.Game descriptor to be searched and tested.

import (
	"fmt"
	"strings"

	"github.com/cotuong-ai/cotuong/conformance"
)

// tttMove is a square, 0..8 = file + 3*rank, files a..c and ranks 1..3 ("a1" is 0, "c3" is 8).
type tttMove uint8

func (m tttMove) String() string { return fmt.Sprintf("%c%c", 'a'+m%3, '1'+m/3) }

// tttPos is a tic-tac-toe position: cells hold 0 (empty), 'x' or 'o'. X moves first.
type tttPos struct {
	cells [9]byte
	bugs  tttBug // deliberate faults, for the tests that show the suite catches them
	trail uint64 // with bugOrderHash: a key of the order the squares were filled in
}

// tttBug is a deliberate fault of the plugin; the zero value is the correct plugin.
type tttBug uint8

const (
	bugAfterMutates  tttBug = 1 << iota // After also writes the move into the receiver
	bugDuplicateMove                    // LegalMoves lists the last move twice
	bugNoCheck                          // InCheck never reports the lost position
	bugOrderHash                        // Hash depends on the order the squares were filled
	bugFormatDropsO                     // Format writes 'o' as '.'
	bugMarkHash                         // Hash leaves out which mark is on a square
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

// toMove returns 'x' or 'o'.
func (p *tttPos) toMove() byte {
	n := 0
	for _, c := range p.cells {
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
func (p *tttPos) won(c byte) bool {
	for _, l := range tttLines {
		if p.cells[l[0]] == c && p.cells[l[1]] == c && p.cells[l[2]] == c {
			return true
		}
	}
	return false
}

func other(c byte) byte {
	if c == 'x' {
		return 'o'
	}
	return 'x'
}

// LegalMoves appends the empty squares, unless the game is already won.
func (p *tttPos) LegalMoves(dst []tttMove) []tttMove {
	if p.won('x') || p.won('o') {
		return dst
	}
	n := len(dst)
	for i, c := range p.cells {
		if c == 0 {
			dst = append(dst, tttMove(i))
		}
	}
	if p.bugs&bugDuplicateMove != 0 && len(dst) > n {
		dst = append(dst, dst[len(dst)-1])
	}
	return dst
}

// After writes the position after m into child.
func (p *tttPos) After(m tttMove, child *tttPos) {
	*child = *p
	child.cells[m] = p.toMove()
	if p.bugs&bugOrderHash != 0 {
		child.trail = p.trail*31 + uint64(m) + 1
	}
	if p.bugs&bugAfterMutates != 0 {
		p.cells[m] = p.toMove()
	}
}

// InCheck reports a lost position: the player who just moved has three in a row.
func (p *tttPos) InCheck() bool {
	return p.bugs&bugNoCheck == 0 && p.won(other(p.toMove()))
}

// Drawn reports a dead position: every line holds both marks, so nobody can win.
func (p *tttPos) Drawn() bool {
	for _, l := range tttLines {
		x, o := false, false
		for _, i := range l {
			x = x || p.cells[i] == 'x'
			o = o || p.cells[i] == 'o'
		}
		if !x || !o {
			return false
		}
	}
	return true
}

// LossOnStalemate is false: a full board without a line is a draw.
func (p *tttPos) LossOnStalemate() bool { return false }

// Evaluate counts the lines still open to the side to move minus those open to the other.
func (p *tttPos) Evaluate() int {
	me, them := p.toMove(), other(p.toMove())
	score := 0
	for _, l := range tttLines {
		mine, theirs := 0, 0
		for _, i := range l {
			switch p.cells[i] {
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
func (p *tttPos) Hash() uint64 {
	var h uint64
	for i, c := range p.cells {
		switch c {
		case 'x':
			h ^= tttZobrist[i][0]
		case 'o':
			if p.bugs&bugMarkHash != 0 {
				h ^= tttZobrist[i][0]
			} else {
				h ^= tttZobrist[i][1]
			}
		}
	}
	return h ^ p.trail
}

// parseTTT reads "xo.x..o.. x": nine cells from a1 to c3 ('x', 'o' or '.'), a space and the
// side to move, which must agree with the marks.
func parseTTT(s string) (tttPos, error) {
	var p tttPos
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
			p.cells[i] = 'x'
		case 'o':
			no++
			p.cells[i] = 'o'
		case '.':
		default:
			return p, fmt.Errorf("tic-tac-toe: %q: cell %s is %q, want x, o or .", s, tttMove(i), board[i])
		}
	}
	if nx != no && nx != no+1 {
		return p, fmt.Errorf("tic-tac-toe: %q: %d x and %d o cannot happen (X moves first)", s, nx, no)
	}
	if side != "x" && side != "o" {
		return p, fmt.Errorf("tic-tac-toe: %q: side to move %q, want x or o", s, side)
	}
	if side[0] != p.toMove() {
		return p, fmt.Errorf("tic-tac-toe: %q: side to move %s disagrees with the marks (%c to move)", s, side, p.toMove())
	}
	return p, nil
}

func formatTTT(p *tttPos) string {
	var b strings.Builder
	for _, c := range p.cells {
		switch {
		case c == 0, c == 'o' && p.bugs&bugFormatDropsO != 0:
			b.WriteByte('.')
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte(' ')
	b.WriteByte(p.toMove())
	return b.String()
}

// tictactoe returns the plugin's descriptor. The labels were worked out by hand and are
// verified by an independent minimax solver in TestTicTacToeLabels.
func tictactoe() conformance.Game[tttPos, *tttPos, tttMove] {
	return conformance.Game[tttPos, *tttPos, tttMove]{
		Name:       "tic-tac-toe",
		Parse:      parseTTT,
		Format:     formatTTT,
		FormatMove: tttMove.String,
		Start:      "......... x",
		// Leaves of the game tree at each depth, games that ended earlier not counted:
		// 9, 72, 504, 3024, 15120 (no game ends before ply 5) and 127872 at ply 9 (the
		// games that last nine plies: 81792 won by X + 46080 drawn; Bottomley's census of the
		// 255168 tic-tac-toe games).
		Perft: []conformance.PerftCase{
			{"empty board", "......... x", 1, 9},
			{"empty board", "......... x", 2, 72},
			{"empty board", "......... x", 3, 504},
			{"empty board", "......... x", 4, 3024},
			{"empty board", "......... x", 5, 15120},
			{"empty board", "......... x", 9, 127872},
		},
		Checkmated: []string{"xxxoo.... o", "xo.xo.x.. o", "oxx.o..xo x"},
		Stalemated: []string{"xoxxoooxx o"},
		MateIn: []conformance.MateCase{
			{Text: "xx.oo.... x", Moves: 1, First: "c1"},
			{Text: "x.o.o...x x", Moves: 2, First: "a3"},
		},
		SingleMove:  []conformance.SingleMoveCase{{Text: "xoxxoxo.o x", Move: "b3"}},
		DrawnByRule: []string{"xoxxooox. x"},
		Positions:   []string{"x........ o", "....x.... o"},
	}
}
