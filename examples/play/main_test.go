package main

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cotuong-ai/cotuong/engine"
	"github.com/cotuong-ai/cotuong/games/chess"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// play runs the program on a script and returns its output and exit code.
func play(t *testing.T, script string, args ...string) (string, int) {
	t.Helper()
	var out, errOut strings.Builder
	args = append([]string{"-color=false", "-movetime", "30ms", "-level", "easy",
		"-autosave", filepath.Join(t.TempDir(), "unfinished.txt")}, args...)
	code := run(args, strings.NewReader(script), &out, &errOut)
	return out.String() + errOut.String(), code
}

// fens returns the FENs printed by the "fen" command, in order.
func fens(out string) []string {
	re := regexp.MustCompile(`(?m)> ([^ >\n]+/[^ \n]+ [wb] \S+ \S+ \d+ \d+)$`)
	var r []string
	for _, m := range re.FindAllStringSubmatch(out, -1) {
		r = append(r, m[1])
	}
	return r
}

func TestShortGameXiangqi(t *testing.T) {
	out, code := play(t, "h2e2\nh2h9\nfen\nh0g2\nfen\nundo\nfen\nundo\nfen\nundo\nquit\n")
	assert.Equal(t, 0, code)
	has(t, out, "you play Red")
	has(t, out, "You played h2e2 (")
	has(t, out, "Computer plays ")
	has(t, out, "Illegal move h2h9: no piece on h2.\n") // h2 is empty after h2e2
	f := fens(out)
	require.Len(t, f, 4, out)
	// After 1. h2e2 and the reply the FEN has Red to move; the illegal move changed nothing.
	p, err := xiangqi.ParseFEN(f[0])
	require.NoError(t, err)
	assert.Equal(t, xiangqi.Red, p.SideToMove())
	assert.NotEqual(t, f[0], f[1], "h0g2 and the reply were played")
	assert.Equal(t, f[0], f[2], "undo takes back the reply and h0g2")
	assert.Equal(t, xiangqi.StartFEN, f[3], "a second undo goes back to the start")
	has(t, out, "Nothing to undo.")
	assert.True(t, strings.HasSuffix(out, "Goodbye.\n"))
	// The board is labelled with files and ranks and drawn with Chinese pieces.
	has(t, out, "    a  b  c  d  e  f  g  h  i")
	assert.Regexp(t, `(?m)^ 0  俥 傌 相 仕 帥 仕 相 傌 俥   0$`, out)
	assert.Regexp(t, `(?m)^ 9  車 馬 象 士 將 士 象 馬 車   9$`, out)
	assert.NotContains(t, out, "\x1b[")
}

func TestNotationMoves(t *testing.T) {
	// WXF for xiangqi, SAN for chess; a move in the wrong turn or syntax is refused.
	out, _ := play(t, "C2=5\nfen\n")
	has(t, out, "You played h2e2 (")
	out, _ = play(t, "Nf3\nNf3\nfen\n", "-game", "chess")
	has(t, out, "You played g1f3 (Nf3)")
	has(t, out, `Illegal move "Nf3": `, "the knight is no longer on g1")
	assert.NotContains(t, out, "chess:", "no package prefix for the player")
	assert.Regexp(t, `(?m)^ 1  ♖  ♘  ♗  ♕  ♔  ♗  ·  ♖    1$`, out, "g1 is empty after Nf3, marked as in xiangqi")
}

func TestEOFExitsCleanly(t *testing.T) {
	out, code := play(t, "h2e2\n")
	assert.Equal(t, 0, code)
	assert.True(t, strings.HasSuffix(out, "Goodbye.\n"), out)
	out, code = play(t, "")
	assert.Equal(t, 0, code)
	has(t, out, "Goodbye.")
}

// A line longer than the 1 MiB limit is skipped with a note naming the limit; the game goes
// on with the next line (it quit silently before), and a last line without a line end is
// still read.
func TestOverlongLine(t *testing.T) {
	out, code := play(t, strings.Repeat("a", maxLine+10)+"\nfen\nh2e2")
	assert.Equal(t, 0, code)
	has(t, out, "That line is longer than 1048576 bytes; it was skipped.")
	require.Len(t, fens(out), 1, out)
	assert.Equal(t, xiangqi.StartFEN, fens(out)[0])
	has(t, out, "You played h2e2 (")
	assert.True(t, strings.HasSuffix(out, "Goodbye.\n"), out)
}

