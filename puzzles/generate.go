package puzzles

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/cotuong-ai/cotuong/engine"
	"github.com/cotuong-ai/cotuong/gamesearch"
	"github.com/cotuong-ai/cotuong/levels"
)

// Generator makes puzzles from self-play games between levels of the levels ladder: each
// game's seed picks the two levels, the noise of their move choice and its random draws, so
// a seed always gives the same game and the same puzzles. No clock is read: every search is
// bounded by depth or nodes. A Generator is not safe for concurrent use.
type Generator struct {
	// Variant is the game.
	Variant engine.Variant
	// PlayNodes is the node budget of a full-strength (Master) move in the self-play games;
	// the weaker levels keep their own depth and node caps.
	PlayNodes int64
	// ProbeNodes is the budget of the quick search that screens each position of a game.
	ProbeNodes int64
	// VerifyNodes is the budget of each search of the verification (NewVerifier).
	VerifyNodes int64
	// MaxPlies ends a game that has not ended by the rules.
	MaxPlies int
	// FirstPly is the first ply of a game whose position is screened.
	FirstPly int
	// PerGame is the most puzzles taken from one game; Gap the fewest plies between two.
	PerGame, Gap int

	play, probe engine.Searcher
	ver         *Verifier
}

// DefaultGenerator returns the generator whose settings wrote the shipped sets of v: for
// xiangqi cheap games and probes with many puzzles a game (the set is large), for chess the
// settings of its small set, kept as they were.
func DefaultGenerator(v engine.Variant) *Generator {
	if v == engine.Chess {
		return &Generator{Variant: v, PlayNodes: 20_000, ProbeNodes: 12_000, VerifyNodes: 250_000,
			MaxPlies: 240, FirstPly: 10, PerGame: 4, Gap: 6}
	}
	return &Generator{Variant: v, PlayNodes: 5_000, ProbeNodes: 4_000, VerifyNodes: 60_000,
		MaxPlies: 180, FirstPly: 10, PerGame: 8, Gap: 3}
}

// Levels returns the two levels (first player, second player) a seed's game is played at:
// a level of the ladder drawn at random, below the two strongest, and one of the same or a
// neighbouring level, so that the game stays balanced long enough for a blunder to make a
// tactic out of an even position. (Games of the two strongest levels cost the most and gave
// the fewest puzzles: 0.15 a game at the top against about 2 below.)
func Levels(seed uint64) (levels.Level, levels.Level) {
	all := levels.All()
	r := rand.New(rand.NewPCG(seed, 0x70757a7a6c6573))
	a := r.IntN(len(all) - 2)
	b := min(max(a+r.IntN(3)-1, 0), len(all)-1)
	if r.IntN(2) == 0 {
		a, b = b, a
	}
	return all[a], all[b]
}

// Game plays the self-play game of seed and calls visit with the game before each ply from
// FirstPly on (the side to move about to choose); the game ends by the rules or at MaxPlies.
func (gen *Generator) Game(seed uint64, visit func(g engine.Game, ply int)) engine.Game {
	if gen.play == nil {
		gen.play = engine.NewSearcher(gen.Variant, engine.SearcherOptions{HashMiB: 16, Threads: 1})
	}
	gen.play.Clear()
	lv := [2]levels.Level{}
	lv[0], lv[1] = Levels(seed)
	rng := rand.New(rand.NewPCG(seed, 0x73656c66706c6179))
	noise := levels.NewNoise(seed)
	g := engine.NewGame(gen.Variant)
	for ply := 0; ply < gen.MaxPlies && !g.Result().Over; ply++ {
		if ply >= gen.FirstPly && visit != nil {
			visit(g, ply)
		}
		l := lv[g.SideToMove()]
		lim := l.Limits()
		lim.Time = 0 // no clock: the caps decide
		if l.Full() || lim.Nodes == 0 {
			lim.Nodes = gen.PlayNodes
		}
		gen.play.SetPlainEval(l.Plain)
		r := gen.play.Search(context.Background(), g, lim, nil, nil)
		if !r.HasMove {
			break
		}
		m := r.Lines[engine.Strength{Level: l}.Choose(g, r.Lines, noise, rng)].Move
		if err := g.Push(m); err != nil {
			break
		}
	}
	return g
}

