package xiangqi

import "math/bits"

// Chase detection (長捉), after the WXF and Asian Xiangqi Federation (AXF) rules on
// perpetual attacks: a move chases a piece when it creates a new threat to capture it and
// the piece is not really protected. The details follow the published description of
// Fairy-Stockfish's chasing rule, whose rulings are the project's reference
// (shared/reference/repetition.tsv):
//
//   - Only new threats count. The moved piece's own attacks are new, except, for a chariot or
//     a cannon, those along the line it moved on (it attacked there before, or its screen
//     changed). A piece whose line, leg or eye the move opened, or a cannon that gained the
//     moved piece as its screen, makes discovered threats.
//   - The general and soldiers may attack freely: their attacks are never chases. A soldier
//     that has not crossed the river, and the general, are never chased.
//   - A horse or a cannon attacking a chariot, and an advisor or an elephant attacking a
//     chariot, cannon or horse, chase it even when it is protected.
//   - An attack on a piece of the same kind that could capture back (a mutual attack) is no
//     chase, unless the attacked piece is pinned to its general.
//   - Protection is fake, and the piece counts as unprotected, when the protector is pinned to
//     its general (by a chariot, a cannon over two screens, a horse, or the facing generals),
//     when a cannon lacks its screen once the attacker has left its square, or when the only
//     protector is the general and taking back would make the generals face.
//   - A move that pins a protector to its general (undermining the root) chases the pieces the
//     pinned one protected. A move that sets up a discovered check threatens every piece the
//     unmasking piece could take, except one the general could safely take back.

// sqSet is a set of squares: bit s&63 of word s>>6 (the layout of Position.occ).
type sqSet [2]uint64

func (s *sqSet) add(q Square)     { s[q>>6] |= 1 << (q & 63) }
func (s *sqSet) del(q Square)     { s[q>>6] &^= 1 << (q & 63) }
func (s sqSet) has(q Square) bool { return s[q>>6]>>(q&63)&1 != 0 }
func (s sqSet) empty() bool       { return s[0]|s[1] == 0 }
func (s sqSet) and(t sqSet) sqSet { return sqSet{s[0] & t[0], s[1] & t[1]} }
func (s sqSet) minus(t sqSet) sqSet {
	return sqSet{s[0] &^ t[0], s[1] &^ t[1]}
}
func (s sqSet) or(t sqSet) sqSet { return sqSet{s[0] | t[0], s[1] | t[1]} }

// first returns the lowest square of s (NoSquare when s is empty).
func (s sqSet) first() Square {
	if s[0] != 0 {
		return Square(bits.TrailingZeros64(s[0]))
	}
	if s[1] != 0 {
		return Square(64 + bits.TrailingZeros64(s[1]))
	}
	return NoSquare
}

// each calls f for every square of s, lowest first.
func (s sqSet) each(f func(Square)) {
	for w := 0; w < 2; w++ {
		for x := s[w]; x != 0; x &= x - 1 {
			f(Square(64*w + bits.TrailingZeros64(x)))
		}
	}
}

// board is the piece array of a position; chase detection edits copies of it.
type board = [NumSquares]Piece

// pieceSets holds the squares of each piece (indexed by Piece) on a board.
type pieceSets [16]sqSet

func setsOf(b *board) (ps pieceSets) {
	for q, pc := range b {
		if pc != NoPiece {
			ps[pc].add(Square(q))
		}
	}
	return ps
}

// of returns the squares of colour c's pieces of the given kinds (all kinds when none are
// given).
func (ps *pieceSets) of(c Color, kinds ...Kind) sqSet {
	var s sqSet
	if len(kinds) == 0 {
		for k := General; k <= Soldier; k++ {
			s = s.or(ps[MakePiece(c, k)])
		}
		return s
	}
	for _, k := range kinds {
		s = s.or(ps[MakePiece(c, k)])
	}
	return s
}

