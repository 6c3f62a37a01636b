package nnue

// The three inner loops of inference. They are package variables so that a
// build with GOEXPERIMENT=simd on amd64 can rebind them to vector versions
// (kernels_simd_amd64.go) after a run-time CPU check, and every other build
// the update to its four-lanes-a-word version (kernels_swar.go); the pure-Go
// versions below are always compiled and are the reference the others must
// match bit for bit.
//
// All int16 arithmetic wraps (two's complement), as VPADDW/VPSUBW do, and the
// dot product sums in int32 with wrap-around, as VPMADDWD followed by VPADDD
// does; since wrapping addition is associative and commutative, any order of
// summation gives the same bits.
var (
	// updateKernel writes dst = src + Σ rows(added) − Σ rows(removed), where
	// row f is w[f*h : f*h+h] and h = len(dst) = len(src). dst may alias src.
	updateKernel = updatePure
	// dotKernel returns Σ_i clamp(acc[i], 0, QA) · w[i] in wrapping int32.
	// len(w) >= len(acc).
	dotKernel = dotPure
)

// updatePure is the scalar reference for updateKernel.
func updatePure(dst, src, w []int16, added, removed []int) {
	h := len(dst)
	src = src[:h]
	if &dst[0] != &src[0] {
		copy(dst, src)
	}
	for _, f := range added {
		row := w[f*h : f*h+h]
		d := dst[:len(row)]
		for i, x := range row {
			d[i] += x
		}
	}
	for _, f := range removed {
		row := w[f*h : f*h+h]
		d := dst[:len(row)]
		for i, x := range row {
			d[i] -= x
		}
	}
}

// dotPure is the scalar reference for dotKernel.
func dotPure(acc, w []int16) int32 {
	w = w[:len(acc)]
	var s int32
	for i, a := range acc {
		v := int32(a)
		v = min(max(v, 0), QA)
		s += v * int32(w[i])
	}
	return s
}

// kernelSet names one implementation of the kernels, for tests and
// benchmarks that compare them.
type kernelSet struct {
	name   string
	update func(dst, src, w []int16, added, removed []int)
	dot    func(acc, w []int16) int32
}

// kernelSets lists the pure kernels and, when this build and CPU have them,
// the vector ones (appended by kernels_simd_amd64.go).
var kernelSets = []kernelSet{{"pure", updatePure, dotPure}}

// Kernels returns the name of the kernels in use: "avx2" (simd/archsimd, in a
// GOEXPERIMENT=simd build on an AVX2 CPU) or, in every other build, "swar"
// (the update four int16 lanes a uint64, kernels_swar.go; the dot product
// portable Go). "pure", the portable reference both must match bit for bit,
// is in use only if neither is compiled in.
func Kernels() string { return activeKernels }

var activeKernels = "pure"
