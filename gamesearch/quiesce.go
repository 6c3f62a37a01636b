package gamesearch

// quiescenceCheckPlies: a quiescence node less than this many plies below the horizon that is
// in check searches every evasion (and detects mate) instead of standing pat.
const quiescenceCheckPlies = 4

// quiesce is the quiescence search of the node at ply, qd plies below the horizon (qd == 0 is
// the horizon node itself, whose terminal checks search has done).
func (s *Searcher[P, PP, M]) quiesce(ply, alpha, beta, qd int) int {
	f := &s.frames[ply]
	pos := PP(&f.pos)
	if qd > 0 && !s.enter(ply) {
		return 0
	}
	if !s.caps.noisy || ply >= MaxPly-1 {
		return s.evaluate(ply)
	}
	if qd > 0 {
		if pos.InCheck() && qd < quiescenceCheckPlies {
			// In check near the horizon: search every evasion, no stand pat.
			moves := pos.LegalMoves(f.moves[:0])
			f.moves = moves
			if len(moves) == 0 {
				return -(Mate - ply)
			}
			if pos.Drawn() {
				return 0
			}
			return s.quiesceMoves(ply, alpha, beta, qd, moves, -Infinity, false)
		}
		if pos.Drawn() {
			return 0
		}
	}
	stand := s.evaluate(ply)
	if stand >= beta {
		return stand
	}
	alpha = max(alpha, stand)
	// At the horizon, quiet moves that give check and lose no material are searched too,
	// after the noisy moves.
	quietChecks := qd == 0 && s.active.fut && s.caps.order
	moves := f.ops.noisy.NoisyMoves(f.moves[:0])
	f.moves = moves
	best := s.quiesceMoves(ply, alpha, beta, qd, moves, stand, false)
	if !quietChecks || best >= beta || s.stopped {
		return best
	}
	// The quiet moves that give check, once the captures have not cut off: from the game's
	// QuietCheckGenerator, else every quiet move, searched only if it gives check.
	if s.caps.quietChecks {
		moves = f.ops.qchecks.QuietChecks(f.moves[:0])
		f.moves = moves
		return s.quiesceMoves(ply, max(alpha, best), beta, qd, moves, best, false)
	}
	moves = f.ops.movegen.QuietMoves(f.moves[:0])
	f.moves = moves
	return s.quiesceMoves(ply, max(alpha, best), beta, qd, moves, best, true)
}

// quiesceMoves searches moves of a quiescence node, best capture key first, starting from
// best (the stand-pat score, or -Infinity in check). With quietChecks, the quiet moves among
// moves are searched only when they give check.
func (s *Searcher[P, PP, M]) quiesceMoves(ply, alpha, beta, qd int, moves []M, best int, quietChecks bool) int {
	if len(moves) == 0 {
		return best
	}
	f := &s.frames[ply]
	keys := f.keys[:0]
	nNoisy := 0
	for _, m := range moves {
		var k int32
		if s.caps.order {
			if ck, noisy := f.ops.orderer.CaptureKey(m); noisy {
				k = keyNoisy + clampKey(ck)
				nNoisy++
			}
		}
		keys = append(keys, k)
	}
	f.keys = keys
	pos := PP(&f.pos)
	child := &s.frames[ply+1]
	// Out of check (best is the stand-pat score), captures that lose material are skipped.
	skipLosing := best > -Infinity && s.active.fut && s.caps.see
	for i := range moves {
		// The noisy moves come first, best key first; the quiet ones (all key 0) keep their
		// generation order.
		if i < nNoisy {
			pickBest(moves, keys, i)
		}
		quiet := keys[i] < keyNoisy-keyClamp
		if skipLosing && !quiet && !f.ops.see.SEE(moves[i], 0) {
			continue
		}
		if quietChecks && quiet && s.caps.givesCheck && !f.ops.checker.GivesCheck(moves[i]) {
			continue // a quiet move at the horizon is searched only when it gives check
		}
		f.move = moves[i] // read by a neural evaluation below (Searcher.neuralEvaluate)
		pos.After(moves[i], &child.pos)
		if quietChecks && quiet && !s.caps.givesCheck && !PP(&child.pos).InCheck() {
			continue
		}
		if skipLosing && quiet && !f.ops.see.SEE(moves[i], 0) {
			continue
		}
		score := -s.quiesce(ply+1, -beta, -alpha, qd+1)
		if s.stopped {
			return 0
		}
		if score > best {
			best = score
			if score > alpha {
				alpha = score
				// Extend the principal variation through the quiescence search too, so a
				// mate or a won exchange found there shows in full.
				s.updatePV(ply, moves[i])
				if score >= beta {
					break
				}
			}
		}
	}
	return best
}
