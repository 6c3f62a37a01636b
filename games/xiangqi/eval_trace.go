package xiangqi

import "fmt"

// Texel tuning support: the evaluation split into counts and weights, so that a tuner can fit
// the weights by regression on the same counts Evaluate uses.

// NumEvalParams is the number of tunable weight pairs: the material value of each kind from
// advisor to soldier (6), each positional term of eval_terms.go, then the piece-square
// values (psqMG, psqEG: 50 half-board points for each kind from general to soldier).
const NumEvalParams = 6 + numTerms + numPSQ

// numPSQ is the number of piece-square values: 7 kinds × 50 half-board points.
const numPSQ = 7 * psqPoints

// psqPoints is the number of points of half a board split at the central file: 10 ranks × 5
// files (a..e, the e-file central).
const psqPoints = 50

// psqIndex returns the index into psqMG[k-General] of a piece of colour c on s: its rank
// counted from c's own back rank times 5, plus the file's distance from the nearer edge
// (0..4), so that the left and right halves of the board share one value.
func psqIndex(c Color, s Square) int {
	f, r := int(s)%9, int(s)/9
	if c == Black {
		r = 9 - r
	}
	return r*5 + min(f, 8-f)
}

// MaxPhase is the game phase of a full board (see EvalTrace.Phase).
const MaxPhase = maxPhase

// EvalParam is one tunable weight pair of the evaluation, in centipawns.
type EvalParam struct {
	Name string // e.g. "horse" (material), "hollow cannon" (term) or "horse c2" (the horse's piece-square value on the c- and g-files, rank 2 from its own side)
	MG   int    // opening weight
	EG   int    // endgame weight
}

// EvalParams returns the evaluation's current weights, NumEvalParams of them, in the order
// of EvalTrace.Counts.
func EvalParams() []EvalParam {
	out := make([]EvalParam, 0, NumEvalParams)
	for k := Advisor; k <= Soldier; k++ {
		out = append(out, EvalParam{k.String(), int(materialMG[k]), int(materialEG[k])})
	}
	for i := 0; i < numTerms; i++ {
		out = append(out, EvalParam{termNames[i], int(termMG[i]), int(termEG[i])})
	}
	for k := General; k <= Soldier; k++ {
		for i := 0; i < psqPoints; i++ {
			name := fmt.Sprintf("%v %c%d", k, 'a'+i%5, i/5)
			out = append(out, EvalParam{name, int(psqMG[k-General][i]), int(psqEG[k-General][i])})
		}
	}
	return out
}

// EvalTrace is Evaluate taken apart. With weights w (EvalParams order), Red's score is
//
//	lin = (mg*Phase + eg*(MaxPhase-Phase)) / MaxPhase, where
//	mg  = BaseMG + Σ w[i].MG*Counts[i] and eg = BaseEG + Σ w[i].EG*Counts[i];
//	score = lin * scale/16, scale = ScaleRed when lin >= 0 else ScaleBlack,
//
// and Evaluate returns it (up to integer rounding) from the side to move's view.
type EvalTrace struct {
	Counts         [NumEvalParams]int // Red's count minus Black's: pieces, terms, then pieces per point
	BaseMG, BaseEG int                // what the weights do not cover, Red's view, centipawns (0 today)
	Phase          int                // 0 (bare endgame) .. MaxPhase (full board)
	ScaleRed       int                // draw scale in 1/16ths applied when Red is ahead
	ScaleBlack     int                // the same when Black is ahead
	RedToMove      bool
}

// EvalTrace returns the decomposition of p.Evaluate described at EvalTrace.
func (p *Position) EvalTrace() EvalTrace {
	var e evalInfo
	p.collect(&e)
	t := EvalTrace{BaseMG: int(p.mg), BaseEG: int(p.eg), Phase: int(min(p.phase, maxPhase)), RedToMove: p.side == Red}
	for k := Advisor; k <= Soldier; k++ {
		n := int(p.count[MakePiece(Red, k)]) - int(p.count[MakePiece(Black, k)])
		t.Counts[k-Advisor] = n
		t.BaseMG -= n * int(materialMG[k])
		t.BaseEG -= n * int(materialEG[k])
	}
	for i, n := range e.terms {
		t.Counts[6+i] = int(n)
	}
	for s := Square(0); s < NumSquares; s++ {
		pc := p.board[s]
		if pc == NoPiece {
			continue
		}
		k, sign := pc.Kind()-General, 1
		if pc.Color() == Black {
			sign = -1
		}
		i := psqIndex(pc.Color(), s)
		t.Counts[6+numTerms+int(k)*psqPoints+i] += sign
		t.BaseMG -= sign * int(psqMG[k][i])
		t.BaseEG -= sign * int(psqEG[k][i])
	}
	t.ScaleRed = int(p.drawScale(&e, Red))
	t.ScaleBlack = int(p.drawScale(&e, Black))
	return t
}

// Score returns Red's score of the trace under weights w (EvalParams order), before
// rounding, in centipawns.
func (t *EvalTrace) Score(w []EvalParam) float64 {
	mg, eg := float64(t.BaseMG), float64(t.BaseEG)
	for i, n := range t.Counts {
		if n != 0 {
			mg += float64(w[i].MG * n)
			eg += float64(w[i].EG * n)
		}
	}
	lin := (mg*float64(t.Phase) + eg*float64(MaxPhase-t.Phase)) / MaxPhase
	scale := t.ScaleRed
	if lin < 0 {
		scale = t.ScaleBlack
	}
	return lin * float64(scale) / 16
}
