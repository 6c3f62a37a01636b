package chess

// Legal move generation. Moves are generated legal directly: the king never steps onto an
// attacked square, pinned pieces move only along the line through their king, a check is
// answered by a king move, a capture of the checker or a block, and en passant is tried on the
// occupancy (which also catches the rank pin where both pawns leave the king's rank).

// LegalMoves appends every legal move for the side to move to dst and returns it. The order is
// deterministic: king moves, knights, bishops/queens diagonally, rooks/queens straight, pawns,
// en passant, castling.
func (p *Position) LegalMoves(dst []Move) []Move { return p.generate(dst, false) }

// NoisyMoves appends the legal captures (including en passant) and promotions (all four
// pieces, with or without capture) to dst and returns it.
func (p *Position) NoisyMoves(dst []Move) []Move { return p.generate(dst, true) }

// HasLegalMove reports whether the side to move has at least one legal move.
func (p *Position) HasLegalMove() bool { return p.countLegal() > 0 }

// pinned returns the pieces of colour us that are pinned to their king on ksq.
func (p *Position) pinned(ksq Square, us Color) uint64 {
	them := p.colors[us^1]
	snipers := (rookRays[ksq]&(p.kinds[Rook]|p.kinds[Queen]) |
		bishopRays[ksq]&(p.kinds[Bishop]|p.kinds[Queen])) & them
	var pinned uint64
	for ; snipers != 0; snipers &= snipers - 1 {
		b := between[ksq][lsb(snipers)] & p.kinds[0]
		if b != 0 && b&(b-1) == 0 {
			pinned |= b & p.colors[us]
		}
	}
	return pinned
}

// Generation modes: every legal move, only the noisy ones (captures, en passant and every
// promotion), only the quiet ones (the rest, castling included).
const (
	genAll = iota
	genNoisy
	genQuiet
)

func (p *Position) generate(dst []Move, noisy bool) []Move {
	if noisy {
		return p.gen(dst, genNoisy, ^uint64(0))
	}
	return p.gen(dst, genAll, ^uint64(0))
}

// gen appends the legal moves of the given mode of the pieces on the squares of fromMask.
func (p *Position) gen(dst []Move, mode int, fromMask uint64) []Move {
	us, them := p.side, p.side^1
	occ := p.kinds[0]
	usBB, themBB := p.colors[us], p.colors[them]
	ksq := p.kingSq(us)
	checkers := p.attackersTo(ksq, occ) & themBB

	// King moves: test each destination with the king removed from the occupancy, so that a
	// slider's ray through the king's square counts.
	var kt uint64
	if fromMask&sqBB(ksq) != 0 {
		kt = kingAttacks[ksq] &^ usBB
	}
	switch mode {
	case genNoisy:
		kt &= themBB
	case genQuiet:
		kt &^= themBB
	}
	occNoK := occ ^ sqBB(ksq)
	for ; kt != 0; kt &= kt - 1 {
		to := lsb(kt)
		if !p.attacked(to, them, occNoK) {
			dst = append(dst, Move(ksq)|Move(to)<<6)
		}
	}
	if checkers&(checkers-1) != 0 {
		return dst // double check: only the king may move
	}
	mask := ^uint64(0)
	if checkers != 0 {
		c := lsb(checkers)
		mask = between[ksq][c] | checkers
	}
	target := ^usBB & mask
	switch mode {
	case genNoisy:
		target &= themBB
	case genQuiet:
		target &^= themBB
	}
	pinned := p.pinned(ksq, us)
	usBB &= fromMask

	for b := p.kinds[Knight] & usBB &^ pinned; b != 0; b &= b - 1 {
		from := lsb(b)
		for t := knightAttacks[from] & target; t != 0; t &= t - 1 {
			dst = append(dst, Move(from)|Move(lsb(t))<<6)
		}
	}
	for b := (p.kinds[Bishop] | p.kinds[Queen]) & usBB; b != 0; b &= b - 1 {
		from := lsb(b)
		t := bishopAttacks(from, occ) & target
		if pinned&sqBB(from) != 0 {
			t &= lineThrough[ksq][from]
		}
		for ; t != 0; t &= t - 1 {
			dst = append(dst, Move(from)|Move(lsb(t))<<6)
		}
	}
	for b := (p.kinds[Rook] | p.kinds[Queen]) & usBB; b != 0; b &= b - 1 {
		from := lsb(b)
		t := rookAttacks(from, occ) & target
		if pinned&sqBB(from) != 0 {
			t &= lineThrough[ksq][from]
		}
		for ; t != 0; t &= t - 1 {
			dst = append(dst, Move(from)|Move(lsb(t))<<6)
		}
	}

	pawns := p.kinds[Pawn] & usBB
	dst = p.pawnMoves(dst, pawns&^pinned, occ, themBB, mask, mode)
	for b := pawns & pinned; b != 0; b &= b - 1 {
		from := lsb(b)
		dst = p.pawnMoves(dst, sqBB(from), occ, themBB, mask&lineThrough[ksq][from], mode)
	}
	if p.ep != NoSquare && mode != genQuiet {
		capSq := p.ep ^ 8
		for cand := pawnAttacks[them][p.ep] & pawns; cand != 0; cand &= cand - 1 {
			from := lsb(cand)
			if p.epCaptureSafe(from, p.ep, capSq, ksq) {
				dst = append(dst, Move(from)|Move(p.ep)<<6|flagEnPassant)
			}
		}
	}

	if checkers == 0 && mode != genNoisy && p.castle != 0 && fromMask&sqBB(ksq) != 0 {
		dst = p.castlingMoves(dst, us, occ)
	}
	return dst
}

