package gamesearch

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/exp/constraints"
)

// refMinimax is a plain exhaustive negamax, written independently of the search: no
// alpha-beta, no table, no ordering. It follows the rules the search documents: terminal order
// (no legal move, then Drawn except at the root, then the horizon), a one-ply extension for a
// side in check, and at the horizon the static evaluation, or, for games with NoisyMover, the
// quiescence value (stand pat or any noisy move; near the horizon a side in check must play
// an evasion). The test games are acyclic, so repetition never applies. Values are memoized
// by (hash, depth, ply), which does not change them.
type refMinimax[P any, PP PositionPtr[P, M], M constraints.Integer] struct {
	memo  map[[3]uint64]int
	nodes int
}

func newRef[P any, PP PositionPtr[P, M], M constraints.Integer]() *refMinimax[P, PP, M] {
	return &refMinimax[P, PP, M]{memo: map[[3]uint64]int{}}
}

func (r *refMinimax[P, PP, M]) value(p P, depth, ply int) int {
	key := [3]uint64{PP(&p).Hash(), uint64(depth), uint64(ply)}
	if v, ok := r.memo[key]; ok {
		return v
	}
	v := r.compute(p, depth, ply)
	r.memo[key] = v
	return v
}

func (r *refMinimax[P, PP, M]) compute(p P, depth, ply int) int {
	r.nodes++
	pp := PP(&p)
	moves := pp.LegalMoves(nil)
	inCheck := pp.InCheck()
	if len(moves) == 0 {
		if inCheck || pp.LossOnStalemate() {
			return -(Mate - ply)
		}
		return 0
	}
	if ply > 0 && pp.Drawn() {
		return 0
	}
	if inCheck {
		depth++
	}
	if depth <= 0 {
		return r.quiesce(p, ply, 0)
	}
	best := -Infinity
	for _, m := range moves {
		var c P
		pp.After(m, &c)
		best = max(best, -r.value(c, depth-1, ply+1))
	}
	return best
}

func (r *refMinimax[P, PP, M]) quiesce(p P, ply, qd int) int {
	pp := PP(&p)
	nm, ok := any(pp).(NoisyMover[M])
	if !ok {
		return pp.Evaluate()
	}
	if qd > 0 {
		if pp.InCheck() && qd < quiescenceCheckPlies {
			moves := pp.LegalMoves(nil)
			if len(moves) == 0 {
				return -(Mate - ply)
			}
			if pp.Drawn() {
				return 0
			}
			best := -Infinity
			for _, m := range moves {
				var c P
				pp.After(m, &c)
				best = max(best, -r.quiesce(c, ply+1, qd+1))
			}
			return best
		}
		if pp.Drawn() {
			return 0
		}
	}
	best := pp.Evaluate()
	for _, m := range nm.NoisyMoves(nil) {
		var c P
		pp.After(m, &c)
		best = max(best, -r.quiesce(c, ply+1, qd+1))
	}
	return best
}

// rootValues returns the minimax value of each root move at depth (root extension included).
func (r *refMinimax[P, PP, M]) rootValues(root P, depth int) (moves []M, values []int) {
	pp := PP(&root)
	if pp.InCheck() {
		depth++
	}
	for _, m := range pp.LegalMoves(nil) {
		var c P
		pp.After(m, &c)
		moves = append(moves, m)
		values = append(values, -r.value(c, depth-1, 1))
	}
	return moves, values
}

// checkAgainstMinimax searches root to maxDepth and checks every completed iteration against
// the reference: the score equals the minimax value at that depth and the chosen move attains
// it; with MultiPV k, the lines hold k distinct moves whose scores are the k best values.
func checkAgainstMinimax[P any, PP PositionPtr[P, M], M constraints.Integer](t *testing.T, name string, root P, maxDepth, multiPV int, table *Table) {
	t.Helper()
	ref := newRef[P, PP, M]()
	iterations := 0
	// Pruning legitimately changes values; the exact-value contract holds with it off.
	opts := Options[M]{HashMiB: 1, Table: table, NoPruning: true}
	opts.OnIteration = func(res Result[M]) {
		iterations++
		d := res.Depth
		moves, values := ref.rootValues(root, d)
		best := slices.Max(values)
		msg := fmt.Sprintf("%s depth %d", name, d)
		require.Equal(t, best, res.Score, msg)
		i := slices.Index(moves, res.Move)
		require.GreaterOrEqual(t, i, 0, msg+": move not legal")
		require.Equal(t, best, values[i], msg+": chosen move not optimal")
		require.Equal(t, res.Move, res.PV[0], msg)
		k := min(max(multiPV, 1), len(moves))
		require.Len(t, res.Lines, k, msg)
		sorted := slices.Clone(values)
		slices.SortFunc(sorted, func(a, b int) int { return b - a })
		seen := map[M]bool{}
		for j, l := range res.Lines {
			require.False(t, seen[l.Move], msg+": duplicate line move")
			seen[l.Move] = true
			require.Equal(t, sorted[j], l.Score, "%s line %d", msg, j)
			require.Equal(t, values[slices.Index(moves, l.Move)], l.Score, "%s line %d", msg, j)
			checkPV[P, PP, M](t, root, l.PV, msg)
		}
	}
	s := New[P, PP, M](opts)
	res := s.Search(context.Background(), root, nil, Limits{Depth: maxDepth, MultiPV: multiPV})
	require.True(t, res.HasMove, name)
	require.Equal(t, maxDepth, res.Depth, name)
	require.Equal(t, maxDepth, iterations, name)
}

