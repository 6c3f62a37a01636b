package engine

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/cotuong-ai/cotuong/gamesearch"
	"github.com/cotuong-ai/cotuong/internal/testkit/reference"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseVariant(t *testing.T) {
	for s, v := range map[string]Variant{"chess": Chess, "XIANGQI": Xiangqi, " cotuong ": Xiangqi} {
		got, err := ParseVariant(s)
		require.NoError(t, err)
		assert.Equal(t, v, got)
	}
	_, err := ParseVariant("shogi")
	assert.EqualError(t, err, `unknown game "shogi" (want chess or xiangqi)`)
	// A Variant made from a name without ParseVariant is refused where there is an error to
	// return, not read as chess.
	for _, v := range []Variant{"shogi", "", "Xiangqi", "CHESS"} {
		g, err := ParseGame(v, "startpos")
		assert.Nil(t, g)
		assert.ErrorContains(t, err, fmt.Sprintf("unknown game %q", string(v)))
		g, err = GameFromFEN(v, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1")
		assert.Nil(t, g)
		assert.ErrorContains(t, err, fmt.Sprintf("unknown game %q", string(v)))
	}
}

func TestParseAndString(t *testing.T) {
	g, err := ParseGame(Xiangqi, "startpos moves h2e2 h9g7")
	require.NoError(t, err)
	assert.Equal(t, 2, g.Len())
	assert.Equal(t, []string{"h2e2", "h9g7"}, g.Moves())
	back, err := ParseGame(Xiangqi, g.String())
	require.NoError(t, err)
	assert.Equal(t, g.FEN(), back.FEN())

	_, err = ParseGame(Xiangqi, "startpos moves h2e2 h2e2")
	assert.EqualError(t, err, "move 2, h2e2: no piece on h2", "the move named once, no package prefix")
	_, err = ParseGame(Xiangqi, "startpos moves h0f1")
	assert.EqualError(t, err, "move 1, h0f1: a red horse cannot move from h0 to f1: the horse's leg g0 is blocked")
	_, err = ParseGame(Xiangqi, "startpos moves zz99")
	assert.EqualError(t, err, "move 1, zz99: neither a coordinate move (UCI h2e2 or ICCS H2-E2: files a-i, ranks 0-9) nor WXF notation (C2.5, H8+7, +R.3)")
	_, err = ParseGame(Chess, "startpos moves e2e4 e7e5 e1e3")
	assert.ErrorContains(t, err, `move 3, "e1e3": `)
	assert.NotContains(t, err.Error(), "chess:")
	g = NewGame(Xiangqi)
	m, err := ParseLocalMove(g, "P2-5", "vietnamese")
	require.NoError(t, err)
	assert.Equal(t, "h2e2", g.UCI(m))
	m, err = ParseLocalMove(g, "炮二平五", "letters")
	require.NoError(t, err)
	assert.Equal(t, "h2e2", g.UCI(m))
	_, err = ParseLocalMove(g, "P2-5", "chinese")
	assert.Error(t, err, "WXF P2-5 (a soldier backwards) is illegal")
	_, err = ParseGame(Chess, "fen 8/8 w - - 0 1")
	assert.Error(t, err)
	for _, s := range []string{"", "fen", "start", "startpos e2e4"} {
		_, err = ParseGame(Chess, s)
		assert.Error(t, err, s)
	}
}

func TestCloneIsIndependent(t *testing.T) {
	g := NewGame(Chess)
	m, _ := g.ParseMove("e4")
	require.NoError(t, g.Push(m))
	c := g.Clone()
	m, _ = c.ParseMove("e5")
	require.NoError(t, c.Push(m))
	assert.Equal(t, 1, g.Len())
	assert.Equal(t, 2, c.Len())
	_, ok := g.Pop()
	assert.True(t, ok)
	_, ok = g.Pop()
	assert.False(t, ok)
}

func TestBoardSquares(t *testing.T) {
	x := NewGame(Xiangqi)
	assert.Equal(t, 9, x.Files())
	assert.Equal(t, 10, x.Ranks())
	sq := x.At(4, 0)
	assert.Equal(t, Square{Side: First, Letter: 'K', Chinese: "帥", Vietnamese: "TG"}, sq)
	assert.Equal(t, Second, x.At(0, 9).Side)
	assert.True(t, x.At(4, 4).Empty)
	assert.True(t, x.At(-1, 20).Empty)
	c := NewGame(Chess)
	assert.Equal(t, byte('q'), c.At(3, 7).Letter)
	assert.True(t, c.At(8, 0).Empty)
}

// XQ12: a stalemated side loses in xiangqi; CH09: stalemate draws in chess.
func TestTerminalResults(t *testing.T) {
	rc, err := reference.RuleCaseByID("XQ12")
	require.NoError(t, err)
	g, err := GameFromFEN(Xiangqi, rc.FENs[1])
	require.NoError(t, err)
	assert.Empty(t, g.Legal())
	assert.False(t, g.InCheck())
	assert.True(t, g.LossOnStalemate())
	r := g.Result()
	assert.Equal(t, Result{Over: true, Winner: Second, Text: r.Text, Short: "0-1"}, r)

	rc, err = reference.RuleCaseByID("CH09")
	require.NoError(t, err)
	g, err = GameFromFEN(Chess, rc.FENs[0])
	require.NoError(t, err)
	r = g.Result()
	assert.True(t, r.Over && r.Draw)
	assert.Equal(t, "1/2-1/2", r.Short)
	assert.False(t, g.LossOnStalemate())
}

func TestPerftDivide(t *testing.T) {
	rows, err := reference.Perft("", 10000)
	require.NoError(t, err)
	for _, r := range rows {
		g, err := GameFromFEN(Variant(r.Game), r.FEN)
		require.NoError(t, err)
		assert.Equal(t, r.Nodes, g.Perft(r.Depth), "%s %s d%d", r.Game, r.Name, r.Depth)
		var sum uint64
		for _, d := range g.Divide(r.Depth) {
			sum += d.Nodes
		}
		assert.Equal(t, r.Nodes, sum)
	}
}

func TestEngineRestrictedRoot(t *testing.T) {
	for _, v := range Variants() {
		g := NewGame(v)
		e := NewSearcher(v, SearcherOptions{HashMiB: 1})
		assert.Equal(t, v, e.Variant())
		legal := g.Legal()
		allow := []Move{legal[len(legal)-1]}
		var iters int
		r := e.Search(context.Background(), g, gamesearch.Limits{Depth: 3}, allow, func(SearchResult) { iters++ })
		require.True(t, r.HasMove)
		assert.Equal(t, allow[0], r.Move, "%s: the only allowed move", v)
		assert.Equal(t, 3, iters)
		assert.Equal(t, 3, r.Depth)
		// Unrestricted, with MultiPV: several distinct root lines, best first.
		r = e.Search(context.Background(), g, gamesearch.Limits{Depth: 2, MultiPV: 3}, nil, nil)
		require.Len(t, r.Lines, 3)
		assert.Equal(t, r.Move, r.Lines[0].Move)
		assert.NotEqual(t, r.Lines[0].Move, r.Lines[1].Move)
		assert.GreaterOrEqual(t, r.Lines[0].Score, r.Lines[2].Score)
		e.Clear()
		// A cancelled context still yields a legal move.
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		r = e.Search(ctx, g, gamesearch.Limits{Time: time.Second}, nil, nil)
		require.True(t, r.HasMove)
		assert.Contains(t, legal, r.Move)
	}
}

// A GUI may play on after a repetition ends the game by the package's rules: Continue keeps
// going, keeps the history for the search, and String/Parse/Pop/Clone still work.
func TestContinuePastTheEnd(t *testing.T) {
	for _, c := range []struct {
		v     Variant
		cycle string
		next  string
	}{{Chess, "g1f3 g8f6 f3g1 f6g8", "e2e4"}, {Xiangqi, "h0g2 h9g7 g2h0 g7h9", "h2e2"}} {
		g := NewGame(c.v)
		for _, s := range strings.Fields(c.cycle + " " + c.cycle) {
			m, err := g.ParseMove(s)
			require.NoError(t, err)
			require.NoError(t, g.Push(m))
		}
		require.True(t, g.Result().Over, "%s: %s", c.v, g.Result().Text) // CH12/XQ17-style repetition
		m, err := g.ParseMove(c.next)
		require.NoError(t, err)
		assert.Error(t, g.Push(m), "Push refuses a move after the end")
		require.NoError(t, g.Continue(m))
		assert.Equal(t, 9, g.Len())
		assert.False(t, g.Result().Over)
		hist := g.(interface{ history() int }).history()
		assert.Equal(t, 9, hist, "the search sees all nine earlier positions")
		back, err := ParseGame(c.v, g.String())
		require.NoError(t, err)
		assert.Equal(t, g.FEN(), back.FEN())
		assert.Equal(t, g.Moves(), back.Moves())
		cl := g.Clone()
		last, ok := g.Pop()
		assert.True(t, ok)
		assert.Equal(t, m, last)
		assert.Equal(t, 8, g.Len())
		assert.True(t, g.Result().Over)
		assert.Equal(t, 9, cl.Len())
		assert.Error(t, cl.Continue(m), "the piece has moved on: an illegal move is refused")
	}
}

// TestFromFENErrorGivesNilGame: a bad FEN gives a nil Game (not an interface holding a nil
// pointer), so a caller that tests g == nil is not fooled.
func TestFromFENErrorGivesNilGame(t *testing.T) {
	for _, v := range []Variant{Xiangqi, Chess} {
		g, err := GameFromFEN(v, "not a fen")
		if err == nil || g != nil {
			t.Errorf("%v: GameFromFEN(bad) = %v, %v; want nil and an error", v, g, err)
		}
	}
}

// AtUCI reads squares as UCI moves name them: chess ranks 1-8 (White's king on e1, Black's on
// e8), xiangqi ranks 0-9 (Red's general on e0, Black's on e9); anything else is Empty.
func TestAtUCI(t *testing.T) {
	chess, xq := NewGame(Chess), NewGame(Xiangqi)
	for _, c := range []struct {
		g      Game
		sq     string
		letter byte // 0: Empty
	}{
		{chess, "e1", 'K'}, {chess, "e8", 'k'}, {chess, "a2", 'P'}, {chess, "e4", 0},
		{chess, "e0", 0}, {chess, "e9", 0}, {chess, "i1", 0},
		{xq, "e0", 'K'}, {xq, "e9", 'k'}, {xq, "h2", 'C'}, {xq, "i9", 'r'}, {xq, "e5", 0},
		{xq, "j0", 0}, {xq, "e", 0}, {xq, "e10", 0}, {xq, "", 0},
	} {
		got := AtUCI(c.g, c.sq)
		if c.letter == 0 && !got.Empty || c.letter != 0 && (got.Empty || got.Letter != c.letter) {
			t.Errorf("%s AtUCI(%q) = %+v, want %q", c.g.Variant(), c.sq, got, c.letter)
		}
	}
}
