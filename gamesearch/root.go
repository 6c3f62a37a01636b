package gamesearch

import (
	"context"
	"slices"
	"time"
)

// run is one goroutine's iterative-deepening search (see Search).
func (s *Searcher[P, PP, M]) run(ctx context.Context, root P, history []HistoryEntry, lim Limits, gen uint64) Result[M] {
	s.start = time.Now()
	s.nodes = 0
	s.stopped = false
	s.seldepth = 0
	s.completed = 0
	s.bestN = 0
	s.maxNodes = max(lim.Nodes, 0)
	s.hasDeadline = lim.Time > 0
	s.deadline = s.start.Add(lim.Time)
	s.done = nil
	if ctx != nil {
		s.done = ctx.Done()
	}
	s.nextPoll = 1
	s.gen = gen
	s.heur.age()

	s.frames[0].pos = root
	pos := PP(&s.frames[0].pos)
	if s.neural != nil {
		s.neural.Refresh(0, &s.frames[0].pos)
		s.frames[0].nnHash, s.frames[0].nnValid = pos.Hash(), true
	}
	s.rootMoves = pos.LegalMoves(s.rootMoves[:0])
	if len(lim.RootMoves) > 0 {
		s.restrictRoot(lim.RootMoves)
	}
	s.rootCheck = pos.InCheck()

	s.initRepetition(history, pos.Hash(), s.rootCheck)

	if len(s.rootMoves) == 0 {
		score := 0
		if s.rootCheck || pos.LossOnStalemate() {
			score = -Mate
		}
		return Result[M]{Score: score, Nodes: 1, Elapsed: time.Since(s.start)}
	}
	s.orderRoot()

	k := min(max(lim.MultiPV, 1), len(s.rootMoves))
	s.growLines(k)
	maxDepth := lim.Depth
	if maxDepth <= 0 || maxDepth > MaxPly-1 {
		maxDepth = MaxPly - 1
	}

	for depth := min(1+s.depthSkew, maxDepth); depth <= maxDepth; depth++ {
		s.active = selection{}
		if depth >= s.pruneFrom {
			s.active = s.allowed
		}
		n := 0
		s.iterOK = false
		for pvIdx := 0; pvIdx < k; pvIdx++ {
			prev, hasPrev := 0, s.completed > 0 && pvIdx < s.bestN
			if hasPrev {
				prev = s.best[pvIdx].score
			}
			score, ok := s.aspiration(depth, pvIdx, prev, hasPrev)
			if !ok {
				break
			}
			l := &s.cur[pvIdx]
			f0 := &s.frames[0]
			l.move = f0.pv[0]
			l.score = score
			l.pvLen = copy(l.pv[:], f0.pv[:f0.pvLen])
			n++
		}
		if s.stopped {
			if s.completed == 0 {
				s.fallback(n)
			} else if b := s.iterBest; k == 1 && s.iterOK && b.score > s.best[0].score &&
				(b.move != s.best[0].move || IsMate(b.score)) {
				// The unfinished iteration has already found a root move better than the
				// last finished one's best (a mate, a refutation of the old move): play it.
				// The same move with a higher score that is not a mate keeps the finished
				// iteration's exact score and whole line: the unfinished one's is often a
				// fail-high's bound, its line cut after the root move, and a caller that
				// reads the line (package review's words) would read less than there is.
				s.best[0] = b
			}
			break
		}
		s.commit(n)
		s.completed = depth
		if s.opts.OnIteration != nil {
			s.opts.OnIteration(s.result().Clone())
		}
		if s.hasDeadline && time.Since(s.start) >= softTime(lim) {
			break
		}
		if lim.Depth <= 0 && k == 1 && mateSettled(s.best[0].score, depth) {
			break
		}
	}
	return s.result()
}

// restrictRoot keeps the root moves listed in allowed (by uint64 value), in their order; when
// none is listed it keeps them all.
func (s *Searcher[P, PP, M]) restrictRoot(allowed []uint64) {
	kept := s.rootMoves[:0]
	for _, m := range s.rootMoves {
		if slices.Contains(allowed, uint64(m)) {
			kept = append(kept, m)
		}
	}
	if len(kept) > 0 {
		s.rootMoves = kept
	}
}

