package uci

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const ms = time.Millisecond

func TestParseSimple(t *testing.T) {
	for line, k := range map[string]Kind{
		"": BlankLine, "   ": BlankLine, "uci": UCI, "ucci": UCCI, "isready": IsReady, " isready ": IsReady,
		"ucinewgame": UCINewGame, "stop": Stop, "ponderhit": PonderHit, "quit": Quit,
		"register later": Register, "d": Display, "probe startpos": Probe,
	} {
		c, err := Parse(line, 0)
		require.NoError(t, err, line)
		assert.Equal(t, k, c.Kind, line)
	}
	c, err := Parse("debug on", 0)
	require.NoError(t, err)
	assert.True(t, c.On)
	_, err = Parse("debug maybe", 0)
	assert.ErrorContains(t, err, "debug")
}

func TestParseUnknown(t *testing.T) {
	_, err := Parse("hello world", 0)
	require.Error(t, err)
	assert.Equal(t, `unknown command "hello"`, err.Error())
	_, err = Parse("UCI", 0) // commands are case-sensitive, as in UCI
	assert.Error(t, err)
	_, err = Parse(strings.Repeat("x", 500), 0)
	assert.Less(t, len(err.Error()), 100, "long input is clipped in the message")
}

func TestParsePosition(t *testing.T) {
	c, err := Parse("position startpos", 0)
	require.NoError(t, err)
	assert.True(t, c.StartPos)
	assert.Empty(t, c.Moves)

	c, err = Parse("position startpos moves e2e4 e7e5", 0)
	require.NoError(t, err)
	assert.Equal(t, []string{"e2e4", "e7e5"}, c.Moves)

	c, err = Parse("position  fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 moves h2e2", 0)
	require.NoError(t, err)
	assert.False(t, c.StartPos)
	assert.Equal(t, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", c.FEN)
	assert.Equal(t, []string{"h2e2"}, c.Moves)

	c, err = Parse("position fen 8/8/8/8/8/8/8/8 w", 0) // FEN validity is the game's business
	require.NoError(t, err)
	assert.Equal(t, "8/8/8/8/8/8/8/8 w", c.FEN)

	for line, msg := range map[string]string{
		"position":                   `position: expected "startpos" or "fen <FEN>"`,
		"position fen":               `position: "fen" is not followed by a FEN`,
		"position fen moves e2e4":    `position: "fen" is not followed by a FEN`,
		"position start":             `position: expected "startpos" or "fen <FEN>", got "start"`,
		"position startpos e2e4":     `position: expected "moves" after startpos, got "e2e4"`,
		"position moves e2e4 e7e5 x": `position: expected "startpos" or "fen <FEN>", got "moves"`,
	} {
		_, err := Parse(line, 0)
		require.Error(t, err, line)
		assert.Equal(t, msg, err.Error(), line)
	}
}

func TestParseSetOption(t *testing.T) {
	c, err := Parse("setoption name Move Overhead value 100", 0)
	require.NoError(t, err)
	assert.Equal(t, "Move Overhead", c.Option)
	assert.Equal(t, "100", c.Value)

	c, err = Parse("setoption name Clear Hash", 0)
	require.NoError(t, err)
	assert.Equal(t, "Clear Hash", c.Option)
	assert.Equal(t, "", c.Value)

	c, err = Parse("setoption name UCI_Variant value xiangqi", 0)
	require.NoError(t, err)
	assert.Equal(t, "UCI_Variant", c.Option)
	assert.Equal(t, "xiangqi", c.Value)

	c, err = Parse("setoption hashsize 64", 0) // UCCI form
	require.NoError(t, err)
	assert.Equal(t, "hashsize", c.Option)
	assert.Equal(t, "64", c.Value)

	_, err = Parse("setoption", 0)
	assert.EqualError(t, err, "setoption: missing option name")
	_, err = Parse("setoption name value 3", 0)
	assert.EqualError(t, err, `setoption: missing option name after "name"`)
}

func TestParseGoUCI(t *testing.T) {
	c, err := Parse("go wtime 1000 btime 2000 winc 100 binc 200 movestogo 7", 0)
	require.NoError(t, err)
	assert.Empty(t, c.Warnings)
	g := c.Go
	assert.Equal(t, GoParams{WTime: 1000 * ms, BTime: 2000 * ms, WInc: 100 * ms, BInc: 200 * ms,
		HasWTime: true, HasBTime: true, MovesToGo: 7}, g)

	c, _ = Parse("go depth 8 nodes 5000 mate 3 movetime 40", 0)
	assert.Equal(t, GoParams{Depth: 8, Nodes: 5000, Mate: 3, MoveTime: 40 * ms}, c.Go)

	c, _ = Parse("go infinite searchmoves e2e4 d2d4 depth 3", 0)
	assert.True(t, c.Go.Infinite)
	assert.Equal(t, []string{"e2e4", "d2d4"}, c.Go.SearchMoves)
	assert.Equal(t, 3, c.Go.Depth)

	c, _ = Parse("go perft 4", 0)
	assert.Equal(t, 4, c.Go.Perft)

	c, _ = Parse("go ponder wtime 0 btime -20", 0)
	assert.True(t, c.Go.Ponder)
	assert.True(t, c.Go.HasWTime)
	assert.Equal(t, time.Duration(0), c.Go.BTime, "negative clock clamps to 0")

	c, err = Parse("go", 0)
	require.NoError(t, err)
	assert.Equal(t, GoParams{}, c.Go)
}

func TestParseGoWarnings(t *testing.T) {
	c, err := Parse("go depth x movetime 0 frobnicate nodes", 0)
	require.NoError(t, err, "a go line always runs")
	assert.Equal(t, []string{
		`go: depth: "x" is not a number; ignored`,
		"go: movetime: 0 is not positive; using 1 ms",
		`go: unknown token "frobnicate" ignored`,
		"go: nodes: needs a number",
	}, c.Warnings)
	assert.Equal(t, time.Millisecond, c.Go.MoveTime)
	assert.Equal(t, []string{"depth", "nodes"}, c.Go.Invalid)

	// Negative or zero limits are named and left out; negative clocks count as 0.
	c, _ = Parse("go depth -3 nodes 0 mate -2 movestogo -1 wtime -20 winc -5", 0)
	assert.Equal(t, []string{
		"go: depth: -3 is not positive; ignored",
		"go: nodes: 0 is not positive; ignored",
		"go: mate: -2 is not positive; ignored",
		"go: movestogo: -1 is negative; ignored",
		"go: wtime: -20 is negative; using 0",
		"go: winc: -5 is negative; using 0",
	}, c.Warnings)
	assert.Equal(t, GoParams{HasWTime: true, Invalid: []string{"depth", "nodes", "mate", "movestogo", "wtime", "winc"}}, c.Go)
	c, _ = Parse("go depth wtime 100", 0)
	assert.Equal(t, []string{"go: depth: needs a number"}, c.Warnings)
	assert.Equal(t, 100*time.Millisecond, c.Go.WTime, "a keyword is not taken as the missing value")

	c, _ = Parse("go depth 99999999999999999999", 0)
	assert.NotEmpty(t, c.Warnings)
	c, _ = Parse("go wtime 99999999999999999", 0)
	assert.Empty(t, c.Warnings)
	assert.Positive(t, c.Go.WTime, "saturates instead of overflowing")
}

func TestParseGoUCCI(t *testing.T) {
	c, err := Parse("go time 300 increment 2 opptime 250 oppincrement 2", time.Second)
	require.NoError(t, err)
	assert.Empty(t, c.Warnings)
	assert.Equal(t, GoParams{OwnTime: 300 * time.Second, OwnInc: 2 * time.Second,
		OppTime: 250 * time.Second, OppInc: 2 * time.Second, HasOwnTime: true}, c.Go)

	c, _ = Parse("go draw time 60000 movestogo 20 opptime 50000 oppmovestogo 18", time.Millisecond)
	assert.Equal(t, GoParams{OwnTime: 60 * time.Second, OppTime: 50 * time.Second, HasOwnTime: true,
		MovesToGo: 20, OppMovesToGo: 18, Draw: true}, c.Go)

	c, _ = Parse("banmoves h2e2 b0c2", 0)
	assert.Equal(t, BanMoves, c.Kind)
	assert.Equal(t, []string{"h2e2", "b0c2"}, c.Moves)
}

func TestInfoFormat(t *testing.T) {
	i := Info{Depth: 5, SelDepth: 9, Score: 31, Nodes: 12345, NPS: 600000, Time: 20 * ms,
		PV: []string{"e2e4", "e7e5"}}
	assert.Equal(t, "info depth 5 seldepth 9 score cp 31 nodes 12345 nps 600000 time 20 pv e2e4 e7e5", i.UCI())
	i.MultiPV, i.Mate, i.Score = 2, true, -3
	assert.Equal(t, "info depth 5 seldepth 9 multipv 2 score mate -3 nodes 12345 nps 600000 time 20 pv e2e4 e7e5", i.UCI())
	assert.Equal(t, "info depth 5 score -9994 time 20 nodes 12345 pv e2e4 e7e5", i.UCCI(10000))
	i.Score = 1
	assert.Equal(t, "info depth 5 score 9999 time 20 nodes 12345 pv e2e4 e7e5", i.UCCI(10000))
}

// FuzzParse checks that no line makes Parse panic, that an accepted line's kind round-trips
// through its command word, and that every error names something.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"uci", "position startpos moves e2e4", "position fen 8/8 w moves",
		"go wtime 1 btime 2 searchmoves a1a2", "setoption name A B value C D", "go perft",
		"go depth -1 nodes 9999999999999999999999", "banmoves", "debug", "\x00go\tinfinite"} {
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, line string, ucciSeconds bool) {
		unit := time.Millisecond
		if ucciSeconds {
			unit = time.Second
		}
		c, err := Parse(line, unit)
		if err != nil {
			require.NotEmpty(t, err.Error())
			return
		}
		if c.Kind != BlankLine {
			require.Equal(t, strings.Fields(line)[0], c.Kind.String())
		}
		g := c.Go
		for _, d := range []time.Duration{g.WTime, g.BTime, g.WInc, g.BInc, g.MoveTime, g.OwnTime, g.OwnInc, g.OppTime, g.OppInc} {
			require.GreaterOrEqual(t, d, time.Duration(0))
		}
		require.GreaterOrEqual(t, g.Depth, 0)
		require.GreaterOrEqual(t, g.Nodes, int64(0))
	})
}
