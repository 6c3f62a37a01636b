package gamesearch

import (
	"context"
	"slices"
	"sync/atomic"
	"testing"
)

// rtreeE is rtreeQ with an EvalKeyer: it counts its Evaluate calls in *evals (atomically: the
// Lazy SMP helpers of a search share it).
type rtreeE struct {
	rtreeQ
	evals *atomic.Int64
}

func (p *rtreeE) After(m uint8, c *rtreeE) {
	p.rtreeQ.After(m, &c.rtreeQ)
	c.evals = p.evals
}
func (p *rtreeE) Evaluate() int   { p.evals.Add(1); return p.rtreeQ.Evaluate() }
func (p *rtreeE) EvalKey() uint64 { return p.Hash() }

// TestEvalCacheKeepsTheTree: on random trees with transpositions, a game with an EvalKeyer
// gets the same score, principal variation and node count as the same game without one, and
// the cache spares evaluations.
func TestEvalCacheKeepsTheTree(t *testing.T) {
	ctx := context.Background()
	for seed := uint64(1); seed <= 6; seed++ {
		cfg := &rtreeCfg{Seed: seed, Branch: 6, Height: 12, States: 4000, Checks: true}
		plain := New[rtreeQ, *rtreeQ, uint8](Options[uint8]{HashMiB: 1})
		want := plain.Search(ctx, newRTreeQ(cfg), nil, Limits{Depth: 7})
		var evals atomic.Int64
		cached := New[rtreeE, *rtreeE, uint8](Options[uint8]{HashMiB: 1})
		got := cached.Search(ctx, rtreeE{newRTreeQ(cfg), &evals}, nil, Limits{Depth: 7})
		if got.Score != want.Score || got.Nodes != want.Nodes || !slices.Equal(got.PV, want.PV) {
			t.Fatalf("seed %d: with the cache score %d, %d nodes, PV %v; without %d, %d, %v",
				seed, got.Score, got.Nodes, got.PV, want.Score, want.Nodes, want.PV)
		}
		if n := evals.Load(); n == 0 || n >= got.Nodes {
			t.Fatalf("seed %d: %d evaluations for %d nodes: the cache spared none", seed, n, got.Nodes)
		}
	}
}
