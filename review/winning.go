package review

import (
	"math"

	"github.com/cotuong-ai/cotuong/engine"
	"github.com/cotuong-ai/cotuong/gamesearch"
)

// KXiangqi and KChess are k of WinningChances, per centipawn, for each game's scores.
//
// KXiangqi is fitted to this engine's search scores and the games' results: the logistic
// E[result] = 1/(1+exp(−k·cp)) (so that W = 2·E − 1), cp the score of a node-limited search
// (4,000 nodes) from the side to move and the result 1, ½ or 0 from that side, fitted by
// maximum likelihood (binary cross-entropy, draws as ½) on 150,580 positions of 1,375
// self-play games (/work/data/round1.txt of the data generator, full strength with 3–8 random
// opening moves): k = 0.00289 (least squares: 0.00282). The estimate is not tight: the
// thirds of the file give 0.00269, 0.00283 and 0.00317. Command:
//
//	go run ./examples/dev/reviewcheck -fitk FILE
//
// (It replaced the Texel tuner's K = 0.9901/400 = 0.002475, fitted to the static evaluation
// of quiet positions, not to the search's scores.)
//
// KChess is fitted the same way to this engine's chess search scores: 251,382 positions of
// 3,000 self-play games (4,000 nodes a move, 3–8 random opening plies), written by
//
//	go run ./examples/dev/datagen -game chess -games 3000 -nodes 4000 -seed 1 -concurrency 2 -out FILE
//
// k = 0.00511 by maximum likelihood (least squares 0.00593; the thirds of the file 0.00498,
// 0.00505, 0.00533). Our chess centipawns are smaller than Stockfish's: lila's k for those,
// KLila, is 0.00368208.
//
// KXiangqiNetwork is k of the scores of a xiangqi search that evaluates with the network
// shipped with games/xiangqi (an analysis with Options.Network): its centipawns are larger
// than the classical evaluation's. 13,871 positions of 134 self-play games with the network (4,000
// nodes a move, datagen -net) were scored again by the classical search at 4,000 nodes, and
// k fitted to both searches' scores and the same results by maximum likelihood: the
// network's 0.002443, the classical 0.002849, a ratio of 0.858 (the thirds of the file give
// 0.858, 0.840 and 0.872, where k alone ranges from 0.0020 to 0.0031). KXiangqiNetwork is
// KXiangqi times that ratio. Commands (-rescore scores the positions with the classical search):
//
//	go run ./examples/dev/datagen -net games/xiangqi/xiangqi.nnue -nodes 4000 -seed 7 -out FILE
//	go run ./examples/dev/reviewcheck -fitk FILE -rescore 4000
const (
	KXiangqi        = 0.00289
	KXiangqiNetwork = 0.00248
	KChess          = 0.00511
)

// KLila is lila's k (WinPercent.scala, 0.00368208 per centipawn), fitted there to Stockfish's
// centipawns: the scale lila's clamp and MateAdvice's centipawn limits are written in, and the
// k to judge Stockfish's scores with.
const KLila = 0.00368208

// K returns k of WinningChances for the scores of Analyze's default analysis of variant v:
// KXiangqi for xiangqi (the classical evaluation), KChess for chess. An analysis knows its
// own k (Analysis.K).
func K(v engine.Variant) float64 {
	if v == engine.Xiangqi {
		return KXiangqi
	}
	return KChess
}

// K returns k of WinningChances for a's scores: KXiangqiNetwork for a xiangqi analysis by the
// network (Network), KXiangqi for one by the classical evaluation, KChess for chess.
func (a *Analysis) K() float64 {
	switch {
	case a == nil || a.Variant != engine.Xiangqi:
		return KChess
	case a.Network:
		return KXiangqiNetwork
	}
	return KXiangqi
}

// cpCeiling is lila's clamp of centipawns before the mapping (Eval.Cp.CEILING), at lila's k.
const cpCeiling = 1000

// lilaCp converts cp centipawns on the scale whose k is k to lila's centipawns (Stockfish's
// scale, k = KLila): the centipawns with the same winning chances. The clamp and the
// centipawn limits of MateAdvice are lila's, so on another scale they are converted first:
// the two judges of one game (ours and another engine's, each with its k) then apply the
// same limits in winning chances.
func lilaCp(cp float64, k float64) float64 {
	if k <= 0 {
		return cp
	}
	return cp * k / KLila
}

// WinningChances maps a score (centipawns from a side's view, mate scores as gamesearch's:
// ±(gamesearch.Mate−ply)) to that side's winning chances in −1..1 with k per centipawn:
// 2/(1+exp(−k·cp)) − 1, cp clamped where lila clamps it (±1000 of lila's centipawns, that is
// k·cp within ±1000·KLila: winning chances within ±0.951; for KXiangqi ±1274 cp, for KChess
// ±721 cp); a mate
// is ±1.
func WinningChances(score int, k float64) float64 {
	if gamesearch.IsMate(score) {
		if score > 0 {
			return 1
		}
		return -1
	}
	x := max(-cpCeiling*KLila, min(cpCeiling*KLila, k*float64(score)))
	return 2/(1+math.Exp(-x)) - 1
}

// Mark is a move's judgement.
type Mark int

// The judgements, from none to the worst.
const (
	Good       Mark = iota // no mark
	Inaccuracy             // ?!: winning chances fell by at least 0.1
	Mistake                // ?: by at least 0.2
	Blunder                // ??: by at least 0.3
)

