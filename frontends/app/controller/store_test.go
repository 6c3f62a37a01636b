package controller_test

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/frontends/app/controller"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/cotuong-ai/cotuong/levels"
)

// randomGame plays n random legal moves from the start (fewer if the game ends).
func randomGame(t *testing.T, rng *rand.Rand, n int) *xiangqi.Game {
	g := xiangqi.NewGame(xiangqi.Start())
	for i := 0; i < n && g.Result().Status == xiangqi.Ongoing; i++ {
		pos := g.Position()
		moves := pos.LegalMoves(nil)
		require.NoError(t, g.Push(moves[rng.IntN(len(moves))]))
	}
	return g
}

func TestEncodeDecodeRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for i := 0; i < 50; i++ {
		g := randomGame(t, rng, rng.IntN(80))
		set := controller.Settings{Level: levels.All()[rng.IntN(4)], Human: xiangqi.Color(rng.IntN(2)),
			Labels: controller.Labels(rng.IntN(2)), Sound: rng.IntN(2) == 0}
		if set.Human != xiangqi.Red {
			set.Human = xiangqi.Black
		}
		data := controller.Encode(g, set)
		g2, set2, err := controller.Decode(data)
		require.NoError(t, err, "%s", data)
		assert.Equal(t, g.String(), g2.String())
		assert.Equal(t, g.Moves(), g2.Moves())
		assert.Equal(t, set, set2)
		p1, p2 := g.Position(), g2.Position()
		assert.Equal(t, p1.FEN(), p2.FEN())
	}
	// The format, written out: a reader of the file sees the game in the game's own encoding.
	g := xiangqi.NewGame(xiangqi.Start())
	require.NoError(t, g.Push(mustMove(t, g.Position(), "h2e2")))
	assert.Equal(t, "cotuong-xiangqi-save 1\ngame startpos moves h2e2\nlevel Novice\nhuman red\nlabels chinese\nsound on\nend\n",
		string(controller.Encode(g, controller.DefaultSettings())))
}

func TestDecodeErrors(t *testing.T) {
	good := "cotuong-xiangqi-save 1\ngame startpos moves h2e2\nlevel Medium\nhuman red\nlabels chinese\nsound on\nend\n"
	cases := map[string]string{
		"":        "empty",
		"hello\n": "line 1: not a cotuong save",
		strings.Replace(good, "h2e2", "h2h9x", 1):                  "line 2 (game)",
		strings.Replace(good, "h2e2", "a0a5", 1):                   "line 2 (game)", // illegal: a rook may not jump the soldier on a3
		strings.Replace(good, "Medium", "Grandmaster", 1):          "line 3 (level)",
		strings.Replace(good, "human red", "human blue", 1):        "line 4 (human)",
		strings.Replace(good, "chinese", "klingon", 1):             "line 5 (labels)",
		strings.Replace(good, "sound on", "sound loud", 1):         "line 6 (sound)",
		strings.Replace(good, "game startpos moves h2e2\n", "", 1): `"game" line is missing`,
		strings.Replace(good, "sound on", "Colour blue", 1):        `unknown key "Colour"`,
		strings.Replace(good, "sound on", "\x00\x01 x", 1):         `unknown key`,
		strings.Replace(good, "level Medium", "human red", 1):      `"human" given twice`,
		good + "more\n":    "after the end line",
		good[:len(good)-4]: "cut short",
	}
	for in, want := range cases {
		_, _, err := controller.Decode([]byte(in))
		if assert.Error(t, err, "%q", in) {
			assert.Contains(t, err.Error(), want, "%q", in)
		}
	}
	// Every truncation of a good file is refused, except dropping the final newline.
	for n := 0; n < len(good)-1; n++ {
		_, _, err := controller.Decode([]byte(good[:n]))
		assert.Error(t, err, "truncated to %d bytes: %q", n, good[:n])
	}
	_, _, err := controller.Decode([]byte(good[:len(good)-1]))
	assert.NoError(t, err)
}