// attacksFrom returns the occupied squares the piece on s could capture on (whatever the
// colour standing there): a chariot's first piece on each line, a cannon's first piece
// beyond exactly one screen, a horse's points with a free leg, an elephant's points with a
// free eye on its side of the river, an advisor's palace diagonals, the general's palace
// steps (not the flying-general rule), a soldier's forward and, across the river, sideways
// steps.
func attacksFrom(b *board, s Square) sqSet {
	var out sqSet
	pc := b[s]
	c := pc.Color()
	step := func(t Square) {
		if b[t] != NoPiece {
			out.add(t)
		}
	}
	switch pc.Kind() {
	case Chariot, Cannon:
		for d := 0; d < 4; d++ {
			r, n, i := firstBlocker(b, s, d)
			if i == n {
				continue
			}
			if pc.Kind() == Chariot {
				out.add(r[i])
				continue
			}
			if j := nextBlocker(b, r, n, i); j < n {
				out.add(r[j])
			}
		}
	case Horse:
		for j := 0; j < int(horseN[s]); j++ {
			if b[horseLeg[s][j]] == NoPiece {
				step(horseTo[s][j])
			}
		}
	case Elephant:
		for j := 0; j < int(elephN[c][s]); j++ {
			if b[elephEye[c][s][j]] == NoPiece {
				step(elephTo[c][s][j])
			}
		}
	case Advisor:
		for j := 0; j < int(advN[c][s]); j++ {
			step(advTo[c][s][j])
		}
	case General:
		for j := 0; j < int(genN[c][s]); j++ {
			step(genTo[c][s][j])
		}
	case Soldier:
		for j := 0; j < int(solN[c][s]); j++ {
			step(solTo[c][s][j])
		}
	}
	return out
}

// attackersOf returns the squares of colour by's pieces that could capture on s (as
// attacksFrom sees them; the flying-general rule is not an attack on a piece).
func attackersOf(b *board, s Square, by Color) sqSet {
	var out sqSet
	chariot, cannon := MakePiece(by, Chariot), MakePiece(by, Cannon)
	general, soldier := MakePiece(by, General), MakePiece(by, Soldier)
	for d := 0; d < 4; d++ {
		r, n, i := firstBlocker(b, s, d)
		if i == n {
			continue
		}
		switch pc := b[r[i]]; {
		case pc == chariot:
			out.add(r[i])
		case i == 0 && (pc == general || pc == soldier):
			if attacksFrom(b, r[i]).has(s) {
				out.add(r[i])
			}
		}
		if j := nextBlocker(b, r, n, i); j < n && b[r[j]] == cannon {
			out.add(r[j])
		}
	}
	horse := MakePiece(by, Horse)
	for j := 0; j < int(horseAttN[s]); j++ {
		if b[horseAttFrom[s][j]] == horse && b[horseAttLeg[s][j]] == NoPiece {
			out.add(horseAttFrom[s][j])
		}
	}
	elephant := MakePiece(by, Elephant)
	for j := 0; j < int(elephN[by][s]); j++ {
		if b[elephTo[by][s][j]] == elephant && b[elephEye[by][s][j]] == NoPiece {
			out.add(elephTo[by][s][j])
		}
	}
	advisor := MakePiece(by, Advisor)
	for j := 0; j < int(advN[by][s]); j++ {
		if b[advTo[by][s][j]] == advisor {
			out.add(advTo[by][s][j])
		}
	}
	return out
}

// blockersFor returns the pieces of either colour that stand between colour by's line
// pieces and the general on k, so that removing one would expose k: the only piece between
// a chariot and k, both pieces between a cannon and k, and the leg of a horse that would
// otherwise attack k.
func blockersFor(b *board, k Square, by Color) sqSet {
	var out sqSet
	chariot, cannon, horse := MakePiece(by, Chariot), MakePiece(by, Cannon), MakePiece(by, Horse)
	for d := 0; d < 4; d++ {
		n := int(rayLen[k][d])
		r := &ray[k][d]
		var found [3]Square
		m := 0
		for i := 0; i < n && m < 3; i++ {
			if b[r[i]] != NoPiece {
				found[m] = r[i]
				m++
			}
		}
		if m >= 2 && b[found[1]] == chariot {
			out.add(found[0])
		}
		if m >= 3 && b[found[2]] == cannon {
			out.add(found[0])
			out.add(found[1])
		}
	}
	for j := 0; j < int(horseAttN[k]); j++ {
		if b[horseAttFrom[k][j]] == horse && b[horseAttLeg[k][j]] != NoPiece {
			out.add(horseAttLeg[k][j])
		}
	}
	return out
}

// generalOf returns the square of colour c's general on b (NoSquare if there is none).
func generalOf(b *board, c Color) Square {
	g := MakePiece(c, General)
	for q, pc := range b {
		if pc == g {
			return Square(q)
		}
	}
	return NoSquare
}

