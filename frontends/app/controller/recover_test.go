package controller_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/frontends/app/controller"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/cotuong-ai/cotuong/levels"
)

// TestBadMoveRecovered: a save whose third move was made illegal by hand (a0a5: the chariot
// cannot jump Red's own soldier on a3) is kept aside, its settings are kept (Easy, Black,
// Vietnamese, sound off, not the defaults), the first two moves are recovered, and the player
// is told so in one plain sentence.
func TestBadMoveRecovered(t *testing.T) {
	dir := t.TempDir()
	content := "cotuong-xiangqi-save 1\ngame startpos moves h2e2 h9g7 a0a5 b9c7\nlevel Easy\nhuman black\nlabels vietnamese\nsound off\nend\n"
	require.NoError(t, os.WriteFile(filepath.Join(dir, controller.SaveName), []byte(content), 0o644))
	now := time.Date(2026, 11, 29, 10, 11, 12, 0, time.UTC)
	c := controller.New(controller.Config{Dir: dir, Post: newQueue().post, Engine: newFake(1, 0, 0).engine(),
		Now: func() time.Time { return now }})
	defer c.Close()

	data, err := os.ReadFile(filepath.Join(dir, "game.corrupt-20261129-101112.txt"))
	require.NoError(t, err, "the damaged save is kept aside")
	assert.Equal(t, content, string(data))
	assert.Equal(t, controller.Settings{Level: levels.Easy, Human: xiangqi.Black, Labels: controller.VietnameseLabels, Sound: false},
		c.Settings(), "the settings lines that parse are kept")
	assert.Equal(t, "startpos moves h2e2 h9g7", c.GameString(), "recovered up to the last legal move")

	v := c.View()
	require.NotNil(t, v.Dialog)
	msg := v.Dialog.Text[0]
	assert.Equal(t, "The saved game could not be read in full (move 3, a0a5, is not legal there): recovered 2 moves, and the damaged file was kept as game.corrupt-20261129-101112.txt.", msg)
	assert.NotContains(t, msg, "xiangqi:", "no raw error chain")

	require.NoError(t, c.Flush())
	g, s := readSave(t, dir)
	assert.Equal(t, "startpos moves h2e2 h9g7", g.String(), "the recovered game is saved")
	assert.Equal(t, levels.Easy, s.Level)
}

// TestBadSettingLineKeepsGame: one bad settings line costs only that setting.
func TestBadSettingLineKeepsGame(t *testing.T) {
	c := openSave(t, "cotuong-xiangqi-save 1\ngame startpos moves h2e2\nlevel Grandmaster\nhuman black\nlabels vietnamese\nsound off\nend\n")
	assert.Equal(t, "startpos moves h2e2", c.GameString())
	assert.Equal(t, controller.Settings{Level: levels.Default, Human: xiangqi.Black, Labels: controller.VietnameseLabels, Sound: false}, c.Settings())
	require.NotNil(t, c.View().Dialog)
	assert.Contains(t, c.View().Dialog.Text[0], "(its level line is damaged): recovered 1 move,")
}

// TestSeveralBadSettingLinesAreAllNamed: every damaged setting is named, since each is reset.
func TestSeveralBadSettingLinesAreAllNamed(t *testing.T) {
	c := openSave(t, "cotuong-xiangqi-save 1\ngame startpos moves h2e2\nlevel Impossible\nhuman purple\nlabels klingon\nsound off\nend\n")
	assert.Equal(t, "startpos moves h2e2", c.GameString())
	require.NotNil(t, c.View().Dialog)
	assert.Contains(t, c.View().Dialog.Text[0], "(its level, human and labels lines are damaged): recovered 1 move,")
}

// TestTruncatedKeepsSettingsNotGame: a save cut short is treated as corrupt (new game) but the
// complete settings lines before the cut are kept; the half-written last line is not trusted.
func TestTruncatedKeepsSettingsNotGame(t *testing.T) {
	c := openSave(t, "cotuong-xiangqi-save 1\ngame startpos moves h2e2 h9g7\nlevel Easy\nhuman black\nlabels viet")
	s := c.Settings()
	assert.Equal(t, levels.Easy, s.Level)
	assert.Equal(t, xiangqi.Black, s.Human)
	assert.Equal(t, controller.ChineseLabels, s.Labels, "the cut line is not trusted")
	require.NotNil(t, c.View().Dialog)
	msg := c.View().Dialog.Text[0]
	assert.True(t, strings.HasPrefix(msg, "The saved game could not be read in full (it was cut short): a new game has started, and the damaged file was kept as game.corrupt-"), msg)
	assert.Equal(t, 1, strings.Count(msg, "."+" ")+1, "one sentence: %q", msg)
	assert.LessOrEqual(t, len(c.Moves()), 1, "a new game (the computer, Red, may have opened)")
}

