package controller_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/frontends/app/controller"
	"github.com/cotuong-ai/cotuong/frontends/app/render"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
)

// ui plays the app's UI goroutine: it lays out the current view as the renderer does and
// sends touches at pixel positions.
type ui struct {
	t    *testing.T
	c    *controller.Controller
	r    *render.Renderer
	w, h int
}

func (u *ui) layout() *render.Layout {
	v := u.c.View()
	l, err := u.r.NewLayout(u.w, u.h, &v)
	require.NoError(u.t, err)
	return l
}

func (u *ui) tapAt(x, y float64) {
	l := u.layout()
	u.c.Touch(l, controller.TouchBegin, x, y)
	u.c.Touch(l, controller.TouchEnd, x, y)
}

func (u *ui) tapSquare(name string) {
	l := u.layout()
	s := sq(name)
	x, y := l.Board.Center(s.File(), s.Rank())
	u.tapAt(x+3, y-2) // a finger is never exactly on the point
}

func (u *ui) tapButton(label string) {
	v := u.c.View()
	l := u.layout()
	if v.Dialog != nil {
		for i, b := range v.Dialog.Buttons {
			if b.Label == label {
				r := l.DialogButtons[i]
				u.tapAt(float64(r.Min.X+r.Dx()/2), float64(r.Min.Y+r.Dy()/2))
				return
			}
		}
		u.t.Fatalf("no dialog button %q in %+v", label, v.Dialog.Buttons)
	}
	for i, b := range v.Bar {
		if b.Label == label {
			r := l.Buttons[i]
			u.tapAt(float64(r.Min.X+r.Dx()/2), float64(r.Min.Y+r.Dy()/2))
			return
		}
	}
	u.t.Fatalf("no button %q", label)
}

func TestTouchesPlayAMove(t *testing.T) {
	for _, size := range [][2]int{{600, 800}, {800, 600}, {1080, 2340}} {
		q := newQueue()
		c := controller.New(controller.Config{Dir: t.TempDir(), Post: q.post, Engine: newFake(9, 0, 0).engine()})
		u := &ui{t: t, c: c, r: render.NewRenderer(), w: size[0], h: size[1]}
		u.tapSquare("h2")
		v := c.View()
		assert.Equal(t, int(sq("h2")), v.Selected, "%v", size)
		assert.Contains(t, v.Targets, int(sq("e2")))
		// Touching another own piece reselects; touching an empty non-target clears.
		u.tapSquare("b2")
		assert.Equal(t, int(sq("b2")), c.View().Selected)
		u.tapSquare("e5")
		assert.Equal(t, render.NoSquare, c.View().Selected)
		u.tapSquare("h2")
		u.tapSquare("e2")
		require.Len(t, c.Moves(), 1, "%v", size)
		assert.Equal(t, "h2e2", c.Moves()[0].UCI())
		pumpUntil(t, c, q, 5*time.Second, func() bool { return !c.Thinking() })
		v = c.View()
		assert.Len(t, v.Moves, 1)
		assert.Contains(t, v.Moves[0].Red, "C2.5")
		assert.Contains(t, v.Moves[0].Red, "炮二平五")
		c.Close()
	}
}

func TestMenuNewGameNeedsConfirmation(t *testing.T) {
	q := newQueue()
	c := controller.New(controller.Config{Dir: t.TempDir(), Post: q.post, Engine: newFake(9, 0, 0).engine()})
	defer c.Close()
	u := &ui{t: t, c: c, r: render.NewRenderer(), w: 600, h: 800}
	u.tapSquare("h2")
	u.tapSquare("e2")
	pumpUntil(t, c, q, 5*time.Second, func() bool { return !c.Thinking() })
	u.tapButton("New game")
	require.NotNil(t, c.View().Dialog)
	assert.Equal(t, "New game?", c.View().Dialog.Title)
	u.tapButton("Cancel")
	assert.Nil(t, c.View().Dialog)
	assert.Len(t, c.Moves(), 2, "cancelled: the game goes on")
	u.tapButton("Menu")
	u.tapButton("New game")
	u.tapButton("New game") // the confirmation's button
	assert.Empty(t, c.Moves())
	assert.Nil(t, c.View().Dialog)
}

