package nnue

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// Over random games of the toy, the accumulators kept incrementally by
// Evaluator.Apply (with refreshes when a king changes bucket) equal those
// refreshed from scratch at every ply, and so do the evaluations.
func TestIncrementalEqualsRefreshToy(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, h := range []int{1, 7, 16, 33, 64} {
		net := randomNetwork(rng, toyFeatures{}.Name(), toyInputs, h)
		ev, err := NewEvaluator[toyPos, toyMove](net, toyFeatures{})
		if err != nil {
			t.Fatal(err)
		}
		cur, next, fresh := ev.NewState(), ev.NewState(), ev.NewState()
		refreshes := 0
		var moves []toyMove
		for game := range 20 {
			pos := randomToy(rng)
			ev.Refresh(&pos, cur)
			for ply := range 60 {
				moves = pos.moves(moves[:0])
				m := moves[rng.IntN(len(moves))]
				child := pos.after(m)
				for side := range 2 {
					if _, _, r := (toyFeatures{}).Changes(&pos, m, side, nil, nil); r {
						refreshes++
					}
				}
				ev.Apply(cur, &pos, m, &child, next)
				ev.Refresh(&child, fresh)
				for side := range 2 {
					if !slices.Equal(next.Acc[side].Values(), fresh.Acc[side].Values()) {
						t.Fatalf("H=%d game %d ply %d side %d: incremental %v, refresh %v (%s, move %v)",
							h, game, ply, side, next.Acc[side].Values(), fresh.Acc[side].Values(), &pos, m)
					}
				}
				if a, b := ev.Evaluate(next, child.stm), ev.Evaluate(fresh, child.stm); a != b {
					t.Fatalf("H=%d: evaluations differ: %d vs %d", h, a, b)
				}
				pos, cur, next = child, next, cur
			}
		}
		if refreshes == 0 {
			t.Fatalf("H=%d: no move needed a refresh; the test does not cover that path", h)
		}
	}
}

// Random add/remove sequences on one accumulator, through Update and
// UpdateFrom, match a refresh with the resulting multiset of features.
func TestUpdateEqualsRefreshRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, h := range []int{1, 8, 15, 16, 31, 64, 256, 257} {
		const n = 500
		net := randomNetwork(rng, "rand", n, h)
		acc, other, fresh := net.NewAccumulator(), net.NewAccumulator(), net.NewAccumulator()
		var active []int
		for step := range 300 {
			var added, removed []int
			for range rng.IntN(4) {
				f := rng.IntN(n)
				added = append(added, f)
				active = append(active, f)
			}
			for range rng.IntN(3) {
				if len(active) == 0 {
					break
				}
				k := rng.IntN(len(active))
				removed = append(removed, active[k])
				active = slices.Delete(active, k, k+1)
			}
			if step%2 == 0 {
				acc.Update(added, removed)
			} else {
				other.UpdateFrom(acc, added, removed)
				acc.CopyFrom(other)
			}
			fresh.Refresh(active)
			if !slices.Equal(acc.Values(), fresh.Values()) {
				t.Fatalf("H=%d step %d: update %v, refresh %v", h, step, acc.Values(), fresh.Values())
			}
		}
	}
}

// The quantised network's evaluation stays within the worst-case rounding
// bound of the float model's, and its mean squared error matches what
// independent rounding errors predict (uniform, variance 1/12 of a unit):
// QB = 64 makes an output weight's step 400/64 = 6.25 cp per unit of
// activation, so the error grows like √H. Most of a network's error is one
// offset shared by every position (its particular rounding of W2), so the
// mean squared error is averaged over many random networks.
func TestQuantisedMatchesFloat(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, h := range []int{16, 64, 256} {
		const n, nets, perNet = 200, 40, 25
		var sqErr, predVar, maxErr float64
		for range nets {
			m := randomModel(rng, "q", n, h)
			net, err := m.Quantise()
			if err != nil {
				t.Fatal(err)
			}
			var w2abs float64
			for _, w := range m.W2 {
				w2abs += math.Abs(float64(w))
			}
			stm, other := net.NewAccumulator(), net.NewAccumulator()
			for range perNet {
				k := 1 + rng.IntN(32)
				fs, fo := randFeatures(rng, n, k), randFeatures(rng, n, k)
				stm.Refresh(fs)
				other.Refresh(fo)
				got := float64(net.Evaluate(stm, other))
				want := m.Eval(fs, fo)
				// Worst case: each accumulator value is off by at most (k+1)/2
				// units of 1/QA, each output weight by 1/2 of 1/QB (times an
				// activation ≤ 1), the bias by 1/2 of 1/(QA·QB); truncation
				// costs < 1 cp.
				bound := Scale*(w2abs*float64(k+1)/2/QA+float64(2*h)/2/QB+0.5/(QA*QB)) + 1 + 1e-3*math.Abs(want)
				e := got - want
				if math.Abs(e) > bound {
					t.Fatalf("H=%d k=%d: quantised %v, float %v, error %v > bound %v", h, k, got, want, e, bound)
				}
				// Expected variance: output-weight rounding Σ act²/(12·QB²);
				// accumulator rounding (k+1)/(12·QA²) per unclipped unit, times
				// its weight²; truncation toward zero ~1/12 cp².
				var v float64
				for s, feats := range [2][]int{fs, fo} {
					for i, a := range floatActs(m, feats) {
						v += a * a / (12 * QB * QB)
						if a > 0 && a < 1 {
							w := float64(m.W2[s*h+i])
							v += w * w * float64(k+1) / (12 * QA * QA)
						}
					}
				}
				predVar += v*Scale*Scale + 1.0/3
				sqErr += e * e
				maxErr = max(maxErr, math.Abs(e))
			}
		}
		const trials = nets * perNet
		ratio := sqErr / predVar
		t.Logf("H=%d: rms |quantised − float| = %.2f cp (predicted %.2f), max %.2f cp",
			h, math.Sqrt(sqErr/trials), math.Sqrt(predVar/trials), maxErr)
		if ratio < 0.75 || ratio > 1.33 {
			t.Errorf("H=%d: squared error %.3g is %.2f× the rounding model's %.3g, want 0.75–1.33×", h, sqErr, ratio, predVar)
		}
	}
}

