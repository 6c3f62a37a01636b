package xiangqi

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// maxCount[k] is the most pieces of kind k one side may have (the initial set).
var maxCount = [8]int{0, 1, 2, 2, 2, 2, 2, 5}

func pieceFromLetter(c byte) (Piece, bool) {
	color := Red
	if c >= 'a' && c <= 'z' {
		color = Black
		c -= 'a' - 'A'
	}
	var k Kind
	switch c {
	case 'K':
		k = General
	case 'A':
		k = Advisor
	case 'B', 'E':
		k = Elephant
	case 'N', 'H':
		k = Horse
	case 'R':
		k = Chariot
	case 'C':
		k = Cannon
	case 'P':
		k = Soldier
	default:
		return NoPiece, false
	}
	return MakePiece(color, k), true
}

// clip shortens s to 20 bytes and "…" for an error message.
func clip(s string) string {
	if len(s) <= 20 {
		return s
	}
	return strings.ToValidUTF8(s[:20], "") + "…"
}

func fenErr(format string, args ...any) error {
	return errors.New("xiangqi: FEN: " + fmt.Sprintf(format, args...))
}

func ordinal(n int) string {
	switch n {
	case 1:
		return "1st"
	case 2:
		return "2nd"
	case 3:
		return "3rd"
	}
	return strconv.Itoa(n) + "th"
}

