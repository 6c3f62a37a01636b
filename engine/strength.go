package engine

import (
	"math/rand/v2"

	"github.com/cotuong-ai/cotuong/gamesearch"
)

// The UCI_Elo range. The mapping from Elo to skill is linear and not calibrated against
// rated engines; it orders strengths, it does not promise ratings.
const (
	EloMin = 800
	EloMax = 2400
)

// SkillFromElo maps UCI_Elo to a Skill Level: 800 → 0, each 80 Elo one level, 2400 → 20.
func SkillFromElo(elo int) int {
	s := (elo - EloMin + 40) / 80
	return max(0, min(20, s))
}

// Strength is what a Skill Level below 20 does to the search.
type Strength struct {
	Skill    int   // 0..20
	MaxDepth int   // plies; 0 = no cap
	MaxNodes int64 // 0 = no cap
	Lines    int   // MultiPV lines searched to choose from
	Margin   int   // centipawns: lines this much worse than the best may be chosen
}

// StrengthFor returns the settings of skill (clamped to 0..20). At 20 the search is not
// changed. Below 20:
//
//	depth cap  1 + skill/4 plies   (0-3: 1, 4-7: 2, 8-11: 3, 12-15: 4, 16-19: 5)
//	node cap   1000 << (skill/2)  (0-1: 1000 ... 18-19: 512000)
//	lines      4 + (20-skill)/4   (MultiPV searched: 9 at skill 0, 4 at 16-19)
//	margin     10 + 20*(20-skill) centipawns (410 at 0, 30 at 19)
//
// and the move is drawn at random among the searched lines whose score is within Margin of
// the best, each with weight Margin - (best - score) + 1, so the best line stays the most
// likely and a line much worse than the best is never played.
func StrengthFor(skill int) Strength {
	skill = max(0, min(20, skill))
	if skill == 20 {
		return Strength{Skill: 20, Lines: 1}
	}
	return Strength{
		Skill:    skill,
		MaxDepth: 1 + skill/4,
		MaxNodes: 1000 << (skill / 2),
		Lines:    4 + (20-skill)/4,
		Margin:   10 + 20*(20-skill),
	}
}

// Apply narrows lim to the strength's caps and widens MultiPV to its line count.
func (s Strength) Apply(lim gamesearch.Limits) gamesearch.Limits {
	if s.Skill >= 20 {
		return lim
	}
	if lim.Depth == 0 || lim.Depth > s.MaxDepth {
		lim.Depth = s.MaxDepth
	}
	if lim.Nodes == 0 || lim.Nodes > s.MaxNodes {
		lim.Nodes = s.MaxNodes
	}
	lim.MultiPV = max(lim.MultiPV, s.Lines)
	return lim
}

// Choose picks the line to play from lines (best first) by the weighted draw described at
// StrengthFor. At full strength, or with fewer than two lines, it returns 0.
func (s Strength) Choose(lines []Line, rng *rand.Rand) int {
	if s.Skill >= 20 || len(lines) < 2 {
		return 0
	}
	best := lines[0].Score
	if gamesearch.IsMate(best) && best > 0 {
		return 0 // a forced mate is always played, at every level
	}
	weights := make([]int, len(lines))
	total := 0
	for i, l := range lines {
		d := best - l.Score
		if d <= s.Margin && !(gamesearch.IsMate(l.Score) && l.Score < 0) {
			weights[i] = s.Margin - d + 1
			total += weights[i]
		}
	}
	if total == 0 {
		return 0
	}
	r := rng.IntN(total)
	for i, w := range weights {
		if r < w {
			return i
		}
		r -= w
	}
	return 0
}
