package chess

// Texel tuning support: the evaluation split into counts and weights, so that a tuner can fit
// the weights by regression on the same counts Evaluate uses.

// NumEvalParams is the number of tunable weight pairs: the material value of each kind from
// pawn to queen (5), then each term of eval_terms.go.
const NumEvalParams = 5 + numTerms

// MaxPhase is the game phase of a full board (see EvalTrace.Phase).
const MaxPhase = 24

// EvalParam is one tunable weight pair of the evaluation, in centipawns.
type EvalParam struct {
	Name string // e.g. "knight" (material) or "rook on open file"
	MG   int    // middlegame weight
	EG   int    // endgame weight
}

// EvalParams returns the evaluation's current weights, NumEvalParams of them, in the order
// of EvalTrace.Counts.
func EvalParams() []EvalParam {
	out := make([]EvalParam, 0, NumEvalParams)
	for k := Pawn; k <= Queen; k++ {
		out = append(out, EvalParam{k.String(), materialMG[k-1], materialEG[k-1]})
	}
	for i := 0; i < numTerms; i++ {
		out = append(out, EvalParam{termNames[i], termMG[i], termEG[i]})
	}
	return out
}

// EvalTrace is Evaluate taken apart. With weights w (EvalParams order), White's score is
//
//	lin = (mg*Phase + eg*(MaxPhase-Phase)) / MaxPhase, where
//	mg  = BaseMG + Σ w[i].MG*Counts[i] and eg = BaseEG + Σ w[i].EG*Counts[i];
//	score = lin * scale/16 * Damp, scale = ScaleWhite when lin >= 0 else ScaleBlack,
//
// and Evaluate returns it (up to integer rounding and the ±9999 clamp) from the side to
// move's view.
type EvalTrace struct {
	Counts         [NumEvalParams]int // White's count minus Black's: pieces, then terms
	BaseMG, BaseEG int                // the unweighted rest, White's view, centipawns
	Phase          int                // 0 (pawn endgame) .. MaxPhase
	ScaleWhite     int                // endgame scale in 1/16ths applied when White is ahead
	ScaleBlack     int                // the same when Black is ahead
	Damp           float64            // fifty-move damping factor, 0..1
	WhiteToMove    bool
}

// EvalTrace returns the decomposition of p.Evaluate described at EvalTrace.
func (p *Position) EvalTrace() EvalTrace {
	var e evalParts
	p.evalParts(&e)
	t := EvalTrace{BaseMG: e.mg[White] - e.mg[Black], BaseEG: e.eg[White] - e.eg[Black], Phase: e.phase,
		WhiteToMove: p.side == White, Damp: 1}
	for k := Pawn; k <= Queen; k++ {
		n := popcount(p.kinds[k]&p.colors[White]) - popcount(p.kinds[k]&p.colors[Black])
		t.Counts[k-Pawn] = n
		t.BaseMG -= n * materialMG[k-1]
		t.BaseEG -= n * materialEG[k-1]
	}
	for i := 0; i < numTerms; i++ {
		t.Counts[5+i] = e.terms[White][i] - e.terms[Black][i]
	}
	t.ScaleWhite = p.endgameScale(White)
	t.ScaleBlack = p.endgameScale(Black)
	if hm := int(p.halfmove); hm > 50 {
		t.Damp = float64(max(0, 100-hm)) / 50
	}
	return t
}

// Score returns White's score of the trace under weights w (EvalParams order), before
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
	scale := t.ScaleWhite
	if lin < 0 {
		scale = t.ScaleBlack
	}
	return lin * float64(scale) / 16 * t.Damp
}
