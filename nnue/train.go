package nnue

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"sync"
	"time"
)

// TrainConfig sets the trainer's hyper-parameters. Start from
// DefaultTrainConfig; every field is used as given.
type TrainConfig struct {
	Epochs    int     // passes over the training part of the data
	BatchSize int     // samples per Adam step
	LR        float64 // Adam learning rate
	LRDecay   float64 // LR is multiplied by this after each epoch (1 = constant)
	Beta1     float64 // Adam first-moment decay
	Beta2     float64 // Adam second-moment decay
	Epsilon   float64 // Adam denominator guard
	// Lambda weights the search score in the target; 1−Lambda weights the
	// game result (Stockfish's convention: 1 = scores only).
	Lambda float64
	// K is the sigmoid scale in centipawns: a score s means a win
	// probability of 1/(1+e^(−s/K)).
	K float64
	// Clip bounds every weight and bias to [−Clip, Clip] after each step
	// (except B2), so that quantised values fit int16 and the output sums
	// fit int32 (1.98 → |W1|·QA ≤ 505, |W2|·QB ≤ 127).
	Clip float64
	// Validation is the fraction of samples held out (chosen by a seeded
	// shuffle) to measure the validation loss; 0 holds none out.
	Validation float64
	Workers    int    // goroutines per batch; 0 means GOMAXPROCS
	Seed       uint64 // seeds the split and the per-epoch shuffles
	// Progress, if not nil, is called after each epoch.
	Progress func(EpochStats)
}

// DefaultTrainConfig returns settings common in the field for small nets:
// 10 epochs, batch 16384, Adam lr 1e-3 (β 0.9/0.999, ε 1e-8) decayed 0.9 per
// epoch, λ 0.75, K 400, clip 1.98, 5 % validation, GOMAXPROCS workers.
func DefaultTrainConfig() TrainConfig {
	return TrainConfig{
		Epochs: 10, BatchSize: 16384, LR: 1e-3, LRDecay: 0.9,
		Beta1: 0.9, Beta2: 0.999, Epsilon: 1e-8,
		Lambda: 0.75, K: 400, Clip: 1.98, Validation: 0.05,
	}
}

// EpochStats reports one epoch of training.
type EpochStats struct {
	Epoch     int           // 1-based
	TrainLoss float64       // mean loss over the epoch's training batches, before each step
	ValidLoss float64       // mean loss on the held-out samples after the epoch (NaN if none)
	LR        float64       // learning rate used in the epoch
	Samples   int           // training samples per epoch
	Elapsed   time.Duration // wall time of the epoch, validation included
}

// ErrConfig is returned (wrapped) by Train for an unusable configuration.
var ErrConfig = errors.New("nnue: bad training configuration")

// Train fits m to data with mini-batch Adam and returns the statistics of
// every epoch. The loss of a sample is
//
//	(σ(out·Scale/K) − t)²,  t = Lambda·σ(score/K) + (1−Lambda)·result,
//
// σ the logistic function; the batch loss is its mean. Batches are drawn from
// the training samples in a fresh shuffled order each epoch and split among
// Workers goroutines, each accumulating its gradients in its own buffers;
// the merge is in a fixed order, so a run is reproducible for a given Seed
// and Workers. The first layer's gradient is sparse: only the rows of
// features active in the batch are summed and stepped ("lazy" Adam: their
// moments are updated only when they appear, with the global step's bias
// correction).
//
// It returns an error wrapping ErrConfig for a bad setting, or ErrData if
// the data's N differs from m's or no training sample is left.
func Train(m *Model, data *Dataset, cfg TrainConfig) ([]EpochStats, error) {
	if cfg.Workers <= 0 {
		cfg.Workers = runtime.GOMAXPROCS(0)
	}
	switch {
	case cfg.Epochs < 0 || cfg.BatchSize < 1:
		return nil, fmt.Errorf("%w: %d epochs, batch %d", ErrConfig, cfg.Epochs, cfg.BatchSize)
	case !(cfg.LR > 0) || !(cfg.K > 0) || !(cfg.Clip > 0) || !(cfg.LRDecay > 0):
		return nil, fmt.Errorf("%w: LR %g, K %g, Clip %g and LRDecay %g must be positive", ErrConfig, cfg.LR, cfg.K, cfg.Clip, cfg.LRDecay)
	case !(cfg.Lambda >= 0 && cfg.Lambda <= 1) || !(cfg.Validation >= 0 && cfg.Validation < 1):
		return nil, fmt.Errorf("%w: Lambda %g must be in [0, 1] and Validation %g in [0, 1)", ErrConfig, cfg.Lambda, cfg.Validation)
	case !(cfg.Beta1 >= 0 && cfg.Beta1 < 1) || !(cfg.Beta2 >= 0 && cfg.Beta2 < 1) || !(cfg.Epsilon > 0):
		return nil, fmt.Errorf("%w: Beta1 %g, Beta2 %g must be in [0, 1), Epsilon %g positive", ErrConfig, cfg.Beta1, cfg.Beta2, cfg.Epsilon)
	case data.inputs != m.Inputs:
		return nil, fmt.Errorf("%w: dataset has %d inputs, model %d", ErrData, data.inputs, m.Inputs)
	}
	rng := rand.New(rand.NewPCG(cfg.Seed, 0x747261696e))
	idx := rng.Perm(data.Len())
	nVal := int(float64(len(idx)) * cfg.Validation)
	valid, train := idx[:nVal], idx[nVal:]
	if len(train) == 0 {
		return nil, fmt.Errorf("%w: no training sample (%d samples, %d held out)", ErrData, data.Len(), nVal)
	}
	t := newTrainer(m, data, cfg, true)
	var stats []EpochStats
	lr := cfg.LR
	for ep := 1; ep <= cfg.Epochs; ep++ {
		start := time.Now()
		rng.Shuffle(len(train), func(i, j int) { train[i], train[j] = train[j], train[i] })
		var sum float64
		for b := 0; b < len(train); b += cfg.BatchSize {
			batch := train[b:min(b+cfg.BatchSize, len(train))]
			sum += t.gradients(batch)
			t.step(len(batch), lr)
		}
		st := EpochStats{Epoch: ep, TrainLoss: sum / float64(len(train)), ValidLoss: math.NaN(),
			LR: lr, Samples: len(train)}
		if len(valid) > 0 {
			st.ValidLoss = t.loss(valid)
		}
		st.Elapsed = time.Since(start)
		stats = append(stats, st)
		if cfg.Progress != nil {
			cfg.Progress(st)
		}
		lr *= cfg.LRDecay
	}
	return stats, nil
}