func TestBadFlags(t *testing.T) {
	for _, args := range [][]string{{"-game", "go"}, {"-level", "godlike"}, {"-side", "purple"},
		{"-labels", "klingon"}, {"-nosuchflag"}} {
		out, code := play(t, "", args...)
		assert.Equal(t, 2, code, "%v", args)
		assert.NotEmpty(t, out)
	}
}

func TestSaveLoad(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "game.txt")
	out, _ := play(t, "h2e2\nh0g2\nsave "+file+"\nfen\nnew\nfen\nload "+file+"\nfen\nmoves\nquit\n")
	f := fens(out)
	require.Len(t, f, 3, out)
	assert.Equal(t, xiangqi.StartFEN, f[1])
	assert.Equal(t, f[0], f[2], "load restores the saved position")
	data, err := os.ReadFile(file)
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	require.Len(t, lines, 6)
	assert.Equal(t, "end", lines[5])
	assert.Equal(t, "cotuong-game 2", lines[0])
	assert.Equal(t, "variant xiangqi", lines[1])
	assert.Equal(t, "level 1", lines[2], "the level's number on the ladder (easy is Beginner, 1)")
	assert.Equal(t, "side red", lines[3])
	g, err := xiangqi.ParseGame(lines[4])
	require.NoError(t, err, "the game line is in the game package's own form")
	assert.Equal(t, 4, g.Len())
	p := g.Position()
	assert.Equal(t, f[0], p.FEN())
	has(t, out, "Loaded "+file+" (2 moves each; you play Red at level Beginner")

	// A chess save does not load into a xiangqi session; it does with -game chess.
	cf := filepath.Join(dir, "chess.txt")
	require.NoError(t, os.WriteFile(cf, []byte("cotuong-game 1\nvariant chess\nstartpos moves e2e4\nend\n"), 0o644))
	out, _ = play(t, "load "+cf+"\nfen\n")
	has(t, out, "Could not load "+cf+": it holds a game of chess, and this is xiangqi (start with -game chess to load it). The current game is kept.")
	assert.Equal(t, []string{xiangqi.StartFEN}, fens(out))
	out, _ = play(t, "load "+cf+"\nfen\n", "-game", "chess")
	has(t, out, "Loaded "+cf+" (1 move by White; you play White")
	f = fens(out)
	require.NotEmpty(t, f)
	cp, err := chess.ParseFEN(f[0])
	require.NoError(t, err)
	assert.Equal(t, chess.White, cp.SideToMove(), "the computer replied as Black")
}

func TestLoadErrorsKeepGame(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
		return p
	}
	cases := map[string]string{
		filepath.Join(dir, "missing.txt"):                                                          "no such file",
		write("garbage.txt", "\x00\x01 hello"):                                                     "not a cotuong save file",
		write("short.txt", "cotuong-game 1\nvariant xiangqi\n"):                                    "cut short",
		write("cut.txt", "cotuong-game 1\nvariant xiangqi\nstartpos moves h2e2 h9g7\n"):            `the save file is cut short (want a variant line, a game line and an "end" line)`,
		write("tail.txt", "cotuong-game 1\nvariant xiangqi\nstartpos\nh2e2\n"):                     `line 4: want "end", got "h2e2"`,
		write("variant.txt", "cotuong-game 1\nvariant shogi\nstartpos\nend\n"):                     `unknown game "shogi"`,
		write("fen.txt", "cotuong-game 1\nvariant xiangqi\nfen 9/9 w - - 0 1\nend\n"):              "line 3",
		write("illegal.txt", "cotuong-game 1\nvariant xiangqi\nstartpos moves h2e2 h2e2\nend\n"):   "line 3: move 2, h2e2: no piece on h2.",
		write("level.txt", "cotuong-game 2\nvariant xiangqi\nlevel 99\nside red\nstartpos\nend\n"): "line 3: level number 99 out of range 1..8",
		write("side.txt", "cotuong-game 2\nvariant xiangqi\nlevel 2\nside green\nstartpos\nend\n"): `line 4: unknown side "green"`,
	}
	for file, want := range cases {
		out, _ := play(t, "h2e2\nfen\nload "+file+"\nfen\nquit\n")
		has(t, out, "Could not load "+file+": ", file)
		has(t, out, want, file)
		has(t, out, "The current game is kept.")
		f := fens(out)
		require.Len(t, f, 2, out)
		assert.Equal(t, f[0], f[1], "%s: the game is unchanged", file)
	}
	out, _ := play(t, "load\nsave\n")
	has(t, out, "There is no unfinished game to resume (none is kept in ", "load without a file resumes")
	has(t, out, "save needs a file name")
}

