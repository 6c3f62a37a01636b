package chess

import "math/bits"

// Castling rights bits.
const (
	whiteOO  uint8 = 1 // White may castle king side
	whiteOOO uint8 = 2 // White may castle queen side
	blackOO  uint8 = 4
	blackOOO uint8 = 8
)

// Position is a chess position: a compact value type (96 bytes) made of bitboards, the side to
// move, castling rights, the en passant square, the half-move clock, the full-move number and an
// incrementally updated Zobrist key. Copying a Position copies the whole position; a Position is
// never shared between goroutines unless copied. The zero Position is not valid: use Start or
// ParseFEN.
//
// Position implements gamesearch.Position[Position, Move] through pointer receivers, as well as
// gamesearch.NoisyMover[Move] and gamesearch.MoveOrderer[Move].
type Position struct {
	kinds    [7]uint64 // kinds[k] = squares holding a piece of kind k (both colours); kinds[0] = all pieces
	colors   [2]uint64 // squares holding a piece of each colour
	hash     uint64    // Zobrist key
	halfmove uint16    // half-moves since the last capture or pawn move (FIDE 9.3)
	fullmove uint16    // full-move number, starts at 1, incremented after Black moves
	side     Color     // side to move
	castle   uint8     // castling rights: whiteOO | whiteOOO | blackOO | blackOOO
	ep       Square    // en passant target square, NoSquare unless a legal en passant capture exists
	plain    bool      // Evaluate leaves out the terms of eval_terms.go (SetPlainEval)
}

// SetPlainEval switches the evaluation of p, and of every position played from it, to plain
// (true) or full (false, the default). A plain evaluation leaves out the positional terms of
// eval_terms.go (piece mobility, rooks on open files, the bishop pair, pawn threats, doubled
// and isolated pawns, the king's pawn shield); material, the piece-square tables, passed
// pawns, the king attack and the endgame scaling and damping stay. It is how a weak level
// (levels.Level.Plain) plays without that knowledge. The hash and the rules are unchanged.
func (p *Position) SetPlainEval(plain bool) { p.plain = plain }

// PlainEval reports whether p's evaluation is plain (SetPlainEval).
func (p *Position) PlainEval() bool { return p.plain }

// Zobrist keys, from a fixed seed so that keys are stable across runs and builds.
var (
	zobPiece  [2][7][64]uint64
	zobSide   uint64
	zobCastle [16]uint64
	zobEP     [8]uint64
)

// castleMask[s] is and-ed into the castling rights whenever a move leaves from or arrives at s.
var castleMask [64]uint8

func init() {
	initBitboards()
	rng := xorshift64star(0x5DEECE66D1234567)
	for c := 0; c < 2; c++ {
		for k := 1; k < 7; k++ {
			for s := 0; s < 64; s++ {
				zobPiece[c][k][s] = rng.next()
			}
		}
	}
	zobSide = rng.next()
	// Castling keys are the xor of one key per right, so that rights can be toggled one by one.
	var rightKey [4]uint64
	for i := range rightKey {
		rightKey[i] = rng.next()
	}
	for cr := 0; cr < 16; cr++ {
		for i := 0; i < 4; i++ {
			if cr&(1<<i) != 0 {
				zobCastle[cr] ^= rightKey[i]
			}
		}
	}
	for f := range zobEP {
		zobEP[f] = rng.next()
	}
	for s := range castleMask {
		castleMask[s] = 15
	}
	castleMask[sqE1] &^= whiteOO | whiteOOO
	castleMask[sqH1] &^= whiteOO
	castleMask[sqA1] &^= whiteOOO
	castleMask[sqE8] &^= blackOO | blackOOO
	castleMask[sqH8] &^= blackOO
	castleMask[sqA8] &^= blackOOO
	initEval()
	var err error
	if startPos, err = ParseFEN(StartFEN); err != nil {
		panic("chess: start FEN: " + err.Error())
	}
}

const (
	sqA1 Square = 0
	sqB1 Square = 1
	sqC1 Square = 2
	sqD1 Square = 3
	sqE1 Square = 4
	sqF1 Square = 5
	sqG1 Square = 6
	sqH1 Square = 7
	sqA8 Square = 56
	sqB8 Square = 57
	sqC8 Square = 58
	sqD8 Square = 59
	sqE8 Square = 60
	sqF8 Square = 61
	sqG8 Square = 62
	sqH8 Square = 63
)

// StartFEN is the FEN of the standard starting position.
const StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

var startPos Position

// Start returns the standard starting position.
func Start() Position { return startPos }

// SideToMove returns the side to move.
func (p Position) SideToMove() Color { return p.side }

// HalfmoveClock returns the number of half-moves since the last capture or pawn move.
func (p Position) HalfmoveClock() int { return int(p.halfmove) }

// FullmoveNumber returns the full-move number (1 in the starting position).
func (p Position) FullmoveNumber() int { return int(p.fullmove) }

// EnPassant returns the en passant target square, or NoSquare. It is set only when an en
// passant capture is legal for the side to move, so that equal positions in the sense of FIDE
// Laws 9.2.3 have equal keys.
func (p Position) EnPassant() Square { return p.ep }