// openBetween reports whether a and b are on one file or rank with no piece strictly
// between them.
func openBetween(bd *board, a, b Square) bool {
	if a.File() == b.File() {
		lo, hi := min(a, b), max(a, b)
		for s := lo + 9; s < hi; s += 9 {
			if bd[s] != NoPiece {
				return false
			}
		}
		return true
	}
	if a.Rank() == b.Rank() {
		lo, hi := min(a, b), max(a, b)
		for s := lo + 1; s < hi; s++ {
			if bd[s] != NoPiece {
				return false
			}
		}
		return true
	}
	return false
}

// pinnedPieces returns colour c's pieces that may not leave their square without exposing
// c's general: blockers of an enemy chariot, cannon or horse, and the only piece between
// the two generals on one file.
func pinnedPieces(b *board, ps *pieceSets, c Color) sqSet {
	k, e := ps[MakePiece(c, General)].first(), ps[MakePiece(c.Other(), General)].first()
	if k == NoSquare {
		return sqSet{}
	}
	pins := blockersFor(b, k, c.Other()).and(ps.of(c))
	if e != NoSquare && e.File() == k.File() {
		lo, hi := min(k, e), max(k, e)
		n, only := 0, NoSquare
		for s := lo + 9; s < hi; s += 9 {
			if b[s] != NoPiece {
				n, only = n+1, s
			}
		}
		if n == 1 && b[only].Color() == c {
			pins.add(only)
		}
	}
	return pins
}

// crossed reports whether a soldier of colour c on s has crossed the river.
func crossed(c Color, s Square) bool { return !ownHalf(c, s.Rank()) }

// chaseOf is one chased piece: where it stands and where the piece threatening it stands,
// in the position after the chasing move.
type chaseOf struct {
	victim, attacker Square
}

// chaseList holds the chases of one move (a side has at most 15 pieces to chase).
type chaseList struct {
	n int
	c [16]chaseOf
}

func (l *chaseList) add(victim, attacker Square) {
	for i := 0; i < l.n; i++ {
		if l.c[i].victim == victim {
			return
		}
	}
	if l.n < len(l.c) {
		l.c[l.n] = chaseOf{victim, attacker}
		l.n++
	}
}

func (l *chaseList) set() sqSet {
	var s sqSet
	for i := 0; i < l.n; i++ {
		s.add(l.c[i].victim)
	}
	return s
}

func (l *chaseList) attackerOf(victim Square) Square {
	for i := 0; i < l.n; i++ {
		if l.c[i].victim == victim {
			return l.c[i].attacker
		}
	}
	return NoSquare
}