// TestLoadErrorLineNumbers: a bad line is named by its number in the file as an editor shows
// it (blank lines counted, the level and side lines of a version-2 file counted), with no
// package prefix.
func TestLoadErrorLineNumbers(t *testing.T) {
	dir := t.TempDir()
	badFEN := "fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNX w - - 0 1 moves h2e2"
	for _, c := range []struct{ name, text, want string }{
		{"v2.txt", "cotuong-game 2\nvariant xiangqi\nlevel 2\nside red\n" + badFEN + "\nend\n",
			"line 5: FEN: unknown piece letter 'X' on i0"},
		{"blank.txt", "\ncotuong-game 2\n\nvariant xiangqi\nlevel 2\nside red\n\n" + badFEN + "\nend\n",
			"line 8: FEN: unknown piece letter 'X' on i0"},
		{"crlf.txt", "cotuong-game 2\r\nvariant xiangqi\r\n\r\nlevel 2\r\nside red\r\nstartpos moves h2e2 zz\r\nend\r\n",
			"line 6: move 2, zz: neither a coordinate move (UCI h2e2 or ICCS H2-E2: files a-i, ranks 0-9) nor WXF notation (C2.5, H8+7, +R.3)"},
		{"v1.txt", "cotuong-game 1\n\nvariant xiangqi\n" + badFEN + "\nend\n",
			"line 4: FEN: unknown piece letter 'X' on i0"},
		{"end.txt", "cotuong-game 2\nvariant xiangqi\nlevel 2\n\nside red\nstartpos\nstartpos\n",
			`line 7: want "end", got "startpos"`},
		{"level.txt", "cotuong-game 2\n\nvariant xiangqi\n\nlevel 99\nside red\nstartpos\nend\n",
			"line 5: level number 99 out of range 1..8"},
	} {
		file := filepath.Join(dir, c.name)
		require.NoError(t, os.WriteFile(file, []byte(c.text), 0o644))
		out, _ := play(t, "load "+file+"\nquit\n")
		has(t, out, "Could not load "+file+": "+c.want+". The current game is kept.\n", c.name)
	}
}

