package nnue

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// Every kernel set in this build (pure, and avx2 in a GOEXPERIMENT=simd
// build on an AVX2 CPU) gives the same bits as the pure kernels, on random
// accumulators and weights over the whole int16 range (so sums wrap) and at
// widths around the vector size.
func TestKernelsAgree(t *testing.T) {
	t.Logf("kernels in use: %s; sets compared: %d", Kernels(), len(kernelSets))
	rng := rand.New(rand.NewPCG(23, 24))
	rnd16 := func(s []int16, full bool) {
		for i := range s {
			if full {
				s[i] = int16(rng.IntN(1 << 16))
			} else {
				s[i] = int16(rng.IntN(1001) - 500)
			}
		}
	}
	for _, h := range []int{1, 7, 8, 15, 16, 17, 31, 32, 63, 64, 83, 127, 256, 512, 513} {
		const n = 40
		w := make([]int16, n*h)
		src := make([]int16, h)
		want, got := make([]int16, h), make([]int16, h)
		for trial := range 200 {
			full := trial%2 == 0
			rnd16(w, full)
			rnd16(src, full)
			added := randFeatures(rng, n, rng.IntN(6))
			removed := randFeatures(rng, n, rng.IntN(6))
			updatePure(want, src, w, added, removed)
			wantDot := dotPure(src, w[:h])
			for _, k := range kernelSets[1:] {
				clear(got)
				k.update(got, src, w, added, removed)
				if !slices.Equal(got, want) {
					t.Fatalf("%s update, H=%d: %v, pure %v", k.name, h, got, want)
				}
				inPlace := slices.Clone(src)
				k.update(inPlace, inPlace, w, added, removed)
				if !slices.Equal(inPlace, want) {
					t.Fatalf("%s update in place, H=%d differs from pure", k.name, h)
				}
				if d := k.dot(src, w[:h]); d != wantDot {
					t.Fatalf("%s dot, H=%d: %d, pure %d", k.name, h, d, wantDot)
				}
			}
		}
	}
}

// dotPure clips to [0, QA] and sums in wrapping int32, by hand.
func TestDotPureByHand(t *testing.T) {
	acc := []int16{-5, 0, 100, 255, 300, math.MaxInt16}
	w := []int16{7, 7, 3, -2, 1, math.MinInt16}
	// 0 + 0 + 300 − 510 + 255 + 255·(−32768)
	if got, want := dotPure(acc, w), int32(300-510+255-255*32768); got != want {
		t.Fatalf("dotPure = %d, want %d", got, want)
	}
}
