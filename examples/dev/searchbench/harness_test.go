package searchbench

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/engine"
	"github.com/cotuong-ai/cotuong/gamesearch"
)

func needBench(t *testing.T) {
	if os.Getenv("SEARCHBENCH") == "" {
		t.Skip("measurement harness: set SEARCHBENCH=1 to run it")
	}
}

func envInt(name string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(name)); err == nil && v > 0 {
		return v
	}
	return def
}

// bench is one game's settings for the harness.
type bench struct {
	v      engine.Variant
	depth  int // fixed depth for the nodes-to-depth table
	maxLen int // plies after which a game is adjudicated a draw
}

var (
	xqBench = bench{v: engine.Xiangqi, depth: envInt("SEARCHBENCH_XQDEPTH", 7), maxLen: 300}
	chBench = bench{v: engine.Chess, depth: envInt("SEARCHBENCH_CHDEPTH", 8), maxLen: 300}
)

// opening plays 4 to 6 random legal plies from the start (rng decides), retrying when the
// line ends the game.
func opening(t *testing.T, b bench, rng *rand.Rand) []engine.Move {
	for {
		g := engine.NewGame(b.v)
		n := 4 + rng.IntN(3)
		var line []engine.Move
		for range n {
			ms := g.Legal()
			if len(ms) == 0 {
				break
			}
			m := ms[rng.IntN(len(ms))]
			line = append(line, m)
			require.NoError(t, g.Push(m))
		}
		if len(line) == n && !g.Result().Over {
			return line
		}
	}
}

// middlegames returns n games: a random 4-6 ply opening, then 16 plies chosen by a depth-4
// search without pruning (deterministic for the seed).
func middlegames(t *testing.T, b bench, n int) []engine.Game {
	rng := rand.New(rand.NewPCG(2026, 11))
	s := engine.NewSearcher(b.v, engine.SearcherOptions{HashMiB: 8, NoPruning: true})
	var out []engine.Game
	for len(out) < n {
		g := engine.NewGame(b.v)
		for _, m := range opening(t, b, rng) {
			require.NoError(t, g.Push(m))
		}
		ok := true
		for range 16 {
			r := s.Search(context.Background(), g, gamesearch.Limits{Depth: 4}, nil, nil)
			if !r.HasMove || g.Push(r.Move) != nil || g.Result().Over {
				ok = false
				break
			}
		}
		if ok && !g.InCheck() {
			out = append(out, g)
		}
	}
	return out
}

// depthTable searches every position to b.depth with each option set (fresh table each
// time) and prints nodes and time per position and in total.
func depthTable(t *testing.T, b bench, sets map[string]engine.SearcherOptions, order []string) {
	positions := middlegames(t, b, 10)
	t.Logf("%s: %d positions, depth %d", b.v, len(positions), b.depth)
	for _, name := range order {
		var nodes int64
		var el time.Duration
		line := ""
		for _, g := range positions {
			o := sets[name]
			o.HashMiB = 32
			r := engine.NewSearcher(b.v, o).Search(context.Background(), g, gamesearch.Limits{Depth: b.depth}, nil, nil)
			nodes += r.Nodes
			el += r.Elapsed
			line += fmt.Sprintf(" %d", r.Nodes/1000)
		}
		t.Logf("%s %-12s total nodes %10d  time %8.2fs  nps %8.0f  per-position kn:%s",
			b.v, name, nodes, el.Seconds(), float64(nodes)/el.Seconds(), line)
	}
}

func pruningSets() (map[string]engine.SearcherOptions, []string) {
	return map[string]engine.SearcherOptions{
		"off":         {NoPruning: true},
		"null":        {NoLMR: true, NoFutility: true},
		"lmr":         {NoNullMove: true, NoFutility: true},
		"futility":    {NoNullMove: true, NoLMR: true},
		"null+lmr":    {NoFutility: true},
		"all":         {},
		"all-2thr":    {Threads: 2},
		"off-2thr":    {NoPruning: true, Threads: 2},
		"all-from1":   {PruneFromDepth: 1},
		"all-from4":   {PruneFromDepth: 4},
		"all-from6":   {PruneFromDepth: 6},
		"nofut":       {NoFutility: true},
		"nofut-from1": {NoFutility: true, PruneFromDepth: 1},
	}, []string{"off", "null", "lmr", "futility", "null+lmr", "all", "all-from1", "all-2thr"}
}