// TestSaveFolders: save into a folder that does not exist makes it and says so (a player
// expects the file where asked); ~/ is the home folder; a path through a file or a folder
// given as the file is refused with a message naming it, and the game goes on unchanged.
func TestSaveFolders(t *testing.T) {
	dir := t.TempDir()
	home := t.TempDir()
	t.Setenv("HOME", home)
	nested := filepath.Join(dir, "a", "b", "game.txt")
	blocker := filepath.Join(dir, "file")
	require.NoError(t, os.WriteFile(blocker, []byte("not a folder"), 0o644))
	out, _ := play(t, "h2e2\nfen\nsave "+nested+"\nsave ~/games/g.txt\nsave "+blocker+"/x/g.txt\nsave "+dir+
		"\nsave ~/x/\nsave ~\nfen\nload "+nested+"\nfen\nquit\n")
	has(t, out, "Saved to "+nested+" (made the folder "+filepath.Join(dir, "a", "b")+").\n")
	has(t, out, "Saved to ~/games/g.txt (made the folder "+filepath.Join(home, "games")+").\n")
	has(t, out, "Could not save: the folder "+blocker+"/x cannot be made: "+blocker+
		" is a file. The game goes on; save it to another file.\n")
	has(t, out, "Could not save: "+dir+" is a folder; give a file name, e.g. save "+
		filepath.Join(dir, "game.txt")+". The game goes on; save it to another file.\n")
	// A name that is a folder by its form is refused even where no such folder exists (a
	// missing home folder was written as a file).
	has(t, out, "Could not save: ~/x/ names a folder; give a file name, e.g. save ~/x/game.txt.")
	has(t, out, "Could not save: ~ names a folder; give a file name, e.g. save ~/game.txt.")
	_, err := os.Stat(filepath.Join(home, "x"))
	assert.True(t, os.IsNotExist(err), "save ~/x/ wrote %s", filepath.Join(home, "x"))
	f := fens(out)
	require.Len(t, f, 3, out)
	assert.Equal(t, f[0], f[1], "the failed saves changed nothing")
	assert.Equal(t, f[0], f[2], "the save in the new folder loads back")
	a, err := os.ReadFile(nested)
	require.NoError(t, err)
	b, err := os.ReadFile(filepath.Join(home, "games", "g.txt"))
	require.NoError(t, err)
	assert.Equal(t, string(a), string(b))
	entries, err := os.ReadDir(filepath.Dir(nested))
	require.NoError(t, err)
	assert.Len(t, entries, 1, "no temporary file is left beside the save")

}

// The result comes from the game package: checkmate by the person, in both games, and
// "Check!" announced for a check that is not mate.
func TestResultAnnounced(t *testing.T) {
	dir := t.TempDir()
	xq := filepath.Join(dir, "xq.txt")
	require.NoError(t, os.WriteFile(xq, []byte("cotuong-game 1\nvariant xiangqi\nfen 4k4/R8/8R/9/9/9/9/9/9/3K5 w - - 0 1\nend\n"), 0o644))
	out, _ := play(t, "load "+xq+"\ni7i9\nh2e2\nquit\n")
	has(t, out, "Game over: Red wins by checkmate (1-0).")
	has(t, out, "The game is over (Red wins by checkmate)")

	out, _ = play(t, "load "+xq+"\na8a9\nquit\n")
	has(t, out, "You played a8a9")
	has(t, out, "Check!")

	ch := filepath.Join(dir, "ch.txt")
	require.NoError(t, os.WriteFile(ch, []byte("cotuong-game 1\nvariant chess\nstartpos moves f2f3 e7e5 g2g4\nend\n"), 0o644))
	out, _ = play(t, "load "+ch+"\nQh4#\nquit\n", "-side", "black", "-game", "chess")
	has(t, out, "You played d8h4 (Qh4#)")
	has(t, out, "Game over: Black wins by checkmate (0-1).")
	assert.Regexp(t, `(?m)^ 8  ♜  ♞  ♝  ♚  ♛  ♝  ♞  ♜    8\n    h  g  f  e  d  c  b  a$`, out,
		"Black's side is drawn at the bottom, files from h to a")
}

// A perpetual chase is announced in words: Red's cannon follows Black's chariot between the
// a- and b-files (shared/reference/repetition.tsv, R01), and the ninth move ends the game.
func TestPerpetualChaseAnnounced(t *testing.T) {
	xq := filepath.Join(t.TempDir(), "chase.txt")
	require.NoError(t, os.WriteFile(xq, []byte("cotuong-game 1\nvariant xiangqi\n"+
		"fen 2bakabnr/9/r1n1c4/2p1p1p1p/PP7/9/4P1P1P/2C3NC1/9/1NBAKAB1R w - - 0 1 moves c2a2 a7b7 a2b2 b7a7 b2a2 a7b7 a2b2 b7a7\nend\n"), 0o644))
	out, _ := play(t, "load "+xq+"\nb2a2\nb2a2\nquit\n")
	has(t, out, "Game over: Red loses: perpetual chase — the cannon on a2 attacked the black chariot on a7 with every move (0-1).")
	has(t, out, "The game is over (Red loses: perpetual chase")
}

