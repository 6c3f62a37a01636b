package levels

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/cotuong-ai/cotuong/gamesearch"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The ladder is monotone: ratings rise 150-250 Elo a step in both games (the spacing a
// ladder of distinguishable levels asks for), thinking time grows and keeps the 300, 700 and
// 1200 ms of the first three levels, caps and choice only loosen, evaluation knowledge is
// only ever added, the top is full strength.
func TestLadderMonotone(t *testing.T) {
	all := All()
	require.GreaterOrEqual(t, len(all), 8)
	assert.Equal(t, []time.Duration{300 * time.Millisecond, 700 * time.Millisecond, 1200 * time.Millisecond},
		[]time.Duration{all[0].Time, all[1].Time, all[2].Time})
	assert.True(t, all[len(all)-1].Full(), "the top level is full strength")
	capOf := func(v int64) int64 {
		if v == 0 {
			return 1 << 62
		}
		return v
	}
	for i, l := range all {
		assert.Equal(t, i+1, l.Number)
		if i == 0 {
			continue
		}
		p := all[i-1]
		for _, g := range []Scale{Xiangqi, Chess} {
			step := l.Rating(g) - p.Rating(g)
			assert.True(t, step >= 150 && step <= 250, "%s %s → %s: step %d", g, p.Name, l.Name, step)
		}
		assert.Greater(t, l.Time, p.Time, l.Name)
		assert.GreaterOrEqual(t, capOf(int64(l.Depth)), capOf(int64(p.Depth)), l.Name)
		if p.Nodes > 0 {
			assert.GreaterOrEqual(t, capOf(l.Nodes), p.Nodes, l.Name)
		}
		assert.LessOrEqual(t, l.Lines, p.Lines, l.Name)
		assert.LessOrEqual(t, l.Margin+2*l.Noise, p.Margin+2*p.Noise, l.Name)
		assert.LessOrEqual(t, l.Slip, p.Slip, l.Name)
		if !p.Plain {
			assert.False(t, l.Plain, "%s: knowledge, once a level has it, stays with the stronger ones", l.Name)
		}
	}
	// Only the bottom two levels slip.
	for _, l := range all[2:] {
		assert.Zero(t, l.Slip, l.Name)
	}
}

func TestParse(t *testing.T) {
	for in, want := range map[string]string{"beginner": "Beginner", " NOVICE ": "Novice", "1": "Beginner",
		"8": "Master", "club player": "Club player", "Strong-club-player": "Strong club player",
		"easy": "Beginner", "Medium": "Novice", "hard": "Casual", "master": "Master"} {
		l, err := Parse(in)
		require.NoError(t, err, in)
		assert.Equal(t, want, l.Name, in)
	}
	for _, in := range []string{"", "0", "9", "expert level", "-1"} {
		_, err := Parse(in)
		assert.Error(t, err, in)
	}
}

func TestLimits(t *testing.T) {
	assert.Equal(t, gamesearch.Limits{Depth: 1, Time: 1200 * time.Millisecond, MultiPV: 4}, Hard.Limits())
	assert.Equal(t, gamesearch.Limits{Time: 3 * time.Second}, Master.Limits())
	assert.Equal(t, gamesearch.Limits{Depth: 1, Nodes: 5, MultiPV: 8}, Easy.Apply(gamesearch.Limits{Depth: 4, Nodes: 5}))
	assert.Equal(t, gamesearch.Limits{Depth: 9, MultiPV: 3}, Master.Apply(gamesearch.Limits{Depth: 9, MultiPV: 3}))
}

func TestPause(t *testing.T) {
	assert.Equal(t, 100*time.Millisecond, Easy.Pause(1), "a forced move: a third of the time")
	assert.Equal(t, 218*time.Millisecond, Easy.Pause(2), "two moves: 0.7 × + 2/45 of 0.6 ×")
	assert.Equal(t, 390*time.Millisecond, Easy.Pause(60), "many moves: 1.3 ×")
	assert.Less(t, Easy.Pause(10), Easy.Pause(40), "more moves, a longer pause")
}

