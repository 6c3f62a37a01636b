package uci

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/games/xiangqi"
)

// TestXiangqiFENWithoutVariant: a GUI that sends a xiangqi FEN (10 ranks) without setting
// UCI_Variant, as some xiangqi GUIs do with Pikafish, gets a legal xiangqi move and an info
// string saying the engine switched, never a silent bestmove 0000; the moves after the FEN are
// read as xiangqi's. An 8-rank chess FEN sent to the xiangqi engine is refused with a hint.
func TestXiangqiFENWithoutVariant(t *testing.T) {
	h := start(t)
	h.send("uci", "isready")
	h.until("readyok", 10*time.Second)
	fen := "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
	h.send("position fen "+fen+" moves h2e2 h9g7", "go depth 3")
	mv, lines := h.bestmove(30 * time.Second)
	infos := strings.Join(infoStrings(lines), "\n")
	assert.Contains(t, infos, "the FEN has 10 ranks, a xiangqi position; UCI_Variant was chess, now xiangqi")
	g, err := xiangqi.ParseGame("fen " + fen + " moves h2e2 h9g7")
	require.NoError(t, err)
	pos := g.Position()
	m, err := pos.ParseMove(mv)
	require.NoError(t, err, "bestmove %s is a legal xiangqi move", mv)
	assert.True(t, pos.IsLegal(m))

	h.send("position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "go depth 1")
	mv, lines = h.bestmove(30 * time.Second)
	assert.Equal(t, "0000", mv)
	assert.Contains(t, strings.Join(infoStrings(lines), "\n"), "(8 ranks: a chess FEN? send setoption name UCI_Variant value chess)")
}