func TestComputerPlaysFirstAsRed(t *testing.T) {
	out, _ := play(t, "fen\nlevel\nlevel 5\nlevel hard\nlevel nope\nflip\nhint\nquit\n", "-side", "black", "-labels", "vietnamese")
	f := fens(out)
	require.Len(t, f, 1)
	p, err := xiangqi.ParseFEN(f[0])
	require.NoError(t, err)
	assert.Equal(t, xiangqi.Black, p.SideToMove())
	assert.Contains(t, out, "> Level: Beginner: plays at about 1150 Elo.\n"+
		"The levels, weakest first (approximate Elo ratings; details in the README):\n")
	assert.Contains(t, out, " * 1. Beginner: plays at about 1150 Elo\n")
	assert.Contains(t, out, "   8. Master: full strength, about 2450 Elo at 0.1 s a move, stronger when it\n"+
		"      thinks longer\n", "a long level's line wrapped under its name")
	has(t, out, "Level set to Club player: plays at about 1900 Elo.")
	has(t, out, "Level set to Casual: plays at about 1550 Elo.", "the former level names still work")
	has(t, out, `Unknown level "nope"`)
	has(t, out, "Hint: ")
	assert.Regexp(t, `(?m)^ 9  x  m  t  s  tg s  t  m  x    9$`, out, "Vietnamese labels, Black in lower case")
}

func TestColor(t *testing.T) {
	cfg := t.TempDir() // the default autosave and settings files: not the user's
	t.Setenv("XDG_CONFIG_HOME", cfg)
	t.Setenv("HOME", cfg)
	var out strings.Builder
	code := run([]string{"-movetime", "10ms", "-color=true"}, strings.NewReader("quit\n"), &out, &out)
	assert.Equal(t, 0, code)
	assert.Contains(t, out.String(), "\x1b[")
	assert.Contains(t, out.String(), "\x1b[0m")

	// Without -color, output that is not a terminal (a pipe, a file, a buffer) has no ANSI
	// codes, even with NO_COLOR unset.
	t.Setenv("NO_COLOR", "")
	out.Reset()
	code = run([]string{"-movetime", "10ms"}, strings.NewReader("quit\n"), &out, &out)
	assert.Equal(t, 0, code)
	assert.NotContains(t, out.String(), "\x1b[")
	f, err := os.Create(filepath.Join(t.TempDir(), "out.txt"))
	require.NoError(t, err)
	defer f.Close()
	assert.False(t, colorByDefault(f, ""), "a regular file is not a terminal")

	// A character device (as a terminal is) gets colours unless NO_COLOR is set.
	dev, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Skipf("no %s: %v", os.DevNull, err)
	}
	defer dev.Close()
	assert.True(t, colorByDefault(dev, ""))
	assert.False(t, colorByDefault(dev, "1"), "NO_COLOR set to anything non-empty turns colours off")
}

// TestFlagChecks: flags that do not fit the game, a negative time and stray arguments are
// refused with exit code 2 and a message naming them; -h shows the level in lower case.
func TestFlagChecks(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-game", "chess", "-labels", "vietnamese"}, "-labels vietnamese is for xiangqi; chess takes -labels letters or symbols"},
		{[]string{"-game", "chess", "-labels", "chinese"}, "-labels chinese is for xiangqi"},
		{[]string{"-movetime", "-5s"}, "-movetime -5s is negative"},
		{[]string{"chess"}, `unexpected argument "chess"`},
		{[]string{"-game", "chess", "extra", "args"}, `unexpected argument "extra"`},
		{[]string{"-labels", "symbols"}, `unknown labels "symbols"`},
		{[]string{"-level", "foo"}, `unknown level "foo" (want a number 1..8 or one of: beginner,`},
		{[]string{"-game", "shogi"}, `unknown game "shogi" (want chess or xiangqi)`},
		{[]string{"-side", "green"}, `unknown side "green" (want red, white, black, first or second)`},
	} {
		var out, errOut strings.Builder
		code := run(c.args, strings.NewReader(""), &out, &errOut)
		assert.Equal(t, 2, code, "%v", c.args)
		assert.Contains(t, errOut.String(), "play: "+c.want, "%v", c.args)
		lines := strings.Split(strings.TrimSuffix(errOut.String(), "\n"), "\n")
		assert.Len(t, lines, 2, "%v: the problem, then where the flags are told", c.args)
		assert.Equal(t, "Run play -h for the flags.", lines[len(lines)-1], "%v", c.args)
		assert.Empty(t, out.String(), "%v: no game started", c.args)
	}
	for _, ok := range [][]string{{"-game", "chess", "-labels", "symbols"}, {"-game", "chess", "-labels", "letters"}} {
		out, code := play(t, "quit\n", ok...)
		assert.Equal(t, 0, code, "%v: %s", ok, out)
	}
	var out, errOut strings.Builder
	assert.Equal(t, 0, run([]string{"-h"}, strings.NewReader(""), &out, &errOut), "-h prints the usage and succeeds")
	assert.Contains(t, errOut.String(), `(default "novice")`)
}

