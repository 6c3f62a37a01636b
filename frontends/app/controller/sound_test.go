package controller_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/frontends/app/controller"
	"github.com/cotuong-ai/cotuong/frontends/app/render"
	"github.com/cotuong-ai/cotuong/frontends/app/sound"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/cotuong-ai/cotuong/levels"
)

// fakePlayer records what the controller asks of the sound player. The controller calls it
// on the UI goroutine, which the test plays, so it needs no lock.
type fakePlayer struct {
	played []sound.Kind
	stops  int
}

func (p *fakePlayer) Play(k sound.Kind) { p.played = append(p.played, k) }
func (p *fakePlayer) Stop()             { p.stops++ }

// replyEngine answers with the first of replies (UCI moves) that is legal in the position:
// fixed, known replies for the test's game.
func replyEngine(replies ...string) controller.Engine {
	return func(_ context.Context, g *xiangqi.Game, _ levels.Level) (xiangqi.Move, bool) {
		pos := g.Position()
		for _, uci := range replies {
			if m, err := pos.ParseMove(uci); err == nil && pos.IsLegal(m) {
				return m, true
			}
		}
		return xiangqi.NoMove, false
	}
}

// TestMoveSound: which move makes which sound, on positions whose outcome the rules give:
// a quiet move, a capture (the cannon h2 takes the horse h9 over the screen h7: no check, two
// pieces stand between it and the general), a check (the chariot a1 to a9, the general on e9
// on an open rank), a mate (TestMateAnnounced's), and a draw (the general takes the last
// attacker: two bare generals). The end of the game wins over check and capture.
func TestMoveSound(t *testing.T) {
	cases := []struct {
		name, fen, move string
		human           xiangqi.Color
		want            sound.Kind
		status          xiangqi.Status
	}{
		{"quiet", "startpos", "h2e2", xiangqi.Red, sound.Move, xiangqi.Ongoing},
		{"capture", "startpos", "h2h9", xiangqi.Red, sound.Capture, xiangqi.Ongoing},
		{"check", "4k4/9/9/9/9/9/9/9/R8/3K5 w - - 0 1", "a1a9", xiangqi.Red, sound.Check, xiangqi.Ongoing},
		{"mate by the person", "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1", "b0b9", xiangqi.Red, sound.Win, xiangqi.RedWins},
		{"mate by the computer", "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1", "b0b9", xiangqi.Black, sound.Loss, xiangqi.RedWins},
		{"draw", "4k4/9/9/9/9/9/9/9/3r5/3K5 w - - 0 1", "d0d1", xiangqi.Red, sound.Draw, xiangqi.DrawnGame},
	}
	for _, tc := range cases {
		start := xiangqi.Start()
		if tc.fen != "startpos" {
			var err error
			start, err = xiangqi.ParseFEN(tc.fen)
			require.NoError(t, err, tc.name)
		}
		g := xiangqi.NewGame(start)
		m := mustMove(t, start, tc.move)
		require.NoError(t, g.Push(m), tc.name)
		require.Equal(t, tc.status, g.Result().Status, "%s: %v", tc.name, g.Result())
		assert.Equal(t, tc.want, controller.MoveSound(start, m, g.Result(), tc.human), tc.name)
	}
}

