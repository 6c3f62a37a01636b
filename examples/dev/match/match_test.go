package main

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cotuong-ai/cotuong/examples/dev/internal/ucioption"
	"github.com/cotuong-ai/cotuong/examples/internal/uciclient"
	"github.com/cotuong-ai/cotuong/internal/testkit/peer"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/games/chess"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
)

// Expected values computed by hand from the definitions: score s = (W + D/2)/N,
// Elo = -400·log10(1/s - 1); 95% interval from s ± 1.96·sqrt(var/N).
func TestElo(t *testing.T) {
	r := WDL{W: 60, D: 20, L: 20}
	assert.InDelta(t, 0.7, r.Score(), 1e-12)
	e, lo, hi := r.Elo()
	assert.InDelta(t, 147.19, e, 0.01)
	assert.InDelta(t, 86.22, lo, 0.01)
	assert.InDelta(t, 218.25, hi, 0.01)
	assert.Contains(t, r.EloString(), "+147.2")

	e, _, _ = WDL{W: 10, D: 0, L: 10}.Elo()
	assert.InDelta(t, 0, e, 1e-9)
	// All games won: the lower bound is the exact binomial bound 0.025^(1/n) as Elo
	// (n=40: p >= 0.91190 -> +405.99; n=5: p >= 0.47818 -> -15.17).
	e, lo, hi = WDL{W: 40}.Elo()
	assert.True(t, math.IsInf(e, 1))
	assert.True(t, math.IsInf(hi, 1))
	assert.InDelta(t, 405.99, lo, 0.01)
	e, _, hi = WDL{L: 5}.Elo()
	assert.True(t, math.IsInf(e, -1))
	assert.InDelta(t, 15.17, hi, 0.01)
	assert.Equal(t, "none: every game lost (at most +15.2 at 95%)", WDL{L: 5}.EloString())
	assert.Equal(t, "none: every game won (at least +406.0 at 95%)", WDL{W: 40}.EloString())
	assert.Equal(t, "none (no game scored)", WDL{}.EloString())
	// All games drawn: decisive share at most 1 - 0.025^(1/n), all won or all lost
	// (n=2: score <= 0.920943 -> +426.52; n=20: score <= 0.584215 -> +59.08).
	e, lo, hi = WDL{D: 2}.Elo()
	assert.Equal(t, 0.0, e)
	assert.InDelta(t, -426.52, lo, 0.01)
	assert.InDelta(t, 426.52, hi, 0.01)
	_, lo, hi = WDL{D: 20}.Elo()
	assert.InDelta(t, -59.08, lo, 0.01)
	assert.InDelta(t, 59.08, hi, 0.01)
	assert.Equal(t, "+0.0 ± 426.5 [-426.5, +426.5]", WDL{D: 2}.EloString())
	assert.NotContains(t, WDL{W: 9, D: 1}.EloString(), "Inf")
	assert.InDelta(t, 0.64, ScoreFromElo(100), 0.001) // 1/(1+10^-0.25)
	assert.InDelta(t, 100, EloFromScore(ScoreFromElo(100)), 1e-9)
}

// The SPRT bounds are Wald's ln(β/(1-α)) and ln((1-β)/α); for 110/200/90 against elo0=0,
// elo1=10 the trinomial normal approximation (as fishtest computes it) gives an LLR of 0.824,
// which the exact generalised LLR matches at this many games.
func TestSPRT(t *testing.T) {
	s := SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}
	lo, hi := s.Bounds()
	assert.InDelta(t, -2.944, lo, 0.001)
	assert.InDelta(t, 2.944, hi, 0.001)
	assert.InDelta(t, 0.824, s.LLR(WDL{W: 110, D: 200, L: 90}), 0.01)
	assert.Equal(t, "", s.Decide(WDL{W: 110, D: 200, L: 90}))
	assert.Equal(t, "H1", s.Decide(WDL{W: 400, D: 200, L: 200}))
	assert.Equal(t, "H0", s.Decide(WDL{W: 200, D: 200, L: 400}))
	assert.Equal(t, 0.0, s.LLR(WDL{}), "no games, no evidence")
	// Seven straight wins: the likeliest trinomial with expected score s puts s on a win (the
	// rest on a loss), so the LLR is 7·ln(s1/s0) with s1 = 1/(1+10^(-10/400)), s0 = 1/2.
	assert.InDelta(t, 7*math.Log(0.5143871841659987/0.5), s.LLR(WDL{W: 7}), 0.01)
	assert.Equal(t, "", s.Decide(WDL{W: 1}), "one win decides nothing")
	assert.Equal(t, "", s.Decide(WDL{W: 7}), "nor do seven")
	assert.Equal(t, "H1", s.Decide(WDL{W: 120}), "120 straight wins do: 120·ln(s1/s0) > 2.944")
}

