package engine

import (
	"hash/fnv"
	"math/rand/v2"

	"github.com/cotuong-ai/cotuong/gamesearch"
	"github.com/cotuong-ai/cotuong/levels"
)

// EloMin and EloMax are the UCI_Elo range: the lowest and highest stated ratings of the
// levels ladder over both games (levels.EloRange).
var EloMin, EloMax = levels.EloRange()

// Strength is a reduced playing strength (Skill Level, UCI_Elo): a level of the levels
// ladder, possibly between two of its levels.
type Strength struct {
	Level levels.Level
}

// StrengthFor returns the strength of a Skill Level from 0 (the ladder's weakest level) to 20
// (full strength: the search is not changed); skill is clamped to 0..20 (levels.ForSkill).
func StrengthFor(skill int) Strength { return Strength{Level: levels.ForSkill(skill)} }

// StrengthForElo returns the strength that plays at rating elo in variant v, interpolated
// between the ladder's levels (levels.ForElo); ratings outside the ladder are clamped to it.
func StrengthForElo(v Variant, elo int) Strength {
	return Strength{Level: levels.ForElo(LevelScale(v), elo)}
}

// LevelScale returns the levels rating scale of variant v.
func LevelScale(v Variant) levels.Scale {
	if v == Xiangqi {
		return levels.Xiangqi
	}
	return levels.Chess
}

// Full reports whether s is full strength.
func (s Strength) Full() bool { return s.Level.Full() }

// Apply narrows lim to the strength's depth and node caps and widens MultiPV to its line
// count (levels.Level.Apply).
func (s Strength) Apply(lim gamesearch.Limits) gamesearch.Limits { return s.Level.Apply(lim) }

// Choose picks the line to play from lines (best first, the lines of a search of g's
// current position) by the level's noisy, score-weighted draw (levels.Level.Choose) with the
// game's noise n. At full strength, or with fewer than two lines, it returns 0.
func (s Strength) Choose(g Game, lines []Line, n levels.Noise, rng *rand.Rand) int {
	if s.Full() || len(lines) < 2 {
		return 0
	}
	h := fnv.New64a()
	h.Write([]byte(g.FEN()))
	pos := h.Sum64()
	c := make([]levels.Candidate, len(lines))
	for i, l := range lines {
		c[i] = levels.Candidate{Key: levels.NoiseKey(pos, uint64(l.Move)), Score: l.Score}
	}
	return s.Level.Choose(c, n, rng)
}
