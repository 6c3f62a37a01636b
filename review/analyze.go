package review

import (
	"context"
	"errors"
	"math"

	"github.com/cotuong-ai/cotuong/engine"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/cotuong-ai/cotuong/gamesearch"
)

// DefaultNodes is the node budget of Analyze for each position, which it searches with the
// classical evaluation (judged with KXiangqi for xiangqi, KChess for chess): 150,000 nodes
// (main search and quiescence) of one search thread. The classical evaluation is the default
// for xiangqi because its marks agreed better with a stronger analyst's than the network's at
// the same time a position (NetworkNodes) on the tuning games (seeds 1-20 and 41-52; see the
// package doc, "Agreement"). Measured on a fixed 100-ply xiangqi game (BenchmarkAnalyze,
// -benchtime 1x, one search thread): the whole analysis, its 5 verification searches at
// 600,000 nodes and 13 second opinions included, took 18.2 s on one core of the AMD EPYC
// development machine at an idle moment (16.8 s without the verification; on an earlier
// self-play game, before the search spared checks, 16.5 s, and the network's analysis at
// NetworkNodes 14.6 s). In the browser build (wasm in V8, run by Node) a position of the
// first pass took 0.44 s, against 0.50 s with the network at NetworkNodes; in headless
// Chromium a 40-ply game's whole analysis took 26.8 s on the idle machine.
const DefaultNodes = 150_000

// NetworkNodes is the node budget of Analyze for each position of a xiangqi game analysed
// with a network (Options.Network): 90,000 nodes, about the time of DefaultNodes with the
// classical evaluation (the network costs about 1.6 times as much a node).
const NetworkNodes = 90_000

// HashMiB is the size of the transposition table of an analysis. It is fixed because the
// table's size changes what a node-limited search finds.
const HashMiB = 16

// Verification of candidate errors (see the package doc, "Analysis").
const (
	// VerifyFactor is the default budget of a verification search as a multiple of the
	// analysis's budget a position: 4 × DefaultNodes = 600,000 nodes.
	VerifyFactor = 4
	// VerifyDrop is the drop in winning chances (by the analysis's k) from which a move's
	// positions, before and after it, may be re-searched; the moves whose drop lies nearest a
	// threshold of the marks (VerifyNear) are re-searched first.
	VerifyDrop = 0.07
	// VerifyNear is how near a threshold of the marks (0.1, 0.2, 0.3) a drop must lie for its
	// move to be verified before the moves with larger drops: a judgement this close may
	// change sides with a deeper search.
	VerifyNear = 0.08
	// VerifyShare caps the nodes of all verification searches of a game at this share of the
	// nodes of the fixed-budget pass (positions × Nodes): 5 positions of a 100-ply game at
	// the default budgets; at least the two positions of one move. It keeps the whole
	// analysis of a 100-ply game under 20 s of one core (DefaultNodes).
	VerifyShare = 0.2
)

// Eval is the analysis of one position of a game.
type Eval struct {
	// Score is the search's score in centipawns from the side to move's view; a mate is
	// ±(gamesearch.Mate−plies), as gamesearch scores it. At a position where the game is
	// over it is the result: −gamesearch.Mate lost, +gamesearch.Mate won, 0 drawn.
	Score int
	// Over is true where the game package's rules have ended the game (checkmate,
	// stalemate, a repetition ruling, a move limit): nothing was searched.
	Over bool
	// Depth is the depth of the last completed iteration (0 when Over).
	Depth int
	// PV is the best line, its first move the best move (empty when Over).
	PV []engine.Move
	// Nodes is the node budget of the search that gave this result when it was a
	// verification search, larger than Analysis.Nodes; 0 when it is Analysis.Nodes.
	Nodes int64
	// Check is the second opinion (see Analysis.Checked, CheckReasons): at a position after
	// a move whose loss of material is explained, the line a second search finds from it; at
	// a position before a move whose missed material is explained, the best move, then the
	// line a second search finds after it; nil when none was asked for.
	Check []engine.Move
}

// Best returns the best move (0 when the position was not searched).
func (e Eval) Best() engine.Move {
	if len(e.PV) == 0 {
		return 0
	}
	return e.PV[0]
}

