package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/cotuong-ai/cotuong/games/chess"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// play runs the program on a script and returns its output and exit code.
func play(t *testing.T, script string, args ...string) (string, int) {
	t.Helper()
	var out, errOut strings.Builder
	args = append([]string{"-color=false", "-movetime", "30ms", "-level", "easy"}, args...)
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
	assert.Contains(t, out, "you play Red")
	assert.Contains(t, out, "You played h2e2 (")
	assert.Contains(t, out, "Computer plays ")
	assert.Contains(t, out, `Illegal move "h2h9": `) // h2 is empty after h2e2
	f := fens(out)
	require.Len(t, f, 4, out)
	// After 1. h2e2 and the reply the FEN has Red to move; the illegal move changed nothing.
	p, err := xiangqi.ParseFEN(f[0])
	require.NoError(t, err)
	assert.Equal(t, xiangqi.Red, p.SideToMove())
	assert.NotEqual(t, f[0], f[1], "h0g2 and the reply were played")
	assert.Equal(t, f[0], f[2], "undo takes back the reply and h0g2")
	assert.Equal(t, xiangqi.StartFEN, f[3], "a second undo goes back to the start")
	assert.Contains(t, out, "Nothing to undo.")
	assert.True(t, strings.HasSuffix(out, "Goodbye.\n"))
	// The board is labelled with files and ranks and drawn with Chinese pieces.
	assert.Contains(t, out, "    a  b  c  d  e  f  g  h  i")
	assert.Regexp(t, `(?m)^ 0  俥 傌 相 仕 帥 仕 相 傌 俥   0$`, out)
	assert.Regexp(t, `(?m)^ 9  車 馬 象 士 將 士 象 馬 車   9$`, out)
	assert.NotContains(t, out, "\x1b[")
}

func TestNotationMoves(t *testing.T) {
	// WXF for xiangqi, SAN for chess; a move in the wrong turn or syntax is refused.
	out, _ := play(t, "C2=5\nfen\n")
	assert.Contains(t, out, "You played h2e2 (")
	out, _ = play(t, "Nf3\nNf3\nfen\n", "-game", "chess")
	assert.Contains(t, out, "You played g1f3 (Nf3)")
	assert.Contains(t, out, `Illegal move "Nf3"`, "the knight is no longer on g1")
	assert.Regexp(t, `(?m)^ 1  ♖  ♘  ♗  ♕  ♔  ♗ {5}♖ {4}1$`, out, "g1 is empty after Nf3")
}

func TestEOFExitsCleanly(t *testing.T) {
	out, code := play(t, "h2e2\n")
	assert.Equal(t, 0, code)
	assert.True(t, strings.HasSuffix(out, "Goodbye.\n"), out)
	out, code = play(t, "")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "Goodbye.")
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
	require.Len(t, lines, 3)
	assert.Equal(t, "cotuong-game 1", lines[0])
	assert.Equal(t, "variant xiangqi", lines[1])
	g, err := xiangqi.ParseGame(lines[2])
	require.NoError(t, err, "the game line is in the game package's own form")
	assert.Equal(t, 4, g.Len())
	p := g.Position()
	assert.Equal(t, f[0], p.FEN())
	assert.Contains(t, out, "Loaded "+file+" (4 moves played).")

	// A chess save loads into a xiangqi session (the game switches).
	cf := filepath.Join(dir, "chess.txt")
	require.NoError(t, os.WriteFile(cf, []byte("cotuong-game 1\nvariant chess\nstartpos moves e2e4\n"), 0o644))
	out, _ = play(t, "load "+cf+"\nfen\n")
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
		filepath.Join(dir, "missing.txt"):                                                   "no such file",
		write("garbage.txt", "\x00\x01 hello"):                                              "not a cotuong save file",
		write("short.txt", "cotuong-game 1\nvariant xiangqi\n"):                             "cut short",
		write("variant.txt", "cotuong-game 1\nvariant shogi\nstartpos\n"):                   `unknown game "shogi"`,
		write("fen.txt", "cotuong-game 1\nvariant xiangqi\nfen 9/9 w - - 0 1\n"):            "line 3",
		write("illegal.txt", "cotuong-game 1\nvariant xiangqi\nstartpos moves h2e2 h2e2\n"): `move 2 "h2e2"`,
	}
	for file, want := range cases {
		out, _ := play(t, "h2e2\nfen\nload "+file+"\nfen\nquit\n")
		assert.Contains(t, out, "Could not load "+file+": ", file)
		assert.Contains(t, out, want, file)
		assert.Contains(t, out, "The current game is kept.")
		f := fens(out)
		require.Len(t, f, 2, out)
		assert.Equal(t, f[0], f[1], "%s: the game is unchanged", file)
	}
	out, _ := play(t, "load\nsave\n")
	assert.Contains(t, out, "load needs a file name")
	assert.Contains(t, out, "save needs a file name")
}

