// Command reviewcheck measures how well package review's blunder marks agree with a stronger
// analyst: it plays engine-vs-engine xiangqi games at mixed strengths (package engine's
// Strength, seeds recorded), reviews each with package review at its fixed node budget, and
// has Fairy-Stockfish analyse the same positions at a longer fixed budget over UCI. Both sets
// of scores are judged by the same rules (review.JudgeK: lila's thresholds, clamp and mate
// rules, finished positions scored by review.Terminal; k = review.KXiangqi for our scores
// and, for Fairy-Stockfish's, a k matched to its centipawn scale by least squares, or -fsfk).
// It reports blunder precision (the blunders we mark that Fairy-Stockfish's scores also make
// blunders) and recall (Fairy-Stockfish's blunders we mark).
//
// Usage:
//
//	nice go run ./examples/reviewcheck -games 20 -seed 1 -fsfnodes 1000000 -out /tmp/reviewcheck.txt
//
// It writes one line a game (seed, levels, plies, marks of both) and the totals to standard
// output, and the games with both analyses to -out when set; -from FILE judges such a file
// again (our k, -k, and Fairy-Stockfish's matched k or -fsfk), listing the blunders of
// either; with -reanalyze it first analyses the games again with package review as it is
// now (-nodes, -verify), writing the result to -out when set.
//
// -fitk FILE fits k of the logistic E[result] = 1/(1+exp(−k·cp)) to a self-play data file
// ("FEN | cp | result" lines, score and result from the side to move) by maximum likelihood
// and by least squares; with -label N it also has Fairy-Stockfish score N of the file's
// positions (-labelnodes) and fits k to its scores and the same results. Run on
// /work/data/round1.txt (150,580 positions, 1,375 games, 4,000-node searches): ours k =
// 0.00289 (ML), 0.00282 (LS). On 1,485 of its positions (the file at 54,232 positions)
// labelled by Fairy-Stockfish at 20,000 nodes: ours 0.002578 (ML) / 0.002593 (LS),
// Fairy-Stockfish's 0.002599 (ML) / 0.002490 (LS): by the games' results its centipawns are
// on the scale of ours (ratio 1.01 ML, 0.96 LS).
//
// First run (seeds 1-5 of "-games 8 -seed 1 -fsfnodes 300000 -plies 80", stopped after five
// games for time; ours at review.DefaultNodes): we marked 4 blunders, Fairy-Stockfish's
// scores 11 (matched k = 0.002021) or 14 (our k); 2 in common: blunder precision 50 %,
// recall 18 % (14 % with our k). Mistakes or worse: precision 79 % (11/14), recall 44 %
// (11/25). 10 of Fairy-Stockfish's 11 blunders got a mark from us (7 of them mistake or
// blunder): our node-limited search sees the same errors but smaller drops. Our two blunders
// it did not share were positions it already saw as lost a move earlier. The 90 % target is
// not met.
//
// Second run, 20 games: "-games 20 -seed 1 -plies 100 -fsfnodes 500000" (seeds 1-20, Skill
// Levels red = seed·7 mod 21, black = seed·13 mod 21; games of 21 to 100 plies, 1,309
// positions; the games' players at 20,000 nodes a move), Fairy-Stockfish 11.1 at 500,000
// nodes a position (one thread, 64 MiB), then "-from FILE -reanalyze" for ours as of the
// verification (review's defaults: 150,000 nodes a position, verification at 600,000), all
// judged by the same rules (our k = 0.00289; Fairy-Stockfish's k matched by least squares to
// ours over the games' positions: 0.002004):
//
//	                      blunders                 mistakes or worse
//	ours, verified        P 73.0 % (46/63)  R 64.8 % (46/71)   P 78.4 % (76/97)  R 53.1 % (76/143)
//	ours, fixed pass only P 73.8 % (45/61)  R 63.4 % (45/71)   P 77.9 % (74/95)  R 52.5 % (74/141)
//	FSF k = 0.00291 (*)   P 69.8 % (44/63)  R 42.7 % (44/103)  P 85.6 % (83/97)  R 38.4 % (83/216)
//
// (*) Fairy-Stockfish's k fitted to the games' results like ours (-label: its scale ≈ ours).
// With the tuner's k (0.002475) instead of the fitted one: P 75.0 % (42/56), R 68.9 %
// (42/61). The verification changed one blunder of 63; the target of 90 % is not met.
// Of the 25 blunders of Fairy-Stockfish's we do not mark, 7 are our mistakes, 9 our
// inaccuracies and 9 unmarked; of our 17 it does not share, it calls 9 mistakes, 5
// inaccuracies and 3 good. The misses are not a matter of our node budget: -probe 2400000
// (16 times the budget) on the first four games' 9 disagreements left 8 of them disagreeing
// (our drops 0.14-0.26 where Fairy-Stockfish's are 0.31-0.62); the one it settled was our
// extra blunder in a position Fairy-Stockfish already saw as lost (at 2.4M nodes ours did
// too). Both engines see the same errors (the same moves, the same direction), but
// Fairy-Stockfish's score swings are about twice ours in centipawns (H7-6 in game 1: ours
// −1.63 → −3.52, its −2.01 → −6.58), more than the two k's difference covers; and the mates
// one engine finds and the other does not at these budgets (MateAdvice judges a mate lost or
// allowed by the score on the other side) make a further share of the disagreements.
//
// Third run, the same 20 games and Fairy-Stockfish analysis (the games replay move for move:
// ours again gives P 73.0 % (46/63), R 64.8 % (46/71)):
//
//	                                     blunders                 mistakes or worse
//	ours with the network (-nnue) (†)    P 71.6 % (48/67)  R 55.8 % (48/86)   P 78.3 % (90/115) R 50.0 % (90/180)
//	ours, positions searched last first  P 70.7 % (41/58)  R 56.9 % (41/72)   P 74.7 % (71/95)  R 49.7 % (71/143)
//	FSF at 250,000 v FSF at 500,000 (‡)  P 88.6 % (62/70)  R 87.3 % (62/71)   P 83.6 % (117/140) R 81.8 % (117/143)
//
// (†) Fairy-Stockfish's matched k 0.002469: the network's centipawns are nearer its scale than
// the classical evaluation's, but the marks agree no better. (‡) "-fsfagain 250000 -k 0.002004
// -fsfk 0.002004": the analyst at half its budget against itself, both judged with the same k.
// It misses the 90 % target too: a threshold at a drop of 0.3 splits moves whose drop two
// searches of the same engine measure a little differently, so about one blunder in eight
// changes sides between budgets. Of our 42 disagreements of the second run, 9 have both
// drops within 0.1 of the threshold.
package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"

	"github.com/cotuong-ai/cotuong/engine"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/cotuong-ai/cotuong/gamesearch"
	"github.com/cotuong-ai/cotuong/review"
)