// Loss returns the mean training loss of m over every sample of data, with
// the target mix lambda and sigmoid scale k (see Train). It returns NaN for
// an empty dataset.
func Loss(m *Model, data *Dataset, lambda, k float64) float64 {
	idx := make([]int, data.Len())
	for i := range idx {
		idx[i] = i
	}
	cfg := TrainConfig{Lambda: lambda, K: k, Workers: runtime.GOMAXPROCS(0)}
	return newTrainer(m, data, cfg, false).loss(idx)
}

// trainer holds the Adam state and the workers' gradient buffers.
type trainer struct {
	m       *Model
	d       *Dataset
	cfg     TrainConfig
	workers []*worker
	steps   int
	// Adam moments, shaped like the parameters.
	mW1, vW1, mB1, vB1, mW2, vW2 []float32
	mB2, vB2                     float64
	rows                         []uint16 // union of the batch's touched rows
	seen                         []bool   // per row: in rows
}

// worker owns the gradient of its share of a batch.
type worker struct {
	gW1     []float32 // N·H, dense storage, only touched rows non-zero
	touched []uint16
	mark    []bool
	gB1     []float32
	gW2     []float32
	gB2     float64
	loss    float64
	acc     [2][]float32
	dacc    [2][]float32
}

// newTrainer allocates the trainer; without grad, only what the forward
// pass needs (for Loss).
func newTrainer(m *Model, d *Dataset, cfg TrainConfig, grad bool) *trainer {
	n, h := m.Inputs, m.Hidden
	t := &trainer{m: m, d: d, cfg: cfg}
	if grad {
		t.mW1, t.vW1 = make([]float32, n*h), make([]float32, n*h)
		t.mB1, t.vB1 = make([]float32, h), make([]float32, h)
		t.mW2, t.vW2 = make([]float32, 2*h), make([]float32, 2*h)
		t.seen = make([]bool, n)
	}
	for range cfg.Workers {
		w := &worker{}
		if grad {
			w.gW1, w.mark = make([]float32, n*h), make([]bool, n)
			w.gB1, w.gW2 = make([]float32, h), make([]float32, 2*h)
		}
		for s := range 2 {
			w.acc[s] = make([]float32, h)
			w.dacc[s] = make([]float32, h)
		}
		t.workers = append(t.workers, w)
	}
	return t
}

func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// forward computes the accumulators of sample i into w.acc and returns the
// float output (1.0 = Scale centipawns) and the target.
func (t *trainer) forward(w *worker, i int) (out, target float64) {
	m, h := t.m, t.m.Hidden
	stm, other := t.d.sample(i)
	o := float32(m.B2)
	for s, feats := range [2][]uint16{stm, other} {
		acc := w.acc[s]
		copy(acc, m.B1)
		for _, f := range feats {
			row := m.W1[int(f)*h : int(f)*h+h]
			for j := range acc {
				acc[j] += row[j]
			}
		}
		w2 := m.W2[s*h : s*h+h]
		for j, a := range acc {
			o += w2[j] * min(max(a, 0), 1)
		}
	}
	k := t.cfg.K
	target = t.cfg.Lambda*sigmoid(float64(t.d.score[i])/k) + (1-t.cfg.Lambda)*float64(t.d.result[i])
	return float64(o), target
}

