package chess

import (
	"math/bits"

	"github.com/cotuong-ai/cotuong/gamesearch"
)

// Evaluation: material and piece-square tables tapered between middlegame and endgame by the
// amount of non-pawn material left, plus pawn structure (doubled, isolated and passed pawns) and
// king safety (the pawn shield in front of a castled king).
//
// The material values and the piece-square tables are Ronald Friederich's PeSTO tables
// ("PeSTO's Evaluation Function", chessprogramming wiki; tuned for his engine Rofchade), the
// widely published set. They are written below rank 8 first, as a diagram is read, so the entry
// for a White piece on square s is table[s^56] and for a Black piece table[s]. The pawn
// structure and king safety weights are this package's own round numbers.

// The piece values (PeSTO's: pawn, knight, bishop, rook, queen, king) are materialMG and
// materialEG in eval_weights.go.

// PeSTO piece-square tables, indexed [kind-1][diagram index], middlegame then endgame.
var pestoTablesMG = [6][64]int{
	{ // pawn
		0, 0, 0, 0, 0, 0, 0, 0,
		98, 134, 61, 95, 68, 126, 34, -11,
		-6, 7, 26, 31, 65, 56, 25, -20,
		-14, 13, 6, 21, 23, 12, 17, -23,
		-27, -2, -5, 12, 17, 6, 10, -25,
		-26, -4, -4, -10, 3, 3, 33, -12,
		-35, -1, -20, -23, -15, 24, 38, -22,
		0, 0, 0, 0, 0, 0, 0, 0,
	},
	{ // knight
		-167, -89, -34, -49, 61, -97, -15, -107,
		-73, -41, 72, 36, 23, 62, 7, -17,
		-47, 60, 37, 65, 84, 129, 73, 44,
		-9, 17, 19, 53, 37, 69, 18, 22,
		-13, 4, 16, 13, 28, 19, 21, -8,
		-23, -9, 12, 10, 19, 17, 25, -16,
		-29, -53, -12, -3, -1, 18, -14, -19,
		-105, -21, -58, -33, -17, -28, -19, -23,
	},
	{ // bishop
		-29, 4, -82, -37, -25, -42, 7, -8,
		-26, 16, -18, -13, 30, 59, 18, -47,
		-16, 37, 43, 40, 35, 50, 37, -2,
		-4, 5, 19, 50, 37, 37, 7, -2,
		-6, 13, 13, 26, 34, 12, 10, 4,
		0, 15, 15, 15, 14, 27, 18, 10,
		4, 15, 16, 0, 7, 21, 33, 1,
		-33, -3, -14, -21, -13, -12, -39, -21,
	},
	{ // rook
		32, 42, 32, 51, 63, 9, 31, 43,
		27, 32, 58, 62, 80, 67, 26, 44,
		-5, 19, 26, 36, 17, 45, 61, 16,
		-24, -11, 7, 26, 24, 35, -8, -20,
		-36, -26, -12, -1, 9, -7, 6, -23,
		-45, -25, -16, -17, 3, 0, -5, -33,
		-44, -16, -20, -9, -1, 11, -6, -71,
		-19, -13, 1, 17, 16, 7, -37, -26,
	},
	{ // queen
		-28, 0, 29, 12, 59, 44, 43, 45,
		-24, -39, -5, 1, -16, 57, 28, 54,
		-13, -17, 7, 8, 29, 56, 47, 57,
		-27, -27, -16, -16, -1, 17, -2, 1,
		-9, -26, -9, -10, -2, -4, 3, -3,
		-14, 2, -11, -2, -5, 2, 14, 5,
		-35, -8, 11, 2, 8, 15, -3, 1,
		-1, -18, -9, 10, -15, -25, -31, -50,
	},
	{ // king
		-65, 23, 16, -15, -56, -34, 2, 13,
		29, -1, -20, -7, -8, -4, -38, -29,
		-9, 24, 2, -16, -20, 6, 22, -22,
		-17, -20, -12, -27, -30, -25, -14, -36,
		-49, -1, -27, -39, -46, -44, -33, -51,
		-14, -14, -22, -46, -44, -30, -15, -27,
		1, 7, -8, -64, -43, -16, 9, 8,
		-15, 36, 12, -54, 8, -28, 24, 14,
	},
}

