package nnue

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// withKernels runs f once per kernel set, with that set installed.
func withKernels(b *testing.B, f func(b *testing.B)) {
	u, d := updateKernel, dotKernel
	defer func() { updateKernel, dotKernel = u, d }()
	for _, k := range kernelSets {
		updateKernel, dotKernel = k.update, k.dot
		b.Run(k.name, f)
	}
}

const benchInputs = 1260 // xiangqi: 14 piece kinds × 90 squares

func benchNet(b *testing.B, h int) (*Network, []int) {
	rng := rand.New(rand.NewPCG(19, 20))
	net := randomNetwork(rng, "bench", benchInputs, h)
	return net, randFeatures(rng, benchInputs, 32)
}

// Refresh with 32 active features (a full xiangqi board).
func BenchmarkRefresh(b *testing.B) {
	for _, h := range []int{64, 256} {
		b.Run(fmt.Sprintf("H=%d", h), func(b *testing.B) {
			net, feats := benchNet(b, h)
			a := net.NewAccumulator()
			withKernels(b, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					a.Refresh(feats)
				}
			})
		})
	}
}

// UpdateFrom with 2 features added and 2 removed (a capture plus a quiet
// move's worth), parent to child as a searcher does it.
func BenchmarkUpdate(b *testing.B) {
	for _, h := range []int{64, 256} {
		b.Run(fmt.Sprintf("H=%d", h), func(b *testing.B) {
			net, _ := benchNet(b, h)
			parent, child := net.NewAccumulator(), net.NewAccumulator()
			added, removed := []int{17, 900}, []int{412, 1001}
			withKernels(b, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					child.UpdateFrom(parent, added, removed)
				}
			})
		})
	}
}

// Evaluate: the two clipped-ReLU dot products and the scaling.
func BenchmarkEvaluate(b *testing.B) {
	for _, h := range []int{64, 256} {
		b.Run(fmt.Sprintf("H=%d", h), func(b *testing.B) {
			net, feats := benchNet(b, h)
			stm, other := net.NewAccumulator(), net.NewAccumulator()
			stm.Refresh(feats)
			other.Refresh(feats[:20])
			withKernels(b, func(b *testing.B) {
				b.ReportAllocs()
				s := 0
				for b.Loop() {
					s += net.Evaluate(stm, other)
				}
				sink = s
			})
		})
	}
}

var sink int

// One training epoch of an xiangqi-shaped net (N = 1260, H = 64) over
// 20 000 samples of 32 active features per perspective, batch 16384, for the
// trainer's throughput (samples/s).
func BenchmarkTrainEpoch(b *testing.B) {
	rng := rand.New(rand.NewPCG(21, 22))
	d := mustDataset(b, benchInputs)
	for range 20000 {
		d.Add(randFeatures(rng, benchInputs, 32), randFeatures(rng, benchInputs, 32), rng.IntN(600)-300, 0.5)
	}
	m, _ := NewModel("bench", benchInputs, 64, 1)
	cfg := DefaultTrainConfig()
	cfg.Epochs, cfg.Validation = 1, 0
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Train(m, d, cfg); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(d.Len())*float64(b.N)/b.Elapsed().Seconds(), "samples/s")
}
