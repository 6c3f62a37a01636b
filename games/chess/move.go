package chess

import (
	"fmt"
	"strings"
)

// IsLegal reports whether m is a legal move in p (flags included: a castling, en passant or
// promotion move must carry its flag, as LegalMoves and ParseMove produce it).
func (p *Position) IsLegal(m Move) bool {
	var buf [maxMovesPerPly]Move
	for _, l := range p.generate(buf[:0], false) {
		if l == m {
			return true
		}
	}
	return false
}

// MoveError is the error ParseMove and Game.Push return for a move that cannot be played: the
// text as given and the reason.
type MoveError struct {
	Move   string // the move as written (UCI or SAN)
	Reason string // why it cannot be played, a sentence fragment without the move
}

// Error returns "chess: move " followed by Describe.
func (e *MoveError) Error() string { return "chess: move " + e.Describe() }

// Describe returns the error without the package prefix, for showing to a player:
// "\"Kf2\": the king would be in check on f2".
func (e *MoveError) Describe() string { return fmt.Sprintf("%q: %s", e.Move, e.Reason) }

func moveErr(s, format string, args ...any) error {
	return &MoveError{Move: s, Reason: fmt.Sprintf(format, args...)}
}

// ParseMove reads a move in UCI long algebraic notation ("e2e4", "e7e8q"; castling as the king's
// move "e1g1", or as king-takes-rook "e1h1") or in SAN ("e4", "Nbd7", "exd6", "e8=Q", "O-O",
// "0-0-0"; check marks and annotation glyphs such as "+", "#", "!?" are ignored). It returns a
// *MoveError saying why when the text is not a move or the move is not legal in p: no piece
// there, wrong colour, the piece cannot move so, it would leave the king in check, castling
// right lost, castling out of, through or into check, an ambiguous SAN move.
func (p *Position) ParseMove(s string) (Move, error) {
	t := strings.TrimSpace(s)
	if t == "" {
		return NoMove, moveErr(s, "empty")
	}
	if t == "0000" || t == "--" || t == "Z0" {
		return NoMove, moveErr(s, "a null move is not a legal move")
	}
	if isUCIShape(t) {
		return p.parseUCI(s, t)
	}
	return p.parseSAN(s, t)
}

func isUCIShape(t string) bool {
	if len(t) != 4 && len(t) != 5 {
		return false
	}
	if _, ok := ParseSquare(t[0:2]); !ok {
		return false
	}
	if _, ok := ParseSquare(t[2:4]); !ok {
		return false
	}
	return len(t) == 4 || strings.ContainsRune("qrbnQRBN", rune(t[4]))
}

func promoKind(c byte) Kind {
	switch c | 0x20 {
	case 'q':
		return Queen
	case 'r':
		return Rook
	case 'b':
		return Bishop
	case 'n':
		return Knight
	}
	return NoKind
}

func (p *Position) parseUCI(s, t string) (Move, error) {
	from, _ := ParseSquare(t[0:2])
	to, _ := ParseSquare(t[2:4])
	promo := NoKind
	if len(t) == 5 {
		promo = promoKind(t[4])
	}
	// King takes own rook (the Chess960 form some GUIs send) means castling.
	us := p.side
	if promo == NoKind && p.PieceAt(from) == MakePiece(us, King) && p.PieceAt(to) == MakePiece(us, Rook) &&
		from == homeKing(us) && (to == from+3 || to == from-4) {
		if to > from {
			to = from + 2
		} else {
			to = from - 2
		}
	}
	var buf [maxMovesPerPly]Move
	for _, m := range p.generate(buf[:0], false) {
		if m.From() == from && m.To() == to && m.Promotion() == promo {
			return m, nil
		}
	}
	return NoMove, moveErr(s, "%s", p.whyIllegal(from, to, promo))
}

func homeKing(c Color) Square {
	if c == White {
		return sqE1
	}
	return sqE8
}

