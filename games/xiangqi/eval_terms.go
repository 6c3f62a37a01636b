package xiangqi

import "math/bits"

// Positional terms on top of the incremental material and piece-square score. Each term is
// an integer count, Red's count minus Black's, multiplied by an opening and an endgame weight
// in centipawns (eval_weights.go) and blended by the phase like the tables. Counting and
// weighting are kept apart so that a Texel tuner can fit the weights by regression on the
// same counts the engine uses (see EvalTrace).
//
// Where the ideas come from: the mobility of each piece kind, the pins to the general and the
// attackers near the palace follow Fairy-Stockfish's xiangqi evaluation and the classical
// (hand-written) Pikafish evaluation; the hollow cannon (空头炮), the bottom cannon (沉底炮),
// the cannon behind the central horse (炮镇窝心马), the advisor and elephant shape weighed
// against the attacking material, and the trapped horse are the patterns Huang Chen describes
// in his public xqbase.com articles on ElephantEye's evaluation. The counting rules and the
// weights are this package's own.

// Term indices. Each is counted for a side and enters the score as Red's count minus Black's.
const (
	// termChariotMob: points a chariot can move to (empty points along its four rays, plus
	// the first enemy piece it meets). Unit: points.
	termChariotMob = iota
	// termHorseMob: points a horse can move to, its leg (the orthogonal neighbour it must
	// pass) empty and the point not held by its own side. Unit: points.
	termHorseMob
	// termCannonMob: empty points a cannon can slide to plus the enemy pieces it can capture
	// over exactly one screen. Unit: points.
	termCannonMob
	// termHorseTrapped: horses with at most one move (blocked legs, edge). Unit: horses.
	termHorseTrapped
	// termHollowCannon: a cannon on the enemy general's file with no piece between them
	// (空头炮): the general may not step onto the file's other points and any screen put there
	// gives check. Unit: cannons.
	termHollowCannon
	// termBottomCannon: a cannon on the enemy's back rank facing the enemy general there with
	// no piece between (沉底炮). Unit: cannons.
	termBottomCannon
	// termCentralHorse: a cannon on the enemy general's file behind two screens, the nearer
	// of which is the enemy's own horse in the palace centre (炮镇窝心馬): the horse cannot
	// leave without exposing the general. Unit: cannons.
	termCentralHorse
	// termPin: enemy pieces pinned to their general on a line: a chariot behind one enemy
	// piece, or a cannon behind two pieces of which at least one is the enemy's. Unit: pins.
	termPin
	// termAttackers: attacking units across the river: a chariot 2, a horse, a cannon or a
	// soldier (not on the last rank) 1 each. Unit: attack units.
	termAttackers
	// termAttackVsShape: attack units times the enemy's missing advisors and elephants (4
	// minus how many it has): the same attackers are worth more against a broken palace.
	// Unit: units x missing defenders.
	termAttackVsShape
	// termSoldierPair: crossed soldiers standing side by side on one rank (they guard each
	// other). Unit: pairs.
	termSoldierPair
	// termChariotOpenFile: chariots on a file holding no soldier of their own side. Unit:
	// chariots.
	termChariotOpenFile

	numTerms
)

// termNames names the terms for the tuner's output, in index order.
var termNames = [numTerms]string{
	"chariot mobility", "horse mobility", "cannon mobility", "trapped horse",
	"hollow cannon", "bottom cannon", "cannon behind central horse", "pin to general",
	"attackers across river", "attackers x missing defenders", "soldier pair",
	"chariot on open file",
}

// evalInfo is what one pass over the board collects: the term counts (Red minus Black) and,
// per side, what the endgame scaling needs.
type evalInfo struct {
	terms [numTerms]int32
	// attack[c]: colour c's material able to attack the enemy general: a chariot 4, a horse
	// or cannon 2, a soldier not on the enemy's back rank 1.
	attack [2]int32
}

// enemyAt returns 1 when j, the index of a piece on a line whose point j is square
// base+stride*j, is not noPoint and names a piece of colour them; else 0.
func enemyAt(b *[NumSquares]Piece, j uint32, base, stride int, them Color) int32 {
	if j != noPoint && b[base+stride*int(j)].Color() == them {
		return 1
	}
	return 0
}

// acrossRiver[c][s] reports whether s lies on the far side of the river for colour c.
var acrossRiver [2][NumSquares]bool

func init() {
	for s := 0; s < NumSquares; s++ {
		acrossRiver[Red][s] = !ownHalf(Red, s/9)
		acrossRiver[Black][s] = !ownHalf(Black, s/9)
	}
}

