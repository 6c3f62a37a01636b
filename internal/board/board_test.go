package board

import (
	"strings"
	"testing"

	"github.com/cotuong-ai/cotuong/engine"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseLabels(t *testing.T) {
	l, err := ParseLabels(" Vietnamese")
	require.NoError(t, err)
	assert.Equal(t, Vietnamese, l)
	_, err = ParseLabels("runes")
	assert.EqualError(t, err, `unknown labels "runes" (want chinese, vietnamese or letters)`)
}

func TestXiangqiLetters(t *testing.T) {
	got := Draw(engine.NewGame(engine.Xiangqi), Style{Labels: Letters})
	lines := strings.Split(strings.TrimRight(got, "\n"), "\n")
	require.Len(t, lines, 13, "header, 10 ranks, river, footer")
	assert.Equal(t, "    a  b  c  d  e  f  g  h  i", lines[0])
	assert.Equal(t, " 9  r  n  b  a  k  a  b  n  r    9", lines[1])
	assert.Equal(t, " 7  ·  c  ·  ·  ·  ·  ·  c  ·    7", lines[3])
	assert.Equal(t, "    ~~~~~~~~~~ river ~~~~~~~~~~", lines[6])
	assert.Equal(t, " 0  R  N  B  A  K  A  B  N  R    0", lines[11])
	assert.Equal(t, lines[0], lines[12])
}

func TestFlipAndChess(t *testing.T) {
	g, err := engine.ParseGame(engine.Chess, "startpos moves e2e4")
	require.NoError(t, err)
	got := Draw(g, Style{Labels: Letters, Flip: true})
	lines := strings.Split(strings.TrimRight(got, "\n"), "\n")
	require.Len(t, lines, 10)
	assert.Equal(t, "    h  g  f  e  d  c  b  a", lines[0])
	assert.Equal(t, " 1  R  N  B  K  Q  B  N  R    1", lines[1])
	assert.Equal(t, " 4  ·  ·  ·  P  ·  ·  ·  ·    4", lines[4], "empty squares marked without colour, as in xiangqi")
	assert.Equal(t, " 2  P  P  P  ·  P  P  P  P    2", lines[2])
	assert.Equal(t, " 8  r  n  b  k  q  b  n  r    8", lines[8])
	sym := Draw(g, Style{Labels: Chinese})
	assert.Contains(t, sym, " 8  ♜  ♞  ♝  ♛  ♚  ♝  ♞  ♜    8")
}

func TestColourAndLastMove(t *testing.T) {
	g, err := engine.ParseGame(engine.Xiangqi, "startpos moves h2e2")
	require.NoError(t, err)
	got := Draw(g, Style{Labels: Chinese, Color: true, LastMove: "h2e2"})
	assert.Equal(t, 2, strings.Count(got, xqLast), "the two squares of the last move are tinted")
	assert.Contains(t, got, xqRed+"炮 ")
	assert.Contains(t, got, xqBlack+"將 ")
	assert.Contains(t, got, "楚 河")
	v := Draw(g, Style{Labels: Vietnamese})
	assert.Contains(t, v, " 0  X  M  T  S  TG S  T  M  X    0")
	assert.Contains(t, v, " 9  x  m  t  s  tg s  t  m  x    9")
	assert.Contains(t, v, "Sở hà   Hán giới", "the river is named in Vietnamese with Vietnamese labels")
	assert.Contains(t, Draw(g, Style{Labels: Letters}), " river ")
}

// TestPrevMove: the move before the last is tinted too, more faintly, so a board drawn once
// after a move and its reply shows both; a square of both moves takes the last move's tint;
// without colour neither is marked.
func TestPrevMove(t *testing.T) {
	g, err := engine.ParseGame(engine.Xiangqi, "startpos moves h2e2 h9g7")
	require.NoError(t, err)
	got := Draw(g, Style{Labels: Chinese, Color: true, LastMove: "h9g7", PrevMove: "h2e2"})
	assert.Equal(t, 2, strings.Count(got, xqLast))
	assert.Equal(t, 2, strings.Count(got, xqPrev))
	assert.Contains(t, got, xqPrev+xqRed+"炮 ", "e2, where the cannon went, has the faint tint")
	g, err = engine.ParseGame(engine.Xiangqi, "startpos moves h2e2 h9g7 e2e6")
	require.NoError(t, err)
	got = Draw(g, Style{Labels: Chinese, Color: true, LastMove: "e2e6", PrevMove: "h9g7"})
	assert.Equal(t, 2, strings.Count(got, xqLast))
	assert.Equal(t, 2, strings.Count(got, xqPrev))
	got = Draw(g, Style{Labels: Chinese, Color: true, LastMove: "e6e9", PrevMove: "e2e6"})
	assert.Equal(t, 2, strings.Count(got, xqLast))
	assert.Equal(t, 1, strings.Count(got, xqPrev), "e6, in both moves, takes the last move's tint")
	c, err := engine.ParseGame(engine.Chess, "startpos moves e2e4 e7e5")
	require.NoError(t, err)
	got = Draw(c, Style{Color: true, LastMove: "e7e5", PrevMove: "e2e4"})
	assert.Equal(t, 2, strings.Count(got, chLast))
	assert.Equal(t, 2, strings.Count(got, chPrev))
	plain := Draw(c, Style{LastMove: "e7e5", PrevMove: "e2e4"})
	assert.Equal(t, Draw(c, Style{}), plain, "no marks without colour")
}
