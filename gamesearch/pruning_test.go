package gamesearch

import (
	"context"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// c4n is connect four with a null move (the side to move passes), counting the passes.
type c4n struct {
	c4
	passes *atomic.Int64
}

var _ NullMover[c4n] = (*c4n)(nil)

func (p *c4n) LegalMoves(dst []c4Move) []c4Move { return p.c4.LegalMoves(dst) }
func (p *c4n) After(m c4Move, c *c4n) {
	p.c4.After(m, &c.c4)
	c.passes = p.passes
}
func (p *c4n) NullMove(c *c4n) {
	p.c4.Pass(&c.c4)
	c.passes = p.passes
	p.passes.Add(1)
}
func (p *c4n) HasNonPawnMaterial() bool { return p.Stones() < 30 }

// TestNullMoveOnlyWhenEnabled checks that the search passes only when the position type
// implements NullMover and the switches allow it, and that the default search visits fewer
// nodes to the same depth than plain alpha-beta.
func TestNullMoveOnlyWhenEnabled(t *testing.T) {
	ctx := context.Background()
	nodes := map[string]int64{}
	for _, c := range []struct {
		name  string
		opts  Options[c4Move]
		calls bool
	}{
		{"default", Options[c4Move]{}, true},
		{"no null move", Options[c4Move]{NoNullMove: true}, false},
		{"no pruning", Options[c4Move]{NoPruning: true}, false},
		{"null move only", Options[c4Move]{NoLMR: true, NoFutility: true}, true},
	} {
		var passes atomic.Int64
		c.opts.HashMiB = 1
		s := New[c4n, *c4n, c4Move](c.opts)
		r := s.Search(ctx, c4n{passes: &passes}, nil, Limits{Depth: 10})
		require.True(t, r.HasMove, c.name)
		assert.Contains(t, []c4Move{0, 1, 2, 3, 4, 5, 6}, r.Move, c.name)
		assert.Equal(t, 10, r.Depth, c.name)
		if c.calls {
			assert.Positive(t, passes.Load(), c.name)
		} else {
			assert.Zero(t, passes.Load(), c.name)
		}
		nodes[c.name] = r.Nodes
	}
	assert.Less(t, nodes["default"], nodes["no pruning"])

	// Iterations shallower than PruneFromDepth (default 4) are exact: no pass to depth 5 when
	// pruning starts at 6. (A null move needs 3 plies left.)
	for from, want := range map[int]bool{0: true, 6: false, 9: false, 5: true, 1: true} {
		var passes atomic.Int64
		s := New[c4n, *c4n, c4Move](Options[c4Move]{HashMiB: 1, PruneFromDepth: from, NoFutility: true})
		s.Search(ctx, c4n{passes: &passes}, nil, Limits{Depth: 5})
		assert.Equal(t, want, passes.Load() > 0, "PruneFromDepth %d", from)
	}
	// An exact iteration gives the NoPruning value.
	exact := New[c4n, *c4n, c4Move](Options[c4Move]{HashMiB: 1, NoPruning: true}).Search(ctx, c4n{passes: new(atomic.Int64)}, nil, Limits{Depth: 3})
	def := New[c4n, *c4n, c4Move](Options[c4Move]{HashMiB: 1}).Search(ctx, c4n{passes: new(atomic.Int64)}, nil, Limits{Depth: 3})
	assert.Equal(t, exact.Score, def.Score)
	assert.Equal(t, exact.Nodes, def.Nodes)
}

// TestPruningKeepsGameValues: searched to the end of the game, tic-tac-toe and Nim positions
// keep their game values (win, draw or loss, and mate distance) with every technique on. The
// hand-made mate and longest-defence cases of search_test.go also run with pruning on.
func TestPruningKeepsGameValues(t *testing.T) {
	ctx := context.Background()
	for _, r := range []string{".........", "X........", "X...O....", "XO..X....", "XX.OO....", "XOX.O...."} {
		root := tttFrom(r)
		depth := 9 - countStones(r)
		exact := New[ttt, *ttt, tttMove](Options[tttMove]{HashMiB: 1, NoPruning: true}).Search(ctx, root, nil, Limits{Depth: depth})
		pruned := New[ttt, *ttt, tttMove](Options[tttMove]{HashMiB: 1}).Search(ctx, root, nil, Limits{Depth: depth})
		assert.Equal(t, exact.Score, pruned.Score, "ttt %s", r)
	}
	for _, h := range [][3]uint8{{3, 4, 5}, {2, 5, 6}, {1, 2, 7}} {
		root := nim{Heaps: h}
		exact := New[nim, *nim, nimMove](Options[nimMove]{HashMiB: 1, NoPruning: true}).Search(ctx, root, nil, Limits{Depth: 20})
		pruned := New[nim, *nim, nimMove](Options[nimMove]{HashMiB: 1}).Search(ctx, root, nil, Limits{Depth: 20})
		assert.Equal(t, IsMate(exact.Score), IsMate(pruned.Score), "nim %v", h)
		assert.Equal(t, exact.Score > 0, pruned.Score > 0, "nim %v", h)
	}
}

// TestThreadsExactWithoutPruning runs Lazy SMP with three goroutines on one Searcher: with
// pruning off and the whole tree searched (helpers search one ply deeper, and their deeper
// table entries legitimately change the values of shallower iterations), the main
// goroutine's result is the exact game value; repeated searches reuse the helpers.
func TestThreadsExactWithoutPruning(t *testing.T) {
	for seed := uint64(1); seed <= 4; seed++ {
		cfg := &rtreeCfg{Seed: seed, Branch: 6, Height: 7, States: 400, Checks: true}
		root := newRTree(cfg)
		ref := newRef[rtree, *rtree, uint8]()
		_, values := ref.rootValues(root, cfg.Height)
		s := New[rtree, *rtree, uint8](Options[uint8]{HashMiB: 1, NoPruning: true, Threads: 3})
		for range 3 {
			r := s.Search(context.Background(), root, nil, Limits{Depth: cfg.Height})
			assert.Equal(t, slices.Max(values), r.Score, "seed %d", seed)
			assert.Equal(t, cfg.Height, r.Depth)
		}
	}
	// With pruning on, the threads still return a legal, fully searched move.
	root := deepTree(7)
	s := New[rtree, *rtree, uint8](Options[uint8]{HashMiB: 1, Threads: 2})
	single := New[rtree, *rtree, uint8](Options[uint8]{HashMiB: 1})
	r := s.Search(context.Background(), root, nil, Limits{Depth: 5})
	requireLegal(t, root, r)
	assert.Equal(t, 5, r.Depth)
	assert.Greater(t, r.Nodes, single.Search(context.Background(), root, nil, Limits{Depth: 1}).Nodes)
}

// TestThreadsStopTogether: cancelling the context or spending the budget stops the helpers
// with the main goroutine (the next search would otherwise race with them under -race).
func TestThreadsStopTogether(t *testing.T) {
	root := deepTree(9)
	s := New[rtree, *rtree, uint8](Options[uint8]{HashMiB: 1, Threads: 3})
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		time.Sleep(20 * time.Millisecond)
		cancel()
	}()
	start := time.Now()
	r := s.Search(ctx, root, nil, Limits{})
	assert.Less(t, time.Since(start), stall)
	requireLegal(t, root, r)
	for range 3 {
		start = time.Now()
		r = s.Search(context.Background(), root, nil, Limits{Time: 30 * time.Millisecond})
		assert.Less(t, time.Since(start), stall)
		requireLegal(t, root, r)
		r = s.Search(context.Background(), root, nil, Limits{Depth: 3})
		requireLegal(t, root, r)
		assert.Equal(t, 3, r.Depth)
	}
	s.Clear()
	r = s.Search(context.Background(), root, nil, Limits{Nodes: 500})
	requireLegal(t, root, r)
}

