package xiangqi

import (
	"math/bits"

	"github.com/cotuong-ai/cotuong/gamesearch"
)

// StartFEN is the FEN of the initial position, Red to move.
const StartFEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"

// DefaultMoveLimit is the number of plies without a capture after which the game is drawn:
// 60 moves by each side = 120 plies (the common club form of the WXF/AXF "natural limit"
// rule). A Position carries its own limit; see SetMoveLimit.
const DefaultMoveLimit = 120

// Position is a xiangqi position: the board, the side to move, the plies since the last
// capture and since the start, and incrementally updated Zobrist key, evaluation terms, rank
// and file occupancy and legality context (whether the side to move is in check). It is a
// value type (224 bytes, no pointers): copy it freely. The zero value is not a valid
// position; get one from Start, ParseFEN or Play/After.
//
// Position implements gamesearch.Position[Position, Move] and the optional NoisyMover,
// MoveOrderer, RepetitionJudge, StagedMover, ExchangeEvaluator, PieceToKeyer, NullMover,
// CheckGiver, QuietCheckGenerator and EvalKeyer interfaces.
type Position struct {
	board [NumSquares]Piece
	occ   [2][2]uint64 // occupancy per colour: bit s of the 90-bit set (word s>>6)
	gen   [2]Square    // general squares
	side  Color
	clock uint16 // plies since the last capture (the FEN halfmove clock)
	limit uint16 // move limit in plies without capture; 0 disables the rule
	ply   uint32 // plies since the start of the game (from the FEN fullmove number)
	hash  uint64
	mg    int32 // opening score, centipawns, Red minus Black (material + piece-square)
	eg    int32 // endgame score, centipawns, Red minus Black
	phase int32 // game phase: sum of phaseWeight over the pieces on the board
	count [16]uint8
	plain bool // Evaluate leaves out the positional terms (SetPlainEval)
	// lc caches the legality context of the side to move (whether it is in check, and the
	// rays from its general a move can open or close): apply, NullMove and ParseFEN set it
	// from the board, put clears it. It is set exactly when lc.danger != 0 (a set context
	// always holds relDiag); when it is clear, InCheck and legality compute it.
	lc legalCtx
	// rankOcc[r] bit f and fileOcc[f] bit r: point (f, r) holds a piece. They index the line
	// tables of eval_lines.go (rankLine, fileLine) for the move generator, the legality
	// context and the evaluation.
	rankOcc [10]uint16
	fileOcc [9]uint16
}

var _ gamesearch.Position[Position, Move] = (*Position)(nil)
var _ gamesearch.NoisyMover[Move] = (*Position)(nil)
var _ gamesearch.MoveOrderer[Move] = (*Position)(nil)
var _ gamesearch.RepetitionJudge[Position] = (*Position)(nil)

// Start returns the initial position (StartFEN) with the default move limit.
func Start() Position {
	p, err := ParseFEN(StartFEN)
	if err != nil {
		panic("xiangqi: bad StartFEN: " + err.Error())
	}
	return p
}

// SetPlainEval switches the evaluation of p, and of every position played from it, to plain
// (true) or full (false, the default). A plain evaluation scores material, piece-square
// values and the drawish-material scaling only, leaving out the positional terms of
// eval_terms.go (mobility, the cannon and horse patterns, pins, attackers near the palace):
// it is how a weak level (levels.Level.Plain) plays without that knowledge. The hash and the
// rules are unchanged.
func (p *Position) SetPlainEval(plain bool) { p.plain = plain }

// PlainEval reports whether p's evaluation is plain (SetPlainEval).
func (p *Position) PlainEval() bool { return p.plain }

// SideToMove returns the colour to move.
func (p *Position) SideToMove() Color { return p.side }

// PieceAt returns the piece on sq (NoPiece when empty or sq is off the board).
func (p *Position) PieceAt(sq Square) Piece {
	if sq >= NumSquares {
		return NoPiece
	}
	return p.board[sq]
}