// Analysis is a game's analysis: Evals[i] is the position before the game's move i (from 0),
// and Evals[len(moves)] the position after the last move. An analysis of part of a game
// (cancelled, or of a game since lengthened) has fewer entries.
type Analysis struct {
	Variant engine.Variant
	Nodes   int64 // the node budget of each position's search
	Evals   []Eval
	// Network is true for a xiangqi analysis whose searches evaluated with a network: its
	// scores are judged with KXiangqiNetwork (K), not KXiangqi.
	Network bool
	// Checked is true when the lines that material reasons rest on got a second opinion
	// (Eval.Check; Analyze and CheckReasons give them): a material reason is then said only
	// where the second line takes the same piece and loses its owner material. An analysis
	// without (text format version 1) is explained from its own lines alone.
	Checked bool
}

// Options configures Analyze.
type Options struct {
	// Nodes is the node budget of each position (0: DefaultNodes, or NetworkNodes with a
	// network).
	Nodes int64
	// VerifyNodes is the node budget of a verification search (0: VerifyFactor × Nodes;
	// negative: no verification).
	VerifyNodes int64
	// Network, when not nil, makes a xiangqi analysis evaluate with this network
	// (engine.SearcherOptions XiangqiNNUE; xiangqi.DefaultNNUE is the one shipped with
	// games/xiangqi), judged with KXiangqiNetwork; nil, the default, evaluates classically
	// (KXiangqi). Ignored for chess, which has only the classical evaluation.
	Network *xiangqi.NNUE
	// Progress, when not nil, is called before position i (1..n) of n is searched, on the
	// caller's goroutine. n counts the game's positions and then the most verification
	// searches the game may get; the verification may end before i reaches n. The second
	// opinions (CheckReasons) follow, counted on from there with n set to their end.
	Progress func(i, n int)
}

// ErrNoGame is returned for a nil game.
var ErrNoGame = errors.New("review: no game")

// ErrNoAnalysis is returned by Judge and JudgeK for a nil analysis.
var ErrNoAnalysis = errors.New("review: no analysis (run Analyze or Parse first)")

// Analyze searches every position of g (from its start position to its current one) at full
// strength to o.Nodes nodes, first to last, with a new searcher (so the result depends only
// on the game and the budgets), then verifies the candidate errors with deeper searches
// (o.VerifyNodes; see the package doc) and gives the lines of material reasons a second
// opinion (CheckReasons). g is not changed. When ctx is cancelled it returns the positions
// analysed so far (with the verifications and checks done so far, Checked false) and ctx's
// error.
func Analyze(ctx context.Context, g engine.Game, o Options) (*Analysis, error) {
	if g == nil {
		return nil, ErrNoGame
	}
	o = o.resolve(g.Variant())
	nodes := o.Nodes
	cur, moves, err := replay(g)
	if err != nil {
		return nil, err
	}
	a := &Analysis{Variant: g.Variant(), Nodes: nodes, Network: o.Network != nil}
	s := engine.NewSearcher(g.Variant(), engine.SearcherOptions{HashMiB: HashMiB, Threads: 1, XiangqiNNUE: o.Network,
		ThirdOccurrence: true})
	n := len(moves) + 1
	vnodes := o.VerifyNodes
	if vnodes == 0 {
		vnodes = VerifyFactor * nodes
	}
	maxVerify := 0
	if vnodes > nodes {
		maxVerify = max(2, int(VerifyShare*float64(n)*float64(nodes)/float64(vnodes)))
	}
	// positions[i] is the game at position i, for the verification.
	positions := make([]engine.Game, 0, n)
	for i := 0; i < n; i++ {
		if err := ctx.Err(); err != nil {
			return a, err
		}
		if o.Progress != nil {
			o.Progress(i+1, n+maxVerify)
		}
		e := evaluate(ctx, s, cur, nodes)
		if err := ctx.Err(); err != nil {
			return a, err // a search cut short is not kept
		}
		a.Evals = append(a.Evals, e)
		if maxVerify > 0 {
			positions = append(positions, cur.Clone())
		}
		if i < len(moves) {
			if err := cur.Continue(moves[i]); err != nil {
				return a, err
			}
		}
	}
	if maxVerify > 0 {
		if err := verify(ctx, s, a, positions, moves, vnodes, maxVerify, o.Progress); err != nil {
			return a, err
		}
	}
	return a, checkReasons(ctx, g, a, o, n+maxVerify)
}

// resolve fills o's defaults for an analysis of v: no network for chess; Nodes DefaultNodes,
// or NetworkNodes with a network.
func (o Options) resolve(v engine.Variant) Options {
	if v != engine.Xiangqi {
		o.Network = nil
	}
	if o.Nodes <= 0 {
		o.Nodes = DefaultNodes
		if o.Network != nil {
			o.Nodes = NetworkNodes
		}
	}
	return o
}