// collect fills e from the board in one pass over each side's pieces and four lines from each
// general, reading what lies along a rank or a file from the line tables (eval_lines.go).
func (p *Position) collect(e *evalInfo) {
	b := &p.board
	for c := Red; c <= Black; c++ {
		var t [numTerms]int32
		them := c ^ 1
		attack := int32(0)
		units := int32(0)
		lastRank := 9
		if c == Black {
			lastRank = 0
		}
		ownSoldier := MakePiece(c, Soldier)
		var soldierFiles uint16    // bit f: a soldier of c on file f
		var chariotFiles [2]uint16 // the file bit of each chariot of c
		nChariots := 0
		for w := 0; w < 2; w++ {
			for set := p.occ[c][w]; set != 0; set &= set - 1 {
				s := Square(bits.TrailingZeros64(set) + 64*w)
				r := int(sqRank[s])
				across := acrossRiver[c][s]
				switch b[s].Kind() {
				case Chariot:
					attack += 4
					if across {
						units += 2
					}
					f := int(sqFile[s])
					rk, fl := rankLine[f][p.rankOcc[r]&511], fileLine[r][p.fileOcc[f]&1023]
					n := int32(rk&15+rk>>16&15+fl&15+fl>>16&15) +
						enemyAt(b, rk>>4&15, 9*r, 1, them) + enemyAt(b, rk>>20&15, 9*r, 1, them) +
						enemyAt(b, fl>>4&15, f, 9, them) + enemyAt(b, fl>>20&15, f, 9, them)
					t[termChariotMob] += n
					if nChariots < 2 {
						chariotFiles[nChariots] = 1 << sqFile[s]
						nChariots++
					}
				case Horse:
					attack += 2
					if across {
						units++
					}
					n := int32(0)
					for j := 0; j < int(horseN[s]); j++ {
						if b[horseLeg[s][j]] != NoPiece {
							continue
						}
						if to := b[horseTo[s][j]]; to == NoPiece || to.Color() == them {
							n++
						}
					}
					t[termHorseMob] += n
					if n <= 1 {
						t[termHorseTrapped]++
					}
				case Cannon:
					attack += 2
					if across {
						units++
					}
					f := int(sqFile[s])
					rk, fl := rankLine[f][p.rankOcc[r]&511], fileLine[r][p.fileOcc[f]&1023]
					n := int32(rk&15+rk>>16&15+fl&15+fl>>16&15) +
						enemyAt(b, rk>>8&15, 9*r, 1, them) + enemyAt(b, rk>>24&15, 9*r, 1, them) +
						enemyAt(b, fl>>8&15, f, 9, them) + enemyAt(b, fl>>24&15, f, 9, them)
					t[termCannonMob] += n
				case Soldier:
					soldierFiles |= 1 << sqFile[s]
					if r != lastRank {
						attack++
						if across {
							units++
						}
					}
					if across && sqFile[s] < 8 && b[s+1] == ownSoldier {
						t[termSoldierPair]++
					}
				}
			}
		}
		for i := 0; i < nChariots; i++ {
			if chariotFiles[i]&soldierFiles == 0 {
				t[termChariotOpenFile]++
			}
		}
		// Lines from the enemy general: hollow and bottom cannons, the central horse, pins.
		k := p.gen[them]
		kr := int(sqRank[k])
		enemyBack := 9
		if them == Red {
			enemyBack = 0
		}
		chariot, cannon := MakePiece(c, Chariot), MakePiece(c, Cannon)
		centre := SquareAt(4, 1)
		if them == Black {
			centre = SquareAt(4, 8)
		}
		kf := int(sqFile[k])
		views := [4]uint32{ // south, north, west, east
			fileLine[kr][p.fileOcc[kf]&1023], fileLine[kr][p.fileOcc[kf]&1023] >> 16,
			rankLine[kf][p.rankOcc[kr]&511], rankLine[kf][p.rankOcc[kr]&511] >> 16,
		}
		// Each ray's pieces are read one at a time, as far as the patterns need them.
		for d, v := range views {
			vertical := d < 2
			base, stride := 9*kr, 1 // the point at line index j is base + stride*j
			if vertical {
				base, stride = kf, 9
			}
			j := int(v >> 4 & 15)
			if j == noPoint {
				continue
			}
			at0 := Square(base + stride*j)
			p0 := b[at0]
			if p0 == cannon {
				if vertical {
					t[termHollowCannon]++
				} else if kr == enemyBack {
					t[termBottomCannon]++
				}
				continue
			}
			if j = int(v >> 8 & 15); j == noPoint {
				continue
			}
			p1 := b[base+stride*j]
			if p1 == chariot && p0.Color() == them {
				t[termPin]++
				continue
			}
			if j = int(v >> 12 & 15); j == noPoint {
				continue
			}
			if b[base+stride*j] == cannon && (p0.Color() == them || p1.Color() == them) {
				t[termPin]++
				if vertical && at0 == centre && p0 == MakePiece(them, Horse) {
					t[termCentralHorse]++
				}
			}
		}
		t[termAttackers] = units
		defenders := int32(p.count[MakePiece(them, Advisor)] + p.count[MakePiece(them, Elephant)])
		t[termAttackVsShape] = units * (4 - defenders)
		e.attack[c] = attack
		if c == Red {
			for i := range t {
				e.terms[i] += t[i]
			}
		} else {
			for i := range t {
				e.terms[i] -= t[i]
			}
		}
	}
}

