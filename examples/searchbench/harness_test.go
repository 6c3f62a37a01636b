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
	"golang.org/x/exp/constraints"

	"github.com/cotuong-ai/cotuong/games/chess"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
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

// gameOps adapts one game to the harness.
type gameOps[P any, M constraints.Integer] struct {
	name   string
	start  func() P
	legal  func(p *P) []M
	play   func(p *P, m M) P
	newG   func(p P) gameState[M]
	depth  int // fixed depth for the nodes-to-depth table
	maxLen int // plies after which a game is adjudicated a draw
}

// gameState is a game in progress: Push, Result (0 ongoing, 1 first side wins, 2 second
// side wins, 3 draw), History and the current Position.
type gameState[M constraints.Integer] interface {
	push(m M) error
	result() int
	history() []gamesearch.HistoryEntry
	moves() int
}

type xqGame struct{ g *xiangqi.Game }

func (g xqGame) push(m xiangqi.Move) error { return g.g.Push(m) }
func (g xqGame) result() int {
	switch g.g.Result().Status {
	case xiangqi.RedWins:
		return 1
	case xiangqi.BlackWins:
		return 2
	case xiangqi.DrawnGame:
		return 3
	}
	return 0
}
func (g xqGame) history() []gamesearch.HistoryEntry { return g.g.History() }
func (g xqGame) moves() int                         { return g.g.Len() }

type chGame struct{ g *chess.Game }

func (g chGame) push(m chess.Move) error { return g.g.Push(m) }
func (g chGame) result() int {
	switch g.g.Result().Status {
	case chess.WhiteWins:
		return 1
	case chess.BlackWins:
		return 2
	case chess.DrawnGame:
		return 3
	}
	return 0
}
func (g chGame) history() []gamesearch.HistoryEntry { return g.g.History() }
func (g chGame) moves() int                         { return g.g.Len() }

var xqOps = gameOps[xiangqi.Position, xiangqi.Move]{
	name:   "xiangqi",
	start:  xiangqi.Start,
	legal:  func(p *xiangqi.Position) []xiangqi.Move { return p.LegalMoves(nil) },
	play:   func(p *xiangqi.Position, m xiangqi.Move) xiangqi.Position { return p.Play(m) },
	newG:   func(p xiangqi.Position) gameState[xiangqi.Move] { return xqGame{xiangqi.NewGame(p)} },
	depth:  envInt("SEARCHBENCH_XQDEPTH", 7),
	maxLen: 300,
}

var chOps = gameOps[chess.Position, chess.Move]{
	name:   "chess",
	start:  chess.Start,
	legal:  func(p *chess.Position) []chess.Move { return p.LegalMoves(nil) },
	play:   func(p *chess.Position, m chess.Move) chess.Position { return p.Play(m) },
	newG:   func(p chess.Position) gameState[chess.Move] { return chGame{chess.NewGame(p)} },
	depth:  envInt("SEARCHBENCH_CHDEPTH", 8),
	maxLen: 300,
}

// opening plays 4 to 6 random legal plies from the start (rng decides), retrying when the
// line ends the game.
func opening[P any, PP interface {
	*P
	gamesearch.Position[P, M]
}, M constraints.Integer](ops gameOps[P, M], rng *rand.Rand) []M {
	for {
		p := ops.start()
		n := 4 + rng.IntN(3)
		var line []M
		for range n {
			ms := ops.legal(&p)
			if len(ms) == 0 {
				break
			}
			m := ms[rng.IntN(len(ms))]
			line = append(line, m)
			p = ops.play(&p, m)
		}
		if len(line) == n && len(ops.legal(&p)) > 0 {
			return line
		}
	}
}

// middlegames returns n positions: a random 4-6 ply opening, then 16 plies chosen by a
// depth-4 search without pruning (deterministic for the seed).
func middlegames[P any, PP interface {
	*P
	gamesearch.Position[P, M]
}, M constraints.Integer](ops gameOps[P, M], n int) []P {
	rng := rand.New(rand.NewPCG(2026, 11))
	s := gamesearch.New[P, PP, M](gamesearch.Options[M]{HashMiB: 8, NoPruning: true})
	var out []P
	for len(out) < n {
		p := ops.start()
		g := ops.newG(p)
		for _, m := range opening[P, PP, M](ops, rng) {
			_ = g.push(m)
			p = ops.play(&p, m)
		}
		ok := true
		for range 16 {
			r := s.Search(context.Background(), p, g.history(), gamesearch.Limits{Depth: 4})
			if !r.HasMove || g.push(r.Move) != nil || g.result() != 0 {
				ok = false
				break
			}
			p = ops.play(&p, r.Move)
		}
		if ok && !PP(&p).InCheck() {
			out = append(out, p)
		}
	}
	return out
}

