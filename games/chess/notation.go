package chess

import (
	"errors"
	"fmt"
	"strings"
)

var errNotSAN = errors.New("neither a coordinate move (UCI e2e4, e7e8q) nor SAN (e4, Nf3, exd5, e8=Q, O-O)")

func (p *Position) parseSAN(s, t string) (Move, error) {
	// Strip check/mate marks, annotation glyphs and the en passant mark the FIDE Laws allow
	// (Appendix C.7: "e.p."; also "ep"), written apart or attached: "bxa6 e.p.", "exf6ep".
	t = strings.TrimRight(t, "+#!? ")
	for _, mark := range []string{"e.p.", "ep"} {
		if r := strings.TrimSpace(strings.TrimSuffix(t, mark)); r != t && len(r) >= 2 && r[len(r)-1] >= '1' && r[len(r)-1] <= '8' {
			t = strings.TrimRight(r, "+#!? ")
			break
		}
	}
	switch t {
	case "O-O", "0-0", "O-O-O", "0-0-0":
		kingSide := len(t) == 3
		k := homeKing(p.side)
		to := k + 2
		if !kingSide {
			to = k - 2
		}
		m := Move(k) | Move(to)<<6 | flagCastling
		if p.PieceAt(k) == MakePiece(p.side, King) && p.IsLegal(m) {
			return m, nil
		}
		if p.PieceAt(k) != MakePiece(p.side, King) {
			return NoMove, moveErr(s, "the %s king is not on %s", strings.ToLower(p.side.String()), k)
		}
		return NoMove, moveErr(s, "%s", p.whyNoCastle(kingSide))
	}
	if len(t) < 2 {
		return NoMove, moveErr(s, "%v", errNotSAN)
	}
	kind := Pawn
	if k := strings.IndexByte("NBRQK", t[0]); k >= 0 {
		kind = Kind(k) + Knight
		t = t[1:]
	}
	promo := NoKind
	if i := strings.IndexAny(t, "=/"); i >= 0 && i == len(t)-2 {
		promo = promoKind(t[len(t)-1])
		if promo == NoKind || t[len(t)-1] >= 'a' {
			return NoMove, moveErr(s, "bad promotion piece %q", t[len(t)-1:])
		}
		t = t[:i]
	} else if n := len(t); kind == Pawn && n >= 3 && strings.IndexByte("QRBN", t[n-1]) >= 0 {
		promo = promoKind(t[n-1])
		t = t[:n-1]
	}
	if len(t) < 2 {
		return NoMove, moveErr(s, "%v", errNotSAN)
	}
	to, ok := ParseSquare(t[len(t)-2:])
	if !ok {
		return NoMove, moveErr(s, "%v", errNotSAN)
	}
	dis := strings.NewReplacer("x", "", ":", "", "-", "").Replace(t[:len(t)-2])
	fromFile, fromRank := -1, -1
	for i := 0; i < len(dis); i++ {
		c := dis[i]
		switch {
		case c >= 'a' && c <= 'h' && fromFile < 0:
			fromFile = int(c - 'a')
		case c >= '1' && c <= '8' && fromRank < 0:
			fromRank = int(c - '1')
		default:
			return NoMove, moveErr(s, "%v", errNotSAN)
		}
	}
	if kind == Pawn && len(dis) > 0 && fromFile < 0 {
		return NoMove, moveErr(s, "%v", errNotSAN)
	}
	var buf [maxMovesPerPly]Move
	var found []Move
	for _, m := range p.generate(buf[:0], false) {
		if m.To() != to || m.IsCastling() || p.kindAt(m.From()) != kind || m.Promotion() != promo {
			continue
		}
		if fromFile >= 0 && m.From().File() != fromFile || fromRank >= 0 && m.From().Rank() != fromRank {
			continue
		}
		if kind == Pawn && fromFile < 0 && m.From().File() != to.File() {
			continue // "e5" is a push, never a capture
		}
		found = append(found, m)
	}
	switch len(found) {
	case 1:
		return found[0], nil
	case 0:
		return NoMove, moveErr(s, "%s", p.whySANIllegal(kind, to, fromFile, fromRank, promo))
	}
	alts := make([]string, len(found))
	for i, m := range found {
		alts[i] = p.SAN(m)
	}
	return NoMove, moveErr(s, "ambiguous: could be %s", strings.Join(alts, " or "))
}

func (p *Position) whySANIllegal(kind Kind, to Square, file, rank int, promo Kind) string {
	us := p.side
	var reachers []Square
	for b := p.kinds[kind] & p.colors[us]; b != 0; b &= b - 1 {
		from := lsb(b)
		if file >= 0 && from.File() != file || rank >= 0 && from.Rank() != rank {
			continue
		}
		if kind == Pawn && file < 0 && from.File() != to.File() {
			continue
		}
		if p.pseudoReach(from, to, kind) {
			reachers = append(reachers, from)
		}
	}
	if len(reachers) == 0 {
		if p.colors[us]&sqBB(to) != 0 {
			return fmt.Sprintf("%s holds a %s piece", to, strings.ToLower(us.String()))
		}
		return fmt.Sprintf("no %s %s can move to %s", strings.ToLower(us.String()), kind, to)
	}
	return p.whyIllegal(reachers[0], to, promo)
}

// SAN returns the legal move m in Standard Algebraic Notation (FIDE Laws appendix C): piece
// letter, the file, rank or square of departure when needed to tell two pieces apart, "x" for a
// capture, the destination, "=Q" for a promotion, "+" for check and "#" for checkmate; "O-O" and
// "O-O-O" for castling. The result for an illegal move is unspecified (but does not panic).
func (p *Position) SAN(m Move) string {
	if m == NoMove {
		return "--"
	}
	var b strings.Builder
	from, to := m.From(), m.To()
	k := p.kindAt(from)
	switch {
	case m.IsCastling():
		if to > from {
			b.WriteString("O-O")
		} else {
			b.WriteString("O-O-O")
		}
	case k == Pawn:
		if from.File() != to.File() {
			b.WriteByte(byte('a' + from.File()))
			b.WriteByte('x')
		}
		b.WriteString(to.String())
		if pr := m.Promotion(); pr != NoKind {
			b.WriteByte('=')
			b.WriteByte(pr.Letter())
		}
	default:
		b.WriteByte(k.Letter())
		var buf [maxMovesPerPly]Move
		sameFile, sameRank, other := false, false, false
		for _, o := range p.generate(buf[:0], false) {
			if o == m || o.To() != to || o.From() == from || p.kindAt(o.From()) != k {
				continue
			}
			other = true
			if o.From().File() == from.File() {
				sameFile = true
			}
			if o.From().Rank() == from.Rank() {
				sameRank = true
			}
		}
		if other {
			if !sameFile {
				b.WriteByte(byte('a' + from.File()))
			} else if !sameRank {
				b.WriteByte(byte('1' + from.Rank()))
			} else {
				b.WriteString(from.String())
			}
		}
		if p.kinds[0]&sqBB(to) != 0 {
			b.WriteByte('x')
		}
		b.WriteString(to.String())
	}
	if !p.IsLegal(m) {
		return b.String()
	}
	child := p.Play(m)
	if child.InCheck() {
		if child.HasLegalMove() {
			b.WriteByte('+')
		} else {
			b.WriteByte('#')
		}
	}
	return b.String()
}
