// Package race tells tests whether the race detector is on, and holds the limits tests
// shrink under it, in one place: the detector slows move generation and search about tenfold,
// so the slowest checks run on fewer nodes, plies or streams there.
package race

// PerftMaxNodes caps the reference perft rows (in leaf nodes) that the games' unit tests
// run: 5,000,000 normally, 500,000 under the race detector. Deeper rows run in the games'
// perft benchmarks.
const PerftMaxNodes = perftMaxNodes

// Shrink returns n normally and n/10 (at least 1) under the race detector: the size of a
// loop of test cases (plies, games, streams) that the detector would make too slow.
func Shrink(n int) int {
	if Enabled {
		return max(1, n/10)
	}
	return n
}
