//go:build race

package chess

// perftTestMaxNodes caps the reference perft rows under the race detector (about 10x slower).
const perftTestMaxNodes = 5_000_000
