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
	if !s.caps.order {
		return false
	}
	_, noisy := s.frames[ply].ops.orderer.CaptureKey(m)
	return noisy
}

// scoreMoves fills the ordering keys of the node at ply: table move, captures that do not
// lose material (SEE, when the game implements it) by capture key, killers, the counter-move
// of the previous move, quiet moves by history, then losing captures.
func (s *Searcher[P, PP, M]) scoreMoves(ply int, moves []M, ttMv M, hasTTMove bool) {
	f := &s.frames[ply]
	keys := f.keys[:0]
	kn := f.killerN
	k0, k1 := f.killers[0], f.killers[1]
	hist := &s.heur.butterfly[ply&1]
	counter, hasCounter := s.counterMove(ply)
	for _, m := range moves {
		var k int32
		switch {
		case hasTTMove && m == ttMv:
			k = keyTTMove
		default:
			noisy := false
			if s.caps.order {
				if ck, nz := f.ops.orderer.CaptureKey(m); nz {
					noisy = true
					if s.caps.see && s.doFut && !f.ops.see.SEE(m, 0) {
						k = keyBadCapture + clampKey(ck)
					} else {
						k = keyNoisy + clampKey(ck)
					}
				}
			}
			if !noisy {
				switch {
				case kn > 0 && m == k0:
					k = keyKiller1
				case kn > 1 && m == k1:
					k = keyKiller2
				case hasCounter && m == counter:
					k = keyCounter
				default:
					k = int32(s.quietScore(ply, m, hist))
				}
			}
		}
		keys = append(keys, k)
	}
	f.keys = keys
}
