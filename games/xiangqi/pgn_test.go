package xiangqi

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/internal/testkit/reference"
)

// TestSANFairyStockfish checks SAN against the expectations in Fairy-Stockfish's own test
// file (fairy-stockfish/Fairy-Stockfish test.py, test_get_san), converted from its ranks 1-10
// to this package's UCI ranks 0-9 for the move given; the SAN text is Fairy-Stockfish's as is.
func TestSANFairyStockfish(t *testing.T) {
	cases := []struct{ fen, uci, san string }{
		{StartFEN, "h0g2", "Hg3"},                                 // h1g3
		{StartFEN, "c0e2", "Ece3"},                                // c1e3: both elephants reach e3
		{StartFEN, "h2h9", "Cxh10"},                               // h3h10
		{StartFEN, "h2h4", "Ch5"},                                 // h3h5
		{"4k4/4a3R/9/9/9/9/9/9/4K4/9 w - - 0 1", "i8e8", "Rxe9+"}, // i9e9
		{"4k4/4a3R/9/9/9/9/9/9/4K4/9 w - - 0 1", "i8i9", "Ri10#"}, // i9i10
		{"1rb1ka2r/4a4/2ncb1nc1/p1p1p1p1p/9/2P6/P3PNP1P/2N1C2C1/9/R1BAKAB1R w - - 1 7", "c2e1", "Hce2"}, // c3e2
		{"1rb1ka2r/4a4/2ncb1nc1/p1p1p1p1p/9/2P6/P3PNP1P/2N1C2C1/9/R1BAKAB1R w - - 1 7", "c2d4", "Hd5"},  // c3d5
	}
	for _, c := range cases {
		p, err := ParseFEN(c.fen)
		require.NoError(t, err)
		m, ok := MoveFromUCI(c.uci)
		require.True(t, ok)
		assert.Equal(t, c.san, p.SAN(m), "%s in %s", c.uci, c.fen)
		back, err := p.ParseSAN(c.san)
		require.NoError(t, err, c.san)
		assert.Equal(t, c.uci, back.UCI(), c.san)
		assert.True(t, LooksLikeSAN(c.san), c.san)
	}
	assert.False(t, LooksLikeSAN("h2e2"), "lower-case coordinates are UCI")
	assert.False(t, LooksLikeSAN("H2-E2"), "ICCS")
	assert.False(t, LooksLikeSAN("C2.5"), "WXF")
}

// TestSANErrors: a SAN move that names no legal move or several says why.
func TestSANErrors(t *testing.T) {
	p := Start()
	_, err := p.ParseSAN("He3") // no horse reaches e3 (FSF ranks): h1/b1 go to a3, c3, g3, i3
	var me *MoveError
	require.ErrorAs(t, err, &me)
	assert.Contains(t, me.Reason, "no red horse can move to e3")
	_, err = p.ParseSAN("Ee3") // both elephants reach e3
	require.ErrorAs(t, err, &me)
	assert.Contains(t, me.Reason, "ambiguous")
	_, err = p.ParseSAN("Zz99")
	require.ErrorAs(t, err, &me)
	assert.Contains(t, me.Reason, "not SAN")
}

// TestPGNRoundTripReference writes the games of the reference file repetition.tsv (positions
// and moves from Fairy-Stockfish's test file) as PGN and reads them back: same start, same
// moves, and the FEN tag present exactly for the non-standard starts.
func TestPGNRoundTripReference(t *testing.T) {
	rows, err := reference.Repetitions()
	require.NoError(t, err)
	var all strings.Builder
	var games []*Game
	for _, r := range rows {
		fen := strings.Replace(r.FEN, "[]", "", 1)
		start, err := ParseFEN(fen)
		require.NoError(t, err, r.Name)
		g := NewGame(start)
		for _, s := range r.Moves {
			m, ok := MoveFromUCI(s)
			require.True(t, ok)
			require.NoError(t, g.Continue(m), r.Name) // some rows play on past the ruling
		}
		games = append(games, g)
		pg := &PGNGame{Game: g}
		pg.Tags.Set("Event", r.Name)
		text := pg.String()
		start = g.Start()
		assert.Equal(t, start.FEN() != StartFEN, strings.Contains(text, "[FEN \""), r.Name)
		assert.Contains(t, text, "[Variant \"Xiangqi\"]")
		all.WriteString(text)
	}
	back, err := ReadPGN(strings.NewReader(all.String()))
	require.NoError(t, err)
	require.Len(t, back, len(games))
	for i, g := range games {
		assert.Equal(t, g.String(), back[i].Game.String(), rows[i].Name)
		ev, _ := back[i].Tags.Get("Event")
		assert.Equal(t, rows[i].Name, ev)
	}
}