func TestBooks(t *testing.T) {
	for _, game := range []string{"xiangqi", "chess"} {
		rl, err := rulesFor(game)
		require.NoError(t, err)
		assert.GreaterOrEqual(t, len(rl.Book), 20, "enough openings for 40 games")
		seen := map[string]bool{}
		for _, o := range rl.Book {
			_, err := rl.Open(o)
			assert.NoError(t, err, o)
			assert.False(t, seen[o], "duplicate opening %s", o)
			seen[o] = true
		}
	}
	_, err := rulesFor("go")
	assert.Error(t, err)
}

func TestParseTCAndOptions(t *testing.T) {
	b, i, err := parseTC("10s+100ms")
	require.NoError(t, err)
	assert.Equal(t, 10*time.Second, b)
	assert.Equal(t, 100*time.Millisecond, i)
	b, i, err = parseTC("2+0.05")
	require.NoError(t, err)
	assert.Equal(t, 2*time.Second, b)
	assert.Equal(t, 50*time.Millisecond, i)
	_, _, err = parseTC("fast")
	assert.Error(t, err)
	var o ucioption.List
	require.NoError(t, o.Set("Skill Level=3"))
	assert.Equal(t, [2]string{"Skill Level", "3"}, o[0])
	assert.Error(t, o.Set("novalue"))
}

// ---- engines ----

var (
	buildOnce sync.Once
	uciPath   string
	buildErr  error
)

// ourEngine builds examples/uci into a temporary directory once per test binary.
func ourEngine(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "cotuong-match-test")
		if err != nil {
			buildErr = err
			return
		}
		uciPath = filepath.Join(dir, "cotuong-uci")
		out, err := exec.Command("go", "build", "-o", uciPath, "github.com/cotuong-ai/cotuong/examples/uci").CombinedOutput()
		if err != nil {
			buildErr = fmt.Errorf("go build examples/uci: %v\n%s", err, out)
		}
	})
	require.NoError(t, buildErr)
	return uciPath
}

func TestMain(m *testing.M) {
	code := m.Run()
	if uciPath != "" {
		os.RemoveAll(filepath.Dir(uciPath))
	}
	os.Exit(code)
}

// script writes a shell-script engine into dir.
func script(t *testing.T, dir, name, body string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	require.NoError(t, os.WriteFile(p, []byte("#!/bin/sh\n"+body), 0o755))
	return p
}

// brokenHandshake answers uci and isready like an engine.
const brokenHandshake = `while read line; do
  case "$line" in
    uci) echo "id name %s"; echo uciok ;;
    isready) echo readyok ;;
    go*) %s ;;
    quit) exit 0 ;;
  esac
done
`

func checkXiangqiFile(t *testing.T, path string, games []GameResult) {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	var lines []string
	for _, l := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(l, "fen ") {
			lines = append(lines, l)
		}
	}
	require.Len(t, lines, len(games))
	for i, l := range lines {
		g, err := xiangqi.ParseGame(l)
		require.NoError(t, err, "game %d replays", i+1)
		if games[i].Failure == nil && !games[i].Unfinished {
			// The recorded result is what the game package says about the final position.
			res := g.Result()
			require.True(t, res.Over(), "game %d ended by the rules: %s", i+1, games[i].Desc)
			assert.Equal(t, games[i].Desc, res.String())
		}
	}
}

