package nnue

// The browser build updates accumulators four lanes a word (kernels_swar.go):
// the same bits as the pure kernel, 2.5–3× faster than it under wasm
// (BenchmarkUpdate H=256 in Node 20: about 1.5 µs against 4.2 µs an update).
func init() {
	updateKernel = updateSWAR
	activeKernels = "swar"
}