func TestDepth(t *testing.T) {
	needBench(t)
	sets, order := pruningSets()
	if v := os.Getenv("SEARCHBENCH_SETS"); v != "" {
		order = strings.Split(v, ",")
	}
	depthTable(t, xqBench, sets, order)
	depthTable(t, chBench, sets, order)
}

// match plays 2*pairs games of engine a against engine b, each opening with both colours,
// at a fixed time per move, and returns a's wins, draws and losses.
func match(t *testing.T, b bench, oa, ob engine.SearcherOptions, pairs int, perMove time.Duration) (w, d, l int) {
	rng := rand.New(rand.NewPCG(7, 2026))
	oa.HashMiB, ob.HashMiB = 16, 16
	sa := engine.NewSearcher(b.v, oa)
	sb := engine.NewSearcher(b.v, ob)
	long := 0
	var depthSum, moveN [2]int
	for i := range pairs {
		line := opening(t, b, rng)
		for c := range 2 {
			sa.Clear()
			sb.Clear()
			g := engine.NewGame(b.v)
			for _, m := range line {
				require.NoError(t, g.Push(m))
			}
			// a plays the side to move after the opening in game c==0, the other in c==1.
			aSide := g.SideToMove()
			if c == 1 {
				aSide = aSide.Other()
			}
			res := g.Result()
			for !res.Over {
				if g.Len() >= b.maxLen {
					res = engine.Result{Over: true, Draw: true}
					long++
					break
				}
				s, k := sb, 1
				if g.SideToMove() == aSide {
					s, k = sa, 0
				}
				r := s.Search(context.Background(), g, gamesearch.Limits{Time: perMove}, nil, nil)
				depthSum[k] += r.Depth
				moveN[k]++
				require.True(t, r.HasMove)
				require.NoError(t, g.Push(r.Move))
				res = g.Result()
			}
			switch {
			case res.Draw:
				d++
			case res.Winner == aSide:
				w++
			default:
				l++
			}
		}
		t.Logf("%s after %d games: +%d =%d -%d (mean depth %.1f vs %.1f)", b.v, 2*(i+1), w, d, l,
			float64(depthSum[0])/float64(max(moveN[0], 1)), float64(depthSum[1])/float64(max(moveN[1], 1)))
	}
	t.Logf("%s: %d games adjudicated drawn at %d plies", b.v, long, b.maxLen)
	return w, d, l
}

// elo returns the Elo difference for score fraction s (with a ±95% margin from the trinomial
// variance of the results).
func elo(w, d, l int) (float64, float64) {
	n := float64(w + d + l)
	s := (float64(w) + 0.5*float64(d)) / n
	toElo := func(x float64) float64 {
		x = math.Min(math.Max(x, 1e-3), 1-1e-3)
		return -400 * math.Log10(1/x-1)
	}
	v := (float64(w)*(1-s)*(1-s) + float64(d)*(0.5-s)*(0.5-s) + float64(l)*s*s) / n
	m := 1.96 * math.Sqrt(v/n)
	return toElo(s), (toElo(s+m) - toElo(s-m)) / 2
}

func matchOpts(name string) engine.SearcherOptions {
	sets, _ := pruningSets()
	o, ok := sets[name]
	if !ok {
		panic("unknown option set " + name)
	}
	return o
}

func TestMatch(t *testing.T) {
	needBench(t)
	games := envInt("SEARCHBENCH_GAMES", 60)
	ms := time.Duration(envInt("SEARCHBENCH_MS", 50)) * time.Millisecond
	an, bn := os.Getenv("SEARCHBENCH_A"), os.Getenv("SEARCHBENCH_B")
	if an == "" {
		an = "all"
	}
	if bn == "" {
		bn = "off"
	}
	which := os.Getenv("SEARCHBENCH_GAME")
	if which == "" || which == "xiangqi" {
		w, d, l := match(t, xqBench, matchOpts(an), matchOpts(bn), games/2, ms)
		e, m := elo(w, d, l)
		t.Logf("RESULT xiangqi %s vs %s, %d ms/move: +%d =%d -%d  Elo %+.0f ± %.0f", an, bn, ms.Milliseconds(), w, d, l, e, m)
	}
	if which == "" || which == "chess" {
		w, d, l := match(t, chBench, matchOpts(an), matchOpts(bn), games/2, ms)
		e, m := elo(w, d, l)
		t.Logf("RESULT chess %s vs %s, %d ms/move: +%d =%d -%d  Elo %+.0f ± %.0f", an, bn, ms.Milliseconds(), w, d, l, e, m)
	}
}
