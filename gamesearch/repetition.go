package gamesearch

// repetitionWindow is how many plies back (game history and search path) the search looks for
// an earlier occurrence of the current position.
const repetitionWindow = 100

// repetitionJudging is the state a RepetitionJudge needs, allocated once per Searcher: what
// each history move threatened, and the cycle handed to the judge.
type repetitionJudging struct {
	threats []Threats  // threats[i]: what the move from history entry i threatened
	cycle   []CyclePly // the judge's argument, filled only when a repetition is judged
	// path[ply] caches MoveThreats of the move into the position at ply, for the keys
	// pathKey[ply] of the positions before and after it (a path shares its prefix with many
	// repetitions below it).
	path    [MaxPly + 1]Threats
	pathKey [MaxPly + 1][2]uint64
}

// repetition looks for the position at ply (stack index idx, key hash) an even number of
// plies back, at least 4, within repetitionWindow, and scores it. With Options.ThirdOccurrence
// an earlier occurrence in the game history before the root (stack index repBase or less)
// makes the current one only the game's second: it scores nothing unless an occurrence
// further back makes it the third. Past that, without a judge the first repetition is a
// draw. With one, the search scores a repetition the way the rules end the game: a Draw of
// the first repetition scores 0 at once, but a Win or a Loss stands only at the third
// occurrence of the position, judged again over the whole span from the first; until then
// the node is searched as usual, so a single repetition never claims a won perpetual.
func (s *Searcher[P, PP, M]) repetition(ply, idx int, hash uint64) (int, bool) {
	lo := max(idx-repetitionWindow, s.repFloor)
	second := false
	for i := idx - 4; i >= lo; i -= 2 {
		if s.repHash[i] != hash {
			continue
		}
		if !second && i <= s.repBase && s.opts.ThirdOccurrence {
			// The earlier occurrence is in the game before the root: the game has seen the
			// position once, so reaching it again is its second occurrence, which ends nothing.
			second = true
			continue
		}
		if !s.caps.judge {
			return 0, true
		}
		o := s.judgeCycle(ply, i, idx)
		switch {
		case !second && o == Draw:
			return 0, true
		case !second:
			second = true
			continue
		case o == Win:
			return Mate - ply, true
		case o == Loss:
			return -(Mate - ply), true
		}
		return 0, true
	}
	return 0, false
}

// judgeCycle asks the judge at ply about the cycle of repetition-stack entries i+1..idx. What
// each move threatened comes from the history, or, on the search path, from the game's
// MoveThreats, computed only now.
func (s *Searcher[P, PP, M]) judgeCycle(ply, i, idx int) Outcome {
	c := s.repJudge.cycle[:0]
	for j := i + 1; j <= idx; j++ {
		var t Threats
		if j <= s.repBase {
			t = s.repJudge.threats[j-1]
		} else {
			pj := j - s.repBase
			key := [2]uint64{s.repHash[j-1], s.repHash[j]}
			if s.repJudge.pathKey[pj] != key {
				s.repJudge.path[pj] = s.frames[pj].ops.judge.MoveThreats(&s.frames[pj-1].pos)
				s.repJudge.pathKey[pj] = key
			}
			t = s.repJudge.path[pj]
		}
		c = append(c, CyclePly{InCheck: s.repCheck[j], Threats: t})
	}
	s.repJudge.cycle = c
	return s.frames[ply].ops.judge.JudgeRepetition(c)
}

// initRepetition fills the repetition stack with the end of the game history and the root (key
// rootHash, in check rootCheck) at index repBase, and clears the null-move floor.
func (s *Searcher[P, PP, M]) initRepetition(history []HistoryEntry, rootHash uint64, rootCheck bool) {
	s.repFloor = 0
	// Only the last repetitionWindow positions of the history can be repeated.
	if len(history) > repetitionWindow {
		history = history[len(history)-repetitionWindow:]
	}
	s.repJudge.pathKey = [MaxPly + 1][2]uint64{}
	if s.caps.judge && s.repJudge.threats == nil {
		s.repJudge.threats = make([]Threats, repetitionWindow)
		s.repJudge.cycle = make([]CyclePly, 0, repetitionWindow+MaxPly+2)
	}
	for i, e := range history {
		s.repHash[i] = e.Hash
		s.repCheck[i] = e.InCheck
		if s.caps.judge {
			s.repJudge.threats[i] = e.Threats
		}
	}
	s.repBase = len(history)
	s.repHash[s.repBase] = rootHash
	s.repCheck[s.repBase] = rootCheck
}