// floatActs returns the clipped float activations of one perspective.
func floatActs(m *Model, feats []int) []float64 {
	h := m.Hidden
	out := make([]float64, h)
	for i := range out {
		a := float64(m.B1[i])
		for _, f := range feats {
			a += float64(m.W1[f*h+i])
		}
		out[i] = min(max(a, 0), 1)
	}
	return out
}

func randFeatures(rng *rand.Rand, n, k int) []int {
	f := make([]int, k)
	for i := range f {
		f[i] = rng.IntN(n)
	}
	return f
}

// Hand-computed values: one hidden unit, checking the clipping, the weights
// of each perspective, the bias and the truncation toward zero.
func TestEvaluateByHand(t *testing.T) {
	net, _ := NewNetwork("hand", 3, 1)
	net.W1 = []int16{100, 300, -50}
	net.B1 = []int16{10}
	net.W2 = []int16{64, -32} // 1.0 for the side to move, −0.5 for the other
	net.B2 = QA * QB / 8      // 0.125 → 50 cp
	stm, other := net.NewAccumulator(), net.NewAccumulator()
	stm.Refresh([]int{0, 1}) // 10+100+300 = 410 → clipped to 255 → 1.0
	other.Refresh([]int{2})  // 10−50 = −40 → 0
	if got := net.Evaluate(stm, other); got != 450 {
		t.Errorf("Evaluate = %d, want 400+50 = 450", got)
	}
	stm.Refresh([]int{0})   // 110
	other.Refresh([]int{0}) // 110
	// (110·64 − 110·32 + 2040)·400/16320 = (3520+2040)·400/16320 = 136.27 → 136
	if got := net.Evaluate(stm, other); got != 136 {
		t.Errorf("Evaluate = %d, want 136", got)
	}
	net.B2 = -QA * QB // −1.0
	// (3520 − 16320)·400/16320 = −313.7 → −313 (toward zero)
	if got := net.Evaluate(stm, other); got != -313 {
		t.Errorf("Evaluate = %d, want −313", got)
	}
}

func TestNewEvaluatorChecksFeatureSet(t *testing.T) {
	net, _ := NewNetwork("other", toyInputs, 8)
	if _, err := NewEvaluator[toyPos, toyMove](net, toyFeatures{}); err == nil {
		t.Fatal("NewEvaluator accepted a network for another feature set")
	}
}

// The search-time calls allocate nothing, with positions and feature lists
// kept where a searcher keeps them (its per-ply frames, reused buffers).
func TestNoAllocations(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 26))
	net := randomNetwork(rng, toyFeatures{}.Name(), toyInputs, 64)
	ev, err := NewEvaluator[toyPos, toyMove](net, toyFeatures{})
	if err != nil {
		t.Fatal(err)
	}
	frames := make([]toyPos, 2)
	frames[0] = randomToy(rng)
	moves := frames[0].moves(nil)
	a, b := ev.NewState(), ev.NewState()
	ev.Refresh(&frames[0], a)
	added, removed := []int{1, 2}, []int{1, 2}
	i := 0
	allocs := testing.AllocsPerRun(200, func() {
		m := moves[i%len(moves)]
		i++
		frames[1] = frames[0].after(m)
		ev.Apply(a, &frames[0], m, &frames[1], b)
		sink += ev.Evaluate(b, frames[1].stm)
		ev.Refresh(&frames[1], b)
		b.Acc[0].Update(added, removed)
	})
	if allocs != 0 {
		t.Fatalf("%v allocations per Apply+Evaluate+Refresh+Update, want 0", allocs)
	}
}
