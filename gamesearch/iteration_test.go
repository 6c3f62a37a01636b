package gamesearch

import (
	"context"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestOnIterationAndClone(t *testing.T) {
	var got []Result[uint8]
	s := New[rtree, *rtree, uint8](Options[uint8]{HashMiB: 1, OnIteration: func(r Result[uint8]) {
		got = append(got, r)
	}})
	root := deepTree(11)
	r := s.Search(context.Background(), root, nil, Limits{Depth: 5})
	require.Len(t, got, 5)
	for i, it := range got {
		assert.Equal(t, i+1, it.Depth)
		assert.True(t, it.HasMove)
		assert.NotEmpty(t, it.PV)
		assert.LessOrEqual(t, len(it.PV), MaxPly)
	}
	assert.Equal(t, got[4].Move, r.Move)
	assert.Equal(t, got[4].Score, r.Score)
	assert.Equal(t, got[4].PV, r.PV)

	kept := r.Clone()
	pv := slices.Clone(r.PV)
	s.Search(context.Background(), deepTree(12), nil, Limits{Depth: 5})
	assert.Equal(t, pv, kept.PV, "a cloned result is not overwritten by the next search")
	assert.Equal(t, pv, got[4].PV, "OnIteration results are private copies")
}

// TestStoppedIterationNeverWorse: a search stopped by its node limit inside an iteration
// answers the last finished iteration's best move and score, or a root move the unfinished
// iteration has already found to score more; never less. Over many limits on a random tree,
// some answers come from an unfinished iteration. (The tree has transpositions and no
// draws, so that scores change from one iteration to the next.)
func TestStoppedIterationNeverWorse(t *testing.T) {
	fromUnfinished := 0
	for nodes := int64(200); nodes <= 20000; nodes += 150 {
		var last Result[uint8]
		cfg := &rtreeCfg{Seed: 77, Branch: 8, Height: 100, States: 1 << 20, LossOnStalemate: true}
		s := New[rtreeQ, *rtreeQ, uint8](Options[uint8]{HashMiB: 1, OnIteration: func(r Result[uint8]) {
			last = r.Clone()
		}})
		r := s.Search(context.Background(), newRTreeQ(cfg), nil, Limits{Nodes: nodes})
		if last.Depth == 0 {
			continue // stopped in the first iteration
		}
		require.Equal(t, last.Depth, r.Depth, "nodes %d", nodes)
		require.GreaterOrEqual(t, r.Score, last.Score, "nodes %d", nodes)
		if r.Move != last.Move || r.Score != last.Score {
			require.Greater(t, r.Score, last.Score, "nodes %d", nodes)
			require.Equal(t, r.Move, r.PV[0], "nodes %d", nodes)
			fromUnfinished++
		}
	}
	require.Positive(t, fromUnfinished, "no answer came from an unfinished iteration")
	t.Logf("%d answers from an unfinished iteration", fromUnfinished)
}
