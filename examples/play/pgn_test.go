package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/games/chess"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
)

// TestLoadPGNEveryDialect: load FILE reads the first game of a PGN file written in each
// notation another program writes: pychess-variants' SAN (Fairy-Stockfish's, ranks 1-10),
// XBoard's SAN (ranks 0-9), ICCS, WXF and Chinese; 1. C2.5 H8+7 2. H2+3 R9.8 is h2e2 h9g7
// h0g2 i9h9 in every one (the reference notation table's first rows give C2.5 = h2e2 and
// H8+7 = h9g7).
func TestLoadPGNEveryDialect(t *testing.T) {
	dir := t.TempDir()
	for name, moves := range map[string]string{
		"pychess": "1. Che3 Hg8 2. Hg3 Rh10",
		"xboard":  "1. Che2 Hg7 2. Hg2 Rh9",
		"iccs":    "1. H2-E2 H9-G7 2. H0-G2 I9-H9",
		"wxf":     "1. C2.5 H8+7 2. H2+3 R9.8",
		"chinese": "1. 炮二平五 馬8進7 2. 傌二進三 車9平8",
	} {
		file := filepath.Join(dir, name+".pgn")
		require.NoError(t, os.WriteFile(file, []byte("[Event \"e\"]\n[Variant \"xiangqi\"]\n\n"+moves+" *\n"), 0o644))
		out, _ := runIn(t, dir, "load "+file+"\nmoves\nquit\n")
		has(t, out, "Loaded "+file+" (2 moves each", name)
		has(t, out, "> h2e2 h9g7 h0g2 i9h9\n", name)
	}
}

// TestLoadPGNGameN: load FILE N takes game N; a comment before the first game's tags makes no
// empty game; a number past the last game, a game that cannot be read, and a file of the
// other game are named and change nothing.
func TestLoadPGNGameN(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "two.pgn")
	text := "{ three games }\n[Event \"one\"]\n\n1. C2.5 *\n\n[Event \"two\"]\n\n1. H2+3 H8+7 *\n\n[Event \"three\"]\n\n1. H2+3 H8+7 2. H2-3 *\n"
	require.NoError(t, os.WriteFile(file, []byte(text), 0o644))
	out, _ := runIn(t, dir, "load "+file+"\nmoves\nload "+file+" 2\nmoves\nload "+file+" 3\nload "+file+" 4\nmoves\nquit\n")
	has(t, out, "Loaded "+file+" (1 move by Red")
	has(t, out, "> h2e2 ")
	has(t, out, "Loaded "+file+" (1 move each")
	has(t, out, "> h0g2 h9g7\n")
	has(t, out, "Could not load "+file+": PGN game 3, line 12: move 2 (Red) H2-3: no red horse on file 2 (h-file). The current game is kept.")
	has(t, out, "Could not load "+file+": it holds 3 PGN games; give a number from 1 to 3. The current game is kept.")
	assert.Equal(t, 2, strings.Count(out, "> h0g2 h9g7\n"), "the refused loads changed nothing")

	chessFile := filepath.Join(dir, "chess.pgn")
	require.NoError(t, os.WriteFile(chessFile, []byte("[Event \"c\"]\n\n1. e4 e5 2. Nf3 *\n"), 0o644))
	out, _ = runIn(t, dir, "load "+chessFile+"\nquit\n")
	has(t, out, "Could not load "+chessFile+": it holds a game of chess, and this is xiangqi (start with -game chess to load it).")
}

// TestLoadPGNChess: the chess game reads a chess PGN, with the en passant mark the FIDE Laws
// allow (Appendix C.7).
func TestLoadPGNChess(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "ep.pgn")
	require.NoError(t, os.WriteFile(file, []byte("[Event \"c\"]\n\n1. e4 Nc6 2. e5 f5 3. exf6 e.p. Nxf6 *\n"), 0o644))
	out, _ := runIn(t, dir, "load "+file+"\nmoves\nquit\n", "-game", "chess")
	has(t, out, "Loaded "+file+" (3 moves each")
	has(t, out, "> e2e4 b8c6 e4e5 f7f5 e5f6 g8f6\n")
}

// pgnOf returns the first PGN game printed in out (from its Event tag to its result).
func pgnOf(t *testing.T, out string) string {
	t.Helper()
	m := regexp.MustCompile(`(?s)\[Event .*?(\*|1-0|0-1|1/2-1/2)\n`).FindString(out)
	require.NotEmpty(t, m, out)
	return m
}