// TestPGNReadsEveryNotation builds, from each row of the reference notation.tsv, a PGN with the
// row's position in a FEN tag, the moves before in UCI and the row's move written in WXF,
// Chinese notation and ICCS, and checks that the move read is the row's UCI move.
func TestPGNReadsEveryNotation(t *testing.T) {
	rows, err := reference.Notation()
	require.NoError(t, err)
	for _, r := range rows {
		iccs := strings.ToUpper(r.MoveUCI[:2]) + "-" + strings.ToUpper(r.MoveUCI[2:])
		for _, written := range []string{r.WXF, r.Chinese, iccs} {
			text := fmt.Sprintf("[Variant \"xiangqi\"]\n[SetUp \"1\"]\n[FEN \"%s\"]\n\n%s %s *\n", r.FEN, strings.Join(r.MovesBefore, " "), written)
			g, err := NewPGNReader(strings.NewReader(text)).Next()
			require.NoError(t, err, "%s: %s", written, text)
			moves := g.Game.Moves()
			require.Len(t, moves, len(r.MovesBefore)+1, written)
			assert.Equal(t, r.MoveUCI, moves[len(moves)-1].UCI(), written)
		}
	}
}

// TestPGNPychessStyle reads a game written the way pychess-variants' server writes its PGN
// (its Game.pgn: roster, TimeControl, ratings, Variant, FEN/SetUp for set-up starts, SAN
// moves), with SAN taken from Fairy-Stockfish's test file, and a handicap start.
func TestPGNPychessStyle(t *testing.T) {
	text := `[Event "PyChess casual game"]
[Site "https://www.pychess.org/abcdefgh"]
[Date "2024.01.02"]
[Round "-"]
[White "red"]
[Black "black"]
[Result "*"]
[TimeControl "300+3"]
[WhiteElo "1500"]
[BlackElo "1500"]
[Variant "Xiangqi"]

1. Ch5 *
`
	g, err := NewPGNReader(strings.NewReader(text)).Next()
	require.NoError(t, err)
	assert.Equal(t, []string{"h2h4"}, inOrder(g.Game.Moves()))
	tc, _ := g.Tags.Get("TimeControl")
	assert.Equal(t, "300+3", tc)

	// Red gives a chariot (a handicap start): the FEN tag carries it out and back. Both
	// cannons can reach e3, so SAN names the file: Che3.
	handicap := "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/1NBAKABNR w - - 0 1"
	start, err := ParseFEN(handicap)
	require.NoError(t, err)
	hg := NewGame(start)
	for _, s := range []string{"h2e2", "h9g7", "h0g2"} {
		_, err := hg.PushString(s)
		require.NoError(t, err)
	}
	out := (&PGNGame{Game: hg}).String()
	assert.Contains(t, out, "[SetUp \"1\"]\n[FEN \""+handicap+"\"]")
	assert.Contains(t, out, "1. Che3 Hg8 2. Hg3 *")
	again, err := ImportRecord(out)
	require.NoError(t, err)
	assert.Equal(t, hg.String(), again.String())
}

// inOrder returns the UCI texts of moves in their order.
func inOrder(ms []Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.UCI()
	}
	return out
}

// TestPGNErrors: errors name the game, the line, the move as written and the reason.
func TestPGNErrors(t *testing.T) {
	text := "[Event \"one\"]\n\n1. C2.5 H8+7\n2. H2+4 *\n\n" + // H2+4: a horse on file 2 cannot reach file 4
		"[Event \"two\"]\n\n1. 炮二平五 *\n\n" +
		"[Variant \"chess\"]\n\n1. e4 *\n\n" +
		"[FEN \"rnbakabnr/9\"]\n\n*\n\n" +
		"[Event \"bad tag\n\n1. h2e2 *\n"
	r := NewPGNReader(strings.NewReader(text))
	_, err := r.Next()
	var pe *PGNError
	require.ErrorAs(t, err, &pe)
	assert.Equal(t, 1, pe.Game)
	assert.Equal(t, 4, pe.Line)
	assert.Equal(t, "H2+4", pe.Move)
	assert.Contains(t, err.Error(), "move 2 (Red) H2+4")
	var me *MoveError
	assert.True(t, errors.As(err, &me), "the reason is a *MoveError")

	g, err := r.Next()
	require.NoError(t, err)
	assert.Equal(t, []string{"h2e2"}, inOrder(g.Game.Moves()))

	_, err = r.Next()
	require.ErrorAs(t, err, &pe)
	assert.Contains(t, err.Error(), `Variant tag says "chess"`)

	_, err = r.Next()
	require.ErrorAs(t, err, &pe)
	assert.Contains(t, err.Error(), "FEN tag")

	_, err = r.Next()
	require.ErrorAs(t, err, &pe)
	assert.Equal(t, 5, pe.Game)
	assert.Contains(t, err.Error(), "unterminated")
	_, err = r.Next()
	assert.True(t, errors.Is(err, io.EOF), "%v", err)
}

