package xiangqi

import "fmt"

// Color is a side: Red (moves first, uppercase in FEN) or Black.
type Color uint8

// The two sides.
const (
	Red Color = iota
	Black
)

// String returns "Red" or "Black".
func (c Color) String() string {
	switch c {
	case Red:
		return "Red"
	case Black:
		return "Black"
	}
	return fmt.Sprintf("Color(%d)", uint8(c))
}

// Other returns the opponent of c.
func (c Color) Other() Color { return c ^ 1 }

// lower returns "red" or "black", used in error messages.
func (c Color) lower() string {
	if c == Red {
		return "red"
	}
	return "black"
}

// Kind is a type of piece without its colour. The zero Kind means no piece.
type Kind uint8

// The seven kinds of piece, named as in the WXF rules (English names).
const (
	NoKind   Kind = iota
	General       // 帥/將, K in FEN
	Advisor       // 仕/士, A
	Elephant      // 相/象, B (E accepted on input)
	Horse         // 傌/馬, N (H accepted on input)
	Chariot       // 俥/車, R
	Cannon        // 炮/砲, C
	Soldier       // 兵/卒, P
)

var kindNames = [...]string{"none", "general", "advisor", "elephant", "horse", "chariot", "cannon", "soldier"}

// String returns the lower-case English name of the kind, e.g. "horse".
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// Piece is a coloured piece: the colour in bit 3, the Kind in bits 0-2. NoPiece (0) is an
// empty square.
type Piece uint8

// NoPiece marks an empty square.
const NoPiece Piece = 0

// MakePiece returns the piece of colour c and kind k.
func MakePiece(c Color, k Kind) Piece { return Piece(c)<<3 | Piece(k) }

// Color returns the piece's colour (Red for NoPiece).
func (p Piece) Color() Color { return Color(p >> 3) }

// Kind returns the piece's kind (NoKind for NoPiece).
func (p Piece) Kind() Kind { return Kind(p & 7) }

const fenLetters = " KABNRCP"

// Letter returns the FEN letter: 'K','A','B','N','R','C','P' for Red, lower case for Black,
// '.' for NoPiece.
func (p Piece) Letter() byte {
	if p.Kind() == NoKind || p.Kind() > Soldier {
		return '.'
	}
	l := fenLetters[p.Kind()]
	if p.Color() == Black {
		l += 'a' - 'A'
	}
	return l
}

var chineseNames = [2][8]string{
	{"", "帥", "仕", "相", "傌", "俥", "炮", "兵"},
	{"", "將", "士", "象", "馬", "車", "砲", "卒"},
}

// Chinese returns the traditional Chinese character of the piece: 帥仕相傌俥炮兵 for Red,
// 將士象馬車砲卒 for Black ("" for NoPiece).
func (p Piece) Chinese() string {
	if p.Kind() > Soldier || p.Color() > Black {
		return ""
	}
	return chineseNames[p.Color()][p.Kind()]
}

var vietnameseNames = [8]string{"", "TG", "S", "T", "M", "X", "P", "B"}

// Vietnamese returns the short Vietnamese label of the piece: TG (Tướng), S (Sĩ), T (Tượng),
// M (Mã), X (Xe), P (Pháo), B (Binh); the same for both colours ("" for NoPiece).
func (p Piece) Vietnamese() string {
	if p.Kind() > Soldier {
		return ""
	}
	return vietnameseNames[p.Kind()]
}

// String returns a description such as "red horse" ("empty" for NoPiece).
func (p Piece) String() string {
	if p == NoPiece {
		return "empty"
	}
	return p.Color().lower() + " " + p.Kind().String()
}

// Square is a point of the board, 0..89 = file + 9*rank: file 0..8 is a..i from Red's left,
// rank 0..9 counts from Red's side (Red's back rank is 0).
type Square uint8

// NoSquare is the value of "no square".
const NoSquare Square = 0xFF

// NumSquares is the number of points on the board.
const NumSquares = 90

// SquareAt returns the square at file (0..8, a..i) and rank (0..9), or NoSquare when either
// is off the board.
func SquareAt(file, rank int) Square {
	if file < 0 || file > 8 || rank < 0 || rank > 9 {
		return NoSquare
	}
	return Square(file + 9*rank)
}

// File returns the file 0..8 (a..i).
func (s Square) File() int { return int(sqFile[s]) }

// Rank returns the rank 0..9, counted from Red's side.
func (s Square) Rank() int { return int(sqRank[s]) }

// String returns the coordinate name, e.g. "e0" ("-" for NoSquare or any other off-board value).
func (s Square) String() string {
	if s >= NumSquares {
		return "-"
	}
	return string([]byte{'a' + byte(s.File()), '0' + byte(s.Rank())})
}

var sqFile, sqRank [256]uint8

func init() {
	for s := 0; s < NumSquares; s++ {
		sqFile[s] = uint8(s % 9)
		sqRank[s] = uint8(s / 9)
	}
}

// Move is a packed move: from-square in bits 0-6, to-square in bits 7-13. NoMove (0) is no
// move (a0 to a0 is never legal).
type Move uint16

// NoMove is the zero Move, "no move".
const NoMove Move = 0

// NewMove returns the move from one square to another.
func NewMove(from, to Square) Move { return Move(from) | Move(to)<<7 }

// From returns the square the piece leaves.
func (m Move) From() Square { return Square(m & 0x7F) }

// To returns the square the piece goes to.
func (m Move) To() Square { return Square(m >> 7 & 0x7F) }

// UCI returns the move in UCI coordinates as this project writes them, e.g. "h2e2" (ranks
// 0-9 from Red's side, the ICCS convention; Fairy-Stockfish writes ranks 1-10). NoMove is
// "0000".
func (m Move) UCI() string {
	if m == NoMove || m.From() >= NumSquares || m.To() >= NumSquares {
		return "0000"
	}
	return m.From().String() + m.To().String()
}

// ICCS returns the move in ICCS notation, e.g. "H2-E2" ("0000" for NoMove).
func (m Move) ICCS() string {
	if m == NoMove || m.From() >= NumSquares || m.To() >= NumSquares {
		return "0000"
	}
	f, t := m.From(), m.To()
	return string([]byte{'A' + byte(f.File()), '0' + byte(f.Rank()), '-', 'A' + byte(t.File()), '0' + byte(t.Rank())})
}

// String returns m.UCI().
func (m Move) String() string { return m.UCI() }
