package gamesearch

import "golang.org/x/exp/constraints"

// Stages of the move picker (picker.stage).
const (
	stageTT = iota
	stageNoisyGen
	stageGood
	stageKiller1
	stageKiller2
	stageCounter
	stageQuietGen
	stageQuiet
	stageBad
	stageDone
)

// picker is the move picker of one node of the main search, the one way moves come to its
// move loop whatever the game (see moveSource): the stage it is in and what the stages
// found. The moves live in the frame's buffer (frame.moves, keys in frame.keys): the noisy
// moves at [0, noisyEnd) with the ones that lose material moved to [0, nBad), the quiet
// ones after.
type picker[M constraints.Integer] struct {
	stage   int8
	hasTT   bool
	ttMove  M
	killer  [2]M
	counter M
	emitted [3]bool // killer 1, killer 2 and the counter-move were returned
	// skipQuiets: the move loop prunes every further quiet move (late move pruning), so
	// the quiet moves are neither generated nor returned any more.
	skipQuiets bool
	cur, end   int
	noisyEnd   int
	nBad       int
}

// initPicker prepares the picker of ply, whose table move (when hasTT) is ttMv, a legal move.
func (s *Searcher[P, PP, M]) initPicker(ply int, ttMv M, hasTT bool) {
	pk := &s.frames[ply].pick
	pk.hasTT, pk.ttMove = hasTT, ttMv
	pk.emitted = [3]bool{}
	pk.skipQuiets = false
	pk.stage = stageTT
}

// nextMove returns the next move of the node at ply with its ordering key (keyTTMove,
// keyNoisy+capture key, keyKiller1, keyKiller2, keyCounter, the history score of a quiet
// move, or keyBadCapture+capture key), or ok false when every move has been returned.
func (s *Searcher[P, PP, M]) nextMove(ply int) (m M, key int32, ok bool) {
	f := &s.frames[ply]
	pk := &f.pick
	for {
		switch pk.stage {
		case stageTT:
			pk.stage = stageNoisyGen
			if pk.hasTT {
				return pk.ttMove, keyTTMove, true
			}
		case stageNoisyGen:
			moves := f.ops.movegen.NoisyMoves(f.moves[:0])
			f.moves = moves
			keys := f.keys[:0]
			for _, m := range moves {
				ck, _ := f.ops.movegen.CaptureKey(m)
				keys = append(keys, keyNoisy+clampKey(ck))
			}
			f.keys = keys
			pk.cur, pk.end, pk.noisyEnd, pk.nBad = 0, len(moves), len(moves), 0
			pk.stage = stageGood
		case stageGood:
			moves, keys := f.moves, f.keys
			for pk.cur < pk.end {
				pickBest(moves[:pk.end], keys[:pk.end], pk.cur)
				i := pk.cur
				pk.cur++
				m := moves[i]
				if pk.hasTT && m == pk.ttMove {
					continue
				}
				if s.caps.see && s.active.fut && !f.ops.see.SEE(m, 0) {
					// Loses material: keep it for the last stage, in this order.
					moves[i], moves[pk.nBad] = moves[pk.nBad], moves[i]
					keys[i], keys[pk.nBad] = keys[pk.nBad], keys[i]
					pk.nBad++
					continue
				}
				return m, keys[i], true
			}
			pk.stage = stageKiller1
		case stageKiller1, stageKiller2:
			i := int(pk.stage - stageKiller1)
			pk.stage++
			if int(f.killerN) > i {
				k := f.killers[i]
				pk.killer[i] = k
				if (i == 0 || !pk.emitted[0] || k != pk.killer[0]) && s.quietCandidate(ply, k) {
					pk.emitted[i] = true
					return k, keyKiller1 - int32(i), true
				}
			}
		case stageCounter:
			pk.stage = stageQuietGen
			if c, ok := s.counterMove(ply); ok {
				pk.counter = c
				if !s.isEmittedKiller(pk, c) && s.quietCandidate(ply, c) {
					pk.emitted[2] = true
					return c, keyCounter, true
				}
			}
		case stageQuietGen:
			if pk.skipQuiets {
				pk.cur = 0
				pk.stage = stageBad
				continue
			}
			moves := f.ops.movegen.QuietMoves(f.moves[:pk.noisyEnd])
			f.moves = moves
			keys := f.keys[:pk.noisyEnd]
			hist := &s.heur.butterfly[ply&1]
			for _, m := range moves[pk.noisyEnd:] {
				keys = append(keys, int32(s.quietScore(ply, m, hist)))
			}
			f.keys = keys
			pk.cur, pk.end = pk.noisyEnd, len(moves)
			pk.stage = stageQuiet
		case stageQuiet:
			moves, keys := f.moves, f.keys
			for pk.cur < pk.end && !pk.skipQuiets {
				pickBest(moves[:pk.end], keys[:pk.end], pk.cur)
				i := pk.cur
				pk.cur++
				m := moves[i]
				if pk.hasTT && m == pk.ttMove || s.isEmittedKiller(pk, m) || pk.emitted[2] && m == pk.counter {
					continue
				}
				return m, keys[i], true
			}
			pk.cur = 0
			pk.stage = stageBad
		case stageBad:
			if pk.cur < pk.nBad {
				pk.cur++
				k := f.keys[pk.cur-1]
				return f.moves[pk.cur-1], k - keyNoisy + keyBadCapture, true
			}
			pk.stage = stageDone
		default:
			return 0, 0, false
		}
	}
}

// isEmittedKiller reports whether m is a killer the picker has already returned.
func (s *Searcher[P, PP, M]) isEmittedKiller(pk *picker[M], m M) bool {
	return pk.emitted[0] && m == pk.killer[0] || pk.emitted[1] && m == pk.killer[1]
}

// quietCandidate reports whether m (a killer or counter-move) may be returned as a quiet
// move at ply: not the table move, legal here, and quiet here.
func (s *Searcher[P, PP, M]) quietCandidate(ply int, m M) bool {
	f := &s.frames[ply]
	if f.pick.hasTT && m == f.pick.ttMove {
		return false
	}
	if !f.ops.movegen.IsLegalMove(m) {
		return false
	}
	_, noisy := f.ops.movegen.CaptureKey(m)
	return !noisy
}
