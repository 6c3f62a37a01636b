package main

import (
	"fmt"
	"math"
)

// WDL counts games won, drawn and lost, from the first engine's point of view.
type WDL struct {
	W, D, L int
}

// N is the number of games.
func (r WDL) N() int { return r.W + r.D + r.L }

// Score is the mean points per game (win 1, draw 1/2, loss 0), in [0, 1]; 0.5 when empty.
func (r WDL) Score() float64 {
	if r.N() == 0 {
		return 0.5
	}
	return (float64(r.W) + 0.5*float64(r.D)) / float64(r.N())
}

// variance is the per-game variance of the points.
func (r WDL) variance() float64 {
	n := float64(r.N())
	if n == 0 {
		return 0
	}
	s := r.Score()
	w, d, l := float64(r.W)/n, float64(r.D)/n, float64(r.L)/n
	return w*(1-s)*(1-s) + d*(0.5-s)*(0.5-s) + l*s*s
}

// EloFromScore converts a mean score in [0, 1] to a logistic Elo difference:
// -400·log10(1/s − 1). It returns ±Inf at 1 and 0.
func EloFromScore(s float64) float64 {
	switch {
	case s <= 0:
		return math.Inf(-1)
	case s >= 1:
		return math.Inf(1)
	}
	return -400*math.Log10(1/s-1) + 0 // + 0: an even score is +0, never printed as -0.0
}

// ScoreFromElo is the expected score of a player rated elo points above the opponent.
func ScoreFromElo(elo float64) float64 { return 1 / (1 + math.Pow(10, -elo/400)) }

// Elo returns the Elo difference of the first engine over the second and the bounds of its
// 95% confidence interval, from the normal approximation of the mean score (trinomial
// variance of the points, ±1.96 standard errors, each bound converted to Elo). When one side
// won every game the normal approximation has no width; the finite bound is then the exact
// (Clopper-Pearson) 97.5% one-sided bound of a binomial with no failure, 0.025^(1/n). When
// every game was drawn the normal approximation has no width either: the share of decisive
// games is then at most 1 − 0.025^(1/n) by the same bound, and the interval is that share
// all won (upper bound) or all lost (lower bound) beside the draws.
// Bounds and estimate can be ±Inf when the score or a bound reaches 0 or 1.
func (r WDL) Elo() (elo, lo, hi float64) {
	s := r.Score()
	elo = EloFromScore(s)
	n := float64(r.N())
	if n == 0 {
		return 0, math.Inf(-1), math.Inf(1)
	}
	switch {
	case r.W == r.N():
		return elo, EloFromScore(math.Pow(0.025, 1/n)), math.Inf(1)
	case r.L == r.N():
		return elo, math.Inf(-1), EloFromScore(1 - math.Pow(0.025, 1/n))
	case r.D == r.N():
		decisive := 1 - math.Pow(0.025, 1/n)
		return elo, EloFromScore(0.5 - decisive/2), EloFromScore(0.5 + decisive/2)
	}
	se := math.Sqrt(r.variance() / n)
	return elo, EloFromScore(s - 1.96*se), EloFromScore(s + 1.96*se)
}

// EloString formats the Elo estimate as "+35.2 ± 40.1 [-4.9, +75.3]" (or the bounds alone
// when they are not symmetric enough to quote as ±). A score of 0% or 100% has no finite Elo:
// it is reported as such, with the finite bound of the interval, never as ±inf.
func (r WDL) EloString() string {
	e, lo, hi := r.Elo()
	f := func(x float64) string {
		if math.IsInf(x, 0) {
			return "unbounded"
		}
		return fmt.Sprintf("%+.1f", x)
	}
	switch {
	case r.N() == 0:
		return "none (no game scored)"
	case math.IsInf(e, 1):
		return fmt.Sprintf("none: every game won (at least %s at 95%%)", f(lo))
	case math.IsInf(e, -1):
		return fmt.Sprintf("none: every game lost (at most %s at 95%%)", f(hi))
	case math.IsInf(lo, 0) || math.IsInf(hi, 0):
		return fmt.Sprintf("%s [%s, %s]", f(e), f(lo), f(hi))
	}
	return fmt.Sprintf("%s ± %.1f [%s, %s]", f(e), (hi-lo)/2, f(lo), f(hi))
}

