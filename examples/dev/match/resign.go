package main

import (
	"strconv"
	"strings"
)

// Resign is a two-sided resign adjudication: a game is won by a side when that side's engine
// reported a score of at least +Score centipawns (a mate score counts as beyond any Score)
// on each of its last Moves moves and the other side's engine at most -Score on each of its
// last Moves moves. Moves 0 turns it off. It shortens decided games (as cutechess-cli's
// -resign movecount=N score=S twosided=true) without deciding undecided ones: both engines
// must agree.
type Resign struct {
	Moves int // consecutive moves of each engine; 0: off
	Score int // centipawns, positive
}

// resignTracker counts, per side, the consecutive moves whose reported score was at least
// +Score (ahead) and at most -Score (behind).
type resignTracker struct {
	rule          Resign
	ahead, behind [2]int
}

// scoreCP reads a UCI score ("cp 35", "mate -3") as centipawns from the mover's side; a mate
// score is ±1,000,000. ok is false when the engine reported no score.
func scoreCP(s string) (cp int, ok bool) {
	kind, val, found := strings.Cut(s, " ")
	if !found {
		return 0, false
	}
	v, err := strconv.Atoi(val)
	if err != nil {
		return 0, false
	}
	switch kind {
	case "cp":
		return v, true
	case "mate":
		if v > 0 {
			return 1_000_000, true
		}
		return -1_000_000, true
	}
	return 0, false
}

// record notes the score side's engine reported for its move and returns the side that the
// rule declares the winner, or -1.
func (t *resignTracker) record(side int, score string) int {
	if t.rule.Moves <= 0 {
		return -1
	}
	cp, ok := scoreCP(score)
	switch {
	case ok && cp >= t.rule.Score:
		t.ahead[side]++
		t.behind[side] = 0
	case ok && cp <= -t.rule.Score:
		t.behind[side]++
		t.ahead[side] = 0
	default:
		t.ahead[side], t.behind[side] = 0, 0
	}
	n := t.rule.Moves
	for w := 0; w < 2; w++ {
		if t.ahead[w] >= n && t.behind[1-w] >= n {
			return w
		}
	}
	return -1
}
