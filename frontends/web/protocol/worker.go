package protocol

import (
	"context"
	"time"

	"github.com/cotuong-ai/cotuong/frontends/app/controller"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/cotuong-ai/cotuong/gamesearch"
)

// WorkerHashMiB is the size of the worker's transposition table, as in the native app.
const WorkerHashMiB = 16

// Worker is the worker's end of the conversation: the native app's engine
// (controller.SearchEngine: the level played through package engine as everywhere else, and
// its natural pause), which keeps its table and move-ordering statistics from one move of a
// game to the next. It is not safe for concurrent use; the worker handles one request at a time.
type Worker struct {
	// Yield, when set, is called between two positions of an analysis (see Serve).
	Yield func()

	engine  controller.Engine
	teacher controller.Teacher
	cancels cancels
	bench   *gamesearch.Searcher[xiangqi.Position, *xiangqi.Position, xiangqi.Move] // made on the first bench
}

// NewWorker returns a worker whose engine has a table of WorkerHashMiB MiB.
func NewWorker() *Worker {
	return &Worker{engine: controller.SearchEngine(WorkerHashMiB), teacher: controller.LocalTeacher()}
}

// NewBenchSearcher returns the searcher a bench request runs on (and the native figure to
// compare with): xiangqi's, with a table of WorkerHashMiB MiB.
func NewBenchSearcher() *gamesearch.Searcher[xiangqi.Position, *xiangqi.Position, xiangqi.Move] {
	return xiangqi.NewSearcher(gamesearch.Options[xiangqi.Move]{HashMiB: WorkerHashMiB})
}

// Handle answers one request text with one reply text. A request that cannot be read gets a
// reply with Err (and its ID when it could be read), never a panic.
func (w *Worker) Handle(ctx context.Context, msg string) string {
	req, err := DecodeRequest(msg)
	if err != nil {
		return Reply{V: Version, ID: req.ID, Err: err.Error()}.Encode()
	}
	if req.Kind == KindBench {
		if w.bench == nil {
			w.bench = NewBenchSearcher()
		}
		w.bench.Clear()
		pos, _ := xiangqi.ParseFEN(BenchFEN)
		r := w.bench.Search(ctx, pos, nil, gamesearch.Limits{Depth: req.Depth})
		return Reply{V: Version, ID: req.ID, Move: r.Move.UCI(), OK: r.HasMove, Depth: r.Depth, Nodes: r.Nodes,
			ElapsedUS: r.Elapsed.Microseconds()}.Encode()
	}
	switch req.Kind {
	case KindHint, KindThreats:
		return w.teach(ctx, req).Encode()
	case KindAnalyse:
		return w.analyse(ctx, req, func(string) {})
	case KindCancel:
		w.Intercept(msg)
		return Reply{V: Version, ID: req.ID, OK: true}.Encode()
	}
	g, err := req.ParseGame()
	if err != nil {
		return Reply{V: Version, ID: req.ID, Err: err.Error()}.Encode()
	}
	start := time.Now()
	m, ok := w.engine(ctx, g, *req.Level)
	rep := Reply{V: Version, ID: req.ID, OK: ok, ElapsedUS: time.Since(start).Microseconds()}
	if ok {
		rep.Move = m.UCI()
	}
	return rep.Encode()
}
