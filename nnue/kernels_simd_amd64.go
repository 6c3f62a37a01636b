//go:build goexperiment.simd

package nnue

import "simd/archsimd"

// The AVX2 kernels, through the standard library's simd/archsimd (Go 1.26,
// GOEXPERIMENT=simd). They are installed only if the CPU reports AVX2; the
// pure-Go kernels stay in kernelSets so tests can compare the two.
//
// Written against the Go 1.26 API (LoadInt16x16Slice, StoreSlice); Go 1.27
// renamed the loads, so this file will need a port then.
func init() {
	if !archsimd.X86.AVX2() {
		return
	}
	kernelSets = append(kernelSets, kernelSet{"avx2", updateAVX2, dotAVX2})
	updateKernel, dotKernel = updateAVX2, dotAVX2
	activeKernels = "avx2"
}

// updateAVX2 is updateKernel on int16 lanes in 256-bit registers (VPADDW,
// VPSUBW), tile by tile: a tile of dst stays in registers while every added
// and removed row is applied to it, then is stored once. Tiles are 64 lanes
// (four registers, which measured 2–3× faster than one register a tile),
// then 16 lanes, and lanes past the last multiple of 16 are done in scalar
// code.
func updateAVX2(dst, src, w []int16, added, removed []int) {
	h := len(dst)
	src = src[:h]
	i := 0
	for ; i+64 <= h; i += 64 {
		v0 := archsimd.LoadInt16x16Slice(src[i:])
		v1 := archsimd.LoadInt16x16Slice(src[i+16:])
		v2 := archsimd.LoadInt16x16Slice(src[i+32:])
		v3 := archsimd.LoadInt16x16Slice(src[i+48:])
		for _, f := range added {
			r := w[f*h : f*h+h][i : i+64]
			v0 = v0.Add(archsimd.LoadInt16x16Slice(r))
			v1 = v1.Add(archsimd.LoadInt16x16Slice(r[16:]))
			v2 = v2.Add(archsimd.LoadInt16x16Slice(r[32:]))
			v3 = v3.Add(archsimd.LoadInt16x16Slice(r[48:]))
		}
		for _, f := range removed {
			r := w[f*h : f*h+h][i : i+64]
			v0 = v0.Sub(archsimd.LoadInt16x16Slice(r))
			v1 = v1.Sub(archsimd.LoadInt16x16Slice(r[16:]))
			v2 = v2.Sub(archsimd.LoadInt16x16Slice(r[32:]))
			v3 = v3.Sub(archsimd.LoadInt16x16Slice(r[48:]))
		}
		v0.StoreSlice(dst[i:])
		v1.StoreSlice(dst[i+16:])
		v2.StoreSlice(dst[i+32:])
		v3.StoreSlice(dst[i+48:])
	}
	for ; i+16 <= h; i += 16 {
		v := archsimd.LoadInt16x16Slice(src[i:])
		for _, f := range added {
			v = v.Add(archsimd.LoadInt16x16Slice(w[f*h : f*h+h][i:]))
		}
		for _, f := range removed {
			v = v.Sub(archsimd.LoadInt16x16Slice(w[f*h : f*h+h][i:]))
		}
		v.StoreSlice(dst[i:])
	}
	for ; i < h; i++ {
		x := src[i]
		for _, f := range added {
			x += w[f*h : f*h+h][i]
		}
		for _, f := range removed {
			x -= w[f*h : f*h+h][i]
		}
		dst[i] = x
	}
}

// dotAVX2 is dotKernel on 16 lanes at a time: clip with VPMAXSW/VPMINSW,
// multiply and add pairs into int32 with VPMADDWD (no overflow: |v·w| ≤
// 255·32768), sum with VPADDD, then add the 8 lanes and the scalar tail.
func dotAVX2(acc, w []int16) int32 {
	h := len(acc)
	w = w[:h]
	zero := archsimd.BroadcastInt16x16(0)
	qa := archsimd.BroadcastInt16x16(QA)
	sum := archsimd.BroadcastInt32x8(0)
	i := 0
	for ; i+16 <= h; i += 16 {
		v := archsimd.LoadInt16x16Slice(acc[i:]).Max(zero).Min(qa)
		sum = sum.Add(v.DotProductPairs(archsimd.LoadInt16x16Slice(w[i:])))
	}
	var lanes [8]int32
	sum.Store(&lanes)
	var s int32
	for _, x := range lanes {
		s += x
	}
	for ; i < h; i++ {
		v := min(max(int32(acc[i]), 0), QA)
		s += v * int32(w[i])
	}
	return s
}
