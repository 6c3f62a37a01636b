//go:build race

package xiangqi

// perftMaxNodes caps the reference perft rows run by TestPerftReference. The race detector
// slows move generation about tenfold, so fewer rows run under -race.
const perftMaxNodes = 500_000

// raceEnabled reports whether the race detector is on.
const raceEnabled = true