// TestTruncatedLineThatStillParses: "game startpos moves h2e2 h9g" cut to "h9g7"'s prefix
// would fail, but a cut after a whole move ("... h2e2 h9g7" of "h9g7 b0c2") still parses: the
// unterminated last line is never trusted.
func TestTruncatedLineThatStillParses(t *testing.T) {
	good := "cotuong-xiangqi-save 1\nlevel Easy\nhuman red\nlabels chinese\nsound on\ngame startpos moves h2e2 h9g7 b0c2\nend\n"
	cut := good[:strings.Index(good, " b0c2")]
	_, _, err := controller.Decode([]byte(cut))
	require.Error(t, err)
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, controller.SaveName), []byte(cut), 0o644))
	res := (&controller.Store{Dir: dir}).Load()
	assert.Nil(t, res.Game)
	assert.Equal(t, levels.Easy, res.Settings.Level)
	assert.Equal(t, "it was cut short", res.Reason)
}

// openSave starts a controller on a data folder holding a save file with content (closed when
// the test ends).
func openSave(t *testing.T, content string) *controller.Controller {
	t.Helper()
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, controller.SaveName), []byte(content), 0o644))
	c := controller.New(controller.Config{Dir: dir, Post: newQueue().post, Engine: newFake(1, 0, 0).engine()})
	t.Cleanup(c.Close)
	return c
}

// TestOldSaveWithoutLabelsLine: a save written before the labels line existed (the first
// release's game, level, human and sound lines, with the old level name "Easy") is whole: it
// restores with the default labels, nothing is reported or kept aside, and the next save
// writes the labels line.
func TestOldSaveWithoutLabelsLine(t *testing.T) {
	dir := t.TempDir()
	old := "cotuong-xiangqi-save 1\ngame startpos moves h2e2 h9g7\nlevel Easy\nhuman black\nsound off\nend\n"
	require.NoError(t, os.WriteFile(filepath.Join(dir, controller.SaveName), []byte(old), 0o644))
	c := controller.New(controller.Config{Dir: dir, Post: newQueue().post, Engine: newFake(1, 0, 0).engine()})
	defer c.Close()

	assert.Nil(t, c.View().Dialog, "no message: the save is not damaged")
	assert.Equal(t, "startpos moves h2e2 h9g7", c.GameString())
	assert.Equal(t, controller.Settings{Level: levels.Easy, Human: xiangqi.Black, Labels: controller.ChineseLabels, Sound: false},
		c.Settings(), "the old level name maps as before; the missing labels line takes its default")
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	for _, e := range entries {
		assert.False(t, strings.Contains(e.Name(), "corrupt"), "nothing is kept aside: %s", e.Name())
	}
	require.NoError(t, c.Flush())
	c.SetSound(true)
	require.NoError(t, c.Flush())
	data, err := os.ReadFile(filepath.Join(dir, controller.SaveName))
	require.NoError(t, err)
	assert.Equal(t, "cotuong-xiangqi-save 1\ngame startpos moves h2e2 h9g7\nlevel Beginner\nhuman black\nlabels chinese\nsound on\nend\n", string(data))

	// Every settings line may be missing; the game line may not.
	g, s, err := controller.Decode([]byte("cotuong-xiangqi-save 1\ngame startpos moves h2e2\nend\n"))
	require.NoError(t, err)
	assert.Equal(t, "startpos moves h2e2", g.String())
	assert.Equal(t, controller.DefaultSettings(), s)
	_, _, err = controller.Decode([]byte("cotuong-xiangqi-save 1\nlevel Easy\nhuman black\nsound off\nend\n"))
	assert.ErrorContains(t, err, `the "game" line is missing`)
	res := controller.LoadFrom(&memStorage{save: []byte("cotuong-xiangqi-save 1\nlevel Easy\nhuman black\nsound off\nend\n")}, nil)
	assert.Equal(t, "its game line is missing", res.Reason)
	assert.Equal(t, levels.Easy, res.Settings.Level, "the settings it had are kept")
}