// CanCastle reports whether c still has the right to castle king side (kingSide true) or queen
// side. The right does not mean castling is legal now.
func (p Position) CanCastle(c Color, kingSide bool) bool {
	bit := whiteOOO
	if kingSide {
		bit = whiteOO
	}
	return p.castle&(bit<<(2*c)) != 0
}

// PieceAt returns the piece on sq, or NoPiece when sq is empty or out of range.
func (p Position) PieceAt(sq Square) Piece {
	if sq >= 64 {
		return NoPiece
	}
	b := sqBB(sq)
	if p.kinds[0]&b == 0 {
		return NoPiece
	}
	c := White
	if p.colors[Black]&b != 0 {
		c = Black
	}
	return MakePiece(c, p.kindAt(sq))
}

// kindAt returns the kind of the piece on the occupied square s.
func (p *Position) kindAt(s Square) Kind {
	b := sqBB(s)
	for k := Pawn; k < King; k++ {
		if p.kinds[k]&b != 0 {
			return k
		}
	}
	if p.kinds[King]&b != 0 {
		return King
	}
	return NoKind
}

// Pieces returns the bitboard of the pieces of colour c and kind k (bit i = square i).
func (p *Position) Pieces(c Color, k Kind) uint64 {
	if k > King {
		return 0
	}
	return p.kinds[k] & p.colors[c&1]
}

// Hash returns the Zobrist key of the position: pieces, side to move, castling rights and the
// en passant file when an en passant capture is legal. The half-move clock and move number are
// not part of it.
func (p *Position) Hash() uint64 { return p.hash }

// computeHash recomputes the Zobrist key from scratch (used by ParseFEN and tests).
func (p *Position) computeHash() uint64 {
	var h uint64
	for c := White; c <= Black; c++ {
		for k := Pawn; k <= King; k++ {
			for b := p.kinds[k] & p.colors[c]; b != 0; b &= b - 1 {
				h ^= zobPiece[c][k][lsb(b)]
			}
		}
	}
	if p.side == Black {
		h ^= zobSide
	}
	h ^= zobCastle[p.castle]
	if p.ep != NoSquare {
		h ^= zobEP[p.ep.File()]
	}
	return h
}

func (p *Position) kingSq(c Color) Square {
	return lsb(p.kinds[King] & p.colors[c])
}

// attackersTo returns the pieces of both colours that attack s given occupancy occ.
func (p *Position) attackersTo(s Square, occ uint64) uint64 {
	return pawnAttacks[White][s]&p.kinds[Pawn]&p.colors[Black] |
		pawnAttacks[Black][s]&p.kinds[Pawn]&p.colors[White] |
		knightAttacks[s]&p.kinds[Knight] |
		kingAttacks[s]&p.kinds[King] |
		bishopAttacks(s, occ)&(p.kinds[Bishop]|p.kinds[Queen]) |
		rookAttacks(s, occ)&(p.kinds[Rook]|p.kinds[Queen])
}

// attacked reports whether s is attacked by a piece of colour by, given occupancy occ.
func (p *Position) attacked(s Square, by Color, occ uint64) bool {
	them := p.colors[by]
	if pawnAttacks[by^1][s]&p.kinds[Pawn]&them != 0 ||
		knightAttacks[s]&p.kinds[Knight]&them != 0 ||
		kingAttacks[s]&p.kinds[King]&them != 0 {
		return true
	}
	if bishopAttacks(s, occ)&(p.kinds[Bishop]|p.kinds[Queen])&them != 0 {
		return true
	}
	return rookAttacks(s, occ)&(p.kinds[Rook]|p.kinds[Queen])&them != 0
}

// checkers returns the enemy pieces giving check to the side to move.
func (p *Position) checkers() uint64 {
	k := p.kingSq(p.side)
	return p.attackersTo(k, p.kinds[0]) & p.colors[p.side^1]
}

// InCheck reports whether the side to move's king is attacked.
func (p *Position) InCheck() bool {
	return p.attacked(p.kingSq(p.side), p.side^1, p.kinds[0])
}

// LossOnStalemate reports false: in chess a stalemate is a draw (FIDE Laws 5.2.1).
func (p *Position) LossOnStalemate() bool { return false }

// Drawn reports a draw that needs no history: the 50-move rule (half-move clock >= 100, FIDE
// Laws 9.3) or insufficient material (FIDE Laws 5.2.2 / 6.9 dead position: K v K, K and one
// minor piece v K, or kings and bishops only with every bishop on squares of one colour). The
// search asks it only after finding that legal moves exist, so a mate on the 100th half-move
// stands (FIDE 9.3 and 5.1.1).
func (p *Position) Drawn() bool {
	return p.halfmove >= 100 || p.InsufficientMaterial()
}

// InsufficientMaterial reports whether neither side can possibly checkmate: K v K, K and a
// single knight or bishop v K, or kings and any number of bishops all on squares of one colour.
func (p *Position) InsufficientMaterial() bool {
	if p.kinds[Pawn]|p.kinds[Rook]|p.kinds[Queen] != 0 {
		return false
	}
	minors := p.kinds[Knight] | p.kinds[Bishop]
	if bits.OnesCount64(minors) <= 1 {
		return true
	}
	if p.kinds[Knight] != 0 {
		return false
	}
	b := p.kinds[Bishop]
	return b&lightSquares == 0 || b&darkSquares == 0
}