// checkPV verifies that pv is a sequence of legal moves from root.
func checkPV[P any, PP PositionPtr[P, M], M constraints.Integer](t *testing.T, root P, pv []M, msg string) {
	t.Helper()
	require.NotEmpty(t, pv, msg)
	p := root
	for i, m := range pv {
		require.Contains(t, PP(&p).LegalMoves(nil), m, "%s: PV move %d illegal", msg, i)
		var c P
		PP(&p).After(m, &c)
		p = c
	}
}

func TestMinimaxTicTacToe(t *testing.T) {
	roots := []string{".........", "X........", "....X....", "X...O....", "XO..X....", "XX.OO...."}
	for _, r := range roots {
		checkAgainstMinimax[ttt, *ttt, tttMove](t, "ttt "+r, tttFrom(r), 9-countStones(r), 1, nil)
	}
	checkAgainstMinimax[ttt, *ttt, tttMove](t, "ttt multipv", tttFrom("X...O...."), 7, 4, nil)
}

func countStones(s string) int {
	n := 0
	for _, c := range s {
		if c != '.' {
			n++
		}
	}
	return n
}

func TestMinimaxNim(t *testing.T) {
	for _, c := range []struct {
		h     [3]uint8
		limit uint8
		depth int
	}{
		{[3]uint8{3, 4, 5}, 0, 12},
		{[3]uint8{2, 5, 6}, 0, 13},
		{[3]uint8{5, 5, 6}, 7, 9},
		{[3]uint8{1, 2, 7}, 4, 6},
	} {
		root := nim{Heaps: c.h, Limit: c.limit}
		name := fmt.Sprintf("nim %v limit %d", c.h, c.limit)
		checkAgainstMinimax[nim, *nim, nimMove](t, name, root, c.depth, 1, nil)
		checkAgainstMinimax[nim, *nim, nimMove](t, name+" multipv", root, c.depth, 3, nil)
	}
}

func TestMinimaxRandomTrees(t *testing.T) {
	tiny := &Table{buckets: make([]ttBucket, 8)} // heavy replacement and index collisions
	for seed := uint64(1); seed <= 12; seed++ {
		cfgs := []rtreeCfg{
			{Seed: seed, Branch: 6, Height: 7, States: 300},                                             // transpositions
			{Seed: seed, Branch: 6, Height: 7, States: 0, Checks: true, Drawn: true},                    // checks and draws
			{Seed: seed, Branch: 4, Height: 8, States: 0, Checks: true, LossOnStalemate: true, Leaf: 3}, // stalemate loses
		}
		for i := range cfgs {
			cfg := &cfgs[i]
			name := fmt.Sprintf("rtree seed %d cfg %d", seed, i)
			depth := cfg.Height - 1
			checkAgainstMinimax[rtree, *rtree, uint8](t, name, newRTree(cfg), depth, 1, nil)
			checkAgainstMinimax[rtree, *rtree, uint8](t, name+" multipv", newRTree(cfg), depth, 3, nil)
			checkAgainstMinimax[rtree, *rtree, uint8](t, name+" tiny table", newRTree(cfg), depth, 1, tiny)
			checkAgainstMinimax[rtreeQ, *rtreeQ, uint8](t, name+" quiescence", newRTreeQ(cfg), depth, 1, nil)
		}
	}
}

// TestMinimaxReusedSearcher checks that a Searcher (and its table, killers and history)
// reused for several unrelated roots keeps returning exact values.
func TestMinimaxReusedSearcher(t *testing.T) {
	s := New[rtree, *rtree, uint8](Options[uint8]{HashMiB: 1, NoPruning: true})
	for seed := uint64(100); seed < 110; seed++ {
		cfg := &rtreeCfg{Seed: seed, Branch: 6, Height: 6}
		ref := newRef[rtree, *rtree, uint8]()
		res := s.Search(context.Background(), newRTree(cfg), nil, Limits{Depth: 5})
		_, values := ref.rootValues(newRTree(cfg), 5)
		assert.Equal(t, slices.Max(values), res.Score, "seed %d", seed)
	}
}
