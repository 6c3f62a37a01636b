package chess

import "math/bits"

// Terms on top of PeSTO and the pawn structure: piece mobility, king safety, rooks on open
// files, the bishop pair, threats by pawns, passed-pawn refinements, and the scaling of
// endgames the material cannot win. The ideas are those of Stockfish's classical evaluation
// (before NNUE) and of CounterGo as the chessprogramming wiki describes them; the counting
// rules and the round-number weights are this package's own.

// Term indices: each term is counted per colour and weighted by termMG/termEG
// (eval_weights.go), centipawns per unit.
const (
	// termMobKnight..termMobQueen: squares a piece attacks that hold no piece of its own
	// side and no enemy pawn attacks, minus mobBase of its kind. Unit: squares.
	termMobKnight = iota
	termMobBishop
	termMobRook
	termMobQueen
	termRookOpen     // rooks on a file with no pawn. Unit: rooks.
	termRookSemiOpen // rooks on a file with enemy pawns only. Unit: rooks.
	termBishopPair   // 1 with two or more bishops.
	termPawnThreat   // enemy knights, bishops, rooks and queens our pawns attack. Unit: pieces.
	termDoubled      // pawns beyond the first on a file. Unit: pawns.
	termIsolated     // pawns with no friendly pawn on an adjacent file. Unit: pawns.
	termShieldNear   // shield pawns one rank ahead of a castled king. Unit: pawns.
	termShieldFar    // shield pawns two ranks ahead. Unit: pawns.
	termShieldMissing
	// (termShieldMissing: shield files, of the king's and the adjacent ones, with no pawn
	// one or two ranks ahead. Unit: files.)

	numTerms
)

// termNames names the terms for the tuner, in index order.
var termNames = [numTerms]string{
	"knight mobility", "bishop mobility", "rook mobility", "queen mobility", "rook on open file",
	"rook on semi-open file", "bishop pair", "pawn threat", "doubled pawn", "isolated pawn",
	"shield pawn near", "shield pawn far", "shield file missing",
}

// mobBase is the mobility a piece of each kind counts from (fewer squares count negative).
var mobBase = [7]int{0, 0, 4, 6, 7, 14, 0}

// King attack units per square of the enemy king zone a piece attacks, by kind; the king
// zone is the king's square and its neighbours, plus the three squares two ranks ahead.
var kingAttackUnits = [7]int{0, 0, 2, 2, 3, 5, 0}

const (
	kingDangerDiv = 12  // middlegame penalty = units² / kingDangerDiv, with 2+ attackers
	kingDangerMax = 500 // cap on that penalty, centipawns

	// Passed pawns, endgame, scaled by the pawn's rank bonus (passedEG) in 1/16ths: the stop
	// square empty, and the kings' distances to the stop square (enemy king far is good).
	passedFreeEG  = 6 // + passedEG[r] * 6/16 when the square ahead is empty
	passedKingOwn = 2 // - passedEG[r] * 2/16 per square of own king distance
	passedKingOpp = 4 // + passedEG[r] * 4/16 per square of enemy king distance
)

// kingZone[c][s]: the squares around a king of colour c on s (see kingAttackUnits).
var kingZone [2][64]uint64

func init() {
	for s := Square(0); s < 64; s++ {
		near := kingAttacks[s] | sqBB(s)
		kingZone[White][s] = near | near<<8&^rank1
		kingZone[Black][s] = near | near>>8&^rank8
	}
}

func distance(a, b Square) int {
	df := a.File() - b.File()
	dr := a.Rank() - b.Rank()
	return max(df, -df, dr, -dr)
}

// pawnAttacksOf returns the squares attacked by colour c's pawns.
func (p *Position) pawnAttacksOf(c Color) uint64 {
	pw := p.kinds[Pawn] & p.colors[c]
	if c == White {
		return pw<<7&^fileH | pw<<9&^fileA
	}
	return pw>>9&^fileH | pw>>7&^fileA
}