// TestScoreAndTimeText: the engine line and the hint give the score from Red's side with
// its side named, and times in milliseconds.
func TestScoreAndTimeText(t *testing.T) {
	re := regexp.MustCompile(`Computer plays \S+ \([^)]*\)(  |\n  )\[depth \d+, (score [+-]\d+\.\d\d for Red|(Red|Black) mates in \d+), \d+ nodes, \d+ ms\]`)
	out, _ := play(t, "hint\nquit\n", "-side", "black")
	assert.Regexp(t, re, out)
	assert.Regexp(t, `Hint: \S+ \([^)]*\)(  |\n  )\[depth \d+, score [+-]\d+\.\d\d for Red, \d+ ms\]`, out)

	var s session
	s.game = newGameForTest(t)
	assert.Equal(t, "score +0.84 for Red", s.scoreText(84, 0))
	assert.Equal(t, "score -0.84 for Red", s.scoreText(84, 1), "Black's +84 is Red's -84")
	assert.Equal(t, "Black mates in 2", s.scoreText(32000-3, 1))
	assert.Equal(t, "Red mates in 2", s.scoreText(-(32000-4), 1))
	assert.Equal(t, "312 ms", msText(312*time.Millisecond+400*time.Microsecond))
}

// TestLocalNotationInput: Chinese notation is read in every xiangqi game; Vietnamese only
// with -labels vietnamese, where WXF is not (P2-5 is the cannon there, a soldier in WXF).
// Each mode echoes one family of notation: WXF with Chinese, or Vietnamese alone (where P
// and B mean a cannon and a soldier, as WXF's C and P do). Nonsense is answered with the
// notations and the help command; help speaks of the game being played.
func TestLocalNotationInput(t *testing.T) {
	out, _ := play(t, "炮二平五\nquit\n")
	has(t, out, "You played h2e2 (C2.5, 炮二平五)")
	out, _ = play(t, "P2-5\nquit\n", "-labels", "vietnamese")
	has(t, out, "You played h2e2 (P2-5).")
	assert.Regexp(t, `Computer plays \S+ \([A-Z]+\d[-+.=]\d\)(  |\n  )\[`, out, "the computer's move in Vietnamese alone")
	out, _ = play(t, "炮二平五\nhelp\nquit\n", "-labels", "vietnamese")
	has(t, out, "You played h2e2 (P2-5).", "Chinese is read in Vietnamese mode too")
	assert.Contains(t, out, "> Type a move in coordinates (h2e2: files a-i, ranks 0-9 from Red's side), in\n"+
		"Vietnamese notation (P2-5, M8.7; P is the cannon, B the soldier) or in Chinese\n(炮二平五, 馬8進7).\nCommands:\n",
		"help wraps the move notations at 80 columns")
	assert.NotContains(t, out, "SAN")
	out, _ = play(t, "hello there\nundo\nquit\n", "-side", "black")
	has(t, out, `"hello there" is neither a command nor a move. Type a move in coordinates`)
	has(t, out, "Type help for the commands.")
	has(t, out, "Took back the computer's move.")
	out, _ = play(t, "P2-5\nquit\n")
	has(t, out, "Illegal move P2-5")
	out, _ = play(t, "H2+4\nzz99\nquit\n")
	has(t, out, "Illegal move H2+4 (h0f1): a red horse cannot move from h0 to f1: the horse's leg g0 is blocked.\n")
	has(t, out, "Illegal move zz99: neither a coordinate move (UCI h2e2 or ICCS H2-E2: files a-i, ranks 0-9) nor WXF notation (C2.5, H8+7, +R.3).\n")
	assert.NotContains(t, out, "xiangqi:")
}