var pestoTablesEG = [6][64]int{
	{ // pawn
		0, 0, 0, 0, 0, 0, 0, 0,
		178, 173, 158, 134, 147, 132, 165, 187,
		94, 100, 85, 67, 56, 53, 82, 84,
		32, 24, 13, 5, -2, 4, 17, 17,
		13, 9, -3, -7, -7, -8, 3, -1,
		4, 7, -6, 1, 0, -5, -1, -8,
		13, 8, 8, 10, 13, 0, 2, -7,
		0, 0, 0, 0, 0, 0, 0, 0,
	},
	{ // knight
		-58, -38, -13, -28, -31, -27, -63, -99,
		-25, -8, -25, -2, -9, -25, -24, -52,
		-24, -20, 10, 9, -1, -9, -19, -41,
		-17, 3, 22, 22, 22, 11, 8, -18,
		-18, -6, 16, 25, 16, 17, 4, -18,
		-23, -3, -1, 15, 10, -3, -20, -22,
		-42, -20, -10, -5, -2, -20, -23, -44,
		-29, -51, -23, -15, -22, -18, -50, -64,
	},
	{ // bishop
		-14, -21, -11, -8, -7, -9, -17, -24,
		-8, -4, 7, -12, -3, -13, -4, -14,
		2, -8, 0, -1, -2, 6, 0, 4,
		-3, 9, 12, 9, 14, 10, 3, 2,
		-6, 3, 13, 19, 7, 10, -3, -9,
		-12, -3, 8, 10, 13, 3, -7, -15,
		-14, -18, -7, -1, 4, -9, -15, -27,
		-23, -9, -23, -5, -9, -16, -5, -17,
	},
	{ // rook
		13, 10, 18, 15, 12, 12, 8, 5,
		11, 13, 13, 11, -3, 3, 8, 3,
		7, 7, 7, 5, 4, -3, -5, -3,
		4, 3, 13, 1, 2, 1, -1, 2,
		3, 5, 8, 4, -5, -6, -8, -11,
		-4, 0, -5, -1, -7, -12, -8, -16,
		-6, -6, 0, 2, -9, -9, -11, -3,
		-9, 2, 3, -1, -5, -13, 4, -20,
	},
	{ // queen
		-9, 22, 22, 27, 27, 19, 10, 20,
		-17, 20, 32, 41, 58, 25, 30, 0,
		-20, 6, 9, 49, 47, 35, 19, 9,
		3, 22, 24, 45, 57, 40, 57, 36,
		-18, 28, 19, 47, 31, 34, 39, 23,
		-16, -27, 15, 6, 9, 17, 10, 5,
		-22, -23, -30, -16, -16, -23, -36, -32,
		-33, -28, -22, -43, -5, -32, -20, -41,
	},
	{ // king
		-74, -35, -18, -18, -11, 15, 4, -17,
		-12, 17, 14, 17, 17, 38, 23, 11,
		10, 17, 23, 15, 20, 45, 44, 13,
		-8, 22, 24, 27, 26, 33, 26, 3,
		-18, -4, 21, 24, 27, 23, 9, -11,
		-19, -3, 11, 21, 23, 16, 7, -9,
		-27, -11, 4, 13, 14, 4, -5, -17,
		-53, -34, -21, -11, -28, -14, -24, -43,
	},
}

// The pawn structure (doubled, isolated) and king shield weights are terms of eval_terms.go,
// weighted in eval_weights.go.

// Passed pawn bonus by rank from the pawn owner's side (index 1 = second rank).
var (
	passedMG = [8]int{0, 0, 5, 10, 20, 35, 60, 0}
	passedEG = [8]int{0, 5, 10, 20, 40, 70, 110, 0}
)

// phaseInc is the game-phase weight of each kind (PeSTO's): 24 = full middlegame.
var phaseInc = [7]int{0, 0, 1, 1, 2, 4, 0}