// pieceTerms counts colour c's mobility, rook file, bishop pair and pawn threat terms into t
// and returns its king attack and passed-pawn bonuses (middlegame, endgame).
func (p *Position) pieceTerms(c Color, t *[numTerms]int) (mg, eg int) {
	them := c ^ 1
	occ := p.kinds[0]
	own := p.colors[c]
	enemyPawnAtt := p.pawnAttacksOf(them)
	safe := ^own &^ enemyPawnAtt
	zone := kingZone[them][p.kingSq(them)]
	units, attackers := 0, 0
	ownPawns := p.kinds[Pawn] & own
	theirPawns := p.kinds[Pawn] & p.colors[them]
	for k := Knight; k <= Queen; k++ {
		for b := p.kinds[k] & own; b != 0; b &= b - 1 {
			s := lsb(b)
			var att uint64
			switch k {
			case Knight:
				att = knightAttacks[s]
			case Bishop:
				att = bishopAttacks(s, occ)
			case Rook:
				att = rookAttacks(s, occ)
				f := fileMask[s.File()]
				if ownPawns&f == 0 {
					if theirPawns&f == 0 {
						t[termRookOpen]++
					} else {
						t[termRookSemiOpen]++
					}
				}
			case Queen:
				att = queenAttacks(s, occ)
			}
			t[termMobKnight+int(k-Knight)] += bits.OnesCount64(att&safe) - mobBase[k]
			if z := att & zone; z != 0 {
				attackers++
				units += kingAttackUnits[k] * bits.OnesCount64(z)
			}
		}
	}
	if attackers >= 2 && p.kinds[Queen]&own != 0 {
		mg += min(units*units/kingDangerDiv, kingDangerMax)
	}
	if bits.OnesCount64(p.kinds[Bishop]&own) >= 2 {
		t[termBishopPair]++
	}
	t[termPawnThreat] += bits.OnesCount64(p.pawnAttacksOf(c) & p.colors[them] &^ p.kinds[Pawn] &^ p.kinds[King])
	// Passed pawns: a free stop square and the kings' distances to it.
	ownKing, oppKing := p.kingSq(c), p.kingSq(them)
	for b := ownPawns; b != 0; b &= b - 1 {
		s := lsb(b)
		if passedSpan[c][s]&theirPawns != 0 {
			continue
		}
		r := s.Rank()
		stop := s + 8
		if c == Black {
			r = 7 - r
			stop = s - 8
		}
		if r >= 6 { // promotion is one step away; the table already says it all
			continue
		}
		bonus := passedEG[r]
		if occ&sqBB(stop) == 0 {
			eg += bonus * passedFreeEG / 16
		}
		eg += bonus * (passedKingOpp*distance(oppKing, stop) - passedKingOwn*distance(ownKing, stop)) / 16
	}
	return mg, eg
}

// nonPawn returns colour c's non-pawn material in PeSTO's endgame values.
func (p *Position) nonPawn(c Color) int {
	v := 0
	for k := Knight; k <= Queen; k++ {
		v += materialEG[k-1] * bits.OnesCount64(p.kinds[k]&p.colors[c])
	}
	return v
}

// endgameScale returns the factor, in 1/16ths, applied to a score favouring colour strong in
// endings that are known to be hard or impossible to win (endgame theory as summarised in the
// chessprogramming wiki's "Draw evaluation" and Stockfish's scale factors):
//   - strong has no pawns and at most a minor piece's worth more non-pawn material than the
//     defender (rook and bishop against rook, rook against bishop or knight, two knights):
//     2/16;
//   - bishops of opposite colours and no other pieces: 8/16;
//   - otherwise 16/16.
func (p *Position) endgameScale(strong Color) int {
	weak := strong ^ 1
	if p.kinds[Pawn]&p.colors[strong] == 0 && p.nonPawn(strong)-p.nonPawn(weak) <= materialEG[Bishop-1] {
		return 2
	}
	if p.kinds[Knight]|p.kinds[Rook]|p.kinds[Queen] == 0 {
		wb, bb := p.kinds[Bishop]&p.colors[White], p.kinds[Bishop]&p.colors[Black]
		if bits.OnesCount64(wb) == 1 && bits.OnesCount64(bb) == 1 &&
			(wb&lightSquares == 0) != (bb&lightSquares == 0) {
			return 8
		}
	}
	return 16
}
