// Command datagen plays self-play games of xiangqi (the default) or chess (-game chess) at a
// small fixed node budget and writes quiet positions with the search's score and the game's
// result, in package nnue's sample text format, for the NNUE trainer (examples/dev/nnuetrain):
//
//	<FEN> | <score, centipawns, side to move> | <result, side to move: 1, 0.5 or 0>
//
// Each game starts with a few random plies (their number and the moves drawn from the seed
// pair (-seed, game index), so a game is reproducible from its comment line; 3 to 8 by
// default), then both
// sides search -nodes nodes a move with the classical evaluation (or the network of -net).
// A position is kept when its side to move is not in check, the searched best move is not a
// capture (nor, in chess, a promotion), the score is not a mate score, and its Zobrist key
// was not kept before in this run. A game ends by the rules (xiangqi.Game.Result: mate,
// perpetual check and chase, repetition, the move limit, material; chess.Game.Result: mate,
// stalemate, insufficient material, the fifty-move rule, threefold repetition), or by
// adjudication: a win when both
// sides' scores have agreed for -resign-plies plies that one side is at least -resign
// centipawns ahead; a draw after -draw-plies plies in a row within ±-draw-score centipawns
// once -draw-after plies were played, or at -max-plies.
//
// Before each game's positions the output holds a comment line (ignored by the reader):
//
//	# game <i> seed <seed>,<i> random <k> result <1-0|0-1|1/2-1/2> by <reason> plies <n> kept <m>
//
// With -game chess the header line ends with " game chess"; -net is then a chess network
// (chess.LoadNNUE). Xiangqi's output, flags and defaults are those of the xiangqi-only tool.
//
// Usage:
//
//	nice go run ./examples/dev/datagen -games 200 -nodes 5000 -seed 1 -out data.txt -concurrency 1
//	nice go run ./examples/dev/datagen -game chess -games 200 -nodes 5000 -seed 1 -out chess.txt
//
// -depth caps each move's search at that many plies as well (a cheaper, more even label
// than a node budget alone).
//
// The output file is appended to, and a run resumes one that stopped: the games of -seed
// already written whole in the file are skipped (so the same command, run again, plays only
// the games still missing), no position already in the file is kept again (of any seed), and
// a last game written only in part is cut off and played again. Runs with different seeds
// may share one file.
//
// -time stops starting new games after a duration (the games under way finish), for a run
// of a given length; progress goes to standard error every 10 s.
//
// With -concurrency above 1, games run in parallel; each game is still reproducible, but the
// order of the games in the file and which duplicate is kept depend on timing.
package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/cotuong-ai/cotuong/examples/dev/internal/nnuegame"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/cotuong-ai/cotuong/gamesearch"
	"github.com/cotuong-ai/cotuong/nnue"
)

// config is the command line.
type config struct {
	Game        string // "xiangqi" or "chess" (nnuegame.Names)
	Games       int
	Nodes       int64
	Depth       int // iterative-deepening depth cap per move, plies; 0 = none
	Seed        uint64
	Out         string
	Concurrency int
	RandomMin   int // random opening plies, at least
	RandomMax   int // and at most
	MaxPlies    int
	Resign      int // centipawns
	ResignPlies int
	DrawScore   int // centipawns
	DrawPlies   int
	DrawAfter   int
	HashMiB     int
	Net         string // weight file for the search's evaluation; "" = classical
	Time        time.Duration
}

func main() {
	var c config
	flag.StringVar(&c.Game, "game", "xiangqi", "the game: "+strings.Join(nnuegame.Names, " or "))
	flag.IntVar(&c.Games, "games", 100, "games to play")
	flag.Int64Var(&c.Nodes, "nodes", 5000, "search nodes per move")
	flag.IntVar(&c.Depth, "depth", 0, "search depth cap per move, plies, on top of -nodes (0: none)")
	flag.Uint64Var(&c.Seed, "seed", 1, "seed: game i draws its opening from (seed, i)")
	flag.StringVar(&c.Out, "out", "-", "output file (- for standard output); appended to")
	flag.IntVar(&c.Concurrency, "concurrency", 1, "games played at once")
	flag.IntVar(&c.RandomMin, "random-min", 3, "random opening plies, at least")
	flag.IntVar(&c.RandomMax, "random-max", 8, "random opening plies, at most")
	flag.IntVar(&c.MaxPlies, "max-plies", 400, "a game is drawn after this many plies")
	flag.IntVar(&c.Resign, "resign", 1000, "adjudicate a win once both sides agree on a lead this large (cp)")
	flag.IntVar(&c.ResignPlies, "resign-plies", 6, "plies in a row the lead must be agreed")
	flag.IntVar(&c.DrawScore, "draw-score", 15, "adjudicate a draw when scores stay within ± this (cp)")
	flag.IntVar(&c.DrawPlies, "draw-plies", 24, "plies in a row within the draw score")
	flag.IntVar(&c.DrawAfter, "draw-after", 80, "no draw adjudication before this ply")
	flag.IntVar(&c.HashMiB, "hash", 16, "transposition table per game, MiB")
	flag.StringVar(&c.Net, "net", "", "NNUE weight file for the search (default: classical evaluation)")
	flag.DurationVar(&c.Time, "time", 0, "start no new game after this long (0: play every game)")
	flag.Parse()
	if err := run(c, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "datagen:", err)
		os.Exit(1)
	}
}

