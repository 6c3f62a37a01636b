package gamesearch

import (
	"golang.org/x/exp/constraints"
)

// History table: moves are hashed into historySize slots (M is generic); entries stay within
// ±historyMax.
const (
	historyBits = 14
	historySize = 1 << historyBits
	historyMax  = 16384
)

// Move-ordering keys, larger first.
const (
	keyTTMove  = 1 << 30
	keyNoisy   = 1 << 28
	keyKiller1 = 1 << 27
	keyKiller2 = keyKiller1 - 1
	keyClamp   = 1 << 24
)

func clampKey(k int) int32 {
	return int32(min(max(k, -keyClamp), keyClamp))
}

// pickBest moves the move with the largest key among moves[i:] to index i.
func pickBest[M constraints.Integer](moves []M, keys []int32, i int) {
	b := i
	for j := i + 1; j < len(keys); j++ {
		if keys[j] > keys[b] {
			b = j
		}
	}
	if b != i {
		moves[i], moves[b] = moves[b], moves[i]
		keys[i], keys[b] = keys[b], keys[i]
	}
}

// historyIndex hashes a move value into the history table (Fibonacci hashing).
func historyIndex[M constraints.Integer](m M) int {
	return int((uint64(m) * 0x9E3779B97F4A7C15) >> (64 - historyBits))
}

// isNoisy reports whether m is a capture or promotion according to the game's MoveOrderer.
func (s *Searcher[P, PP, M]) isNoisy(ply int, m M) bool {
	if !s.hasOrder {
		return false
	}
	_, noisy := s.orderer[ply].CaptureKey(m)
	return noisy
}

// scoreMoves fills the ordering keys of the node at ply: table move, noisy moves by capture
// key, killers, then quiet moves by history.
func (s *Searcher[P, PP, M]) scoreMoves(ply int, moves []M, ttMv M, hasTTMove bool) {
	keys := s.keys[ply][:0]
	kn := s.killerN[ply]
	k0, k1 := s.killers[ply][0], s.killers[ply][1]
	hist := &s.history[ply&1]
	for _, m := range moves {
		var k int32
		switch {
		case hasTTMove && m == ttMv:
			k = keyTTMove
		default:
			noisy := false
			if s.hasOrder {
				if ck, nz := s.orderer[ply].CaptureKey(m); nz {
					k = keyNoisy + clampKey(ck)
					noisy = true
				}
			}
			if !noisy {
				switch {
				case kn > 0 && m == k0:
					k = keyKiller1
				case kn > 1 && m == k1:
					k = keyKiller2
				default:
					k = hist[historyIndex(m)]
				}
			}
		}
		keys = append(keys, k)
	}
	s.keys[ply] = keys
}

// cutoff records a beta cutoff by move m at ply: a quiet m becomes a killer and gains history;
// the quiet moves tried before it lose history.
func (s *Searcher[P, PP, M]) cutoff(ply, depth int, m M, tried []M) {
	if s.isNoisy(ply, m) {
		return
	}
	if s.killerN[ply] == 0 || s.killers[ply][0] != m {
		s.killers[ply][1] = s.killers[ply][0]
		s.killers[ply][0] = m
		if s.killerN[ply] < 2 {
			s.killerN[ply]++
		}
	}
	bonus := min(depth*depth, 400)
	hist := &s.history[ply&1]
	updateHistory(&hist[historyIndex(m)], bonus)
	for _, q := range tried {
		if !s.isNoisy(ply, q) {
			updateHistory(&hist[historyIndex(q)], -bonus)
		}
	}
}

// updateHistory adds bonus to *v with gravity, keeping |*v| <= historyMax.
func updateHistory(v *int32, bonus int) {
	abs := bonus
	if abs < 0 {
		abs = -abs
	}
	*v += int32(bonus - int(*v)*abs/historyMax)
}
