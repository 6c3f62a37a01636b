package chess

import "math/bits"

// Terms on top of PeSTO and the pawn structure: piece mobility, king safety (attack units on
// the king zone and safe checks), rooks on open files, the bishop pair, outposts, threats (by
// pawns, by minors on rooks and queens, by rooks on queens), hanging pieces, the tempo,
// passed-pawn refinements (free stop square, king distances, an unattacked path), and the
// scaling of endgames the material cannot win. The ideas are those of Stockfish's classical evaluation
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
	termThreatMinor // enemy rooks and queens our knights or bishops attack. Unit: pieces.
	termThreatRook  // enemy queens our rooks attack. Unit: pieces.
	// termHanging: enemy knights, bishops, rooks and queens we attack and no enemy piece
	// defends. Unit: pieces.
	termHanging
	// termPassedFreePath: passed pawns whose path to promotion is empty and not attacked by
	// any enemy piece, weighted by rank (passedPathUnits). Unit: those weights.
	termPassedFreePath
	termTempo // 1 for the side to move.
	// termOutpost: knights and bishops on the fourth to sixth rank, defended by an own pawn,
	// that no enemy pawn can ever attack (none on an adjacent file ahead). Unit: pieces.
	termOutpost

	numTerms
)

// termNames names the terms for the tuner, in index order.
var termNames = [numTerms]string{
	"knight mobility", "bishop mobility", "rook mobility", "queen mobility", "rook on open file",
	"rook on semi-open file", "bishop pair", "pawn threat", "doubled pawn", "isolated pawn",
	"shield pawn near", "shield pawn far", "shield file missing", "minor threat on major",
	"rook threat on queen", "hanging piece", "passed pawn free path", "tempo", "outpost",
}

// mobBase is the mobility a piece of each kind counts from (fewer squares count negative).
var mobBase = [7]int{0, 0, 4, 6, 7, 14, 0}

// King attack units per square of the enemy king zone a piece attacks, by kind; the king
// zone is the king's square and its neighbours, plus the three squares two ranks ahead.
var kingAttackUnits = [7]int{0, 0, 2, 2, 3, 5, 0}

// safeCheckUnits are the king attack units per safe checking square, by kind of the piece
// that could give the check (as Stockfish's classical KnightSafeCheck..QueenSafeCheck).
var safeCheckUnits = [7]int{0, 0, 6, 4, 6, 5, 0}

// passedPathUnits weighs termPassedFreePath by the pawn's rank from its own side (index 1 =
// second rank), 5r-13 from the fourth rank as Stockfish's classical passed-pawn weight.
var passedPathUnits = [8]int{0, 0, 0, 2, 7, 12, 17, 0}

const (
	kingDangerDiv = 12  // middlegame penalty = units² / kingDangerDiv, with 2+ attackers
	kingDangerMax = 500 // cap on that penalty, centipawns

	// Passed pawns, endgame, scaled by the pawn's rank bonus (passedEG) in 1/16ths: the stop
	// square empty, and the kings' distances to the stop square (enemy king far is good).
	passedFreeEG  = 6 // + passedEG[r] * 6/16 when the square ahead is empty
	passedKingOwn = 2 // - passedEG[r] * 2/16 per square of own king distance
	passedKingOpp = 4 // + passedEG[r] * 4/16 per square of enemy king distance
)

// outpostRanks[c] are the fourth to sixth ranks from colour c's side.
var outpostRanks = [2]uint64{rank4 | rank5 | rank6, rank3 | rank4 | rank5}

// kingZone[c][s]: the squares around a king of colour c on s (see kingAttackUnits).
var kingZone [2][64]uint64