// TestDecodeFutureSetting: a save written by a newer build, with setting lines this build
// does not know (once, twice, with or without a value, between known lines), reads whole: the
// game and the known settings are kept and it is no damage; the controller loads it without
// keeping it aside or telling the player.
func TestDecodeFutureSetting(t *testing.T) {
	save := "cotuong-xiangqi-save 1\ngame startpos moves h2e2 h9g7\nfuture-setting 1\nlevel Casual\nhuman black\n" +
		"board-theme2 wood\nboard-theme2 dark\nlabels vietnamese\nnew-flag\nsound off\nend\n"
	g, set, err := controller.Decode([]byte(save))
	require.NoError(t, err)
	assert.Equal(t, "startpos moves h2e2 h9g7", g.String())
	assert.Equal(t, "Casual", set.Level.Name)
	assert.Equal(t, xiangqi.Black, set.Human)
	assert.Equal(t, controller.VietnameseLabels, set.Labels)
	assert.False(t, set.Sound)

	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, controller.SaveName), []byte(save), 0o644))
	r := controller.Store{Dir: dir}.Load()
	require.NoError(t, r.Problem)
	assert.Empty(t, r.Reason)
	assert.Empty(t, r.KeptAs)
	assert.False(t, r.Recovered)
	require.NotNil(t, r.Game)
	assert.Equal(t, "startpos moves h2e2 h9g7", r.Game.String())
	c := controller.New(controller.Config{Dir: dir, Post: newQueue().post, Engine: newFake(1, 0, 0).engine()})
	defer c.Close()
	assert.Nil(t, c.View().Dialog, "no word of damage")
	assert.True(t, strings.HasPrefix(c.GameString(), "startpos moves h2e2 h9g7"), c.GameString())
	matches, _ := filepath.Glob(filepath.Join(dir, "game.corrupt-*"))
	assert.Empty(t, matches, "nothing kept aside")

	// Still damage: a missing game line, a bad game line, a cut file.
	for in, want := range map[string]string{
		strings.Replace(save, "game startpos moves h2e2 h9g7\n", "", 1): `"game" line is missing`,
		strings.Replace(save, "h9g7", "h9h0", 1):                        "line 2 (game)",
		save[:len(save)-4]:                                              "cut short",
	} {
		_, _, err := controller.Decode([]byte(in))
		if assert.Error(t, err, "%q", in) {
			assert.Contains(t, err.Error(), want)
		}
	}
}

// TestCorruptSaveKeptAside: a corrupt save is moved aside unchanged, the player is told, and a
// new game starts and is saved.
func TestCorruptSaveKeptAside(t *testing.T) {
	for name, content := range map[string]string{
		"garbage":   "\x00\x01 not a save at all",
		"truncated": "cotuong-xiangqi-save 1\ngame startpos moves h2e2 h9g7\nlevel Med",
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			save := filepath.Join(dir, controller.SaveName)
			require.NoError(t, os.WriteFile(save, []byte(content), 0o644))
			now := time.Date(2026, 11, 29, 10, 11, 12, 0, time.UTC)
			c := controller.New(controller.Config{Dir: dir, Post: newQueue().post, Engine: newFake(1, 0, 0).engine(),
				Now: func() time.Time { return now }})
			defer c.Close()
			kept := filepath.Join(dir, "game.corrupt-20261129-101112.txt")
			data, err := os.ReadFile(kept)
			require.NoError(t, err, "the corrupt save is kept aside")
			assert.Equal(t, content, string(data), "unchanged")
			v := c.View()
			require.NotNil(t, v.Dialog, "the player is told")
			assert.Contains(t, v.Dialog.Text[0], "could not be read")
			assert.Contains(t, v.Dialog.Text[0], "game.corrupt-20261129-101112.txt")
			assert.Empty(t, c.Moves(), "a new game")
			g, _ := readSave(t, dir)
			assert.Equal(t, "startpos", g.String(), "the new game is saved")
			// A second corrupt save in the same second gets its own name.
			require.NoError(t, os.WriteFile(save, []byte("junk"), 0o644))
			c2 := controller.New(controller.Config{Dir: dir, Post: newQueue().post, Engine: newFake(1, 0, 0).engine(),
				Now: func() time.Time { return now }})
			defer c2.Close()
			data, err = os.ReadFile(filepath.Join(dir, "game.corrupt-20261129-101112-1.txt"))
			require.NoError(t, err)
			assert.Equal(t, "junk", string(data))
			data, err = os.ReadFile(kept)
			require.NoError(t, err)
			assert.Equal(t, content, string(data), "the first one is not overwritten")
		})
	}
}

