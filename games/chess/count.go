package chess

// countLegal returns the number of legal moves, as len(p.LegalMoves(nil)), without writing
// them: destinations are counted with population counts. Perft uses it at depth 1 (bulk
// counting). It mirrors generate; TestRandomPlayouts checks that the two agree.
func (p *Position) countLegal() int {
	us, them := p.side, p.side^1
	occ := p.kinds[0]
	usBB, themBB := p.colors[us], p.colors[them]
	ksq := p.kingSq(us)
	checkers := p.attackersTo(ksq, occ) & themBB
	n := 0
	occNoK := occ ^ sqBB(ksq)
	for kt := kingAttacks[ksq] &^ usBB; kt != 0; kt &= kt - 1 {
		if !p.attacked(lsb(kt), them, occNoK) {
			n++
		}
	}
	if checkers&(checkers-1) != 0 {
		return n
	}
	mask := ^uint64(0)
	if checkers != 0 {
		mask = between[ksq][lsb(checkers)] | checkers
	}
	target := ^usBB & mask
	pinned := p.pinned(ksq, us)
	for b := p.kinds[Knight] & usBB &^ pinned; b != 0; b &= b - 1 {
		n += popcount(knightAttacks[lsb(b)] & target)
	}
	for b := (p.kinds[Bishop] | p.kinds[Queen]) & usBB; b != 0; b &= b - 1 {
		from := lsb(b)
		t := bishopAttacks(from, occ) & target
		if pinned&sqBB(from) != 0 {
			t &= lineThrough[ksq][from]
		}
		n += popcount(t)
	}
	for b := (p.kinds[Rook] | p.kinds[Queen]) & usBB; b != 0; b &= b - 1 {
		from := lsb(b)
		t := rookAttacks(from, occ) & target
		if pinned&sqBB(from) != 0 {
			t &= lineThrough[ksq][from]
		}
		n += popcount(t)
	}
	pawns := p.kinds[Pawn] & usBB
	n += p.countPawnMoves(pawns&^pinned, occ, themBB, mask)
	for b := pawns & pinned; b != 0; b &= b - 1 {
		from := lsb(b)
		n += p.countPawnMoves(sqBB(from), occ, themBB, mask&lineThrough[ksq][from])
	}
	if p.ep != NoSquare {
		capSq := p.ep ^ 8
		for cand := pawnAttacks[them][p.ep] & pawns; cand != 0; cand &= cand - 1 {
			if p.epCaptureSafe(lsb(cand), p.ep, capSq, ksq) {
				n++
			}
		}
	}
	if checkers == 0 && p.castle != 0 {
		var buf [2]Move
		n += len(p.castlingMoves(buf[:0], us, occ))
	}
	return n
}

func (p *Position) countPawnMoves(pawns, occ, themBB, mask uint64) int {
	if pawns == 0 {
		return 0
	}
	push1, push2, capL, capR, promoRank := pawnTargets(p.side, pawns, occ, themBB, mask)
	// capL and capR may share a destination (two pawns capturing the same piece), so count
	// them separately.
	n := popcount(push1&^promoRank) + popcount(push2) + popcount(capL&^promoRank) + popcount(capR&^promoRank)
	n += 4 * (popcount(push1&promoRank) + popcount(capL&promoRank) + popcount(capR&promoRank))
	return n
}
