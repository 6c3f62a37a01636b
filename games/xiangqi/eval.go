package xiangqi

// Evaluation: material plus piece-square tables, each with an opening (mg) and an endgame
// (eg) value in centipawns, blended by the game phase (tapered evaluation).
//
// Sources. The material values follow the relative piece values commonly published for
// xiangqi (e.g. the WXF beginners' material and the "Xiangqi" article of the English
// Wikipedia: chariot about 9 soldiers, cannon about 4.5, horse about 4, advisor and elephant
// about 2, soldier 1 before and 2 after crossing the river), with the well-known shift
// described by ElephantEye's author Huang Chen in his public xqbase.com articles on
// evaluation: the cannon is worth more than the horse while the board is full and less in
// the endgame. The piece-square values below are this project's own numbers, written as
// simple formulas (centrality, advance, the squares around the enemy palace) in the spirit
// of the tables those articles describe; no table was copied.

// The opening and endgame material, centipawns, indexed by Kind, are materialMG and
// materialEG in eval_weights.go.

// phaseWeight[k] is the contribution of one piece of kind k to the game phase. The start
// position has maxPhase; a phase of 0 is a pure endgame (no chariot, horse or cannon).
var phaseWeight = [8]int32{0, 0, 0, 0, 3, 6, 3, 0}

const maxPhase = 2 * (2*3 + 2*6 + 2*3) // 48

// mgTable/egTable[piece][square]: material + position, centipawns, positive for Red and
// negative for Black, so that the sum over the board is the score from Red's view.
var mgTable, egTable [16][NumSquares]int16

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// pstValue returns the (opening, endgame) piece-square bonus of a piece of kind k standing on
// file f, rank r counted from its own back rank (0) towards the enemy (9).
func pstValue(k Kind, f, r int) (mg, eg int) {
	fd := abs(f - 4) // distance from the central file
	switch k {
	case General:
		// Stay home in the opening; step up a little in the endgame.
		mg = -12*r - 6*fd
		eg = []int{0, 6, -2}[min(r, 2)] - 4*fd
	case Advisor:
		if f == 4 {
			mg, eg = 8, 6 // the palace centre guards both sides
		}
	case Elephant:
		switch {
		case f == 4:
			mg, eg = 8, 6
		case fd == 4:
			mg, eg = -6, -4
		case r == 4:
			mg, eg = -3, -2
		}
	case Horse:
		mg = 4*(4-fd) + []int{-14, -2, 2, 6, 8, 12, 16, 18, 8, -4}[r]
		eg = 5*(4-fd) + []int{-8, 0, 4, 8, 10, 14, 18, 20, 12, 0}[r]
		if fd == 4 {
			mg -= 12
			eg -= 10
		}
		if r >= 6 && r <= 8 && fd <= 2 { // around the enemy palace
			mg += 12
			eg += 10
		}
	case Chariot:
		mg = []int{-6, 2, 0, 4, 6, 8, 10, 10, 14, 6}[r]
		eg = 2 * (4 - fd)
		if fd == 1 || fd == 0 {
			mg += 6
		}
	case Cannon:
		switch {
		case r == 2 && fd == 0: // the central cannon
			mg = 16
		case r == 9: // bottom cannon behind the enemy palace
			mg = 10
		case r == 7 && fd <= 1:
			mg = 8
		case fd == 4:
			mg = -6
		}
		if fd == 0 {
			eg = 6
		}
	case Soldier:
		if r <= 4 {
			if r == 4 {
				mg, eg = 4, 4
			}
			if f == 4 {
				mg += 4
			}
			return mg, eg
		}
		// Across the river: worth about double, more as it nears the palace.
		step := []int{0, 12, 24, 22, -10}[r-5]
		mg = 40 + step + 4*(4-fd)
		eg = 50 + step + 5*(4-fd)
		if r == 9 {
			mg, eg = 30, 40
		}
	}
	return mg, eg
}

func init() {
	for k := General; k <= Soldier; k++ {
		for s := 0; s < NumSquares; s++ {
			f, r := s%9, s/9
			mg, eg := pstValue(k, f, r)
			mg += int(materialMG[k])
			eg += int(materialEG[k])
			red := MakePiece(Red, k)
			mgTable[red][s] = int16(mg)
			egTable[red][s] = int16(eg)
			// Black's table is Red's seen from the other side of the board.
			bs := SquareAt(f, 9-r)
			black := MakePiece(Black, k)
			mgTable[black][bs] = -int16(mg)
			egTable[black][bs] = -int16(eg)
		}
	}
}

// Evaluate returns the static score in centipawns from the side to move's point of view:
// material plus piece-square values (incremental) plus the positional terms of
// eval_terms.go, the opening and endgame sums blended by the phase (chariots, horses and
// cannons left on the board); then scaled towards a draw when the side ahead cannot win
// with its material (drawScale). (Damping the score over the second half of the no-capture
// move limit, as Pikafish does, cost about 75 Elo in self-play here: the side ahead traded
// material to reset the count, so it is not done.)
func (p *Position) Evaluate() int {
	var e evalInfo
	p.collect(&e)
	mg, eg := p.mg, p.eg
	for i, n := range e.terms {
		if p.plain {
			break // SetPlainEval: without the positional terms
		}
		mg += termMG[i] * n
		eg += termEG[i] * n
	}
	ph := min(p.phase, maxPhase)
	s := (mg*ph + eg*(maxPhase-ph)) / maxPhase
	strong := Red
	if s < 0 {
		strong = Black
	}
	s = s * p.drawScale(&e, strong) / 16
	if p.side == Black {
		s = -s
	}
	return int(s)
}

// mvvValue orders victims and attackers for MVV-LVA (soldier 1 ... chariot 9; the general
// counts as a costly attacker).
var mvvValue = [8]int{0, 12, 2, 2, 4, 9, 5, 1}

// CaptureKey returns the MVV-LVA ordering key of m, 16*value(victim) - value(attacker), and
// true when m is a capture; quiet moves return (0, false).
func (p *Position) CaptureKey(m Move) (int, bool) {
	t := p.board[m.To()%NumSquares]
	if t == NoPiece {
		return 0, false
	}
	return 16*mvvValue[t.Kind()] - mvvValue[p.board[m.From()%NumSquares].Kind()], true
}