func TestSelfPlayXiangqi(t *testing.T) {
	eng := ourEngine(t)
	dir := t.TempDir()
	out := filepath.Join(dir, "games.txt")
	var log bytes.Buffer
	sum, err := Run(context.Background(), Config{
		Game:    "xiangqi",
		Engines: [2]uciclient.Config{{Command: eng, Label: "A", Options: [][2]string{{"Hash", "4"}}}, {Command: eng, Label: "B"}},
		// A short per-move time; the margin absorbs a loaded 2-core machine under -race.
		MoveTime: 15 * time.Millisecond, Margin: 3 * time.Second, Games: 2, Concurrency: 2,
		Openings: []string{"startpos moves h2e2 h9g7"}, Out: out, Log: &log,
	})
	require.NoError(t, err)
	require.Equal(t, 2, sum.WDL.N())
	assert.Empty(t, sum.Failures[0])
	assert.Empty(t, sum.Failures[1])
	assert.Equal(t, 0, sum.Games[0].Engine1Is, "game 1: engine 1 plays Red")
	assert.Equal(t, 1, sum.Games[1].Engine1Is, "game 2: colours reversed")
	assert.Equal(t, [2]string{"A", "B"}, sum.Games[0].Players)
	assert.Equal(t, [2]string{"B", "A"}, sum.Games[1].Players)
	for _, g := range sum.Games {
		assert.Equal(t, []string{"h2e2", "h9g7"}, g.Moves[:2], "the opening is played first")
	}
	checkXiangqiFile(t, out, sum.Games)
	assert.Contains(t, log.String(), "game 2/2")
	var rep bytes.Buffer
	sum.Report(&rep, nil)
	assert.Contains(t, rep.String(), "A v B: 2 games")
	assert.Contains(t, rep.String(), "Elo difference")
}

// TestSelfPlayNodes plays with a node budget ("go nodes"): the games are played without a
// failure, whatever the machine's load; with one opening, games 3 and 4 replay games 1 and 2
// move for move (both engines are deterministic at a node budget), and the report says that
// only 2 of the 4 games are distinct.
func TestSelfPlayNodes(t *testing.T) {
	eng := ourEngine(t)
	sum, err := Run(context.Background(), Config{
		Game:    "chess",
		Engines: [2]uciclient.Config{{Command: eng, Label: "A"}, {Command: eng, Label: "B"}},
		Nodes:   2000, Margin: 3 * time.Second, Games: 4, Concurrency: 1, MaxPlies: 30,
		Openings: []string{"startpos moves e2e4 e7e5"},
	})
	require.NoError(t, err)
	require.Equal(t, 4, sum.WDL.N())
	assert.Empty(t, sum.Failures[0])
	assert.Empty(t, sum.Failures[1])
	byIndex := map[int]GameResult{}
	for _, g := range sum.Games {
		byIndex[g.Index] = g
	}
	for i := range 2 {
		assert.Equal(t, byIndex[i].Moves, byIndex[i+2].Moves, "game %d replays game %d", i+3, i+1)
	}
	var rep bytes.Buffer
	sum.Report(&rep, nil)
	assert.Contains(t, rep.String(), "NOTE: at a fixed node budget only 2 of these 4 games are distinct")
}

func TestSelfPlayChessClock(t *testing.T) {
	eng := ourEngine(t)
	out := filepath.Join(t.TempDir(), "games.pgn")
	sum, err := Run(context.Background(), Config{
		Game:    "chess",
		Engines: [2]uciclient.Config{{Command: eng}, {Command: eng}},
		Base:    400 * time.Millisecond, Inc: 10 * time.Millisecond, Margin: 3 * time.Second,
		Games: 2, Concurrency: 2, Openings: []string{"startpos moves e2e4 e7e5 g1f3 b8c6 f1b5"}, Out: out,
		MaxPlies: 160,
	})
	require.NoError(t, err)
	require.Equal(t, 2, sum.WDL.N())
	for _, g := range sum.Games {
		assert.Nil(t, g.Failure, "no loss on time or other failure: %s\nfen %s moves %s", g.Desc, g.StartFEN, strings.Join(g.Moves, " "))
	}
	assert.True(t, strings.HasSuffix(sum.Labels[0], " #1"), "same engine twice gets told apart: %q", sum.Labels[0])
	f, err := os.Open(out)
	require.NoError(t, err)
	defer f.Close()
	pgns, err := chess.ReadPGN(f)
	require.NoError(t, err)
	require.Len(t, pgns, 2)
	for i, pg := range pgns {
		assert.Equal(t, resultToken(sum.Games[i]), pg.Result)
		assert.Equal(t, len(sum.Games[i].Moves), pg.Game.Len())
		w, _ := pg.Tag("White")
		assert.Equal(t, sum.Games[i].Players[0], w)
	}
}

