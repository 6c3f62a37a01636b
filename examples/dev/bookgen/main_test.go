package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/engine"
)

// The first openings of the 200-opening xiangqi book the NNUE issue's matches were played
// from (against Fairy-Stockfish 11.1 and in self-play), as that book file holds them: the
// default flags make that book again.
var matchBookHead = []string{
	"startpos moves h2h1 h7h3 g0e2 b9c7",
	"startpos moves h2h4 h7i7 b2b3 b7e7",
	"startpos moves h2h5 d9e8 h5e5 c9a7",
	"startpos moves h2h5 h7g7 h5h2 b7b3",
	"startpos moves g0i2 h7h4 i2g0 g6g5",
}

func defaults() config {
	return config{Game: "xiangqi", N: 200, Plies: 4, Depth: 7, Margin: 60, Seed: 7}
}

func TestDefaultBookIsTheMatchBook(t *testing.T) {
	c := defaults()
	c.N = len(matchBookHead)
	var b bytes.Buffer
	n, err := generate(engine.Xiangqi, c, &b)
	require.NoError(t, err)
	assert.Equal(t, len(matchBookHead), n)
	assert.Equal(t, strings.Join(matchBookHead, "\n")+"\n", b.String())
}

func TestChessBookIsLegalAndDistinct(t *testing.T) {
	c := defaults()
	c.Game, c.N, c.Depth = "chess", 4, 4
	var b bytes.Buffer
	n, err := generate(engine.Chess, c, &b)
	require.NoError(t, err)
	require.Equal(t, 4, n)
	lines := strings.Split(strings.TrimSpace(b.String()), "\n")
	require.Len(t, lines, 4)
	seen := map[string]bool{}
	for _, l := range lines {
		g, err := engine.ParseGame(engine.Chess, l)
		require.NoError(t, err, l)
		assert.Len(t, g.Moves(), 4, l)
		assert.False(t, seen[l], "opening %q written twice", l)
		seen[l] = true
	}
}

func TestBadFlagsAreNamed(t *testing.T) {
	for _, tc := range []struct {
		edit func(*config)
		want string
	}{
		{func(c *config) { c.Game = "shogi" }, "shogi"},
		{func(c *config) { c.N = 0 }, "-n 0"},
		{func(c *config) { c.Plies = 0 }, "-plies 0"},
		{func(c *config) { c.Depth = -1 }, "-depth -1"},
		{func(c *config) { c.Margin = -5 }, "-margin -5"},
		{func(c *config) { c.Out = filepath.Join(t.TempDir(), "no", "such", "dir", "b.txt") }, "no such file"},
	} {
		c := defaults()
		c.N = 1
		tc.edit(&c)
		err := writeBook(c)
		require.Error(t, err)
		assert.Contains(t, err.Error(), tc.want)
	}
}

func TestImpossibleMarginEnds(t *testing.T) {
	// Xiangqi's start position has 44 legal moves (perft 1, ../shared/reference), so a
	// one-ply book has at most 44 distinct openings even with a margin that keeps them all:
	// asking for 45 must end with an error naming the shortfall, not draw for ever.
	c := defaults()
	c.Plies, c.Depth, c.N, c.Margin = 1, 1, 45, 10000
	c.Out = filepath.Join(t.TempDir(), "b.txt")
	err := writeBook(c)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "only 44 openings of 45")
}
