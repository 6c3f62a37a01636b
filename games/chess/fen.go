package chess

import (
	"fmt"
	"strconv"
	"strings"
)

// FENError is the error ParseFEN returns: which FEN field was wrong and why, with the square
// concerned when there is one.
type FENError struct {
	Field  string // "placement", "side to move", "castling", "en passant", "halfmove clock", "fullmove number" or "position"
	Square Square // the square concerned, or NoSquare
	Msg    string // what was wrong with the field
}

// Error returns "chess: FEN <field>: <msg>", followed by the square when there is one.
func (e *FENError) Error() string {
	if e.Square != NoSquare {
		return fmt.Sprintf("chess: FEN %s: %s (square %s)", e.Field, e.Msg, e.Square)
	}
	return fmt.Sprintf("chess: FEN %s: %s", e.Field, e.Msg)
}

func fenErr(field string, sq Square, format string, args ...any) error {
	return &FENError{Field: field, Square: sq, Msg: fmt.Sprintf(format, args...)}
}

// ParseFEN parses a position in Forsyth-Edwards Notation. The piece placement and the side to
// move are required; the castling field, the en passant field, the half-move clock and the
// full-move number may be left out, and then default to "-", "-", 0 and 1 (a lenient reading
// that accepts the shortened FENs many tools print). A full-move number of 0 is read as 1.
//
// It returns a *FENError naming the field (and square) for: a rank that does not have 8
// squares, an unknown letter, a number of ranks other than 8, a king count other than one per
// side, a pawn on the first or last rank, more than 8 pawns of a side or more pieces than its
// missing pawns could have promoted to, a side to move other than "w"/"b", castling rights
// that do not match the king and rook squares, an en passant square on the wrong rank or without
// the pawn that has just moved two squares past it, clocks that are not numbers, and the side not
// to move being in check. It never panics.
//
// The en passant square is kept only when an en passant capture is legal (so that positions
// equal under FIDE Laws 9.2.3 have equal Hash values); FEN prints it under the same condition.
func ParseFEN(s string) (Position, error) {
	var p Position
	f := strings.Fields(s)
	if len(f) == 0 {
		return p, fenErr("placement", NoSquare, "empty FEN")
	}
	if len(f) > 6 {
		return p, fenErr("position", NoSquare, "%d fields, want at most 6", len(f))
	}
	if err := p.parsePlacement(f[0]); err != nil {
		return Position{}, err
	}
	if len(f) < 2 {
		return Position{}, fenErr("side to move", NoSquare, "missing (want \"w\" or \"b\")")
	}
	switch f[1] {
	case "w":
		p.side = White
	case "b":
		p.side = Black
	default:
		return Position{}, fenErr("side to move", NoSquare, "%q, want \"w\" or \"b\"", f[1])
	}
	castling, ep, half, full := "-", "-", "0", "1"
	if len(f) > 2 {
		castling = f[2]
	}
	if len(f) > 3 {
		ep = f[3]
	}
	if len(f) > 4 {
		half = f[4]
	}
	if len(f) > 5 {
		full = f[5]
	}
	if err := p.parseCastling(castling); err != nil {
		return Position{}, err
	}
	p.ep = NoSquare
	if ep != "-" {
		sq, ok := ParseSquare(ep)
		if !ok {
			return Position{}, fenErr("en passant", NoSquare, "%q is not a square or \"-\"", ep)
		}
		if err := p.checkEP(sq); err != nil {
			return Position{}, err
		}
		if p.epLegal(sq) {
			p.ep = sq
		}
	}
	n, err := strconv.ParseUint(half, 10, 16)
	if err != nil {
		return Position{}, fenErr("halfmove clock", NoSquare, "%q is not a number from 0 to 65535", half)
	}
	p.halfmove = uint16(n)
	n, err = strconv.ParseUint(full, 10, 16)
	if err != nil {
		return Position{}, fenErr("fullmove number", NoSquare, "%q is not a number from 1 to 65535", full)
	}
	if n == 0 {
		n = 1
	}
	p.fullmove = uint16(n)
	them := p.side.Other()
	if k := p.kingSq(them); p.attacked(k, p.side, p.kinds[0]) {
		return Position{}, fenErr("position", k, "the side not to move (%s) is in check", them)
	}
	p.hash = p.computeHash()
	return p, nil
}

