package engine

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/games/chess"
	"github.com/cotuong-ai/cotuong/gamesearch"
	"github.com/cotuong-ai/cotuong/nnue"
)

// TestRootMovesHoldingEveryMove: a root restriction (UCI searchmoves) that lists every legal
// move is the unrestricted search: after the same earlier search on two searchers, the
// restricted and the unrestricted search give the same move, score, principal variation and
// node count. The table is kept between searches: the restricted search after a search of the
// same position visits fewer nodes than the same search on an empty table.
func TestRootMovesHoldingEveryMove(t *testing.T) {
	for _, c := range []struct {
		v    Variant
		game string
	}{{Xiangqi, "startpos moves h2e2 h9g7"}, {Chess, "startpos moves e2e4 e7e5 g1f3"}} {
		g, err := ParseGame(c.v, c.game)
		require.NoError(t, err)
		lim := gamesearch.Limits{Depth: 5}
		warm := gamesearch.Limits{Depth: 4}
		a := NewSearcher(c.v, SearcherOptions{HashMiB: 4})
		b := NewSearcher(c.v, SearcherOptions{HashMiB: 4})
		a.Search(context.Background(), g, warm, nil, nil)
		b.Search(context.Background(), g, warm, nil, nil)
		plain := a.Search(context.Background(), g, lim, nil, nil)
		all := b.Search(context.Background(), g, lim, g.Legal(), nil)
		require.True(t, plain.HasMove)
		assert.Equal(t, plain.Move, all.Move, "%s: best move", c.v)
		assert.Equal(t, plain.Score, all.Score, "%s: score", c.v)
		assert.Equal(t, plain.PV, all.PV, "%s: principal variation", c.v)
		assert.Equal(t, plain.Nodes, all.Nodes, "%s: the same search, node for node", c.v)

		cold := NewSearcher(c.v, SearcherOptions{HashMiB: 4}).Search(context.Background(), g, lim, g.Legal(), nil)
		assert.Less(t, all.Nodes, cold.Nodes, "%s: the table of the earlier search is used", c.v)

		// One allowed move: it is played, whatever the search would prefer.
		legal := g.Legal()
		one := b.Search(context.Background(), g, lim, legal[len(legal)-1:], nil)
		assert.Equal(t, legal[len(legal)-1], one.Move, "%s: the only allowed move", c.v)
	}
}

// TestSearcherNNUE: SearcherOptions.ChessNNUE is the evaluation of chess searches (another
// tree than the classical one) and leaves xiangqi searches classical, node for node.
func TestSearcherNNUE(t *testing.T) {
	n := randomChessNNUE(t)
	lim := gamesearch.Limits{Depth: 5}
	for _, v := range []Variant{Chess, Xiangqi} {
		g := NewGame(v)
		classical := NewSearcher(v, SearcherOptions{HashMiB: 4}).Search(context.Background(), g, lim, nil, nil)
		got := NewSearcher(v, SearcherOptions{HashMiB: 4, ChessNNUE: n}).Search(context.Background(), g, lim, nil, nil)
		require.True(t, got.HasMove)
		if v == Chess {
			assert.NotEqual(t, classical.Nodes, got.Nodes, "chess searches evaluate with ChessNNUE")
		} else {
			assert.Equal(t, classical.Nodes, got.Nodes, "xiangqi searches ignore ChessNNUE")
		}
	}
}

// randomChessNNUE is a chess network of random weights (16 hidden units, seed 1).
func randomChessNNUE(t *testing.T) *chess.NNUE {
	t.Helper()
	m, err := nnue.NewModel(chess.NNUEName, chess.NNUEInputs, 16, 1)
	require.NoError(t, err)
	net, err := m.Quantise()
	require.NoError(t, err)
	n, err := chess.NewNNUE(net, chess.NNUEFeatures{})
	require.NoError(t, err)
	return n
}

// TestSessionNeuralOnlyAtFullStrength: a session made with a network searches with it at full
// strength, and with the classical evaluation at a capped level (the levels were calibrated
// with it): the capped search's tree is node for node that of a session without a network.
func TestSessionNeuralOnlyAtFullStrength(t *testing.T) {
	n := randomChessNNUE(t)
	nodes := func(o SearcherOptions, str Strength) int64 {
		s := NewSession(Chess, SessionOptions{Searcher: o, Seed: 1})
		s.SetGame(NewGame(Chess))
		done := make(chan Answer, 1)
		s.Go(Request{Limits: gamesearch.Limits{Depth: 5}, Strength: str}, func(a Answer) { done <- a })
		a := <-done
		require.True(t, a.HasMove)
		return a.Result.Nodes
	}
	withNet := SearcherOptions{HashMiB: 4, ChessNNUE: n}
	plain := SearcherOptions{HashMiB: 4}
	capped := StrengthFor(10)
	require.False(t, capped.Full())
	assert.Equal(t, nodes(plain, capped), nodes(withNet, capped), "a capped level searches classically")
	full := StrengthFor(20)
	require.True(t, full.Full())
	assert.NotEqual(t, nodes(plain, full), nodes(withNet, full), "full strength searches with the network")
}