func newGameForTest(t *testing.T) engine.Game {
	t.Helper()
	return engine.NewGame(engine.Xiangqi)
}

// TestUnfinishedGameKept: quit (and new) with a game in progress save it and say where; the
// save file records the level and the side, and load restores both.
func TestUnfinishedGameKept(t *testing.T) {
	dir := t.TempDir()
	keep := filepath.Join(dir, "kept.txt")
	out, _ := play(t, "h2e2\nquit\n", "-autosave", keep, "-level", "3")
	has(t, out, "Your unfinished game is saved in "+keep+" (type resume to go on).")
	b, err := os.ReadFile(keep)
	require.NoError(t, err)
	assert.Regexp(t, `^cotuong-game 2\nvariant xiangqi\nlevel 3\nside red\nstartpos moves h2e2 \S+\nend\n$`, string(b))
	out, _ = play(t, "load "+keep+"\nquit\n", "-side", "black", "-level", "1", "-autosave", filepath.Join(dir, "other.txt"))
	has(t, out, "(1 move each; you play Red at level Casual")
	out, _ = play(t, "quit\n", "-autosave", filepath.Join(dir, "none.txt"))
	assert.NotContains(t, out, "unfinished", "nothing to keep before the first move")
}

// lockedBuf is an output buffer safe to read while the game writes to it.
type lockedBuf struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *lockedBuf) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuf) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// interruptAfter runs the program with args and the autosave file keep, types h2e2, waits
// until the output shows seen, then cancels its context as Ctrl-C does; it returns the output
// once the program has ended (with status 0).
func interruptAfter(t *testing.T, seen, keep string, args ...string) string {
	t.Helper()
	inR, inW := io.Pipe()
	defer inW.Close()
	var out lockedBuf
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan int, 1)
	go func() {
		done <- runContext(ctx, append([]string{"-color=false", "-autosave", keep}, args...), inR, &out, &out)
	}()
	_, err := io.WriteString(inW, "h2e2\n")
	require.NoError(t, err)
	require.Eventually(t, func() bool { return strings.Contains(out.String(), seen) },
		30*time.Second, 5*time.Millisecond, "waiting for %q", seen)
	cancel()
	select {
	case code := <-done:
		assert.Equal(t, 0, code)
	case <-time.After(15 * time.Second):
		t.Fatalf("the program did not end on interrupt after %q", seen)
	}
	return out.String()
}

// TestInterrupt: Ctrl-C (the context main cancels on SIGINT) while the program waits for input
// ends it cleanly, status 0, keeping the unfinished game as quit does.
func TestInterrupt(t *testing.T) {
	keep := filepath.Join(t.TempDir(), "kept.txt")
	out := interruptAfter(t, "Computer plays", keep, "-movetime", "30ms", "-level", "1")
	assert.Contains(t, out, "Your unfinished game is saved in "+keep)
	assert.True(t, strings.HasSuffix(out, "Goodbye.\n"))
}

// TestInterruptWhileComputerThinks: Ctrl-C while the computer searches (a 20 s move) stops
// the search at once: no move is played after it, and the game is kept with the computer to
// move, as it was.
func TestInterruptWhileComputerThinks(t *testing.T) {
	keep := filepath.Join(t.TempDir(), "kept.txt")
	out := interruptAfter(t, "You played h2e2", keep, "-movetime", "20s")
	assert.NotContains(t, out, "Computer plays", "a move played after Ctrl-C")
	assert.Contains(t, out, "Your unfinished game is saved in")
	kept, err := os.ReadFile(keep)
	require.NoError(t, err)
	assert.Contains(t, string(kept), "moves h2e2\n", "the game as it was, the computer to move")
}