// mateSettleMargin is how many plies past a mate's length iterative deepening goes on before
// it takes the mate as settled.
const mateSettleMargin = 4

// mateSettled reports whether an iteration to depth that scored score has settled the game: a
// mate (for either side) whose length in plies is at least mateSettleMargin shorter than
// depth. Searching deeper would only look for a shorter mate or a longer defence, which the
// earlier, wider iterations have already had every chance to find. Search stops there when
// no depth limit was given, so a time budget is not spent on a decided position.
func mateSettled(score, depth int) bool {
	if !IsMate(score) {
		return false
	}
	plies := Mate - score
	if score < 0 {
		plies = Mate + score
	}
	return depth >= plies+mateSettleMargin
}

// softTime is the time after which Search starts no new iteration.
func softTime(lim Limits) time.Duration {
	if lim.SoftTime > 0 && lim.SoftTime <= lim.Time {
		return lim.SoftTime
	}
	return lim.Time / 2
}

// result builds the Result from the committed lines.
func (s *Searcher[P, PP, M]) result() Result[M] {
	r := Result[M]{
		HasMove:  true,
		Depth:    s.completed,
		SelDepth: s.seldepth,
		Nodes:    s.allNodes(),
		Elapsed:  time.Since(s.start),
		Lines:    s.resLines[:s.bestN],
	}
	for i := 0; i < s.bestN; i++ {
		l := &s.best[i]
		s.resLines[i] = Line[M]{Move: l.move, Score: l.score, PV: l.pv[:l.pvLen:l.pvLen]}
	}
	r.Move = r.Lines[0].Move
	r.Score = r.Lines[0].Score
	r.PV = r.Lines[0].PV
	return r
}

// commit sorts the n lines of the finished iteration, makes them the result and moves them to
// the front of the root move list (in order) for the next iteration.
func (s *Searcher[P, PP, M]) commit(n int) {
	for i := 1; i < n; i++ { // insertion sort, best first; stable
		for j := i; j > 0 && s.cur[j].score > s.cur[j-1].score; j-- {
			s.cur[j], s.cur[j-1] = s.cur[j-1], s.cur[j]
		}
	}
	s.cur, s.best = s.best, s.cur
	s.bestN = n
	for i := 0; i < n; i++ {
		m := s.best[i].move
		for j := i; j < len(s.rootMoves); j++ {
			if s.rootMoves[j] == m {
				copy(s.rootMoves[i+1:j+1], s.rootMoves[i:j])
				s.rootMoves[i] = m
				break
			}
		}
	}
}

// fallback sets the result when the first iteration was interrupted: its completed lines,
// else its best fully searched root move, else the first root move.
func (s *Searcher[P, PP, M]) fallback(n int) {
	if n > 0 {
		s.commit(n)
		return
	}
	l := &s.best[0]
	if s.iterOK {
		*l = s.iterBest
	} else {
		l.move = s.rootMoves[0]
		l.score = 0
		l.pv[0] = l.move
		l.pvLen = 1
	}
	s.bestN = 1
}

// orderRoot puts the table move first, then noisy moves by their capture key, keeping the
// generation order otherwise.
func (s *Searcher[P, PP, M]) orderRoot() {
	moves := s.rootMoves
	f := &s.frames[0]
	keys := f.keys[:0]
	d, ok := s.tt.probe(s.repHash[s.repBase])
	for _, m := range moves {
		var k int32
		if ok && ttHasMoveOf(d) && uint64(ttMove(d)) == uint64(m) && M(ttMove(d)) == m {
			k = keyTTMove
		} else if s.caps.order {
			if ck, noisy := f.ops.orderer.CaptureKey(m); noisy {
				k = keyNoisy + clampKey(ck)
			}
		}
		keys = append(keys, k)
	}
	f.keys = keys
	for i := 1; i < len(moves); i++ {
		for j := i; j > 0 && keys[j] > keys[j-1]; j-- {
			keys[j], keys[j-1] = keys[j-1], keys[j]
			moves[j], moves[j-1] = moves[j-1], moves[j]
		}
	}
}

