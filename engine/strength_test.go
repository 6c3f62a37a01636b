package engine

import (
	"math/rand/v2"
	"testing"

	"github.com/cotuong-ai/cotuong/gamesearch"
	"github.com/stretchr/testify/assert"
)

func TestSkillFromElo(t *testing.T) {
	for elo, want := range map[int]int{0: 0, 800: 0, 839: 0, 840: 1, 1600: 10, 2400: 20, 3000: 20} {
		assert.Equal(t, want, SkillFromElo(elo), "elo %d", elo)
	}
}

func TestStrengthFor(t *testing.T) {
	assert.Equal(t, Strength{Skill: 20, Lines: 1}, StrengthFor(20))
	assert.Equal(t, Strength{Skill: 20, Lines: 1}, StrengthFor(99))
	assert.Equal(t, Strength{Skill: 0, MaxDepth: 1, MaxNodes: 1000, Lines: 9, Margin: 410}, StrengthFor(-3))
	assert.Equal(t, Strength{Skill: 10, MaxDepth: 3, MaxNodes: 32000, Lines: 6, Margin: 210}, StrengthFor(10))
	assert.Equal(t, Strength{Skill: 19, MaxDepth: 5, MaxNodes: 512000, Lines: 4, Margin: 30}, StrengthFor(19))
	// Caps only narrow the GUI's limits.
	lim := StrengthFor(4).Apply(gamesearch.Limits{Depth: 1, Nodes: 10, MultiPV: 12})
	assert.Equal(t, gamesearch.Limits{Depth: 1, Nodes: 10, MultiPV: 12}, lim)
	lim = StrengthFor(4).Apply(gamesearch.Limits{})
	assert.Equal(t, gamesearch.Limits{Depth: 2, Nodes: 4000, MultiPV: 8}, lim)
}

func TestChoose(t *testing.T) {
	lines := []Line{{Move: 1, Score: 50}, {Move: 2, Score: 40}, {Move: 3, Score: -100}, {Move: 4, Score: -900}}
	rng := rand.New(rand.NewPCG(1, 2))
	count := func(s Strength) [4]int {
		var c [4]int
		for i := 0; i < 4000; i++ {
			c[s.Choose(lines, rng)]++
		}
		return c
	}
	c := count(StrengthFor(20))
	assert.Equal(t, [4]int{4000, 0, 0, 0}, c, "full strength plays the best line")
	c = count(StrengthFor(19)) // margin 30: lines 1 and 2 (weights 31 and 21)
	assert.Zero(t, c[2]+c[3])
	assert.Greater(t, c[0], c[1])
	assert.Greater(t, c[1], 1000)
	c = count(StrengthFor(0)) // margin 410: lines 1..3 (weights 411, 401, 261), never the blunder
	assert.Zero(t, c[3])
	assert.Greater(t, c[0], c[2])
	assert.Greater(t, c[2], 500)
	// A forced mate is always played; a line that gets mated never is.
	mate := []Line{{Move: 1, Score: gamesearch.Mate - 3}, {Move: 2, Score: gamesearch.Mate - 5}}
	assert.Equal(t, 0, StrengthFor(0).Choose(mate, rng))
	mated := []Line{{Move: 1, Score: 0}, {Move: 2, Score: -gamesearch.Mate + 4}}
	for i := 0; i < 100; i++ {
		assert.Equal(t, 0, StrengthFor(0).Choose(mated, rng))
	}
}
