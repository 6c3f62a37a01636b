package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// runIn runs the program on a script with the autosave file in dir and without -level, as a
// person starting it again and again would; it returns the output and exit code.
func runIn(t *testing.T, dir, script string, args ...string) (string, int) {
	t.Helper()
	var out strings.Builder
	args = append([]string{"-color=false", "-movetime", "30ms", "-autosave", filepath.Join(dir, "unfinished.txt")}, args...)
	code := run(args, strings.NewReader(script), &out, &out)
	return out.String(), code
}

// oneLine joins wrapped lines back into one, for messages that name long temporary paths.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// TestResume: resume, and load without a file, go on with the unfinished game that quit (or
// new) kept, whose file the person need not type; with none kept they say so and change
// nothing.
func TestResume(t *testing.T) {
	dir := t.TempDir()
	keep := filepath.Join(dir, "unfinished.txt")
	out, _ := runIn(t, dir, "resume\nfen\nh2e2\nfen\nquit\n")
	has(t, out, "There is no unfinished game to resume (none is kept in "+keep+
		"). Type load FILE to load a saved game.\n")
	f := fens(out)
	require.Len(t, f, 2, out)
	assert.Equal(t, xiangqi.StartFEN, f[0], "nothing changed")
	has(t, out, "Your unfinished game is saved in "+keep+" (type resume to go on).\n")

	for _, cmd := range []string{"resume", "load", "RESUME"} {
		out, _ = runIn(t, dir, cmd+"\nfen\nquit\n", "-side", "black")
		has(t, out, "An unfinished game is kept in "+keep+" (type resume to go on).\n", cmd)
		has(t, out, "Resumed the unfinished game from "+keep+
			" (1 move each; you play Red at level Novice: plays at about 1350 Elo).\n", cmd)
		g := fens(out)
		require.Len(t, g, 1, out)
		assert.Equal(t, f[1], g[0], "%s: the kept position", cmd)
	}

	out, _ = play(t, "h2e2\nresume\nfen\nquit\n", "-autosave", "")
	has(t, out, `No unfinished game is kept (-autosave is ""). Type load FILE to load a saved game.`)
	assert.Len(t, fens(out), 1)

	require.NoError(t, os.WriteFile(keep, []byte("cotuong-game 2\nvariant xiangqi\n"), 0o644))
	out, _ = runIn(t, dir, "resume\nquit\n")
	has(t, out, "Could not resume from "+keep+": the save file is cut short"+
		" (want variant, level, side, game and \"end\" lines). The current game is kept.\n")
}

// TestParseLevel: a level is read by number, by name, by a former name, and by the start of
// its name when only one level has it; an ambiguous start names the levels it could mean.
func TestParseLevel(t *testing.T) {
	for in, want := range map[string]string{
		"5": "Club player", "club player": "Club player", "easy": "Beginner", "Strong-Club-Player": "Strong club player",
		"inter": "Intermediate", "club": "Club player", "CLUB P": "Club player", "strong": "Strong club player",
		"s": "Strong club player", "strong c": "Strong club player", "exp": "Expert", "m": "Master", " nov ": "Novice",
		"b": "Beginner", "ca": "Casual", "cl": "Club player", "e": "Expert", "medium": "Novice",
	} {
		l, err := parseLevel(in)
		if assert.NoError(t, err, in) {
			assert.Equal(t, want, l.Name, in)
		}
	}
	for in, want := range map[string]string{
		"c":       `level "c" could mean Casual or Club player (type more of the name)`,
		"player":  `level "player" could mean Club player or Strong club player (type more of the name)`,
		"zz":      `levels: unknown level "zz" (want a number 1..8 or one of: beginner, novice, casual, intermediate, club player, strong club player, expert, master)`,
		"9":       "levels: level number 9 out of range 1..8",
		"":        `levels: unknown level ""`,
		"club x":  `levels: unknown level "club x"`,
		"2 novic": `levels: unknown level "2 novic"`,
	} {
		_, err := parseLevel(in)
		if assert.Error(t, err, in) {
			assert.True(t, strings.HasPrefix(err.Error(), want), "%q: %v", in, err)
		}
	}
}

// TestLevelPrefixInGame: the level command and -level take a unique start of a name; an
// ambiguous one is refused with the candidates, the level unchanged.
func TestLevelPrefixInGame(t *testing.T) {
	out, _ := play(t, "level inter\nlevel c\nlevel\nquit\n")
	has(t, out, "Level set to Intermediate: plays at about 1750 Elo.\n")
	has(t, out, `Level "c" could mean Casual or Club player (type more of the name). Type level to list them.`)
	has(t, out, " * 4. Intermediate: plays at about 1750 Elo\n", "still Intermediate")
	out, code := play(t, "quit\n", "-level", "strong")
	assert.Equal(t, 0, code)
	has(t, out, "against the computer (Strong club player: plays at about 2050 Elo)")
	out, code = play(t, "quit\n", "-level", "c")
	assert.Equal(t, 2, code)
	assert.Equal(t, "play: level \"c\" could mean Casual or Club player (type more of the name)\nRun play -h for the flags.\n", out)
}