// ParseFEN reads a xiangqi FEN: board (ranks 9 to 0 separated by '/', Red upper case, letters
// K A B N R C P, with E and H accepted for elephant and horse), side to move (w or r for Red,
// b for Black), then optionally "-", "-", the halfmove clock (plies since the last capture)
// and the fullmove number. A FEN with only the board and the side gets "- - 0 1".
//
// The position must be one the rules allow: one general per side inside its palace,
// advisors and elephants on their points, no soldier behind its starting rank, at most the
// initial number of each kind, soldiers that have not crossed the river on their starting
// files (a, c, e, g, i) and at most one such soldier on a file, and the side not to move not
// in check (nor the generals facing on an open file). An empty holdings suffix "[]" after
// the board (Fairy-Stockfish's FEN) is accepted. Errors start with "xiangqi: FEN: " and name the field, or the
// side and square at fault. The returned position has the DefaultMoveLimit.
func ParseFEN(s string) (Position, error) {
	var p Position
	fields := strings.Fields(s)
	switch {
	case len(fields) == 0:
		return p, fenErr("empty")
	case len(fields) == 1 && strings.Count(fields[0], "/") != 9:
		return p, fenErr("%q is not a board: want 10 ranks separated by '/' (the 9th rank first), then the side to move", clip(fields[0]))
	case len(fields) == 1:
		return p, fenErr("missing side to move (field 2)")
	case len(fields) > 6:
		return p, fenErr("%d fields, want 2 to 6 (board, side, -, -, halfmove clock, fullmove number)", len(fields))
	}
	// Fairy-Stockfish writes an empty holdings suffix "[]" after the board.
	ranks := strings.Split(strings.TrimSuffix(fields[0], "[]"), "/")
	if len(ranks) != 10 {
		return p, fenErr("board has %d ranks, want 10", len(ranks))
	}
	var counts [16]int
	var where [16][]Square
	for i, rs := range ranks {
		rank := 9 - i
		file := 0
		for j := 0; j < len(rs); j++ {
			c := rs[j]
			if c >= '1' && c <= '9' {
				file += int(c - '0')
				if file > 9 {
					return p, fenErr("rank %d (the %s rank field %q) has more than 9 points", rank, ordinal(i+1), rs)
				}
				continue
			}
			pc, ok := pieceFromLetter(c)
			if !ok {
				at := "rank " + strconv.Itoa(rank)
				if file < 9 {
					at = SquareAt(file, rank).String()
				}
				if c < 0x20 || c >= 0x7F {
					return p, fenErr("unknown piece letter %q on %s", string(rune(c)), at)
				}
				return p, fenErr("unknown piece letter '%c' on %s", c, at)
			}
			if file > 8 {
				return p, fenErr("rank %d (the %s rank field %q) has more than 9 points", rank, ordinal(i+1), rs)
			}
			sq := SquareAt(file, rank)
			counts[pc]++
			where[pc] = append(where[pc], sq)
			slices.Sort(where[pc])
			p.board[sq] = pc
			file++
		}
		if file != 9 {
			return p, fenErr("rank %d (the %s rank field %q) has %d points, want 9", rank, ordinal(i+1), rs, file)
		}
	}
	for _, c := range [2]Color{Red, Black} {
		g := MakePiece(c, General)
		if counts[g] == 0 {
			return p, fenErr("no %s general", c.lower())
		}
		for k := General; k <= Soldier; k++ {
			pc := MakePiece(c, k)
			if counts[pc] > maxCount[k] {
				if k == General {
					return p, fenErr("%s has %d generals (%s), want 1", c.lower(), counts[pc], squareList(where[pc]))
				}
				return p, fenErr("%s has %d %ss (%s), at most %d allowed", c.lower(), counts[pc], k, squareList(where[pc]), maxCount[k])
			}
			for _, sq := range where[pc] {
				if err := checkPlacement(pc, sq); err != nil {
					return p, err
				}
			}
		}
		if err := checkSoldierFiles(c, where[MakePiece(c, Soldier)]); err != nil {
			return p, err
		}
	}
	switch fields[1] {
	case "w", "r", "W", "R":
		p.side = Red
	case "b", "B":
		p.side = Black
	default:
		return p, fenErr("side to move %q (field 2): want w or r (Red) or b (Black)", fields[1])
	}
	for i := 2; i < 4 && i < len(fields); i++ {
		if fields[i] != "-" {
			return p, fenErr("field %d is %q, want - (xiangqi has no castling or en passant)", i+1, fields[i])
		}
	}
	clock, fullmove := 0, 1
	if len(fields) > 4 {
		n, err := strconv.Atoi(fields[4])
		if err != nil || n < 0 || n > 0xFFFF {
			return p, fenErr("halfmove clock %q (field 5): want plies since the last capture, 0 to 65535", fields[4])
		}
		clock = n
	}
	if len(fields) > 5 {
		n, err := strconv.Atoi(fields[5])
		if err != nil || n < 1 || n > 1<<30 {
			return p, fenErr("fullmove number %q (field 6): want a number from 1", fields[5])
		}
		fullmove = n
	}
	// Rebuild with put so every incremental term is set.
	board := p.board
	p.board = [NumSquares]Piece{}
	for s, pc := range board {
		if pc != NoPiece {
			p.put(pc, Square(s))
		}
	}
	if p.side == Black {
		p.hash ^= zobristSide
	}
	p.clock = uint16(clock)
	p.ply = uint32(2*(fullmove-1)) + uint32(p.side)
	p.limit = DefaultMoveLimit
	// The side that just moved may not have left its general attacked.
	opp := p.side.Other()
	if attacked(&p.board, p.gen[opp], p.side) {
		if p.generalsFace() {
			return p, fenErr("the generals face each other on the open %c-file (%s and %s)",
				'a'+byte(p.gen[Red].File()), p.gen[Red], p.gen[Black])
		}
		return p, fenErr("%s general on %s is in check but it is %s to move", opp.lower(), p.gen[opp], p.side.lower())
	}
	p.lc = p.scanGeneral()
	return p, nil
}

func squareList(sqs []Square) string {
	s := make([]string, len(sqs))
	for i, q := range sqs {
		s[i] = q.String()
	}
	return strings.Join(s, ", ")
}

