//go:build !race

package xiangqi

// perftMaxNodes caps the reference perft rows run by TestPerftReference.
const perftMaxNodes = 5_000_000

// raceEnabled reports whether the race detector is on (it is not in this build).
const raceEnabled = false
