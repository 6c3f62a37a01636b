package controller

import (
	"context"

	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/cotuong-ai/cotuong/gamesearch"
	"github.com/cotuong-ai/cotuong/levels"
)

// Engine chooses the computer's move in pos, the position reached after history (the earlier
// positions of the game, oldest first, for repetition rules), within lim. It returns ok =
// false only when pos has no legal move. It must return soon after ctx is cancelled; a result
// returned after cancellation is thrown away by the controller.
type Engine func(ctx context.Context, pos xiangqi.Position, history []gamesearch.HistoryEntry, lim gamesearch.Limits) (m xiangqi.Move, ok bool)

// SearchEngine returns an Engine backed by one gamesearch.Searcher with a table of hashMiB
// MiB. Like the Searcher it is not safe for concurrent use; the controller calls it from its
// one worker goroutine.
func SearchEngine(hashMiB int) Engine {
	s := gamesearch.New[xiangqi.Position, *xiangqi.Position, xiangqi.Move](gamesearch.Options[xiangqi.Move]{HashMiB: hashMiB})
	return func(ctx context.Context, pos xiangqi.Position, history []gamesearch.HistoryEntry, lim gamesearch.Limits) (xiangqi.Move, bool) {
		if len(history) == 0 {
			s.Clear() // a new game: forget the last game's table and move-ordering statistics
		}
		r := s.Search(ctx, pos, history, lim)
		return r.Move, r.HasMove
	}
}

// Limits returns the search limits of a level: its depth cap (0 = none) and time budget.
func Limits(l levels.Level) gamesearch.Limits {
	return gamesearch.Limits{Depth: l.Depth, Time: l.Time}
}