func run(c config, log io.Writer) error {
	if c.Games < 0 || c.Nodes < 1 || c.Depth < 0 || c.Concurrency < 1 || c.RandomMin < 0 || c.RandomMax < c.RandomMin || c.MaxPlies < 1 {
		return errors.New("need -games ≥ 0, -nodes ≥ 1, -depth ≥ 0, -concurrency ≥ 1, 0 ≤ -random-min ≤ -random-max, -max-plies ≥ 1")
	}
	switch c.Game {
	case "xiangqi":
		return runGame(c, log, nnuegame.Xiangqi(xiangqi.NNUEFeatures{}))
	case "chess":
		return runGame(c, log, nnuegame.Chess())
	}
	return nnuegame.Unknown(c.Game)
}

// runGame plays c.Games games of gm and writes their samples.
func runGame[P any, PP nnuegame.Position[P, M], M gamesearch.RecordMove](c config, log io.Writer, gm nnuegame.Game[P, PP, M]) error {
	var neural gamesearch.Neural[P, M]
	if c.Net != "" {
		var err error
		if neural, err = gm.LoadNeural(c.Net); err != nil {
			return err
		}
	}
	var w io.Writer = os.Stdout
	st := resumeState{done: map[int]bool{}, seen: map[uint64]struct{}{}}
	if c.Out != "-" {
		var err error
		st, err = resume(c.Out, c.Seed, func(fen string) (uint64, error) {
			p, err := gm.Parse(fen)
			return PP(&p).Hash(), err
		})
		if err != nil {
			return err
		}
		if st.games > 0 || st.cut > 0 {
			fmt.Fprintf(log, "datagen: %s holds %d games (%d positions), %d of them of seed %d, skipped; %d bytes of an unfinished game cut off\n",
				c.Out, st.games, st.samples, len(st.done), c.Seed, st.cut)
		}
		f, err := os.OpenFile(c.Out, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
		if err != nil {
			return err
		}
		defer f.Close()
		w = f
	}
	bw := bufio.NewWriter(w)
	g := &generator{cfg: c, out: bw, seen: st.seen, start: time.Now(), log: log}
	fmt.Fprintf(bw, "# datagen games %d nodes %d seed %d random %d-%d net %q", c.Games, c.Nodes, c.Seed, c.RandomMin, c.RandomMax, c.Net)
	if c.Depth > 0 {
		fmt.Fprintf(bw, " depth %d", c.Depth)
	}
	if gm.Name != "xiangqi" {
		fmt.Fprintf(bw, " game %s", gm.Name)
	}
	fmt.Fprintln(bw)
	next := make(chan int)
	var wg sync.WaitGroup
	for range c.Concurrency {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := gamesearch.New[P, PP, M](gamesearch.Options[M]{HashMiB: c.HashMiB})
			if neural != nil {
				s.SetNeural(neural)
			}
			for i := range next {
				g.finish(playGame(gm, s, c, i, g.isNew))
			}
		}()
	}
	for i := range c.Games {
		if st.done[i] {
			continue
		}
		if c.Time > 0 && time.Since(g.start) >= c.Time {
			break
		}
		next <- i
	}
	close(next)
	wg.Wait()
	g.report(true)
	if g.err != nil {
		return g.err
	}
	return bw.Flush()
}

// generator collects the games' positions and writes them.
type generator struct {
	cfg   config
	mu    sync.Mutex
	out   *bufio.Writer
	err   error
	seen  map[uint64]struct{}
	games int
	kept  int
	plies int
	start time.Time
	last  time.Time
	log   io.Writer
}

// isNew reports whether the key h was not kept before, and marks it kept.
func (g *generator) isNew(h uint64) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	if _, ok := g.seen[h]; ok {
		return false
	}
	g.seen[h] = struct{}{}
	return true
}

