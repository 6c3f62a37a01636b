package main

import "math"

// sample is one training position reduced to what the fit needs (see xiangqi.EvalTrace): the
// score under weights w is
//
//	lin = phase*(baseMG + Σ wMG[i]*count[i]) + (1-phase)*(baseEG + Σ wEG[i]*count[i])
//	score = lin * (scaleRed if lin >= 0 else scaleBlack) * damp
type sample struct {
	idx            []uint16  // parameters with a non-zero count
	cnt            []float64 // their counts
	baseMG, baseEG float64
	phase          float64 // opening share, 0..1
	scaleRed       float64 // 0..1
	scaleBlack     float64
	damp           float64
	label          float64 // Red's expected score, 0..1
}

// score returns the sample's score in centipawns under weights mg, eg, and d(score)/d(lin).
func (s *sample) score(mg, eg []float64) (float64, float64) {
	m, e := s.baseMG, s.baseEG
	for j, i := range s.idx {
		m += mg[i] * s.cnt[j]
		e += eg[i] * s.cnt[j]
	}
	lin := s.phase*m + (1-s.phase)*e
	f := s.scaleRed
	if lin < 0 {
		f = s.scaleBlack
	}
	f *= s.damp
	return lin * f, f
}

func sigmoid(k, cp float64) float64 { return 1 / (1 + math.Exp(-k*cp/400)) }

// meanError returns the mean squared error of sigmoid(k*score/400) against the labels.
func meanError(data []sample, k float64, mg, eg []float64) float64 {
	sum := 0.0
	for i := range data {
		s, _ := data[i].score(mg, eg)
		d := data[i].label - sigmoid(k, s)
		sum += d * d
	}
	return sum / float64(len(data))
}

// fitK returns the K in [0.05, 5] minimising meanError with the weights fixed (golden
// section search; the error is unimodal in K in practice).
func fitK(data []sample, mg, eg []float64) float64 {
	lo, hi := 0.05, 5.0
	g := (math.Sqrt(5) - 1) / 2
	a, b := hi-g*(hi-lo), lo+g*(hi-lo)
	fa, fb := meanError(data, a, mg, eg), meanError(data, b, mg, eg)
	for i := 0; i < 40; i++ {
		if fa < fb {
			hi, b, fb = b, a, fa
			a = hi - g*(hi-lo)
			fa = meanError(data, a, mg, eg)
		} else {
			lo, a, fa = a, b, fb
			b = lo + g*(hi-lo)
			fb = meanError(data, b, mg, eg)
		}
	}
	return (lo + hi) / 2
}

// fitConfig controls the gradient descent.
type fitConfig struct {
	K     float64 // sigmoid scale; 0 fits it first
	Iters int     // full-batch Adam steps
	Rate  float64 // Adam step size, centipawns
	Fixed []bool  // parameters not to change (nil: all free)
	// L2 adds L2*(w-w0)² per weight to the error, w0 the starting weight (a prior that keeps
	// weights the data says little about near where they were). Unit: 1/centipawn².
	L2 float64
}

// fit minimises the mean squared error over mg, eg (changed in place) and returns K and the
// final error. It is deterministic: the same data and start give the same weights.
func fit(data []sample, mg, eg []float64, cfg fitConfig) (k, mse float64) {
	k = cfg.K
	if k == 0 {
		k = fitK(data, mg, eg)
	}
	n := len(mg)
	gm, ge := make([]float64, n), make([]float64, n)
	m1, v1 := make([]float64, 2*n), make([]float64, 2*n)
	const b1, b2, eps = 0.9, 0.999, 1e-8
	c := k * math.Ln10 / 400
	mg0, eg0 := append([]float64(nil), mg...), append([]float64(nil), eg...)
	for it := 1; it <= cfg.Iters; it++ {
		clear(gm)
		clear(ge)
		for i := range data {
			s := &data[i]
			sc, f := s.score(mg, eg)
			p := sigmoid(k, sc)
			// d/dscore of (label - p)^2 = -2 (label-p) p (1-p) c
			g := -2 * (s.label - p) * p * (1 - p) * c * f
			for j, pi := range s.idx {
				gm[pi] += g * s.phase * s.cnt[j]
				ge[pi] += g * (1 - s.phase) * s.cnt[j]
			}
		}
		inv := 1 / float64(len(data))
		bc1 := 1 - math.Pow(b1, float64(it))
		bc2 := 1 - math.Pow(b2, float64(it))
		for i := 0; i < n; i++ {
			if cfg.Fixed != nil && cfg.Fixed[i] {
				continue
			}
			for h, w := range [2]*float64{&mg[i], &eg[i]} {
				gr := gm[i]*inv + 2*cfg.L2*(mg[i]-mg0[i])
				if h == 1 {
					gr = ge[i]*inv + 2*cfg.L2*(eg[i]-eg0[i])
				}
				j := 2*i + h
				m1[j] = b1*m1[j] + (1-b1)*gr
				v1[j] = b2*v1[j] + (1-b2)*gr*gr
				*w -= cfg.Rate * (m1[j] / bc1) / (math.Sqrt(v1[j]/bc2) + eps)
			}
		}
	}
	return k, meanError(data, k, mg, eg)
}