// Interpolation between levels lands on the ladder's levels at their ratings and in between
// elsewhere; Skill Level 0 and 20 are the ends.
func TestForElo(t *testing.T) {
	for _, l := range All() {
		assert.Equal(t, l, ForElo(Xiangqi, l.Rating(Xiangqi)), l.Name)
		assert.Equal(t, l, ForElo(Chess, l.Rating(Chess)), l.Name)
	}
	mid := ForElo(Xiangqi, (Hard.Rating(Xiangqi)+All()[3].Rating(Xiangqi))/2)
	assert.Equal(t, (Hard.Rating(Xiangqi)+All()[3].Rating(Xiangqi))/2, mid.Rating(Xiangqi))
	assert.True(t, mid.Margin <= Hard.Margin && mid.Margin >= All()[3].Margin)
	c5, c6 := All()[4], All()[5]
	assert.Equal(t, int64(10583), ForElo(Xiangqi, (c5.Rating(Xiangqi)+c6.Rating(Xiangqi))/2).Nodes, "√(8000·14000)")
	assert.Equal(t, Easy, ForElo(Xiangqi, 0))
	assert.Equal(t, Master, ForElo(Xiangqi, 9999))
	assert.Equal(t, Easy, ForSkill(0))
	assert.Equal(t, Master, ForSkill(20))
	assert.Equal(t, All()[len(All())/2-1].Name, ForSkill(9).Name)
	lo, hi := EloRange()
	assert.Equal(t, Easy.Rating(Chess), lo)
	assert.Equal(t, Master.Rating(Xiangqi), hi)
}

// A level's noise is a function of the game's seed and the key: the same within a game,
// different between games, bounded by the amplitude.
func TestNoise(t *testing.T) {
	a, b := NewNoise(1), NewNoise(2)
	differ := 0
	for k := uint64(0); k < 1000; k++ {
		key := NoiseKey(k*0x9e37, k)
		v := a.Of(key, 40)
		assert.Equal(t, v, a.Of(key, 40), "fixed within a game")
		assert.Equal(t, v, NewNoise(1).Of(key, 40), "a function of the seed alone")
		assert.True(t, v >= -40 && v <= 40, v)
		if v != b.Of(key, 40) {
			differ++
		}
	}
	assert.Greater(t, differ, 900, "another game, other noise (1 in 81 equal by chance)")
	assert.Zero(t, a.Of(5, 0))
}

func TestChoose(t *testing.T) {
	lines := []Candidate{{Key: 1, Score: 50}, {Key: 2, Score: 40}, {Key: 3, Score: -100}, {Key: 4, Score: -900}}
	rng := rand.New(rand.NewPCG(1, 2))
	count := func(l Level, n Noise) [4]int {
		var c [4]int
		for i := 0; i < 4000; i++ {
			c[l.Choose(lines, n, rng)]++
		}
		return c
	}
	assert.Equal(t, [4]int{4000, 0, 0, 0}, count(Master, NewNoise(3)), "full strength plays the best line")
	for seed := uint64(0); seed < 20; seed++ {
		c := count(Easy, NewNoise(seed))
		assert.Zero(t, c[3], "Beginner's bound, %d cp, is below 950", Easy.SlipMargin+2*Easy.Noise)
		c = count(All()[4], NewNoise(seed))
		assert.Zero(t, c[2]+c[3], "Club player's bound is %d cp", All()[4].Margin+2*All()[4].Noise)
	}
	// Noise decides between close lines, fixed for the game: Expert (margin 0) always plays
	// the same one of two lines 10 cp apart within a game, and not the same in every game.
	close := lines[:2]
	expert := All()[6]
	picked := map[int]bool{}
	for seed := uint64(0); seed < 40; seed++ {
		n := NewNoise(seed)
		first := expert.Choose(close, n, rng)
		for i := 0; i < 20; i++ {
			assert.Equal(t, first, expert.Choose(close, n, rng))
		}
		picked[first] = true
	}
	assert.Len(t, picked, 2)
	// A forced mate is always played; a line that gets mated never is.
	mate := []Candidate{{Key: 1, Score: gamesearch.Mate - 3}, {Key: 2, Score: gamesearch.Mate - 5}}
	assert.Equal(t, 0, Easy.Choose(mate, NewNoise(1), rng))
	mated := []Candidate{{Key: 1, Score: 0}, {Key: 2, Score: -gamesearch.Mate + 4}}
	for i := 0; i < 100; i++ {
		assert.Equal(t, 0, Easy.Choose(mated, NewNoise(uint64(i)), rng))
	}
}
