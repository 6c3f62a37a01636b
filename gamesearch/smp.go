package gamesearch

import (
	"context"
	"sync"
	"sync/atomic"
	"time"
)

// Search searches root (the position to move from) within lim and returns the best move.
//
// history holds the positions of the game before root, oldest first; a position of the search
// that repeats one of them, or one earlier on the search path, an even number of plies back
// (at least 4, at most 100 plies), is judged by the game's RepetitionJudge if *P implements it
// (a Draw scores 0 at once; a Win, Mate-ply for the side to move there, or a Loss, -(Mate-ply),
// only at the third occurrence, as the rules end the game: see RepetitionJudge) and is a
// draw (0) otherwise. The root itself is never judged, and is searched even when Drawn reports true:
// whether the game is over is the caller's decision.
//
// The search stops when ctx is cancelled, the time budget is spent, the node limit is reached
// or the depth is completed, whichever comes first; it checks the clock and ctx every 1024
// nodes, so it returns within a few milliseconds. A legal move is returned whenever one
// exists. See Result for the lifetime of the returned slices.
func (s *Searcher[P, PP, M]) Search(ctx context.Context, root P, history []HistoryEntry, lim Limits) Result[M] {
	gen := s.tt.newSearch()
	n := s.opts.Threads - 1
	if n <= 0 {
		return s.run(ctx, root, history, lim, gen)
	}
	if len(s.helpers) < n {
		s.helpers = make([]*Searcher[P, PP, M], n)
		s.pool = &nodePool{counts: make([]paddedCount, n+1)}
		hopts := Options[M]{Table: s.tt, NoPruning: s.opts.NoPruning, NoNullMove: s.opts.NoNullMove,
			NoLMR: s.opts.NoLMR, NoStaged: s.opts.NoStaged, NoFutility: s.opts.NoFutility,
			PruneFromDepth: s.opts.PruneFromDepth, ThirdOccurrence: s.opts.ThirdOccurrence}
		for i := range s.helpers {
			h := New[P, PP, M](hopts)
			h.abort = &s.ownAbort
			h.depthSkew = (i + 1) & 1
			h.pool, h.tid = s.pool, i+1
			h.SetNeural(s.neuralSrc)
			s.helpers[i] = h
		}
	}
	s.ownAbort.Store(false)
	s.pool.threads = int64(n + 1)
	for i := range s.pool.counts {
		s.pool.counts[i].n.Store(0)
	}
	for _, h := range s.helpers[:n] {
		s.wg.Add(1)
		go h.runHelper(ctx, root, history, lim, gen, &s.wg)
	}
	res := s.run(ctx, root, history, lim, gen)
	s.ownAbort.Store(true)
	s.wg.Wait()
	res.Nodes = s.nodes
	for _, h := range s.helpers[:n] {
		res.Nodes += h.nodes
		res.SelDepth = max(res.SelDepth, h.seldepth)
	}
	res.Elapsed = time.Since(s.start)
	return res
}

// runHelper is the body of a Lazy SMP helper goroutine: a search whose result is dropped
// (its table entries are what helps the main goroutine).
func (s *Searcher[P, PP, M]) runHelper(ctx context.Context, root P, history []HistoryEntry, lim Limits, gen uint64, wg *sync.WaitGroup) {
	defer wg.Done()
	lim.MultiPV = 1
	s.run(ctx, root, history, lim, gen)
}

// nodePool is the node counts of the goroutines of one multi-threaded search: each publishes
// its own count at every poll (every pollInterval nodes at most), so that the progress reports
// and the node limit see the nodes of all of them, as UCI's "nodes" and "go nodes" mean.
type nodePool struct {
	counts  []paddedCount
	threads int64 // goroutines of the current search
}

// paddedCount is one goroutine's published node count, alone on its cache line so that the
// goroutines' stores do not contend.
type paddedCount struct {
	n atomic.Int64
	_ [56]byte
}

// allNodes returns the nodes searched so far by every goroutine of the search: this
// Searcher's own count plus the counts the others last published.
func (s *Searcher[P, PP, M]) allNodes() int64 {
	if s.pool == nil {
		return s.nodes
	}
	total := s.nodes
	for i := range s.pool.threads {
		if int(i) != s.tid {
			total += s.pool.counts[i].n.Load()
		}
	}
	return total
}

// pollShared is poll's node-limit check for a multi-threaded search: it publishes this
// goroutine's count, stops once all goroutines together reached the limit, and otherwise
// schedules the next check after at most pollInterval nodes and at most this goroutine's
// share of the nodes left, so that the search overshoots the limit by a few nodes only.
func (s *Searcher[P, PP, M]) pollShared() {
	s.pool.counts[s.tid].n.Store(s.nodes)
	step := int64(pollInterval)
	if s.maxNodes > 0 {
		left := s.maxNodes - s.allNodes()
		if left <= 0 {
			s.stopped = true
			return
		}
		step = min(step, max(left/s.pool.threads, 1))
	}
	s.nextPoll = s.nodes + step
}