// TestPGNCommand: pgn prints the game as PGN (the players in White and Black, the moves in
// SAN) and pgn FILE writes it; both read back as the same game.
func TestPGNCommand(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "in.pgn")
	require.NoError(t, os.WriteFile(file, []byte("1. C2.5 H8+7 2. H2+3 R9.8 *\n"), 0o644))
	outFile := filepath.Join(dir, "sub", "out.pgn")
	out, _ := runIn(t, dir, "load "+file+"\npgn\npgn "+outFile+"\nquit\n")
	text := pgnOf(t, out)
	assert.Contains(t, text, "[White \"You\"]\n[Black \"Computer (")
	assert.Contains(t, text, "[Variant \"Xiangqi\"]")
	assert.Contains(t, text, "1. Che3 Hg8 2. Hg3 Rh10 *")
	has(t, out, "Wrote the game as PGN to "+outFile+".")
	for _, s := range []string{text, readText(t, outFile)} {
		games, err := xiangqi.ReadPGN(strings.NewReader(s))
		require.NoError(t, err)
		require.Len(t, games, 1)
		assert.Equal(t, "startpos moves h2e2 h9g7 h0g2 i9h9", games[0].Game.String())
	}
	// Chess: White is the person's side.
	out, _ = runIn(t, dir, "e2e4\npgn\nquit\n", "-game", "chess", "-side", "black")
	text = pgnOf(t, out)
	assert.Contains(t, text, "[White \"Computer (")
	assert.Contains(t, text, "[Black \"You\"]")
	games, err := chess.ReadPGN(strings.NewReader(text))
	require.NoError(t, err)
	require.Len(t, games, 1)
	assert.GreaterOrEqual(t, games[0].Game.Len(), 1)
}

// TestPGNAnnotatedAfterReview: after review, pgn writes the review's marks as the PGN
// Standard's glyphs ($4 "very poor move" for ??) and its words as comments, as lichess's
// annotated export does. The game leaves the red chariot where the black cannon takes it
// (R9.8??, a1b1, taken by b7b1 over the screen on b2): a blunder by any measure.
func TestPGNAnnotatedAfterReview(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "blunder.pgn")
	require.NoError(t, os.WriteFile(file, []byte("1. Ra2 Hg8 2. Rb2 Cxb2 *\n"), 0o644))
	out, _ := runIn(t, dir, "load "+file+"\npgn\nreview\npgn\nquit\n", "-labels", "letters")
	first := pgnOf(t, out)
	assert.NotContains(t, first, "$", "not reviewed yet")
	after := pgnOf(t, out[strings.Index(out, "Reviewing"):])
	flat := strings.Join(strings.Fields(after), " ")
	assert.Regexp(t, `2\. Rb2 \$4 \{R9\.8\?\? leaves the chariot hanging`, flat)
	games, err := xiangqi.ReadPGN(strings.NewReader(after))
	require.NoError(t, err)
	require.Len(t, games, 1)
	assert.Equal(t, []int{4}, games[0].Annotations[3].NAGs)
}

// TestLoadPGNBadGameNumber: a game number below 1 is named as such, not read as part of the
// file name ("no such file") nor taken as game 1; one too large for an int is answered with
// how many games the file holds. The game in progress is kept each time.
func TestLoadPGNBadGameNumber(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "two.pgn")
	text := "[Event \"one\"]\n\n1. C2.5 *\n\n[Event \"two\"]\n\n1. H2+3 H8+7 *\n"
	require.NoError(t, os.WriteFile(file, []byte(text), 0o644))
	out, _ := runIn(t, dir, "load "+file+" 2\nload "+file+" 0\nload "+file+" -1\nload "+file+" 99999999999999999999999\nmoves\nquit\n")
	has(t, out, "Could not load "+file+": 0 is not a game number (the first game is 1). The current game is kept.")
	has(t, out, "Could not load "+file+": -1 is not a game number (the first game is 1). The current game is kept.")
	has(t, out, "Could not load "+file+": it holds 2 PGN games; give a number from 1 to 2. The current game is kept.")
	has(t, out, "> h0g2 h9g7\n")
	assert.Equal(t, 1, strings.Count(out, "Loaded "), "only the first load loads")
}