// aspiration searches the root for line pvIdx at depth with an aspiration window around the
// previous iteration's score, widening it on failure. It reports false when the search stopped.
func (s *Searcher[P, PP, M]) aspiration(depth, pvIdx, prev int, hasPrev bool) (int, bool) {
	alpha, beta := -Infinity, Infinity
	delta := aspirationDelta
	if hasPrev && depth >= aspirationMinDepth && prev > -MateBound && prev < MateBound {
		alpha = max(prev-delta, -Infinity)
		beta = min(prev+delta, Infinity)
	}
	for {
		score := s.searchRoot(depth, alpha, beta, pvIdx)
		if s.stopped {
			return 0, false
		}
		switch {
		case score <= alpha && alpha > -Infinity:
			alpha = max(score-delta, -Infinity)
		case score >= beta && beta < Infinity:
			beta = min(score+delta, Infinity)
		default:
			return score, true
		}
		delta *= 2
		if delta > 1000 {
			delta = 2 * Infinity
		}
	}
}

// excluded reports whether m is the move of one of the first pvIdx lines of this iteration.
func (s *Searcher[P, PP, M]) excluded(m M, pvIdx int) bool {
	for i := 0; i < pvIdx; i++ {
		if s.cur[i].move == m {
			return true
		}
	}
	return false
}

// searchRoot searches the root position (ply 0) with the moves of lines 0..pvIdx-1 excluded.
func (s *Searcher[P, PP, M]) searchRoot(depth, alpha, beta, pvIdx int) int {
	s.nodes++
	if s.nodes >= s.nextPoll {
		s.poll()
	}
	f := &s.frames[0]
	f.pvLen = 0
	if s.stopped {
		return 0
	}
	fullWindow := alpha == -Infinity && beta == Infinity
	pos := PP(&f.pos)
	s.iterDepth = depth
	f.null = false
	f.eval = -Infinity
	if !s.rootCheck {
		f.eval = s.evaluate(0)
	}
	if s.rootCheck {
		depth++ // check extension
	}
	best := -Infinity
	searched := 0
	for _, m := range s.rootMoves {
		if pvIdx > 0 && s.excluded(m, pvIdx) {
			continue
		}
		pos.After(m, &s.frames[1].pos)
		f.move = m
		f.contKey = s.pieceTo(0, m)
		var score int
		if searched == 0 {
			score = -s.search(1, depth-1, -beta, -alpha)
		} else {
			score = -s.search(1, depth-1, -alpha-1, -alpha)
			if score > alpha && score < beta && !s.stopped {
				score = -s.search(1, depth-1, -beta, -alpha)
			}
		}
		if s.stopped {
			return best
		}
		searched++
		if score > best {
			best = score
			if score > alpha {
				alpha = score
				s.updatePV(0, m)
				// The first line's best so far, for a search stopped in this iteration: a
				// first iteration's only in a full window (its scores exact or bounds below).
				if pvIdx == 0 && (s.completed > 0 || fullWindow) {
					b := &s.iterBest
					b.move, b.score = m, score
					b.pvLen = copy(b.pv[:], f.pv[:f.pvLen])
					s.iterOK = true
				}
				if score >= beta {
					break
				}
			}
		}
	}
	return best
}

// poll checks the node limit, the context and the clock, and schedules the next check.
func (s *Searcher[P, PP, M]) poll() {
	if s.pool != nil {
		s.pollShared()
	} else {
		if s.maxNodes > 0 && s.nodes >= s.maxNodes {
			s.stopped = true
			return
		}
		s.nextPoll = s.nodes + pollInterval
		if s.maxNodes > 0 && s.nextPoll > s.maxNodes {
			s.nextPoll = s.maxNodes
		}
	}
	if s.stopped {
		return
	}
	if s.abort.Load() {
		s.stopped = true
		return
	}
	if s.done != nil {
		select {
		case <-s.done:
			s.stopped = true
			return
		default:
		}
	}
	if s.hasDeadline && !time.Now().Before(s.deadline) {
		s.stopped = true
	}
}

// updatePV makes m followed by the principal variation of ply+1 the principal variation of ply.
func (s *Searcher[P, PP, M]) updatePV(ply int, m M) {
	f, child := &s.frames[ply], &s.frames[ply+1]
	f.pv[0] = m
	n := child.pvLen
	copy(f.pv[1:], child.pv[:n])
	f.pvLen = n + 1
}