// finish writes one game.
func (g *generator) finish(r gameRecord) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.games++
	g.plies += r.plies
	if g.err != nil {
		return
	}
	res := [...]string{"1/2-1/2", "1-0", "0-1"}[r.winner+1]
	if _, err := fmt.Fprintf(g.out, "# game %d seed %d,%d random %d result %s by %s plies %d kept %d\n",
		r.index, g.cfg.Seed, r.index, r.random, res, r.reason, r.plies, len(r.samples)); err != nil {
		g.err = err
		return
	}
	for _, s := range r.samples {
		result := 0.5
		switch {
		case r.winner >= 0 && s.side == r.winner:
			result = 1
		case r.winner >= 0:
			result = 0
		}
		if err := nnue.WriteSample(g.out, nnue.Sample{Position: s.fen, Score: s.score, Result: result}); err != nil {
			g.err = err
			return
		}
	}
	g.kept += len(r.samples)
	g.report(false)
}

// report logs the progress every 10 s (and at the end).
func (g *generator) report(final bool) {
	if !final && time.Since(g.last) < 10*time.Second {
		return
	}
	g.last = time.Now()
	el := time.Since(g.start)
	fmt.Fprintf(g.log, "datagen: %d games, %d plies, %d positions kept in %s: %.0f positions/min, %.0f plies/min\n",
		g.games, g.plies, g.kept, el.Round(time.Second), float64(g.kept)/el.Minutes(), float64(g.plies)/el.Minutes())
}

// sample is one kept position before the game's result is known.
type sample struct {
	fen   string
	score int
	side  int // 0 the first player, 1 the second
}

// gameRecord is one finished game.
type gameRecord struct {
	index, random, plies int
	winner               int // -1 draw, 0 the first player (Red, White), 1 the second
	reason               string
	samples              []sample
}

// playGame plays game index of gm with s: random opening plies, then searches of c.Nodes
// nodes, keeping the quiet positions whose key isNew accepts.
func playGame[P any, PP nnuegame.Position[P, M], M gamesearch.RecordMove](gm nnuegame.Game[P, PP, M],
	s *gamesearch.Searcher[P, PP, M], c config, index int, isNew func(uint64) bool) gameRecord {
	rng := rand.New(rand.NewPCG(c.Seed, uint64(index)))
	s.Clear()
	g, outcome := gm.NewGame()
	rec := gameRecord{index: index, winner: -1}
	rec.random = c.RandomMin + rng.IntN(c.RandomMax-c.RandomMin+1)
	var buf []M
	for range rec.random {
		if outcome().Over {
			break
		}
		pos := g.Position()
		buf = PP(&pos).LegalMoves(buf[:0])
		if err := g.Push(buf[rng.IntN(len(buf))]); err != nil {
			break
		}
	}
	ahead, quiet := 0, 0 // plies in a row with a decisive (signed: + first player) or a quiet score
	ctx := context.Background()
	for {
		if o := outcome(); o.Over {
			rec.winner, rec.reason = o.Winner, o.Reason
			break
		}
		if g.Len() >= c.MaxPlies {
			rec.reason = "ply cap"
			break
		}
		pos := g.Position()
		p := PP(&pos)
		res := s.Search(ctx, pos, g.History(), gamesearch.Limits{Nodes: c.Nodes, Depth: c.Depth})
		if !res.HasMove {
			rec.reason = "no move"
			break
		}
		score := res.Score
		if _, noisy := p.CaptureKey(res.Move); !p.InCheck() && !noisy && !gamesearch.IsMate(score) && isNew(p.Hash()) {
			rec.samples = append(rec.samples, sample{fen: p.FEN(), score: score, side: gm.SideToMove(p)})
		}
		first := score // the score from the first player's side
		if gm.SideToMove(p) == 1 {
			first = -score
		}
		switch {
		case first >= c.Resign:
			ahead = max(ahead, 0) + 1
		case first <= -c.Resign:
			ahead = min(ahead, 0) - 1
		default:
			ahead = 0
		}
		if abs(score) <= c.DrawScore {
			quiet++
		} else {
			quiet = 0
		}
		if err := g.Push(res.Move); err != nil {
			rec.reason = "illegal move " + res.Move.UCI()
			break
		}
		if ahead >= c.ResignPlies || ahead <= -c.ResignPlies {
			rec.winner = 0
			if ahead < 0 {
				rec.winner = 1
			}
			rec.reason = "adjudicated win"
			break
		}
		if g.Len() >= c.DrawAfter && quiet >= c.DrawPlies {
			rec.reason = "adjudicated draw"
			break
		}
	}
	rec.plies = g.Len()
	return rec
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
