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

// TestIllegalTapSaysWhy: a tap the rules refuse shows, besides the buzz, the reason the rules
// package gives, in the toast; the next tap clears it, and so does its timer (a ToastExpired
// event), unless a newer toast replaced it.
func TestIllegalTapSaysWhy(t *testing.T) {
	q := newQueue()
	c := controller.New(controller.Config{Post: q.post, Engine: newFake(1, 0, 0).engine(), ToastFor: time.Millisecond})
	defer c.Close()

	// The horse on b0 cannot reach d1: the elephant on c0 blocks its leg.
	require.False(t, c.SelectSquare(sq("b0")))
	require.False(t, c.SelectSquare(sq("d1")))
	const horse = "A red horse cannot move from b0 to d1: the horse's leg c0 is blocked."
	assert.Equal(t, horse, c.Toast())
	assert.Equal(t, horse, c.View().Toast)
	sel, _ := c.Selected()
	assert.Equal(t, xiangqi.NoSquare, sel, "the selection is dropped as before")

	// Its timer's event clears it.
	var exp controller.ToastExpired
	for exp.Seq == 0 {
		evs := q.wait(5 * time.Second)
		require.NotEmpty(t, evs, "the toast's timer posts its event")
		for _, ev := range evs {
			if e, ok := ev.(controller.ToastExpired); ok {
				exp = e
			}
		}
	}
	c.Handle(controller.ToastExpired{Seq: exp.Seq - 1})
	assert.Equal(t, horse, c.Toast(), "an older toast's timer does not clear it")
	c.Handle(exp)
	assert.Empty(t, c.Toast())
	assert.Empty(t, c.View().Toast)

	// The chariot on a0 cannot jump the soldier on a3; the next tap (anywhere) clears it.
	c.SelectSquare(sq("a0"))
	c.SelectSquare(sq("a5"))
	assert.Equal(t, "A red chariot cannot move from a0 to a5: a chariot cannot jump over pieces.", c.Toast())
	c.Tap(render.Target{Kind: render.TargetNone, Square: render.NoSquare})
	assert.Empty(t, c.Toast(), "the next tap clears it")

	// A legal selection and move show none.
	c.SelectSquare(sq("h2"))
	require.True(t, c.SelectSquare(sq("e2")))
	assert.Empty(t, c.Toast())
	// While the computer thinks, touching one's own piece says so.
	require.True(t, c.Thinking())
	c.SelectSquare(sq("a0"))
	assert.Equal(t, "Wait: the computer is thinking.", c.Toast())
}
