package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/engine"
	"github.com/cotuong-ai/cotuong/puzzles"
)

// TestPuzzleCommand poses a mate in 1 of the shipped set by its ID as a person would: a wrong
// move (any legal move that does not end the game) is called wrong with its refutation, the
// hint names the piece and then the move, the answer typed in WXF is called correct and the
// mate's reason is given; then a puzzle by theme, and its solution.
func TestPuzzleCommand(t *testing.T) {
	set, err := puzzles.Load(engine.Xiangqi)
	require.NoError(t, err)
	var p puzzles.Puzzle
	for _, q := range set {
		if q.Theme == puzzles.MateIn(1) {
			p = q
			break
		}
	}
	require.NotEmpty(t, p.Seed)
	g, err := engine.GameFromFEN(engine.Xiangqi, p.FEN)
	require.NoError(t, err)
	wrong := ""
	for _, m := range g.Legal() {
		w := g.Clone()
		if u := g.UCI(m); u != p.Solution[0] && w.Push(m) == nil && !w.Result().Over {
			wrong = u
			break
		}
	}
	require.NotEmpty(t, wrong)
	answer, err := g.ParseUCI(p.Solution[0])
	require.NoError(t, err)
	wxf := g.Notation(answer)
	out, code := play(t, "puzzle "+p.ID()+"\n"+wrong+"\nhint\nhint\n"+wxf+"\npuzzle mateIn2\nsolution\npuzzle nosuchtheme\npuzzle 0:0\nhelp\npuzzle help\nquit\n")
	assert.Equal(t, 0, code)
	has(t, out, "Puzzle "+p.ID()+" (mateIn1")
	has(t, out, "Mate in 1.")
	has(t, out, "Wrong: "+wrong+" (")
	has(t, out, "it is met by ")
	has(t, out, "Hint: move the piece on "+p.Solution[0][:2]+" (")
	has(t, out, "Hint: "+p.Solution[0]+" (")
	has(t, out, "Correct: "+p.Solution[0]+" (")
	has(t, out, "it counts as failed") // a wrong try came first
	has(t, out, "has no legal move")   // the mate's reason
	has(t, out, "(mateIn2")
	has(t, out, "Solution: ")
	has(t, out, `No puzzle has the theme "nosuchtheme"`)
	has(t, out, "No puzzle has the ID 0:0")
	has(t, out, "puzzle [THEME|ID]  a puzzle to solve")
	has(t, out, "Puzzles:\n  puzzle [THEME|ID]  pose a puzzle of the set")
}