var (
	pstMG, pstEG [2][7][64]int // value + table, per colour, kind and square
	fileMask     [8]uint64
	adjFiles     [8]uint64
	passedSpan   [2][64]uint64 // squares in front of a pawn on its own and the adjacent files
	shieldZone   [2][64]uint64 // the three files around a king, one and two ranks ahead
)

func initEval() {
	initKingZones()
	for k := Pawn; k <= King; k++ {
		for s := 0; s < 64; s++ {
			pstMG[White][k][s] = materialMG[k-1] + pestoTablesMG[k-1][s^56]
			pstEG[White][k][s] = materialEG[k-1] + pestoTablesEG[k-1][s^56]
			pstMG[Black][k][s] = materialMG[k-1] + pestoTablesMG[k-1][s]
			pstEG[Black][k][s] = materialEG[k-1] + pestoTablesEG[k-1][s]
		}
	}
	for f := 0; f < 8; f++ {
		fileMask[f] = fileA << f
	}
	for f := 0; f < 8; f++ {
		if f > 0 {
			adjFiles[f] |= fileMask[f-1]
		}
		if f < 7 {
			adjFiles[f] |= fileMask[f+1]
		}
	}
	for s := Square(0); s < 64; s++ {
		files := fileMask[s.File()] | adjFiles[s.File()]
		var ahead [2]uint64
		for r := 0; r < 8; r++ {
			if r > s.Rank() {
				ahead[White] |= rank1 << (8 * r)
			}
			if r < s.Rank() {
				ahead[Black] |= rank1 << (8 * r)
			}
		}
		passedSpan[White][s] = files & ahead[White]
		passedSpan[Black][s] = files & ahead[Black]
		for c := White; c <= Black; c++ {
			var zone uint64
			for d := 1; d <= 2; d++ {
				r := s.Rank() + d
				if c == Black {
					r = s.Rank() - d
				}
				if r >= 0 && r < 8 {
					zone |= rank1 << (8 * r)
				}
			}
			shieldZone[c][s] = zone & files
		}
	}
}

var _ gamesearch.EvalKeyer = (*Position)(nil)

// EvalKey returns a key of everything Evaluate reads (gamesearch.EvalKeyer): the Zobrist key,
// mixed with the half-move clock once it passes 50 (the score is damped from there) and with
// a constant when the evaluation is plain.
func (p *Position) EvalKey() uint64 {
	k := p.hash
	if p.halfmove > 50 {
		k ^= (uint64(p.halfmove) + 1) * 0xD6E8FEB86659FD93
	}
	if p.plain {
		k ^= 0x9E3779B97F4A7C15
	}
	return k
}

// Evaluate returns the static evaluation in centipawns from the side to move's point of view:
// material and PeSTO piece-square tables tapered by game phase, pawn structure, king safety
// and the terms of eval_terms.go; then scaled towards a draw in endings the material cannot
// win (endgameScale), and damped linearly towards zero over the second half of the fifty-move
// rule (FIDE Laws 9.3) so that the search prefers progress. The result is always well inside
// ±gamesearch.MateBound (|score| < 10000).
func (p *Position) Evaluate() int {
	var e evalParts
	p.evalParts(&e)
	var mg, eg [2]int
	for c := White; c <= Black; c++ {
		mg[c], eg[c] = e.mg[c], e.eg[c]
		for i, n := range e.terms[c] {
			if p.plain {
				break // SetPlainEval: without the positional terms
			}
			mg[c] += termMG[i] * n
			eg[c] += termEG[i] * n
		}
	}
	us, them := p.side, p.side^1
	score := ((mg[us]-mg[them])*e.phase + (eg[us]-eg[them])*(24-e.phase)) / 24
	strong := us
	if score < 0 {
		strong = them
	}
	score = score * p.endgameScale(strong) / 16
	if hm := int(p.halfmove); hm > 50 {
		score = score * max(0, 100-hm) / 50
	}
	if score > 9999 {
		score = 9999
	} else if score < -9999 {
		score = -9999
	}
	return score
}

