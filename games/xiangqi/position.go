package xiangqi

import "github.com/cotuong-ai/cotuong/gamesearch"

// StartFEN is the FEN of the initial position, Red to move.
const StartFEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"

// DefaultMoveLimit is the number of plies without a capture after which the game is drawn:
// 60 moves by each side = 120 plies (the common club form of the WXF/AXF "natural limit"
// rule). A Position carries its own limit; see SetMoveLimit. Checks beyond MoveLimitChecks
// by one side do not count towards it; see MoveLimitPlies.
const DefaultMoveLimit = 120

// MoveLimitChecks is how many checks by one side count towards the move limit. The AXF
// Competition Rules (2017) say that, within the limit, at most ten checks of the side
// claiming the draw count and the excess is subtracted:
// "在限着内提和方'将军'最多只计十着，超过则为无效步，要扣除". See MoveLimitPlies.
const MoveLimitChecks = 10

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
	// checks[c]: checks given by colour c's moves since the last capture (the capture not
	// counted), for the move limit (MoveLimitPlies); 0 from a FEN. It fills padding: the
	// size stays 224 bytes.
	checks [2]uint16

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

// ChecksSinceCapture returns the number of moves of colour c that gave check since the last
// capture (a checking capture itself not counted). The count is not part of the FEN: from
// a FEN it starts at 0, whatever the halfmove clock says, and it is not part of the hash.
func (p *Position) ChecksSinceCapture(c Color) int { return int(p.checks[c&1]) }

// MoveLimitPlies returns the plies since the last capture that count towards the move
// limit: HalfmoveClock() less 2×max(n−MoveLimitChecks, 0), where n is the larger of the two
// sides' ChecksSinceCapture. This is the AXF rule as Fairy-Stockfish implements it (since its
// PR 473, 2022): the rule subtracts the excess checks of the side claiming the draw, and
// the larger count is taken as the claimant's; each excess check removes a move pair.
func (p *Position) MoveLimitPlies() int {
	n := int(max(p.checks[0], p.checks[1]))
	return int(p.clock) - 2*max(n-MoveLimitChecks, 0)
}

// limitReached reports whether the move limit has drawn the game (ignoring checkmate, which
// the callers look for first). Only once the clock has reached the limit does it look at
// the checks, so Drawn stays cheap.
func (p *Position) limitReached() bool {
	return p.limit != 0 && p.clock >= p.limit && p.MoveLimitPlies() >= int(p.limit)
}

// Ply returns the number of plies played since the start of the game, as derived from the FEN
// fullmove number: 2*(fullmove-1), plus one when Black is to move.
func (p *Position) Ply() int { return int(p.ply) }

// MoveLimit returns the number of plies without a capture (as MoveLimitPlies counts them)
// after which Drawn reports a draw (DefaultMoveLimit unless changed with SetMoveLimit; 0
// means the rule is off).
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
// (MoveLimitPlies() >= MoveLimit(), when the limit is not 0: checks beyond MoveLimitChecks by
// one side do not count), or neither side has a piece that can cross the river (no
// chariot, horse, cannon or soldier on the board). A checkmate (or stalemate) at the limit
// still wins: Game.Result and the search look for it first.
func (p *Position) Drawn() bool {
	return p.limitReached() || p.insufficient()
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
		c.checks = [2]uint16{}
	} else if c.clock < 0xFFFF {
		c.clock++
	}
	if pc.Kind() == General {
		c.gen[us] = to
	}
	c.side = them
	c.ply++
	c.lc = c.scanGeneral()
	if c.lc.check && captured == NoPiece && c.checks[us] < 0xFFFF {
		c.checks[us]++
	}
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