func TestAgainstFairyStockfish(t *testing.T) {
	fsf := peer.Path(t, "fairy-stockfish")
	eng := ourEngine(t)
	out := filepath.Join(t.TempDir(), "games.txt")
	sum, err := Run(context.Background(), Config{
		Game: "xiangqi",
		Engines: [2]uciclient.Config{{Command: eng, Label: "cotuong"},
			{Command: fsf, Ranks: "auto", Options: [][2]string{{"Skill Level", "-20"}, {"Hash", "4"}}}},
		MoveTime: 15 * time.Millisecond, Margin: 3 * time.Second, Games: 2, Concurrency: 1,
		Openings: []string{"startpos moves h2e2 h9g7 h0g2 i9h9"}, Out: out,
	})
	require.NoError(t, err)
	require.Equal(t, 2, sum.WDL.N())
	assert.Contains(t, sum.Labels[1], "Fairy-Stockfish")
	// Every Fairy-Stockfish move (ranks 1-10) was translated and accepted as legal.
	assert.Empty(t, sum.Failures[1], "Fairy-Stockfish failures: %v", sum.Games)
	assert.Empty(t, sum.Failures[0])
	checkXiangqiFile(t, out, sum.Games)
}

// TestBrokenEngines: an illegal move, silence after go (at a fixed time per move), an engine
// that exits after uci and a "bestmove (none)" in a live position are errors of that engine:
// no game is scored, the summary names the engine, the kind and what it printed, and the
// match never hangs.
func TestBrokenEngines(t *testing.T) {
	eng := ourEngine(t)
	dir := t.TempDir()
	cases := []struct {
		name, body, kind string
	}{
		{"illegal", fmt.Sprintf(brokenHandshake, "Illegal", `echo "bestmove e0e5"`), uciclient.FailIllegal},
		{"silent", fmt.Sprintf(brokenHandshake, "Silent", `echo "Error: unknown piece type 'n'"`), uciclient.FailTimeout},
		{"exits", "read line\necho 'id name Exits'\necho uciok\nexit 0\n", uciclient.FailCrash},
		{"nomove", fmt.Sprintf(brokenHandshake, "NoMove", `echo "bestmove (none)"`), uciclient.FailNoMove},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			bad := script(t, dir, c.name+".sh", c.body)
			start := time.Now()
			sum, err := Run(context.Background(), Config{
				Game:     "xiangqi",
				Engines:  [2]uciclient.Config{{Command: eng, Label: "cotuong"}, {Command: bad, Label: c.name}},
				MoveTime: 15 * time.Millisecond, Margin: 500 * time.Millisecond, Games: 2,
				Openings: []string{"startpos"}, Out: filepath.Join(dir, c.name+".txt"),
			})
			require.NoError(t, err)
			assert.Less(t, time.Since(start), 20*time.Second, "the match does not hang")
			assert.Equal(t, WDL{}, sum.WDL, "no game is scored")
			assert.Equal(t, [2]int{0, 2}, sum.Errors)
			assert.Equal(t, map[string]int{c.kind: 2}, sum.Failures[1])
			assert.Empty(t, sum.Failures[0])
			for _, g := range sum.Games {
				require.NotNil(t, g.Failure)
				assert.True(t, g.Error)
				assert.Equal(t, 1, g.Failure.Engine)
				assert.Equal(t, c.kind, g.Failure.Kind)
				assert.Contains(t, g.Desc, "not scored: error of "+c.name)
			}
			var rep bytes.Buffer
			sum.Report(&rep, nil)
			assert.Contains(t, rep.String(), "ERROR: 2 game(s) not scored, ended by an error of "+c.name)
			assert.Contains(t, rep.String(), "failures of "+c.name+": "+c.kind+" ×2")
			assert.Contains(t, rep.String(), "Elo difference (95%): none (no game scored)")
			assert.NotContains(t, rep.String(), "inf")
			if c.name == "silent" {
				assert.Contains(t, rep.String(), "it printed: Error: unknown piece type 'n'", "what the engine said is shown")
				assert.Contains(t, rep.String(), "(on a loaded machine, a larger -margin waits longer)")
			}
			// The games file gives an unscored game PGN's unknown result, "*", not a win.
			b, err := os.ReadFile(filepath.Join(dir, c.name+".txt"))
			require.NoError(t, err)
			assert.Equal(t, 2, strings.Count(string(b), "\n# Result: * not scored: error of "+c.name), "%s", b)
		})
	}
}

