package controller_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/frontends/app/controller"
	"github.com/cotuong-ai/cotuong/frontends/app/render"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/cotuong-ai/cotuong/levels"
)

// gate is an engine that answers only when the test releases it, and ignores cancellation (the
// worst case: a search that stops late).
type gate struct {
	mu      sync.Mutex
	started chan xiangqi.Position
	release chan xiangqi.Move
}

func newGate() *gate {
	return &gate{started: make(chan xiangqi.Position, 10), release: make(chan xiangqi.Move)}
}

func (g *gate) engine() controller.Engine {
	return func(_ context.Context, game *xiangqi.Game, _ levels.Level) (xiangqi.Move, bool) {
		g.started <- game.Position()
		m := <-g.release
		return m, true
	}
}

func (g *gate) waitStart(t *testing.T) xiangqi.Position {
	t.Helper()
	select {
	case p := <-g.started:
		return p
	case <-time.After(5 * time.Second):
		t.Fatal("the search did not start")
	}
	return xiangqi.Position{}
}

// TestStaleResultAfterUndoAndSameMove: the person moves, takes the move back and plays it
// again while the first search (which ignores cancellation) is still running. The first
// result arrives for the very same position, but from an old generation: it must be dropped,
// and only the second search's move applied.
func TestStaleResultAfterUndoAndSameMove(t *testing.T) {
	g := newGate()
	q := newQueue()
	c := controller.New(controller.Config{Dir: t.TempDir(), Post: q.post, Engine: g.engine()})
	defer func() {
		go func() { // unblock a worker still waiting in the gate
			for {
				select {
				case g.release <- xiangqi.NoMove:
				case <-time.After(time.Second):
					return
				}
			}
		}()
		c.Close()
	}()
	c.SelectSquare(sq("h2"))
	require.True(t, c.SelectSquare(sq("e2")))
	pos1 := g.waitStart(t)
	require.True(t, c.Undo())
	assert.False(t, c.Thinking())
	assert.Empty(t, c.Moves())
	c.SelectSquare(sq("h2"))
	require.True(t, c.SelectSquare(sq("e2")))
	require.True(t, c.Thinking())

	// The first search answers h9g7 for the position after h2e2.
	g.release <- mustMove(t, pos1, "h9g7")
	evs := q.wait(5 * time.Second)
	require.Len(t, evs, 1)
	assert.Equal(t, pos1.FEN(), evs[0].(controller.ComputerMove).FEN, "same position as the current one")
	assert.False(t, c.Handle(evs[0]), "a result from before the Undo was applied")
	assert.Len(t, c.Moves(), 1)
	assert.True(t, c.Thinking())

	// The second search (queued behind the first) answers b9c7: that one is applied, once.
	pos2 := g.waitStart(t)
	g.release <- mustMove(t, pos2, "b9c7")
	evs = q.wait(5 * time.Second)
	require.Len(t, evs, 1)
	assert.True(t, c.Handle(evs[0]))
	assert.False(t, c.Handle(evs[0]), "the same result applied twice")
	require.Len(t, c.Moves(), 2)
	assert.Equal(t, "b9c7", c.Moves()[1].UCI())
}

// TestPauseCancelsAndResumeRestarts: a result that arrives while paused is dropped; on resume
// the search runs again and its move is applied.
func TestPauseCancelsAndResumeRestarts(t *testing.T) {
	q := newQueue()
	var mu sync.Mutex
	var cancelled int
	started := make(chan struct{}, 10)
	eng := func(ctx context.Context, g *xiangqi.Game, _ levels.Level) (xiangqi.Move, bool) {
		pos := g.Position()
		started <- struct{}{}
		select {
		case <-ctx.Done():
			mu.Lock()
			cancelled++
			mu.Unlock()
		case <-time.After(50 * time.Millisecond):
		}
		return pos.LegalMoves(nil)[0], true
	}
	dir := t.TempDir()
	c := controller.New(controller.Config{Dir: dir, Post: q.post, Engine: eng})
	defer c.Close()
	c.SelectSquare(sq("b2"))
	require.True(t, c.SelectSquare(sq("e2")))
	require.True(t, c.Thinking())
	<-started
	c.Pause()
	assert.False(t, c.Thinking())
	assert.Equal(t, "Paused", c.View().Status)
	for _, ev := range q.wait(2 * time.Second) {
		assert.False(t, c.Handle(ev), "a result applied while paused")
	}
	mu.Lock()
	assert.Equal(t, 1, cancelled, "Pause cancels the search's context")
	mu.Unlock()
	g, _ := readSave(t, dir)
	assert.Equal(t, "startpos moves b2e2", g.String(), "Pause saves")

	c.Resume()
	require.True(t, c.Thinking())
	pumpUntil(t, c, q, 5*time.Second, func() bool { return !c.Thinking() })
	assert.Len(t, c.Moves(), 2)
	require.NoError(t, c.Flush())
	g, _ = readSave(t, dir)
	assert.Equal(t, c.GameString(), g.String())
}

