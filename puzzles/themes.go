package puzzles

import (
	"sort"
	"strconv"
)

// ThemeCount is a theme of a set and how many of its puzzles have it (Puzzle.Has).
type ThemeCount struct {
	Theme Theme
	Count int
}

// Themes lists the themes of set to choose from, with their counts: the goals first (mates
// by length, material, defensive moves), then the motifs in the order of AllMotifs.
func Themes(set []Puzzle) []ThemeCount {
	count := map[Theme]int{}
	for _, p := range set {
		count[p.Theme]++
		if p.Theme.Mate() > 0 {
			count[Mate]++
		}
		for _, m := range p.Motifs {
			count[m]++
		}
	}
	order := func(t Theme) int {
		switch {
		case t == Mate:
			return 0
		case t.Mate() > 0:
			return t.Mate()
		case t == Material:
			return 10
		case t == Defence:
			return 11
		}
		for i, m := range AllMotifs {
			if m == t {
				return 20 + i
			}
		}
		return 100
	}
	out := make([]ThemeCount, 0, len(count))
	for t, n := range count {
		out = append(out, ThemeCount{t, n})
	}
	sort.Slice(out, func(i, j int) bool {
		if a, b := order(out[i].Theme), order(out[j].Theme); a != b {
			return a < b
		}
		return out[i].Theme < out[j].Theme
	})
	return out
}

// Mate is the theme of every mate puzzle, whatever its length (Puzzle.Has matches it).
const Mate Theme = "mate"

// Name returns the theme in words for a menu: "Mate in 2", "Fork", "Defensive move".
func (t Theme) Name() string {
	if k := t.Mate(); k > 0 {
		return "Mate in " + strconv.Itoa(k)
	}
	switch t {
	case Mate:
		return "Any mate"
	case Material:
		return "Win material"
	case Defence:
		return "Defensive move"
	case Fork:
		return "Fork"
	case Hanging:
		return "Hanging piece"
	case CannonScreen:
		return "Cannon screen"
	case Pin:
		return "Pin"
	case Discovered:
		return "Discovered attack"
	case Trapped:
		return "Trapped piece"
	case Endgame:
		return "Endgame"
	}
	return string(t)
}

// StepText says where a step through p's solution is, in the solver's moves (not plies):
// after plies plies of the solution, "Start: find 3 moves", "Move 1 of 3", "Move 1 of 3 and
// the reply".
func StepText(p Puzzle, plies int) string {
	n := p.Moves()
	switch {
	case plies <= 0:
		if n == 1 {
			return "Start: find 1 move"
		}
		return "Start: find " + strconv.Itoa(n) + " moves"
	case plies%2 == 1:
		return "Move " + strconv.Itoa((plies+1)/2) + " of " + strconv.Itoa(n)
	}
	return "Move " + strconv.Itoa(plies/2) + " of " + strconv.Itoa(n) + " and the reply"
}
