package uci

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestUCCIProbe: "probe" answers as ElephantEye does, with "pophash" and what the
// transposition table knows: nothing before a search (a bare pophash); after a depth-5
// search, for the position after the best move, the reply the principal variation gives, an
// exact score (lower and upper bound alike) that is the root's final score seen from the
// other side, and the depth one less than the root's. A bad probe says why and answers a
// bare pophash; the current position is kept.
func TestUCCIProbe(t *testing.T) {
	h := start(t)
	h.send("ucci")
	h.until("ucciok", sec)
	h.send("probe startpos")
	assert.Equal(t, []string{"pophash"}, h.until("pophash", sec))

	h.send("position startpos", "go depth 5")
	_, ls := h.bestmove(30 * sec)
	last := ls[len(ls)-2]
	m := regexp.MustCompile(`^info depth 5 score (-?\d+) .* pv (\S+) (\S+)`).FindStringSubmatch(last)
	require.NotNil(t, m, last)
	score, err := strconv.Atoi(m[1])
	require.NoError(t, err)
	h.send("probe startpos moves " + m[2])
	got := h.until("pophash", sec)
	want := "pophash bestmove " + m[3] + " lowerbound " + strconv.Itoa(-score) + " depth 4 upperbound " + strconv.Itoa(-score) + " depth 4"
	assert.Equal(t, []string{want}, got)

	h.send("probe startpos moves " + m[2] + " zz")
	got = h.until("pophash", sec)
	require.Len(t, got, 2)
	assert.True(t, strings.HasPrefix(got[0], "info string probe: illegal move 2, zz"), got[0])
	assert.Equal(t, "pophash", got[1])
	h.send("probe fen 9/9 w")
	got = h.until("pophash", sec)
	assert.Equal(t, "pophash", got[len(got)-1])

	// The position set before the probes is kept: its search still finds the mate b0b9.
	h.send("position fen 4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1", "probe startpos moves h2e2", "go depth 1")
	mv, _ := h.bestmove(30 * sec)
	assert.Equal(t, "b0b9", mv)
}
