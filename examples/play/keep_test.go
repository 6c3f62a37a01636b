package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/cotuong-ai/cotuong/engine"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// readText returns the text of the file name, or "" when it cannot be read.
func readText(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		return ""
	}
	return string(b)
}

// TestResumeSwapsGameInProgress: resume with a game in progress swaps the two (the game in
// progress takes the kept one's place in the file, and resume again goes back to it), and
// says so; quit then keeps the game played last, the other moved aside to a name it tells.
func TestResumeSwapsGameInProgress(t *testing.T) {
	dir := t.TempDir()
	keep := filepath.Join(dir, "unfinished.txt")
	aside := filepath.Join(dir, "unfinished-2.txt")
	out, _ := runIn(t, dir, "h2e2\nnew\nc3c4\nfen\nresume\nfen\nresume\nfen\nquit\n")
	has(t, out, "Your unfinished game is saved in "+keep+" (type resume to go on).\nNew game.")
	has(t, out, "Your game in progress (1 move each) is kept in "+keep+" in its place (type resume to go back to it).\n"+
		"Resumed the unfinished game from "+keep+" (1 move each; you play Red at level Novice: plays at about 1350 Elo).")
	f := fens(out)
	require.Len(t, f, 3, out)
	assert.NotEqual(t, f[0], f[1], "resume went to the kept game")
	assert.Equal(t, f[0], f[2], "resume again came back to the c3c4 game")
	has(t, out, "Your unfinished game is saved in "+keep+" (type resume to go on).\n"+
		"The game kept there before is now in "+aside+" (type load "+aside+" to go on with it).\nGoodbye.")
	assert.Regexp(t, `startpos moves c3c4 \S+\n`, readText(t, keep), "the game played last")
	assert.Regexp(t, `startpos moves h2e2 \S+\n`, readText(t, aside), "the game kept first, moved aside")

	out, _ = runIn(t, dir, "quit\n")
	has(t, out, "An unfinished game is kept in "+keep+" (type resume to go on).\n"+
		"Other unfinished games are kept in "+aside+" (type load FILE to go on with one).")

	// resume while playing the kept game itself changes nothing.
	out, _ = runIn(t, dir, "resume\nfen\nh0g2\nresume\nfen\nquit\n")
	has(t, out, "The unfinished game kept in "+keep+" is the game you are playing as it was a few moves ago"+
		" (type undo to take moves back).")
	f = fens(out)
	require.Len(t, f, 2, out)
	assert.NotEqual(t, f[0], f[1], "the game went on after h0g2 and was not taken back")
	assert.Regexp(t, `startpos moves c3c4 \S+ h0g2 \S+\n`, readText(t, keep), "the same game, gone on")
	_, err := os.Stat(filepath.Join(dir, "unfinished-3.txt"))
	assert.True(t, os.IsNotExist(err), "nothing to move aside: the file held an earlier state of the game")
}

