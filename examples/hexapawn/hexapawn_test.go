package main

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/conformance"
	"github.com/cotuong-ai/cotuong/gamesearch"
)

// TestConformance runs the suite every game plugin passes. The perft rows are counted by hand
// (docs/adding-a-game.md shows the count); the labelled positions follow from Gardner's rules
// and are checked again by the independent solver of TestSolve.
func TestConformance(t *testing.T) {
	conformance.Run(t, conformance.Game[Position, *Position, Move]{
		Name:           "hexapawn",
		Parse:          ParseFEN,
		Format:         (*Position).FEN,
		FormatMove:     Move.String,
		Start:          StartFEN,
		StalemateLoses: true,
		Perft: []conformance.PerftCase{
			{Name: "start", Text: StartFEN, Depth: 1, Nodes: 3},
			{Name: "start", Text: StartFEN, Depth: 2, Nodes: 10},
			{Name: "start", Text: StartFEN, Depth: 3, Nodes: 28},
		},
		Checkmated: []string{"1p1/3/p1P w", "P1p/3/3 b"},
		Stalemated: []string{"p2/P2/3 w", "p2/3/3 w"},
		MateIn: []conformance.MateCase{
			{Text: "pp1/P2/3 w", Moves: 1, First: "a2b3", Check: true, Source: "the only move reaches rank 3"},
			{Text: "3/1p1/P2 b", Moves: 1, Check: true, Source: "b2b1 and b2a1 both reach rank 1"},
			{Text: "p1p/1p1/PPP w", Moves: 3, Source: "TestSolve"},
		},
		SingleMove: []conformance.SingleMoveCase{{Text: "pp1/P2/3 w", Move: "a2b3"}},
		NotDrawn:   []string{StartFEN},
		Positions:  []string{"ppp/P2/1PP b", "p1p/1p1/PPP w"},
		Searcher:   NewSearcher,
	})
}

// board is the independent rules of TestSolve: nine cells from a1 to c3, 'P', 'p' or '.'.
type board struct {
	cells string
	black bool
}

// moves lists the boards after each legal move; over reports a game already decided.
func (b board) moves() (next []board, over bool) {
	me, foe, dir, last := byte('P'), byte('p'), 1, 2
	if b.black {
		me, foe, dir, last = 'p', 'P', -1, 0
	}
	for i := 0; i < 9; i++ {
		if b.cells[i] == foe && i/3 == 2-last { // a foe on our first rank
			return nil, true
		}
	}
	for i := 0; i < 9; i++ {
		if b.cells[i] != me {
			continue
		}
		r, f := i/3+dir, i%3
		for df := -1; df <= 1; df++ {
			if r < 0 || r > 2 || f+df < 0 || f+df > 2 {
				continue
			}
			j := r*3 + f + df
			if (df == 0 && b.cells[j] == '.') || (df != 0 && b.cells[j] == foe) {
				c := []byte(b.cells)
				c[i], c[j] = '.', me
				next = append(next, board{string(c), !b.black})
			}
		}
	}
	return next, false
}

// solve returns the game's value for the side to move (+1 win, -1 loss) and the plies to the
// end with best play (the winner hurrying, the loser holding out).
func (b board) solve() (value, plies int) {
	next, _ := b.moves()
	if len(next) == 0 {
		return -1, 0 // lost: an enemy pawn arrived, or no move (no draws in hexapawn)
	}
	value, plies = -1, 0
	for _, n := range next {
		v, d := n.solve()
		v, d = -v, d+1
		if v > value || (v == value && (v > 0) == (d < plies)) {
			value, plies = v, d
		}
	}
	return value, plies
}

// TestSolve: Gardner's result, the second player wins, and its length, by a solver written
// apart from the plugin (a string board, its own move rules); the same rules count the perft
// rows, and the search finds the same value.
func TestSolve(t *testing.T) {
	start := board{"PPP...ppp", false}
	v, plies := start.solve()
	assert.Equal(t, -1, v, "the first player loses")
	assert.Equal(t, 6, plies, "White is mated on Black's third move")

	var count func(b board, d int) int
	count = func(b board, d int) int {
		if d == 0 {
			return 1
		}
		n := 0
		next, _ := b.moves()
		for _, c := range next {
			n += count(c, d-1)
		}
		return n
	}
	for d, want := range []int{1, 3, 10, 28} {
		assert.Equal(t, want, count(start, d), "depth %d", d)
	}
	v, plies = board{"PPP.p.p.p", false}.solve() // p1p/1p1/PPP w
	assert.Equal(t, 1, v)
	assert.Equal(t, 5, plies, "the mate in 3 of TestConformance")

	pos, err := ParseFEN(StartFEN)
	require.NoError(t, err)
	r := NewSearcher(gamesearch.Options[Move]{}).Search(context.Background(), pos, nil, gamesearch.Limits{Depth: 12})
	assert.Equal(t, -3, gamesearch.MateIn(r.Score), "mated in 3 moves")
}

// Bad text is an error naming what was wrong, never a panic.
func TestParseErrors(t *testing.T) {
	for text, want := range map[string]string{
		"ppp/3/PPP":    "want the board and the side to move",
		"ppp/3 w":      "want 3 ranks",
		"ppp/3/PPx w":  "bad cell 'x'",
		"pppp/3/PPP w": "bad cell 'p'",
		"pp/3/PPP w":   "rank 3 has 2 cells",
		"ppp/3/PPP x":  `side to move "x"`,
		"ppp/4/PPP w":  "bad cell '4'",
	} {
		_, err := ParseFEN(text)
		assert.ErrorContains(t, err, want, text)
	}
	p, err := ParseFEN(StartFEN)
	require.NoError(t, err)
	_, err = p.ParseMove("a1a3")
	assert.EqualError(t, err, `hexapawn: "a1a3" is not a legal move in ppp/3/PPP w`)
}

// The UCI session a GUI would hold: the perft rows, the start's best line ending in Black's
// mate, a move played and refused.
func TestUCI(t *testing.T) {
	var out strings.Builder
	serve(strings.NewReader("uci\nisready\ngo perft 3\ngo depth 12\n"+
		"position startpos moves b1b2\nd\nposition startpos moves a1b2\nd\nbogus\nquit\ngo perft 1\n"), &out)
	lines := strings.Split(out.String(), "\n")
	assert.Equal(t, []string{"id name hexapawn", "id author the cotuong authors", "uciok", "readyok",
		"Nodes searched: 28"}, lines[:5])
	assert.Contains(t, lines[5], " score mate -3 ")
	assert.True(t, strings.HasPrefix(lines[6], "bestmove "), lines[6])
	assert.Equal(t, []string{"ppp/1P1/P1P b",
		`info string hexapawn: "a1b2" is not a legal move in ppp/3/PPP w`, "ppp/1P1/P1P b",
		`info string unknown command "bogus"`, ""}, lines[7:])
}