// The result comes from the game package: checkmate by the person, in both games, and
// "Check!" announced for a check that is not mate.
func TestResultAnnounced(t *testing.T) {
	dir := t.TempDir()
	xq := filepath.Join(dir, "xq.txt")
	require.NoError(t, os.WriteFile(xq, []byte("cotuong-game 1\nvariant xiangqi\nfen 4k4/R8/8R/9/9/9/9/9/9/3K5 w - - 0 1\n"), 0o644))
	out, _ := play(t, "load "+xq+"\ni7i9\nh2e2\nquit\n")
	assert.Contains(t, out, "Game over: Red wins by checkmate (1-0).")
	assert.Contains(t, out, "The game is over (Red wins by checkmate)")

	out, _ = play(t, "load "+xq+"\na8a9\nquit\n")
	assert.Contains(t, out, "You played a8a9")
	assert.Contains(t, out, "Check!")

	ch := filepath.Join(dir, "ch.txt")
	require.NoError(t, os.WriteFile(ch, []byte("cotuong-game 1\nvariant chess\nstartpos moves f2f3 e7e5 g2g4\n"), 0o644))
	out, _ = play(t, "load "+ch+"\nQh4#\nquit\n", "-side", "black")
	assert.Contains(t, out, "You played d8h4 (Qh4#)")
	assert.Contains(t, out, "Game over: Black wins by checkmate (0-1).")
	assert.Regexp(t, `(?m)^ 8  ♜  ♞  ♝  ♚  ♛  ♝  ♞  ♜    8\n    h  g  f  e  d  c  b  a$`, out,
		"Black's side is drawn at the bottom, files from h to a")
}

func TestComputerPlaysFirstAsRed(t *testing.T) {
	out, _ := play(t, "fen\nlevel\nlevel hard\nlevel nope\nflip\nhint\nquit\n", "-side", "black", "-labels", "vietnamese")
	f := fens(out)
	require.Len(t, f, 1)
	p, err := xiangqi.ParseFEN(f[0])
	require.NoError(t, err)
	assert.Equal(t, xiangqi.Black, p.SideToMove())
	assert.Contains(t, out, "Level: Easy (depth ≤ 1, 300ms).")
	assert.Contains(t, out, "Level set to Hard (depth ≤ 3, 1.2s).")
	assert.Contains(t, out, `unknown level "nope"`)
	assert.Contains(t, out, "Hint: ")
	assert.Regexp(t, `(?m)^ 9  x  m  t  s  tg s  t  m  x    9$`, out, "Vietnamese labels, Black in lower case")
}

func TestColor(t *testing.T) {
	var out strings.Builder
	code := run([]string{"-movetime", "10ms"}, strings.NewReader("quit\n"), &out, &out)
	assert.Equal(t, 0, code)
	assert.Contains(t, out.String(), "\x1b[")
	assert.Contains(t, out.String(), "\x1b[0m")
}
