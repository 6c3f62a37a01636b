package controller_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/frontends/app/controller"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
)

// play moves from one square to another by two touches, as a person does.
func play(t *testing.T, c *controller.Controller, from, to string) {
	t.Helper()
	c.SelectSquare(sq(from))
	require.True(t, c.SelectSquare(sq(to)), "%s%s is played", from, to)
}

// TestTwoPlayers: a two-player game chosen in the new-game options has no computer move; either
// side is moved by touches in turn; the board turns to the side to move unless the switch keeps
// it; Undo takes back one move; the save says "players two" (and "turn off") and restores so.
func TestTwoPlayers(t *testing.T) {
	dir := t.TempDir()
	fake := newFake(3, 0, 0)
	q := newQueue()
	c := controller.New(controller.Config{Dir: dir, Post: q.post, Engine: fake.engine()})
	defer c.Close()
	tapAction(c, controller.ActMenu)
	tapAction(c, controller.ActNewOptions)
	tapAction(c, controller.ActOpponent)
	if d := c.View().Dialog; assert.NotNil(t, d) {
		assert.Equal(t, "Opponent: a second player here", d.Buttons[0].Label)
		assert.Contains(t, d.Text[0], "Red, the stronger player, starts without")
	}
	tapAction(c, controller.ActStartEven)
	require.True(t, c.Settings().TwoPlayers)
	assert.Nil(t, c.View().Dialog, "no game in progress: no question")

	v := c.View()
	assert.False(t, v.Flipped, "Red to move: Red at the bottom")
	assert.Equal(t, "Red to move", v.Status)
	assert.Equal(t, "Two players · the board turns", v.Detail)
	play(t, c, "h2", "e2")
	v = c.View()
	assert.True(t, v.Flipped, "the board turns for Black")
	assert.Equal(t, "Black to move", v.Status)
	assert.False(t, c.Thinking(), "no computer")
	// A red piece cannot be touched on Black's turn; a black one can.
	assert.False(t, c.SelectSquare(sq("e3")))
	play(t, c, "h9", "g7")
	play(t, c, "h0", "g2")
	assert.True(t, c.View().Flipped)
	assert.Equal(t, "startpos moves h2e2 h9g7 h0g2", c.GameString())
	assert.Zero(t, fake.callCount(), "the computer is never asked")

	require.True(t, c.Undo())
	assert.Equal(t, "startpos moves h2e2 h9g7", c.GameString(), "Undo takes back one move")
	assert.False(t, c.View().Flipped, "Red to move again")

	// The switch keeps Red at the bottom.
	tapAction(c, controller.ActMenu)
	require.Equal(t, "Board turns: on", c.View().Dialog.Buttons[11].Label)
	tapAction(c, controller.ActTurnBoard)
	assert.Equal(t, "Board turns: off", c.View().Dialog.Buttons[11].Label)
	tapAction(c, controller.ActClose)
	play(t, c, "h0", "g2")
	assert.False(t, c.View().Flipped, "Black to move, the board stays")
	require.NoError(t, c.Flush())
	data, err := os.ReadFile(filepath.Join(dir, controller.SaveName))
	require.NoError(t, err)
	assert.Contains(t, string(data), "\nplayers two\nturn off\n")

	d := controller.New(controller.Config{Dir: dir, Post: newQueue().post, Engine: fake.engine()})
	defer d.Close()
	assert.True(t, d.Settings().TwoPlayers)
	assert.True(t, d.Settings().KeepBoard)
	assert.Equal(t, "startpos moves h2e2 h9g7 h0g2", d.GameString())
	assert.False(t, d.Thinking(), "Black to move in a restored two-player game: no search")
	assert.Zero(t, fake.callCount())
}

// TestTwoPlayersEnd: a two-player game's end names the winning side, not "you" or "the
// computer".
func TestTwoPlayersEnd(t *testing.T) {
	dir := t.TempDir()
	start, err := xiangqi.ParseFEN("4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1")
	require.NoError(t, err)
	set := controller.DefaultSettings()
	set.TwoPlayers = true
	require.NoError(t, (&controller.Store{Dir: dir}).Save(controller.Encode(xiangqi.NewGame(start), set)))
	c := controller.New(controller.Config{Dir: dir, Post: newQueue().post, Engine: newFake(1, 0, 0).engine()})
	defer c.Close()
	play(t, c, "b0", "b9")
	v := c.View()
	assert.NotContains(t, v.Status, "you")
	assert.NotContains(t, v.Status, "computer")
	if assert.NotNil(t, v.Dialog) {
		assert.Equal(t, "Red wins. Well played.", v.Dialog.Text[0])
	}
}