// TestThreadsCountAllNodes: with Lazy SMP, a node limit caps the nodes of all goroutines
// together (as UCI's "go nodes" means), not each goroutine's (which would search Threads
// times the limit), and the progress reports count every goroutine's nodes, not the main
// goroutine's only.
func TestThreadsCountAllNodes(t *testing.T) {
	root := deepTree(3)
	const limit = 300_000
	s := New[rtree, *rtree, uint8](Options[uint8]{HashMiB: 1, Threads: 2})
	r := s.Search(context.Background(), root, nil, Limits{Nodes: limit})
	requireLegal(t, root, r)
	assert.GreaterOrEqual(t, r.Nodes, int64(limit))
	// The goroutines see each other's counts as last published, so together they overshoot
	// by at most a poll interval each; a per-goroutine limit would give about twice the limit.
	assert.LessOrEqual(t, r.Nodes, int64(limit+2*pollInterval))
	assert.Equal(t, s.nodes+s.helpers[0].nodes, r.Nodes, "Result.Nodes is the sum over the goroutines")

	// Progress reports: never fewer nodes than the main goroutine's own, and more once the
	// helper has searched (it publishes its count every 1024 nodes).
	var reports, own []int64
	s2 := New[rtree, *rtree, uint8](Options[uint8]{HashMiB: 1, Threads: 2})
	s2.opts.OnIteration = func(r Result[uint8]) {
		reports = append(reports, r.Nodes)
		own = append(own, s2.nodes)
	}
	r = s2.Search(context.Background(), root, nil, Limits{Nodes: 3 * limit})
	require.NotEmpty(t, reports)
	last := len(reports) - 1
	for i := range reports {
		assert.GreaterOrEqual(t, reports[i], own[i], "iteration %d", i+1)
	}
	require.Greater(t, own[last], int64(50_000), "the test needs a longer search")
	assert.Greater(t, reports[last], own[last], "the last report counts the helper's nodes")
	assert.GreaterOrEqual(t, r.Nodes, reports[last])
}