// TestLevelRemembered: the level set with the level command is kept in play-settings.txt
// beside the autosave file and used by the next run; -level given on the command line wins
// for that run and leaves the file alone. A settings file that cannot be read is named, the
// game starts at the default level, and the next level command keeps the old file aside as
// play-settings.txt.bad before it writes a new one.
func TestLevelRemembered(t *testing.T) {
	dir := t.TempDir()
	settings := filepath.Join(dir, "play-settings.txt")
	out, _ := runIn(t, dir, "level club\nquit\n")
	has(t, out, "against the computer (Novice: plays at about 1350 Elo)", "the default at first")
	has(t, out, "Level set to Club player: plays at about 1900 Elo.\n")
	b, err := os.ReadFile(settings)
	require.NoError(t, err)
	assert.Equal(t, "cotuong-play-settings 1\nlevel 5\n", string(b))

	out, _ = runIn(t, dir, "quit\n")
	has(t, out, "against the computer (Club player: plays at about 1900 Elo)", "remembered")
	out, _ = runIn(t, dir, "quit\n", "-level", "2")
	has(t, out, "against the computer (Novice: plays at about 1350 Elo)", "-level wins")
	out, _ = runIn(t, dir, "quit\n", "-level", "novice")
	has(t, out, "against the computer (Novice: plays at about 1350 Elo)", "-level wins even when it is the default")
	b, err = os.ReadFile(settings)
	require.NoError(t, err)
	assert.Equal(t, "cotuong-play-settings 1\nlevel 5\n", string(b), "-level is for one run")

	for _, c := range [][2]string{ // in order: the last is the one set aside below
		{"\x00\x01 garbage", `not a settings file (the first line must be "cotuong-play-settings 1")`},
		{"cotuong-play-settings 1\nlevel 99\n", "line 2: level number 99 out of range 1..8"},
		{"cotuong-play-settings 1\n\nlevel x\n", `line 3: unknown level "x"`},
	} {
		text, why := c[0], c[1]
		require.NoError(t, os.WriteFile(settings, []byte(text), 0o644))
		out, code := runIn(t, dir, "h2e2\nfen\nquit\n")
		assert.Equal(t, 0, code)
		assert.Contains(t, oneLine(out), "The settings file "+settings+" could not be read ("+why, why)
		assert.Contains(t, oneLine(out), "; the game goes on without it.", why)
		has(t, out, "against the computer (Novice: plays at about 1350 Elo)", why)
		assert.Len(t, fens(out), 1, "the game is played")
		b, err := os.ReadFile(settings)
		require.NoError(t, err)
		assert.Equal(t, text, string(b), "%s: reading leaves the file alone", why)
	}
	out, _ = runIn(t, dir, "level 3\nquit\n")
	assert.Contains(t, oneLine(out), "Level set to Casual: plays at about 1550 Elo. The unreadable settings file is kept as "+
		settings+".bad.")
	b, err = os.ReadFile(settings + ".bad")
	require.NoError(t, err)
	assert.Equal(t, "cotuong-play-settings 1\n\nlevel x\n", string(b), "nothing the person had is lost")
	b, err = os.ReadFile(settings)
	require.NoError(t, err)
	assert.Equal(t, "cotuong-play-settings 1\nlevel 3\n", string(b))
	out, _ = runIn(t, dir, "quit\n")
	assert.NotContains(t, out, "settings file")
	has(t, out, "against the computer (Casual: plays at about 1550 Elo)")

	// A setting of a later version is passed over; the level is still read.
	require.NoError(t, os.WriteFile(settings, []byte("cotuong-play-settings 1\ntheme dark\nlevel 7\n"), 0o644))
	out, _ = runIn(t, dir, "quit\n")
	assert.NotContains(t, out, "settings file")
	has(t, out, "against the computer (Expert: plays at about 2200 Elo)")

	// A settings file that cannot be written: the level is set for this run and the person
	// is told.
	blocked := filepath.Join(dir, "blocked")
	require.NoError(t, os.WriteFile(blocked, []byte("a file where the folder would be"), 0o644))
	out, _ = play(t, "level 4\nquit\n", "-autosave", filepath.Join(blocked, "unfinished.txt"))
	assert.Contains(t, oneLine(out), "Level set to Intermediate: plays at about 1750 Elo. It is not remembered for next time (the folder "+
		blocked+" cannot be made (not a directory)).")
}