// TestImportRecord reads each record form and reports which failed and why.
func TestImportRecord(t *testing.T) {
	g, err := ImportRecord("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1")
	require.NoError(t, err)
	assert.Equal(t, 0, g.Len())
	g, err = ImportRecord("startpos moves h2e2 h9g7")
	require.NoError(t, err)
	assert.Equal(t, 2, g.Len())
	g, err = ImportRecord("1. C2.5 H8+7 2. H2+3 *")
	require.NoError(t, err)
	assert.Equal(t, []string{"h2e2", "h9g7", "h0g2"}, inOrder(g.Moves()))
	_, err = ImportRecord("")
	assert.Error(t, err)
	_, err = ImportRecord("9/9/9/9/9/9/9/9/9/9 w - - 0 1") // XQ19: no generals
	assert.Error(t, err)
}

// FuzzReadPGN: no input makes the reader panic or loop, and every game it reads is written
// and read back to the same moves.
func FuzzReadPGN(f *testing.F) {
	f.Add("[Event \"x\"]\n\n1. C2.5 H8+7 2. 炮二平五 {c} $1 (1... h9g7) 15.6 *\n")
	f.Add("[Variant \"Xiangqi\"]\n[FEN \"4k4/4a3R/9/9/9/9/9/9/4K4/9 w - - 0 1\"]\n\n1. Ri10# 1-0\n")
	f.Add("1. H2-E2 Hg8 2. Cxh10 ; rest\n% escape\n1/2-1/2")
	f.Add("[A \"\\\"\"]\n1... ) ( ?! $300 \xef\xbb\xbf 1.")
	f.Add("{pre}\n[Variant \"xiangqi\"]\n\n1. Cbe2 Hc7 2. Hc2 Rb9 3. Rb0 c5 *\n")
	f.Add("1. P3.4 ++.4 3+.4 33.4 *")
	f.Fuzz(func(t *testing.T, s string) {
		games, _ := ReadPGN(strings.NewReader(s))
		for _, g := range games {
			var b strings.Builder
			if err := WritePGN(&b, g); err != nil {
				t.Fatal(err)
			}
			again, err := ReadPGN(strings.NewReader(b.String()))
			if err != nil || len(again) != 1 {
				t.Fatalf("re-reading %q: %v (%d games)", b.String(), err, len(again))
			}
			if again[0].Game.String() != g.Game.String() {
				t.Fatalf("round trip changed the game: %s vs %s", again[0].Game, g.Game)
			}
		}
	})
}

// TestPGNXBoardDialect reads XBoard's xiangqi PGN: the same SAN with ranks 0-9 from Red's side
// (XBoard's rules page for xiangqi: "e0, e9: King ... b2, b7, h2, h7: Cannon"), told from
// Fairy-Stockfish's ranks 1-10 by a rank 0 or, with none, by which reading plays the game.
func TestPGNXBoardDialect(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"[Variant \"xiangqi\"]\n\n1. Cbe2 Hc7 2. Hc2 Rb9 3. Rb0 c5 *\n", "b2e2 b9c7 b0c2 a9b9 a0b0 c6c5"},
		// No rank 0 yet: Cbe2 cannot be read in ranks 1-10 (no cannon can reach e2 = e1).
		{"[Variant \"xiangqi\"]\n\n1. Cbe2 Hc7 2. Hc2 *\n", "b2e2 b9c7 b0c2"},
		// Fairy-Stockfish's ranks (Cxh10 is its rank 10) read as before.
		{"[Variant \"Xiangqi\"]\n\n1. Hg3 Hg8 2. Ece3 *\n", "h0g2 h9g7 c0e2"},
	} {
		games, err := ReadPGN(strings.NewReader(c.text))
		require.NoError(t, err, c.text)
		require.Len(t, games, 1)
		assert.Equal(t, c.want, strings.Join(inOrder(games[0].Game.Moves()), " "), c.text)
	}
	// A game that neither reading plays: the error is the one that got further (XBoard's,
	// at Black's second move, which no black cannon can make).
	_, err := ReadPGN(strings.NewReader("1. Cbe2 Hc7 2. Hc2 Cxe2 *\n"))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "move 2 (Black) Cxe2")
	// Ranks 0 and 10 in one game: not one dialect; the error names the move.
	_, err = ReadPGN(strings.NewReader("1. Hc2 Hc7 2. Hb0 Ri10 *\n"))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "move 2 (Black) Ri10: rank 10 in XBoard")
	// A comment before the first game's tags does not make an empty first game.
	g, err := ImportRecord("{ exported }\n[Event \"x\"]\n\n1. C2.5 H8+7 *\n")
	require.NoError(t, err)
	assert.Equal(t, []string{"h2e2", "h9g7"}, inOrder(g.Moves()))
}