// initKingZones fills kingZone; it runs from initEval, after initBitboards has filled
// kingAttacks.
func initKingZones() {
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

// attackMaps holds the squares each colour attacks, filled by pieceTerms and read by
// threatTerms.
type attackMaps struct {
	by        [2][7]uint64 // by colour and attacking kind (Pawn..King)
	all       [2]uint64    // attacked by any piece of the colour
	twice     [2]uint64    // attacked by two or more pieces of the colour
	units     [2]int       // king attack units on the enemy king zone
	attackers [2]int       // pieces attacking the enemy king zone
}

// add records the squares att attacked by a piece of colour c and kind k.
func (a *attackMaps) add(c Color, k Kind, att uint64) {
	a.twice[c] |= a.all[c] & att
	a.all[c] |= att
	a.by[c][k] |= att
}

// pieceTerms counts colour c's mobility and rook file terms into t and records its attacks
// (and its king attack units) in a.
func (p *Position) pieceTerms(c Color, t *[numTerms]int, a *attackMaps) {
	them := c ^ 1
	occ := p.kinds[0]
	own := p.colors[c]
	pawnAtt := p.pawnAttacksOf(c)
	a.twice[c] = pawnAtt & p.pawnDoubleAttacksOf(c)
	a.all[c] = pawnAtt
	a.by[c][Pawn] = pawnAtt
	a.add(c, King, kingAttacks[p.kingSq(c)])
	safe := ^own &^ p.pawnAttacksOf(them)
	zone := kingZone[them][p.kingSq(them)]
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
			a.add(c, k, att)
			if k <= Bishop && outpostRanks[c]&sqBB(s)&pawnAtt != 0 &&
				passedSpan[c][s]&adjFiles[s.File()]&theirPawns == 0 {
				t[termOutpost]++
			}
			t[termMobKnight+int(k-Knight)] += bits.OnesCount64(att&safe) - mobBase[k]
			if z := att & zone; z != 0 {
				a.attackers[c]++
				a.units[c] += kingAttackUnits[k] * bits.OnesCount64(z)
			}
		}
	}
}

// pawnDoubleAttacksOf returns the squares attacked by two of colour c's pawns.
func (p *Position) pawnDoubleAttacksOf(c Color) uint64 {
	pw := p.kinds[Pawn] & p.colors[c]
	if c == White {
		return pw << 7 &^ fileH & (pw << 9 &^ fileA)
	}
	return pw >> 9 &^ fileH & (pw >> 7 &^ fileA)
}

// threatTerms counts colour c's bishop pair, threats, hanging pieces and tempo into t, using
// both colours' attacks in a, and returns its king danger and passed-pawn bonuses
// (middlegame, endgame).
func (p *Position) threatTerms(c Color, t *[numTerms]int, a *attackMaps) (mg, eg int) {
	them := c ^ 1
	occ := p.kinds[0]
	own := p.colors[c]
	enemies := p.colors[them]
	if p.side == c {
		t[termTempo]++
	}
	if bits.OnesCount64(p.kinds[Bishop]&own) >= 2 {
		t[termBishopPair]++
	}
	pieces := enemies &^ p.kinds[Pawn] &^ p.kinds[King]
	t[termPawnThreat] += bits.OnesCount64(a.by[c][Pawn] & pieces)
	majors := enemies & (p.kinds[Rook] | p.kinds[Queen])
	t[termThreatMinor] += bits.OnesCount64((a.by[c][Knight] | a.by[c][Bishop]) & majors)
	t[termThreatRook] += bits.OnesCount64(a.by[c][Rook] & enemies & p.kinds[Queen])
	t[termHanging] += bits.OnesCount64(a.all[c] & pieces &^ a.all[them])

	// King danger: attack units on the zone plus safe checks (a square from which a piece of
	// ours could give check, that it attacks and the defender does not).
	ks := p.kingSq(them)
	if a.attackers[c] >= 2 && p.kinds[Queen]&own != 0 {
		safe := ^own &^ a.all[them]
		rookChecks := rookAttacks(ks, occ) & safe
		bishopChecks := bishopAttacks(ks, occ) & safe
		units := a.units[c] +
			safeCheckUnits[Knight]*bits.OnesCount64(knightAttacks[ks]&safe&a.by[c][Knight]) +
			safeCheckUnits[Bishop]*bits.OnesCount64(bishopChecks&a.by[c][Bishop]) +
			safeCheckUnits[Rook]*bits.OnesCount64(rookChecks&a.by[c][Rook]) +
			safeCheckUnits[Queen]*bits.OnesCount64((rookChecks|bishopChecks)&a.by[c][Queen])
		mg += min(units*units/kingDangerDiv, kingDangerMax)
	}

	// Passed pawns: a free stop square, the kings' distances to it, and a path to promotion
	// that is empty and that no enemy piece attacks.
	ownPawns := p.kinds[Pawn] & own
	theirPawns := p.kinds[Pawn] & enemies
	ownKing := p.kingSq(c)
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
		path := passedSpan[c][s] & fileMask[s.File()]
		if path&(occ|a.all[them]) == 0 {
			t[termPassedFreePath] += passedPathUnits[r]
		}
		if r >= 6 { // promotion is one step away; the table already says it all
			continue
		}
		bonus := passedEG[r]
		if occ&sqBB(stop) == 0 {
			eg += bonus * passedFreeEG / 16
		}
		eg += bonus * (passedKingOpp*distance(ks, stop) - passedKingOwn*distance(ownKing, stop)) / 16
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