// probeScore is a quick full-strength score of g's position for the side to move, searched
// with nodes nodes.
func (gen *Generator) probeScore(g engine.Game, nodes int64) int {
	if gen.probe == nil {
		// A small table: it is cleared before every probe, which costs more than the
		// probe's few thousand nodes need.
		gen.probe = engine.NewSearcher(gen.Variant, engine.SearcherOptions{HashMiB: 1, Threads: 1})
	}
	gen.probe.Clear()
	return gen.probe.Search(context.Background(), g, gamesearch.Limits{Nodes: nodes}, nil, nil).Score
}

// threatened reports whether the opponent of the side to move in g, given the turn
// (engine.Pass), scores at least WinningScore+Margin in a probe of a third of ProbeNodes (the
// side to move faces a threat) and a two-line probe of ProbeNodes finds the second-best move
// losing at least DefenceLoss (one move may be the only defence).
func (gen *Generator) threatened(g engine.Game) bool {
	passed, err := engine.Pass(g)
	if err != nil {
		return false
	}
	s := gen.probeScore(passed, max(gen.ProbeNodes/3, 1000))
	if !(!gamesearch.IsMate(s) && s >= WinningScore+Margin || mateIn(s) > 0) {
		return false
	}
	r := gen.probe2(g)
	return len(r.Lines) == 2 && r.Lines[1].Score <= -DefenceLoss
}

// probe2 is a two-line probe of g of ProbeNodes.
func (gen *Generator) probe2(g engine.Game) engine.SearchResult {
	gen.probe.Clear()
	return gen.probe.Search(context.Background(), g, gamesearch.Limits{Nodes: gen.ProbeNodes, MultiPV: 2}, nil, nil)
}

// unique reports whether a two-line probe of g finds the second-best move not winning (at
// most NotWinning+50 and not a mate): a material tactic may have one answer.
func (gen *Generator) unique(g engine.Game) bool {
	r := gen.probe2(g)
	return len(r.Lines) == 2 && !gamesearch.IsMate(r.Lines[1].Score) && r.Lines[1].Score <= NotWinning+50
}

// Puzzles plays the game of seed and returns the puzzles verified in it, in the order of the
// game. A position is verified when the quick probe finds a mate in at most MaxMate moves for
// the side to move, a score of at least WinningScore+50 where the probe before the
// opponent's last move gave the side to move at most +150 (a tactic has just appeared) and a
// two-line probe finds the second-best move not winning, or a
// score between −NotWinning and +NotWinning while the opponent, given the turn, would win
// (threatened: a defence may be the only move). log, when not nil, is told of each verified
// candidate.
func (gen *Generator) Puzzles(seed uint64, log func(string)) []Puzzle {
	if gen.ver == nil {
		gen.ver = NewVerifier(gen.Variant, gen.VerifyNodes)
	}
	var out []Puzzle
	prev, have := 0, false
	last := -1 << 20
	gen.Game(seed, func(g engine.Game, ply int) {
		if len(g.Legal()) < 2 {
			have = false
			return
		}
		s := gen.probeScore(g, gen.ProbeNodes)
		before, had := -prev, have
		prev, have = s, true
		if len(out) >= gen.PerGame || ply-last < gen.Gap {
			return
		}
		k := mateIn(s)
		tactic := !gamesearch.IsMate(s) && s >= WinningScore+50 && had && before <= 150 && gen.unique(g)
		defence := !tactic && k == 0 && s >= -NotWinning && s <= NotWinning && !g.InCheck() && gen.threatened(g)
		if !(k > 0 && k <= MaxMate) && !tactic && !defence {
			return
		}
		// The puzzle is posed from its FEN alone, without the game's history.
		pos, err := engine.GameFromFEN(gen.Variant, g.FEN())
		if err != nil {
			return
		}
		p, err := gen.ver.Verify(pos)
		if log != nil {
			if err != nil {
				log(fmt.Sprintf("seed %d ply %d: %v", seed, ply, err))
			} else {
				log(fmt.Sprintf("seed %d ply %d: %s %s d%d", seed, ply, p.ThemeText(), p.Solution, p.Difficulty))
			}
		}
		if err != nil {
			return
		}
		p.Seed = fmt.Sprintf("%d:%d", seed, ply)
		out = append(out, p)
		last = ply
	})
	return out
}