// TestAutosavePerGame: by default each game keeps its unfinished game in its own file in the
// user's configuration folder (a chess game never overwrites a xiangqi one), and the next
// start of that game says where the unfinished game is.
func TestAutosavePerGame(t *testing.T) {
	cfg := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", cfg)
	t.Setenv("HOME", cfg)
	xq := filepath.Join(cfg, "cotuong", "unfinished-xiangqi.txt")
	ch := filepath.Join(cfg, "cotuong", "unfinished-chess.txt")
	out, code := play(t, "h2e2\nquit\n", "-autosave", "auto")
	require.Equal(t, 0, code, out)
	has(t, out, "saved in "+xq)
	out, code = play(t, "e2e4\nquit\n", "-game", "chess", "-autosave", "auto")
	require.Equal(t, 0, code, out)
	has(t, out, "saved in "+ch)
	xqText, err := os.ReadFile(xq)
	require.NoError(t, err)
	assert.Contains(t, string(xqText), "h2e2", "the xiangqi game is still there after a chess game")
	out, _ = play(t, "quit\n", "-autosave", "auto")
	has(t, out, "An unfinished game is kept in "+xq)
}

// TestHintAtFullStrength: a hint is the engine's advice at full strength, not the level's
// play: at Beginner (a one-ply search with material and piece-square values only) the hint
// still searches deeper than one ply.
func TestHintAtFullStrength(t *testing.T) {
	out, _ := play(t, "hint\nquit\n", "-level", "beginner", "-movetime", "500ms")
	m := regexp.MustCompile(`Hint: \S+ \([^)]*\)(?:  |\n  )\[depth (\d+),`).FindStringSubmatch(out)
	require.NotNil(t, m, "a hint line in:\n%s", out)
	d, err := strconv.Atoi(m[1])
	require.NoError(t, err)
	assert.GreaterOrEqual(t, d, 2, "the hint's depth (Beginner searches 1 ply)")
}

// "fen FEN" starts a new game from that position (the FEN printed back is the same); a FEN
// that is not a position, or a finished one, is refused with the reason and the game goes on.
func TestFenStartsFromPosition(t *testing.T) {
	pos := "3aka3/9/2n6/9/R3p4/9/4P4/9/9/3AKA3 w - - 0 1"
	out, code := play(t, "fen "+pos+"\nfen\nfen 3aka3/9/9 w\nfen\nfen garbage\n", "-side", "red")
	assert.Equal(t, 0, code)
	has(t, out, "New game from that position.")
	f := fens(out)
	require.Len(t, f, 2, out)
	assert.Equal(t, pos, f[0])
	assert.Equal(t, pos, f[1], "the bad FEN changed nothing")
	has(t, out, "Not a position: board has 3 ranks, want 10. The game goes on as it was.")
	has(t, out, `Not a position: "garbage" is not a board: want 10 ranks separated by '/' (the 9th rank`)
}

// TestLoadRefusesDevicesAndHugeFiles: load of a device (/dev/zero, read whole it fills the
// memory until the program dies), of a pipe nothing writes to (the read never ends) or of a
// file larger than maxLoadBytes is refused with the reason, and the game goes on.
func TestLoadRefusesDevicesAndHugeFiles(t *testing.T) {
	dir := t.TempDir()
	huge := filepath.Join(dir, "huge.pgn")
	f, err := os.Create(huge)
	require.NoError(t, err)
	require.NoError(t, f.Truncate(maxLoadBytes+1)) // sparse: no disk space taken
	require.NoError(t, f.Close())
	cases := map[string]string{huge: "it is 256 MB, larger than the 256 MB a save or PGN file may be (split a PGN file)"}
	if _, err := os.Stat("/dev/zero"); err == nil {
		cases["/dev/zero"] = "it is not a file (a device or a pipe), so not a save file"
	}
	if fifo := filepath.Join(dir, "fifo"); mkfifo(fifo) == nil {
		cases[fifo] = "it is not a file (a device or a pipe), so not a save file"
	}
	for file, want := range cases {
		out, _ := play(t, "h2e2\nfen\nload "+file+"\nfen\nquit\n")
		has(t, out, "Could not load "+file+": "+want+". The current game is kept.", file)
		fs := fens(out)
		require.Len(t, fs, 2, out)
		assert.Equal(t, fs[0], fs[1], "%s: the game is unchanged", file)
	}
}