func TestUndoWhileThinkingAndAfterReply(t *testing.T) {
	q := newQueue()
	c := controller.New(controller.Config{Dir: t.TempDir(), Post: q.post, Engine: newFake(3, 0, 0).engine()})
	defer c.Close()
	assert.False(t, c.Undo(), "nothing to undo at the start")
	c.SelectSquare(sq("h2"))
	c.SelectSquare(sq("e2"))
	require.True(t, c.Thinking())
	// Undo while the computer thinks takes back the person's move and cancels the search.
	require.True(t, c.Undo())
	assert.False(t, c.Thinking())
	assert.Empty(t, c.Moves())
	for _, ev := range q.wait(200 * time.Millisecond) {
		assert.False(t, c.Handle(ev))
	}
	// After the computer's reply Undo takes back both moves.
	c.SelectSquare(sq("h2"))
	c.SelectSquare(sq("e2"))
	pumpUntil(t, c, q, 5*time.Second, func() bool { return !c.Thinking() })
	require.Len(t, c.Moves(), 2)
	require.True(t, c.Undo())
	assert.Empty(t, c.Moves())
	pos := c.Position()
	assert.Equal(t, xiangqi.Red, pos.SideToMove())
}

func TestPlayAsBlackComputerOpens(t *testing.T) {
	q := newQueue()
	dir := t.TempDir()
	c := controller.New(controller.Config{Dir: dir, Post: q.post, Engine: newFake(4, 0, 0).engine()})
	defer c.Close()
	c.SetHuman(xiangqi.Black)
	assert.True(t, c.View().Flipped, "the board is seen from Black's side")
	require.True(t, c.Thinking(), "the computer (Red) opens")
	pumpUntil(t, c, q, 5*time.Second, func() bool { return !c.Thinking() })
	require.Len(t, c.Moves(), 1)
	assert.False(t, c.Undo(), "the person has no move to take back yet")
	assert.Len(t, c.Moves(), 1)
	require.NoError(t, c.Flush())
	_, s := readSave(t, dir)
	assert.Equal(t, xiangqi.Black, s.Human)

	// A Red piece cannot be selected by the person playing Black.
	assert.False(t, c.SelectSquare(sq("a0")))
	sel, _ := c.Selected()
	assert.Equal(t, xiangqi.NoSquare, sel)
	// Reopened from the save, the game goes on with the person as Black.
	c.Close()
	c2 := controller.New(controller.Config{Dir: dir, Post: q.post, Engine: newFake(4, 0, 0).engine()})
	defer c2.Close()
	assert.Equal(t, xiangqi.Black, c2.Settings().Human)
	assert.Equal(t, c.GameString(), c2.GameString())
	assert.False(t, c2.Thinking(), "it is the person's turn")
}

// TestFinishedGame loads a saved game that is over (Black is checkmated: its general on e9 is
// checked by the chariot on b9 along rank 9 and every flight square is covered by the chariots
// on b9 and a8) and checks that the result is shown and nothing moves.
func TestFinishedGame(t *testing.T) {
	dir := t.TempDir()
	fen := "1R2k4/R8/9/9/9/9/9/9/9/3K5 b - - 0 1"
	start, err := xiangqi.ParseFEN(fen)
	require.NoError(t, err)
	g := xiangqi.NewGame(start)
	set := controller.DefaultSettings()
	set.Human = xiangqi.Red
	require.NoError(t, (&controller.Store{Dir: dir}).Save(controller.Encode(g, set)))
	c := controller.New(controller.Config{Dir: dir, Post: newQueue().post, Engine: newFake(5, 0, 0).engine()})
	defer c.Close()
	assert.False(t, c.Thinking(), "no search in a finished game")
	v := c.View()
	assert.Equal(t, "Red wins by checkmate — you win!", v.Status)
	assert.Equal(t, int(sq("e9")), v.Check, "the mated general is marked")
	assert.False(t, c.SelectSquare(sq("b9")))
}

// TestUseAfterClose: calls after Close neither hang (the saver has stopped) nor panic.
func TestUseAfterClose(t *testing.T) {
	c := controller.New(controller.Config{Dir: t.TempDir(), Post: newQueue().post, Engine: newFake(7, 0, 0).engine()})
	c.Close()
	done := make(chan struct{})
	go func() {
		c.SetLevel(levels.Easy)
		c.Pause()
		c.Close()
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("hung after Close")
	}
}

