// Package benchutil holds what the games' search benchmarks share: a loop that searches a
// set of positions and reports nodes per op, per second and per CPU second, and the
// process's CPU time (steadier than wall time on a shared machine).
package benchutil

import (
	"io"
	"os"
	"testing"
)

// SearchPositions runs b.N ops; each op calls search(i) for i in 0..n-1 (one search of
// position i, from an empty table, returning the nodes it visited). It reports nodes/op
// (deterministic for a fixed-depth search: a pure speed-up must leave it unchanged),
// nodes/s and nodes/cpu-s, and allocations.
func SearchPositions(b *testing.B, n int, search func(i int) int64) {
	b.ReportAllocs()
	b.ResetTimer()
	cpu0 := CPU()
	var nodes int64
	for range b.N {
		for i := range n {
			nodes += search(i)
		}
	}
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	if cpu := (CPU() - cpu0).Seconds(); cpu > 0 {
		b.ReportMetric(float64(nodes)/cpu, "nodes/cpu-s")
	}
}

// SearchFENs parses each of fens with parse (a bad FEN fails the benchmark) and then runs
// SearchPositions with search applied to each position.
func SearchFENs[P any](b *testing.B, fens []string, parse func(string) (P, error), search func(P) int64) {
	ps := make([]P, 0, len(fens))
	for _, f := range fens {
		p, err := parse(f)
		if err != nil {
			b.Fatalf("%q: %v", f, err)
		}
		ps = append(ps, p)
	}
	SearchPositions(b, len(ps), func(i int) int64 { return search(ps[i]) })
}

// Evals runs b.N ops; op i calls eval(i mod n), one evaluation of the k-th position of a
// fixed line of n (an incremental update from its parent and an evaluation, or a whole
// evaluation), and sums the scores so none is optimised away. It reports evals/s and
// allocations.
func Evals(b *testing.B, n int, eval func(k int) int) {
	sum := 0
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		sum += eval(i % n)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "evals/s")
	_ = sum
}

// Network returns the evaluation the NNUE benchmarks use: the weight file named by the
// environment variable env, read with read, or, when env is unset, the game's shipped
// network (shipped). Any error fails the benchmark.
func Network[N any](b *testing.B, env string, read func(io.Reader) (N, error), shipped func() (N, error)) N {
	var n N
	var err error
	if name := os.Getenv(env); name == "" {
		n, err = shipped()
	} else {
		var f *os.File
		if f, err = os.Open(name); err == nil {
			n, err = read(f)
			f.Close()
		}
	}
	if err != nil {
		b.Fatalf("%s: %v", env, err)
	}
	return n
}
