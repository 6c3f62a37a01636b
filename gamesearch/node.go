package gamesearch

import (
	"math"

	"golang.org/x/exp/constraints"
)

// Tuning constants of the selective search (plies and centipawns).
const (
	// Null-move pruning: from nullMinDepth plies left, when the static score is at least
	// beta, the side to move passes and a search reduced by nullR + depth/nullRDepthDiv +
	// min((eval-beta)/nullREvalDiv, nullREvalMax) plies must still reach beta.
	nullMinDepth  = 3
	nullR         = 3
	nullRDepthDiv = 3
	nullREvalDiv  = 200
	nullREvalMax  = 3
	// Late move reductions: from lmrMinDepth plies left, the moves after the first
	// lmrMinMoves (more at PV nodes) that are quiet or lose material are searched to a
	// reduced depth first (lmrTable, adjusted by history, PV and improving).
	lmrMinDepth = 3
	lmrMinMoves = 2
	// lmrHistoryDiv: each lmrHistoryDiv of history score changes the reduction by one ply.
	lmrHistoryDiv = 8000
	// Reverse futility pruning: at most rfpMaxDepth plies left, a non-PV node whose static
	// score exceeds beta by rfpMargin per ply (one ply less when improving) is cut off.
	rfpMaxDepth = 7
	rfpMargin   = 90
	// Futility pruning: at most futMaxDepth plies left, quiet moves that give no check are
	// skipped when the static score plus futBase + futMargin*depth cannot reach alpha.
	futMaxDepth = 2
	futBase     = 0
	futMargin   = 150
	// Late move pruning: at most lmpMaxDepth plies left, quiet moves after the first
	// (lmpBase + depth*depth)/(2 - improving) are skipped, except (for a game with a
	// CheckGiver) those that give check.
	lmpMaxDepth = 8
	lmpBase     = 3
	// SEE pruning: at most seeMaxDepth plies left, captures losing more than seeCapMargin
	// per ply and quiet moves losing more than seeQuietMargin per ply squared are skipped;
	// a quiet check (known with a CheckGiver) only when it loses more than both.
	seeMaxDepth    = 8
	seeCapMargin   = 100
	seeQuietMargin = 25
	// Internal iterative reduction: from iirMinDepth plies left, a node without a table
	// move is searched one ply shallower.
	iirMinDepth = 4
	// Check extension: a side in check is extended one ply while ply < checkExtFactor *
	// the iteration depth.
	checkExtFactor = 2
)

// lmrTable[d][i] is the late-move reduction, in plies, of the i-th move (0-based) at depth d.
var lmrTable = func() (t [64][64]int8) {
	for d := 1; d < 64; d++ {
		for i := 1; i < 64; i++ {
			t[d][i] = int8(0.75 + math.Log(float64(d))*math.Log(float64(i))/2.0)
		}
	}
	return t
}()

// enter counts a node at ply (main search or quiescence), polls the clock and the context
// every so many nodes, clears the ply's principal variation and tracks the selective depth.
// It reports false when the search has been stopped.
func (s *Searcher[P, PP, M]) enter(ply int) bool {
	s.nodes++
	if s.nodes >= s.nextPoll {
		s.poll()
	}
	if s.stopped {
		return false
	}
	s.frames[ply].pvLen = 0
	if ply > s.seldepth {
		s.seldepth = ply
	}
	return true
}