func TestRunErrors(t *testing.T) {
	_, err := Run(context.Background(), Config{Game: "xiangqi", MoveTime: time.Millisecond,
		Engines: [2]uciclient.Config{{Command: "/nonexistent/engine"}, {Command: "/nonexistent/engine"}}})
	assert.ErrorContains(t, err, "engine 1 (/nonexistent/engine)")
	_, err = Run(context.Background(), Config{Game: "xiangqi", MoveTime: time.Millisecond,
		Openings: []string{"startpos moves e0e5"}})
	assert.ErrorContains(t, err, `opening 1 "startpos moves e0e5"`)
	_, err = Run(context.Background(), Config{Game: "shogi", MoveTime: time.Millisecond})
	assert.ErrorContains(t, err, "unknown game")
}

// TestPGNUnscored: a chess game ended by an engine error is written with PGN's unknown
// result "*" (PGN standard 8.1.1.7), which a PGN reader reads back; a decided game keeps its
// result.
func TestPGNUnscored(t *testing.T) {
	var b bytes.Buffer
	start := "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	require.NoError(t, writePGN(&b, GameResult{Players: [2]string{"A", "B"}, Winner: 0, Error: true,
		Desc: "not scored: error of B (crash)", StartFEN: start, Moves: []string{"e2e4"}}))
	require.NoError(t, writePGN(&b, GameResult{Index: 1, Players: [2]string{"B", "A"}, Winner: 1,
		Desc: "Black wins by checkmate", StartFEN: start, Moves: []string{"f2f3", "e7e5", "g2g4", "d8h4"}}))
	pgns, err := chess.ReadPGN(&b)
	require.NoError(t, err)
	require.Len(t, pgns, 2)
	assert.Equal(t, "*", pgns[0].Result)
	assert.Equal(t, "0-1", pgns[1].Result)
}

// TestOddGames: an odd -games is refused before any engine starts, with an error naming the
// flag and the even numbers next to it (each opening is played twice, colours reversed); -h
// says so and exits 0.
func TestOddGames(t *testing.T) {
	for _, c := range []struct {
		games string
		want  string
	}{
		{"5", "match: -games 5 is odd: each opening is played twice with colours reversed; ask for 4 or 6\n"},
		{"1", "match: -games 1 is odd: each opening is played twice with colours reversed; ask for 2\n"},
		{"-2", "match: -games -2: want a positive even number (or 0: every opening twice)\n"},
	} {
		var stdout, stderr bytes.Buffer
		code := run([]string{"-engine1", "/nonexistent/engine", "-engine2", "/nonexistent/engine", "-movetime", "1ms",
			"-games", c.games}, &stdout, &stderr)
		assert.Equal(t, 2, code, "-games %s", c.games)
		assert.Equal(t, c.want, stderr.String())
		assert.Empty(t, stdout.String())
	}
	_, err := Run(context.Background(), Config{Game: "xiangqi", MoveTime: time.Millisecond, Games: 3,
		Engines: [2]uciclient.Config{{Command: "/nonexistent/engine"}, {Command: "/nonexistent/engine"}}})
	assert.EqualError(t, err, "games 3 is odd: each opening is played twice with colours reversed; ask for 2 or 4")

	var stdout, stderr bytes.Buffer
	assert.Equal(t, 0, run([]string{"-h"}, &stdout, &stderr))
	assert.True(t, strings.HasPrefix(stderr.String(), "Usage: match -engine1 COMMAND -engine2 COMMAND [flags]\n"), stderr.String())
	assert.Contains(t, stderr.String(), "an even number, as each opening is played twice with colours reversed (an odd number is refused)")
}