// checkPlacement reports a piece standing where the rules never let it go.
func checkPlacement(pc Piece, sq Square) error {
	c := pc.Color()
	switch pc.Kind() {
	case General:
		if !palace[c][sq] {
			return fenErr("%s general on %s is outside its palace", c.lower(), sq)
		}
	case Advisor:
		if !advisorPoint[c][sq] {
			return fenErr("%s advisor on %s is not an advisor point", c.lower(), sq)
		}
	case Elephant:
		if !elephantPoint[c][sq] {
			return fenErr("%s elephant on %s is not an elephant point", c.lower(), sq)
		}
	case Soldier:
		r := sq.Rank()
		if (c == Red && r < 3) || (c == Black && r > 6) {
			return fenErr("%s soldier on %s is behind its starting rank", c.lower(), sq)
		}
	}
	return nil
}

// checkSoldierFiles reports a soldier of colour c (at sqs) that has not crossed the river yet
// stands where no sequence of moves could put it: soldiers move only forwards until they
// cross, so one on its own side stands on its starting file (a, c, e, g or i), and two such
// soldiers never share a file (each file starts with one, and a crossed soldier never comes
// back).
func checkSoldierFiles(c Color, sqs []Square) error {
	var onFile [9]Square
	for i := range onFile {
		onFile[i] = NoSquare
	}
	for _, sq := range sqs {
		if crossed(c, sq) {
			continue
		}
		f := sq.File()
		if f%2 != 0 {
			return fenErr("%s soldier on %s has not crossed the river but stands off the soldiers' starting files (a, c, e, g, i)", c.lower(), sq)
		}
		if o := onFile[f]; o != NoSquare {
			return fenErr("%s soldiers on %s and %s share the %c-file before crossing the river", c.lower(), o, sq, 'a'+byte(f))
		}
		onFile[f] = sq
	}
	return nil
}

// generalsFace reports whether the two generals stand on one file with nothing between.
func (p *Position) generalsFace() bool {
	r, b := p.gen[Red], p.gen[Black]
	if r.File() != b.File() {
		return false
	}
	for s := r + 9; s < b; s += 9 {
		if p.board[s] != NoPiece {
			return false
		}
	}
	return true
}

// FEN returns the position in FEN: Red upper case, letters K A B N R C P, side w or b, then
// "- -", the halfmove clock and the fullmove number.
func (p *Position) FEN() string {
	var sb strings.Builder
	sb.Grow(80)
	writePlacement(&sb, &p.board)
	if p.side == Red {
		sb.WriteString(" w - - ")
	} else {
		sb.WriteString(" b - - ")
	}
	sb.WriteString(strconv.Itoa(int(p.clock)))
	sb.WriteByte(' ')
	sb.WriteString(strconv.Itoa(int(p.ply/2) + 1))
	return sb.String()
}

// SetupFEN returns the FEN of a board being set up: board holds a piece (or NoPiece) for each
// square (indexed by SquareAt), side is to move, the clock 0 and the move number 1. The
// position is not checked: ParseFEN of the result says whether the rules could reach it.
func SetupFEN(board *[NumSquares]Piece, side Color) string {
	var sb strings.Builder
	sb.Grow(80)
	writePlacement(&sb, board)
	if side == Red {
		sb.WriteString(" w - - 0 1")
	} else {
		sb.WriteString(" b - - 0 1")
	}
	return sb.String()
}

// writePlacement writes FEN's piece placement of board: ranks 9 to 0 separated by '/', runs
// of empty points as digits.
func writePlacement(sb *strings.Builder, board *[NumSquares]Piece) {
	for rank := 9; rank >= 0; rank-- {
		empty := 0
		for file := 0; file < 9; file++ {
			pc := board[SquareAt(file, rank)]
			if pc == NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				sb.WriteByte(byte('0' + empty))
				empty = 0
			}
			sb.WriteByte(pc.Letter())
		}
		if empty > 0 {
			sb.WriteByte(byte('0' + empty))
		}
		if rank > 0 {
			sb.WriteByte('/')
		}
	}
}

// String returns p.FEN().
func (p Position) String() string { return p.FEN() }
