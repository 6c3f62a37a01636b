package protocol

import (
	"context"
	"fmt"
	"log"
	"sync"

	"github.com/cotuong-ai/cotuong/frontends/app/controller"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/cotuong-ai/cotuong/levels"
)

// Transport carries the page's requests to a worker. In the browser it is a Web Worker;
// in tests, a goroutine.
type Transport interface {
	// Post sends one request text to the worker, starting a worker first when none runs. An
	// error means no worker can be had (Client then searches on the page).
	Post(msg string) error
	// Cancel stops the worker, dropping the search it runs (the next Post starts a new one).
	Cancel()
}

// Client is the page's end of the conversation: it sends requests and hands back the reply
// to the latest one. Deliver must be called with every message the worker posts.
type Client struct {
	t Transport
	// fallback searches on the page when the worker cannot be had (nil: the computer then
	// finds no move).
	fallback controller.Engine
	// Logf reports dropped messages and worker failures (log.Printf when nil).
	Logf func(format string, args ...any)
	// OnReply, when not nil, is called with every reply accepted (its search statistics).
	OnReply func(Reply)

	mu     sync.Mutex // held by a caller waiting for its reply: one request at a time
	nextID uint64
	in     chan string
}

// NewClient returns a client that talks over t. fallback, when not nil, is the engine used
// when the worker fails to start or answers with an error (in the browser: a search on the
// page, which freezes it while it runs but keeps the game going).
func NewClient(t Transport, fallback controller.Engine) *Client {
	return &Client{t: t, fallback: fallback, in: make(chan string, 16)}
}

func (c *Client) logf(format string, args ...any) {
	if c.Logf != nil {
		c.Logf(format, args...)
		return
	}
	log.Printf(format, args...)
}

// Deliver hands the client a message the worker posted. It never blocks: when the queue is
// full (only stale replies can pile up), the message is dropped.
func (c *Client) Deliver(msg string) {
	select {
	case c.in <- msg:
	default:
		c.logf("protocol: dropped a worker message, the queue is full: %s", clip(msg))
	}
}

// Fail tells the client that the worker failed (it could not start, or it crashed): a
// request waiting for its reply gets an error reply, so the search falls back to the page.
func (c *Client) Fail(why string) {
	c.Deliver(Reply{V: Version, Err: "worker failed: " + why}.Encode())
}

// post sends req under c.mu with the next request ID (setting its V and ID), after dropping
// what the worker has queued so far: that answers no request of ours.
func (c *Client) post(req *Request) error {
	for drained := false; !drained; {
		select {
		case <-c.in:
		default:
			drained = true
		}
	}
	c.nextID++
	req.V, req.ID = Version, c.nextID
	if err := c.t.Post(req.Encode()); err != nil {
		return fmt.Errorf("protocol: no worker: %w", err)
	}
	return nil
}

// Round sends req (its V and ID are set here) and waits for the reply with its ID. Replies
// with other IDs are stale and dropped. When ctx is cancelled first, the worker is stopped
// and ctx's error returned. A reply with Err (or, with ID 0, a worker failure) is returned as
// an error.
func (c *Client) Round(ctx context.Context, req Request) (Reply, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if err := c.post(&req); err != nil {
		return Reply{}, err
	}
	for {
		select {
		case <-ctx.Done():
			c.t.Cancel()
			return Reply{}, ctx.Err()
		case msg := <-c.in:
			rep, err := DecodeReply(msg)
			if err != nil {
				c.logf("%v", err)
				continue
			}
			if rep.ID == 0 && rep.Err != "" {
				c.t.Cancel() // a broken worker: the next request starts a new one
				return rep, fmt.Errorf("protocol: %s", rep.Err)
			}
			if rep.ID != req.ID {
				continue // stale: the answer to an earlier, cancelled request
			}
			if rep.Err != "" {
				return rep, fmt.Errorf("protocol: the worker refused request %d: %s", rep.ID, rep.Err)
			}
			if c.OnReply != nil {
				c.OnReply(rep)
			}
			return rep, nil
		}
	}
}

// Engine returns a controller.Engine that searches in the worker. A move the worker returns
// is checked against the position (an illegal one is refused and logged); when the worker
// fails, the fallback engine (if any) searches instead.
func (c *Client) Engine() controller.Engine {
	return func(ctx context.Context, g *xiangqi.Game, l levels.Level) (xiangqi.Move, bool) {
		pos := g.Position()
		rep, err := c.Round(ctx, NewSearch(0, g, l))
		if ctx.Err() != nil {
			return xiangqi.NoMove, false
		}
		if err != nil {
			c.logf("%v", err)
			if c.fallback != nil {
				return c.fallback(ctx, g, l)
			}
			return xiangqi.NoMove, false
		}
		if !rep.OK {
			return xiangqi.NoMove, false
		}
		m, err := pos.ParseMove(rep.Move)
		if err != nil {
			c.logf("protocol: the worker's move %q for %s: %v", rep.Move, pos.FEN(), err)
			return xiangqi.NoMove, false
		}
		return m, true
	}
}

// Bench asks the worker for a depth-limited search of BenchFEN from an empty table and returns
// its reply (nodes, time).
func (c *Client) Bench(ctx context.Context, depth int) (Reply, error) {
	return c.Round(ctx, Request{Kind: KindBench, Depth: depth})
}
