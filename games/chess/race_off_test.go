//go:build !race

package chess

// perftTestMaxNodes caps the reference perft rows run by the unit tests.
const perftTestMaxNodes = 5_000_000
