package controller_test

import (
	"context"
	"math/rand/v2"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/frontends/app/controller"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/cotuong-ai/cotuong/levels"
)

// queue stands in for the app's event queue (app.App.Send): unbounded, filled by the worker,
// drained by the test, which plays the UI goroutine.
type queue struct {
	mu     sync.Mutex
	events []any
	signal chan struct{}
	dup    func() bool // when it returns true an event is delivered twice
}

func newQueue() *queue { return &queue{signal: make(chan struct{}, 1)} }

func (q *queue) post(ev any) {
	q.mu.Lock()
	q.events = append(q.events, ev)
	if q.dup != nil && q.dup() {
		q.events = append(q.events, ev)
	}
	q.mu.Unlock()
	select {
	case q.signal <- struct{}{}:
	default:
	}
}

func (q *queue) take() []any {
	q.mu.Lock()
	defer q.mu.Unlock()
	ev := q.events
	q.events = nil
	return ev
}

// wait blocks until an event is queued or d passes.
func (q *queue) wait(d time.Duration) []any {
	deadline := time.After(d)
	for {
		if ev := q.take(); len(ev) > 0 {
			return ev
		}
		select {
		case <-q.signal:
		case <-deadline:
			return nil
		}
	}
}

// pumpUntil hands queued events to c until cond holds or the timeout passes.
func pumpUntil(t *testing.T, c *controller.Controller, q *queue, timeout time.Duration, cond func() bool) {
	t.Helper()
	end := time.Now().Add(timeout)
	for !cond() {
		require.True(t, time.Now().Before(end), "timed out")
		for _, ev := range q.wait(20 * time.Millisecond) {
			c.Handle(ev)
		}
	}
}

// fakeEngine plays a random legal move after a random delay of up to maxDelay; with
// probability ignoreCtx it does not look at its context (a slow engine that stops late).
type fakeEngine struct {
	mu        sync.Mutex
	rng       *rand.Rand
	maxDelay  time.Duration
	ignoreCtx float64
	calls     int
}

// callCount returns how many searches the engine has been asked for; a search may still be
// starting on the worker goroutine, so it reads under the lock.
func (f *fakeEngine) callCount() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.calls
}

func (f *fakeEngine) engine() controller.Engine {
	return func(ctx context.Context, g *xiangqi.Game, _ levels.Level) (xiangqi.Move, bool) {
		pos := g.Position()
		f.mu.Lock()
		f.calls++
		d := time.Duration(0)
		if f.maxDelay > 0 {
			d = time.Duration(f.rng.Int64N(int64(f.maxDelay)))
		}
		ignore := f.rng.Float64() < f.ignoreCtx
		pick := f.rng.IntN(1 << 30)
		f.mu.Unlock()
		if d > 0 {
			if ignore {
				time.Sleep(d)
			} else {
				select {
				case <-ctx.Done():
				case <-time.After(d):
				}
			}
		}
		moves := pos.LegalMoves(nil)
		if len(moves) == 0 {
			return xiangqi.NoMove, false
		}
		return moves[pick%len(moves)], true
	}
}

func newFake(seed uint64, maxDelay time.Duration, ignoreCtx float64) *fakeEngine {
	return &fakeEngine{rng: rand.New(rand.NewPCG(seed, 7)), maxDelay: maxDelay, ignoreCtx: ignoreCtx}
}

// readSave decodes the save file in dir.
func readSave(t *testing.T, dir string) (*xiangqi.Game, controller.Settings) {
	t.Helper()
	data, err := os.ReadFile(dir + "/" + controller.SaveName)
	require.NoError(t, err)
	g, s, err := controller.Decode(data)
	require.NoError(t, err, "save file:\n%s", data)
	return g, s
}

func mustMove(t *testing.T, pos xiangqi.Position, uci string) xiangqi.Move {
	t.Helper()
	m, err := pos.ParseMove(uci)
	require.NoError(t, err)
	return m
}

func sq(name string) xiangqi.Square { return xiangqi.SquareAt(int(name[0]-'a'), int(name[1]-'0')) }