// TestSoundsOfPlay: the person's move, the computer's reply and refused touches make their
// sounds; the switch turned off stops what plays at once and nothing plays while it is off;
// turned on again, sounds come back; pausing the app stops them.
func TestSoundsOfPlay(t *testing.T) {
	q := newQueue()
	p := &fakePlayer{}
	c := controller.New(controller.Config{Dir: t.TempDir(), Post: q.post, Engine: replyEngine("h9g7", "g7e6"), Sound: p})
	defer c.Close()
	u := &ui{t: t, c: c, r: render.NewRenderer(), w: 600, h: 800}

	u.tapSquare("h2")
	u.tapSquare("g5") // the cannon cannot go there
	assert.Equal(t, []sound.Kind{sound.Illegal}, p.played, "a refused destination")
	u.tapSquare("h2")
	u.tapSquare("h2") // deselecting is no mistake
	u.tapSquare("e5") // nor is touching an empty point with nothing selected
	assert.Equal(t, []sound.Kind{sound.Illegal}, p.played)

	u.tapSquare("h2")
	u.tapSquare("e2")
	assert.Equal(t, []sound.Kind{sound.Illegal, sound.Move}, p.played, "the person's move")
	require.True(t, c.Thinking())
	u.tapSquare("b2") // the person's own piece while the computer is to move
	assert.Equal(t, []sound.Kind{sound.Illegal, sound.Move, sound.Illegal}, p.played)
	pumpUntil(t, c, q, 5*time.Second, func() bool { return !c.Thinking() && len(c.Moves()) == 2 })
	assert.Equal(t, []sound.Kind{sound.Illegal, sound.Move, sound.Illegal, sound.Move}, p.played, "the computer's reply h9g7")

	// The switch, from the menu: off stops the sounds at once and silences what follows.
	u.tapButton("Menu")
	u.tapButton("Sound: on")
	assert.False(t, c.Settings().Sound)
	assert.Equal(t, 1, p.stops, "turning sound off stops what is playing")
	u.tapButton("Close")
	n := len(p.played)
	u.tapSquare("e2")
	u.tapSquare("e6") // the cannon takes the soldier on e6
	pumpUntil(t, c, q, 5*time.Second, func() bool { return !c.Thinking() && len(c.Moves()) == 4 })
	u.tapSquare("a0")
	u.tapSquare("e9") // refused
	assert.Len(t, p.played, n, "nothing plays while the sound is off: %v", p.played[n:])

	c.SetSound(true)
	u.tapSquare("a0")
	u.tapSquare("a1")
	assert.Equal(t, sound.Move, p.played[len(p.played)-1], "on again")
	stops := p.stops
	c.Pause()
	assert.Equal(t, stops+1, p.stops, "pausing the app stops the sounds")
}

// TestRestoredGameComputerToMove: a saved game in which the computer is to move is restored
// and the computer's move is heard; with the sound off in the save, it is not.
func TestRestoredGameComputerToMove(t *testing.T) {
	for _, on := range []bool{true, false} {
		dir := t.TempDir()
		g := xiangqi.NewGame(xiangqi.Start())
		_, err := g.PushString("h2e2")
		require.NoError(t, err)
		set := controller.DefaultSettings()
		set.Sound = on
		require.NoError(t, (&controller.Store{Dir: dir}).Save(controller.Encode(g, set)))

		q := newQueue()
		p := &fakePlayer{}
		c := controller.New(controller.Config{Dir: dir, Post: q.post, Engine: replyEngine("h7e7"), Sound: p})
		pumpUntil(t, c, q, 5*time.Second, func() bool { return len(c.Moves()) == 2 })
		if on {
			assert.Equal(t, []sound.Kind{sound.Move}, p.played, "the computer's move h7e7 is heard")
		} else {
			assert.Empty(t, p.played, "sound off: nothing is heard")
		}
		c.Close()
	}
}

// TestNoAudioDevice: a player that cannot open the audio device reports it once; the game
// goes on, the status line says so until the next move, and the menu keeps saying it.
func TestNoAudioDevice(t *testing.T) {
	q := newQueue()
	c := controller.New(controller.Config{Dir: t.TempDir(), Post: q.post, Engine: replyEngine("h9g7"), Sound: &fakePlayer{}})
	defer c.Close()
	u := &ui{t: t, c: c, r: render.NewRenderer(), w: 600, h: 800}
	before := c.View().Detail
	c.Handle(controller.SoundUnavailable{Err: errors.New("no audio device")})
	assert.Equal(t, "No sound: no audio output could be opened", c.View().Detail)
	assert.EqualError(t, c.SoundError(), "no audio device")
	u.tapSquare("h2")
	u.tapSquare("e2")
	pumpUntil(t, c, q, 5*time.Second, func() bool { return !c.Thinking() && len(c.Moves()) == 2 })
	assert.Equal(t, before, c.View().Detail, "the notice is gone after the next move")
	u.tapButton("Menu")
	u.tapButton("Sound: on (no audio output)")
	assert.False(t, c.Settings().Sound, "the switch still works")
}