// chases returns the pieces that move m, played in prev and leading to cur, chases (see the
// rules at the top of this file). prev must be the position before m and cur the one after.
func chases(prev, cur *Position, m Move) chaseList {
	var out chaseList
	b := &cur.board
	from, to := m.From(), m.To()
	if from >= NumSquares || to >= NumSquares || b[to] == NoPiece {
		return out
	}
	them := cur.side // the side that may be chased
	us := them.Other()
	captured := prev.board[to] != NoPiece
	ps := setsOf(b)
	pins := pinnedPieces(b, &ps, them)
	victims := ps.of(them)
	exempt := ps.of(them, General)
	ps.of(them, Soldier).each(func(s Square) {
		if !crossed(them, s) {
			exempt.add(s)
		}
	})
	usGen := cur.gen[us]

	add := func(atk Square, attacks sqSet) {
		if attacks.minus(out.set()).empty() {
			return
		}
		attacks = attacks.minus(exempt)
		k := b[atk].Kind()
		// Attacks on a stronger piece chase it even when it is protected.
		var stronger sqSet
		switch k {
		case Horse, Cannon:
			stronger = ps.of(them, Chariot)
		case Elephant, Advisor:
			stronger = ps.of(them, Chariot, Cannon, Horse)
		}
		attacks.and(stronger).each(func(s Square) { out.add(s, atk) })
		// A mutual attack (the attacked piece could take back) is no chase, unless the
		// attacked piece is pinned; a horse whose diagonal neighbours are not all empty may
		// be attacked by a horse it does not attack back.
		impaired := false
		if k == Horse {
			f, r := atk.File(), atk.Rank()
			for _, d := range [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}} {
				if q := SquareAt(f+d[0], r+d[1]); q != NoSquare && b[q] != NoPiece {
					impaired = true
				}
			}
		}
		same := ps.of(them, k).and(attacks)
		same.each(func(s Square) {
			if impaired {
				if attacksFrom(b, s).has(atk) {
					attacks.del(s)
				}
			} else if !pins.has(s) {
				attacks.del(s)
			}
		})
		// What is left is chased when it has no real protector once the attacker leaves
		// its square.
		if attacks.empty() {
			return
		}
		bb := *b
		bb[atk] = NoPiece
		attacks.each(func(s Square) {
			roots := attackersOf(&bb, s, them).minus(pins)
			if roots.empty() {
				out.add(s, atk)
				return
			}
			if g := cur.gen[them]; roots == (sqSet{}).with(g) && s.File() == usGen.File() && openBetween(&bb, usGen, s) {
				// Only the general protects, and taking back would make the generals face.
				out.add(s, atk)
			}
		})
	}

	// Direct threats of the moved piece (the general and soldiers may attack freely).
	if k := b[to].Kind(); k != General && k != Soldier {
		direct := attacksFrom(b, to).and(victims)
		if k == Chariot || k == Cannon {
			direct = direct.minus(lineThrough(from, to))
		}
		add(to, direct)
	}

	// Discovered threats: pieces whose leg, eye or line the move opened, and cannons that
	// gained the moved piece as a screen.
	before := *b
	before[from] = b[to]
	if !captured {
		before[to] = NoPiece
	}
	var cand sqSet
	f, r := from.File(), from.Rank()
	for _, d := range [4][2]int{{0, 1}, {0, -1}, {1, 0}, {-1, 0}} {
		if q := SquareAt(f+d[0], r+d[1]); q != NoSquare && b[q] == MakePiece(us, Horse) {
			cand.add(q)
		}
	}
	for _, d := range [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}} {
		if q := SquareAt(f+d[0], r+d[1]); q != NoSquare && b[q] == MakePiece(us, Elephant) {
			cand.add(q)
		}
	}
	cand = cand.or(lineThrough(from, from).and(ps.of(us, Chariot, Cannon)))
	cand = cand.or(lineThrough(to, to).and(ps.of(us, Cannon)))
	cand.del(to) // the moved piece's own threats are the direct ones
	cand.each(func(s Square) {
		disc := attacksFrom(b, s).and(victims).minus(attacksFrom(&before, s))
		add(s, disc)
	})

	// Pins that undermine a protector, and set-up discovered checks.
	newBlockers := blockersFor(b, cur.gen[them], us).minus(blockersFor(&prev.board, prev.gen[them], us))
	usPins := blockersFor(b, usGen, them)
	newBlockers.and(victims).each(func(s Square) {
		protected := attacksFrom(b, s).and(victims).minus(exempt)
		protected.each(func(s2 Square) {
			if a := attackersOf(b, s2, us).minus(usPins); !a.empty() {
				out.add(s2, a.first())
			}
		})
	})
	themGen := cur.gen[them]
	var genSteps sqSet
	for j := 0; j < int(genN[them][themGen]); j++ {
		genSteps.add(genTo[them][themGen][j])
	}
	newBlockers.and(ps.of(us)).each(func(s Square) {
		threats := attacksFrom(b, s).and(victims)
		threats.del(themGen)
		threats.each(func(s2 Square) {
			if !genSteps.has(s2) {
				out.add(s2, s)
				return
			}
			// The general could take back on s2: it is a chase when s2 would still be
			// attacked (including by the facing general) once the unmasking piece has gone.
			bb := *b
			bb[s] = NoPiece
			bb[themGen] = NoPiece
			bb[s2] = MakePiece(them, General)
			if attacked(&bb, s2, us) {
				out.add(s2, s)
			}
		})
	})
	return out
}

func (s sqSet) with(q Square) sqSet {
	s.add(q)
	return s
}

// lineThrough returns every square of the file of a when a and b share it, plus every square
// of the rank of a when they share that (lineThrough(a, a) is a's whole file and rank).
func lineThrough(a, b Square) sqSet {
	var out sqSet
	if a.File() == b.File() {
		out = out.or(fileSet[a.File()])
	}
	if a.Rank() == b.Rank() {
		out = out.or(rankSet[a.Rank()])
	}
	return out
}

// fileSet[f] and rankSet[r] are the squares of file f and rank r.
var fileSet, rankSet = func() (f [9]sqSet, r [10]sqSet) {
	for s := Square(0); s < NumSquares; s++ {
		f[s%9].add(s)
		r[s/9].add(s)
	}
	return f, r
}()