const (
	pathWhiteOO  = 1<<sqF1 | 1<<sqG1
	pathWhiteOOO = 1<<sqB1 | 1<<sqC1 | 1<<sqD1
	pathBlackOO  = 1<<sqF8 | 1<<sqG8
	pathBlackOOO = 1<<sqB8 | 1<<sqC8 | 1<<sqD8
)

// castlingMoves appends the legal castlings; the caller has checked that the king is not in
// check. FIDE Laws 3.8.2: the squares between king and rook are empty, and the king does not
// pass over or land on an attacked square.
func (p *Position) castlingMoves(dst []Move, us Color, occ uint64) []Move {
	them := us ^ 1
	if us == White {
		if p.castle&whiteOO != 0 && occ&pathWhiteOO == 0 &&
			!p.attacked(sqF1, them, occ) && !p.attacked(sqG1, them, occ) {
			dst = append(dst, Move(sqE1)|Move(sqG1)<<6|flagCastling)
		}
		if p.castle&whiteOOO != 0 && occ&pathWhiteOOO == 0 &&
			!p.attacked(sqD1, them, occ) && !p.attacked(sqC1, them, occ) {
			dst = append(dst, Move(sqE1)|Move(sqC1)<<6|flagCastling)
		}
		return dst
	}
	if p.castle&blackOO != 0 && occ&pathBlackOO == 0 &&
		!p.attacked(sqF8, them, occ) && !p.attacked(sqG8, them, occ) {
		dst = append(dst, Move(sqE8)|Move(sqG8)<<6|flagCastling)
	}
	if p.castle&blackOOO != 0 && occ&pathBlackOOO == 0 &&
		!p.attacked(sqD8, them, occ) && !p.attacked(sqC8, them, occ) {
		dst = append(dst, Move(sqE8)|Move(sqC8)<<6|flagCastling)
	}
	return dst
}

// pawnTargets returns the destinations, within mask, of side's pawns in the set pawns: single
// and double pushes, captures towards the a-file (capL) and towards the h-file (capR), and the
// promotion rank. Both pawnMoves and countPawnMoves use it.
func pawnTargets(side Color, pawns, occ, themBB, mask uint64) (push1, push2, capL, capR, promoRank uint64) {
	empty := ^occ
	if side == White {
		push1 = pawns << 8 & empty
		push2 = (push1 & rank3) << 8 & empty & mask
		capL = (pawns &^ fileA) << 7 & themBB & mask
		capR = (pawns &^ fileH) << 9 & themBB & mask
		promoRank = rank8
	} else {
		push1 = pawns >> 8 & empty
		push2 = (push1 & rank6) >> 8 & empty & mask
		capL = (pawns &^ fileA) >> 9 & themBB & mask
		capR = (pawns &^ fileH) >> 7 & themBB & mask
		promoRank = rank1
	}
	return push1 & mask, push2, capL, capR, promoRank
}

// pawnMoves appends the pushes, double pushes, captures and promotions of the pawns in the set
// pawns whose destination is in mask (check and pin restrictions): all of them, only the
// captures and promotions (genNoisy) or only the other pushes (genQuiet). En passant is
// separate.
func (p *Position) pawnMoves(dst []Move, pawns, occ, themBB, mask uint64, mode int) []Move {
	if pawns == 0 {
		return dst
	}
	push1, push2, capL, capR, promoRank := pawnTargets(p.side, pawns, occ, themBB, mask)
	up := 8
	if p.side == Black {
		up = -8
	}
	if mode == genQuiet {
		return pawnPushes(dst, push1&^promoRank, push2, up)
	}
	// Promotions first (queen, rook, bishop, knight per destination).
	for _, pr := range [3]struct {
		set   uint64
		delta int
	}{{push1 & promoRank, up}, {capL & promoRank, up - 1}, {capR & promoRank, up + 1}} {
		for t := pr.set; t != 0; t &= t - 1 {
			to := lsb(t)
			from := Square(int(to) - pr.delta)
			base := Move(from) | Move(to)<<6 | flagPromotion
			dst = append(dst, base|3<<12, base|2<<12, base|1<<12, base)
		}
	}
	capL &^= promoRank
	capR &^= promoRank
	for t := capL; t != 0; t &= t - 1 {
		to := lsb(t)
		dst = append(dst, Move(int(to)-(up-1))|Move(to)<<6)
	}
	for t := capR; t != 0; t &= t - 1 {
		to := lsb(t)
		dst = append(dst, Move(int(to)-(up+1))|Move(to)<<6)
	}
	if mode == genNoisy {
		return dst
	}
	return pawnPushes(dst, push1&^promoRank, push2, up)
}

// pawnPushes appends the single pushes to the squares of push1 and the double pushes to those
// of push2; up is the square offset of one step forwards.
func pawnPushes(dst []Move, push1, push2 uint64, up int) []Move {
	for t := push1; t != 0; t &= t - 1 {
		to := lsb(t)
		dst = append(dst, Move(int(to)-up)|Move(to)<<6)
	}
	for t := push2; t != 0; t &= t - 1 {
		to := lsb(t)
		dst = append(dst, Move(int(to)-2*up)|Move(to)<<6)
	}
	return dst
}

// maxMovesPerPly sizes on-stack move buffers: no chess position has more than 218 legal
// moves (a buffer that is too small would only grow).
const maxMovesPerPly = 256

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