// SPRT is a sequential probability ratio test of H0: Elo = Elo0 against H1: Elo = Elo1
// (logistic Elo), with false-positive rate Alpha and false-negative rate Beta. LLR is the
// generalised SPRT on the trinomial (win, draw, loss) model: under each hypothesis the
// outcome probabilities are the maximum-likelihood ones whose expected score is that
// hypothesis's score, and the LLR is the log of the ratio of the two likelihoods of the
// results. For many games it agrees with the normal approximation
// n·(s1 − s0)·(2s − s0 − s1) / (2v) (s the mean score, v the per-game variance); for few
// games it stays honest: seven straight wins against H0: 0, H1: 10 give 7·ln(s1/s0) ≈ 0.20,
// not a decision.
type SPRT struct {
	Elo0, Elo1  float64
	Alpha, Beta float64
	// Continue plays every game after the test decides (the decision and the number of
	// games it took are kept), so that the same run also gives a fixed-size Elo figure.
	Continue bool
}

// Bounds returns the lower and upper LLR bounds: ln(β/(1−α)) and ln((1−β)/α).
func (t SPRT) Bounds() (lower, upper float64) {
	return math.Log(t.Beta / (1 - t.Alpha)), math.Log((1 - t.Beta) / t.Alpha)
}

// sprtEpsilon is added to every W/D/L count before the LLR is computed, as fishtest
// regularises its counts, so that an outcome never seen keeps a tiny probability.
const sprtEpsilon = 1e-3

// LLR returns the log-likelihood ratio of H1 over H0 for the results r (0 with no games).
func (t SPRT) LLR(r WDL) float64 {
	if r.N() == 0 {
		return 0
	}
	n := [3]float64{float64(r.W) + sprtEpsilon, float64(r.D) + sprtEpsilon, float64(r.L) + sprtEpsilon}
	total := n[0] + n[1] + n[2]
	var freq [3]float64
	for i := range n {
		freq[i] = n[i] / total
	}
	p0 := mleWithScore(freq, ScoreFromElo(t.Elo0))
	p1 := mleWithScore(freq, ScoreFromElo(t.Elo1))
	llr := 0.0
	for i := range n {
		llr += n[i] * math.Log(p1[i]/p0[i])
	}
	return llr
}

// outcomeScore is the score of a win, a draw and a loss.
var outcomeScore = [3]float64{1, 0.5, 0}

// mleWithScore returns the outcome probabilities closest in likelihood to the observed
// frequencies freq whose expected score is s (0 < s < 1): p_i = freq_i / (1 + λ(a_i − s)),
// with λ found by bisection so that Σ p_i·a_i = s (a_i the outcome's score).
func mleWithScore(freq [3]float64, s float64) [3]float64 {
	// Σ freq_i (a_i − s) / (1 + λ(a_i − s)) falls as λ rises on the interval where every
	// denominator is positive: λ in (−1/(1−s), 1/s).
	lo, hi := -1/(1-s), 1/s
	f := func(l float64) float64 {
		sum := 0.0
		for i, a := range outcomeScore {
			sum += freq[i] * (a - s) / (1 + l*(a-s))
		}
		return sum
	}
	for range 200 {
		mid := (lo + hi) / 2
		if f(mid) > 0 {
			lo = mid
		} else {
			hi = mid
		}
	}
	l := (lo + hi) / 2
	var p [3]float64
	sum := 0.0
	for i, a := range outcomeScore {
		p[i] = freq[i] / (1 + l*(a-s))
		sum += p[i]
	}
	for i := range p {
		p[i] /= sum
	}
	return p
}

// Decide returns "H1" when the LLR reaches the upper bound (accept Elo1), "H0" when it reaches
// the lower bound (accept Elo0), and "" while the test must go on.
func (t SPRT) Decide(r WDL) string {
	lo, hi := t.Bounds()
	llr := t.LLR(r)
	switch {
	case llr >= hi:
		return "H1"
	case llr <= lo:
		return "H0"
	}
	return ""
}
