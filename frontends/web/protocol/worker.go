package protocol

import (
	"context"

	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/cotuong-ai/cotuong/gamesearch"
)

// WorkerHashMiB is the size of the worker's transposition table, as in the native app.
const WorkerHashMiB = 16

// Worker is the worker's end of the conversation: one searcher, which keeps its table and
// move-ordering statistics from one move of a game to the next. It is not safe for
// concurrent use; the worker handles one request at a time.
type Worker struct {
	s *gamesearch.Searcher[xiangqi.Position, *xiangqi.Position, xiangqi.Move]
}

// NewWorker returns a worker with a table of WorkerHashMiB MiB.
func NewWorker() *Worker {
	return &Worker{s: gamesearch.New[xiangqi.Position, *xiangqi.Position, xiangqi.Move](gamesearch.Options[xiangqi.Move]{HashMiB: WorkerHashMiB})}
}

// Handle answers one request text with one reply text. A request that cannot be read gets a
// reply with Err (and its ID when it could be read), never a panic.
func (w *Worker) Handle(ctx context.Context, msg string) string {
	req, err := DecodeRequest(msg)
	if err != nil {
		return Reply{V: Version, ID: req.ID, Err: err.Error()}.Encode()
	}
	var (
		pos  xiangqi.Position
		hist []gamesearch.HistoryEntry
		lim  gamesearch.Limits
	)
	switch req.Kind {
	case KindBench:
		pos, _ = xiangqi.ParseFEN(BenchFEN)
		lim = gamesearch.Limits{Depth: req.Depth}
		w.s.Clear()
	default:
		if pos, err = req.Position(); err != nil {
			return Reply{V: Version, ID: req.ID, Err: err.Error()}.Encode()
		}
		hist, lim = req.HistoryEntries(), req.Limits()
		if len(hist) == 0 {
			w.s.Clear() // a new game: forget the last game's table and statistics
		}
	}
	r := w.s.Search(ctx, pos, hist, lim)
	rep := Reply{V: Version, ID: req.ID, OK: r.HasMove, Depth: r.Depth, Nodes: r.Nodes, ElapsedUS: r.Elapsed.Microseconds()}
	if r.HasMove {
		rep.Move = r.Move.UCI()
	}
	return rep.Encode()
}
