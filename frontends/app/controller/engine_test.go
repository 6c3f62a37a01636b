package controller_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/frontends/app/controller"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/cotuong-ai/cotuong/gamesearch"
	"github.com/cotuong-ai/cotuong/levels"
)

func TestLimits(t *testing.T) {
	assert.Equal(t, gamesearch.Limits{Depth: 1, Time: 300 * time.Millisecond, MultiPV: 8}, controller.Limits(levels.Easy))
	assert.Equal(t, gamesearch.Limits{Depth: 0, Time: 3 * time.Second}, controller.Limits(levels.Master))
}

// recorder wraps an Engine and reports, in order, each search's start ("start LEVEL") and
// return ("end LEVEL cancelled" when its context had been cancelled by then, else "end
// LEVEL").
func recorder(e controller.Engine, events chan<- string) controller.Engine {
	return func(ctx context.Context, g *xiangqi.Game, l levels.Level) (xiangqi.Move, bool) {
		events <- "start " + l.Name
		m, ok := e(ctx, g, l)
		end := "end " + l.Name
		if ctx.Err() != nil {
			end += " cancelled"
		}
		events <- end
		return m, ok
	}
}

// next returns the next event; the minute only keeps a hung search from hanging the test.
func next(t *testing.T, events <-chan string) string {
	t.Helper()
	select {
	case ev := <-events:
		return ev
	case <-time.After(time.Minute):
		t.Fatal("no search event within a minute")
		return ""
	}
}

// TestRealSearchIsCancelled plays against the real search: a search without an end of its
// own (full strength, an hour's budget) is cancelled by Undo, and it ends only then; the Easy
// search that follows starts after it has ended (nothing else holds the worker) and its reply,
// a legal move, is applied. No timing is asserted: the order of the events is.
func TestRealSearchIsCancelled(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the real search")
	}
	events := make(chan string, 16)
	q := newQueue()
	c := controller.New(controller.Config{Dir: t.TempDir(), Post: q.post, Engine: recorder(controller.SearchEngine(4), events)})
	defer c.Close()
	endless := levels.Master
	endless.Name, endless.Time = "Endless", time.Hour
	c.SetLevel(endless)
	c.SelectSquare(sq("h2"))
	require.True(t, c.SelectSquare(sq("e2")))
	require.Equal(t, "start Endless", next(t, events), "the search is running")
	require.True(t, c.Undo())
	assert.Equal(t, "end Endless cancelled", next(t, events), "Undo cancelled the search, and it stopped")
	assert.Empty(t, c.Moves(), "the cancelled search's move is not played")

	c.SetLevel(levels.Easy)
	c.SelectSquare(sq("h2"))
	require.True(t, c.SelectSquare(sq("e2")))
	pumpUntil(t, c, q, time.Minute, func() bool { return !c.Thinking() })
	assert.Equal(t, "start Beginner", next(t, events))
	assert.Equal(t, "end Beginner", next(t, events), "the Easy search ran to its own end")
	select {
	case ev := <-events:
		t.Errorf("unexpected search event %q", ev)
	default:
	}
	require.Len(t, c.Moves(), 2, "the reply was applied (Game.Push accepts legal moves only)")
	assert.Equal(t, "h2e2", c.Moves()[0].UCI())
}
