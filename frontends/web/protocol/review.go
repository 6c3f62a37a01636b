package protocol

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/cotuong-ai/cotuong/engine"
	"github.com/cotuong-ai/cotuong/frontends/app/controller"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/cotuong-ai/cotuong/review"
)

// ErrCancelled is the Err of the final reply of a cancelled analysis.
const ErrCancelled = "cancelled"

// NewGameRequest makes a request of kind (KindAnalyse, KindHint, KindThreats) for game g.
func NewGameRequest(kind string, g *xiangqi.Game) Request {
	return Request{V: Version, Kind: kind, Game: g.String(), MoveLimit: g.MoveLimit()}
}

// cancels is the worker's record of the analyses asked to stop.
type cancels struct {
	mu      sync.Mutex
	upTo    uint64 // every analysis with an ID up to this one is cancelled
	current uint64
	stop    context.CancelFunc
}

// Intercept handles a message that must act while a request runs: a cancel, which stops the
// running analysis it names (or an earlier one still queued). It reports whether msg was a
// cancel; the worker's JavaScript glue calls it from its message callback and queues every
// other message for Serve.
func (w *Worker) Intercept(msg string) bool {
	req, err := DecodeRequest(msg)
	if err != nil || req.Kind != KindCancel {
		return false
	}
	c := &w.cancels
	c.mu.Lock()
	defer c.mu.Unlock()
	c.upTo = max(c.upTo, req.Cancel)
	if c.current != 0 && c.current <= c.upTo && c.stop != nil {
		c.stop()
	}
	return true
}

// Serve answers one request, posting each message through post: for an analysis, a progress
// message before each position and then its reply; for anything else, Handle's one reply.
// Between two positions it calls Yield (when set), so that the worker's event loop can deliver
// a cancel to Intercept.
func (w *Worker) Serve(ctx context.Context, msg string, post func(string)) {
	req, err := DecodeRequest(msg)
	if err != nil || req.Kind != KindAnalyse {
		if err == nil && req.Kind == KindCancel {
			w.Intercept(msg)
			return
		}
		post(w.Handle(ctx, msg))
		return
	}
	post(w.analyse(ctx, req, post))
}

func (w *Worker) analyse(ctx context.Context, req Request, post func(string)) string {
	g, err := req.ParseGame()
	if err != nil {
		return Reply{V: Version, ID: req.ID, Err: err.Error()}.Encode()
	}
	ctx, stop := context.WithCancel(ctx)
	defer stop()
	c := &w.cancels
	c.mu.Lock()
	if req.ID <= c.upTo {
		c.mu.Unlock()
		return Reply{V: Version, ID: req.ID, Err: ErrCancelled}.Encode()
	}
	c.current, c.stop = req.ID, stop
	c.mu.Unlock()
	defer func() {
		c.mu.Lock()
		c.current, c.stop = 0, nil
		c.mu.Unlock()
	}()
	nodes := req.Nodes
	if nodes <= 0 {
		nodes = review.DefaultNodes
	}
	a, err := w.teacher.Analyze(ctx, g, nodes, func(i, n int) {
		post(Reply{V: Version, ID: req.ID, Progress: true, I: i, N: n}.Encode())
		if w.Yield != nil {
			w.Yield()
		}
	})
	if err != nil {
		msg := err.Error()
		if errors.Is(err, context.Canceled) {
			msg = ErrCancelled
		}
		return Reply{V: Version, ID: req.ID, Err: msg}.Encode()
	}
	text, err := a.MarshalText()
	if err != nil {
		return Reply{V: Version, ID: req.ID, Err: err.Error()}.Encode()
	}
	return Reply{V: Version, ID: req.ID, OK: true, Analysis: string(text)}.Encode()
}

