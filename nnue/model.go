package nnue

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
)

// ErrRange is returned (wrapped) by Quantise when a weight does not fit its
// integer type.
var ErrRange = errors.New("nnue: weight out of the quantised range")

// Model is the float32 training model of the same shape as Network:
//
//	acc_s = B1 + Σ_{f active for side s} W1[f]          (H values per side)
//	out   = B2 + W2[:H]·crelu(acc_stm) + W2[H:]·crelu(acc_other)
//	cp    = out·Scale
//
// with crelu(x) = min(max(x, 0), 1). Quantise turns it into a Network.
type Model struct {
	FeatureSet     string    // as Network.FeatureSet
	Inputs, Hidden int       // N and H
	W1             []float32 // N·H, feature-major: row f is W1[f*H : f*H+H]
	B1             []float32 // H
	W2             []float32 // 2H: side to move's first, then the other's
	B2             float32
}

// NewModel returns a model of N inputs and H hidden units with small random
// weights drawn from seed: W1 uniform in ±1/√N, B1 = 0.5 (the middle of the
// clipped ReLU's linear range, so that every unit starts alive), W2 uniform
// in ±1/√(2H), B2 = 0. It returns an error for a shape NewNetwork would
// refuse.
func NewModel(featureSet string, inputs, hidden int, seed uint64) (*Model, error) {
	if err := checkShape(featureSet, inputs, hidden); err != nil {
		return nil, err
	}
	m := &Model{
		FeatureSet: featureSet, Inputs: inputs, Hidden: hidden,
		W1: make([]float32, inputs*hidden),
		B1: make([]float32, hidden),
		W2: make([]float32, 2*hidden),
	}
	rng := rand.New(rand.NewPCG(seed, 0x6e6e7565))
	a1 := 1 / math.Sqrt(float64(inputs))
	for i := range m.W1 {
		m.W1[i] = float32((2*rng.Float64() - 1) * a1)
	}
	for i := range m.B1 {
		m.B1[i] = 0.5
	}
	a2 := 1 / math.Sqrt(float64(2*hidden))
	for i := range m.W2 {
		m.W2[i] = float32((2*rng.Float64() - 1) * a2)
	}
	return m, nil
}

// Eval returns the model's evaluation in centipawns (not rounded) of a
// position given the active features of the side to move (stm) and of the
// other side. It panics on an index out of [0, N).
func (m *Model) Eval(stm, other []int) float64 {
	h := m.Hidden
	acc := make([]float32, h)
	out := m.B2
	for s, feats := range [2][]int{stm, other} {
		copy(acc, m.B1)
		for _, f := range feats {
			row := m.W1[f*h : f*h+h]
			for i := range acc {
				acc[i] += row[i]
			}
		}
		w := m.W2[s*h : s*h+h]
		for i, a := range acc {
			out += w[i] * min(max(a, 0), 1)
		}
	}
	return float64(out) * Scale
}

// Quantise returns the integer network of m: W1 and B1 times QA, W2 times
// QB, B2 times QA·QB, each rounded to nearest (halves away from zero). It
// returns an error wrapping ErrRange, naming the first offender, if a value
// does not fit its type (|W1|, |B1| ≤ 128.5, |W2| ≤ 511.98); training with the
// default clip of 1.98 keeps every value inside.
func (m *Model) Quantise() (*Network, error) {
	n, err := NewNetwork(m.FeatureSet, m.Inputs, m.Hidden)
	if err != nil {
		return nil, err
	}
	if err := checkSlices(m.FeatureSet, m.Inputs, m.Hidden, len(m.W1), len(m.B1), len(m.W2)); err != nil {
		return nil, err
	}
	q16 := func(dst []int16, src []float32, scale float64, what string) error {
		for i, v := range src {
			r := math.Round(float64(v) * scale)
			if !(r >= math.MinInt16 && r <= math.MaxInt16) {
				return fmt.Errorf("%w: %s[%d] = %g", ErrRange, what, i, v)
			}
			dst[i] = int16(r)
		}
		return nil
	}
	if err := q16(n.W1, m.W1, QA, "W1"); err != nil {
		return nil, err
	}
	if err := q16(n.B1, m.B1, QA, "B1"); err != nil {
		return nil, err
	}
	if err := q16(n.W2, m.W2, QB, "W2"); err != nil {
		return nil, err
	}
	r := math.Round(float64(m.B2) * QA * QB)
	if !(r >= math.MinInt32 && r <= math.MaxInt32) {
		return nil, fmt.Errorf("%w: B2 = %g", ErrRange, m.B2)
	}
	n.B2 = int32(r)
	return n, nil
}
