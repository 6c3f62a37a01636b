package protocol_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/frontends/app/controller"
	"github.com/cotuong-ai/cotuong/frontends/web/protocol"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/cotuong-ai/cotuong/gamesearch"
	"github.com/cotuong-ai/cotuong/levels"
)

// TestBenchFEN: the bench position is the start position after h2e2 h9g7, as the game
// package plays it.
func TestBenchFEN(t *testing.T) {
	g, err := xiangqi.ParseGame("startpos moves h2e2 h9g7")
	require.NoError(t, err)
	pos := g.Position()
	assert.Equal(t, pos.FEN(), protocol.BenchFEN)
}

// TestRequestRoundTrip: a search request survives its JSON text: the game (its start, its
// moves, the position and history they give, its move limit) and the level, every field of
// it.
func TestRequestRoundTrip(t *testing.T) {
	g, err := xiangqi.ParseGame("startpos moves h2e2 h9g7 h0g2 i9h9")
	require.NoError(t, err)
	g.SetMoveLimit(80)
	pos, hist := g.Position(), g.History()
	lvl, err := levels.Parse("club player")
	require.NoError(t, err)
	msg := protocol.NewSearch(7, g, lvl).Encode()

	req, err := protocol.DecodeRequest(msg)
	require.NoError(t, err)
	assert.Equal(t, uint64(7), req.ID)
	got, err := req.ParseGame()
	require.NoError(t, err)
	assert.Equal(t, g.String(), got.String())
	gotPos := got.Position()
	assert.Equal(t, pos.FEN(), gotPos.FEN())
	assert.Equal(t, pos.Hash(), gotPos.Hash())
	assert.Equal(t, 80, got.MoveLimit())
	assert.Equal(t, hist, got.History())
	require.NotNil(t, req.Level)
	assert.Equal(t, lvl, *req.Level)
}

// TestDecodeErrors: every malformed message is refused with an error that names what was
// wrong, and the worker answers it with an error reply instead of failing.
func TestDecodeErrors(t *testing.T) {
	for _, c := range []struct{ msg, want string }{
		{`not json`, "is not a request"},
		{`{"v":1,"id":1,"kind":"search","game":"x"}`, "has version 1, the worker speaks 3"},
		{`{"v":3,"kind":"search","game":"x"}`, "has no id"},
		{`{"v":3,"id":3,"kind":"search"}`, "search request 3 has no game"},
		{`{"v":3,"id":6,"kind":"search","game":"x"}`, "search request 6 has no level"},
		{`{"v":3,"id":4,"kind":"ponder","game":"x"}`, `unknown kind "ponder"`},
		{`{"v":3,"id":5,"kind":"bench"}`, "needs a depth of at least 1"},
	} {
		_, err := protocol.DecodeRequest(c.msg)
		require.Error(t, err, c.msg)
		assert.Contains(t, err.Error(), c.want, c.msg)
		rep, err := protocol.DecodeReply(protocol.NewWorker().Handle(context.Background(), c.msg))
		require.NoError(t, err)
		assert.Contains(t, rep.Err, c.want)
		assert.False(t, rep.OK)
	}
	// A FEN the game package refuses is named in the reply, with the request's ID.
	rep, err := protocol.DecodeReply(protocol.NewWorker().Handle(context.Background(), `{"v":3,"id":9,"kind":"search","game":"fen 9/9/9 w","level":{"Name":"x"}}`))
	require.NoError(t, err)
	assert.Equal(t, uint64(9), rep.ID)
	assert.Contains(t, rep.Err, "xiangqi")

	_, err = protocol.DecodeReply(`{"v":0,"id":1}`)
	assert.ErrorContains(t, err, "reply 1 has version 0, the page speaks 3")
	_, err = protocol.DecodeReply(`[`)
	assert.ErrorContains(t, err, "is not a reply")
}

// exact is a level that always plays the best line of a fixed-depth search at once (no node
// or time cap, no noise, no pause), so that its move is the search's own.
func exact(depth int) levels.Level { return levels.Level{Name: "exact", Depth: depth, Lines: 1} }

