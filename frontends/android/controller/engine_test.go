package controller_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/frontends/android/controller"
	"github.com/cotuong-ai/cotuong/gamesearch"
	"github.com/cotuong-ai/cotuong/levels"
)

func TestLimits(t *testing.T) {
	assert.Equal(t, gamesearch.Limits{Depth: 1, Time: 300 * time.Millisecond, MultiPV: 8}, controller.Limits(levels.Easy))
	assert.Equal(t, gamesearch.Limits{Depth: 0, Time: 3 * time.Second}, controller.Limits(levels.Master))
}

// TestRealSearchIsCancelled plays against the real search: a Master search (3 s budget) is
// cancelled by Undo, and the Easy search that follows answers well before the Master budget
// would have run out, with a legal move.
func TestRealSearchIsCancelled(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the real search")
	}
	q := newQueue()
	c := controller.New(controller.Config{Dir: t.TempDir(), Post: q.post, Engine: controller.SearchEngine(4)})
	defer c.Close()
	c.SetLevel(levels.Master)
	c.SelectSquare(sq("h2"))
	require.True(t, c.SelectSquare(sq("e2")))
	time.Sleep(100 * time.Millisecond) // the Master search is running
	require.True(t, c.Undo())
	c.SetLevel(levels.Easy)
	start := time.Now()
	c.SelectSquare(sq("h2"))
	require.True(t, c.SelectSquare(sq("e2")))
	pumpUntil(t, c, q, 10*time.Second, func() bool { return !c.Thinking() })
	elapsed := time.Since(start)
	t.Logf("Easy reply after a cancelled Master search: %v", elapsed)
	assert.Less(t, elapsed, 2*time.Second, "the cancelled search held the worker")
	require.Len(t, c.Moves(), 2, "the reply was applied (Game.Push accepts legal moves only)")
	assert.Equal(t, "h2e2", c.Moves()[0].UCI())
}
