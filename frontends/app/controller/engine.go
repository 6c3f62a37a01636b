package controller

import (
	"context"
	"math/rand/v2"
	"time"

	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/cotuong-ai/cotuong/gamesearch"
	"github.com/cotuong-ai/cotuong/levels"
)

// Engine chooses the computer's move at level l in pos, the position reached after history
// (the earlier positions of the game, oldest first, for repetition rules). It returns ok =
// false only when pos has no legal move. It must return soon after ctx is cancelled; a result
// returned after cancellation is thrown away by the controller.
type Engine func(ctx context.Context, pos xiangqi.Position, history []gamesearch.HistoryEntry, l levels.Level) (m xiangqi.Move, ok bool)

// SearchEngine returns an Engine backed by one gamesearch.Searcher with a table of hashMiB
// MiB that plays as the level asks: it searches within the level's limits (Limits) with the
// level's evaluation (plain or full, levels.Level.Plain), picks
// among the lines with the level's per-game noise (levels.Pick), and answers no sooner than
// the level's natural pause (levels.Level.Pause) unless ctx is cancelled. A game starts, and
// its noise is drawn, when history has at most one position (the computer moves first, or
// replies to the first move). Like the Searcher it is not safe for concurrent use; the
// controller calls it from its one worker goroutine.
func SearchEngine(hashMiB int) Engine {
	s := xiangqi.NewSearcher(gamesearch.Options[xiangqi.Move]{HashMiB: hashMiB})
	rng := rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64()))
	noise := levels.NewNoise(rng.Uint64())
	plain := false
	return func(ctx context.Context, pos xiangqi.Position, history []gamesearch.HistoryEntry, l levels.Level) (xiangqi.Move, bool) {
		start := time.Now()
		if len(history) == 0 || l.Plain != plain {
			// A new game, or the other evaluation: forget the table and move-ordering statistics.
			s.Clear()
		}
		plain = l.Plain
		pos.SetPlainEval(plain)
		if len(history) <= 1 {
			noise = levels.NewNoise(rng.Uint64())
		}
		r := s.Search(ctx, pos, history, Limits(l))
		if !r.HasMove {
			return 0, false
		}
		m := levels.Pick(l, r, pos.Hash(), noise, rng)
		wait := time.NewTimer(time.Until(start.Add(l.Pause(len(pos.LegalMoves(nil))))))
		defer wait.Stop()
		select {
		case <-wait.C:
		case <-ctx.Done():
		}
		return m, true
	}
}

// Limits returns the search limits of a level: its depth and node caps, MultiPV line count
// and time budget (levels.Level.Limits).
func Limits(l levels.Level) gamesearch.Limits { return l.Limits() }