// search is the negamax alpha-beta (fail-soft, PVS) search of the node at ply (ply >= 1)
// with depth plies left.
//
// Node order: repetition (a repeated position had legal moves), the ply cap, then the
// horizon (quiescence, after the terminal test), then the table probe and cutoff, and only
// then move generation and the terminal test, so that a table cutoff generates nothing.
// The moves are generated stage by stage as the move loop asks for them (a cutoff by the
// table move generates none), the terminal test is the loop finding no move, and reverse
// futility and the null move first make sure a legal move exists. Drawn is asked only once
// legal moves are known to exist.
func (s *Searcher[P, PP, M]) search(ply, depth, alpha, beta int) int {
	if !s.enter(ply) {
		return 0
	}
	f := &s.frames[ply]
	pos := PP(&f.pos)
	inCheck := pos.InCheck()
	hash := pos.Hash()
	idx := s.repBase + ply
	s.repHash[idx] = hash
	s.repCheck[idx] = inCheck
	if score, ok := s.repetition(ply, idx, hash); ok {
		return score
	}
	pvNode := beta-alpha > 1
	// Mate distance pruning: no line from here scores better than mating at the next ply or
	// worse than being mated here, so a window outside those bounds is already decided.
	alpha = max(alpha, -(Mate - ply))
	beta = min(beta, Mate-ply-1)
	if alpha >= beta {
		return alpha
	}
	if inCheck && (!s.active.lmr || ply < checkExtFactor*s.iterDepth) {
		depth++ // check extension
	}
	if depth <= 0 || ply >= MaxPly-1 {
		if !f.ops.movegen.HasLegalMove() {
			return s.terminal(ply, inCheck)
		}
		if pos.Drawn() {
			return 0
		}
		if ply >= MaxPly-1 {
			return s.evaluate(ply)
		}
		return s.quiesce(ply, alpha, beta, 0)
	}

	var ttMv M
	hasTTMove := false
	ttHit := false
	ttSc, ttBd := 0, uint64(0)
	if d, ok := s.tt.probe(hash); ok {
		ttHit = true
		ttSc, ttBd = scoreFromTT(ttScore(d), ply), ttBound(d)
		if ttHasMoveOf(d) {
			ttMv = M(ttMove(d))
			hasTTMove = uint64(ttMv) == uint64(ttMove(d))
		}
		if !pvNode && ttDepth(d) >= depth && !pos.Drawn() {
			switch ttBd {
			case boundExact:
				return ttSc
			case boundLower:
				if ttSc >= beta {
					return ttSc
				}
			case boundUpper:
				if ttSc <= alpha {
					return ttSc
				}
			}
		}
	}

	// Moves are generated stage by stage in searchMoves; a node without any is scored there.
	if hasTTMove && !f.ops.movegen.IsLegalMove(ttMv) {
		hasTTMove = false
	}
	if pos.Drawn() && f.ops.movegen.HasLegalMove() {
		return 0
	}

	// Static evaluation, refined by the table score when its bound allows, and whether it
	// improved on the position two plies earlier.
	eval := -Infinity
	improving := false
	if !inCheck {
		eval = s.evaluate(ply)
		f.eval = eval
		if ttHit && (ttBd == boundExact || ttBd == boundLower && ttSc > eval || ttBd == boundUpper && ttSc < eval) &&
			ttSc > -MateBound && ttSc < MateBound {
			eval = ttSc
		}
		if ply >= 2 && s.frames[ply-2].eval != -Infinity {
			improving = f.eval > s.frames[ply-2].eval
		} else if ply >= 4 && s.frames[ply-4].eval != -Infinity {
			improving = f.eval > s.frames[ply-4].eval
		}
	} else {
		f.eval = -Infinity
	}
	imp := 0
	if improving {
		imp = 1
	}

	// Selective search at non-PV nodes out of check: reverse futility pruning and the null
	// move, both when the static score is at least beta.
	pruneNode := !pvNode && !inCheck && beta < MateBound && beta > -MateBound
	if pruneNode {
		if s.active.fut && depth <= rfpMaxDepth && eval-rfpMargin*(depth-imp) >= beta && f.ops.movegen.HasLegalMove() {
			return (eval + beta) / 2
		}
		if s.active.null && depth >= nullMinDepth && eval >= beta &&
			s.repFloor < idx && f.ops.nuller.HasNonPawnMaterial() && f.ops.movegen.HasLegalMove() {
			r := nullR + depth/nullRDepthDiv + min((eval-beta)/nullREvalDiv, nullREvalMax)
			f.ops.nuller.NullMove(&s.frames[ply+1].pos)
			f.null = true
			f.contKey = noKey
			floor := s.repFloor
			s.repFloor = idx + 1
			score := -s.search(ply+1, depth-1-r, -beta, -beta+1)
			s.repFloor = floor
			f.null = false
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
	if s.active.lmr && depth >= iirMinDepth && !hasTTMove {
		depth-- // internal iterative reduction
	}
	return s.searchMoves(ply, depth, alpha, beta, pos, inCheck, pvNode, hasTTMove, ttMv, eval, improving, hash)
}

// terminal is the score of the node at ply when it has no legal move: -(Mate-ply) if in
// check or if the game loses on stalemate, else 0.
func (s *Searcher[P, PP, M]) terminal(ply int, inCheck bool) int {
	if inCheck || PP(&s.frames[ply].pos).LossOnStalemate() {
		return -(Mate - ply)
	}
	return 0
}

// searchMoves searches the legal moves of the node at ply (the moves loop of search), as the
// move picker returns them, and stores the result in the table. A node without a legal move
// gets its terminal score.
func (s *Searcher[P, PP, M]) searchMoves(ply, depth, alpha, beta int, pos PP, inCheck, pvNode, hasTTMove bool,
	ttMv M, eval int, improving bool, hash uint64) int {
	imp := 0
	if improving {
		imp = 1
	}
	f := &s.frames[ply]
	child := &s.frames[ply+1]
	s.initPicker(ply, ttMv, hasTTMove)
	alpha0 := alpha
	best := -Infinity
	var bestMove M
	searched := 0
	quietsTried := f.quiets[:0]
	prune := s.active.fut && !pvNode && !inCheck
	lmpCount := (lmpBase + depth*depth) / (2 - imp)
	for {
		m, key, ok := s.nextMove(ply)
		if !ok {
			break
		}
		noisy := key != keyTTMove && (key >= keyNoisy-keyClamp || key <= keyBadCapture+keyClamp) ||
			key == keyTTMove && s.isNoisy(ply, m)
		quiet := !noisy
		special := key >= keyCounter // table move, killers, counter-move

		// Pruning before the move is made, once a line that is not lost is known. Whether a
		// quiet move checks is asked of the CheckGiver once, when a pruning first needs it.
		var checks checkAnswer
		if best > -MateBound && !inCheck && s.active.fut {
			if quiet && !special && depth <= lmpMaxDepth && searched >= lmpCount && !pvNode {
				if !s.caps.givesCheck {
					f.pick.skipQuiets = true // so are all the quiet moves after it
					continue                 // late move pruning
				}
				if !askCheck(&checks, f.ops.checker, m) {
					continue // late move pruning spares checks
				}
			}
			if s.caps.see && depth <= seeMaxDepth {
				if noisy && key <= keyBadCapture+keyClamp && !f.ops.see.SEE(m, -seeCapMargin*depth) {
					continue
				}
				if quiet && !special {
					// A quiet check is pruned only when it loses as much as a bad capture
					// may: sacrifices that check are how mates begin.
					margin := -seeQuietMargin * depth * depth
					if s.caps.givesCheck && askCheck(&checks, f.ops.checker, m) {
						margin = min(margin, -seeCapMargin*depth)
					}
					if !f.ops.see.SEE(m, margin) {
						continue
					}
				}
			}
		}
		// Futility pruning skips a quiet move that cannot reach alpha unless it gives check;
		// with a CheckGiver that is known before the move is made.
		futile := prune && quiet && !special && best > -MateBound && depth <= futMaxDepth &&
			eval+futBase+futMargin*depth <= alpha
		if futile && s.caps.givesCheck && !askCheck(&checks, f.ops.checker, m) {
			continue // futility pruning
		}
		pos.After(m, &child.pos)
		givesCheck := false
		if quiet || searched >= lmrMinMoves {
			givesCheck = PP(&child.pos).InCheck()
		}
		if futile && !givesCheck {
			continue // futility pruning
		}
		f.move = m
		f.contKey = s.pieceTo(ply, m)
		var score int
		if searched == 0 {
			score = -s.search(ply+1, depth-1, -beta, -alpha)
		} else {
			r := 0
			if s.active.lmr && depth >= lmrMinDepth && searched >= lmrMinMoves+btoi(pvNode) && (quiet || key <= keyBadCapture+keyClamp) {
				r = int(lmrTable[min(depth, 63)][min(searched, 63)])
				r += 1 - imp
				if pvNode {
					r--
				}
				if givesCheck || inCheck {
					r--
				}
				if special {
					r--
				}
				if quiet {
					r -= s.quietScore(ply, m, &s.heur.butterfly[ply&1]) / lmrHistoryDiv
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
		searched++
		if score > best {
			best = score
			bestMove = m
			if score > alpha {
				alpha = score
				s.updatePV(ply, m)
				if score >= beta {
					if quiet {
						s.cutoff(ply, depth, m, quietsTried)
					}
					break
				}
			}
		}
		if quiet && len(quietsTried) < cap(quietsTried) {
			quietsTried = append(quietsTried, m)
		}
	}
	if searched == 0 {
		// Pruning starts only once a move has been searched, so no legal move exists.
		return s.terminal(ply, inCheck)
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

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// checkAnswer is a CheckGiver's answer for one move, asked at most once: 0 not asked yet,
// 1 no check, 2 check.
type checkAnswer int8

// askCheck returns whether m gives check by c, asking c only when *a is not yet known.
func askCheck[M constraints.Integer](a *checkAnswer, c CheckGiver[M], m M) bool {
	if *a == 0 {
		*a = 1
		if c.GivesCheck(m) {
			*a = 2
		}
	}
	return *a == 2
}
