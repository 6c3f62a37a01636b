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

// scoreMoves fills the ordering keys of the node at ply: table move, captures that do not
// lose material (SEE, when the game implements it) by capture key, killers, the counter-move
// of the previous move, quiet moves by history, then losing captures.
func (s *Searcher[P, PP, M]) scoreMoves(ply int, moves []M, ttMv M, hasTTMove bool) {
	keys := s.keys[ply][:0]
	kn := s.killerN[ply]
	k0, k1 := s.killers[ply][0], s.killers[ply][1]
	side := ply & 1
	hist := &s.history[side]
	var counter M
	hasCounter := false
	if ply > 0 && !s.curMoveNull[ply-1] {
		counter = s.counter[side][historyIndex(s.curMove[ply-1])]
		hasCounter = s.counterSet[side][historyIndex(s.curMove[ply-1])]
	}
	for _, m := range moves {
		var k int32
		switch {
		case hasTTMove && m == ttMv:
			k = keyTTMove
		default:
			noisy := false
			if s.hasOrder {
				if ck, nz := s.orderer[ply].CaptureKey(m); nz {
					noisy = true
					if s.hasSEE && s.doFut && !s.see[ply].SEE(m, 0) {
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
	s.keys[ply] = keys
}

// noKey marks a ply whose move has no piece-to key (a null move, or no PieceToKeyer).
const noKey = -1

// pieceTo returns the piece-to key of m at ply, or noKey.
func (s *Searcher[P, PP, M]) pieceTo(ply int, m M) int {
	if !s.hasKey {
		return noKey
	}
	return s.keyer[ply].PieceTo(m)
}

// quietScore is the history score of the quiet move m at ply: the butterfly history hist
// plus the continuation histories after the moves one and two plies back.
func (s *Searcher[P, PP, M]) quietScore(ply int, m M, hist *[historySize]int32) int {
	v := int(hist[historyIndex(m)])
	if !s.hasKey {
		return v
	}
	k := s.keyer[ply].PieceTo(m)
	if ply >= 1 && s.curKey[ply-1] != noKey {
		v += int(s.contHist[s.curKey[ply-1]][k])
	}
	if ply >= 2 && s.curKey[ply-2] != noKey {
		v += int(s.contHist[s.curKey[ply-2]][k])
	}
	return v
}

// updateQuiet adds bonus to the butterfly and continuation histories of the quiet move m at
// ply.
func (s *Searcher[P, PP, M]) updateQuiet(ply int, m M, bonus int) {
	updateHistory(&s.history[ply&1][historyIndex(m)], bonus)
	if !s.hasKey {
		return
	}
	k := s.keyer[ply].PieceTo(m)
	for _, back := range [2]int{1, 2} {
		if ply >= back && s.curKey[ply-back] != noKey {
			updateHistory16(&s.contHist[s.curKey[ply-back]][k], bonus)
		}
	}
}

// cutoff records a beta cutoff by the quiet move m at ply: m becomes a killer and the
// counter-move of the previous move and gains history; the quiet moves tried before it lose
// history.
func (s *Searcher[P, PP, M]) cutoff(ply, depth int, m M, tried []M) {
	if s.killerN[ply] == 0 || s.killers[ply][0] != m {
		s.killers[ply][1] = s.killers[ply][0]
		s.killers[ply][0] = m
		if s.killerN[ply] < 2 {
			s.killerN[ply]++
		}
	}
	side := ply & 1
	if ply > 0 && !s.curMoveNull[ply-1] {
		i := historyIndex(s.curMove[ply-1])
		s.counter[side][i] = m
		s.counterSet[side][i] = true
	}
	bonus := min(depth*depth+depth, 1200)
	s.updateQuiet(ply, m, bonus)
	for _, q := range tried {
		s.updateQuiet(ply, q, -bonus)
	}
}

// updateHistory16 is updateHistory for a 16-bit entry.
func updateHistory16(v *int16, bonus int) {
	abs := bonus
	if abs < 0 {
		abs = -abs
	}
	*v += int16(bonus - int(*v)*abs/historyMax)
}

// updateHistory adds bonus to *v with gravity, keeping |*v| <= historyMax.
func updateHistory(v *int32, bonus int) {
	abs := bonus
	if abs < 0 {
		abs = -abs
	}
	*v += int32(bonus - int(*v)*abs/historyMax)
}
