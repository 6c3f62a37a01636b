package gamesearch

import (
	"golang.org/x/exp/constraints"
)

// Move-ordering keys, larger first: the table move, captures that do not lose material (by
// capture key), killers, the counter-move, quiet moves by history, captures that lose
// material.
const (
	keyTTMove     = 1 << 30
	keyNoisy      = 1 << 28
	keyKiller1    = 1 << 27
	keyKiller2    = keyKiller1 - 1
	keyCounter    = keyKiller1 - 2
	keyClamp      = 1 << 24
	keyBadCapture = -(1 << 28)
)

func clampKey(k int) int32 {
	return int32(min(max(k, -keyClamp), keyClamp))
}

// pickBest moves the move with the largest key among moves[i:] to index i.
func pickBest[M constraints.Integer](moves []M, keys []int32, i int) {
	b, best := i, keys[i]
	for j := i + 1; j < len(keys); j++ {
		if k := keys[j]; k > best {
			b, best = j, k
		}
	}
	if b != i {
		moves[i], moves[b] = moves[b], moves[i]
		keys[i], keys[b] = keys[b], keys[i]
	}
}

// isNoisy reports whether m is a capture or promotion according to the game's MoveOrderer.
func (s *Searcher[P, PP, M]) isNoisy(ply int, m M) bool {
	_, noisy := s.frames[ply].ops.movegen.CaptureKey(m)
	return noisy
}