// evalParts is the evaluation before the weights of eval_weights.go are applied: per colour
// the fixed (middlegame, endgame) part (material and piece-square tables, passed pawns, king
// attack) and the term counts; and the game phase, 0..24.
type evalParts struct {
	mg, eg [2]int
	terms  [2][numTerms]int
	phase  int
}

func (p *Position) evalParts(e *evalParts) {
	var a attackMaps
	for c := White; c <= Black; c++ {
		for k := Pawn; k <= King; k++ {
			for b := p.kinds[k] & p.colors[c]; b != 0; b &= b - 1 {
				s := lsb(b)
				e.mg[c] += pstMG[c][k][s]
				e.eg[c] += pstEG[c][k][s]
				e.phase += phaseInc[k]
			}
		}
		t := &e.terms[c]
		pm, pe := p.pawnStructure(c, t)
		p.kingShield(c, t)
		p.pieceTerms(c, t, &a)
		e.mg[c] += pm
		e.eg[c] += pe
	}
	for c := White; c <= Black; c++ {
		tm, te := p.threatTerms(c, &e.terms[c], &a)
		e.mg[c] += tm
		e.eg[c] += te
	}
	e.phase = min(e.phase, 24)
}

// pawnStructure counts colour c's doubled and isolated pawns into t and returns the passed
// pawn bonus (middlegame, endgame).
func (p *Position) pawnStructure(c Color, t *[numTerms]int) (mg, eg int) {
	own := p.kinds[Pawn] & p.colors[c]
	opp := p.kinds[Pawn] & p.colors[c^1]
	for f := 0; f < 8; f++ {
		n := bits.OnesCount64(own & fileMask[f])
		if n == 0 {
			continue
		}
		if n > 1 {
			t[termDoubled] += n - 1
		}
		if own&adjFiles[f] == 0 {
			t[termIsolated] += n
		}
	}
	for b := own; b != 0; b &= b - 1 {
		s := lsb(b)
		if passedSpan[c][s]&opp == 0 {
			r := s.Rank()
			if c == Black {
				r = 7 - r
			}
			mg += passedMG[r]
			eg += passedEG[r]
		}
	}
	return mg, eg
}

// kingShield counts colour c's king shield into t: pawns on the king's and the adjacent files
// one or two ranks ahead, and each such file with none. It applies only to a king on its first
// two ranks, on the wings (files a-c, f-h).
func (p *Position) kingShield(c Color, t *[numTerms]int) {
	k := p.kingSq(c)
	r := k.Rank()
	if c == Black {
		r = 7 - r
	}
	if r > 1 || k.File() == 3 || k.File() == 4 {
		return
	}
	own := p.kinds[Pawn] & p.colors[c]
	zone := shieldZone[c][k]
	near := zone & (rank1 << (8 * uint(int(k.Rank())+1-2*int(c))))
	t[termShieldNear] += bits.OnesCount64(own & near)
	t[termShieldFar] += bits.OnesCount64(own & zone &^ near)
	for f := max(0, k.File()-1); f <= min(7, k.File()+1); f++ {
		if own&zone&fileMask[f] == 0 {
			t[termShieldMissing]++
		}
	}
}

// mvvValue is the value of each kind for move ordering (MVV-LVA).
var mvvValue = [7]int{0, 1, 3, 3, 5, 9, 20}

// CaptureKey returns the MVV-LVA ordering key of m, larger first: 16*value(victim) -
// value(attacker) with pawn 1, knight and bishop 3, rook 5, queen 9, plus 16*(value gained) for
// a promotion; noisy is true for captures (including en passant) and promotions. Quiet moves
// return (0, false).
func (p *Position) CaptureKey(m Move) (key int, noisy bool) {
	to := m.To()
	victim := NoKind
	if m.IsEnPassant() {
		victim = Pawn
	} else if m.IsCastling() {
		return 0, false
	} else if p.colors[p.side^1]&sqBB(to) != 0 {
		victim = p.kindAt(to)
	}
	promo := m.Promotion()
	if victim == NoKind && promo == NoKind {
		return 0, false
	}
	key = 16*mvvValue[victim] - mvvValue[p.kindAt(m.From())]
	if promo != NoKind {
		key += 16 * (mvvValue[promo] - 1)
	}
	return key, true
}
