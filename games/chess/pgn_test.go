package chess

import (
	"errors"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestReadPGNSample(t *testing.T) {
	f, err := os.Open("testdata/sample.pgn")
	require.NoError(t, err)
	defer f.Close()
	games, err := ReadPGN(f)
	require.NoError(t, err)
	require.Len(t, games, 6)

	// 1: lichess export with clocks, evals, NAGs and variations (Morphy's Opera Game moves).
	g := games[0]
	v, _ := g.Tag("Site")
	assert.Equal(t, "https://lichess.org/xYz12AbC", v)
	assert.Equal(t, "1-0", g.Result)
	assert.Equal(t, 33, g.Game.Len())
	assert.Equal(t, Result{WhiteWins, Checkmate}, g.Game.Result())
	san := g.Game.SANMoves()
	assert.Equal(t, "Nbd7", san[21])
	assert.Equal(t, "O-O-O", san[22])
	assert.Equal(t, "Rd8#", san[32])
	require.Len(t, g.Annotations, 34)
	assert.Equal(t, "[%eval 0.18] [%clk 0:03:00]", g.Annotations[1].Comment)
	assert.Equal(t, []int{6}, g.Annotations[6].NAGs) // 3... Bg4?!
	assert.Contains(t, g.Annotations[6].Comment, "Inaccuracy")
	assert.Equal(t, []int{3}, g.Annotations[31].NAGs) // 16. Qb8+!!
	pos := g.Game.Position()
	assert.Equal(t, "1n1Rkb1r/p4ppp/4q3/4p1B1/4P3/8/PPP2PPP/2K5 b k - 1 17", pos.FEN())

	// 2: ChessBase style, nested variations, NAGs, comment before the first move.
	g = games[1]
	assert.Equal(t, "1/2-1/2", g.Result)
	assert.Equal(t, 26, g.Game.Len())
	assert.Equal(t, "The English Attack against the Najdorf.", g.Annotations[0].Comment)
	assert.Equal(t, []int{13}, g.Annotations[26].NAGs)
	assert.Equal(t, "Both sides race on opposite wings.", g.Annotations[26].Comment)
	assert.Empty(t, g.Annotations[10].Comment, "variation comments are skipped")

	// 3: SetUp/FEN game with a promotion.
	g = games[2]
	assert.Equal(t, 9, g.Game.Len())
	pos = g.Game.Position()
	assert.Equal(t, MakePiece(White, Queen), pos.PieceAt(SquareAt(4, 7)))

	// 4: Black to move first, ';' comment, '%' escape line before it.
	g = games[3]
	assert.Equal(t, Black, g.Game.Start().SideToMove())
	assert.Equal(t, 8, g.Game.Len())
	assert.Equal(t, "a rank cut", g.Annotations[1].Comment)
	assert.Equal(t, []int{4}, g.Annotations[7].NAGs)

	// 5: no termination marker: ends where the next tags begin; result from the tag.
	g = games[4]
	assert.Equal(t, 4, g.Game.Len())
	assert.Equal(t, "*", g.Result)

	// 6: moves glued to move numbers.
	g = games[5]
	assert.Equal(t, Result{BlackWins, Checkmate}, g.Game.Result())
}

func TestPGNRoundTrip(t *testing.T) {
	data, err := os.ReadFile("testdata/sample.pgn")
	require.NoError(t, err)
	games, err := ReadPGN(strings.NewReader(string(data)))
	require.NoError(t, err)
	var out strings.Builder
	for _, g := range games {
		require.NoError(t, WritePGN(&out, g))
	}
	for _, line := range strings.Split(out.String(), "\n") {
		assert.LessOrEqual(t, len(line), 80, line)
	}
	again, err := ReadPGN(strings.NewReader(out.String()))
	require.NoError(t, err)
	require.Len(t, again, len(games))
	for i := range games {
		assert.Equal(t, games[i].Game.String(), again[i].Game.String())
		assert.Equal(t, games[i].Result, again[i].Result)
		for j := range games[i].Annotations {
			assert.Equal(t, games[i].Annotations[j].Comment, again[i].Annotations[j].Comment)
			assert.Equal(t, games[i].Annotations[j].NAGs, again[i].Annotations[j].NAGs)
		}
		for _, tag := range games[i].Tags {
			v, ok := again[i].Tag(tag.Name)
			assert.True(t, ok, tag.Name)
			assert.Equal(t, tag.Value, v)
		}
	}
	// The writer's own form for a short game.
	g, err := ParseGame("startpos moves f2f3 e7e5 g2g4 d8h4")
	require.NoError(t, err)
	pg := &PGNGame{Game: g, Tags: []Tag{{Name: "Event", Value: "Test"}, {Name: "Annotator", Value: `A "quoted" name`}}}
	assert.Equal(t, `[Event "Test"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "?"]
[Black "?"]
[Result "0-1"]
[Annotator "A \"quoted\" name"]

1. f3 e5 2. g4 Qh4# 0-1

`, pg.String())
}

func TestPGNErrors(t *testing.T) {
	in := `[Event "bad move"]

1. e4 e5 2. Ke3 Nc6 1-0

[Event "good"]

1. d4 d5 *

[Event "bad fen"]
[FEN "8/8/8/8/8/8/8/8 w - - 0 1"]

1. e4 *
`
	r := NewPGNReader(strings.NewReader(in))
	_, err := r.Next()
	var pe *PGNError
	require.ErrorAs(t, err, &pe)
	assert.Equal(t, 1, pe.Game)
	assert.Equal(t, 3, pe.Line)
	assert.Contains(t, err.Error(), "Ke3")
	g, err := r.Next()
	require.NoError(t, err)
	assert.Equal(t, 2, g.Game.Len())
	_, err = r.Next()
	require.ErrorAs(t, err, &pe)
	assert.Contains(t, err.Error(), "FEN")
	_, err = r.Next()
	assert.True(t, errors.Is(err, io.EOF))
}

// TestPGNEnPassantMark reads the en passant mark the FIDE Laws of Chess allow (Appendix C.7,
// "e.p."; also "ep"), written apart or attached, in a game and in ParseMove.
func TestPGNEnPassantMark(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"[FEN \"2b1k3/p7/8/1P6/8/8/8/4K3 b - - 0 17\"]\n\n17... a5 18. bxa6 e.p. Bd7 *", "a7a5 b5a6 c8d7"},
		{"1. e4 Nc6 2. e5 f5 3.exf6ep Nxf6 *", "e2e4 b8c6 e4e5 f7f5 e5f6 g8f6"},
		{"1. e4 Nc6 2. e5 f5 3.exf6e.p. Nf6 *", "e2e4 b8c6 e4e5 f7f5 e5f6 g8f6"},
		{"1. e4 Nc6 2. e5 f5 3. exf6 ep Nf6 *", "e2e4 b8c6 e4e5 f7f5 e5f6 g8f6"},
	} {
		games, err := ReadPGN(strings.NewReader(c.text))
		require.NoError(t, err, c.text)
		require.Len(t, games, 1)
		var ucis []string
		for _, m := range games[0].Game.Moves() {
			ucis = append(ucis, m.UCI())
		}
		assert.Equal(t, c.want, strings.Join(ucis, " "), c.text)
	}
	p := mustFEN(t, "r1bqkbnr/ppppp1pp/2n5/4Pp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3")
	for _, s := range []string{"exf6ep", "exf6 e.p.", "exf6e.p.", "exf6 ep"} {
		m, err := p.ParseMove(s)
		require.NoError(t, err, s)
		assert.Equal(t, "e5f6", m.UCI(), s)
	}
}
