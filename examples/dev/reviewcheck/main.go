package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"os"

	"github.com/cotuong-ai/cotuong/engine"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/cotuong-ai/cotuong/gamesearch"
	"github.com/cotuong-ai/cotuong/review"
)

func main() {
	games := flag.Int("games", 20, "games to play and review")
	gameFlag := flag.String("game", "xiangqi", "the game of the games played: xiangqi or chess (-from reads it from the file)")
	seed := flag.Uint64("seed", 1, "seed of the first game (game i uses seed+i)")
	playNodes := flag.Int64("playnodes", 20000, "node budget a move of the games' players")
	maxPlies := flag.Int("plies", 120, "longest game, plies")
	nodes := flag.Int64("nodes", 0, "our node budget a position (0: review's default, review.DefaultNodes, or review.NetworkNodes with -nnue)")
	fsfNodes := flag.Int64("fsfnodes", 1_000_000, "Fairy-Stockfish's node budget a position")
	fsfPath := flag.String("fsf", "/usr/games/fairy-stockfish", "Fairy-Stockfish binary")
	out := flag.String("out", "", "file for the games and both analyses")
	from := flag.String("from", "", "judge again the games and analyses of a file -out wrote (no games played)")
	probeNodes := flag.Int64("probe", 0, "with -from: search the positions of each blunder only one side marks again with ours at this budget")
	probeRef := flag.Int64("probefsf", 0, "with -from: search the positions of each blunder only one side marks again with the -fsf engine at this budget, each from a new game (no table from the game's other positions)")
	fitk := flag.String("fitk", "", "fit k to the search scores and results of a self-play data file (\"FEN | cp | result\" lines) and exit")
	rescore := flag.Int64("rescore", 0, "with -fitk: also score every position again with our search at this many nodes (the network with -nnue, else the classical evaluation) and fit k to those scores")
	label := flag.Int("label", 0, "with -fitk: also fit k to Fairy-Stockfish's scores of this many of the file's positions")
	labelNodes := flag.Int64("labelnodes", 20000, "with -label: Fairy-Stockfish's node budget a position")
	reanalyze := flag.Bool("reanalyze", false, "with -from: analyse the games again with package review (-nodes, -verify) instead of the file's analysis")
	verifyNodes := flag.Int64("verify", 0, "our verification budget a position (0: review's default; -1: none)")
	kOurs := flag.Float64("k", 0, "with -from: k for our scores (0: review.K of the game)")
	kFSF := flag.Float64("fsfk", 0, "with -from: k for Fairy-Stockfish's scores (0: matched to ours by least squares)")
	fsfAgain := flag.Int64("fsfagain", 0, "with -from: replace our analysis by Fairy-Stockfish's at this budget (the analyst against itself at another budget, or the -fsf engine against it; give -k and -fsfk); -reanalyze is then ignored")
	refAgain := flag.Int64("refagain", 0, "with -from: replace Fairy-Stockfish's analysis of the file by the -fsf engine's at this budget (another analyst as the reference)")
	refFile := flag.String("reffile", "", "with -from: take the reference analyses from this file -out wrote for the same games (its second analysis)")
	reasons := flag.Int64("reasons", 0, "with -from: have the -fsf engine check, at this budget a search, each reason our words give (a mate, a piece lost or missed) on its own lines")
	check := flag.Bool("check", false, "with -from: give our analyses the second opinions of their material reasons first (review.CheckReasons; an analysis of this version has them)")
	useNet := flag.Bool("nnue", false, "our xiangqi analyses (and -fitk -rescore's scores) evaluate with the network shipped with games/xiangqi (review.Options.Network), judged with review.KXiangqiNetwork; without it classically, review's default")
	flag.Parse()
	var network *xiangqi.NNUE
	if *useNet {
		n, err := xiangqi.DefaultNNUE()
		if err != nil {
			fmt.Fprintln(os.Stderr, "reviewcheck: -nnue:", err)
			os.Exit(1)
		}
		network = n
	}
	if *fitk != "" {
		if err := runFitK(*fitk, *label, *labelNodes, *fsfPath, rescoring{nodes: *rescore, network: network}); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		return
	}
	if *from != "" {
		ro := rejudgeOptions{reanalyze: *reanalyze, opts: review.Options{Nodes: *nodes, VerifyNodes: *verifyNodes, Network: network}, k: *kOurs, kf: *kFSF, out: *out, probe: *probeNodes, probeRef: *probeRef, fsfAgain: *fsfAgain, refAgain: *refAgain, refFile: *refFile, fsfPath: *fsfPath, reasons: *reasons, check: *check}
		if err := rejudge(*from, ro); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		return
	}
	variant, err := engine.ParseVariant(*gameFlag)
	if err != nil {
		fmt.Fprintln(os.Stderr, "reviewcheck: -game:", err)
		os.Exit(2)
	}
	fsf, err := startAnalyst(*fsfPath, variant)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	var w io.Writer = io.Discard
	if *out != "" {
		f, err := os.Create(*out)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		defer f.Close()
		w = f
	}
	var t tally
	var ours, theirs [][2]int // scores (ours, FSF) from the side to move, for matching k
	for i := 0; i < *games; i++ {
		s := *seed + uint64(i)
		red, black := int(s*7%21), int(s*13%21)
		g := play(variant, s, red, black, *playNodes, *maxPlies)
		a, err := review.Analyze(context.Background(), g, review.Options{Nodes: *nodes, VerifyNodes: *verifyNodes, Network: network})
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		fa, err := fsf.analyse(g, *fsfNodes)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		for j := range a.Evals {
			if !a.Evals[j].Over && !gamesearch.IsMate(a.Evals[j].Score) && !gamesearch.IsMate(fa.Evals[j].Score) {
				ours = append(ours, [2]int{a.Evals[j].Score, fa.Evals[j].Score})
			}
		}
		ro, _ := review.Judge(g, a, review.Standard)
		rf, _ := review.Judge(g, fa, review.Standard)
		gt := compare(ro, rf)
		t.add(gt)
		fmt.Printf("game %d seed %d skills %d/%d plies %d: blunders ours %d, FSF %d, both %d; mistakes+ ours %d FSF %d both %d\n",
			i+1, s, red, black, g.Len(), gt.ours, gt.theirs, gt.both, gt.oursM, gt.theirsM, gt.bothM)
		ta, _ := a.MarshalText()
		tf, _ := fa.MarshalText()
		fmt.Fprintf(w, "# game %d seed %d skills %d/%d\n%s\n# ours\n%s# fsf\n%s\n", i+1, s, red, black, g.String(), ta, tf)
	}
	theirs = ours
	kOur := review.K(variant)
	if network != nil && variant == engine.Xiangqi {
		kOur = review.KXiangqiNetwork
	}
	fmt.Printf("\nblunders (same k = %.6f for both): %s\n", kOur, t)
	kf := matchK(theirs, kOur)
	fmt.Printf("k matching FSF's centipawns to ours (least squares on winning chances): %.6f\n", kf)
}