func (p *Position) parsePlacement(s string) error {
	ranks := strings.Split(s, "/")
	if len(ranks) != 8 {
		return fenErr("placement", NoSquare, "%d ranks, want 8", len(ranks))
	}
	for i, row := range ranks {
		r := 7 - i
		file := 0
		for j := 0; j < len(row); j++ {
			ch := row[j]
			if ch >= '1' && ch <= '8' {
				file += int(ch - '0')
				if file > 8 {
					break
				}
				continue
			}
			var k Kind
			switch ch | 0x20 {
			case 'p':
				k = Pawn
			case 'n':
				k = Knight
			case 'b':
				k = Bishop
			case 'r':
				k = Rook
			case 'q':
				k = Queen
			case 'k':
				k = King
			default:
				sq := SquareAt(file, r)
				return fenErr("placement", sq, "rank %d: unknown character %q", r+1, rune(ch))
			}
			if file >= 8 {
				file++
				break
			}
			c := White
			if ch >= 'a' {
				c = Black
			}
			sq := SquareAt(file, r)
			if k == Pawn && (r == 0 || r == 7) {
				return fenErr("placement", sq, "%s pawn on rank %d", c, r+1)
			}
			b := sqBB(sq)
			p.kinds[k] |= b
			p.kinds[0] |= b
			p.colors[c] |= b
			file++
		}
		if file != 8 {
			return fenErr("placement", NoSquare, "rank %d (%q) has %s squares, want 8", r+1, row, squaresCount(file))
		}
	}
	for c := White; c <= Black; c++ {
		if n := popcount(p.kinds[King] & p.colors[c]); n != 1 {
			return fenErr("placement", NoSquare, "%d %s kings, want 1", n, strings.ToLower(c.String()))
		}
	}
	return p.checkMaterial()
}

// checkMaterial rejects material no game can reach (FIDE Laws 3.7: only pawns promote, one
// piece each): more than 8 pawns of a side, or more queens, rooks, bishops and knights
// beyond the initial 1, 2, 2, 2 than the side's missing pawns could have become. The error
// names the side and a square of the surplus kind.
func (p *Position) checkMaterial() error {
	for c := White; c <= Black; c++ {
		side := strings.ToLower(c.String())
		pawns := p.kinds[Pawn] & p.colors[c]
		if n := popcount(pawns); n > 8 {
			return fenErr("placement", lsb(pawns), "%s has %d pawns, at most 8", side, n)
		}
		extra := 0
		var last Kind
		for _, k := range [...]struct {
			kind Kind
			init int
		}{{Queen, 1}, {Rook, 2}, {Bishop, 2}, {Knight, 2}} {
			if n := popcount(p.kinds[k.kind] & p.colors[c]); n > k.init {
				extra += n - k.init
				last = k.kind
			}
		}
		if promoted := 8 - popcount(pawns); extra > promoted {
			return fenErr("placement", lsb(p.kinds[last]&p.colors[c]),
				"%s has %d pieces beyond the initial set but only %d missing pawns that could have promoted", side, extra, promoted)
		}
	}
	return nil
}

func squaresCount(n int) string {
	if n > 8 {
		return "more than 8"
	}
	return strconv.Itoa(n)
}

