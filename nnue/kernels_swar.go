package nnue

import "unsafe"

// The update kernel in SWAR form (SIMD within a register): four int16 lanes
// in each uint64, added and subtracted with the carries kept out of the
// neighbouring lane, so that each lane wraps exactly as int16 arithmetic does
// (Hacker's Delight, 2nd ed., §2-18). It gives the pure kernel's bits and
// needs no vector instructions. It is the update kernel of every build that
// has no vector kernels: all but a GOEXPERIMENT=simd build on an AVX2 CPU
// (kernels_simd_amd64.go), which installs its own whichever init runs first.
// It is tested against the pure kernel (kernelSets). Slices whose length is
// not a multiple of 4 or whose storage is not 8-byte aligned go to the pure
// kernel. Speed, one core, `go test -bench Update ./nnue`: H=64 about 1.3×,
// H=256 about 1.7× the pure kernel natively; 2.5–3× under wasm (H=256 in
// Node 20: about 1.5 µs against 4.2 µs an update).

// swarHigh has the sign bit of each int16 lane of a uint64.
const swarHigh = 0x8000_8000_8000_8000

func init() {
	kernelSets = append(kernelSets, kernelSet{"swar", updateSWAR, dotPure})
	if activeKernels == "pure" {
		updateKernel = updateSWAR
		activeKernels = "swar"
	}
}

// lanes returns s as uint64 words of four lanes, and false when s cannot be
// (its length is not a multiple of 4 or it is not 8-byte aligned).
func lanes(s []int16) ([]uint64, bool) {
	if len(s)%4 != 0 || len(s) == 0 || uintptr(unsafe.Pointer(&s[0]))%8 != 0 {
		return nil, false
	}
	return unsafe.Slice((*uint64)(unsafe.Pointer(&s[0])), len(s)/4), true
}

// updateSWAR is updateKernel with four lanes a word.
func updateSWAR(dst, src, w []int16, added, removed []int) {
	h := len(dst)
	src = src[:h]
	d, ok1 := lanes(dst)
	s, ok2 := lanes(src)
	ww, ok3 := lanes(w[:len(w)-len(w)%4])
	if !ok1 || !ok2 || !ok3 {
		updatePure(dst, src, w, added, removed)
		return
	}
	if &d[0] != &s[0] {
		copy(d, s)
	}
	q := h / 4
	for _, f := range added {
		_ = w[f*h : f*h+h] // the pure kernel's bounds check (a feature out of range panics)
		row := ww[f*q : f*q+q]
		d := d[:len(row)]
		for i, x := range row {
			a := d[i]
			d[i] = ((a &^ swarHigh) + (x &^ swarHigh)) ^ ((a ^ x) & swarHigh)
		}
	}
	for _, f := range removed {
		_ = w[f*h : f*h+h]
		row := ww[f*q : f*q+q]
		d := d[:len(row)]
		for i, x := range row {
			a := d[i]
			d[i] = ((a | swarHigh) - (x &^ swarHigh)) ^ ((a ^ ^x) & swarHigh)
		}
	}
}