// TestBoardOncePerTurn: a move and the computer's reply are followed by one board, drawn
// after the reply, with the two lines above it naming both moves; in colour both moves are
// marked on it (the last one stronger). A move that ends the game is drawn at once.
func TestBoardOncePerTurn(t *testing.T) {
	const header = "    a  b  c  d  e  f  g  h  i\n"
	out, _ := play(t, "h2e2\nh0g2\nquit\n")
	assert.Equal(t, 2*3, strings.Count(out, header), "three boards (the start and one a turn), two file lines each:\n%s", out)
	for _, mv := range []string{"h2e2", "h0g2"} {
		i := strings.Index(out, "You played "+mv)
		require.GreaterOrEqual(t, i, 0, mv)
		j := strings.Index(out[i:], "Computer plays ")
		require.Greater(t, j, 0, mv)
		assert.NotContains(t, out[i:i+j], header, "no board between %s and the reply", mv)
		reply := out[i+j:]
		k := strings.Index(reply, ")\n") // the end of the reply's line (no details unless asked for)
		require.Greater(t, k, 0, mv)
		assert.True(t, strings.HasPrefix(reply[k+2:], header), "the board right after the reply to %s", mv)
		assert.NotContains(t, reply[:k], "[depth", "the search's line only when asked for (details)")
	}

	var col strings.Builder
	run([]string{"-color=true", "-movetime", "30ms", "-level", "1", "-autosave", ""}, strings.NewReader("h2e2\nquit\n"), &col, &col)
	last := col.String()[strings.LastIndex(col.String(), "Computer plays "):]
	assert.Equal(t, 2, strings.Count(last, "\x1b[48;5;150m"), "the reply's two squares")
	assert.Equal(t, 2, strings.Count(last, "\x1b[48;5;194m"), "the person's move's two squares")

	xq := filepath.Join(t.TempDir(), "xq.txt")
	require.NoError(t, os.WriteFile(xq, []byte("cotuong-game 1\nvariant xiangqi\nfen 4k4/R8/8R/9/9/9/9/9/9/3K5 w - - 0 1\nend\n"), 0o644))
	out, _ = play(t, "load "+xq+"\ni7i9\nquit\n")
	i := strings.Index(out, "You played i7i9")
	require.GreaterOrEqual(t, i, 0, out)
	assert.Regexp(t, regexp.MustCompile(`^You played i7i9 \([^)]*\)\.\n`+regexp.QuoteMeta(header)+`(?s).*`+regexp.QuoteMeta(header)+
		`Game over: Red wins by checkmate \(1-0\)\.\n`), out[i:])
}

// TestNonsenseWrapped: the answer to input that is neither a command nor a move is wrapped at
// spaces into lines of at most 80 columns (a Chinese character is two), with every word kept.
func TestNonsenseWrapped(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{nil, `"hello there" is neither a command nor a move. Type a move in coordinates (h2e2: files a-i, ranks 0-9 ` +
			`from Red's side), in WXF notation (C2=5, H8+7, +R.3) or in Chinese (炮二平五, 馬8進7). Type help for the commands.`},
		{[]string{"-labels", "vietnamese"}, `"hello there" is neither a command nor a move. Type a move in coordinates ` +
			`(h2e2: files a-i, ranks 0-9 from Red's side), in Vietnamese notation (P2-5, M8.7; P is the cannon, B the ` +
			`soldier) or in Chinese (炮二平五, 馬8進7). Type help for the commands.`},
		{[]string{"-game", "chess"}, `"hello there" is neither a command nor a move. Type a move in coordinates ` +
			`(e2e4, e7e8q) or SAN (Nf3, O-O, exd5). Type help for the commands.`},
	} {
		out, _ := play(t, "hello there\nquit\n", c.args...)
		i := strings.Index(out, `> "hello there"`)
		require.GreaterOrEqual(t, i, 0, out)
		msg := out[i+2:]
		msg = msg[:strings.Index(msg, "commands.\n")+len("commands.")]
		lines := strings.Split(msg, "\n")
		assert.Greater(t, len(lines), 1, "%v: wrapped", c.args)
		for _, l := range lines {
			assert.LessOrEqual(t, columns(l), 80, "%v: %q", c.args, l)
			assert.Equal(t, strings.TrimSpace(l), l, "%v: no stray spaces", c.args)
		}
		assert.Equal(t, c.want, strings.Join(lines, " "), c.args)
	}
	assert.Equal(t, "ab 炮二平五\n炮二平五", wrap("ab 炮二平五 炮二平五", 12), "a Chinese character is two columns")
	assert.Equal(t, "a\nlongerthanwidth\nb", wrap("a longerthanwidth b", 5), "a long word is kept whole")
	assert.Equal(t, "one\ntwo three", wrap("one\ntwo three", 80), "line breaks are kept")
	assert.Equal(t, "a"+strings.Repeat("é", 29)+"...", clip("a"+strings.Repeat("é", 40)), "clip cuts at a character's start")
}

