package gamesearch

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Published tic-tac-toe game counts (e.g. Henry Bottomley's tic-tac-toe statistics, also
// quoted on Wikipedia's "Game complexity"): the number of games that end after exactly 5, 6,
// 7, 8 and 9 moves, 255168 games in all.
var tttGamesEndingAt = map[int]uint64{5: 1440, 6: 5328, 7: 47952, 8: 72576, 9: 127872}

// tttBrute counts move paths of exactly depth plies on a plain board, independently of the
// ttt test type: a path stops when a side has three in a row or the board is full.
func tttBrute(b *[9]int, side, depth int) uint64 {
	if depth == 0 {
		return 1 // a leaf, whether or not the game just ended
	}
	lines := [8][3]int{{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}}
	for _, l := range lines {
		if b[l[0]] != 0 && b[l[0]] == b[l[1]] && b[l[1]] == b[l[2]] {
			return 0 // game over before depth: no path of the remaining length
		}
	}
	var n uint64
	for i := range b {
		if b[i] == 0 {
			b[i] = side
			n += tttBrute(b, 3-side, depth-1)
			b[i] = 0
		}
	}
	return n
}

func TestPerftTicTacToe(t *testing.T) {
	// From the published counts: perft(1) = 9, then each path that has not ended continues
	// with one move per empty square.
	want := []uint64{1, 9}
	var total uint64
	for d := 2; d <= 9; d++ {
		want = append(want, (want[d-1]-tttGamesEndingAt[d-1])*uint64(10-d))
	}
	for _, n := range tttGamesEndingAt {
		total += n
	}
	require.Equal(t, uint64(255168), total)
	require.Equal(t, []uint64{1, 9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872}, want)
	require.Equal(t, tttGamesEndingAt[9], want[9], "every path of 9 plies is a finished game")

	for d := 0; d <= 9; d++ {
		var b [9]int
		assert.Equal(t, want[d], tttBrute(&b, 1, d), "brute force depth %d", d)
		assert.Equal(t, want[d], Perft[ttt, *ttt, tttMove](newTTT(), d), "Perft depth %d", d)
	}
	assert.Equal(t, uint64(0), Perft[ttt, *ttt, tttMove](newTTT(), 10), "no game lasts 10 plies")
}

func TestDivide(t *testing.T) {
	root := tttFrom("X...O....")
	// brute counts depth-plies paths from p with tttBrute, which shares no code with Perft.
	brute := func(p ttt, depth int) uint64 {
		var b [9]int
		for i, v := range p.Cells {
			switch v {
			case 'x':
				b[i] = 1
			case 'o':
				b[i] = 2
			}
		}
		side := 1
		if p.ToMove() == 'o' {
			side = 2
		}
		return tttBrute(&b, side, depth)
	}
	for d := 1; d <= 6; d++ {
		div := Divide[ttt, *ttt, tttMove](root, d)
		moves := root.LegalMoves(nil)
		require.Len(t, div, len(moves))
		var sum uint64
		for i, e := range div {
			assert.Equal(t, moves[i], e.Move, "LegalMoves order")
			var c ttt
			root.After(e.Move, &c)
			assert.Equal(t, Perft[ttt, *ttt, tttMove](c, d-1), e.Nodes)
			assert.Equal(t, brute(c, d-1), e.Nodes, "brute force below %d, depth %d", e.Move, d-1)
			sum += e.Nodes
		}
		assert.Equal(t, Perft[ttt, *ttt, tttMove](root, d), sum)
		assert.Equal(t, brute(root, d), sum, "brute force depth %d", d)
	}
	assert.Nil(t, Divide[ttt, *ttt, tttMove](root, 0))
}

// TestPerftNim checks Perft against a count of take sequences by dynamic programming over the
// total taken (independent of the nim type).
func TestPerftNim(t *testing.T) {
	// One heap of 7: paths of d takes (each 1..3) whose sum is at most 7.
	ways := func(d, maxSum int) uint64 {
		cur := map[int]uint64{0: 1}
		for i := 0; i < d; i++ {
			next := map[int]uint64{}
			for s, n := range cur {
				for k := 1; k <= 3; k++ {
					if s+k <= maxSum {
						next[s+k] += n
					}
				}
			}
			cur = next
		}
		var total uint64
		for _, n := range cur {
			total += n
		}
		return total
	}
	for d := 0; d <= 8; d++ {
		assert.Equal(t, ways(d, 7), Perft[nim, *nim, nimMove](nim{Heaps: [3]uint8{7, 0, 0}}, d), "depth %d", d)
	}
	// Perft ignores Drawn (a move-limit rule is not a move-generation rule).
	assert.Equal(t, ways(5, 7), Perft[nim, *nim, nimMove](nim{Heaps: [3]uint8{7, 0, 0}, Limit: 2}, 5))
}

// TestDivideFunc: unstopped, DivideFunc reports Divide's entries in order; stopped after a
// given number of stop questions, it returns false and has reported only whole root moves,
// each with Divide's count.
func TestDivideFunc(t *testing.T) {
	root := newTTT()
	want := Divide[ttt, *ttt, tttMove](root, 6)
	var got []DivideEntry[tttMove]
	done := DivideFunc[ttt, *ttt, tttMove](root, 6, func() bool { return false },
		func(e DivideEntry[tttMove]) { got = append(got, e) })
	assert.True(t, done)
	assert.Equal(t, want, got)

	reported := 0
	for _, after := range []int{0, 1, 5, 40, 200} {
		asked := 0
		got = []DivideEntry[tttMove]{}
		done = DivideFunc[ttt, *ttt, tttMove](root, 6, func() bool { asked++; return asked > after },
			func(e DivideEntry[tttMove]) { got = append(got, e) })
		assert.False(t, done, "stopped after %d questions", after)
		assert.Less(t, len(got), len(want))
		assert.Equal(t, want[:len(got)], got, "only whole root moves, with Divide's counts")
		reported = max(reported, len(got))
	}
	assert.Positive(t, reported, "some stop came after a root move was counted")
	assert.True(t, DivideFunc[ttt, *ttt, tttMove](root, 0, nil, nil))
}
