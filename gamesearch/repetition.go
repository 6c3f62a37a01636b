package gamesearch

// repetitionWindow is how many plies back (game history and search path) the search looks for
// an earlier occurrence of the current position.
const repetitionWindow = 100

// repetition looks for the position at ply (stack index idx, key hash) an even number of
// plies back, at least 4, within repetitionWindow, and scores it.
func (s *Searcher[P, PP, M]) repetition(ply, idx int, hash uint64) (int, bool) {
	lo := max(idx-repetitionWindow, s.repFloor)
	for i := idx - 4; i >= lo; i -= 2 {
		if s.repHash[i] != hash {
			continue
		}
		if !s.hasJudge {
			return 0, true
		}
		switch s.judge[ply].JudgeRepetition(s.repCheck[i+1 : idx+1 : idx+1]) {
		case Win:
			return Mate - ply, true
		case Loss:
			return -(Mate - ply), true
		default:
			return 0, true
		}
	}
	return 0, false
}

// initRepetition fills the repetition stack with the end of the game history and the root (key
// rootHash, in check rootCheck) at index repBase, and clears the null-move floor.
func (s *Searcher[P, PP, M]) initRepetition(history []HistoryEntry, rootHash uint64, rootCheck bool) {
	s.repFloor = 0
	// Only the last repetitionWindow positions of the history can be repeated.
	if len(history) > repetitionWindow {
		history = history[len(history)-repetitionWindow:]
	}
	for i, e := range history {
		s.repHash[i] = e.Hash
		s.repCheck[i] = e.InCheck
	}
	s.repBase = len(history)
	s.repHash[s.repBase] = rootHash
	s.repCheck[s.repBase] = rootCheck
}