// Example prints the Elo difference of a 60/20/20 result with its 95% interval.
func Example() {
	fmt.Println(WDL{W: 60, D: 20, L: 20}.EloString())
	// Output: +147.2 ± 66.0 [+86.2, +218.3]
}

// againstFlagger plays our engine against one that never answers (it loses every game on
// the clock) with the SPRT test, base time, margin and games given, and returns the summary
// and the log.
func againstFlagger(t *testing.T, test *SPRT, base, margin time.Duration, games int) (*Summary, *bytes.Buffer) {
	t.Helper()
	eng := ourEngine(t)
	bad := script(t, t.TempDir(), "flags.sh", fmt.Sprintf(brokenHandshake, "Flags", `:`))
	var log bytes.Buffer
	sum, err := Run(context.Background(), Config{
		Game:    "xiangqi",
		Engines: [2]uciclient.Config{{Command: eng}, {Command: bad}},
		Base:    base, Margin: margin, Games: games, SPRT: test, Log: &log,
	})
	require.NoError(t, err)
	return sum, &log
}

// TestSPRTEarlyStop: against an engine that loses every game on the clock (it never answers,
// so its time runs out: a result, unlike an engine error) the SPRT accepts H1 long before the
// games requested are played: against H0: 0, H1: 100 each win adds ln(s1/s0) = 0.247 to the
// LLR (s1 = 0.640), so the 12th win passes the upper bound 2.944 (11 wins: 2.72).
func TestSPRTEarlyStop(t *testing.T) {
	test := &SPRT{Elo0: 0, Elo1: 100, Alpha: 0.05, Beta: 0.05}
	sum, log := againstFlagger(t, test, 2*time.Second, 100*time.Millisecond, 20)
	assert.Equal(t, "H1", sum.SPRT)
	assert.True(t, sum.Stopped)
	assert.Contains(t, log.String(), "+11 =0 -0 LLR 2.72 [-2.94, 2.94]", "11 wins: 11·ln(s1/s0)")
	assert.Contains(t, log.String(), "+12 =0 -0 LLR 2.96 [-2.94, 2.94]", "12 wins: 12·ln(s1/s0)")
	assert.Less(t, sum.WDL.N(), 20, "stopped (a game already under way when the test decides is finished)")
	assert.Equal(t, sum.WDL.N(), sum.WDL.W)
	assert.Contains(t, log.String(), "SPRT accepts H1, stopping")
	var rep bytes.Buffer
	sum.Report(&rep, test)
	assert.Contains(t, rep.String(), "→ H1")
}

// TestSPRTContinue: with Continue the same test decides at the 12th win (as in
// TestSPRTEarlyStop) but every game requested is played; the report says when it decided.
func TestSPRTContinue(t *testing.T) {
	test := &SPRT{Elo0: 0, Elo1: 100, Alpha: 0.05, Beta: 0.05, Continue: true}
	sum, log := againstFlagger(t, test, 300*time.Millisecond, 50*time.Millisecond, 14)
	assert.Equal(t, "H1", sum.SPRT)
	assert.Equal(t, 12, sum.SPRTAt)
	assert.False(t, sum.Stopped)
	assert.Equal(t, 14, sum.WDL.W, "every game played")
	assert.Contains(t, log.String(), "+12 =0 -0 LLR 2.96 [-2.94, 2.94] → SPRT accepts H1, playing on")
	var rep bytes.Buffer
	sum.Report(&rep, test)
	assert.Contains(t, rep.String(), "→ H1 (decided after 12 games; the LLR is that of all games)")
}