func TestSettingsAreSaved(t *testing.T) {
	dir := t.TempDir()
	c := controller.New(controller.Config{Dir: dir, Post: newQueue().post, Engine: newFake(6, 0, 0).engine()})
	c.SetLevel(levels.Master)
	c.SetLabels(controller.VietnameseLabels)
	c.SetSound(false)
	c.Close()
	_, s := readSave(t, dir)
	assert.Equal(t, controller.Settings{Level: levels.Master, Human: xiangqi.Red, Labels: controller.VietnameseLabels, Sound: false}, s)
	c = controller.New(controller.Config{Dir: dir, Post: newQueue().post, Engine: newFake(6, 0, 0).engine()})
	defer c.Close()
	assert.Equal(t, s, c.Settings())
	v := c.View()
	assert.Equal(t, "X", v.Board[sq("a0")].Label, "Vietnamese labels: X for the chariot")
	assert.Equal(t, "TG", v.Board[sq("e9")].Label)
}

// TestMateAnnounced: the person mates (the chariot b0 goes to b9: Black's general on e9 is
// checked along rank 9 and the chariot on a8 covers rank 8) and the result dialog opens.
func TestMateAnnounced(t *testing.T) {
	dir := t.TempDir()
	start, err := xiangqi.ParseFEN("4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1")
	require.NoError(t, err)
	require.NoError(t, (&controller.Store{Dir: dir}).Save(controller.Encode(xiangqi.NewGame(start), controller.DefaultSettings())))
	c := controller.New(controller.Config{Dir: dir, Post: newQueue().post, Engine: newFake(5, 0, 0).engine()})
	defer c.Close()
	c.SelectSquare(sq("b0"))
	require.True(t, c.SelectSquare(sq("b9")))
	assert.False(t, c.Thinking())
	v := c.View()
	require.NotNil(t, v.Dialog)
	assert.Equal(t, "Red wins by checkmate", v.Dialog.Title)
	assert.Equal(t, []string{"You win! Well played."}, v.Dialog.Text)
	assert.Equal(t, render.ToneFinal, v.Tone)
	c.Tap(render.Target{Kind: render.TargetButton, Action: controller.ActYesNew})
	assert.Empty(t, c.Moves())
	assert.Nil(t, c.View().Dialog)
}

// TestNewGameAfterMateAsksNothing: once the game is over (checkmate), New game (the bar's and
// the menu's) and Play as Black start a new game at once, with no "will be abandoned" warning;
// during a game in progress the warning still comes.
func TestNewGameAfterMateAsksNothing(t *testing.T) {
	start, err := xiangqi.ParseFEN("4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1")
	require.NoError(t, err)
	mated := func(t *testing.T) *controller.Controller {
		dir := t.TempDir()
		g := xiangqi.NewGame(start)
		require.NoError(t, g.Push(mustMove(t, start, "b0b9")))
		require.NoError(t, (&controller.Store{Dir: dir}).Save(controller.Encode(g, controller.DefaultSettings())))
		c := controller.New(controller.Config{Dir: dir, Post: newQueue().post, Engine: newFake(5, 0, 0).engine()})
		t.Cleanup(c.Close)
		require.Equal(t, xiangqi.RedWins, c.Result().Status)
		return c
	}
	c := mated(t)
	c.Tap(render.Target{Kind: render.TargetButton, Action: controller.ActNew})
	assert.Nil(t, c.View().Dialog, "no warning after checkmate")
	assert.Empty(t, c.Moves(), "the new game started")

	c = mated(t)
	c.Tap(render.Target{Kind: render.TargetButton, Action: controller.ActMenu})
	c.Tap(render.Target{Kind: render.TargetButton, Action: controller.ActNew})
	assert.Nil(t, c.View().Dialog, "from the menu: no warning either")
	assert.Empty(t, c.Moves())

	c = mated(t)
	c.Tap(render.Target{Kind: render.TargetButton, Action: controller.ActMenu})
	c.Tap(render.Target{Kind: render.TargetButton, Action: controller.ActSide})
	assert.Nil(t, c.View().Dialog, "Play as Black after the game ended: no warning")
	assert.Equal(t, xiangqi.Black, c.Settings().Human)

	// A game in progress is still guarded.
	c = controller.New(controller.Config{Post: newQueue().post, Engine: newFake(5, 0, 0).engine()})
	defer c.Close()
	c.SelectSquare(sq("h2"))
	require.True(t, c.SelectSquare(sq("e2")))
	c.Tap(render.Target{Kind: render.TargetButton, Action: controller.ActNew})
	if d := c.View().Dialog; assert.NotNil(t, d) {
		assert.Equal(t, []string{"The game in progress will be abandoned."}, d.Text)
	}
	assert.Len(t, c.Moves(), 1)
}