// whyIllegal explains why no legal move goes from -> to (promoting to promo).
func (p *Position) whyIllegal(from, to Square, promo Kind) string {
	us := p.side
	pc := p.PieceAt(from)
	if pc == NoPiece {
		return fmt.Sprintf("no piece on %s", from)
	}
	if pc.Color() != us {
		return fmt.Sprintf("the piece on %s is %s's and %s is to move", from, pc.Color(), us)
	}
	k := pc.Kind()
	if from == to {
		return "the piece does not move"
	}
	if k == King && from == homeKing(us) && (to == from+2 || to == from-2) {
		return p.whyNoCastle(to > from)
	}
	if p.colors[us]&sqBB(to) != 0 {
		return fmt.Sprintf("%s holds a %s piece", to, strings.ToLower(us.String()))
	}
	lastRank := 7
	if us == Black {
		lastRank = 0
	}
	if !p.pseudoReach(from, to, k) {
		return fmt.Sprintf("a %s on %s cannot move to %s", k, from, to)
	}
	if k == Pawn && to.Rank() == lastRank && promo == NoKind {
		return fmt.Sprintf("a pawn reaching %s must promote (add q, r, b or n)", to)
	}
	if promo != NoKind && (k != Pawn || to.Rank() != lastRank) {
		return "only a pawn reaching the last rank promotes"
	}
	if k == King {
		return fmt.Sprintf("the king would be in check on %s", to)
	}
	if p.InCheck() {
		return fmt.Sprintf("it does not get the %s king out of check", strings.ToLower(us.String()))
	}
	return fmt.Sprintf("it would leave the %s king in check (the %s on %s is pinned)", strings.ToLower(us.String()), k, from)
}

// pseudoReach reports whether a piece of kind k on from could move to to by its way of moving,
// ignoring checks.
func (p *Position) pseudoReach(from, to Square, k Kind) bool {
	occ := p.kinds[0]
	tb := sqBB(to)
	switch k {
	case Knight:
		return knightAttacks[from]&tb != 0
	case Bishop:
		return bishopAttacks(from, occ)&tb != 0
	case Rook:
		return rookAttacks(from, occ)&tb != 0
	case Queen:
		return queenAttacks(from, occ)&tb != 0
	case King:
		return kingAttacks[from]&tb != 0
	case Pawn:
		us := p.side
		if pawnAttacks[us][from]&tb != 0 {
			return p.colors[us^1]&tb != 0 || to == p.ep || p.epSquareRaw(to)
		}
		up := 8
		if us == Black {
			up = -8
		}
		one := Square(int(from) + up)
		if to == one {
			return occ&tb == 0
		}
		startRank := 1
		if us == Black {
			startRank = 6
		}
		return from.Rank() == startRank && to == Square(int(from)+2*up) && occ&(tb|sqBB(one)) == 0
	}
	return false
}

// epSquareRaw reports whether to would be an en passant target if a legal capture existed (used
// only for explanations: an en passant capture that is illegal is not stored in p.ep).
func (p *Position) epSquareRaw(to Square) bool {
	us := p.side
	if us == White && to.Rank() != 5 || us == Black && to.Rank() != 2 {
		return false
	}
	return p.PieceAt(to^8) == MakePiece(us^1, Pawn) && p.PieceAt(to) == NoPiece
}

func (p *Position) whyNoCastle(kingSide bool) string {
	us := p.side
	side := "queen side"
	if kingSide {
		side = "king side"
	}
	if !p.CanCastle(us, kingSide) {
		return fmt.Sprintf("%s has lost the right to castle %s", us, side)
	}
	if p.InCheck() {
		return "cannot castle out of check"
	}
	k := homeKing(us)
	var path uint64
	var pass, land Square
	if kingSide {
		path, pass, land = sqBB(k+1)|sqBB(k+2), k+1, k+2
	} else {
		path, pass, land = sqBB(k-1)|sqBB(k-2)|sqBB(k-3), k-1, k-2
	}
	if p.kinds[0]&path != 0 {
		return fmt.Sprintf("cannot castle %s: the squares between king and rook are not empty", side)
	}
	if p.attacked(pass, us^1, p.kinds[0]) {
		return fmt.Sprintf("cannot castle through check (%s is attacked)", pass)
	}
	if p.attacked(land, us^1, p.kinds[0]) {
		return fmt.Sprintf("cannot castle into check (%s is attacked)", land)
	}
	return "castling is not legal here"
}