func main() {
	games := flag.Int("games", 20, "games to play and review")
	seed := flag.Uint64("seed", 1, "seed of the first game (game i uses seed+i)")
	playNodes := flag.Int64("playnodes", 20000, "node budget a move of the games' players")
	maxPlies := flag.Int("plies", 120, "longest game, plies")
	nodes := flag.Int64("nodes", review.DefaultNodes, "our node budget a position")
	fsfNodes := flag.Int64("fsfnodes", 1_000_000, "Fairy-Stockfish's node budget a position")
	fsfPath := flag.String("fsf", "/usr/games/fairy-stockfish", "Fairy-Stockfish binary")
	out := flag.String("out", "", "file for the games and both analyses")
	from := flag.String("from", "", "judge again the games and analyses of a file -out wrote (no games played)")
	probeNodes := flag.Int64("probe", 0, "with -from: search the positions of each blunder only one side marks again with ours at this budget")
	fitk := flag.String("fitk", "", "fit k to the search scores and results of a self-play data file (\"FEN | cp | result\" lines) and exit")
	label := flag.Int("label", 0, "with -fitk: also fit k to Fairy-Stockfish's scores of this many of the file's positions")
	labelNodes := flag.Int64("labelnodes", 20000, "with -label: Fairy-Stockfish's node budget a position")
	reanalyze := flag.Bool("reanalyze", false, "with -from: analyse the games again with package review (-nodes, -verify) instead of the file's analysis")
	verifyNodes := flag.Int64("verify", 0, "our verification budget a position (0: review's default; -1: none)")
	kOurs := flag.Float64("k", 0, "with -from: k for our scores (0: review.KXiangqi)")
	kFSF := flag.Float64("fsfk", 0, "with -from: k for Fairy-Stockfish's scores (0: matched to ours by least squares)")
	fsfAgain := flag.Int64("fsfagain", 0, "with -from: replace our analysis by Fairy-Stockfish's at this budget (the analyst against itself at another budget; give -k and -fsfk); -reanalyze is then ignored")
	useNet := flag.Bool("nnue", false, "our analyses evaluate with the network shipped with games/xiangqi (review.Options.Network)")
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
		if err := runFitK(*fitk, *label, *labelNodes, *fsfPath); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		return
	}
	if *from != "" {
		ro := rejudgeOptions{reanalyze: *reanalyze, opts: review.Options{Nodes: *nodes, VerifyNodes: *verifyNodes, Network: network}, k: *kOurs, kf: *kFSF, out: *out, probe: *probeNodes, fsfAgain: *fsfAgain, fsfPath: *fsfPath}
		if err := rejudge(*from, ro); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		return
	}
	fsf, err := startFSF(*fsfPath)
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
		g := play(s, red, black, *playNodes, *maxPlies)
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
		ro, _ := review.Judge(g, a, "")
		rf, _ := review.Judge(g, fa, "")
		gt := compare(ro, rf)
		t.add(gt)
		fmt.Printf("game %d seed %d skills %d/%d plies %d: blunders ours %d, FSF %d, both %d; mistakes+ ours %d FSF %d both %d\n",
			i+1, s, red, black, g.Len(), gt.ours, gt.theirs, gt.both, gt.oursM, gt.theirsM, gt.bothM)
		ta, _ := a.MarshalText()
		tf, _ := fa.MarshalText()
		fmt.Fprintf(w, "# game %d seed %d skills %d/%d\n%s\n# ours\n%s# fsf\n%s\n", i+1, s, red, black, g.String(), ta, tf)
	}
	theirs = ours
	fmt.Printf("\nblunders (same k = %.6f for both): %s\n", review.KXiangqi, t)
	kf := matchK(theirs, review.KXiangqi)
	fmt.Printf("k matching FSF's centipawns to ours (least squares on winning chances): %.6f\n", kf)
}