// Glyph returns "", "?!", "?" or "??".
func (m Mark) Glyph() string {
	switch m {
	case Inaccuracy:
		return "?!"
	case Mistake:
		return "?"
	case Blunder:
		return "??"
	}
	return ""
}

// String returns "good", "inaccuracy", "mistake" or "blunder".
func (m Mark) String() string {
	switch m {
	case Inaccuracy:
		return "inaccuracy"
	case Mistake:
		return "mistake"
	case Blunder:
		return "blunder"
	}
	return "good"
}

// Thresholds of the drop in winning chances (lila Advice.scala's CpAdvice).
const (
	InaccuracyDrop = 0.1
	MistakeDrop    = 0.2
	BlunderDrop    = 0.3
)

// markOfDrop judges a drop in winning chances.
func markOfDrop(d float64) Mark {
	switch {
	case d >= BlunderDrop:
		return Blunder
	case d >= MistakeDrop:
		return Mistake
	case d >= InaccuracyDrop:
		return Inaccuracy
	}
	return Good
}

// JudgeScores returns the mark and the drop in winning chances of a move whose mover scored
// before (centipawns from the mover's view, mates as gamesearch's) in the position before it
// and after in the position after it (from the mover's view too), with k: the rules of
// Judge for one move (without its rule that the engine's own best move is good).
func JudgeScores(before, after int, k float64) (Mark, float64) { return judge(before, after, k) }

// judge returns the mark of a move whose mover scored before (from the mover's view, the
// position before the move) and after (from the mover's view, the position after it), by
// lila's rules: the drop in winning chances when neither score is a mate, MateAdvice's
// when one is (its centipawn limits converted from lila's scale to k's).
func judge(before, after int, k float64) (Mark, float64) {
	drop := WinningChances(before, k) - WinningChances(after, k)
	bm, am := gamesearch.IsMate(before), gamesearch.IsMate(after)
	if !bm && !am {
		return markOfDrop(drop), drop
	}
	cpAfter, cpBefore := 0.0, 0.0 // in lila's centipawns
	if !am {
		cpAfter = lilaCp(float64(after), k)
	}
	if !bm {
		cpBefore = lilaCp(float64(before), k)
	}
	switch {
	case bm && before > 0 && !(am && after > 0): // a forced mate lost
		switch {
		case cpAfter > 999:
			return Inaccuracy, drop
		case cpAfter > 700:
			return Mistake, drop
		}
		return Blunder, drop
	case am && after < 0 && !(bm && before < 0): // being mated newly allowed
		switch {
		case cpBefore < -999:
			return Inaccuracy, drop
		case cpBefore < -700:
			return Mistake, drop
		}
		return Blunder, drop
	}
	return Good, drop // a mate delayed, or still mated
}

// winPercent is lila's WinPercent: 50 + 50·W, 0..100.
func winPercent(score int, k float64) float64 { return 50 + 50*WinningChances(score, k) }

// MoveAccuracy is lila's accuracy of a move from the mover's win percentages (0..100)
// before and after it: 100 when it did not fall, else 103.1668·exp(−0.04354·Δ) − 3.1669 + 1
// clamped to 0..100.
func MoveAccuracy(before, after float64) float64 {
	if after >= before {
		return 100
	}
	raw := 103.1668100711649*math.Exp(-0.04354415386753951*(before-after)) - 3.166924740191411
	return max(0, min(100, raw+1))
}

// gameAccuracy returns each side's accuracy from the win percentages of the positions of a
// game from the first player's view (len(wp) = moves+1) and the side that moved first, as
// lila's AccuracyPercent.gameAccuracy combines them. ok[s] is false when s made no move.
func gameAccuracy(wp []float64, first engine.Side) (acc [2]float64, ok [2]bool) {
	n := len(wp) - 1
	if n < 1 {
		return acc, ok
	}
	w := min(8, max(2, n/10))
	var windows [][]float64
	for i := 0; i < min(w, len(wp))-2; i++ {
		windows = append(windows, wp[:min(w, len(wp))])
	}
	if len(wp) >= w {
		for i := 0; i+w <= len(wp); i++ {
			windows = append(windows, wp[i:i+w])
		}
	} else {
		windows = append(windows, wp) // Scala's sliding of a short list gives it whole
	}
	var sumW, sumWA, sumInv [2]float64
	var cnt [2]int
	for i := 0; i < n; i++ {
		s := first
		if i%2 == 1 {
			s = first.Other()
		}
		before, after := wp[i], wp[i+1]
		if s == engine.Second {
			before, after = 100-before, 100-after
		}
		a := MoveAccuracy(before, after)
		weight := 0.5
		if i < len(windows) {
			weight = max(0.5, min(12, stddev(windows[i])))
		}
		sumW[s] += weight
		sumWA[s] += weight * a
		sumInv[s] += 1 / max(1, a)
		cnt[s]++
	}
	for s := range 2 {
		if cnt[s] == 0 || sumW[s] == 0 {
			continue
		}
		acc[s] = (sumWA[s]/sumW[s] + float64(cnt[s])/sumInv[s]) / 2
		ok[s] = true
	}
	return acc, ok
}

// stddev is the population standard deviation of xs.
func stddev(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	m := 0.0
	for _, x := range xs {
		m += x
	}
	m /= float64(len(xs))
	v := 0.0
	for _, x := range xs {
		v += (x - m) * (x - m)
	}
	return math.Sqrt(v / float64(len(xs)))
}
