package gamesearch

import (
	"context"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// c4After plays the columns in order from the empty connect-four board.
func c4After(cols ...c4Move) c4 {
	var p c4
	for _, m := range cols {
		var c c4
		p.After(m, &c)
		p = c
	}
	return p
}

// TestRootMovesAllEqualsUnrestricted: a search restricted to every legal root move (listed in
// reverse order, with a value that is no move mixed in) chooses the same move with the same
// score, depth and node count as an unrestricted one, both with the pruning on and the table
// kept from an earlier search of a related position.
func TestRootMovesAllEqualsUnrestricted(t *testing.T) {
	ctx := context.Background()
	positions := []c4{c4After(), c4After(3), c4After(3, 3, 2), c4After(0, 6, 1, 5)}
	for i, root := range positions {
		free := New[c4, *c4, c4Move](Options[c4Move]{HashMiB: 1})
		restricted := New[c4, *c4, c4Move](Options[c4Move]{HashMiB: 1})
		warm := c4After(4)
		free.Search(ctx, warm, nil, Limits{Depth: 7})
		restricted.Search(ctx, warm, nil, Limits{Depth: 7})

		var all []uint64
		for _, m := range root.LegalMoves(nil) {
			all = append(all, uint64(m))
		}
		slices.Reverse(all)
		all = append(all, 200)
		want := free.Search(ctx, root, nil, Limits{Depth: 9})
		got := restricted.Search(ctx, root, nil, Limits{Depth: 9, RootMoves: all})
		assert.Equal(t, want.Move, got.Move, "position %d", i)
		assert.Equal(t, want.Score, got.Score, "position %d", i)
		assert.Equal(t, want.Nodes, got.Nodes, "position %d", i)
	}
}

// TestRootMovesRestricted: a restricted search returns only listed moves, and with the pruning
// off its score is the best minimax value among the listed moves; a list with no legal move
// searches every move.
func TestRootMovesRestricted(t *testing.T) {
	ctx := context.Background()
	for seed := uint64(0); seed < 12; seed++ {
		root := newRTreeQ(&rtreeCfg{Seed: 11 + seed, Branch: 7, Height: 7, Checks: true, Drawn: true})
		moves, values := newRef[rtreeQ, *rtreeQ, uint8]().rootValues(root, 4)
		if len(moves) < 2 {
			continue
		}
		s := New[rtreeQ, *rtreeQ, uint8](Options[uint8]{HashMiB: 1, NoPruning: true})
		s.Search(ctx, root, nil, Limits{Depth: 4}) // the table is kept
		// Every other move, starting with the second.
		var allowed []uint64
		want := -Infinity
		for j := 1; j < len(moves); j += 2 {
			allowed = append(allowed, uint64(moves[j]))
			want = max(want, values[j])
		}
		res := s.Search(ctx, root, nil, Limits{Depth: 4, RootMoves: allowed, MultiPV: 3})
		require.True(t, res.HasMove)
		assert.Contains(t, allowed, uint64(res.Move), "seed %d", seed)
		assert.Equal(t, want, res.Score, "seed %d", seed)
		assert.LessOrEqual(t, len(res.Lines), len(allowed), "seed %d", seed)
		for _, l := range res.Lines {
			assert.Contains(t, allowed, uint64(l.Move), "seed %d", seed)
		}

		none := s.Search(ctx, root, nil, Limits{Depth: 4, RootMoves: []uint64{250, 251}})
		assert.Equal(t, slices.Max(values), none.Score, "seed %d: no listed move is legal", seed)
	}
}