// has asserts that out holds want once wrapped lines are joined: messages are wrapped at 80
// columns, and where they break depends on the temporary paths they name.
func has(t *testing.T, out, want string, msgs ...any) bool {
	t.Helper()
	return assert.Contains(t, oneLine(out), oneLine(want), msgs...)
}

// A review row keeps its columns by screen width (Chinese moves take two columns a
// character) and wraps long words under the words' column instead of squashing the row; on a
// narrow screen the words go under the row, indented.
func TestReviewRow(t *testing.T) {
	wxf := reviewRow("3.", "R9.8??", "-8.52", "leaves the chariot hanging: C2+6 takes it.", 80)
	zh := reviewRow("3.", "俥六進六??", "-8.52", "leaves the chariot hanging: 炮二進六 takes it.", 80)
	assert.Equal(t, "3.      R9.8??     -8.52        leaves the chariot hanging: C2+6 takes it.", wxf)
	assert.Equal(t, strings.Index(wxf, "leaves"), columns(zh[:strings.Index(zh, "leaves")]), "the words start in the same column")
	long := reviewRow("   ...", "C2.5?", "+0.31", strings.Repeat("word ", 20), 60)
	lines := strings.Split(long, "\n")
	require.Greater(t, len(lines), 1)
	for _, l := range lines {
		assert.LessOrEqual(t, columns(l), 60, "%q", l)
	}
	assert.True(t, strings.HasPrefix(lines[1], strings.Repeat(" ", 32)+"word"), "%q", lines[1])
	narrow := reviewRow("1.", "C2.5?", "+0.31", "word word", 40)
	assert.Equal(t, "1.      C2.5?      +0.31\n    word word", narrow)
	assert.Equal(t, "2.      R1+1", reviewRow("2.", "R1+1", "", "", 80))
}

// Every line of the command list fits the 80-column screen as written, so none is re-wrapped
// with its columns squashed.
func TestHelpFits(t *testing.T) {
	for _, l := range strings.Split(helpCommands, "\n") {
		assert.LessOrEqual(t, columns(l), screenWidth, "%q", l)
	}
}

// TestReviewOfAMate: the mating move's score reads "mate" (not "mate in 0"); the summary
// counts in the singular and plural as English does, and names no biggest swing when no move
// was marked. threats says in one line that Black threatens nothing: the black general's best
// move, K5.6 (e9f9), still loses to R5+5 (Fairy-Stockfish 11.1 with Black to move, go depth
// 12: score mate -1, pv e10f10 e4e9 in its ranks 1-10), so no arrow-worthy threat is named.
func TestReviewOfAMate(t *testing.T) {
	out, _ := play(t, "fen 4k4/4n4/9/3R5/9/9/4R4/9/9/3K5 w - - 0 1\nthreats\n"+
		"fen 4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1\nb0b9\nreview\nquit\n")
	has(t, out, "> No threat: Black's best move, K5.6, takes nothing and gives no check.\n")
	assert.NotContains(t, out, "mated in 1 for Black")
	assert.Regexp(t, `(?m)^1\.\s+R8\+9 俥八進九\s+mate$`, out, "WXF with the board's Chinese beside it")
	assert.NotContains(t, out, "mate in 0")
	has(t, out, "Red: accuracy 100%; 0 inaccuracies, 0 mistakes, 0 blunders.")
	assert.NotContains(t, out, "Biggest swing")
}

// TestLearnFromMistakes: learn goes to the position before the person's blunder R9.8??
// (a5b5, leaving the chariot to the horse: TestHangingChariot of package review), refuses the
// move played, accepts R9.5 (a5e5, Fairy-Stockfish 11.1's best there, go depth 18: +4.26 for
// Red) and then says why the move played was bad; then the game goes on where it was.
func TestLearnFromMistakes(t *testing.T) {
	out, _ := play(t, "fen 3aka3/9/2n6/9/R3p4/9/4P4/9/9/3AKA3 w - - 0 1\na5b5\nlearn\na5b5\na5e5\nquit\n")
	has(t, out, "1 mistake to learn from.")
	has(t, out, "1 of 1: you played 1. R9.8?? here (blunder). Find a better move.")
	has(t, out, "That is the move you played. Try another.")
	has(t, out, "Yes: 1. R9.5 is good (")
	has(t, out, "You played 1. R9.8??: leaves the chariot hanging")
	has(t, out, "That was the last one. The game goes on where it was.")
	assert.NotContains(t, out, "Illegal move", "moves during learn are tries, not the game's")
}