func (p *Position) parseCastling(s string) error {
	if s == "-" {
		return nil
	}
	for i := 0; i < len(s); i++ {
		var bit uint8
		var c Color
		var ksq, rsq Square
		// Shredder-FEN and X-FEN name a castling right by its rook's file (Stockfish reads
		// them so): H and A are White's h- and a-file rooks, h and a Black's.
		letter := s[i]
		switch letter {
		case 'H':
			letter = 'K'
		case 'A':
			letter = 'Q'
		case 'h':
			letter = 'k'
		case 'a':
			letter = 'q'
		}
		switch letter {
		case 'K':
			bit, c, ksq, rsq = whiteOO, White, sqE1, sqH1
		case 'Q':
			bit, c, ksq, rsq = whiteOOO, White, sqE1, sqA1
		case 'k':
			bit, c, ksq, rsq = blackOO, Black, sqE8, sqH8
		case 'q':
			bit, c, ksq, rsq = blackOOO, Black, sqE8, sqA8
		case 'B', 'C', 'D', 'E', 'F', 'G', 'b', 'c', 'd', 'e', 'f', 'g':
			return fenErr("castling", NoSquare, "%q: %q names a castling rook on the %c-file, which is Chess960's; standard chess castles with the a- and h-file rooks (KQkq, or Shredder-FEN's HAha)",
				s, rune(s[i]), s[i]|0x20)
		default:
			return fenErr("castling", NoSquare, "%q: unknown character %q (want KQkq, Shredder-FEN's HAha, or -)", s, rune(s[i]))
		}
		if p.castle&bit != 0 {
			return fenErr("castling", NoSquare, "%q: %q given twice", s, rune(s[i]))
		}
		if p.PieceAt(ksq) != MakePiece(c, King) {
			return fenErr("castling", ksq, "right %q needs the %s king on %s", rune(s[i]), strings.ToLower(c.String()), ksq)
		}
		if p.PieceAt(rsq) != MakePiece(c, Rook) {
			return fenErr("castling", rsq, "right %q needs a %s rook on %s", rune(s[i]), strings.ToLower(c.String()), rsq)
		}
		p.castle |= bit
	}
	return nil
}

// checkEP checks that sq can be an en passant target: on rank 6 with White to move (rank 3 with
// Black), with an enemy pawn just in front of it and the square it came from empty.
func (p *Position) checkEP(sq Square) error {
	wantRank, pawnSq, originSq := 5, sq-8, sq+8
	if p.side == Black {
		wantRank, pawnSq, originSq = 2, sq+8, sq-8
	}
	if sq.Rank() != wantRank {
		return fenErr("en passant", sq, "on rank %d, want rank %d with %s to move", sq.Rank()+1, wantRank+1, p.side)
	}
	if p.PieceAt(pawnSq) != MakePiece(p.side.Other(), Pawn) {
		return fenErr("en passant", sq, "no %s pawn on %s that has just moved two squares", strings.ToLower(p.side.Other().String()), pawnSq)
	}
	if p.PieceAt(sq) != NoPiece || p.PieceAt(originSq) != NoPiece {
		return fenErr("en passant", sq, "%s and %s must be empty after a two-square pawn move", sq, originSq)
	}
	return nil
}

// FEN returns the position in Forsyth-Edwards Notation. The en passant field names the target
// square only when an en passant capture is legal (as recent Stockfish prints it); otherwise it
// is "-".
func (p Position) FEN() string {
	var b strings.Builder
	b.Grow(90)
	for r := 7; r >= 0; r-- {
		empty := 0
		for f := 0; f < 8; f++ {
			pc := p.PieceAt(SquareAt(f, r))
			if pc == NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			b.WriteByte(pc.Letter())
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	if p.side == White {
		b.WriteString(" w ")
	} else {
		b.WriteString(" b ")
	}
	if p.castle == 0 {
		b.WriteByte('-')
	} else {
		for i, l := range "KQkq" {
			if p.castle&(1<<i) != 0 {
				b.WriteRune(l)
			}
		}
	}
	b.WriteByte(' ')
	b.WriteString(p.ep.String())
	b.WriteByte(' ')
	b.WriteString(strconv.Itoa(int(p.halfmove)))
	b.WriteByte(' ')
	b.WriteString(strconv.Itoa(int(p.fullmove)))
	return b.String()
}

// String returns p.FEN().
func (p Position) String() string { return p.FEN() }
