package engine

import (
	"math/rand/v2"
	"testing"

	"github.com/cotuong-ai/cotuong/gamesearch"
	"github.com/cotuong-ai/cotuong/levels"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestStrengthFor(t *testing.T) {
	assert.True(t, StrengthFor(20).Full())
	assert.True(t, StrengthFor(99).Full())
	assert.Equal(t, levels.Easy, StrengthFor(-3).Level, "skill 0 is the weakest level")
	assert.Equal(t, "Novice", StrengthFor(3).Level.Name, "7 steps over 20 skills: skill 3 is 1.05 levels up, nearest Novice")
	assert.Equal(t, [2]int{1360, 1158}, StrengthFor(3).Level.Elo, "5 % of the way from Novice to Casual")
	assert.Equal(t, "Casual", StrengthForElo(Xiangqi, 1550).Level.Name)
	assert.Equal(t, 1, StrengthForElo(Xiangqi, 1550).Level.Depth)
	assert.Equal(t, levels.Easy, StrengthForElo(Chess, 100).Level, "below the ladder: the weakest level")
	assert.True(t, StrengthForElo(Xiangqi, EloMax).Full())
	assert.Equal(t, 1000, EloMin)
	assert.Equal(t, 2450, EloMax)
	// Caps only narrow the GUI's limits.
	lim := StrengthFor(0).Apply(gamesearch.Limits{Depth: 1, Nodes: 10, MultiPV: 12})
	assert.Equal(t, gamesearch.Limits{Depth: 1, Nodes: 10, MultiPV: 12}, lim)
	lim = StrengthFor(0).Apply(gamesearch.Limits{Depth: 9})
	assert.Equal(t, gamesearch.Limits{Depth: 1, MultiPV: 8}, lim)
	assert.Equal(t, gamesearch.Limits{Depth: 9}, StrengthFor(20).Apply(gamesearch.Limits{Depth: 9}))
}

func TestStrengthChoose(t *testing.T) {
	g := NewGame(Xiangqi)
	legal := g.Legal()
	lines := []Line{{Move: legal[0], Score: 50}, {Move: legal[1], Score: 40}, {Move: legal[2], Score: -900}}
	rng := rand.New(rand.NewPCG(1, 2))
	n := levels.NewNoise(7)
	var c [3]int
	for i := 0; i < 2000; i++ {
		c[StrengthFor(0).Choose(g, lines, n, rng)]++
	}
	assert.Zero(t, c[2], "the line 950 cp below the best is never played")
	assert.Positive(t, c[0])
	assert.Positive(t, c[1])
	assert.Equal(t, 0, StrengthFor(20).Choose(g, lines, n, rng))
}

// A reduced strength's noise is fixed for a game and drawn anew by NewGame (UCI ucinewgame):
// Expert (margin 0) chooses between two root lines by the game's noise alone, so within a
// game the same search always gives the same move, and over new games both lines are played.
// The session's seed is fixed, so the verdict does not depend on chance.
func TestSessionNoisePerGame(t *testing.T) {
	expert := levels.All()[6]
	require.Zero(t, expert.Margin)
	require.Equal(t, 2, expert.Lines)
	s := NewSession(Xiangqi, SessionOptions{Seed: 5})
	// The start position: the central cannon opened from either side (h2e2, b2e2) are
	// mirror images, so the two best lines score alike and the noise decides between them.
	play := func() Answer {
		s.Clear() // the same search every time: no table or history from the last one
		g := NewGame(Xiangqi)
		s.SetGame(g)
		var a Answer
		j := s.Go(Request{Limits: gamesearch.Limits{Depth: 3}, Strength: Strength{Level: expert}}, func(x Answer) { a = x })
		<-j.Done()
		return a
	}
	played := map[Move]int{}
	for game := 0; game < 8; game++ {
		s.NewGame()
		first := play()
		require.Len(t, first.Result.Lines, 2)
		require.Equal(t, first.Result.Lines[0].Score, first.Result.Lines[1].Score, "mirror lines score alike")
		for i := 0; i < 2; i++ {
			assert.Equal(t, first.Move, play().Move, "game %d: the noise is fixed within a game", game)
		}
		played[first.Move]++
	}
	assert.Len(t, played, 2, "new games draw new noise: both lines are played (%v)", played)
}
