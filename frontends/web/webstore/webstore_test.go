package webstore_test

import (
	"context"
	"errors"
	"io/fs"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/frontends/app/controller"
	"github.com/cotuong-ai/cotuong/frontends/web/webstore"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/cotuong-ai/cotuong/levels"
)

var now = time.Date(2026, 12, 1, 9, 8, 7, 0, time.UTC)

// open starts the app's controller on kv, as the page does, with an engine that answers
// nothing (these tests play only the person's moves).
func open(t *testing.T, kv webstore.KV) *controller.Controller {
	t.Helper()
	c := controller.New(controller.Config{Storage: webstore.Storage{KV: kv}, Now: func() time.Time { return now },
		Engine: func(ctx context.Context, _ *xiangqi.Game, _ levels.Level) (xiangqi.Move, bool) {
			<-ctx.Done()
			return xiangqi.NoMove, false
		}})
	t.Cleanup(c.Close)
	return c
}

func play(t *testing.T, c *controller.Controller, uci string) {
	t.Helper()
	pos := c.Position()
	m, err := pos.ParseMove(uci)
	require.NoError(t, err)
	c.SelectSquare(m.From())
	require.True(t, c.SelectSquare(m.To()), uci)
}

// TestRoundTrip: what the page saved is what the next page load shows: the game (here the
// person plays Black, so the computer's opening move is in it) and every setting.
func TestRoundTrip(t *testing.T) {
	kv := &webstore.Memory{}
	c := open(t, kv)
	c.SetLevel(levels.Hard)
	c.SetLabels(controller.VietnameseLabels)
	c.SetSound(false)
	play(t, c, "h2e2")
	require.NoError(t, c.Flush())
	want := "cotuong-xiangqi-save 1\ngame startpos moves h2e2\nlevel Casual\nhuman red\nlabels vietnamese\nsound off\nend\n"
	assert.Equal(t, map[string]string{"cotuong/game.txt": want}, kv.Items())
	c.Close()

	c2 := open(t, kv)
	assert.Equal(t, "startpos moves h2e2", c2.GameString())
	assert.Equal(t, controller.Settings{Level: levels.Hard, Human: xiangqi.Red, Labels: controller.VietnameseLabels, Sound: false}, c2.Settings())
	assert.Nil(t, c2.View().Dialog, "a good save opens without a message")
	assert.Equal(t, "localStorage cotuong/game.txt", c2.SavePath())
}

// TestCorruptSaves: a damaged save is copied to a game.corrupt-<time>.txt key (a second one
// at the same second gets "-1"), the player is told, and what can be trusted is recovered:
// the legal moves before a bad one; nothing of a save cut short.
func TestCorruptSaves(t *testing.T) {
	bad := "cotuong-xiangqi-save 1\ngame startpos moves h2e2 h9g7 a0a5\nlevel Easy\nhuman red\nlabels chinese\nsound on\nend\n"
	kv := &webstore.Memory{}
	require.NoError(t, kv.SetItem(webstore.SaveKey, bad))
	c := open(t, kv)
	assert.Equal(t, "startpos moves h2e2 h9g7", c.GameString(), "a0a5 jumps Red's own soldier on a3: two moves recovered")
	assert.Equal(t, levels.Easy, c.Settings().Level)
	require.NotNil(t, c.View().Dialog)
	assert.Equal(t, "The saved game could not be read in full (move 3, a0a5, is not legal there): recovered 2 moves, and the damaged file was kept as game.corrupt-20261201-090807.txt.",
		c.View().Dialog.Text[0])
	require.NoError(t, c.Flush())
	items := kv.Items()
	assert.Equal(t, bad, items["cotuong/game.corrupt-20261201-090807.txt"], "kept aside whole")
	assert.Contains(t, items[webstore.SaveKey], "game startpos moves h2e2 h9g7\n", "the recovered game is saved")
	c.Close()

	cut := "cotuong-xiangqi-save 1\ngame startpos moves h2e2 h9g7\nlevel Hard\nhum"
	require.NoError(t, kv.SetItem(webstore.SaveKey, cut))
	c = open(t, kv)
	assert.Equal(t, "startpos", c.GameString(), "a save cut short: its game is not trusted")
	assert.Equal(t, levels.Hard, c.Settings().Level, "its settings lines that parse are kept")
	require.NotNil(t, c.View().Dialog)
	assert.Contains(t, c.View().Dialog.Text[0], "(it was cut short): a new game has started, and the damaged file was kept as game.corrupt-20261201-090807-1.txt.")
	assert.Equal(t, cut, kv.Items()["cotuong/game.corrupt-20261201-090807-1.txt"])
	assert.Equal(t, bad, kv.Items()["cotuong/game.corrupt-20261201-090807.txt"], "the first one is not overwritten")
}

// failing is a KV whose calls fail as chosen: a full quota on SetItem, an unreadable store.
type failing struct {
	webstore.Memory
	setErr, getErr error
}

func (f *failing) SetItem(k, v string) error {
	if f.setErr != nil {
		return f.setErr
	}
	return f.Memory.SetItem(k, v)
}

func (f *failing) GetItem(k string) (string, bool, error) {
	if f.getErr != nil {
		return "", false, f.getErr
	}
	return f.Memory.GetItem(k)
}

// TestStorageFailures: a full quota shows "Not saved" and the game goes on; a damaged save
// that cannot be copied aside stays where it is and is never overwritten; an unreadable store
// is reported as such.
func TestStorageFailures(t *testing.T) {
	quota := errors.New("QuotaExceededError: the quota has been exceeded")
	kv := &failing{setErr: quota}
	c := open(t, kv)
	play(t, c, "h2e2")
	assert.ErrorIs(t, c.Flush(), quota)
	assert.Equal(t, "Not saved: saving the game in cotuong/game.txt: QuotaExceededError: the quota has been exceeded", c.View().Detail)
	assert.Equal(t, "startpos moves h2e2", c.GameString(), "the game goes on")
	c.Close()

	kv = &failing{}
	require.NoError(t, kv.Memory.SetItem(webstore.SaveKey, "not a save"))
	kv.setErr = quota
	c = open(t, kv)
	require.NotNil(t, c.View().Dialog)
	assert.Contains(t, c.View().Dialog.Text[0], "(it is not a Cờ Tướng save file): a new game has started, and the damaged file could not be moved aside, so this game will not be saved over it.")
	play(t, c, "h2e2")
	c.Flush()
	assert.Equal(t, "not a save", kv.Items()[webstore.SaveKey], "the damaged save is left as it was")
	assert.Equal(t, "Not saved: a damaged save is in the way", c.View().Detail)
	c.Close()

	st := webstore.Storage{KV: &failing{getErr: errors.New("SecurityError: access is denied")}}
	_, err := st.Read()
	assert.ErrorContains(t, err, "reading cotuong/game.txt: SecurityError: access is denied")
	_, err = webstore.Storage{KV: &webstore.Memory{}}.Read()
	assert.ErrorIs(t, err, fs.ErrNotExist)
}
