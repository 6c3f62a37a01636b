package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/engine"
	"github.com/cotuong-ai/cotuong/gamesearch"
	"github.com/cotuong-ai/cotuong/internal/testkit/peer"
	"github.com/cotuong-ai/cotuong/review"
)

// UCI scores read into review's terms: centipawns as they are, "mate N" (moves) as
// gamesearch.Mate less the plies to mate, positive for the side to move when N > 0 (the UCI
// protocol's "score mate").
func TestScoreOf(t *testing.T) {
	for in, want := range map[string]int{"cp 35": 35, "cp -120": -120, "mate 1": gamesearch.Mate - 1,
		"mate 3": gamesearch.Mate - 5, "mate -2": -(gamesearch.Mate - 4)} {
		got, err := scoreOf(in)
		require.NoError(t, err, in)
		assert.Equal(t, want, got, in)
	}
	for _, bad := range []string{"", "cp", "wdl 500 0 500", "cp x"} {
		_, err := scoreOf(bad)
		assert.ErrorContains(t, err, "no score from the analyst", bad)
	}
}

func TestRefAnalysisRefusesAnotherGame(t *testing.T) {
	g, err := engine.ParseGame(engine.Xiangqi, "startpos moves h2e2")
	require.NoError(t, err)
	a := &review.Analysis{Variant: engine.Xiangqi, Nodes: 1000, Evals: []review.Eval{{Score: 30}, {Score: -30}}}
	text, err := a.MarshalText()
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "rc.txt")
	body := "# game 1 seed 1 skills 0/0\n" + g.String() + "\n# ours\n" + string(text) + "# fsf\n" + string(text) + "\n"
	require.NoError(t, os.WriteFile(path, []byte(body), 0o644))

	refs, err := readGames(path)
	require.NoError(t, err)
	got, err := refAnalysis(refs, path, 0, g)
	require.NoError(t, err)
	require.Len(t, got.Evals, 2)
	assert.Equal(t, 30, got.Evals[0].Score)

	other, err := engine.ParseGame(engine.Xiangqi, "startpos moves b2e2")
	require.NoError(t, err)
	_, err = refAnalysis(refs, path, 0, other)
	assert.ErrorContains(t, err, "is not the game of -from")
	_, err = refAnalysis(refs, path, 1, g)
	assert.ErrorContains(t, err, "no game 2")
}

// A mate in one (a chariot on b0 to b9 or d0, the other holding rank 8, the generals facing
// each other on the e-file if Black's goes there) is scored by
// Fairy-Stockfish as "mate 1" and its best move read back in our coordinates; the mated
// position after it is scored as review.Analyze scores a finished game.
func TestFairyStockfishAnalysisInOurTerms(t *testing.T) {
	path := peer.Path(t, "fairy-stockfish")
	g, err := engine.ParseGame(engine.Xiangqi, "fen 3k5/R8/9/9/9/9/9/9/9/1R2K4 w - - 0 1 moves b0b9")
	require.NoError(t, err)
	e, err := startAnalyst(path, engine.Xiangqi)
	require.NoError(t, err)
	defer e.close()
	a, err := e.analyse(g, 20000)
	require.NoError(t, err)
	require.Len(t, a.Evals, 2)
	assert.Equal(t, gamesearch.Mate-1, a.Evals[0].Score)
	require.NotEmpty(t, a.Evals[0].PV, "the best move was not read back in our coordinates")
	c := startOf(g)
	require.NoError(t, c.Continue(a.Evals[0].PV[0]), "the best move is not legal in our terms")
	assert.True(t, c.Result().Over, "the best move %s does not mate", c.UCI(a.Evals[0].PV[0]))
	assert.True(t, a.Evals[1].Over)
	assert.Equal(t, -gamesearch.Mate, a.Evals[1].Score)

	// probe scores the same two positions afresh: Fairy-Stockfish's "mate 1" before the move,
	// the finished game after it; a ply the game lacks is an error.
	before, after, err := e.probe(g, 0, 20000)
	require.NoError(t, err)
	assert.Equal(t, gamesearch.Mate-1, before)
	assert.Equal(t, -gamesearch.Mate, after)
	_, _, err = e.probe(g, 1, 20000)
	assert.ErrorContains(t, err, "no ply 1")
}

// A line's captures counted from the start position: C2+7 (h2h9) takes the horse on h9 over
// the cannon on h7, and the chariot on i9 takes the cannon back (i9h9): a horse (400 by the
// xiangqi values of engine.Piece) for a cannon (450), −50 for Red. A mate score is read by
// its sign, and "mate 0" (already mated) is neither side's mate to come.
func TestReasonCheckHelpers(t *testing.T) {
	g := engine.NewGame(engine.Xiangqi)
	pl := playLine(g, []string{"h2h9", "i9h9", "not-a-move", "a0a1"}, engine.First)
	assert.Equal(t, map[byte]int{'n': 1}, pl.took[engine.First])
	assert.Equal(t, map[byte]int{'C': 1}, pl.took[engine.Second])
	assert.Equal(t, -50, pl.net)
	assert.True(t, named(engine.Xiangqi, pl.took[engine.First], "horse"))
	assert.False(t, named(engine.Xiangqi, pl.took[engine.First], "chariot"))
	assert.True(t, mateFor("mate 3", +1))
	assert.False(t, mateFor("mate 3", -1))
	assert.True(t, mateFor("mate -2", -1))
	assert.False(t, mateFor("mate 0", +1))
	assert.False(t, mateFor("cp 900", +1))
}

// captures finds the piece a UCI line takes in either game's rank numbering (xiangqi 0-9,
// chess 1-8): the Scandinavian's exchange on d5, and the cannon taking the horse on h9 over
// the black cannon, the chariot taking it back.
func TestCaptures(t *testing.T) {
	for _, c := range []struct {
		v     engine.Variant
		spec  string
		line  []string
		taken string // the letters taken, ply by ply
	}{
		{engine.Chess, "startpos moves e2e4 d7d5", []string{"e4d5", "d8d5", "b1c3"}, "pP"},
		{engine.Xiangqi, "startpos", []string{"h2h9", "i9h9"}, "nC"},
	} {
		g, err := engine.ParseGame(c.v, c.spec)
		if err != nil {
			t.Fatal(err)
		}
		got := ""
		captures(g, c.line, func(ply int, by engine.Side, taken byte) {
			if want := g.SideToMove(); ply%2 == 1 && by != want.Other() || ply%2 == 0 && by != want {
				t.Errorf("%s ply %d taken by %v", c.v, ply, by)
			}
			got += string(taken)
		})
		if got != c.taken {
			t.Errorf("%s %v takes %q, want %q", c.v, c.line, got, c.taken)
		}
	}
}
