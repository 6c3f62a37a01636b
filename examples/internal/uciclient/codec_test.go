package uciclient

import (
	"regexp"
	"strings"
	"testing"

	"github.com/cotuong-ai/cotuong/internal/testkit/reference"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The rank translation matches the XQ20 reference row: our ICCS coordinates against
// Fairy-Stockfish 11.1's UCI ones.
func TestRankCodec(t *testing.T) {
	rc, err := reference.RuleCaseByID("XQ20")
	require.NoError(t, err)
	ours := regexp.MustCompile(`ICCS ((?:[a-i]\d+ ?)+)`).FindStringSubmatch(rc.Query)
	fairy := regexp.MustCompile(`ranks 1-10\): ((?:[a-i]\d+[a-i]\d+ ?)+)`).FindStringSubmatch(rc.Expected)
	require.Len(t, ours, 2)
	require.Len(t, fairy, 2)
	o, f := strings.Fields(ours[1]), strings.Fields(fairy[1])
	require.Len(t, f, len(o))
	c := RankShift{1}
	for i := range o {
		assert.Equal(t, f[i], c.ToEngine(o[i]))
		back, err := c.FromEngine(f[i])
		require.NoError(t, err)
		assert.Equal(t, o[i], back)
	}
	_, err = c.FromEngine("(none)")
	assert.Error(t, err)
	_, err = c.FromEngine("h123e3")
	assert.Error(t, err)
}

func TestRenameFEN(t *testing.T) {
	m, err := ParseLetters("N=H,B=E")
	require.NoError(t, err)
	assert.Equal(t, "rheakaehr/9 w - - 0 1", RenameFEN("rnbakabnr/9 w - - 0 1", m))
	_, err = ParseLetters("N=h")
	assert.ErrorContains(t, err, `"N=h"`)
}

// TestParseInfo: the score, bound, depth, nodes and first PV move of info lines as
// Stockfish-family engines write them (the UCI protocol's "info" command), ranks shifted back
// by the codec; lines of multipv 2 and "info string" lines leave the last values alone.
func TestParseInfo(t *testing.T) {
	var info SearchInfo
	c := RankShift{1}
	for _, l := range []string{
		"info depth 12 seldepth 18 multipv 1 score cp 35 nodes 150000 nps 900000 pv h3e3 h10g8",
		"info depth 13 seldepth 19 multipv 2 score cp -80 nodes 170000 pv b3e3 b10c8",
		"info string NNUE evaluation using xiangqi.nnue score cp 9",
		"info depth 13 currmove h1g3 currmovenumber 2",
	} {
		parseInfo(strings.Fields(l), &info, c)
	}
	assert.Equal(t, SearchInfo{Depth: 13, Score: "cp 35", Nodes: 150000, PV: "h2e2", Line: []string{"h2e2", "h9g7"}}, info)
	parseInfo(strings.Fields("info depth 14 multipv 1 score mate -3 upperbound nodes 200000 pv a1a2"), &info, c)
	assert.Equal(t, SearchInfo{Depth: 14, Score: "mate -3", Bound: "upperbound", Nodes: 200000, PV: "a0a1", Line: []string{"a0a1"}}, info)
	parseInfo(strings.Fields("info depth 15 score cp 7 nodes 250000 pv a1a3"), &info, c)
	assert.Equal(t, SearchInfo{Depth: 15, Score: "cp 7", Nodes: 250000, PV: "a0a2", Line: []string{"a0a2"}}, info, "an exact score clears the bound")
}