// play returns a game between Red at Skill Level red and Black at black (0..20), each move
// searched to nodes nodes, the session seeded with seed, at most plies moves.
func play(seed uint64, red, black int, nodes int64, plies int) engine.Game {
	sess := engine.NewSession(engine.Xiangqi, engine.SessionOptions{Seed: seed, Searcher: engine.SearcherOptions{HashMiB: 16}})
	sess.NewGame()
	g := engine.NewGame(engine.Xiangqi)
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

// fsfEngine is Fairy-Stockfish over UCI.
type fsfEngine struct {
	in  io.Writer
	out *bufio.Scanner
}

func startFSF(path string) (*fsfEngine, error) {
	cmd := exec.Command(path)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	outp, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	e := &fsfEngine{in: in, out: bufio.NewScanner(outp)}
	e.out.Buffer(make([]byte, 1<<20), 1<<20)
	fmt.Fprint(in, "uci\nsetoption name UCI_Variant value xiangqi\nsetoption name Threads value 1\nsetoption name Hash value 64\nisready\n")
	if !e.wait("readyok") {
		return nil, fmt.Errorf("fairy-stockfish did not start")
	}
	return e, nil
}

func (e *fsfEngine) wait(prefix string) bool {
	for e.out.Scan() {
		if strings.HasPrefix(e.out.Text(), prefix) {
			return true
		}
	}
	return false
}

var scoreRE = regexp.MustCompile(`score (cp|mate) (-?\d+)(?: (?:lowerbound|upperbound))?.* pv (\S+)`)

// analyse scores every position of g with nodes nodes a position: an Analysis in review's
// terms (scores from the side to move; the PV only the best move). Positions where the game
// is over take their result, as review.Analyze does.
func (e *fsfEngine) analyse(g engine.Game, nodes int64) (*review.Analysis, error) {
	fmt.Fprint(e.in, "ucinewgame\n")
	c := engine.NewGame(engine.Xiangqi)
	var moves []string
	ms := g.Moves()
	a := &review.Analysis{Variant: engine.Xiangqi, Nodes: nodes}
	for i := 0; i <= len(ms); i++ {
		ev, over := review.Terminal(c) // the game's end scored as review.Analyze scores it
		if !over {
			fmt.Fprintf(e.in, "position fen %s moves %s\ngo nodes %d\n", c.StartFEN(), strings.Join(moves, " "), nodes)
			var last []string
			for e.out.Scan() {
				l := e.out.Text()
				if m := scoreRE.FindStringSubmatch(l); m != nil {
					last = m
				}
				if strings.HasPrefix(l, "bestmove") {
					break
				}
			}
			if last == nil {
				return nil, fmt.Errorf("no score from fairy-stockfish at ply %d", i)
			}
			n, _ := strconv.Atoi(last[2])
			if last[1] == "cp" {
				ev.Score = n
			} else if n > 0 {
				ev.Score = gamesearch.Mate - (2*n - 1)
			} else {
				ev.Score = -(gamesearch.Mate - 2*(-n))
			}
			if m, err := c.ParseUCI(ourSquares(last[3])); err == nil {
				ev.PV = []engine.Move{m}
			}
		}
		a.Evals = append(a.Evals, ev)
		if i < len(ms) {
			m, _ := c.ParseUCI(ms[i])
			if err := c.Continue(m); err != nil {
				return nil, err
			}
			moves = append(moves, fsfSquares(ms[i]))
		}
	}
	return a, nil
}

var moveRE = regexp.MustCompile(`^([a-i])(\d+)([a-i])(\d+)$`)

// fsfSquares writes our move (ranks 0-9) in Fairy-Stockfish's coordinates (ranks 1-10);
// ourSquares does the reverse.
func fsfSquares(m string) string { return shift(m, 1) }
func ourSquares(m string) string { return shift(m, -1) }

func shift(m string, d int) string {
	p := moveRE.FindStringSubmatch(m)
	if p == nil {
		return m
	}
	a, _ := strconv.Atoi(p[2])
	b, _ := strconv.Atoi(p[4])
	return fmt.Sprintf("%s%d%s%d", p[1], a+d, p[3], b+d)
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
	k, kf     float64        // our k and FSF's (0: review.KXiangqi and matched)
	out       string         // when set, the file is written again there with the new analyses
	probe     int64          // when > 0, each blunder of one side only is searched again by ours at this budget
	fsfAgain  int64          // when > 0, "ours" is Fairy-Stockfish's analysis at this budget
	fsfPath   string         // Fairy-Stockfish binary, for fsfAgain
}

// probe searches the positions before and after ply i of g with a new searcher to nodes
// nodes and returns their scores from the side to move.
func probe(g engine.Game, i int, nodes int64) (before, after int) {
	c := engine.NewGame(engine.Xiangqi)
	ms := g.Moves()
	for j := 0; j < i; j++ {
		m, _ := c.ParseUCI(ms[j])
		_ = c.Continue(m)
	}
	score := func() int {
		if e, over := review.Terminal(c); over {
			return e.Score
		}
		s := engine.NewSearcher(engine.Xiangqi, engine.SearcherOptions{HashMiB: 64, Threads: 1})
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
	probeNodes := ro.probe
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	type rec struct {
		head     string // "1 seed 1 skills 7/13"
		g        engine.Game
		ours, fa *review.Analysis
	}
	var recs []rec
	var pairs [][2]int
	var analyst *fsfEngine // the second Fairy-Stockfish of -fsfagain, started at its first use
	parts := strings.Split(string(data), "# game ")
	for _, p := range parts[1:] {
		lines := strings.SplitN(p, "\n", 3)
		if len(lines) < 3 {
			continue
		}
		g, err := engine.ParseGame(engine.Xiangqi, lines[1])
		if err != nil {
			return err
		}
		body := lines[2]
		i, j := strings.Index(body, "# ours\n"), strings.Index(body, "# fsf\n")
		if i < 0 || j < 0 {
			continue
		}
		a, err := review.Parse([]byte(body[i+7:j]), g)
		if err != nil {
			return err
		}
		switch {
		case ro.fsfAgain > 0:
			if analyst == nil {
				if analyst, err = startFSF(ro.fsfPath); err != nil {
					return err
				}
			}
			if a, err = analyst.analyse(g, ro.fsfAgain); err != nil {
				return err
			}
		case ro.reanalyze:
			if a, err = review.Analyze(context.Background(), g, ro.opts); err != nil {
				return err
			}
		}
		fa, err := review.Parse([]byte(strings.TrimSpace(body[j+6:])+"\n"), g)
		if err != nil {
			return err
		}
		recs = append(recs, rec{lines[0], g, a, fa})
		for k := range a.Evals {
			if k < len(fa.Evals) && !a.Evals[k].Over && !gamesearch.IsMate(a.Evals[k].Score) && !gamesearch.IsMate(fa.Evals[k].Score) {
				pairs = append(pairs, [2]int{a.Evals[k].Score, fa.Evals[k].Score})
			}
		}
	}
	k := review.KXiangqi
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
			tf, _ := r.fa.MarshalText()
			fmt.Fprintf(f, "# game %s\n%s\n# ours\n%s# fsf\n%s\n", r.head, r.g.String(), ta, tf)
		}
		if err := f.Close(); err != nil {
			return err
		}
	}
	fmt.Printf("our k = %.6f; Fairy-Stockfish's k = %.6f\n", k, kf)
	for _, kt := range []float64{kf} {
		var t tally
		for n, r := range recs {
			ro, err := review.JudgeK(r.g, r.ours, "", k)
			if err != nil {
				return err
			}
			rf, err := review.JudgeK(r.g, r.fa, "", kt)
			if err != nil {
				return err
			}
			t.add(compare(ro, rf))
			for i := range ro.Moves {
				o, f := ro.Moves[i], rf.Moves[i]
				if o.Mark == review.Blunder || f.Mark == review.Blunder {
					fmt.Printf("  game %d ply %d %s: ours %s (%s -> %s, %.2f), FSF %s (%s -> %s, %.2f) %s\n", n+1, i, o.Text,
						o.Mark, review.ScoreText(o.Before), review.ScoreText(o.After), o.Drop, f.Mark,
						review.ScoreText(f.Before), review.ScoreText(f.After), f.Drop, o.Words)
					if probeNodes > 0 && (o.Mark == review.Blunder) != (f.Mark == review.Blunder) {
						b, a := probe(r.g, i, probeNodes)
						m, d := review.JudgeScores(b, -a, k)
						fmt.Printf("    ours at %d nodes: %s -> %s, %.2f, %s\n", probeNodes, review.ScoreText(b), review.ScoreText(-a), d, m)
					}
				}
			}
		}
		fmt.Printf("%d games, FSF judged with k = %.6f: %s\n", len(recs), kt, t)
	}
	return nil
}
