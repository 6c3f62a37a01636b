package gamesearch

import (
	"context"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestSearchAllocatesNothing checks that a warmed fixed-depth search allocates nothing: not
// per node, and not per call (the result's slices live in the Searcher). It covers the plain
// path (connect four), quiescence and move ordering (random tree with NoisyMover and
// MoveOrderer), and repetition with game history and a judge (explicit graph).
func TestSearchAllocatesNothing(t *testing.T) {
	ctx := context.Background()

	c4s := New[c4, *c4, c4Move](Options[c4Move]{HashMiB: 1})
	c4s.Search(ctx, c4{}, nil, Limits{Depth: 6})
	assert.Zero(t, testing.AllocsPerRun(3, func() {
		c4s.Clear()
		c4s.Search(ctx, c4{}, nil, Limits{Depth: 6, MultiPV: 2})
	}), "connect four")

	// The default options prune; connect four with a null move covers null-move pruning.
	var passes atomic.Int64
	ns := New[c4n, *c4n, c4Move](Options[c4Move]{HashMiB: 1})
	ns.Search(ctx, c4n{passes: &passes}, nil, Limits{Depth: 8})
	assert.Zero(t, testing.AllocsPerRun(3, func() {
		ns.Search(ctx, c4n{passes: &passes}, nil, Limits{Depth: 8})
	}), "connect four with null moves")
	assert.Positive(t, passes.Load())

	cfg := &rtreeCfg{Seed: 3, Branch: 6, Height: 9, Checks: true, Drawn: true}
	qs := New[rtreeQ, *rtreeQ, uint8](Options[uint8]{HashMiB: 1})
	qs.Search(ctx, newRTreeQ(cfg), nil, Limits{Depth: 5})
	assert.Zero(t, testing.AllocsPerRun(3, func() {
		qs.Search(ctx, newRTreeQ(cfg), nil, Limits{Depth: 5})
	}), "random tree with quiescence")

	g, _, _ := repetitionGraph([4]bool{true, false, true, false})
	history := []HistoryEntry{{Hash: 1}, {Hash: 2, InCheck: true}, {Hash: 3}}
	js := New[jpos, *jpos, uint16](Options[uint16]{HashMiB: 1})
	js.Search(ctx, jpos{g: g}, history, Limits{Depth: 8})
	assert.Zero(t, testing.AllocsPerRun(3, func() {
		js.Search(ctx, jpos{g: g}, history, Limits{Depth: 8})
	}), "repetition with history")
	long := make([]HistoryEntry, 300)
	for i := range long {
		long[i].Hash = uint64(i)
	}
	assert.Zero(t, testing.AllocsPerRun(3, func() {
		js.Search(ctx, jpos{g: g}, long, Limits{Depth: 8})
	}), "long game history")

	// Perft allocates its buffers once per call (a position stack and one move buffer per
	// ply), nothing per node: the whole tic-tac-toe tree has over half a million nodes.
	assert.LessOrEqual(t, testing.AllocsPerRun(3, func() {
		Perft[ttt, *ttt, tttMove](newTTT(), 9)
	}), float64(2*(9+1)))
}

func reportNPS(b *testing.B, nodes int64) {
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

// BenchmarkSearchConnect4 is a fixed-depth (9 plies) search of connect four from the empty
// board, with the table cleared before each search (so every op does the same work).
func BenchmarkSearchConnect4(b *testing.B) {
	ctx := context.Background()
	s := New[c4, *c4, c4Move](Options[c4Move]{HashMiB: 2})
	s.Search(ctx, c4{}, nil, Limits{Depth: 9})
	var nodes int64
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		s.Clear()
		b.StartTimer()
		nodes += s.Search(ctx, c4{}, nil, Limits{Depth: 9}).Nodes
	}
	reportNPS(b, nodes)
}

// BenchmarkSearchConnect4Warm repeats the same depth-9 search with the table kept warm.
func BenchmarkSearchConnect4Warm(b *testing.B) {
	ctx := context.Background()
	s := New[c4, *c4, c4Move](Options[c4Move]{HashMiB: 16})
	s.Search(ctx, c4{}, nil, Limits{Depth: 9})
	var nodes int64
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		nodes += s.Search(ctx, c4{}, nil, Limits{Depth: 9}).Nodes
	}
	reportNPS(b, nodes)
}

// BenchmarkSearchRandomTree is a fixed-depth (6 plies) search of a random tree with branching
// 2..8, quiescence over noisy moves, checks and draws.
func BenchmarkSearchRandomTree(b *testing.B) {
	ctx := context.Background()
	cfg := &rtreeCfg{Seed: 77, Branch: 8, Height: 100, Checks: true, Drawn: true}
	s := New[rtreeQ, *rtreeQ, uint8](Options[uint8]{HashMiB: 2})
	s.Search(ctx, newRTreeQ(cfg), nil, Limits{Depth: 6})
	var nodes int64
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		s.Clear()
		b.StartTimer()
		nodes += s.Search(ctx, newRTreeQ(cfg), nil, Limits{Depth: 6}).Nodes
	}
	reportNPS(b, nodes)
}

// BenchmarkPerftTicTacToe counts the whole tic-tac-toe tree (perft 9).
func BenchmarkPerftTicTacToe(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if Perft[ttt, *ttt, tttMove](newTTT(), 9) != 127872 {
			b.Fatal("wrong perft")
		}
	}
}

// BenchmarkPerftConnect4 counts connect four paths of 7 plies.
func BenchmarkPerftConnect4(b *testing.B) {
	b.ReportAllocs()
	var n uint64
	for i := 0; i < b.N; i++ {
		n = Perft[c4, *c4, c4Move](c4{}, 7)
	}
	b.ReportMetric(float64(n), "leaves")
}
