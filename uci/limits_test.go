package uci

import (
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBadGoLimitsStillAnswer: a go whose limits are all unreadable (not a number, negative,
// zero) names the bad token and value in an info string and still prints a legal bestmove
// within InvalidLimitTime (plus slack), instead of searching until a stop that never comes.
func TestBadGoLimitsStillAnswer(t *testing.T) {
	cases := []struct{ line, want string }{
		{"go depth -3", `depth: -3 is not positive`},
		{"go depth abc", `depth: "abc" is not a number`},
		{"go depth 0", `depth: 0 is not positive`},
		{"go nodes -5", `nodes: -5 is not positive`},
		{"go nodes abc", `nodes: "abc" is not a number`},
		{"go mate -1", `mate: -1 is not positive`},
		{"go mate x", `mate: "x" is not a number`},
		{"go movetime abc", `movetime: "abc" is not a number`},
		{"go wtime abc", `wtime: "abc" is not a number`},
		{"go btime abc btime", `btime: "abc" is not a number`},
		{"go winc abc", `winc: "abc" is not a number`},
		{"go binc -4", `binc: -4 is negative`},
		{"go movestogo abc", `movestogo: "abc" is not a number`},
		{"go movestogo -2", `movestogo: -2 is negative`},
		{"go depth", `depth: needs a number`},
	}
	for _, c := range cases {
		t.Run(c.line, func(t *testing.T) {
			t.Parallel()
			h := start(t)
			h.send("position startpos", c.line)
			t0 := time.Now()
			mv, ls := h.bestmove(InvalidLimitTime + 5*sec)
			assert.Less(t, time.Since(t0), InvalidLimitTime+3*sec, "bounded search")
			msgs := strings.Join(infoStrings(ls), "|")
			assert.Contains(t, msgs, c.want)
			assert.Contains(t, msgs, "no valid limit")
			assert.True(t, legalChess(t, "", nil, mv), "bestmove %s", mv)
		})
	}
}

// TestBadGoLimitWithGoodOne: a bad token beside a valid limit only warns; the valid limit
// rules (depth 1 answers at once, no 1 s fallback).
func TestBadGoLimitWithGoodOne(t *testing.T) {
	h := start(t)
	h.send("position startpos", "go depth abc nodes 300")
	mv, ls := h.bestmove(5 * sec)
	assert.LessOrEqual(t, infoNodes(t, ls), int64(2*300), "the node limit ends the search")
	msgs := strings.Join(infoStrings(ls), "|")
	assert.Contains(t, msgs, `depth: "abc" is not a number`)
	assert.NotContains(t, msgs, "no valid limit")
	assert.NotContains(t, msgs, "unknown token", "the bad value is consumed, not read as a keyword")
	assert.True(t, legalChess(t, "", nil, mv))

	// A plain go (no limits at all) and go infinite still wait for stop.
	h.send("go")
	deadline := time.Now().Add(InvalidLimitTime + 300*time.Millisecond)
	for {
		l, ok := h.next(time.Until(deadline))
		if !ok {
			break
		}
		require.False(t, strings.HasPrefix(l, "bestmove"), "a go without limits waits for stop: %q", l)
	}
	h.send("stop")
	mv, _ = h.bestmove(5 * sec)
	assert.True(t, legalChess(t, "", nil, mv))
}

// TestThreadsOption: Threads is 1..64 (Lazy SMP); a 2-thread search answers legally.
func TestThreadsOption(t *testing.T) {
	h := start(t)
	h.send("uci")
	ls := h.until("uciok", sec)
	assert.Contains(t, ls, "option name Threads type spin default 1 min 1 max 64")
	h.send("setoption name Threads value 65", "isready")
	ls = h.until("readyok", sec)
	require.Len(t, infoStrings(ls), 1)
	assert.Contains(t, infoStrings(ls)[0], "Threads: 65 is out of range 1..64")
	h.send("setoption name Threads value 2", "setoption name UCI_Variant value xiangqi",
		"position startpos", "go depth 4")
	mv, ls := h.bestmove(20 * sec)
	assert.Empty(t, infoStrings(ls))
	assert.True(t, legalXiangqi(t, "", nil, mv))

	h2 := start(t)
	h2.send("ucci")
	assert.Contains(t, h2.until("ucciok", sec), "option threads type spin min 1 max 64 default 1")
}

// TestIllegalMoveWording: a bad xiangqi move in position ... moves is explained once, with
// the rule that forbids it or as neither a coordinate move nor WXF, without repeated
// package prefixes.
func TestIllegalMoveWording(t *testing.T) {
	h := start(t)
	h.send("setoption name UCI_Variant value xiangqi")
	for _, c := range []struct{ line, want string }{
		{"position startpos moves zz99", "position: illegal move 1, zz99: neither a coordinate move (UCI h2e2 or ICCS H2-E2: files a-i, ranks 0-9) nor WXF notation (C2.5, H8+7, +R.3); refused (the next go answers no move)"},
		{"position startpos moves h2e2 h0f1", "position: illegal move 2, h0f1: the piece on h0 is a red horse, but it is Black to move; refused (the next go answers no move)"},
		{"position startpos moves H2+4", "position: illegal move 1, H2+4 (h0f1): a red horse cannot move from h0 to f1: the horse's leg g0 is blocked; refused (the next go answers no move)"},
	} {
		h.send(c.line, "isready")
		msgs := infoStrings(h.until("readyok", 5*sec))
		require.Len(t, msgs, 1, c.line)
		assert.Equal(t, c.want, msgs[0])
	}
}

// TestGoNodesFinalInfo: "go nodes N" stops inside an iteration; as Stockfish does, a last
// info line before bestmove reports the nodes actually searched (N, give or take the few
// nodes of the stop check), for xiangqi and chess, so that GUIs and match tools read them.
func TestGoNodesFinalInfo(t *testing.T) {
	for _, c := range []struct{ variant, limit string }{{"xiangqi", "30000"}, {"chess", "30000"}, {"xiangqi", "777"}} {
		h := start(t)
		h.send("uci", "setoption name UCI_Variant value "+c.variant, "isready")
		h.until("readyok", 10*time.Second)
		h.send("position startpos", "go nodes "+c.limit)
		_, lines := h.bestmove(60 * time.Second)
		require.GreaterOrEqual(t, len(lines), 2, "%v", lines)
		last := strings.Fields(lines[len(lines)-2])
		require.Equal(t, "info", last[0], "%v", lines)
		i := slices.Index(last, "nodes")
		require.Greater(t, i, 0, "%v", last)
		n, err := strconv.Atoi(last[i+1])
		require.NoError(t, err)
		limit, _ := strconv.Atoi(c.limit)
		assert.GreaterOrEqual(t, n, limit, "%s: %v", c.variant, last)
		assert.LessOrEqual(t, n, limit+limit/100+64, "%s: %v", c.variant, last)
		assert.Contains(t, last, "pv", "%v", last)
	}
}
