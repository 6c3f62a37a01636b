// Package searchbench measures the selective search of gamesearch (null-move pruning, late
// move reductions, futility pruning, Lazy SMP) on xiangqi and chess: nodes and time to a
// fixed depth on middlegame positions, and self-play matches of the default search against
// the search with pruning switched off.
//
// The measurements are long, so they live in tests that run only when the environment
// variable SEARCHBENCH is set:
//
//	SEARCHBENCH=1 go test -v -run TestDepth -timeout 30m ./examples/dev/searchbench/
//	SEARCHBENCH=1 SEARCHBENCH_GAMES=60 SEARCHBENCH_MS=50 go test -v -run TestMatch -timeout 60m ./examples/dev/searchbench/
//
// The package has no API of its own.
package searchbench