// teach answers a hint or a threats request.
func (w *Worker) teach(ctx context.Context, req Request) Reply {
	g, err := req.ParseGame()
	if err != nil {
		return Reply{V: Version, ID: req.ID, Err: err.Error()}
	}
	rep := Reply{V: Version, ID: req.ID}
	if req.Kind == KindHint {
		line, ok := w.teacher.Hint(ctx, g)
		rep.OK = ok
		if ok {
			rep.Move = line[0].UCI()
			for _, m := range line {
				rep.Line = append(rep.Line, m.UCI())
			}
		}
		return rep
	}
	th := w.teacher.Threats(ctx, g)
	rep.Available, rep.OK, rep.Threatens, rep.Words = th.Available, th.HasBest, th.Threatens, th.Words
	if th.HasBest {
		rep.Move = th.Best.UCI()
	}
	for _, sq := range th.Attacked {
		rep.Attacked = append(rep.Attacked, sq.String())
	}
	return rep
}

// Stream sends req (its V and ID are set here) and waits for its final reply, handing each of
// its progress messages to progress. When ctx is cancelled first, it asks the worker to stop
// the request (KindCancel: the worker lives on) and returns ctx's error.
func (c *Client) Stream(ctx context.Context, req Request, progress func(Reply)) (Reply, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if err := c.post(&req); err != nil {
		return Reply{}, err
	}
	for {
		select {
		case <-ctx.Done():
			c.nextID++
			c.t.Post(Request{V: Version, ID: c.nextID, Kind: KindCancel, Cancel: req.ID}.Encode())
			return Reply{}, ctx.Err()
		case msg := <-c.in:
			rep, err := DecodeReply(msg)
			if err != nil {
				c.logf("%v", err)
				continue
			}
			if rep.ID == 0 && rep.Err != "" {
				c.t.Cancel()
				return rep, fmt.Errorf("protocol: %s", rep.Err)
			}
			if rep.ID != req.ID {
				continue
			}
			if rep.Progress {
				if progress != nil {
					progress(rep)
				}
				continue
			}
			if rep.Err != "" {
				return rep, fmt.Errorf("protocol: the worker refused request %d: %s", rep.ID, rep.Err)
			}
			return rep, nil
		}
	}
}

// Teacher is the web build's controller.Teacher: hints and threats are searched by the
// computer's worker (Search, between the computer's moves), analyses by a worker of their own
// (Analysis), so the page never searches and the computer never waits for an analysis.
type Teacher struct {
	Search, Analysis *Client
}

// Analyze runs the analysis in the analysis worker and reads its text against g.
func (t Teacher) Analyze(ctx context.Context, g *xiangqi.Game, nodes int64, progress func(i, n int)) (*review.Analysis, error) {
	req := NewGameRequest(KindAnalyse, g)
	req.Nodes = nodes
	rep, err := t.Analysis.Stream(ctx, req, func(r Reply) {
		if progress != nil {
			progress(r.I, r.N)
		}
	})
	if err != nil {
		return nil, err
	}
	return review.Parse([]byte(rep.Analysis), engine.XiangqiGame(g))
}

// Hint asks the search worker for a hint; its moves are checked against the position.
func (t Teacher) Hint(ctx context.Context, g *xiangqi.Game) ([]xiangqi.Move, bool) {
	rep, err := t.Search.Round(ctx, NewGameRequest(KindHint, g))
	if err != nil || !rep.OK {
		return nil, false
	}
	pos := g.Position()
	var line []xiangqi.Move
	for _, s := range rep.Line {
		m, err := pos.ParseMove(s)
		if err != nil {
			break
		}
		line = append(line, m)
		pos = pos.Play(m)
	}
	return line, len(line) > 0
}

// Threats asks the search worker what the opponent threatens.
func (t Teacher) Threats(ctx context.Context, g *xiangqi.Game) controller.Threat {
	rep, err := t.Search.Round(ctx, NewGameRequest(KindThreats, g))
	if err != nil {
		return controller.Threat{}
	}
	th := controller.Threat{Available: rep.Available, Threatens: rep.Threatens, Words: rep.Words}
	if m, ok := xiangqi.MoveFromUCI(rep.Move); ok && rep.OK {
		th.Best, th.HasBest = m, true
	}
	for _, s := range rep.Attacked {
		if len(s) == 2 && s[0] >= 'a' && s[0] <= 'i' && s[1] >= '0' && s[1] <= '9' {
			th.Attacked = append(th.Attacked, xiangqi.SquareAt(int(s[0]-'a'), int(s[1]-'0')))
		}
	}
	return th
}
