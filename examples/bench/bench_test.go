package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/gamesearch"
	"github.com/cotuong-ai/cotuong/internal/testkit/race"
	"github.com/cotuong-ai/cotuong/levels"
)

// The kinds of positions every game's file must hold, so that each kind of search problem
// (finding a capture or a mate, avoiding a mate or a stalemate, a perpetual) is measured.
var wantCategories = map[string][]string{
	"xiangqi": {"opening", "quiet middlegame", "forced capture", "mate to find", "mate to avoid", "stalemate trap", "perpetual check"},
	"chess":   {"opening", "quiet middlegame", "forced capture", "mate to find", "mate to avoid", "stalemate trap"},
}

func TestPositionFiles(t *testing.T) {
	for _, game := range []string{"xiangqi", "chess"} {
		t.Run(game, func(t *testing.T) {
			entries, err := loadEntries(game, "")
			require.NoError(t, err)
			require.Len(t, entries, 10, "ten fixed positions per game")
			cats := map[string]bool{}
			for _, e := range entries {
				cats[e.Category] = true
				_, err := prepare(e) // parses the position and checks every expected move is legal
				require.NoError(t, err)
				if e.Category != "opening" && e.Category != "quiet middlegame" {
					assert.NotEmpty(t, e.Best, "%s: a forced position needs its right moves", e.Label)
				}
			}
			for _, c := range wantCategories[game] {
				assert.True(t, cats[c], "category %q missing", c)
			}
		})
	}
}

func TestParseEntriesErrors(t *testing.T) {
	_, err := parseEntries("chess", "x.tsv", "# only a comment\n")
	assert.ErrorContains(t, err, "no positions")
	_, err = parseEntries("chess", "x.tsv", "a\tb\n")
	assert.ErrorContains(t, err, "x.tsv:1: 2 tab-separated fields")
	_, err = parseEntries("chess", "x.tsv", "a\tc\tstartpos\na\tc\tstartpos\n")
	assert.ErrorContains(t, err, `label "a" used twice`)
	_, err = prepare(Entry{Game: "chess", Label: "bad", Position: "startpos", Best: []string{"e2e5"}})
	assert.ErrorContains(t, err, "expected move e2e5")
	_, err = prepare(Entry{Game: "xiangqi", Label: "bad", Position: "9/9/9/9/9/9/9/9/9/9 w - - 0 1"})
	assert.Error(t, err)
}

func TestEntryRight(t *testing.T) {
	e := Entry{Best: []string{"a1a8"}}
	assert.True(t, e.Right("a1a8"))
	assert.False(t, e.Right("a1a7"))
	e = Entry{Avoid: []string{"g8f6"}}
	assert.True(t, e.Right("g7g6"))
	assert.False(t, e.Right("g8f6"))
	assert.False(t, Entry{}.HasAnswer())
}

func TestBuildConfigs(t *testing.T) {
	cfgs, err := buildConfigs("all", "", "", "")
	require.NoError(t, err)
	require.Len(t, cfgs, len(levels.All()))
	assert.Equal(t, Config{Name: "Beginner", Depth: 1, Time: 300 * time.Millisecond, HashMiB: 16}, cfgs[0])
	assert.Equal(t, Config{Name: "Master", Depth: 0, Time: 3 * time.Second, HashMiB: 16}, cfgs[len(cfgs)-1])
	// A level's node cap is part of the level's search (it binds before the clock).
	for i, l := range levels.All() {
		assert.Equal(t, l.Nodes, cfgs[i].Nodes, l.Name)
	}
	club, err := buildConfigs("club player", "", "", "")
	require.NoError(t, err)
	require.Len(t, club, 1)
	assert.NotZero(t, club[0].Nodes, "Club player searches with a node cap")

	cfgs, err = buildConfigs("none", "4", "50ms,100ms", "1,8")
	require.NoError(t, err)
	require.Len(t, cfgs, 4)
	assert.Equal(t, Config{Name: "d4/50ms/1MiB", Depth: 4, Time: 50 * time.Millisecond, HashMiB: 1}, cfgs[0])
	assert.Equal(t, Config{Name: "d4/100ms/8MiB", Depth: 4, Time: 100 * time.Millisecond, HashMiB: 8}, cfgs[3])

	_, err = buildConfigs("none", "", "", "4")
	assert.ErrorContains(t, err, "needs a depth or a time")
	_, err = buildConfigs("grandmaster", "", "", "")
	assert.ErrorContains(t, err, "unknown level")
	_, err = buildConfigs("none", "x", "", "")
	assert.ErrorContains(t, err, "-depth")
}

