package shell_test

import (
	"context"
	"image"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/frontends/app/controller"
	"github.com/cotuong-ai/cotuong/frontends/app/render"
	"github.com/cotuong-ai/cotuong/frontends/app/shell"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/cotuong-ai/cotuong/levels"
)

// newLoop returns a loop over a controller that keeps its game in memory and whose computer
// answers at once with its first legal move; its events go to the returned channel.
func newLoop(t *testing.T) (*shell.Loop, chan any) {
	events := make(chan any, 16)
	c := controller.New(controller.Config{Post: func(ev any) { events <- ev },
		Engine: func(_ context.Context, g *xiangqi.Game, _ levels.Level) (xiangqi.Move, bool) {
			pos := g.Position()
			ms := pos.LegalMoves(nil)
			if len(ms) == 0 {
				return xiangqi.NoMove, false
			}
			return ms[0], true
		}})
	t.Cleanup(c.Close)
	return shell.New(c), events
}

// tap sends a touch begin and end at the centre of square name, as the last frame lays it out.
func tap(t *testing.T, l *shell.Loop, w, h int, name string) bool {
	t.Helper()
	v := l.Controller().View()
	lay, err := render.NewRenderer().NewLayout(w, h, &v)
	require.NoError(t, err)
	s := xiangqi.SquareAt(int(name[0]-'a'), int(name[1]-'0'))
	x, y := lay.Board.Center(s.File(), s.Rank())
	l.Step(shell.Touch{Kind: controller.TouchBegin, X: x, Y: y})
	return l.Step(shell.Touch{Kind: controller.TouchEnd, X: x, Y: y})
}

// TestStepAndFrame: a frame is drawn when the picture changed and only then; a resize and a
// resume draw anew; touches reach the controller through the last frame's layout; the
// computer's move, handed to Step, is played and asks for a frame.
func TestStepAndFrame(t *testing.T) {
	l, events := newLoop(t)
	img := image.NewRGBA(image.Rect(0, 0, 480, 800))
	assert.True(t, l.Dirty(), "nothing drawn yet")
	drew, err := l.Frame(img)
	require.NoError(t, err)
	assert.True(t, drew)
	drew, err = l.Frame(img)
	require.NoError(t, err)
	assert.False(t, drew, "the same picture is not drawn twice")

	assert.True(t, l.Step(shell.Resize{W: 480, H: 800}), "a resize draws anew")
	_, err = l.Frame(img)
	require.NoError(t, err)
	assert.False(t, l.Step(shell.Back{}), "Back with nothing open changes nothing")

	assert.True(t, tap(t, l, 480, 800, "h2"), "selecting a piece changes the picture")
	_, err = l.Frame(img)
	require.NoError(t, err)
	assert.True(t, tap(t, l, 480, 800, "e2"), "the move")
	require.Len(t, l.Controller().Moves(), 1)
	assert.True(t, l.Controller().Thinking())

	ev := <-events
	_, ok := ev.(controller.ComputerMove)
	require.True(t, ok, "%T", ev)
	_, err = l.Frame(img)
	require.NoError(t, err)
	assert.True(t, l.Step(ev), "the computer's move is shown")
	assert.Len(t, l.Controller().Moves(), 2)

	_, err = l.Frame(img)
	require.NoError(t, err)
	l.Step(shell.Pause{})
	assert.True(t, l.Controller().Paused())
	assert.True(t, l.Step(shell.Resume{}), "a resume draws anew")
	assert.False(t, l.Controller().Paused())
}

// TestTouchUsesTheCurrentLayout: a touch that comes before the frame of a changed picture is
// tested against the layout of what the controller shows now, not the stale frame's.
func TestTouchUsesTheCurrentLayout(t *testing.T) {
	l, _ := newLoop(t)
	img := image.NewRGBA(image.Rect(0, 0, 480, 800))
	_, err := l.Frame(img)
	require.NoError(t, err)
	assert.True(t, tap(t, l, 480, 800, "h2"))
	// No frame drawn since: the selection is not on screen yet, yet the move is made.
	assert.True(t, tap(t, l, 480, 800, "e2"))
	assert.Len(t, l.Controller().Moves(), 1)
}

// TestTooSmall: a frame too small for a board is an error; touches then do nothing.
func TestTooSmall(t *testing.T) {
	l, _ := newLoop(t)
	_, err := l.Frame(image.NewRGBA(image.Rect(0, 0, 4, 4)))
	require.Error(t, err)
	assert.False(t, l.Dirty(), "it counts as drawn")
	l.Step(shell.Touch{Kind: controller.TouchBegin, X: 1, Y: 1})
	assert.False(t, l.Step(shell.Touch{Kind: controller.TouchEnd, X: 1, Y: 1}))
}