// verify re-searches, to vnodes nodes, the positions before and after a move whose drop in
// winning chances is at least VerifyDrop (or which the mate rules mark) with a position not
// yet verified, judges again, and repeats, until no such move is left or max positions have
// been re-searched. The move taken is the one whose judgement is nearest to changing: a
// mate involved, or a drop within VerifyNear of a threshold of the marks, nearest first;
// then the largest drop. The position after the move is searched first, so that the search
// of the position before finds the replies in the table.
func verify(ctx context.Context, s engine.Searcher, a *Analysis, positions []engine.Game, moves []engine.Move, vnodes int64, max int, progress func(i, n int)) error {
	k := a.K()
	n := len(a.Evals)
	done := 0
	for done < max {
		best, bestPri := -1, 0.0
		for i := 0; i+1 < n && i < len(moves); i++ {
			before, after := a.Evals[i], a.Evals[i+1]
			if before.Over || (before.Nodes != 0 && (after.Over || after.Nodes != 0)) {
				continue
			}
			if moves[i] == before.Best() {
				continue // judged Good whatever the drop
			}
			mark, drop := judge(before.Score, -after.Score, k)
			if drop < VerifyDrop && mark == Good {
				continue
			}
			if pri := verifyPriority(before.Score, -after.Score, drop); best < 0 || pri > bestPri {
				best, bestPri = i, pri
			}
		}
		if best < 0 {
			return nil
		}
		for _, j := range []int{best + 1, best} {
			e := a.Evals[j]
			if e.Over || e.Nodes != 0 {
				continue
			}
			if done >= max {
				return nil
			}
			if err := ctx.Err(); err != nil {
				return err
			}
			if progress != nil {
				progress(n+done+1, n+max)
			}
			v := evaluate(ctx, s, positions[j], vnodes)
			if err := ctx.Err(); err != nil {
				return err
			}
			v.Nodes = vnodes
			a.Evals[j] = v
			done++
		}
	}
	return nil
}

// verifyPriority orders the candidates of verify, the larger first: a move whose scores
// (the mover's, before and after) involve a mate (3), a drop within VerifyNear of a threshold
// of the marks (2 less its distance to the nearest), else the drop itself (below 1 where it
// matters: drops above 1 are mates, handled first).
func verifyPriority(before, after int, drop float64) float64 {
	if gamesearch.IsMate(before) || gamesearch.IsMate(after) {
		return 3
	}
	near := 1.0
	for _, t := range []float64{InaccuracyDrop, MistakeDrop, BlunderDrop} {
		near = min(near, math.Abs(drop-t))
	}
	if near <= VerifyNear {
		return 2 - near
	}
	return min(drop, 1)
}

// evaluate searches the current position of g with s to nodes nodes.
func evaluate(ctx context.Context, s engine.Searcher, g engine.Game, nodes int64) Eval {
	if e, over := overEval(g); over {
		return e
	}
	r := s.Search(ctx, g, gamesearch.Limits{Nodes: nodes}, nil, nil)
	e := Eval{Score: r.Score, Depth: r.Depth, PV: r.PV}
	if len(e.PV) == 0 && r.HasMove {
		e.PV = []engine.Move{r.Move}
	}
	return e
}

// Terminal returns the Eval that Analyze gives the current position of g when the game is
// over there (by the game package's rules, or no legal move), and false when it is not: for
// scoring another engine's analysis of the same game by the same rules.
func Terminal(g engine.Game) (Eval, bool) {
	if g == nil {
		return Eval{}, false
	}
	return overEval(g)
}

// overEval returns the Eval of a position where the game is over, and false when it is not.
func overEval(g engine.Game) (Eval, bool) {
	res := g.Result()
	if !res.Over && len(g.Legal()) > 0 {
		return Eval{}, false
	}
	e := Eval{Over: true}
	switch {
	case !res.Over: // no legal move but no verdict: judge it as the search would
		if g.InCheck() || g.LossOnStalemate() {
			e.Score = -gamesearch.Mate
		}
	case res.Draw:
	case res.Winner == g.SideToMove():
		e.Score = gamesearch.Mate
	default:
		e.Score = -gamesearch.Mate
	}
	return e, true
}

// replay returns a game at g's start position and g's moves.
func replay(g engine.Game) (engine.Game, []engine.Move, error) {
	c := g.Clone()
	var ms []engine.Move
	for {
		m, ok := c.Pop()
		if !ok {
			break
		}
		ms = append(ms, m)
	}
	for i, j := 0, len(ms)-1; i < j; i, j = i+1, j-1 {
		ms[i], ms[j] = ms[j], ms[i]
	}
	return c, ms, nil
}
