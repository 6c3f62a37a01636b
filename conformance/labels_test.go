package conformance_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// solve is a plain negamax over tic-tac-toe boards, written apart from the plugin to check the
// plugin's labels. It scores from the side to move me: 100-k for a win whose last mark is
// placed k plies from now, -(100-k) for a loss k plies from now (-100: lost already), 0 for a
// draw.
func solve(b []byte, me byte) int {
	lines := [8][3]int{{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}}
	them := 'x' + 'o' - me
	for _, l := range lines {
		if b[l[0]] == them && b[l[1]] == them && b[l[2]] == them {
			return -100
		}
	}
	best, moves := -1000, 0
	for i := range b {
		if b[i] != '.' {
			continue
		}
		moves++
		b[i] = me
		v := -solve(b, them)
		b[i] = '.'
		switch { // one ply further away from the end
		case v > 0:
			v--
		case v < 0:
			v++
		}
		best = max(best, v)
	}
	if moves == 0 {
		return 0
	}
	return best
}

// TestTicTacToeLabels checks the plugin's labelled positions with the independent solver.
func TestTicTacToeLabels(t *testing.T) {
	g := tictactoe()
	board := func(s string) ([]byte, byte) { return []byte(s[:9]), s[10] }
	for _, s := range g.Checkmated {
		b, me := board(s)
		assert.Equal(t, -100, solve(b, me), "checkmated %q", s)
	}
	for _, c := range g.MateIn {
		b, me := board(c.Text)
		want := 100 - (2*c.Moves - 1)
		assert.Equal(t, want, solve(b, me), "mate in %d %q", c.Moves, c.Text)
		// The expected first move is the only one that keeps the shortest mate.
		var first []string
		for i := range b {
			if b[i] != '.' {
				continue
			}
			b[i] = me
			if -solve(b, 'x'+'o'-me)-1 == want {
				first = append(first, tttMove(i).String())
			}
			b[i] = '.'
		}
		assert.Equal(t, []string{c.First}, first, "winning first moves of %q", c.Text)
	}
	for _, s := range append(g.Stalemated, g.DrawnByRule...) {
		b, me := board(s)
		assert.Equal(t, 0, solve(b, me), "drawn %q", s)
	}
	require.Len(t, g.SingleMove, 1)
	b, _ := board(g.SingleMove[0].Text)
	empty := 0
	for _, c := range b {
		if c == '.' {
			empty++
		}
	}
	assert.Equal(t, 1, empty, "single-move position has one empty square")
}