// TestSmallRun runs the program on two positions per game with a tiny budget and checks the
// CSV, the summary and the plot files.
func TestSmallRun(t *testing.T) {
	start := time.Now()
	dir := t.TempDir()
	var out, errb bytes.Buffer
	code := run([]string{"-game", "xiangqi,chess", "-levels", "none", "-time", "10ms", "-depth", "3",
		"-n", "2", "-only", "capture,mate-in-1", "-out", dir}, &out, &errb)
	require.Equal(t, 0, code, "stderr: %s", errb.String())

	f, err := os.Open(filepath.Join(dir, "bench.csv"))
	require.NoError(t, err)
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	require.NoError(t, err)
	require.Len(t, recs, 1+2*2*2, "header + 2 games x 2 positions x 2 repetitions")
	assert.Equal(t, []string{"game", "config", "depth_limit", "nodes_limit", "time_limit_ms", "hash_mib", "position",
		"category", "rep", "move", "best", "avoid", "right", "depth", "seldepth", "score", "nodes",
		"time_ms", "nps"}, recs[0])
	col := map[string]int{}
	for i, h := range recs[0] {
		col[h] = i
	}
	for _, r := range recs[1:] {
		require.Len(t, r, 19)
		assert.Contains(t, []string{"xiangqi", "chess"}, r[col["game"]])
		assert.Equal(t, "d3/10ms", r[col["config"]])
		assert.Equal(t, "3", r[col["depth_limit"]])
		assert.Equal(t, "0", r[col["nodes_limit"]], "no node cap")
		assert.Equal(t, "10", r[col["time_limit_ms"]])
		assert.Contains(t, []string{"capture", "mate-in-1"}, r[col["position"]])
		assert.Contains(t, []string{"yes", "no"}, r[col["right"]])
		d, err := strconv.Atoi(r[col["depth"]])
		require.NoError(t, err)
		// 0 is possible when a loaded machine lets no iteration finish in 10 ms.
		assert.True(t, d >= 0 && d <= 3, "completed depth %d within the cap", d)
		n, err := strconv.ParseInt(r[col["nodes"]], 10, 64)
		require.NoError(t, err)
		assert.Positive(t, n)
		ms, err := strconv.ParseFloat(r[col["time_ms"]], 64)
		require.NoError(t, err)
		assert.Less(t, ms, 1000.0, "a 10 ms search stays near its budget")
	}
	assert.Contains(t, out.String(), "d3/10ms")
	assert.Contains(t, out.String(), "mate-in-1")
	assert.Contains(t, errb.String(), "[8/8", "progress lines count the searches")

	for _, name := range []string{"depth.svg", "nodes.svg", "solved.svg"} {
		b, err := os.ReadFile(filepath.Join(dir, name))
		require.NoError(t, err)
		assert.Greater(t, len(b), 2000, name)
		s := string(b)
		assert.True(t, strings.HasPrefix(s, "<?xml"), "%s starts with an XML declaration", name)
		assert.Contains(t, s, "<svg")
		assert.Contains(t, s, "</svg>")
	}

	t.Logf("SVG run took %v", time.Since(start))
	if race.Enabled {
		return // PNG rasterising is slow under the race detector; the SVG run covers the code
	}
	// PNG output.
	dir2 := t.TempDir()
	code = run([]string{"-game", "chess", "-levels", "none", "-time", "5ms", "-n", "1", "-only", "capture",
		"-out", dir2, "-plotfmt", "png", "-quiet"}, &out, &errb)
	require.Equal(t, 0, code, "stderr: %s", errb.String())
	for _, name := range []string{"depth.png", "nodes.png", "solved.png"} {
		b, err := os.ReadFile(filepath.Join(dir2, name))
		require.NoError(t, err)
		assert.Greater(t, len(b), 2000, name)
		assert.Equal(t, "\x89PNG\r\n\x1a\n", string(b[:8]), name)
	}
}

func TestBadFlags(t *testing.T) {
	var out, errb bytes.Buffer
	assert.Equal(t, 2, run([]string{"-game", "go"}, &out, &errb))
	assert.Contains(t, errb.String(), `-game "go"`)
	errb.Reset()
	assert.Equal(t, 2, run([]string{"-levels", "none"}, &out, &errb))
	assert.Contains(t, errb.String(), "no configuration")
	errb.Reset()
	assert.Equal(t, 2, run([]string{"-only", "nosuch", "-out", t.TempDir()}, &out, &errb))
	assert.Contains(t, errb.String(), "no position matches")
}

// TestForcedMateSolvedAtLevel: the mates in one are found at Beginner's depth (1 ply), the
// mates in two at Intermediate's (3 plies), as their moves were checked with Fairy-Stockfish
// and Stockfish.
func TestForcedMateSolvedAtLevel(t *testing.T) {
	intermediate, err := levels.Parse("intermediate")
	require.NoError(t, err)
	cases := []struct {
		game, label string
		level       levels.Level
	}{
		{"xiangqi", "mate-in-1", levels.Easy},
		{"xiangqi", "stalemate", levels.Easy},
		{"xiangqi", "mate-in-2", intermediate},
		{"chess", "mate-in-1", levels.Easy},
		{"chess", "mate-in-2", intermediate},
	}
	for _, c := range cases {
		t.Run(c.game+"/"+c.label+"/"+c.level.Name, func(t *testing.T) {
			entries, err := loadEntries(c.game, "")
			require.NoError(t, err)
			var p Prepared
			for _, e := range entries {
				if e.Label == c.label {
					p, err = prepare(e)
					require.NoError(t, err)
				}
			}
			require.NotNil(t, p.Search, "position %s not found", c.label)
			s := p.Search(context.Background(), gamesearch.Limits{Depth: c.level.Depth, Time: c.level.Time}, 4)
			assert.True(t, p.Right(s.Move), "%s chose %s, want one of %v", c.label, s.Move, p.Best)
			assert.True(t, gamesearch.IsMate(s.Score) && s.Score > 0, "score %d is a mate for the side to move", s.Score)
		})
	}
}

// Example shows how a position of the files decides whether a move is right.
func Example() {
	entries, _ := loadEntries("chess", "")
	for _, e := range entries {
		if e.Label == "mate-avoid" {
			fmt.Println(e.Category, e.Right("g7g6"), e.Right("g8f6"))
		}
	}
	// Output: mate to avoid true false
}

// -h prints the usage and succeeds; an unknown flag is an error (status 2).
func TestHelp(t *testing.T) {
	var out, errOut strings.Builder
	assert.Equal(t, 0, run([]string{"-h"}, &out, &errOut))
	assert.Contains(t, errOut.String(), "Usage of bench")
	assert.Equal(t, 2, run([]string{"-bogus"}, &out, &errOut))
}