// GeneralSquare returns the square of colour c's general.
func (p *Position) GeneralSquare(c Color) Square { return p.gen[c&1] }

// HalfmoveClock returns the number of plies since the last capture (the FEN field 5).
func (p *Position) HalfmoveClock() int { return int(p.clock) }

// Ply returns the number of plies played since the start of the game, as derived from the FEN
// fullmove number: 2*(fullmove-1), plus one when Black is to move.
func (p *Position) Ply() int { return int(p.ply) }

// MoveLimit returns the number of plies without a capture after which Drawn reports a draw
// (DefaultMoveLimit unless changed with SetMoveLimit; 0 means the rule is off).
func (p *Position) MoveLimit() int { return int(p.limit) }

// SetMoveLimit sets the no-capture draw limit in plies (e.g. 120 = 60 moves each; 0 turns
// the rule off). Values above 65535 are clamped. The limit is carried to every position
// derived from p by After and Play, and is not part of the FEN or the hash.
func (p *Position) SetMoveLimit(plies int) {
	switch {
	case plies < 0:
		plies = 0
	case plies > 0xFFFF:
		plies = 0xFFFF
	}
	p.limit = uint16(plies)
}

// Hash returns the Zobrist key of the position (pieces and side to move).
func (p *Position) Hash() uint64 { return p.hash }

// computeHash recomputes the Zobrist key from scratch (for tests and FEN parsing).
func (p *Position) computeHash() uint64 {
	var h uint64
	for s, pc := range p.board {
		if pc != NoPiece {
			h ^= zobristPiece[pc][s]
		}
	}
	if p.side == Black {
		h ^= zobristSide
	}
	return h
}

// put places pc on the empty square s, updating every incremental term.
func (p *Position) put(pc Piece, s Square) {
	p.board[s] = pc
	p.occ[pc.Color()][s>>6] |= 1 << (s & 63)
	p.rankOcc[sqRank[s]] |= 1 << sqFile[s]
	p.fileOcc[sqFile[s]] |= 1 << sqRank[s]
	p.hash ^= zobristPiece[pc][s]
	p.mg += int32(mgTable[pc][s])
	p.eg += int32(egTable[pc][s])
	p.phase += phaseWeight[pc.Kind()]
	p.count[pc]++
	if pc.Kind() == General {
		p.gen[pc.Color()] = s
	}
	p.lc = legalCtx{}
}

// InCheck reports whether the general of the side to move is attacked, including by the
// opposing general on an open file (flying general).
func (p *Position) InCheck() bool {
	if p.lc.danger != 0 {
		return p.lc.check
	}
	return attacked(&p.board, p.gen[p.side], p.side.Other())
}

// LossOnStalemate reports true: in xiangqi the side with no legal move loses, in check or not
// (WXF/AXF rules).
func (p *Position) LossOnStalemate() bool { return true }

// Drawn reports a draw that needs no history: the no-capture move limit has been reached
// (HalfmoveClock() >= MoveLimit(), when the limit is not 0), or neither side has a piece
// that can cross the river (no chariot, horse, cannon or soldier on the board).
func (p *Position) Drawn() bool {
	return (p.limit != 0 && p.clock >= p.limit) || p.insufficient()
}

func (p *Position) insufficient() bool {
	c := &p.count
	return c[MakePiece(Red, Chariot)]|c[MakePiece(Red, Horse)]|c[MakePiece(Red, Cannon)]|c[MakePiece(Red, Soldier)]|
		c[MakePiece(Black, Chariot)]|c[MakePiece(Black, Horse)]|c[MakePiece(Black, Cannon)]|c[MakePiece(Black, Soldier)] == 0
}

// After writes into *child the position after move m, which must be legal (or at least
// pseudo-legal: a piece of the side to move going to a square not holding its own piece).
// The receiver is unchanged; child may be the receiver itself.
func (p *Position) After(m Move, child *Position) {
	*child = *p
	child.apply(m)
}