// drawScale returns the factor, in 1/16ths, by which a score favouring colour strong is
// multiplied when strong's material cannot or can hardly win (xiangqi endgame theory as
// summarised in the public endgame tables of the WXF and xqbase.com):
//   - strong has nothing that can reach the enemy general (no chariot, horse or cannon, and
//     every soldier on the last rank, where it can no longer attack a general that stays off
//     that rank): a draw, 0;
//   - strong has no chariot and at most one horse or cannon or two soldiers' worth of attack
//     (attack below 3): 2/16 when the defender keeps a chariot, horse or cannon, 4/16
//     when it keeps all four advisors and elephants, 8/16 when it keeps two or three;
//   - otherwise 16/16.
//
// attack counts a chariot 4, a horse or cannon 2 and a soldier off the last rank 1.
func (p *Position) drawScale(e *evalInfo, strong Color) int32 {
	return p.materialScale(e.attack[strong], strong)
}

// materialScale is drawScale's factor for strong's attack a.
func (p *Position) materialScale(a int32, strong Color) int32 {
	weak := strong ^ 1
	if a == 0 {
		return 0
	}
	if a <= 2 {
		c := &p.count
		defenders := int(c[MakePiece(weak, Advisor)]) + int(c[MakePiece(weak, Elephant)])
		pieces := int(c[MakePiece(weak, Chariot)]) + int(c[MakePiece(weak, Horse)]) + int(c[MakePiece(weak, Cannon)])
		switch {
		case pieces > 0:
			return 2
		case defenders == 4:
			return 4
		case defenders >= 2:
			return 8
		}
	}
	return 16
}

// neuralLoneChariotScale is ScaleNeural's factor, in 1/16ths, for a lone chariot against a
// defender that keeps both advisors and both elephants.
const neuralLoneChariotScale = 2

// ScaleNeural scales a neural evaluation v (centipawns, side to move's view) towards a draw
// when the side it favours has material that cannot or can hardly win
// (gamesearch.NeuralScaler): by drawScale's factors, computed from the material alone, and
// by neuralLoneChariotScale/16 for a chariot with no other attacker (no horse, cannon or
// soldier off the last rank) against both advisors and both elephants and no chariot, horse
// or cannon, which xiangqi endgame theory holds a draw ("a lone chariot cannot break full
// advisors and elephants", as in the WXF and xqbase.com endgame tables; Pikafish's
// classical evaluation treats it alike). A network trained on searched positions sees these
// endgames too rarely to learn that they are drawn.
func (p *Position) ScaleNeural(v int) int {
	strong := p.side
	if v < 0 {
		strong ^= 1
	}
	c := &p.count
	chariots := int32(c[MakePiece(strong, Chariot)])
	a := 4*chariots + 2*int32(c[MakePiece(strong, Horse)]+c[MakePiece(strong, Cannon)]) +
		int32(c[MakePiece(strong, Soldier)])
	if a > 4 || v == 0 {
		return v // the common case: enough attackers, no scan of the last rank
	}
	if n := c[MakePiece(strong, Soldier)]; n > 0 {
		lastRank := 9
		if strong == Black {
			lastRank = 0
		}
		soldier := MakePiece(strong, Soldier)
		for f := 0; f < 9 && n > 0; f++ {
			if p.board[SquareAt(f, lastRank)] == soldier {
				a--
				n--
			}
		}
	}
	weak := strong ^ 1
	if a == 4 && chariots == 1 &&
		c[MakePiece(weak, Advisor)] == 2 && c[MakePiece(weak, Elephant)] == 2 &&
		c[MakePiece(weak, Chariot)]+c[MakePiece(weak, Horse)]+c[MakePiece(weak, Cannon)] == 0 {
		return v * neuralLoneChariotScale / 16
	}
	return v * int(p.materialScale(a, strong)) / 16
}
