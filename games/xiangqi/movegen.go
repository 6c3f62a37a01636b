package xiangqi

import "math/bits"

// Generation modes: every pseudo-legal move, only captures, only non-captures.
const (
	genAll = iota
	genNoisy
	genQuiet
)

// LegalMoves appends every legal move of the side to move to dst and returns it. The order
// is deterministic: by from-square (a0, b0, ... i9), then by the piece's move tables.
func (p *Position) LegalMoves(dst []Move) []Move {
	n0 := len(dst)
	dst = p.pseudo(dst, genAll)
	return p.filterLegal(dst, n0)
}

// NoisyMoves appends the legal captures of the side to move to dst and returns it.
func (p *Position) NoisyMoves(dst []Move) []Move {
	n0 := len(dst)
	dst = p.pseudo(dst, genNoisy)
	return p.filterLegal(dst, n0)
}

// legalCtx is what the legality test of one position needs: the mover's general, whether it
// is in check, and the rays from the general on which a move can uncover or create an attack.
type legalCtx struct {
	k      Square
	check  bool
	danger uint8
}

// legality returns the legality context of p.
func (p *Position) legality() legalCtx {
	if p.lc.danger != 0 {
		return p.lc
	}
	return p.scanGeneral()
}

// scanGeneral computes the legality context of p from the board: whether the general of the
// side to move is attacked (as attacked reports it) and its danger rays, in one walk along
// the four rays from the general.
//
// danger: the rays from k (as rel bits) on which one move of ours can uncover or create an
// attack, plus relDiag. A move takes at most one piece off a ray and puts at most one on it,
// so afterwards the ray's first piece is one of its first two now (or ours) and its second
// one of its first three (or ours): only an enemy chariot or general among the first two
// pieces, or an enemy cannon among the first three, can attack after it.
func (p *Position) scanGeneral() legalCtx {
	us := p.side
	them := us ^ 1
	k := p.gen[us]
	b := &p.board
	danger := uint8(relDiag)
	check := false
	ch, cn, gn, so := MakePiece(them, Chariot), MakePiece(them, Cannon), MakePiece(them, General), MakePiece(them, Soldier)
	views := lineViews(p, k)
	for d := 0; d < 4; d++ {
		v := views[d]
		bit := uint8(1) << d
		j := v >> 4 & 15
		if j == noPoint {
			continue // an empty ray
		}
		p0 := b[lineSquare(k, d, j)]
		if p0 == ch || p0 == gn {
			check = true
			danger |= bit
			continue
		}
		// A soldier next to the general attacks forwards and sideways; never backwards.
		if p0 == so && v&15 == 0 && ((them == Black && d != south) || (them == Red && d != north)) {
			check = true
		}
		if j = v >> 8 & 15; j == noPoint {
			if p0 == cn {
				danger |= bit
			}
			continue
		}
		p1 := b[lineSquare(k, d, j)]
		if p1 == cn {
			check = true
			danger |= bit
			continue
		}
		if p0 == cn || p1 == ch || p1 == gn {
			danger |= bit
			continue
		}
		if j = v >> 12 & 15; j != noPoint && b[lineSquare(k, d, j)] == cn {
			danger |= bit
		}
	}
	if !check {
		horse := MakePiece(them, Horse)
		for j := 0; j < int(horseAttN[k]); j++ {
			if b[horseAttFrom[k][j]] == horse && b[horseAttLeg[k][j]] == NoPiece {
				check = true
				break
			}
		}
	}
	return legalCtx{k: k, check: check, danger: danger}
}

// lineViews returns the line-table views from s in the ray directions north, south, east and
// west: in each, the number of empty points before the first piece, then the line indices of
// the first three pieces (see rankLine and fileLine).
func lineViews(p *Position, s Square) [4]uint32 {
	f, r := sqFile[s], sqRank[s]
	fv := fileLine[r][p.fileOcc[f]&1023]
	rv := rankLine[f][p.rankOcc[r]&511]
	return [4]uint32{fv >> 16, fv & 0xFFFF, rv >> 16, rv & 0xFFFF}
}

// captureField returns the shift of the line-view field that holds the piece a chariot
// (kind Chariot: the first piece, 4) or a cannon (the second piece, 8) can capture.
func captureField(k Kind) uint32 {
	if k == Cannon {
		return 8
	}
	return 4
}

// lineSquare returns the square at line index j (a rank for north and south, a file for east
// and west) on the line through s in direction d.
func lineSquare(s Square, d int, j uint32) Square {
	if d < 2 {
		return Square(9*j) + Square(sqFile[s])
	}
	return Square(9*uint32(sqRank[s]) + j)
}

