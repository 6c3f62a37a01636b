package gamesearch

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestSmokeTicTacToe(t *testing.T) {
	s := New[ttt, *ttt, tttMove](Options[tttMove]{HashMiB: 1})
	r := s.Search(context.Background(), newTTT(), nil, Limits{Depth: 9})
	require.True(t, r.HasMove)
	require.Equal(t, 0, r.Score)
	require.Equal(t, 9, r.Depth)
	t.Logf("%+v nodes=%d", r, r.Nodes)
	r = s.Search(context.Background(), tttFrom("XX.OO...."), nil, Limits{Depth: 9})
	require.Equal(t, tttMove(2), r.Move)
	require.Equal(t, Mate-1, r.Score)
}