// ask sends one search request straight to a worker and decodes the reply.
func ask(t *testing.T, w *protocol.Worker, fen string, depth int) protocol.Reply {
	t.Helper()
	pos, err := xiangqi.ParseFEN(fen)
	require.NoError(t, err)
	rep, err := protocol.DecodeReply(w.Handle(context.Background(), protocol.NewSearch(1, xiangqi.NewGame(pos), exact(depth)).Encode()))
	require.NoError(t, err)
	require.Empty(t, rep.Err)
	return rep
}

// TestWorkerMatesAndKnowsMate: the worker's move mates in one, and a mated position has no
// move. The mated position is rule case XQ13's first (shared/reference/rule-cases.tsv); the
// position before it is that one with Black's chariot back on c5, one move from mate.
func TestWorkerMatesAndKnowsMate(t *testing.T) {
	w := protocol.NewWorker()
	rep := ask(t, w, "4k4/9/9/9/2r6/9/9/9/4Ar3/4K4 b - - 0 6", 3)
	require.True(t, rep.OK)
	pos, _ := xiangqi.ParseFEN("4k4/9/9/9/2r6/9/9/9/4Ar3/4K4 b - - 0 6")
	m, err := pos.ParseMove(rep.Move)
	require.NoError(t, err)
	after := pos.Play(m)
	assert.True(t, after.InCheck() && len(after.LegalMoves(nil)) == 0, "%s does not mate", rep.Move)

	rep = ask(t, w, "4k4/9/9/9/9/9/9/9/4Ar3/2r1K4 w - - 0 7", 3)
	assert.False(t, rep.OK, "checkmated: no move")
	assert.Empty(t, rep.Move)
}

// pipe is a Transport to a Worker on goroutines, as the Web Worker is on its own thread.
type pipe struct {
	w       *protocol.Worker
	c       *protocol.Client
	wmu     sync.Mutex // the worker answers one request at a time
	mu      sync.Mutex
	cancels int
	posts   int
	delay   time.Duration // before each answer
}

func (p *pipe) Post(msg string) error {
	p.mu.Lock()
	p.posts++
	delay := p.delay
	p.mu.Unlock()
	go func() {
		time.Sleep(delay)
		p.wmu.Lock()
		rep := p.w.Handle(context.Background(), msg)
		p.wmu.Unlock()
		p.c.Deliver(rep)
	}()
	return nil
}

func (p *pipe) Cancel() {
	p.mu.Lock()
	p.cancels++
	p.mu.Unlock()
}

func (p *pipe) counts() (posts, cancels int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.posts, p.cancels
}

func newPipe(delay time.Duration) *pipe {
	p := &pipe{w: protocol.NewWorker(), delay: delay}
	p.c = protocol.NewClient(p, nil)
	p.c.Logf = func(string, ...any) {}
	return p
}

// TestEngineOverTheBoundary: a search through the messages gives the move of the same search
// made natively (controller.SearchEngine at a level that plays a fixed-depth search's best
// line, from an empty table, so both are deterministic), and Bench's node count equals a
// native search of BenchFEN to that depth.
func TestEngineOverTheBoundary(t *testing.T) {
	g, err := xiangqi.ParseGame("startpos moves h2e2 h9g7 h0g2")
	require.NoError(t, err)
	native, ok := controller.SearchEngine(protocol.WorkerHashMiB)(context.Background(), g, exact(4))
	require.True(t, ok)

	p := newPipe(0)
	m, ok := p.c.Engine()(context.Background(), g, exact(4))
	require.True(t, ok)
	assert.Equal(t, native.UCI(), m.UCI())

	rep, err := p.c.Bench(context.Background(), 4)
	require.NoError(t, err)
	bp, _ := xiangqi.ParseFEN(protocol.BenchFEN)
	s := protocol.NewBenchSearcher()
	r := s.Search(context.Background(), bp, nil, gamesearch.Limits{Depth: 4})
	assert.Equal(t, r.Nodes, rep.Nodes)
	assert.Equal(t, r.Move.UCI(), rep.Move)
	assert.Equal(t, 4, rep.Depth)
}