func TestMenuSettings(t *testing.T) {
	q := newQueue()
	exited := false
	c := controller.New(controller.Config{Dir: t.TempDir(), Post: q.post, Engine: newFake(9, 0, 0).engine(), OnExit: func() { exited = true }})
	defer c.Close()
	u := &ui{t: t, c: c, r: render.NewRenderer(), w: 600, h: 800}

	u.tapButton("Menu") // the level is in the menu (the bar has the Hint button in its place)
	u.tapButton("Level: Novice")
	assert.Equal(t, "Level", c.View().Dialog.Title)
	assert.Equal(t, []string{
		"How well the computer plays, from Beginner (for a first game) to Master (its full strength). The number is the level's rating: the higher, the stronger.",
		"Master thinks about 3\u00a0s a move; the lower levels answer sooner.",
	}, c.View().Dialog.Text, "plain words for players; the rating scale's fine print is in the README")
	var labels []string
	for _, b := range c.View().Dialog.Buttons {
		labels = append(labels, b.Label)
	}
	assert.Equal(t, []string{"Beginner · rating 1150", "✓ Novice · rating 1350", "Casual · rating 1550", "Intermediate · rating 1750",
		"Club player · rating 1900", "Strong club player · rating 2050", "Expert · rating 2200", "Master · full strength, rating 2450+", "Close"}, labels)
	u.tapButton("Club player · rating 1900")
	assert.Equal(t, "Club player", c.Settings().Level.Name)
	assert.Nil(t, c.View().Dialog)

	u.tapButton("Menu")
	u.tapButton("Labels: Chinese 帥 俥 炮")
	assert.Equal(t, controller.VietnameseLabels, c.Settings().Labels)
	u.tapButton("Sound: on")
	assert.False(t, c.Settings().Sound)
	u.tapButton("Help")
	v := c.View()
	require.NotNil(t, v.Dialog)
	assert.Equal(t, "How to play", v.Dialog.Title)
	// The help text scrolls by dragging.
	l := u.layout()
	require.Positive(t, l.DialogMaxScroll, "the help is longer than the screen")
	x, y := float64(l.DialogText.Min.X+20), float64(l.DialogText.Max.Y-10)
	c.Touch(l, controller.TouchBegin, x, y)
	c.Touch(l, controller.TouchMove, x, y-100)
	c.Touch(l, controller.TouchEnd, x, y-100)
	assert.Equal(t, 100, c.View().Dialog.Scroll)
	u.tapButton("Close")
	u.tapButton("Menu")
	u.tapButton("Play as Black")
	assert.Equal(t, xiangqi.Black, c.Settings().Human, "no game in progress: no confirmation needed")
	assert.True(t, c.View().Flipped)
	u.tapButton("Menu")
	u.tapButton("Exit")
	assert.True(t, exited)
	assert.True(t, c.Paused())
}

// TestMoveListDragScrolls: after a long game, dragging the move list down shows older moves
// (the scroll offset grows by the drag, up to the list's limit), a drag is not a tap, and a
// new move brings the list back to the latest move.
func TestMoveListDragScrolls(t *testing.T) {
	q := newQueue()
	c := controller.New(controller.Config{Dir: t.TempDir(), Post: q.post, Engine: newFake(17, 0, 0).engine()})
	defer c.Close()
	u := &ui{t: t, c: c, r: render.NewRenderer(), w: 600, h: 800}
	for i := 0; i < 12 && c.Result().Status == xiangqi.Ongoing; i++ {
		pos := c.Position()
		moves := pos.LegalMoves(nil)
		m := moves[i%len(moves)]
		c.SelectSquare(m.From())
		c.SelectSquare(m.To())
		pumpUntil(t, c, q, 5*time.Second, func() bool { return !c.Thinking() })
	}
	l := u.layout()
	require.Positive(t, l.ListMaxScroll, "12 rows do not fit the list")
	x, y := float64(l.List.Min.X+40), float64(l.List.Min.Y+10)
	n := len(c.Moves())
	c.Touch(l, controller.TouchBegin, x, y)
	c.Touch(l, controller.TouchMove, x, y+30)
	c.Touch(l, controller.TouchEnd, x, y+30)
	assert.Equal(t, min(30, l.ListMaxScroll), c.View().MoveScroll)
	c.Touch(l, controller.TouchBegin, x, y)
	c.Touch(l, controller.TouchMove, x, y+5000)
	c.Touch(l, controller.TouchEnd, x, y+5000)
	assert.Equal(t, l.ListMaxScroll, c.View().MoveScroll, "clamped")
	assert.Len(t, c.Moves(), n, "dragging moved nothing")
	if c.Result().Status == xiangqi.Ongoing {
		pos := c.Position()
		m := pos.LegalMoves(nil)[0]
		c.SelectSquare(m.From())
		c.SelectSquare(m.To())
		assert.Zero(t, c.View().MoveScroll, "a new move shows the latest moves")
	}
}
