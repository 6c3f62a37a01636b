package gamesearch

import (
	"math"
)

// Tuning constants of the selective search.
const (
	// Null-move pruning: from nullMinDepth plies left, reduce the null-move search by
	// nullR plies, nullRDeep from nullDeepDepth on.
	nullMinDepth  = 2
	nullR         = 2
	nullRDeep     = 3
	nullDeepDepth = 7
	// Late move reductions: from lmrMinDepth plies left, quiet moves after the first
	// lmrMinMoves are searched to a reduced depth first.
	lmrMinDepth = 3
	lmrMinMoves = 3
	// Reverse futility pruning: at most rfpMaxDepth plies left, a non-PV node whose static
	// score exceeds beta by rfpMargin per ply is cut off. Futility pruning: at most
	// futMaxDepth plies left, quiet moves are skipped when the static score plus
	// futMargin*depth cannot reach alpha.
	rfpMaxDepth = 3
	rfpMargin   = 120
	futMaxDepth = 2
	futMargin   = 150
)

// lmrTable[d][i] is the late-move reduction, in plies, of the i-th move (0-based) at depth d.
var lmrTable = func() (t [64][64]int8) {
	for d := 1; d < 64; d++ {
		for i := 1; i < 64; i++ {
			t[d][i] = int8(0.5 + math.Log(float64(d))*math.Log(float64(i))/2.25)
		}
	}
	return t
}()

// search is the negamax alpha-beta (fail-soft, PVS) search of the node at ply (ply >= 1)
// with depth plies left.
func (s *Searcher[P, PP, M]) search(ply, depth, alpha, beta int) int {
	s.nodes++
	if s.nodes >= s.nextPoll {
		s.poll()
	}
	if s.stopped {
		return 0
	}
	s.pvLen[ply] = 0
	if ply > s.seldepth {
		s.seldepth = ply
	}
	pos := PP(&s.stack[ply])
	moves := pos.LegalMoves(s.moves[ply][:0])
	s.moves[ply] = moves
	inCheck := pos.InCheck()

	// Terminal order: no legal move, then Drawn, then repetition, then the horizon.
	if len(moves) == 0 {
		if inCheck || pos.LossOnStalemate() {
			return -(Mate - ply)
		}
		return 0
	}
	if pos.Drawn() {
		return 0
	}
	hash := pos.Hash()
	idx := s.repBase + ply
	s.repHash[idx] = hash
	s.repCheck[idx] = inCheck
	if score, ok := s.repetition(ply, idx, hash); ok {
		return score
	}
	if ply >= MaxPly-1 {
		return pos.Evaluate()
	}
	if inCheck {
		depth++ // check extension
	}
	if depth <= 0 {
		return s.quiesce(ply, alpha, beta, 0)
	}

	pvNode := beta-alpha > 1
	var ttMv M
	hasTTMove := false
	if d, ok := s.tt.probe(hash); ok {
		if ttHasMoveOf(d) {
			ttMv = M(ttMove(d))
			if uint64(ttMv) == uint64(ttMove(d)) {
				for _, m := range moves {
					if m == ttMv {
						hasTTMove = true
						break
					}
				}
			}
		}
		if !pvNode && ttDepth(d) >= depth {
			sc := scoreFromTT(ttScore(d), ply)
			switch ttBound(d) {
			case boundExact:
				return sc
			case boundLower:
				if sc >= beta {
					return sc
				}
			case boundUpper:
				if sc <= alpha {
					return sc
				}
			}
		}
	}

	// Selective search at non-PV nodes out of check: reverse futility pruning and the null
	// move, both when the static score is at least beta.
	eval := 0
	pruneNode := !pvNode && !inCheck && beta < MateBound && beta > -MateBound
	if pruneNode && (s.doFut || s.doNull) {
		eval = pos.Evaluate()
		if s.doFut && depth <= rfpMaxDepth && eval-rfpMargin*depth >= beta {
			return eval
		}
		if s.doNull && depth >= nullMinDepth && eval >= beta && s.repFloor < idx &&
			s.nuller[ply].HasNonPawnMaterial() {
			r := nullR
			if depth >= nullDeepDepth {
				r = nullRDeep
			}
			s.nuller[ply].NullMove(&s.stack[ply+1])
			floor := s.repFloor
			s.repFloor = idx + 1
			score := -s.search(ply+1, depth-1-r, -beta, -beta+1)
			s.repFloor = floor
			if s.stopped {
				return 0
			}
			if score >= beta {
				if score >= MateBound {
					score = beta
				}
				s.tt.store(hash, packTT(M(0), false, scoreToTT(score, ply), depth, boundLower), s.gen)
				return score
			}
		}
	}
	futile := s.doFut && pruneNode && depth <= futMaxDepth && alpha > -MateBound &&
		eval+futMargin*depth <= alpha

	s.scoreMoves(ply, moves, ttMv, hasTTMove)
	keys := s.keys[ply]
	alpha0 := alpha
	best := -Infinity
	var bestMove M
	for i := range moves {
		pickBest(moves, keys, i)
		m := moves[i]
		quiet := keys[i] < keyKiller2 && !(hasTTMove && m == ttMv)
		pos.After(m, &s.stack[ply+1])
		lmr := s.doLMR && depth >= lmrMinDepth && i >= lmrMinMoves && quiet && !inCheck
		if (lmr || futile && i > 0 && quiet) && PP(&s.stack[ply+1]).InCheck() {
			quiet, lmr = false, false // a checking move is neither pruned nor reduced
		}
		if futile && i > 0 && quiet {
			// Futility pruning: this quiet move cannot raise the static score to alpha.
			continue
		}
		var score int
		if i == 0 {
			score = -s.search(ply+1, depth-1, -beta, -alpha)
		} else {
			r := 0
			if lmr {
				r = int(lmrTable[min(depth, 63)][min(i, 63)])
				if pvNode {
					r--
				}
				r = min(max(r, 0), depth-2)
			}
			if r > 0 {
				score = -s.search(ply+1, depth-1-r, -alpha-1, -alpha)
				if score > alpha && !s.stopped {
					score = -s.search(ply+1, depth-1, -alpha-1, -alpha)
				}
			} else {
				score = -s.search(ply+1, depth-1, -alpha-1, -alpha)
			}
			if score > alpha && score < beta && !s.stopped {
				score = -s.search(ply+1, depth-1, -beta, -alpha)
			}
		}
		if s.stopped {
			return 0
		}
		if score > best {
			best = score
			bestMove = m
			if score > alpha {
				alpha = score
				s.updatePV(ply, m)
				if score >= beta {
					s.cutoff(ply, depth, m, moves[:i])
					break
				}
			}
		}
	}

	bound := uint64(boundUpper)
	if best >= beta {
		bound = boundLower
	} else if best > alpha0 {
		bound = boundExact
	}
	s.tt.store(hash, packTT(bestMove, bound != boundUpper, scoreToTT(best, ply), depth, bound), s.gen)
	return best
}
