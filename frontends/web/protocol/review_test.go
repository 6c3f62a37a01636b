package protocol_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/engine"
	"github.com/cotuong-ai/cotuong/frontends/web/protocol"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/cotuong-ai/cotuong/review"
)

// stream is a Transport to a worker on a goroutine that works as worker.js does: a cancel is
// intercepted at once, everything else is served in order, each message delivered as posted.
type stream struct {
	w     *protocol.Worker
	c     *protocol.Client
	queue chan string
	once  sync.Once
	gate  chan struct{} // when not nil, each position of an analysis waits for a receive
}

func newStream() *stream {
	s := &stream{w: protocol.NewWorker(), queue: make(chan string, 16)}
	s.c = protocol.NewClient(s, nil)
	s.c.Logf = func(string, ...any) {}
	s.w.Yield = func() {
		if s.gate != nil {
			<-s.gate
		}
	}
	return s
}

func (s *stream) Post(msg string) error {
	s.once.Do(func() {
		go func() {
			for m := range s.queue {
				s.w.Serve(context.Background(), m, s.c.Deliver)
			}
		}()
	})
	if s.w.Intercept(msg) {
		return nil
	}
	s.queue <- msg
	return nil
}

func (s *stream) Cancel() {}

const blunderGame = "startpos moves a0a1 h9g7 a1b1 b7b1"

// TestAnalysisOverTheBoundary: the worker's analysis, carried as progress messages and review's
// text form, is the native analysis, and the page reads it back against its game.
func TestAnalysisOverTheBoundary(t *testing.T) {
	g, err := xiangqi.ParseGame(blunderGame)
	require.NoError(t, err)
	var want [][2]int
	native, err := review.Analyze(context.Background(), engine.XiangqiGame(g), review.Options{Nodes: 3000,
		Progress: func(i, n int) { want = append(want, [2]int{i, n}) }})
	require.NoError(t, err)
	s := newStream()
	teacher := protocol.Teacher{Search: s.c, Analysis: s.c}
	var seen [][2]int
	a, err := teacher.Analyze(context.Background(), g, 3000, func(i, n int) { seen = append(seen, [2]int{i, n}) })
	require.NoError(t, err)
	assert.Equal(t, native.Evals, a.Evals)
	assert.Equal(t, want, seen, "the native analysis's progress, message by message")
	require.GreaterOrEqual(t, len(seen), 5)
	for i := range 5 {
		assert.Equal(t, i+1, seen[i][0], "a progress message before each of the game's 5 positions")
	}
}

// TestAnalysisCancel: a cancelled analysis stops between two positions with a cancel message
// (the worker is not stopped), and the same worker answers the next request.
func TestAnalysisCancel(t *testing.T) {
	g, err := xiangqi.ParseGame(blunderGame)
	require.NoError(t, err)
	s := newStream()
	s.gate = make(chan struct{})
	teacher := protocol.Teacher{Search: s.c, Analysis: s.c}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	got := make(chan int, 8)
	go func() {
		_, err := teacher.Analyze(ctx, g, 3000, func(i, n int) { got <- i })
		done <- err
	}()
	s.gate <- struct{}{} // position 1 goes through
	require.Equal(t, 1, <-got)
	require.Equal(t, 2, <-got)
	cancel()
	require.ErrorIs(t, <-done, context.Canceled)
	close(s.gate) // the worker goes on: it finds its analysis cancelled
	line, ok := teacher.Hint(context.Background(), g)
	require.True(t, ok, "the worker lives on and answers a hint")
	pos := g.Position()
	assert.True(t, pos.IsLegal(line[0]))
	// Threats: after a0a1 h9g7 a1b1 a6a5 Red's chariot on b1 is lost to the cannon on b7.
	g2, err := xiangqi.ParseGame("startpos moves a0a1 h9g7 a1b1 a6a5")
	require.NoError(t, err)
	th := teacher.Threats(context.Background(), g2)
	assert.True(t, th.Available)
	assert.Contains(t, th.Attacked, xiangqi.SquareAt(1, 1))
	assert.True(t, th.HasBest)
	select {
	case err := <-done:
		t.Fatalf("a second final reply: %v", err)
	case <-time.After(10 * time.Millisecond):
	}
}

// TestCancelMessage: a cancel request is read, names its analysis, and a queued analysis it
// names is answered as cancelled without being searched.
func TestCancelMessage(t *testing.T) {
	w := protocol.NewWorker()
	assert.True(t, w.Intercept(protocol.Request{V: protocol.Version, ID: 9, Kind: protocol.KindCancel, Cancel: 8}.Encode()))
	assert.False(t, w.Intercept(`{"v":3,"id":1,"kind":"bench","depth":1}`))
	g, _ := xiangqi.ParseGame(blunderGame)
	req := protocol.NewGameRequest(protocol.KindAnalyse, g)
	req.ID, req.Nodes = 8, 1000
	var out []string
	w.Serve(context.Background(), req.Encode(), func(m string) { out = append(out, m) })
	require.Len(t, out, 1)
	rep, err := protocol.DecodeReply(out[0])
	require.NoError(t, err)
	assert.Equal(t, protocol.ErrCancelled, rep.Err)
	_, err = protocol.DecodeRequest(`{"v":3,"id":2,"kind":"cancel"}`)
	assert.ErrorContains(t, err, "cancel request 2 names no request")
	_, err = protocol.DecodeRequest(`{"v":3,"id":2,"kind":"analyse"}`)
	assert.ErrorContains(t, err, "analyse request 2 has no game")
}