// TestLoadKeepsGameInProgress: load FILE keeps the game in progress as new does (the game the
// autosave file held before moved aside, named), and the end of the input then keeps the
// loaded game without losing the one kept at load.
func TestLoadKeepsGameInProgress(t *testing.T) {
	dir := t.TempDir()
	keep := filepath.Join(dir, "unfinished.txt")
	file := filepath.Join(dir, "game.txt")
	out, _ := runIn(t, dir, "h2e2\nsave "+file+"\nnew\nc3c4\nload "+file+"\n")
	has(t, out, "> Your unfinished game is saved in "+keep+" (type resume to go on).\n"+
		"The game kept there before is now in "+filepath.Join(dir, "unfinished-2.txt")+
		" (type load "+filepath.Join(dir, "unfinished-2.txt")+" to go on with it).\n"+
		"Loaded "+file+" (1 move each; you play Red at level Novice: plays at about 1350 Elo).")
	has(t, out, "The game kept there before is now in "+filepath.Join(dir, "unfinished-3.txt"))
	var c3c4, h2e2 int
	for _, name := range []string{"unfinished.txt", "unfinished-2.txt", "unfinished-3.txt"} {
		text := readText(t, filepath.Join(dir, name))
		require.NotEmpty(t, text, name)
		if strings.Contains(text, "moves c3c4 ") {
			c3c4++
		}
		if strings.Contains(text, "moves h2e2 ") {
			h2e2++
		}
	}
	assert.Equal(t, 1, c3c4, "the c3c4 game in progress at load is kept")
	assert.Equal(t, 2, h2e2, "the loaded game, and the game new kept")
	assert.Regexp(t, `startpos moves h2e2 \S+\n`, readText(t, keep), "the loaded game, unfinished at the end")

	// load of the autosave file by name is resume: the two games are swapped.
	out, _ = runIn(t, dir, "c3c4\nload "+keep+"\nquit\n")
	has(t, out, "Your game in progress (1 move each) is kept in "+keep+" in its place")
}

// TestMovesPlayed: the number of moves is said per side, a move being one side's turn.
func TestMovesPlayed(t *testing.T) {
	var s session
	for text, want := range map[string]string{
		"startpos":                           "no moves yet",
		"startpos moves h2e2":                "1 move by Red",
		"startpos moves h2e2 h9g7":           "1 move each",
		"startpos moves h2e2 h9g7 h0g2":      "2 moves by Red, 1 by Black",
		"startpos moves h2e2 h9g7 h0g2 i9h9": "2 moves each",
	} {
		g, err := engine.ParseGame(engine.Xiangqi, text)
		require.NoError(t, err, text)
		assert.Equal(t, want, s.movesPlayed(g), text)
	}
	g, err := engine.ParseGame(engine.Chess, "fen rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 moves e7e5 g1f3 b8c6")
	require.NoError(t, err)
	assert.Equal(t, "2 moves by Black, 1 by White", s.movesPlayed(g), "Black began")
}

// prompts matches the prompt at the start of a line of output: in a terminal the person's
// input and its newline follow it, so the answer starts a line of its own.
var prompts = regexp.MustCompile(`^((Red|Black|White) to move|game over)> `)

// TestLinesFit: a session with the long messages (the greeting, the levels, the computer's
// moves, an illegal move, resume and load, with and without a kept game, help, a hint)
// prints no line wider than 80 columns, a Chinese character counting two.
func TestLinesFit(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "a-folder-with-a-rather-long-name", "game.txt")
	for _, c := range []struct {
		script string
		args   []string
	}{
		{"level\nresume\nload\nh2e2\ne2e9\nhint\nsave " + file + "\nnew\nc3c4\nresume\nload " + file + "\nhelp\nmoves\nhello there\n" +
			"level 8\nlevel\nzz99\nquit\n", nil},
		{"level\ne2e4\ne4e6\nresume\nquit\n", []string{"-game", "chess", "-level", "master"}},
		{"P2-5\nH2+4\nquit\n", []string{"-labels", "vietnamese", "-side", "black"}},
	} {
		out, _ := runIn(t, dir, c.script, c.args...)
		for _, l := range strings.Split(out, "\n") {
			for prompts.MatchString(l) {
				l = prompts.ReplaceAllString(l, "")
			}
			assert.LessOrEqual(t, columns(l), 80, "%v: %q", c.args, l)
		}
		assert.Contains(t, out, "Goodbye.")
		if c.args == nil { // the long messages were all said
			for _, want := range []string{"Illegal move e2e9: a red cannon", "The levels, weakest first", "8. Master: full strength",
				"There is no unfinished game to resume", "Computer plays", "Resumed the unfinished game", "Loaded " + file,
				"Your game in progress", "Hint: ", "is neither a command nor a move", "Illegal move zz99"} {
				has(t, out, want)
			}
		}
	}
}
