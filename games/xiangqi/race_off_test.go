//go:build !race

package xiangqi

// perftMaxNodes caps the reference perft rows run by TestPerftReference.
const perftMaxNodes = 5_000_000
