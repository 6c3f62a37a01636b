package uci

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBadPerftRefused: go perft with a depth that is not a positive number is refused with one
// info string and starts nothing: no search, no bestmove (Stockfish 15.1 starts an endless
// search instead, which a GUI waiting for a count would never see end). The next go finds no
// search running.
func TestBadPerftRefused(t *testing.T) {
	h := start(t)
	for _, c := range []struct{ line, want string }{
		{"go perft 0", "go: perft: 0 is not positive; nothing is counted and no search is started"},
		{"go perft -1", "go: perft: -1 is not positive; nothing is counted and no search is started"},
		{"go perft x", `go: perft: "x" is not a number; nothing is counted and no search is started`},
		{"go perft", "go: perft: needs a number; nothing is counted and no search is started"},
	} {
		h.send("position startpos", c.line, "isready")
		ls := h.until("readyok", 5*sec)
		assert.Equal(t, []string{"info string " + c.want, "readyok"}, ls, c.line)
	}
	h.send("go depth 1")
	_, ls := h.bestmove(5 * sec)
	for _, l := range ls {
		assert.NotContains(t, l, "still running", "no search was started by the refused perfts")
	}
}

// TestGoWarningsWording: the "not positive" warnings of go all read "go: NAME: VALUE is not
// positive; WHAT IS DONE".
func TestGoWarningsWording(t *testing.T) {
	c, err := Parse("go depth -1 movetime -100 nodes 0", 0)
	require.NoError(t, err)
	assert.Equal(t, []string{
		"go: depth: -1 is not positive; ignored",
		"go: movetime: -100 is not positive; using 1 ms",
		"go: nodes: 0 is not positive; ignored",
	}, c.Warnings)
}

// TestBanAndSearchMovesTrouble: a move of banmoves or go searchmoves that cannot be read is
// said to be unreadable (not "not a legal move here", which is kept for readable moves that
// are illegal); banmoves with a move left out says what is still banned; a searchmoves list
// with no move left says that all moves are searched.
func TestBanAndSearchMovesTrouble(t *testing.T) {
	h := start(t)
	h.send("setoption name UCI_Variant value xiangqi", "position startpos", "banmoves h2e2 zz a0a5", "isready")
	assert.Equal(t, []string{
		`info string banmoves: "zz" cannot be read as a move (want coordinates such as h2e2)`,
		`info string banmoves: not a legal move here: a0a5: a red chariot cannot move from a0 to a5: a chariot cannot jump over pieces`,
		"info string banmoves: the other moves are banned: h2e2",
		"readyok",
	}, h.until("readyok", 5*sec))
	h.send("banmoves zz", "isready")
	assert.Equal(t, []string{
		`info string banmoves: "zz" cannot be read as a move (want coordinates such as h2e2)`,
		"info string banmoves: no move is banned",
		"readyok",
	}, h.until("readyok", 5*sec))

	h.send("position startpos", "go searchmoves zz e2e5 depth 2")
	mv, ls := h.bestmove(10 * sec)
	assert.Equal(t, []string{
		`go searchmoves: "zz" cannot be read as a move (want coordinates such as h2e2)`,
		`go searchmoves: not a legal move here: e2e5: no piece on e2`,
		"go searchmoves: no move of the list can be searched; searching all moves",
	}, infoStrings(ls))
	assert.NotEqual(t, "0000", mv)

	// A readable list is searched as before, without a word.
	h.send("ucinewgame", "position startpos", "go searchmoves h2e2 depth 2")
	mv, ls = h.bestmove(10 * sec)
	assert.Equal(t, "h2e2", mv)
	assert.Empty(t, infoStrings(ls))
	assert.False(t, strings.Contains(strings.Join(ls, "\n"), "cannot be read"))
}
