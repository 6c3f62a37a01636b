package controller_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/frontends/app/controller"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/cotuong-ai/cotuong/levels"
)

// shown names the one screen the controller reports, and fails when it reports more than one
// (the editor and the review at once, say).
func shown(t *testing.T, c *controller.Controller) string {
	t.Helper()
	var on []string
	if _, ok := c.Reviewing(); ok {
		on = append(on, "review")
	}
	if c.Editing() {
		on = append(on, "editor")
	}
	if s := c.Studying(); s != "" {
		on = append(on, s)
	}
	require.LessOrEqual(t, len(on), 1, "more than one screen is shown: %v", on)
	if len(on) == 0 {
		return "game"
	}
	return on[0]
}

// TestEveryWayBetweenScreens goes from each screen to each other one, as the menu, the review's
// arrows and Back do, with the computer to move in the game behind (the person plays Black, so
// the computer opens and its search never ends on its own). Exactly one screen is shown after
// every change; the computer's search runs on the game and its review and never on the
// editor, the lesson or a puzzle; Back returns to the game and the game is untouched.
func TestEveryWayBetweenScreens(t *testing.T) {
	opens := map[string]func(c *controller.Controller){
		"game":   func(c *controller.Controller) { c.Back(); c.Back() },
		"review": func(c *controller.Controller) { c.OpenReview(0) },
		"editor": func(c *controller.Controller) { c.OpenEditor() },
		"lesson": func(c *controller.Controller) { require.True(t, c.OpenLesson("")) },
		"puzzle": func(c *controller.Controller) { require.True(t, c.OpenPuzzle(0)) },
	}
	computer := map[string]bool{"game": true, "review": true}
	names := []string{"game", "review", "editor", "lesson", "puzzle"}
	for _, from := range names {
		for _, to := range names {
			t.Run(fmt.Sprintf("%s to %s", from, to), func(t *testing.T) {
				st := &memStorage{}
				// A search that only ends when it is cancelled: Thinking shows whether one runs.
				eng := func(ctx context.Context, _ *xiangqi.Game, _ levels.Level) (xiangqi.Move, bool) {
					<-ctx.Done()
					return xiangqi.NoMove, false
				}
				c := controller.New(controller.Config{Storage: st, Engine: eng, Teacher: &fakeTeacher{real: controller.LocalTeacher()}, AnalysisNodes: 200})
				t.Cleanup(c.Close)
				c.SetHuman(xiangqi.Black)
				require.True(t, c.Thinking(), "the computer opens")
				before := c.GameString()

				opens[from](c)
				require.Equal(t, from, shown(t, c))
				assert.Equal(t, computer[from], c.Thinking(), "the computer searches on %s", from)
				opens[to](c)
				require.Equal(t, to, shown(t, c))
				assert.Equal(t, computer[to], c.Thinking(), "the computer searches on %s", to)

				for i := 0; i < 3 && shown(t, c) != "game"; i++ {
					c.Back()
				}
				assert.Equal(t, "game", shown(t, c), "Back returns to the game")
				assert.True(t, c.Thinking(), "the computer searches again on the game")
				assert.Equal(t, before, c.GameString(), "no screen changed the game")
			})
		}
	}
}

// TestStepBackOnlyFromTheGame: ← opens the review at the previous position from the game, and
// does nothing on the editor, the lesson or a puzzle (the review would show behind them).
func TestStepBackOnlyFromTheGame(t *testing.T) {
	c := controller.New(controller.Config{Engine: newFake(1, 0, 0).engine(), Teacher: &fakeTeacher{real: controller.LocalTeacher()}, AnalysisNodes: 200})
	t.Cleanup(c.Close)
	c.SetHuman(xiangqi.Black) // the computer opens; its move arrives only through Handle
	require.NoError(t, c.ImportPGN("startpos moves h2e2"))
	for name, open := range map[string]func(){
		"editor": c.OpenEditor,
		"lesson": func() { c.OpenLesson("") },
		"puzzle": func() { c.OpenPuzzle(0) },
	} {
		open()
		c.ReviewStep(-1)
		assert.Equal(t, name, shown(t, c), "← on the %s", name)
		c.Back()
	}
	require.Equal(t, "game", shown(t, c))
	c.ReviewStep(-1)
	ply, on := c.Reviewing()
	assert.True(t, on)
	assert.Equal(t, 0, ply, "the review opens before the last move")
}