// script is a Transport whose replies the test delivers by hand.
type script struct {
	mu      sync.Mutex
	posted  []protocol.Request
	cancels int
	postErr error
	got     chan struct{}
}

func newScript() *script { return &script{got: make(chan struct{}, 8)} }

func (s *script) Post(msg string) error {
	req, err := protocol.DecodeRequest(msg)
	if err != nil {
		panic(err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.postErr != nil {
		return s.postErr
	}
	s.posted = append(s.posted, req)
	s.got <- struct{}{}
	return nil
}

func (s *script) Cancel() {
	s.mu.Lock()
	s.cancels++
	s.mu.Unlock()
}

func (s *script) last() protocol.Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.posted[len(s.posted)-1]
}

type answer struct {
	m  xiangqi.Move
	ok bool
}

// TestStaleReplyAcrossTheBoundary: a search is cancelled (the worker is stopped) and the same
// position is searched again; the cancelled search's reply, a legal move of that very
// position that the controller's own position check could not tell from a fresh one, arrives
// while the second search waits. It is dropped by its ID: the second search returns its own
// reply.
func TestStaleReplyAcrossTheBoundary(t *testing.T) {
	s := newScript()
	c := protocol.NewClient(s, nil)
	c.Logf = func(string, ...any) {}
	eng := c.Engine()
	pos := xiangqi.Start()
	search := func(ctx context.Context) <-chan answer {
		out := make(chan answer, 1)
		go func() {
			m, ok := eng(ctx, xiangqi.NewGame(pos), exact(2))
			out <- answer{m, ok}
		}()
		<-s.got
		return out
	}

	ctx1, cancel1 := context.WithCancel(context.Background())
	first := search(ctx1)
	req1 := s.last()
	cancel1()
	assert.Equal(t, answer{xiangqi.NoMove, false}, <-first, "a cancelled search finds nothing")
	assert.Equal(t, 1, s.cancels, "and stops the worker")

	second := search(context.Background())
	req2 := s.last()
	require.Greater(t, req2.ID, req1.ID)
	c.Deliver(protocol.Reply{V: protocol.Version, ID: req1.ID, Move: "b2e2", OK: true}.Encode())
	select {
	case a := <-second:
		t.Fatalf("the stale reply was taken: %v", a)
	case <-time.After(50 * time.Millisecond):
	}
	c.Deliver(protocol.Reply{V: protocol.Version, ID: req2.ID, Move: "h2e2", OK: true}.Encode())
	a := <-second
	assert.True(t, a.ok)
	assert.Equal(t, "h2e2", a.m.UCI())
}

// TestBadRepliesAndFailures: an illegal move from the worker is refused; a worker that cannot
// start, or that fails while searching, hands the search to the fallback engine; garbage in
// between is skipped.
func TestBadRepliesAndFailures(t *testing.T) {
	pos := xiangqi.Start()
	fallbackCalls := 0
	fallback := func(ctx context.Context, g *xiangqi.Game, _ levels.Level) (xiangqi.Move, bool) {
		p := g.Position()
		fallbackCalls++
		m, err := p.ParseMove("b0c2")
		return m, err == nil
	}
	s := newScript()
	c := protocol.NewClient(s, fallback)
	var logged []string
	var lmu sync.Mutex
	c.Logf = func(f string, a ...any) {
		lmu.Lock()
		logged = append(logged, f)
		lmu.Unlock()
	}
	eng := c.Engine()
	run := func(deliver func(id uint64)) answer {
		out := make(chan answer, 1)
		go func() {
			m, ok := eng(context.Background(), xiangqi.NewGame(pos), exact(1))
			out <- answer{m, ok}
		}()
		<-s.got
		deliver(s.last().ID)
		return <-out
	}

	a := run(func(id uint64) {
		c.Deliver("{garbage")
		c.Deliver(protocol.Reply{V: protocol.Version, ID: id, Move: "a0a5", OK: true}.Encode())
	})
	assert.Equal(t, answer{xiangqi.NoMove, false}, a, "a0a5 jumps Red's own soldier: refused")
	assert.Equal(t, 0, fallbackCalls)

	a = run(func(uint64) { c.Fail("out of memory") })
	assert.Equal(t, "b0c2", a.m.UCI(), "a failed worker: the page searches")
	assert.Equal(t, 1, fallbackCalls)
	assert.Equal(t, 1, s.cancels, "the failed worker is replaced")

	s.mu.Lock()
	s.postErr = errorString("Worker is not defined")
	s.mu.Unlock()
	m, ok := eng(context.Background(), xiangqi.NewGame(pos), exact(1))
	assert.True(t, ok)
	assert.Equal(t, "b0c2", m.UCI(), "no worker at all: the page searches")
	assert.Equal(t, 2, fallbackCalls)
	lmu.Lock()
	assert.NotEmpty(t, logged)
	lmu.Unlock()
}

type errorString string

func (e errorString) Error() string { return string(e) }

// TestControllerThroughWorker: the app's controller with the worker engine: the computer
// answers the person's move through the messages, and an Undo while the computer thinks
// stops the worker; the cancelled search's reply, still on its way, never reaches the board.
func TestControllerThroughWorker(t *testing.T) {
	p := newPipe(0)
	events := make(chan any, 64)
	c := controller.New(controller.Config{Post: func(ev any) { events <- ev }, Engine: p.c.Engine()})
	defer c.Close()
	c.SetLevel(levels.Easy)
	pump := func(d time.Duration, until func() bool) {
		t.Helper()
		end := time.After(d)
		for !until() {
			select {
			case ev := <-events:
				c.Handle(ev)
			case <-end:
				return
			}
		}
	}
	play := func(uci string) {
		pos := c.Position()
		m, err := pos.ParseMove(uci)
		require.NoError(t, err)
		c.SelectSquare(m.From())
		require.True(t, c.SelectSquare(m.To()), uci)
	}
	play("h2e2")
	pump(10*time.Second, func() bool { return len(c.Moves()) == 2 })
	require.Len(t, c.Moves(), 2, "the computer answered")
	afterReply := c.GameString()

	p.mu.Lock()
	p.delay = 300 * time.Millisecond // the next answer is still on its way when Undo comes
	p.mu.Unlock()
	play("h0g2")
	require.True(t, c.Thinking())
	for end := time.Now().Add(10 * time.Second); time.Now().Before(end); time.Sleep(time.Millisecond) {
		if posts, _ := p.counts(); posts == 2 {
			break
		}
	}
	posts, _ := p.counts()
	require.Equal(t, 2, posts, "the second search was sent to the worker")
	require.True(t, c.Undo())
	pump(800*time.Millisecond, func() bool { return false })
	_, cancels := p.counts()
	assert.Equal(t, 1, cancels, "Undo stopped the worker")
	assert.Equal(t, afterReply, c.GameString(), "the late reply did not land")
	assert.False(t, c.Thinking())
}

// BenchmarkBench: the worker's bench request natively (depth 10 of BenchFEN from an empty
// table), the figure to set beside the browser's (TestBrowser logs it, WEB_BENCH_DEPTH=10).
func BenchmarkBench(b *testing.B) {
	w := protocol.NewWorker()
	msg := protocol.Request{V: protocol.Version, ID: 1, Kind: protocol.KindBench, Depth: 10}.Encode()
	var nodes int64
	var us int64
	for b.Loop() {
		rep, err := protocol.DecodeReply(w.Handle(context.Background(), msg))
		if err != nil || rep.Err != "" {
			b.Fatal(err, rep.Err)
		}
		nodes += rep.Nodes
		us += rep.ElapsedUS
	}
	b.ReportMetric(float64(nodes)/(float64(us)/1e6), "nodes/s")
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}