// run splits idx among the workers and runs fn on each share concurrently.
func (t *trainer) run(idx []int, fn func(w *worker, share []int)) {
	var wg sync.WaitGroup
	nw := len(t.workers)
	per := (len(idx) + nw - 1) / nw
	for k, w := range t.workers {
		share := idx[min(k*per, len(idx)):min((k+1)*per, len(idx))]
		if len(share) == 0 {
			continue
		}
		wg.Go(func() { fn(w, share) })
	}
	wg.Wait()
}

// loss returns the mean loss over the samples idx.
func (t *trainer) loss(idx []int) float64 {
	if len(idx) == 0 {
		return math.NaN()
	}
	for _, w := range t.workers {
		w.loss = 0
	}
	t.run(idx, func(w *worker, share []int) {
		for _, i := range share {
			out, target := t.forward(w, i)
			p := sigmoid(out * Scale / t.cfg.K)
			w.loss += (p - target) * (p - target)
		}
	})
	var sum float64
	for _, w := range t.workers {
		sum += w.loss
	}
	return sum / float64(len(idx))
}

// gradients accumulates the summed (not yet averaged) gradient of the batch
// into the workers' buffers and returns the batch's summed loss.
func (t *trainer) gradients(batch []int) float64 {
	for _, w := range t.workers {
		w.loss = 0
	}
	t.run(batch, t.backward)
	var sum float64
	for _, w := range t.workers {
		sum += w.loss
	}
	return sum
}

func (t *trainer) backward(w *worker, share []int) {
	m, h := t.m, t.m.Hidden
	scale := Scale / t.cfg.K
	for _, i := range share {
		out, target := t.forward(w, i)
		p := sigmoid(out * scale)
		w.loss += (p - target) * (p - target)
		g := 2 * (p - target) * p * (1 - p) * scale // dLoss/dout
		w.gB2 += g
		g32 := float32(g)
		stm, other := t.d.sample(i)
		for s, feats := range [2][]uint16{stm, other} {
			acc, dacc := w.acc[s], w.dacc[s]
			w2, gw2 := m.W2[s*h:s*h+h], w.gW2[s*h:s*h+h]
			for j, a := range acc {
				if a > 0 && a < 1 {
					gw2[j] += g32 * a
					dacc[j] = g32 * w2[j]
				} else {
					if a >= 1 {
						gw2[j] += g32
					}
					dacc[j] = 0
				}
			}
			for j, d := range dacc {
				w.gB1[j] += d
			}
			for _, f := range feats {
				if !w.mark[f] {
					w.mark[f] = true
					w.touched = append(w.touched, f)
				}
				row := w.gW1[int(f)*h : int(f)*h+h]
				for j, d := range dacc {
					row[j] += d
				}
			}
		}
	}
}

// step averages the workers' gradients over n samples, applies one Adam step
// with learning rate lr, clips, and clears the gradient buffers.
func (t *trainer) step(n int, lr float64) {
	m, h, cfg := t.m, t.m.Hidden, t.cfg
	t.steps++
	b1, b2 := cfg.Beta1, cfg.Beta2
	lrT := float32(lr * math.Sqrt(1-math.Pow(b2, float64(t.steps))) / (1 - math.Pow(b1, float64(t.steps))))
	inv := float32(1 / float64(n))
	f1, f2, eps, clip := float32(b1), float32(b2), float32(cfg.Epsilon), float32(cfg.Clip)
	adam := func(p, mo, ve *float32, g float32) {
		*mo = f1**mo + (1-f1)*g
		*ve = f2**ve + (1-f2)*g*g
		*p -= lrT * *mo / (float32(math.Sqrt(float64(*ve))) + eps)
		*p = min(max(*p, -clip), clip)
	}
	// First layer: the union of touched rows, in the workers' order.
	t.rows = t.rows[:0]
	for _, w := range t.workers {
		for _, f := range w.touched {
			if !t.seen[f] {
				t.seen[f] = true
				t.rows = append(t.rows, f)
			}
			w.mark[f] = false
		}
		w.touched = w.touched[:0]
	}
	for _, f := range t.rows {
		t.seen[f] = false
		base := int(f) * h
		for j := range h {
			var g float32
			for _, w := range t.workers {
				g += w.gW1[base+j]
				w.gW1[base+j] = 0
			}
			adam(&m.W1[base+j], &t.mW1[base+j], &t.vW1[base+j], g*inv)
		}
	}
	for j := range h {
		var g float32
		for _, w := range t.workers {
			g += w.gB1[j]
			w.gB1[j] = 0
		}
		adam(&m.B1[j], &t.mB1[j], &t.vB1[j], g*inv)
	}
	for j := range 2 * h {
		var g float32
		for _, w := range t.workers {
			g += w.gW2[j]
			w.gW2[j] = 0
		}
		adam(&m.W2[j], &t.mW2[j], &t.vW2[j], g*inv)
	}
	var g float64
	for _, w := range t.workers {
		g += w.gB2
		w.gB2 = 0
	}
	g /= float64(n)
	t.mB2 = b1*t.mB2 + (1-b1)*g
	t.vB2 = b2*t.vB2 + (1-b2)*g*g
	m.B2 -= float32(float64(lrT) * t.mB2 / (math.Sqrt(t.vB2) + cfg.Epsilon))
}
