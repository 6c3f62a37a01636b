package pgn

import (
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func moveTexts(g *Game) []string {
	var out []string
	for _, m := range g.Moves {
		out = append(out, m.Text)
	}
	return out
}

// TestWideDialect: in the wide dialect (xiangqi) WXF moves with periods, tandem soldiers
// written "15.6" and Chinese moves are single tokens, and "12." stays a move number; the
// plain dialect (chess) splits "C2.5" at the period.
func TestWideDialect(t *testing.T) {
	text := "[Event \"e\"]\n\n1. C2.5 H8+7 2.炮二平五 15.6 3... +R.3 {a comment} $1 (3... h9g7) 1/2-1/2\n"
	g, err := NewReader(strings.NewReader(text), Dialect{Wide: true}).Next()
	require.NoError(t, err)
	assert.Equal(t, []string{"C2.5", "H8+7", "炮二平五", "15.6", "+R.3"}, moveTexts(g))
	assert.Equal(t, "1/2-1/2", g.Result)
	assert.Equal(t, Annotation{Comment: "a comment", NAGs: []int{1}}, g.Annotations[5])
	assert.Equal(t, 3, g.MovetextLine)

	g, err = NewReader(strings.NewReader("1. C2.5 *"), Dialect{}).Next()
	require.NoError(t, err)
	assert.Equal(t, []string{"C2"}, moveTexts(g), "plain: the period ends the token and 5 reads as a move number")
}

// TestSyntaxErrorKeepsGame: a game with a syntax error comes back with what was read before
// it and the error's line; the next game reads normally.
func TestSyntaxErrorKeepsGame(t *testing.T) {
	r := NewReader(strings.NewReader("1. e4 e5\n2. ) Nf3 *\n\n[Event \"next\"]\n1. d4 *\n"), Dialect{})
	g, err := r.Next()
	var se *SyntaxError
	require.True(t, errors.As(err, &se))
	assert.Equal(t, 2, se.Line)
	assert.Equal(t, []string{"e4", "e5"}, moveTexts(g))
	assert.Equal(t, 1, r.Games())
	g, err = r.Next()
	require.NoError(t, err)
	assert.Equal(t, []string{"d4"}, moveTexts(g))
	_, err = r.Next()
	assert.Equal(t, io.EOF, err)
}

// TestWriteGame: the roster with defaults, extra tags, SetUp/FEN, move numbers with "N..."
// for an opening second-player move and after a comment, and the result.
func TestWriteGame(t *testing.T) {
	var b strings.Builder
	tags := Tags{{Name: "Variant", Value: "Xiangqi"}}
	tags.Set("White", "A")
	moves := []Ply{{Number: 1, First: false, Text: "Hg8"}, {Number: 2, First: true, Text: "Ce3"}, {Number: 2, First: false, Text: "Cxe8"}}
	ann := []Annotation{{}, {}, {Comment: "sharp"}, {}}
	require.NoError(t, WriteGame(&b, tags, "FENTEXT", "*", moves, ann))
	want := "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"A\"]\n[Black \"?\"]\n[Result \"*\"]\n" +
		"[Variant \"Xiangqi\"]\n[SetUp \"1\"]\n[FEN \"FENTEXT\"]\n\n1... Hg8 2. Ce3 {sharp} 2... Cxe8 *\n\n"
	assert.Equal(t, want, b.String())
	assert.Equal(t, "1-0", ResultToken(true, false, true))
	assert.Equal(t, "*", ResultToken(false, false, false))
}

// TestCommentBeforeTags: a comment before the first game's tags (or between two games) is
// the comment before that game's first move, not an empty game of its own; comments with no
// game after them are no game.
func TestCommentBeforeTags(t *testing.T) {
	text := "{ exported by some tool }\n[Event \"one\"]\n\n1. e4 e5 1-0\n\n; between\n[Event \"two\"]\n\n{ two's own } 1. d4 *\n{ trailing }\n"
	r := NewReader(strings.NewReader(text), Dialect{})
	g, err := r.Next()
	require.NoError(t, err)
	v, _ := g.Tags.Get("Event")
	assert.Equal(t, "one", v)
	assert.Equal(t, []string{"e4", "e5"}, moveTexts(g))
	assert.Equal(t, "exported by some tool", g.Annotations[0].Comment)
	g, err = r.Next()
	require.NoError(t, err)
	v, _ = g.Tags.Get("Event")
	assert.Equal(t, "two", v)
	assert.Equal(t, []string{"d4"}, moveTexts(g))
	assert.Equal(t, "between two's own", g.Annotations[0].Comment)
	_, err = r.Next()
	assert.Equal(t, io.EOF, err)
	assert.Equal(t, 2, r.Games())
	// Movetext without tags that starts with a comment is still a game.
	g, err = NewReader(strings.NewReader("{ opening } 1. e4 *"), Dialect{}).Next()
	require.NoError(t, err)
	assert.Equal(t, []string{"e4"}, moveTexts(g))
	assert.Equal(t, "opening", g.Annotations[0].Comment)
}

// TestEnPassantMark: the FIDE Laws of Chess (Appendix C.7) let "e.p." follow an en passant
// capture; written apart or attached it stays with its move in the EnPassant dialect.
func TestEnPassantMark(t *testing.T) {
	for _, c := range []struct {
		text string
		want []string
	}{
		{"18. bxa6 e.p. Bd7 *", []string{"bxa6 e.p.", "Bd7"}},
		{"3.exf6ep Nf6 *", []string{"exf6ep", "Nf6"}},
		{"3.exf6e.p. Nf6 *", []string{"exf6e.p.", "Nf6"}},
		{"3. exf6 ep+ Kf7 *", []string{"exf6 ep+", "Kf7"}},
		{"1. e4 epsilon *", []string{"e4", "epsilon"}},
	} {
		g, err := NewReader(strings.NewReader(c.text), Dialect{EnPassant: true}).Next()
		require.NoError(t, err, c.text)
		assert.Equal(t, c.want, moveTexts(g), c.text)
	}
	// Without the dialect the mark is split (as before).
	g, _ := NewReader(strings.NewReader("18. bxa6 e.p. Bd7 *"), Dialect{}).Next()
	assert.Equal(t, []string{"bxa6", "e", "p", "Bd7"}, moveTexts(g))
}