// TestHandicapStarts: each handicap start is the start position without the giver's pieces
// (the FENs written by hand); against the computer the computer gives it, with two players Red
// does; the label names it and the save keeps it.
func TestHandicapStarts(t *testing.T) {
	const rest = "/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/"
	cases := []struct {
		two   bool
		human xiangqi.Color
		h     controller.Handicap
		fen   string
		label string
	}{
		{false, xiangqi.Red, controller.HandicapHorse, "r1bakabnr" + rest + "RNBAKABNR w - - 0 1", "Handicap: the computer without a horse"},
		{false, xiangqi.Red, controller.HandicapChariot, "1nbakabnr" + rest + "RNBAKABNR w - - 0 1", "Handicap: the computer without a chariot"},
		{false, xiangqi.Red, controller.HandicapHorses, "r1bakab1r" + rest + "RNBAKABNR w - - 0 1", "Handicap: the computer without both horses"},
		{false, xiangqi.Black, controller.HandicapHorse, "rnbakabnr" + rest + "R1BAKABNR w - - 0 1", "Handicap: the computer without a horse"},
		{false, xiangqi.Black, controller.HandicapChariot, "rnbakabnr" + rest + "1NBAKABNR w - - 0 1", "Handicap: the computer without a chariot"},
		{true, xiangqi.Red, controller.HandicapHorse, "rnbakabnr" + rest + "R1BAKABNR w - - 0 1", "Handicap: Red without a horse"},
		{true, xiangqi.Red, controller.HandicapChariot, "rnbakabnr" + rest + "1NBAKABNR w - - 0 1", "Handicap: Red without a chariot"},
		{true, xiangqi.Red, controller.HandicapHorses, "rnbakabnr" + rest + "R1BAKAB1R w - - 0 1", "Handicap: Red without both horses"},
	}
	for _, tc := range cases {
		dir := t.TempDir()
		set := controller.DefaultSettings()
		set.Human = tc.human
		require.NoError(t, (&controller.Store{Dir: dir}).Save(controller.Encode(xiangqi.NewGame(xiangqi.Start()), set)))
		c := controller.New(controller.Config{Dir: dir, Post: newQueue().post, Engine: newFake(1, 0, 0).engine()})
		c.Pause() // the computer playing Red does not move: the start stays to be read
		c.NewGameWith(tc.two, tc.h)
		pos := c.Position()
		assert.Equal(t, tc.fen, pos.FEN(), "%+v", tc)
		assert.Equal(t, tc.label, c.HandicapLabel())
		assert.Equal(t, "fen "+tc.fen, c.GameString(), "the game record starts from the handicap FEN")
		if !tc.two {
			assert.Contains(t, c.View().Detail, tc.label)
		}
		require.NoError(t, c.Flush())
		c.Close()
		d := controller.New(controller.Config{Dir: dir, Post: newQueue().post, Engine: newFake(1, 0, 0).engine()})
		d.Pause()
		assert.Equal(t, tc.label, d.HandicapLabel(), "the save keeps the handicap")
		d.Close()
	}
	// Through the menu: the options dialog says who gives it.
	c := controller.New(controller.Config{Post: newQueue().post, Engine: newFake(1, 0, 0).engine()})
	defer c.Close()
	tapAction(c, controller.ActMenu)
	tapAction(c, controller.ActNewOptions)
	d := c.View().Dialog
	require.NotNil(t, d)
	assert.Contains(t, d.Text[0], "traditionally the stronger player gives it, so the computer starts without")
	assert.Equal(t, "The computer without a chariot", d.Buttons[3].Label)
	tapAction(c, d.Buttons[3].Action)
	assert.Equal(t, "Handicap: the computer without a chariot", c.HandicapLabel())
	assert.False(t, c.Settings().TwoPlayers)
}

// TestNewOptionsAsksFirst: a new game from the options abandons a game in progress only when
// confirmed.
func TestNewOptionsAsksFirst(t *testing.T) {
	c := controller.New(controller.Config{Post: newQueue().post, Engine: newFake(1, 0, 0).engine()})
	defer c.Close()
	c.NewGameWith(true, controller.NoHandicap)
	play(t, c, "h2", "e2")
	tapAction(c, controller.ActMenu)
	tapAction(c, controller.ActNewOptions)
	tapAction(c, controller.ActStartEven)
	if d := c.View().Dialog; assert.NotNil(t, d) {
		assert.Equal(t, []string{"The game in progress will be abandoned."}, d.Text)
	}
	tapAction(c, controller.ActClose)
	assert.Len(t, c.Moves(), 1, "cancelled: the game stays")
	tapAction(c, controller.ActMenu)
	tapAction(c, controller.ActNewOptions)
	tapAction(c, controller.ActStartEven)
	tapAction(c, controller.ActYesOptions)
	assert.Empty(t, c.Moves())
	assert.True(t, c.Settings().TwoPlayers)
}

// TestOldSaveRestores: a save written before two players existed (no players or turn line)
// restores a game against the computer as before, and such a game is saved without the new
// lines.
func TestOldSaveRestores(t *testing.T) {
	old := "cotuong-xiangqi-save 1\ngame startpos moves h2e2 h9g7\nlevel Novice\nhuman red\nlabels chinese\nsound on\nend\n"
	g, set, err := controller.Decode([]byte(old))
	require.NoError(t, err)
	assert.False(t, set.TwoPlayers)
	assert.False(t, set.KeepBoard)
	assert.Equal(t, old, string(controller.Encode(g, set)), "the old format is what a game against the computer still writes")
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, controller.SaveName), []byte(old), 0o644))
	c := controller.New(controller.Config{Dir: dir, Post: newQueue().post, Engine: newFake(1, 0, 0).engine()})
	defer c.Close()
	assert.False(t, c.Settings().TwoPlayers)
	assert.Equal(t, "startpos moves h2e2 h9g7", c.GameString())
	assert.Equal(t, "Your move", c.View().Status)
	assert.Empty(t, c.HandicapLabel())

	for _, bad := range []string{"players three", "turn sideways"} {
		_, _, err := controller.Decode([]byte(strings.Replace(old, "sound on\n", "sound on\n"+bad+"\n", 1)))
		assert.Error(t, err, bad)
	}
}