// play returns a game of v between the first player at Skill Level red and the second at
// black (0..20), each move searched to nodes nodes, the session seeded with seed, at most plies
// moves.
func play(v engine.Variant, seed uint64, red, black int, nodes int64, plies int) engine.Game {
	sess := engine.NewSession(v, engine.SessionOptions{Seed: seed, Searcher: engine.SearcherOptions{HashMiB: 16}})
	sess.NewGame()
	g := engine.NewGame(v)
	for g.Len() < plies && !g.Result().Over {
		sess.SetGame(g)
		skill := red
		if g.SideToMove() == engine.Second {
			skill = black
		}
		done := make(chan engine.Answer, 1)
		j := sess.Go(engine.Request{Limits: gamesearch.Limits{Nodes: nodes}, Strength: engine.StrengthFor(skill)},
			func(a engine.Answer) { done <- a })
		a := <-done
		<-j.Done()
		if !a.HasMove || g.Push(a.Move) != nil {
			break
		}
	}
	return g
}

// gameTally counts one game's blunders (and mistakes or worse).
type gameTally struct{ ours, theirs, both, oursM, theirsM, bothM int }

func compare(ro, rf *review.Review) gameTally {
	var t gameTally
	for i := range ro.Moves {
		o, f := ro.Moves[i], rf.Moves[i]
		if !o.Judged || !f.Judged {
			continue
		}
		ob, fb := o.Mark == review.Blunder, f.Mark == review.Blunder
		t.ours += b2i(ob)
		t.theirs += b2i(fb)
		t.both += b2i(ob && fb)
		om, fm := o.Mark >= review.Mistake, f.Mark >= review.Mistake
		t.oursM += b2i(om)
		t.theirsM += b2i(fm)
		t.bothM += b2i(om && fm)
	}
	return t
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

type tally struct{ gameTally }

func (t *tally) add(g gameTally) {
	t.ours += g.ours
	t.theirs += g.theirs
	t.both += g.both
	t.oursM += g.oursM
	t.theirsM += g.theirsM
	t.bothM += g.bothM
}

func (t tally) String() string {
	pct := func(a, b int) string {
		if b == 0 {
			return "n/a"
		}
		return fmt.Sprintf("%.1f%% (%d/%d)", 100*float64(a)/float64(b), a, b)
	}
	return fmt.Sprintf("precision %s, recall %s; mistakes or worse: precision %s, recall %s",
		pct(t.both, t.ours), pct(t.both, t.theirs), pct(t.bothM, t.oursM), pct(t.bothM, t.theirsM))
}

// matchK returns the k for FSF's scores whose winning chances best match ours (k) in the
// least-squares sense over the pairs (ours, FSF's), by golden-section search.
func matchK(pairs [][2]int, k float64) float64 {
	cost := func(kf float64) float64 {
		s := 0.0
		for _, p := range pairs {
			d := review.WinningChances(p[0], k) - review.WinningChances(p[1], kf)
			s += d * d
		}
		return s
	}
	lo, hi := 0.0002, 0.02
	r := (math.Sqrt(5) - 1) / 2
	for range 60 {
		a, b := hi-r*(hi-lo), lo+r*(hi-lo)
		if cost(a) < cost(b) {
			hi = b
		} else {
			lo = a
		}
	}
	return (lo + hi) / 2
}

// rejudgeOptions are -from's options.
type rejudgeOptions struct {
	reanalyze bool           // analyse the games again with package review
	opts      review.Options // for the new analysis
	k, kf     float64        // our k and FSF's (0: review.K of the game and matched)
	out       string         // when set, the file is written again there with the new analyses
	probe     int64          // when > 0, each blunder of one side only is searched again by ours at this budget
	probeRef  int64          // when > 0, and again by the fsfPath engine at this budget, afresh
	fsfAgain  int64          // when > 0, "ours" is Fairy-Stockfish's analysis at this budget
	refAgain  int64          // when > 0, the reference is the fsfPath engine's analysis at this budget
	refFile   string         // when set, the reference analyses are this file's
	fsfPath   string         // the analyst's binary, for fsfAgain, refAgain and reasons
	reasons   int64          // when > 0, our reasons are checked by the analyst at this budget
	check     bool           // give our analyses the second opinions of their material reasons (review.CheckReasons)
}

// probe searches the positions before and after ply i of g with a new searcher to nodes
// nodes and returns their scores from the side to move.
func probe(g engine.Game, i int, nodes int64) (before, after int) {
	c := startOf(g)
	ms := g.Moves()
	for j := 0; j < i; j++ {
		m, _ := c.ParseUCI(ms[j])
		_ = c.Continue(m)
	}
	score := func() int {
		if e, over := review.Terminal(c); over {
			return e.Score
		}
		s := engine.NewSearcher(g.Variant(), engine.SearcherOptions{HashMiB: 64, Threads: 1, ThirdOccurrence: true})
		return s.Search(context.Background(), c, gamesearch.Limits{Nodes: nodes}, nil, nil).Score
	}
	before = score()
	m, _ := c.ParseUCI(ms[i])
	_ = c.Continue(m)
	return before, score()
}

// rejudge reads a file written by -out and reports the agreement with FSF's scores judged with
// our k and with the k matched to FSF's scale (or ro's), listing the blunders of either.
func rejudge(path string, ro rejudgeOptions) error {
	probeNodes, probeRef := ro.probe, ro.probeRef
	recs, err := readGames(path)
	if err != nil {
		return err
	}
	var refs []fileGame
	if ro.refFile != "" {
		if refs, err = readGames(ro.refFile); err != nil {
			return err
		}
	}
	var analyst *analystEngine // the -fsf engine of -fsfagain, -refagain and -probefsf, started at its first use
	start := func(v engine.Variant) error {
		if analyst != nil {
			return nil
		}
		var err error
		analyst, err = startAnalyst(ro.fsfPath, v)
		return err
	}
	analyse := func(g engine.Game, nodes int64) (*review.Analysis, error) {
		if err := start(g.Variant()); err != nil {
			return nil, err
		}
		return analyst.analyse(g, nodes)
	}
	analystProbe := func(g engine.Game, i int, nodes int64) (before, after int, err error) {
		if err := start(g.Variant()); err != nil {
			return 0, 0, err
		}
		return analyst.probe(g, i, nodes)
	}
	defer func() {
		if analyst != nil {
			analyst.close()
		}
	}()
	var pairs [][2]int
	for n := range recs {
		r := &recs[n]
		switch {
		case ro.fsfAgain > 0:
			if r.ours, err = analyse(r.g, ro.fsfAgain); err != nil {
				return err
			}
		case ro.reanalyze:
			if r.ours, err = review.Analyze(context.Background(), r.g, ro.opts); err != nil {
				return err
			}
		}
		if ro.check && ro.fsfAgain == 0 {
			if err := review.CheckReasons(context.Background(), r.g, r.ours, ro.opts); err != nil {
				return err
			}
		}
		if ro.refFile != "" {
			if r.ref, err = refAnalysis(refs, ro.refFile, n, r.g); err != nil {
				return err
			}
		}
		if ro.refAgain > 0 {
			if r.ref, err = analyse(r.g, ro.refAgain); err != nil {
				return err
			}
		}
		a, fa := r.ours, r.ref
		for k := range a.Evals {
			if k < len(fa.Evals) && !a.Evals[k].Over && !gamesearch.IsMate(a.Evals[k].Score) && !gamesearch.IsMate(fa.Evals[k].Score) {
				pairs = append(pairs, [2]int{a.Evals[k].Score, fa.Evals[k].Score})
			}
		}
	}
	k := review.KXiangqiNetwork
	if len(recs) > 0 {
		k = recs[0].ours.K() // the k of our analyses' evaluation
	}
	if ro.k > 0 {
		k = ro.k
	}
	kf := matchK(pairs, k)
	if ro.kf > 0 {
		kf = ro.kf
	}
	if ro.out != "" {
		f, err := os.Create(ro.out)
		if err != nil {
			return err
		}
		for _, r := range recs {
			ta, _ := r.ours.MarshalText()
			tf, _ := r.ref.MarshalText()
			fmt.Fprintf(f, "# game %s\n%s\n# ours\n%s# fsf\n%s\n", r.head, r.g.String(), ta, tf)
		}
		if err := f.Close(); err != nil {
			return err
		}
	}
	fmt.Printf("our k = %.6f; Fairy-Stockfish's k = %.6f\n", k, kf)
	for _, kt := range []float64{kf} {
		var t tally
		var kinds disagreements
		for n, r := range recs {
			ro, err := review.JudgeK(r.g, r.ours, review.Standard, k)
			if err != nil {
				return err
			}
			rf, err := review.JudgeK(r.g, r.ref, review.Standard, kt)
			if err != nil {
				return err
			}
			t.add(compare(ro, rf))
			for i := range ro.Moves {
				o, f := ro.Moves[i], rf.Moves[i]
				kind := ""
				if o.Judged && f.Judged && (o.Mark == review.Blunder) != (f.Mark == review.Blunder) {
					kind = " [" + kinds.add(o, f) + "]"
				}
				if o.Mark == review.Blunder || f.Mark == review.Blunder {
					fmt.Printf("  game %d ply %d %s%s: ours %s (%s -> %s, %.2f), FSF %s (%s -> %s, %.2f) %s\n", n+1, i, o.Text, kind,
						o.Mark, review.ScoreText(o.Before), review.ScoreText(o.After), o.Drop, f.Mark,
						review.ScoreText(f.Before), review.ScoreText(f.After), f.Drop, o.Words)
					if probeRef > 0 && kind != "" {
						b, a, err := analystProbe(r.g, i, probeRef)
						if err != nil {
							return err
						}
						m, d := review.JudgeScores(b, -a, kt)
						fmt.Printf("    FSF afresh at %d nodes: %s -> %s, %.2f, %s\n", probeRef, review.ScoreText(b), review.ScoreText(-a), d, m)
					}
					if probeNodes > 0 && (o.Mark == review.Blunder) != (f.Mark == review.Blunder) {
						b, a := probe(r.g, i, probeNodes)
						m, d := review.JudgeScores(b, -a, k)
						fmt.Printf("    ours at %d nodes: %s -> %s, %.2f, %s\n", probeNodes, review.ScoreText(b), review.ScoreText(-a), d, m)
					}
				}
			}
		}
		fmt.Printf("%d games, FSF judged with k = %.6f: %s\n", len(recs), kt, t)
		fmt.Printf("blunders one side marks: %s\n", kinds)
	}
	if ro.reasons > 0 {
		return checkReasons(recs, k, kf, ro.fsfPath, ro.reasons)
	}
	return nil
}

// disagreements counts the blunders only one analysis marks by kind: a mate in one
// analysis's scores of the move (before or after) that the other's lack; else both drops
// within 0.1 of review.BlunderDrop (a judgement near the threshold); else a larger
// difference of judgement.
type disagreements struct{ mate, near, larger int }

// add counts the disagreement of o (ours) and f (the reference's) and returns its kind:
// "mate", "near" or "larger".
func (d *disagreements) add(o, f review.MoveReview) string {
	om := gamesearch.IsMate(o.Before) || gamesearch.IsMate(o.After)
	fm := gamesearch.IsMate(f.Before) || gamesearch.IsMate(f.After)
	switch {
	case om != fm:
		d.mate++
		return "mate"
	case math.Abs(o.Drop-review.BlunderDrop) < 0.1 && math.Abs(f.Drop-review.BlunderDrop) < 0.1:
		d.near++
		return "near"
	default:
		d.larger++
		return "larger"
	}
}

func (d disagreements) String() string {
	return fmt.Sprintf("%d: %d turn on a mate one analysis found, %d have both drops within 0.1 of the threshold, %d differ more",
		d.mate+d.near+d.larger, d.mate, d.near, d.larger)
}