// depthTable searches every position to ops.depth with each option set (fresh table each
// time) and prints nodes and time per position and in total.
func depthTable[P any, PP interface {
	*P
	gamesearch.Position[P, M]
}, M constraints.Integer](t *testing.T, ops gameOps[P, M], sets map[string]gamesearch.Options[M], order []string) {
	positions := middlegames[P, PP, M](ops, 10)
	t.Logf("%s: %d positions, depth %d", ops.name, len(positions), ops.depth)
	for _, name := range order {
		var nodes int64
		var el time.Duration
		line := ""
		for _, p := range positions {
			o := sets[name]
			o.HashMiB = 32
			s := gamesearch.New[P, PP, M](o)
			r := s.Search(context.Background(), p, nil, gamesearch.Limits{Depth: ops.depth})
			nodes += r.Nodes
			el += r.Elapsed
			line += fmt.Sprintf(" %d", r.Nodes/1000)
		}
		t.Logf("%s %-12s total nodes %10d  time %8.2fs  nps %8.0f  per-position kn:%s",
			ops.name, name, nodes, el.Seconds(), float64(nodes)/el.Seconds(), line)
	}
}

func pruningSets[M constraints.Integer]() (map[string]gamesearch.Options[M], []string) {
	return map[string]gamesearch.Options[M]{
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
	xs, xo := pruningSets[xiangqi.Move]()
	cs, co := pruningSets[chess.Move]()
	if v := os.Getenv("SEARCHBENCH_SETS"); v != "" {
		xo = strings.Split(v, ",")
		co = xo
	}
	depthTable[xiangqi.Position, *xiangqi.Position, xiangqi.Move](t, xqOps, xs, xo)
	depthTable[chess.Position, *chess.Position, chess.Move](t, chOps, cs, co)
}

// match plays 2*pairs games of engine a against engine b, each opening with both colours,
// at a fixed time per move, and returns a's wins, draws and losses.
func match[P any, PP interface {
	*P
	gamesearch.Position[P, M]
}, M constraints.Integer](t *testing.T, ops gameOps[P, M], a, b gamesearch.Options[M], pairs int, perMove time.Duration) (w, d, l int) {
	rng := rand.New(rand.NewPCG(7, 2026))
	a.HashMiB, b.HashMiB = 16, 16
	sa := gamesearch.New[P, PP, M](a)
	sb := gamesearch.New[P, PP, M](b)
	long := 0
	var depthSum, moveN [2]int
	for i := range pairs {
		line := opening[P, PP, M](ops, rng)
		for c := range 2 {
			sa.Clear()
			sb.Clear()
			p := ops.start()
			g := ops.newG(p)
			for _, m := range line {
				require.NoError(t, g.push(m))
				p = ops.play(&p, m)
			}
			// a plays the side to move after the opening in game c==0, the other in c==1.
			aFirst := c == 0
			res := 0
			for res == 0 {
				if g.moves() >= ops.maxLen {
					res = 3
					long++
					break
				}
				aToMove := (g.moves()-len(line))%2 == 0 == aFirst
				s, k := sb, 1
				if aToMove {
					s, k = sa, 0
				}
				r := s.Search(context.Background(), p, g.history(), gamesearch.Limits{Time: perMove})
				depthSum[k] += r.Depth
				moveN[k]++
				require.True(t, r.HasMove)
				require.NoError(t, g.push(r.Move))
				p = ops.play(&p, r.Move)
				res = g.result()
			}
			// Whose side won? Side 1 is the side to move at the start (first player).
			aIsFirst := (len(line)%2 == 0) == aFirst
			switch {
			case res == 3:
				d++
			case (res == 1) == aIsFirst:
				w++
			default:
				l++
			}
		}
		t.Logf("%s after %d games: +%d =%d -%d (mean depth %.1f vs %.1f)", ops.name, 2*(i+1), w, d, l,
			float64(depthSum[0])/float64(max(moveN[0], 1)), float64(depthSum[1])/float64(max(moveN[1], 1)))
	}
	t.Logf("%s: %d games adjudicated drawn at %d plies", ops.name, long, ops.maxLen)
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

func matchOpts[M constraints.Integer](name string) gamesearch.Options[M] {
	sets, _ := pruningSets[M]()
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
		w, d, l := match[xiangqi.Position, *xiangqi.Position, xiangqi.Move](t, xqOps,
			matchOpts[xiangqi.Move](an), matchOpts[xiangqi.Move](bn), games/2, ms)
		e, m := elo(w, d, l)
		t.Logf("RESULT xiangqi %s vs %s, %d ms/move: +%d =%d -%d  Elo %+.0f ± %.0f", an, bn, ms.Milliseconds(), w, d, l, e, m)
	}
	if which == "" || which == "chess" {
		w, d, l := match[chess.Position, *chess.Position, chess.Move](t, chOps,
			matchOpts[chess.Move](an), matchOpts[chess.Move](bn), games/2, ms)
		e, m := elo(w, d, l)
		t.Logf("RESULT chess %s vs %s, %d ms/move: +%d =%d -%d  Elo %+.0f ± %.0f", an, bn, ms.Milliseconds(), w, d, l, e, m)
	}
}