// TestUnwritableFolder: the data folder's parent is a regular file, so the folder cannot be
// made (even by root). The game goes on and the player sees that it is not saved.
func TestUnwritableFolder(t *testing.T) {
	base := t.TempDir()
	file := filepath.Join(base, "plain-file")
	require.NoError(t, os.WriteFile(file, []byte("x"), 0o644))
	dir := filepath.Join(file, "cotuong")
	q := newQueue()
	c := controller.New(controller.Config{Dir: dir, Post: q.post, Engine: newFake(2, 0, 0).engine()})
	defer c.Close()
	require.Error(t, c.SaveError())
	assert.Contains(t, c.View().Detail, "Not saved")
	assert.Contains(t, c.SaveError().Error(), "not a directory", "the real cause, not a claim that a save was unreadable")
	assert.Nil(t, c.View().Dialog, "there was no save to complain about")
	assert.Equal(t, "Not saved: not a directory", c.View().Detail, "the cause, short enough for the status line")
	c.SelectSquare(sq("h2"))
	require.True(t, c.SelectSquare(sq("e2")), "the game goes on")
	pumpUntil(t, c, q, 5*time.Second, func() bool { return !c.Thinking() })
	assert.Len(t, c.Moves(), 2)
	assert.Error(t, c.SaveError())
	_, err := os.Stat(dir)
	assert.Error(t, err)
}

// BenchmarkStoreSave measures one atomic save (write, fsync, rename, folder fsync): the time
// the UI goroutine spent per move before saves moved to the background saver.
func BenchmarkStoreSave(b *testing.B) {
	s := controller.Store{Dir: b.TempDir()}
	data := controller.Encode(xiangqi.NewGame(xiangqi.Start()), controller.DefaultSettings())
	for i := 0; i < b.N; i++ {
		if err := s.Save(data); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSaveOnUI measures what a save costs the UI goroutine now: a settings change
// encodes a snapshot and hands it to the background saver.
func BenchmarkSaveOnUI(b *testing.B) {
	c := controller.New(controller.Config{Dir: b.TempDir(), Post: newQueue().post, Engine: newFake(1, 0, 0).engine()})
	defer c.Close()
	for i := 0; i < b.N; i++ {
		c.SetSound(i%2 == 0)
	}
}

// TestSaveIsAtomic: no temporary file is left behind and the save is replaced, not appended.
func TestSaveIsAtomic(t *testing.T) {
	dir := t.TempDir()
	s := controller.Store{Dir: filepath.Join(dir, "a", "b")}
	require.NoError(t, s.Save([]byte("first, longer content\n")))
	require.NoError(t, s.Save([]byte("second\n")))
	data, err := os.ReadFile(s.Path())
	require.NoError(t, err)
	assert.Equal(t, "second\n", string(data))
	entries, err := os.ReadDir(filepath.Dir(s.Path()))
	require.NoError(t, err)
	require.Len(t, entries, 1, "only the save file remains")
	assert.Equal(t, controller.SaveName, entries[0].Name())
}

func TestMissingSaveStartsNewGame(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "new-folder")
	c := controller.New(controller.Config{Dir: dir, Post: newQueue().post, Engine: newFake(1, 0, 0).engine()})
	defer c.Close()
	assert.Nil(t, c.View().Dialog, "no message for a first start")
	assert.Empty(t, c.Moves())
	g, s := readSave(t, dir)
	assert.Equal(t, "startpos", g.String())
	assert.Equal(t, controller.DefaultSettings(), s)
}

// TestUnreadableSaveLeftInPlace: when a corrupt save cannot be moved aside (here every name
// it could be moved to is taken), the app never writes over it and says the game is not saved.
func TestUnreadableSaveLeftInPlace(t *testing.T) {
	dir := t.TempDir()
	save := filepath.Join(dir, controller.SaveName)
	require.NoError(t, os.WriteFile(save, []byte("damaged"), 0o644))
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	// Take every name keepAside may choose.
	require.NoError(t, os.WriteFile(filepath.Join(dir, "game.corrupt-20260102-030405.txt"), nil, 0o644))
	for i := 1; i < 100; i++ {
		require.NoError(t, os.WriteFile(filepath.Join(dir, "game.corrupt-20260102-030405-"+strconv.Itoa(i)+".txt"), nil, 0o644))
	}
	c := controller.New(controller.Config{Dir: dir, Post: newQueue().post, Engine: newFake(1, 0, 0).engine(),
		Now: func() time.Time { return now }})
	defer c.Close()
	v := c.View()
	require.NotNil(t, v.Dialog)
	assert.Contains(t, v.Dialog.Text[0], "could not be moved aside")
	c.SelectSquare(sq("h2"))
	require.True(t, c.SelectSquare(sq("e2")), "the game goes on")
	c.Pause()
	data, err := os.ReadFile(save)
	require.NoError(t, err)
	assert.Equal(t, "damaged", string(data), "never written over")
	assert.Contains(t, c.View().Detail, "Not saved")
}