// Play returns the position after move m (a legal move), leaving p unchanged.
func (p *Position) Play(m Move) Position {
	c := *p
	c.apply(m)
	return c
}

func (c *Position) apply(m Move) {
	from, to := m.From(), m.To()
	pc := c.board[from]
	captured := c.board[to]
	us := c.side
	them := us ^ 1
	c.board[from] = NoPiece
	c.board[to] = pc
	c.occ[us][from>>6] &^= 1 << (from & 63)
	c.occ[us][to>>6] |= 1 << (to & 63)
	c.rankOcc[sqRank[from]] &^= 1 << sqFile[from]
	c.fileOcc[sqFile[from]] &^= 1 << sqRank[from]
	c.rankOcc[sqRank[to]] |= 1 << sqFile[to]
	c.fileOcc[sqFile[to]] |= 1 << sqRank[to]
	c.hash ^= zobristPiece[pc][from] ^ zobristPiece[pc][to] ^ zobristSide
	c.mg += int32(mgTable[pc][to]) - int32(mgTable[pc][from])
	c.eg += int32(egTable[pc][to]) - int32(egTable[pc][from])
	if captured != NoPiece {
		c.occ[them][to>>6] &^= 1 << (to & 63)
		c.hash ^= zobristPiece[captured][to]
		c.mg -= int32(mgTable[captured][to])
		c.eg -= int32(egTable[captured][to])
		c.phase -= phaseWeight[captured.Kind()]
		c.count[captured]--
		c.clock = 0
	} else if c.clock < 0xFFFF {
		c.clock++
	}
	if pc.Kind() == General {
		c.gen[us] = to
	}
	c.side = them
	c.ply++
	c.lc = c.scanGeneral()
}

// attacked reports whether square k is attacked by colour by on board b: by a chariot, a
// cannon over exactly one screen, a horse whose leg is free, a soldier, or the general of
// colour by on the same open line (the flying-general rule). Advisors and elephants never
// leave their own half, so they cannot attack a general.
func attacked(b *[NumSquares]Piece, k Square, by Color) bool {
	return attackedOn(b, k, by, relNorth|relSouth|relEast|relWest, true)
}

// attackedOn is attacked limited to the rays from k named in rays (rel bits) and, when
// horses is false, leaving out the horses. A move that cannot have changed what attacks k
// from the other rays, or by a horse, needs only this.
func attackedOn(b *[NumSquares]Piece, k Square, by Color, rays uint8, horses bool) bool {
	chariot := MakePiece(by, Chariot)
	cannon := MakePiece(by, Cannon)
	general := MakePiece(by, General)
	soldier := MakePiece(by, Soldier)
	for d := 0; d < 4; d++ {
		if rays&(1<<d) == 0 {
			continue
		}
		n := int(rayLen[k][d])
		r := &ray[k][d]
		i := 0
		for i < n && b[r[i]] == NoPiece {
			i++
		}
		if i == n {
			continue
		}
		pc := b[r[i]]
		if pc == chariot || pc == general {
			return true
		}
		if pc == soldier && i == 0 {
			// A soldier attacks forwards and sideways; never backwards.
			if (by == Black && d != south) || (by == Red && d != north) {
				return true
			}
		}
		for i++; i < n; i++ {
			if pc := b[r[i]]; pc != NoPiece {
				if pc == cannon {
					return true
				}
				break
			}
		}
	}
	if !horses {
		return false
	}
	horse := MakePiece(by, Horse)
	for j := 0; j < int(horseAttN[k]); j++ {
		if b[horseAttFrom[k][j]] == horse && b[horseAttLeg[k][j]] == NoPiece {
			return true
		}
	}
	return false
}

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

// IsLegal reports whether m is a legal move in p.
func (p *Position) IsLegal(m Move) bool {
	return p.whyIllegal(m) == nil
}

// maxMovesPerPly bounds the legal moves of any xiangqi position (the known maximum is well
// under 150); it sizes move buffers, which grow if ever needed.
const maxMovesPerPly = 128