// legal reports whether the pseudo-legal move m of p leaves the mover's general unattacked.
// A move needs the attack test only when the side is in check, the general moves, the piece
// leaves a horse-leg point next to the general, or it leaves or lands on a danger ray; every
// other move cannot change what attacks the general.
func (lc *legalCtx) legal(p *Position, m Move) bool {
	from, to := m.From(), m.To()
	k := lc.k
	rk := &rel[k]
	if !lc.check && from != k && (rk[from]|rk[to]&^relDiag)&lc.danger == 0 {
		return true
	}
	b := p.board
	b[to], b[from] = b[from], NoPiece
	if lc.check || from == k {
		if from == k {
			k = to
		}
		return !attacked(&b, k, p.side^1)
	}
	// Not in check and the general stays: only a danger ray through from or to, or a horse
	// whose leg (a diagonal neighbour of the general) from was, can attack it now.
	return !attackedOn(&b, k, p.side^1, (rk[from]|rk[to])&lc.danger&^relDiag, rk[from]&relDiag != 0)
}

// filterLegal keeps the moves of dst[n0:] that do not leave the mover's general attacked.
func (p *Position) filterLegal(dst []Move, n0 int) []Move {
	lc := p.legality()
	out := n0
	for i := n0; i < len(dst); i++ {
		if m := dst[i]; lc.legal(p, m) {
			dst[out] = m
			out++
		}
	}
	return dst[:out]
}

// pseudo appends the pseudo-legal moves of the side to move (all, only captures or only
// non-captures, by mode).
func (p *Position) pseudo(dst []Move, mode int) []Move {
	switch mode {
	case genNoisy:
		return p.captures(dst)
	case genQuiet:
		return p.quiets(dst)
	}
	for w := 0; w < 2; w++ {
		for set := p.occ[p.side][w]; set != 0; set &= set - 1 {
			dst = p.pieceMoves(dst, Square(bits.TrailingZeros64(set)+64*w))
		}
	}
	return dst
}

// captures appends the pseudo-legal captures of the side to move: pseudo(dst, genNoisy),
// written out per kind (each target is tested once, as an enemy piece).
func (p *Position) captures(dst []Move) []Move {
	us := p.side
	b := &p.board
	// The enemy pieces are lo..lo+6: enemy(t) is uint8(b[t]-lo) < 7 (an empty point wraps).
	lo := MakePiece(us^1, General)
	// A general or an advisor captures only in its palace, an elephant only on its points.
	ot := &p.occ[us^1]
	inPalace := ot[0]&palaceSet[us][0]|ot[1]&palaceSet[us][1] != 0
	onElephant := ot[0]&elephantSet[us][0]|ot[1]&elephantSet[us][1] != 0
	for w := 0; w < 2; w++ {
		for set := p.occ[us][w]; set != 0; set &= set - 1 {
			s := Square(bits.TrailingZeros64(set) + 64*w)
			switch b[s].Kind() {
			case Chariot, Cannon:
				shift := captureField(b[s].Kind())
				views := lineViews(p, s)
				for d := 0; d < 4; d++ {
					if j := views[d] >> shift & 15; j != noPoint {
						if t := lineSquare(s, d, j); uint8(b[t]-lo) < 7 {
							dst = append(dst, NewMove(s, t))
						}
					}
				}
			case Horse:
				for j := 0; j < int(horseN[s]); j++ {
					if t := horseTo[s][j]; uint8(b[t]-lo) < 7 && b[horseLeg[s][j]] == NoPiece {
						dst = append(dst, NewMove(s, t))
					}
				}
			case Elephant:
				for j := 0; onElephant && j < int(elephN[us][s]); j++ {
					if t := elephTo[us][s][j]; uint8(b[t]-lo) < 7 && b[elephEye[us][s][j]] == NoPiece {
						dst = append(dst, NewMove(s, t))
					}
				}
			case Advisor:
				for j := 0; inPalace && j < int(advN[us][s]); j++ {
					if t := advTo[us][s][j]; uint8(b[t]-lo) < 7 {
						dst = append(dst, NewMove(s, t))
					}
				}
			case General:
				for j := 0; inPalace && j < int(genN[us][s]); j++ {
					if t := genTo[us][s][j]; uint8(b[t]-lo) < 7 {
						dst = append(dst, NewMove(s, t))
					}
				}
			case Soldier:
				for j := 0; j < int(solN[us][s]); j++ {
					if t := solTo[us][s][j]; uint8(b[t]-lo) < 7 {
						dst = append(dst, NewMove(s, t))
					}
				}
			}
		}
	}
	return dst
}

