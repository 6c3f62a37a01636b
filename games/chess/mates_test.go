package chess

import (
	"context"
	"testing"

	"github.com/cotuong-ai/cotuong/gamesearch"
	"github.com/stretchr/testify/require"
)

// TestSearchFindsCheckingMates searches positions of vondele/matetrack's matetrack.epd
// (lines 1552, 1948 and 2212 of the suite, each "bm #7": the side to move mates in 7 and no
// faster; Stockfish 15.1 reports mate 7 in each at 500k nodes) at a fixed node budget,
// single-threaded from an empty table, so the result does not depend on the machine. The
// search spares checks from late move pruning and prunes them by SEE only as it prunes
// captures (gamesearch.CheckGiver); each mate is found at its exact length within the
// budget (none of them was at 500k nodes when checks were pruned as any quiet move).
func TestSearchFindsCheckingMates(t *testing.T) {
	for _, c := range []struct {
		fen  string
		mate int // moves
	}{
		{"3r2k1/1R4p1/2p1qb2/p3p3/8/P1P1BQPp/1P3P1P/6K1 b - - 0 1", 7},
		{"8/3q1k2/2p1p1p1/5pP1/2Q2Pr1/PP2B2p/4RK1P/3r4 b - - 0 1", 7},
		{"r4rk1/ppRn1p2/6pb/1P2pq1p/3N4/P1QPn1Pb/1B1NPP1P/4R1KB b - - 0 1", 7},
	} {
		p := mustFEN(t, c.fen)
		s := NewSearcher(gamesearch.Options[Move]{HashMiB: 16})
		r := s.Search(context.Background(), p, nil, gamesearch.Limits{Nodes: 400_000})
		require.GreaterOrEqual(t, r.Score, gamesearch.MateBound, "%s: no mate found, score %d", c.fen, r.Score)
		require.Equal(t, gamesearch.Mate-(2*c.mate-1), r.Score, "%s: mate in %d expected", c.fen, c.mate)
	}
}

// TestStoppedSearchKeepsUnfinishedMate: a search stopped inside an iteration plays a root
// move that iteration has already found better than the last finished iteration's best. In
// matetrack's line 331 (White mates in 6 starting 1. Re1, "bm #6"; Stockfish 15.1 reports
// mate 6), at 500k nodes no finished iteration sees the mate, the unfinished one's first
// move does, and the result is that mate, at its exact length.
func TestStoppedSearchKeepsUnfinishedMate(t *testing.T) {
	p := mustFEN(t, "1r5k/1p2R3/8/8/8/8/R7/K7 w - - 0 1")
	var last gamesearch.Result[Move]
	s := NewSearcher(gamesearch.Options[Move]{HashMiB: 16, OnIteration: func(r gamesearch.Result[Move]) {
		last = r
		require.False(t, gamesearch.IsMate(r.Score), "depth %d already scores a mate (%d): choose a harder position", r.Depth, r.Score)
	}})
	r := s.Search(context.Background(), p, nil, gamesearch.Limits{Nodes: 500_000})
	require.Equal(t, last.Depth, r.Depth, "the result's depth is the last finished iteration's")
	require.Equal(t, gamesearch.Mate-11, r.Score, "mate in 6, found by the unfinished iteration")
	require.Equal(t, "e7e1", r.Move.UCI())
}
