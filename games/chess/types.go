package chess

import "strings"

// Color is a side: White or Black. White moves first.
type Color uint8

// The two sides.
const (
	White Color = iota
	Black
)

// Other returns the opponent of c.
func (c Color) Other() Color { return c ^ 1 }

// String returns "White" or "Black".
func (c Color) String() string {
	if c == White {
		return "White"
	}
	return "Black"
}

// Kind is a kind of chess piece. The zero value NoKind means no piece.
type Kind uint8

// The piece kinds, in the usual order of value.
const (
	NoKind Kind = iota
	Pawn
	Knight
	Bishop
	Rook
	Queen
	King
)

// String returns the English name of the kind ("pawn", "knight", ...), "none" for NoKind.
func (k Kind) String() string {
	if k > King {
		return "none"
	}
	return [...]string{"none", "pawn", "knight", "bishop", "rook", "queen", "king"}[k]
}

// Letter returns the upper-case SAN/FEN letter of the kind: 'P','N','B','R','Q','K'; 0 for NoKind.
func (k Kind) Letter() byte {
	if k > King {
		return 0
	}
	return " PNBRQK"[k]
}

// Piece is a coloured piece: Kind in the low 3 bits, Color in bit 3. NoPiece (0) is an empty
// square.
type Piece uint8

// NoPiece is the content of an empty square.
const NoPiece Piece = 0

// MakePiece returns the piece of kind k and colour c.
func MakePiece(c Color, k Kind) Piece { return Piece(k) | Piece(c)<<3 }

// Color returns the colour of p (White for NoPiece).
func (p Piece) Color() Color { return Color(p >> 3 & 1) }

// Kind returns the kind of p (NoKind for NoPiece).
func (p Piece) Kind() Kind { return Kind(p & 7) }

// Letter returns the FEN letter of p: upper case for White ('K'), lower case for Black ('k');
// '.' for NoPiece.
func (p Piece) Letter() byte {
	k := p.Kind()
	if k == NoKind || k > King {
		return '.'
	}
	l := k.Letter()
	if p.Color() == Black {
		l += 'a' - 'A'
	}
	return l
}

// String returns the FEN letter of p as a string.
func (p Piece) String() string { return string(p.Letter()) }

// Square is a square of the board, 0..63: file + 8*rank, so a1 = 0, h1 = 7, a8 = 56, h8 = 63.
type Square uint8

// NoSquare is the value used for "no square" (for example no en passant square).
const NoSquare Square = 64

// SquareAt returns the square on file 0..7 (a..h) and rank 0..7 (1..8). It returns NoSquare
// when either is out of range.
func SquareAt(file, rank int) Square {
	if file < 0 || file > 7 || rank < 0 || rank > 7 {
		return NoSquare
	}
	return Square(file + 8*rank)
}

// File returns the file of sq, 0..7 for a..h.
func (sq Square) File() int { return int(sq & 7) }

// Rank returns the rank of sq, 0..7 for ranks 1..8.
func (sq Square) Rank() int { return int(sq >> 3) }

// String returns the algebraic name of sq ("e4"), or "-" for NoSquare.
func (sq Square) String() string {
	if sq >= 64 {
		return "-"
	}
	return string([]byte{'a' + byte(sq.File()), '1' + byte(sq.Rank())})
}

// ParseSquare parses an algebraic square name such as "e4".
func ParseSquare(s string) (Square, bool) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' {
		return NoSquare, false
	}
	return Square(s[0]-'a') + 8*Square(s[1]-'1'), true
}

// Move is a packed move: bits 0-5 the from square, bits 6-11 the to square, bits 12-13 the
// promotion piece (0 knight, 1 bishop, 2 rook, 3 queen) and bits 14-15 the move type (0 normal,
// 1 promotion, 2 en passant, 3 castling). Castling is encoded as the king's move (e1g1).
// NoMove (0) is never a legal move.
type Move uint16

// NoMove is the zero Move; it is never legal. Its UCI form is "0000".
const NoMove Move = 0

const (
	flagNormal    = 0
	flagPromotion = 1 << 14
	flagEnPassant = 2 << 14
	flagCastling  = 3 << 14
	flagMask      = 3 << 14
)

// NewMove returns the normal (non-promotion, non-special) move from -> to. Use ParseMove or
// LegalMoves to obtain castling, en passant and promotion moves with their flags.
func NewMove(from, to Square) Move { return Move(from&63) | Move(to&63)<<6 }

func newPromotion(from, to Square, k Kind) Move {
	return Move(from) | Move(to)<<6 | Move(k-Knight)<<12 | flagPromotion
}

// From returns the square the move starts on.
func (m Move) From() Square { return Square(m & 63) }

// To returns the square the move ends on (for castling, the king's destination).
func (m Move) To() Square { return Square(m >> 6 & 63) }

// Promotion returns the kind promoted to, or NoKind when m is not a promotion.
func (m Move) Promotion() Kind {
	if m&flagMask != flagPromotion {
		return NoKind
	}
	return Kind(m>>12&3) + Knight
}

// IsCastling reports whether m is a castling move.
func (m Move) IsCastling() bool { return m&flagMask == flagCastling }

// IsEnPassant reports whether m is an en passant capture.
func (m Move) IsEnPassant() bool { return m&flagMask == flagEnPassant }

// UCI returns the move in UCI long algebraic notation: "e2e4", "e7e8q", "e1g1" for White's
// short castling, "0000" for NoMove.
func (m Move) UCI() string {
	if m == NoMove {
		return "0000"
	}
	var b strings.Builder
	b.Grow(5)
	b.WriteString(m.From().String())
	b.WriteString(m.To().String())
	if k := m.Promotion(); k != NoKind {
		b.WriteByte(k.Letter() + 'a' - 'A')
	}
	return b.String()
}

// String returns m.UCI().
func (m Move) String() string { return m.UCI() }