// quiets appends the pseudo-legal moves of the side to move that capture nothing:
// pseudo(dst, genQuiet), written out per kind.
func (p *Position) quiets(dst []Move) []Move {
	for w := 0; w < 2; w++ {
		for set := p.occ[p.side][w]; set != 0; set &= set - 1 {
			dst = p.pieceQuiets(dst, Square(bits.TrailingZeros64(set)+64*w))
		}
	}
	return dst
}

// pieceQuiets appends the pseudo-legal moves of the piece of the side to move on s that
// capture nothing.
func (p *Position) pieceQuiets(dst []Move, s Square) []Move {
	us := p.side
	b := &p.board
	switch b[s].Kind() {
	case Chariot, Cannon:
		views := lineViews(p, s)
		for d := 0; d < 4; d++ {
			r := &ray[s][d]
			for i := 0; i < int(views[d]&15); i++ {
				dst = append(dst, NewMove(s, r[i]))
			}
		}
	case Horse:
		for j := 0; j < int(horseN[s]); j++ {
			if t := horseTo[s][j]; b[t] == NoPiece && b[horseLeg[s][j]] == NoPiece {
				dst = append(dst, NewMove(s, t))
			}
		}
	case Elephant:
		for j := 0; j < int(elephN[us][s]); j++ {
			if t := elephTo[us][s][j]; b[t] == NoPiece && b[elephEye[us][s][j]] == NoPiece {
				dst = append(dst, NewMove(s, t))
			}
		}
	case Advisor:
		for j := 0; j < int(advN[us][s]); j++ {
			if t := advTo[us][s][j]; b[t] == NoPiece {
				dst = append(dst, NewMove(s, t))
			}
		}
	case General:
		for j := 0; j < int(genN[us][s]); j++ {
			if t := genTo[us][s][j]; b[t] == NoPiece {
				dst = append(dst, NewMove(s, t))
			}
		}
	case Soldier:
		for j := 0; j < int(solN[us][s]); j++ {
			if t := solTo[us][s][j]; b[t] == NoPiece {
				dst = append(dst, NewMove(s, t))
			}
		}
	}
	return dst
}

// pieceMoves appends the pseudo-legal moves of the piece of the side to move on s: for each
// direction (chariot, cannon) the empty points then the capture, for the other pieces their
// move tables in order, each target empty or held by the enemy. pseudo(dst, genAll) is it
// for every piece; captures and quiets generate its captures and its other moves apart.
func (p *Position) pieceMoves(dst []Move, s Square) []Move {
	us := p.side
	b := &p.board
	own := MakePiece(us, General) // the mover's pieces are own..own+6
	switch b[s].Kind() {
	case Chariot, Cannon:
		// The line tables give, per direction, the empty points before the first piece and
		// the first two pieces: a chariot captures the first, a cannon the second.
		shift := captureField(b[s].Kind())
		views := lineViews(p, s)
		for d := 0; d < 4; d++ {
			v := views[d]
			r := &ray[s][d]
			for i := 0; i < int(v&15); i++ {
				dst = append(dst, NewMove(s, r[i]))
			}
			if j := v >> shift & 15; j != noPoint {
				if t := lineSquare(s, d, j); b[t].Color() != us {
					dst = append(dst, NewMove(s, t))
				}
			}
		}
	case Horse:
		for j := 0; j < int(horseN[s]); j++ {
			if b[horseLeg[s][j]] == NoPiece {
				dst = addStep(dst, b, s, horseTo[s][j], own)
			}
		}
	case Elephant:
		for j := 0; j < int(elephN[us][s]); j++ {
			if b[elephEye[us][s][j]] == NoPiece {
				dst = addStep(dst, b, s, elephTo[us][s][j], own)
			}
		}
	case Advisor:
		for j := 0; j < int(advN[us][s]); j++ {
			dst = addStep(dst, b, s, advTo[us][s][j], own)
		}
	case General:
		for j := 0; j < int(genN[us][s]); j++ {
			dst = addStep(dst, b, s, genTo[us][s][j], own)
		}
	case Soldier:
		for j := 0; j < int(solN[us][s]); j++ {
			dst = addStep(dst, b, s, solTo[us][s][j], own)
		}
	}
	return dst
}

// addStep appends the move from from to to unless to holds a piece own..own+6 (the mover's).
func addStep(dst []Move, b *[NumSquares]Piece, from, to Square, own Piece) []Move {
	if uint8(b[to]-own) >= 7 {
		dst = append(dst, NewMove(from, to))
	}
	return dst
}

// maxMovesPerPly bounds the legal moves of any xiangqi position (the known maximum is well
// under 150); it sizes move buffers, which grow if ever needed.
const maxMovesPerPly = 128
