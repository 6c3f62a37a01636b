package controller_test

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/frontends/app/controller"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/cotuong-ai/cotuong/levels"
)

// shadow is the test's own model of the game: the moves and who made each.
type shadow struct {
	moves      []xiangqi.Move
	byComputer []bool
}

func (s *shadow) undo() {
	for i := len(s.moves) - 1; i >= 0; i-- {
		if !s.byComputer[i] {
			s.moves, s.byComputer = s.moves[:i], s.byComputer[:i]
			return
		}
	}
}

// TestRandomInterleavings drives the controller through thousands of random interleavings of
// the person's moves, computer results (fast and slow, some from an engine that ignores
// cancellation, some delivered twice), Undo, New game, Pause/Resume and settings changes, and
// checks after every step: no stale result is ever applied, the computer moves only on its
// own turn and at most once per turn, the shown game is the test's model, and the save file
// holds exactly the shown game and settings.
func TestRandomInterleavings(t *testing.T) {
	seeds, steps := 6, 700
	if testing.Short() {
		seeds, steps = 2, 300
	}
	total := 0
	for seed := 1; seed <= seeds; seed++ {
		t.Run(fmt.Sprint("seed", seed), func(t *testing.T) {
			total += runInterleaving(t, uint64(seed), steps)
		})
	}
	t.Logf("%d steps, computer moves applied in total: %d", seeds*steps, total)
}

func runInterleaving(t *testing.T, seed uint64, steps int) int {
	rng := rand.New(rand.NewPCG(seed, 99))
	dir := t.TempDir()
	q := newQueue()
	dupRng := rand.New(rand.NewPCG(seed, 5))
	q.dup = func() bool { return dupRng.IntN(5) == 0 } // called under q.mu
	fake := newFake(seed, 3*time.Millisecond, 0.3)
	c := controller.New(controller.Config{Dir: dir, Post: q.post, Engine: fake.engine()})
	defer c.Close()

	var sh shadow
	var staleBefore uint64 // results of generations <= this are stale
	applied, rejected := 0, 0
	invalidate := func() { staleBefore = c.Generation() }

	deliver := func(events []any, mustReject bool) {
		for _, ev := range events {
			cm, isMove := ev.(controller.ComputerMove)
			if !isMove {
				// A toast's expiry (a refused touch's toast lives a few seconds), posted
				// by its timer when the run is slow (the race detector on a loaded machine).
				c.Handle(ev)
				continue
			}
			before := c.Position()
			genBefore := c.Generation()
			thinking := c.Thinking()
			ok := c.Handle(ev)
			if !ok {
				rejected++
				continue
			}
			applied++
			require.False(t, mustReject, "a result was applied while paused")
			require.True(t, thinking, "a result was applied while no search was running")
			require.Equal(t, genBefore, cm.Gen, "a result of another generation was applied")
			require.Greater(t, cm.Gen, staleBefore, "a result from before an Undo/New game/Pause was applied")
			require.Equal(t, before.FEN(), cm.FEN, "a result for another position was applied")
			require.Equal(t, c.Settings().Computer(), before.SideToMove(), "a computer move on the person's turn")
			if n := len(sh.byComputer); n > 0 {
				require.False(t, sh.byComputer[n-1], "two computer moves in one turn")
			}
			sh.moves = append(sh.moves, cm.Move)
			sh.byComputer = append(sh.byComputer, true)
			require.False(t, c.Thinking())
		}
	}

	for step := 0; step < steps; step++ {
		op := rng.IntN(100)
		switch {
		case op < 30: // the person touches the board
			pos := c.Position()
			if !c.Thinking() && pos.SideToMove() == c.Settings().Human && c.Result().Status == xiangqi.Ongoing {
				moves := pos.LegalMoves(nil)
				m := moves[rng.IntN(len(moves))]
				require.False(t, c.SelectSquare(m.From()))
				require.True(t, c.SelectSquare(m.To()), "legal move %s refused", m.UCI())
				sh.moves = append(sh.moves, m)
				sh.byComputer = append(sh.byComputer, false)
			} else {
				n := len(c.Moves())
				require.False(t, c.SelectSquare(xiangqi.Square(rng.IntN(90))))
				require.Len(t, c.Moves(), n, "a touch moved a piece when it was not the person's turn")
			}
		case op < 50: // events already queued reach the UI
			deliver(q.take(), false)
		case op < 72: // the UI waits a little for the worker
			deliver(q.wait(time.Duration(rng.IntN(4))*time.Millisecond), false)
		case op < 80:
			g := c.Generation()
			if c.Undo() {
				staleBefore = g
				sh.undo()
			}
		case op < 83:
			invalidate()
			c.NewGame()
			sh = shadow{}
		case op < 91: // the app goes to the background and comes back
			invalidate()
			c.Pause()
			require.False(t, c.Thinking())
			if rng.IntN(2) == 0 {
				time.Sleep(time.Duration(rng.IntN(3)) * time.Millisecond)
			}
			deliver(q.take(), true)
			c.Resume()
		case op < 94:
			c.SetLevel(levels.All()[rng.IntN(4)])
		case op < 96:
			c.SetLabels(controller.Labels(rng.IntN(2)))
			_ = c.View()
		case op < 97:
			invalidate()
			c.SetHuman(c.Settings().Human.Other())
			sh = shadow{}
		default:
			c.SetSound(rng.IntN(2) == 0)
		}

		// Invariants after every step.
		got := c.Moves()
		require.Equal(t, len(sh.moves), len(got), "step %d: move count", step)
		for i := range got {
			require.Equal(t, sh.moves[i], got[i], "step %d: move %d", step, i)
		}
		human := c.Settings().Human
		start := xiangqi.Start()
		for i, byComp := range sh.byComputer {
			mover := start.SideToMove()
			if i%2 == 1 {
				mover = mover.Other()
			}
			require.Equal(t, byComp, mover != human, "step %d: move %d made by the wrong player", step, i)
		}
		if c.Thinking() {
			pos := c.Position()
			require.Equal(t, human.Other(), pos.SideToMove(), "thinking on the person's turn")
			require.False(t, c.Paused())
		}
		// Saves are written in the background, latest snapshot first: after a flush the
		// save file must be exactly the shown game and settings.
		require.NoError(t, c.Flush())
		g, s := readSave(t, dir)
		require.Equal(t, c.GameString(), g.String(), "step %d: the save differs from the shown game", step)
		require.Equal(t, c.Settings(), s, "step %d: the saved settings differ", step)
	}
	// Let the last search finish and be applied.
	pumpUntil(t, c, q, 5*time.Second, func() bool { return !c.Thinking() })
	require.GreaterOrEqual(t, applied, 10, "too few computer moves were applied to mean anything")
	require.Greater(t, rejected, 0, "no stale result was ever produced: the test exercised nothing")
	t.Logf("seed %d: %d computer moves applied, %d stale or duplicate results dropped, %d engine calls", seed, applied, rejected, fake.callCount())
	return applied
}