// TestAgainstSjaakII plays Sjaak II (Debian sjaakii), which reads xiangqi horses and
// elephants only as H and E and numbers ranks 1-10: the start position goes as "position
// startpos", a FEN opening with its letters renamed (auto), and no game ends in an engine
// error, whatever its result.
func TestAgainstSjaakII(t *testing.T) {
	sjaak := peer.Path(t, "sjaakii")
	eng := ourEngine(t)
	sum, err := Run(context.Background(), Config{
		Game:     "xiangqi",
		Engines:  [2]uciclient.Config{{Command: eng, Label: "cotuong"}, {Command: sjaak, Ranks: "auto", Letters: "auto"}},
		MoveTime: 20 * time.Millisecond, Margin: 3 * time.Second, Games: 4, Concurrency: 1, MaxPlies: 40,
		Openings: []string{"startpos moves h2e2 h9g7",
			"fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1 moves h9g7"},
	})
	require.NoError(t, err)
	assert.Contains(t, sum.Labels[1], "Sjaak II")
	assert.Equal(t, [2]int{}, sum.Errors, "no engine error: %v", sum.Games)
	assert.Equal(t, 4, sum.WDL.N())
	for _, g := range sum.Games {
		assert.Nil(t, g.Failure, "game %d: %s", g.Index+1, g.Desc)
	}
}

func TestResignTracker(t *testing.T) {
	tr := resignTracker{rule: Resign{Moves: 2, Score: 500}}
	// Side 0 ahead, side 1 behind, alternately: decided on side 1's second agreeing move.
	assert.Equal(t, -1, tr.record(0, "cp 600"))
	assert.Equal(t, -1, tr.record(1, "cp -700"))
	assert.Equal(t, -1, tr.record(0, "cp 500"))
	assert.Equal(t, 0, tr.record(1, "mate -4"), "two moves each past ±500: side 0 wins")

	// One-sided confidence decides nothing: the other engine disagrees.
	tr = resignTracker{rule: Resign{Moves: 2, Score: 500}}
	for range 5 {
		assert.Equal(t, -1, tr.record(0, "cp 900"))
		assert.Equal(t, -1, tr.record(1, "cp -100"))
	}
	// A move without a score, or below the threshold, restarts the count.
	tr = resignTracker{rule: Resign{Moves: 2, Score: 500}}
	tr.record(0, "mate 3")
	tr.record(1, "cp -800")
	assert.Equal(t, -1, tr.record(0, ""))
	assert.Equal(t, -1, tr.record(1, "cp -800"))
	assert.Equal(t, -1, tr.record(0, "cp 800"))
	assert.Equal(t, -1, tr.record(1, "cp -499"))
	// Off by default.
	tr = resignTracker{}
	assert.Equal(t, -1, tr.record(1, "mate -1"))
}

func TestResignAdjudication(t *testing.T) {
	eng := ourEngine(t)
	// Black has no chariots (about 1800 centipawns down) and no mate is near: both engines
	// agree from the first move, so the game is adjudicated after each side's second move.
	opening := "fen 1nbakabn1/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
	dir := t.TempDir()
	sum, err := Run(context.Background(), Config{
		Game:    "xiangqi",
		Engines: [2]uciclient.Config{{Command: eng, Label: "A"}, {Command: eng, Label: "B"}},
		Nodes:   2000, Margin: 3 * time.Second, Games: 2, Openings: []string{opening},
		Resign: Resign{Moves: 2, Score: 500}, Out: filepath.Join(dir, "games.txt"),
	})
	require.NoError(t, err)
	require.Len(t, sum.Games, 2)
	for _, g := range sum.Games {
		assert.True(t, g.Adjudicated, "game %d: %s", g.Index+1, g.Desc)
		assert.Equal(t, 0, g.Winner, "Red, two chariots up, wins")
		assert.Len(t, g.Moves, 4, "decided on Black's second move")
		assert.Equal(t, "Red wins by adjudication: both engines scored it +500 cp or more for 2 moves each", g.Desc)
	}
	assert.Equal(t, WDL{W: 1, L: 1}, sum.WDL, "each engine won with Red")
	b, err := os.ReadFile(filepath.Join(dir, "games.txt"))
	require.NoError(t, err)
	assert.Equal(t, 2, strings.Count(string(b), "# Result: 1-0 Red wins by adjudication"), "%s", b)
}