// Play returns the position after the legal move m; the receiver is unchanged.
func (p *Position) Play(m Move) Position {
	var c Position
	p.After(m, &c)
	return c
}

// After writes the position after the legal move m into *child; the receiver is unchanged.
// m must be legal in p (as returned by LegalMoves or accepted by IsLegal/ParseMove); After does
// not check it.
func (p *Position) After(m Move, child *Position) {
	*child = *p
	c := child
	us, them := p.side, p.side^1
	from, to := m.From(), m.To()
	fromBB, toBB := sqBB(from), sqBB(to)
	h := p.hash
	if p.ep != NoSquare {
		h ^= zobEP[p.ep.File()]
		c.ep = NoSquare
	}
	k := p.kindAt(from)
	c.halfmove++
	switch m & flagMask {
	case flagCastling:
		var rf, rt Square
		if to > from {
			rf, rt = from+3, from+1
		} else {
			rf, rt = from-4, from-1
		}
		kb := fromBB | toBB
		rb := sqBB(rf) | sqBB(rt)
		c.kinds[King] ^= kb
		c.kinds[Rook] ^= rb
		c.colors[us] ^= kb | rb
		c.kinds[0] ^= kb | rb
		h ^= zobPiece[us][King][from] ^ zobPiece[us][King][to] ^ zobPiece[us][Rook][rf] ^ zobPiece[us][Rook][rt]
	case flagEnPassant:
		cap := to ^ 8
		capBB := sqBB(cap)
		c.kinds[Pawn] ^= fromBB | toBB | capBB
		c.colors[us] ^= fromBB | toBB
		c.colors[them] ^= capBB
		c.kinds[0] ^= fromBB | toBB | capBB
		h ^= zobPiece[us][Pawn][from] ^ zobPiece[us][Pawn][to] ^ zobPiece[them][Pawn][cap]
		c.halfmove = 0
	default:
		if p.colors[them]&toBB != 0 {
			ck := p.kindAt(to)
			c.kinds[ck] ^= toBB
			c.colors[them] ^= toBB
			c.kinds[0] ^= toBB
			h ^= zobPiece[them][ck][to]
			c.halfmove = 0
		}
		c.kinds[k] ^= fromBB
		c.colors[us] ^= fromBB | toBB
		c.kinds[0] ^= fromBB | toBB
		h ^= zobPiece[us][k][from]
		nk := k
		if m&flagMask == flagPromotion {
			nk = m.Promotion()
		}
		c.kinds[nk] ^= toBB
		h ^= zobPiece[us][nk][to]
		if k == Pawn {
			c.halfmove = 0
			if (to^from) == 16 && pawnAttacks[us][(from+to)/2]&p.kinds[Pawn]&p.colors[them] != 0 {
				c.side = them // setEP looks at the child from the side now to move
				if c.epLegal((from + to) / 2) {
					c.ep = (from + to) / 2
					h ^= zobEP[c.ep.File()]
				}
			}
		}
	}
	if cr := p.castle & castleMask[from] & castleMask[to]; cr != p.castle {
		h ^= zobCastle[p.castle] ^ zobCastle[cr]
		c.castle = cr
	}
	h ^= zobSide
	c.side = them
	if us == Black {
		c.fullmove++
	}
	c.hash = h
}

// epLegal reports whether the side to move has a legal en passant capture onto ep (the pawn
// to capture stands one rank behind ep from the mover's view). It simulates each capture on the
// occupancy and checks that the king is not attacked afterwards.
func (p *Position) epLegal(ep Square) bool {
	us, them := p.side, p.side^1
	capSq := ep ^ 8
	ksq := p.kingSq(us)
	for cand := pawnAttacks[them][ep] & p.kinds[Pawn] & p.colors[us]; cand != 0; cand &= cand - 1 {
		from := lsb(cand)
		if p.epCaptureSafe(from, ep, capSq, ksq) {
			return true
		}
	}
	return false
}

// epCaptureSafe reports whether the en passant capture from -> ep (removing the pawn on capSq)
// leaves the mover's king on ksq unattacked.
func (p *Position) epCaptureSafe(from, ep, capSq, ksq Square) bool {
	them := p.colors[p.side^1] &^ sqBB(capSq)
	occ := p.kinds[0]&^(sqBB(from)|sqBB(capSq)) | sqBB(ep)
	if bishopAttacks(ksq, occ)&(p.kinds[Bishop]|p.kinds[Queen])&them != 0 ||
		rookAttacks(ksq, occ)&(p.kinds[Rook]|p.kinds[Queen])&them != 0 {
		return false
	}
	// Non-slider checkers: only the captured pawn may be giving check, and it is gone.
	return (knightAttacks[ksq]&p.kinds[Knight]|pawnAttacks[p.side][ksq]&p.kinds[Pawn])&them == 0
}
