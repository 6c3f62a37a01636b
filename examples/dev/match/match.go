package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/cotuong-ai/cotuong/engine"
	"github.com/cotuong-ai/cotuong/examples/internal/uciclient"
)

// NodesTimeout is how long a move searched with "go nodes" may take before the engine is
// timed out.
const NodesTimeout = 10 * time.Second

// Config describes a match between two engines.
type Config struct {
	Game    string              // "xiangqi" or "chess"
	Engines [2]uciclient.Config // engine 1 and engine 2; results are from engine 1's view
	// MoveTime > 0 plays every move with "go movetime"; otherwise each side has a clock of
	// Base plus Inc per move ("go wtime btime winc binc").
	MoveTime time.Duration
	// Nodes > 0 plays every move with "go nodes Nodes" instead (a budget that does not
	// depend on the machine's load); an engine then loses on time only after NodesTimeout
	// plus Margin.
	Nodes     int64
	Base, Inc time.Duration
	// Margin is the grace past the allowed time before an engine is timed out (killed,
	// loses). It covers pipe and scheduling latency.
	Margin      time.Duration
	Games       int      // games to play: even (each opening twice, colours reversed); 0: every opening twice
	Openings    []string // "startpos moves ..." / "fen <FEN> moves ..."; nil = the built-in book
	Concurrency int      // games at once, each with its own pair of engine processes
	SPRT        *SPRT    // optional early stop
	// MaxPlies stops a game that the rules have not ended after this many plies and scores
	// it as unfinished (a draw, reported as such); 0 = no cap (the rules end every game).
	MaxPlies int
	// Resign, when its Moves is positive, adjudicates a game as won once both engines' own
	// reported scores have agreed for Resign.Moves moves each that one side is ahead by at
	// least Resign.Score centipawns (cutechess-cli's two-sided resign rule).
	Resign Resign
	Out    string    // file for the games: PGN (chess) or FEN + moves (xiangqi); "" = none
	Log    io.Writer // progress lines; nil = none
}

// Failure is an engine failure that lost a game.
type Failure struct {
	Engine int    // 0 = engine 1, 1 = engine 2
	Kind   string // one of the Fail* kinds
	Detail string
}

// GameResult is one finished game.
type GameResult struct {
	Index     int       // 0-based game number
	Opening   string    // the opening line
	Players   [2]string // labels of the first mover (White/Red) and the second
	Engine1Is int       // the side engine 1 played: 0 = first mover, 1 = second
	Winner    int       // side that won: 0, 1, or -1 for a draw
	Desc      string    // "Red wins by checkmate", "Black wins: Red engine timed out", ...
	Score1    float64   // points of engine 1: 1, 0.5 or 0
	Failure   *Failure  // the failure that decided the game, if any
	// Error is true when the game ended by an engine error rather than by the rules or the
	// clock (see Failure): it is not scored (not in W/D/L, Elo or the SPRT).
	Error      bool
	Unfinished bool // stopped by MaxPlies
	// Adjudicated is true when the Resign rule decided the game (Winner is set).
	Adjudicated bool
	StartFEN    string
	Moves       []string // UCI, ours, opening included
	Duration    time.Duration
}

// Summary is the outcome of a match.
type Summary struct {
	Labels   [2]string
	WDL      WDL // from engine 1's view
	Games    []GameResult
	Failures [2]map[string]int // per engine: failure kind → count
	Errors   [2]int            // per engine: games ended by its error, not scored
	SPRT     string            // "H0", "H1" or "" (undecided / not run)
	SPRTAt   int               // the number of games scored when the SPRT decided (0: undecided)
	LLR      float64
	Stopped  bool // stopped early by the SPRT or by the context
	// Distinct is the number of distinct games the match can hold at a fixed node budget
	// (2 per opening: both engines are deterministic, so a later game with the same opening
	// and colours replays an earlier one); 0 when the budget is a clock or a move time.
	Distinct int
}

type job struct {
	index   int
	opening string
}

// Run plays the match. It returns an error only for a bad configuration (unknown game, an
// opening that does not parse, an engine that cannot be started at all); engine failures
// during games lose those games and are counted in the summary.
func Run(ctx context.Context, cfg Config) (*Summary, error) {
	rl, err := rulesFor(cfg.Game)
	if err != nil {
		return nil, err
	}
	if cfg.MoveTime <= 0 && cfg.Base <= 0 && cfg.Nodes <= 0 {
		return nil, errors.New("set a node budget, a move time or a clock (base time)")
	}
	if cfg.Margin <= 0 {
		cfg.Margin = time.Second
	}
	openings := cfg.Openings
	if len(openings) == 0 {
		openings = rl.Book
	}
	for i, o := range openings {
		if _, err := rl.Open(o); err != nil {
			return nil, fmt.Errorf("opening %d %q: %w", i+1, o, err)
		}
	}
	if cfg.Games == 0 {
		cfg.Games = 2 * len(openings)
	}
	if err := checkGames(cfg.Games); err != nil {
		return nil, fmt.Errorf("games %w", err)
	}
	if cfg.Concurrency <= 0 {
		cfg.Concurrency = 1
	}
	logf := func(format string, a ...any) {
		if cfg.Log != nil {
			fmt.Fprintf(cfg.Log, format+"\n", a...)
		}
	}

	// Start each engine once to check the command and learn its name.
	var sum Summary
	if cfg.Nodes > 0 {
		sum.Distinct = 2 * len(openings)
		if cfg.Games > sum.Distinct {
			logf("note: at a fixed node budget the games after the first %d replay earlier ones (%d openings); give -book with more openings", sum.Distinct, len(openings))
		}
	}
	for i := range cfg.Engines {
		e, err := uciclient.Start(cfg.Engines[i], cfg.Game)
		if err != nil {
			if uciclient.Kind(err) == uciclient.FailStart {
				return nil, fmt.Errorf("engine %d (%s): %w", i+1, cfg.Engines[i].Command, err)
			}
			// It started but failed the handshake: play on, it will lose its games.
			logf("engine %d (%s) failed its handshake: %v", i+1, cfg.Engines[i].Command, err)
			if cfg.Engines[i].Label == "" {
				cfg.Engines[i].Label = cfg.Engines[i].Command
			}
		} else {
			if cfg.Engines[i].Label == "" {
				cfg.Engines[i].Label = e.Name
			}
			e.Quit()
		}
		sum.Labels[i] = cfg.Engines[i].Label
		sum.Failures[i] = map[string]int{}
	}
	if sum.Labels[0] == sum.Labels[1] {
		sum.Labels[0] += " #1"
		sum.Labels[1] += " #2"
		cfg.Engines[0].Label, cfg.Engines[1].Label = sum.Labels[0], sum.Labels[1]
	}

	jobs := make(chan job)
	results := make(chan GameResult)
	var stop atomic.Bool
	go func() {
		defer close(jobs)
		for i := 0; i < cfg.Games; i++ {
			if stop.Load() || ctx.Err() != nil {
				return
			}
			select {
			case jobs <- job{index: i, opening: openings[(i/2)%len(openings)]}:
			case <-ctx.Done():
				return
			}
		}
	}()
	var wg sync.WaitGroup
	for w := 0; w < cfg.Concurrency; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			wk := &worker{cfg: &cfg, rules: rl}
			defer wk.close()
			for j := range jobs {
				r, ok := wk.play(ctx, j)
				if ok {
					results <- r
				}
			}
		}()
	}
	go func() { wg.Wait(); close(results) }()

	for r := range results {
		sum.Games = append(sum.Games, r)
		switch {
		case r.Error:
			sum.Errors[r.Failure.Engine]++
		case r.Score1 == 1:
			sum.WDL.W++
		case r.Score1 == 0:
			sum.WDL.L++
		default:
			sum.WDL.D++
		}
		if r.Failure != nil {
			sum.Failures[r.Failure.Engine][r.Failure.Kind]++
		}
		line := fmt.Sprintf("game %d/%d: %s (%s) v %s (%s): %s, %d plies, %.1fs | %s: +%d =%d -%d",
			r.Index+1, cfg.Games, r.Players[0], rl.Colors[0], r.Players[1], rl.Colors[1],
			r.Desc, len(r.Moves), r.Duration.Seconds(), sum.Labels[0], sum.WDL.W, sum.WDL.D, sum.WDL.L)
		if cfg.SPRT != nil {
			sum.LLR = cfg.SPRT.LLR(sum.WDL)
			lo, hi := cfg.SPRT.Bounds()
			line += fmt.Sprintf(" LLR %.2f [%.2f, %.2f]", sum.LLR, lo, hi)
			if d := cfg.SPRT.Decide(sum.WDL); d != "" && sum.SPRT == "" {
				sum.SPRT, sum.SPRTAt, sum.Stopped = d, sum.WDL.N(), !cfg.SPRT.Continue
				how := ", playing on"
				if sum.Stopped {
					stop.Store(true)
					how = ", stopping"
				}
				line += " → SPRT accepts " + d + how
			}
		}
		logf("%s", line)
	}
	if ctx.Err() != nil {
		sum.Stopped = true
	}
	sort.Slice(sum.Games, func(i, j int) bool { return sum.Games[i].Index < sum.Games[j].Index })
	if cfg.Out != "" {
		if err := writeGames(cfg.Out, rl, &sum); err != nil {
			return &sum, err
		}
	}
	return &sum, nil
}

// worker plays games one after another with its own pair of engine processes, restarting an
// engine that died or was killed.
type worker struct {
	cfg     *Config
	rules   *rules
	engines [2]*uciclient.Engine
}

func (w *worker) close() {
	for _, e := range w.engines {
		if e != nil {
			e.Quit()
		}
	}
}

// engine returns a live engine i, starting it if needed.
func (w *worker) engine(i int) (*uciclient.Engine, error) {
	if e := w.engines[i]; e != nil && e.Alive() {
		return e, nil
	}
	w.engines[i] = nil
	e, err := uciclient.Start(w.cfg.Engines[i], w.cfg.Game)
	if err != nil {
		return nil, err
	}
	w.engines[i] = e
	return e, nil
}

// play plays one game. ok is false when the context ended it (the game is not scored).
func (w *worker) play(ctx context.Context, j job) (GameResult, bool) {
	cfg := w.cfg
	started := time.Now()
	rec, _ := w.rules.Open(j.opening) // checked in Run
	r := GameResult{Index: j.index, Opening: j.opening, Engine1Is: j.index % 2, Winner: -1}
	var sideEngine [2]int // engine index playing each side
	sideEngine[r.Engine1Is] = 0
	sideEngine[1-r.Engine1Is] = 1
	for s := 0; s < 2; s++ {
		r.Players[s] = cfg.Engines[sideEngine[s]].Label
	}
	finish := func() (GameResult, bool) {
		r.StartFEN = rec.StartFEN()
		r.Moves = rec.Moves()
		r.Duration = time.Since(started)
		switch {
		case r.Winner == -1:
			r.Score1 = 0.5
		case r.Winner == r.Engine1Is:
			r.Score1 = 1
		default:
			r.Score1 = 0
		}
		return r, true
	}
	lose := func(side int, err error) (GameResult, bool) {
		ei := sideEngine[side]
		kind := uciclient.Kind(err)
		detail := err.Error()
		var ee *uciclient.Error
		if errors.As(err, &ee) {
			detail = ee.Detail
		}
		said := ""
		if e := w.engines[ei]; e != nil {
			if said = e.Said(); said != "" {
				detail += "; " + said
				said = "; " + said
			}
		}
		r.Failure = &Failure{Engine: ei, Kind: kind, Detail: detail}
		r.Winner = 1 - side
		// A loss on the clock is a result; any other failure (a crash, silence at a fixed
		// time or node budget, an illegal or missing move) is an error of the engine: the
		// game is not scored.
		r.Error = kind != uciclient.FailTime && !(kind == uciclient.FailTimeout && cfg.MoveTime <= 0 && cfg.Nodes <= 0)
		if r.Error {
			r.Desc = fmt.Sprintf("not scored: error of %s (%s) at ply %d, as %s%s", cfg.Engines[ei].Label,
				err, rec.Len()+1, w.rules.Colors[side], said)
		} else {
			r.Desc = fmt.Sprintf("%s wins: %s's engine %s (%s) at ply %d%s", w.rules.Colors[1-side], w.rules.Colors[side],
				cfg.Engines[ei].Label, err, rec.Len()+1, said)
		}
		if kind == uciclient.FailTimeout || kind == uciclient.FailCrash || kind == uciclient.FailTime {
			if e := w.engines[ei]; e != nil {
				e.Kill()
			}
		}
		return finish()
	}
	for s := 0; s < 2; s++ {
		e, err := w.engine(sideEngine[s])
		if err == nil {
			err = e.NewGame()
		}
		if err != nil {
			return lose(s, err)
		}
	}
	left := [2]time.Duration{cfg.Base, cfg.Base}
	resign := resignTracker{rule: cfg.Resign}
	for {
		if over, winner, desc := outcome(rec); over {
			r.Winner, r.Desc = winner, desc
			return finish()
		}
		if cfg.MaxPlies > 0 && rec.Len() >= cfg.MaxPlies {
			r.Unfinished = true
			r.Desc = fmt.Sprintf("unfinished after %d plies (runner's cap, scored as a draw)", rec.Len())
			return finish()
		}
		side := int(rec.SideToMove())
		e, err := w.engine(sideEngine[side])
		if err != nil {
			return lose(side, err)
		}
		var goCmd string
		var deadline time.Time
		now := time.Now()
		if cfg.Nodes > 0 {
			goCmd = fmt.Sprintf("go nodes %d", cfg.Nodes)
			deadline = now.Add(NodesTimeout + cfg.Margin)
		} else if cfg.MoveTime > 0 {
			goCmd = fmt.Sprintf("go movetime %d", cfg.MoveTime.Milliseconds())
			deadline = now.Add(cfg.MoveTime + cfg.Margin)
		} else {
			goCmd = fmt.Sprintf("go wtime %d btime %d winc %d binc %d", left[0].Milliseconds(),
				left[1].Milliseconds(), cfg.Inc.Milliseconds(), cfg.Inc.Milliseconds())
			deadline = now.Add(left[side] + cfg.Margin)
		}
		mv, info, err := e.Go(ctx, rec.StartFEN(), rec.Moves(), goCmd, deadline)
		elapsed := time.Since(now)
		if ctx.Err() != nil {
			return r, false
		}
		if err != nil {
			return lose(side, err)
		}
		if cfg.MoveTime <= 0 && cfg.Nodes <= 0 {
			if elapsed > left[side]+cfg.Margin {
				return lose(side, &uciclient.Error{Kind: uciclient.FailTime, Detail: fmt.Sprintf("used %v with %v left", elapsed.Round(time.Millisecond), left[side])})
			}
			left[side] -= elapsed
			if left[side] < 0 {
				left[side] = 0
			}
			left[side] += cfg.Inc
		}
		if mv == "" {
			return lose(side, &uciclient.Error{Kind: uciclient.FailNoMove, Detail: "bestmove (none) in a position with legal moves"})
		}
		if err := pushUCI(rec, mv); err != nil {
			return lose(side, &uciclient.Error{Kind: uciclient.FailIllegal, Detail: "bestmove " + mv + ": " + err.Error()})
		}
		if won := resign.record(side, info.Score); won >= 0 {
			if over, winner, desc := outcome(rec); over { // the rules had the last word
				r.Winner, r.Desc = winner, desc
				return finish()
			}
			r.Winner = won
			r.Adjudicated = true
			r.Desc = fmt.Sprintf("%s wins by adjudication: both engines scored it %+d cp or more for %d moves each",
				w.rules.Colors[won], cfg.Resign.Score, cfg.Resign.Moves)
			return finish()
		}
	}
}

// Report writes the match summary: W/D/L, score, Elo with its 95% interval, the SPRT state
// and every engine failure.
func (s *Summary) Report(w io.Writer, sprt *SPRT) {
	n := s.WDL.N()
	fmt.Fprintf(w, "%s v %s: %d games scored\n", s.Labels[0], s.Labels[1], n)
	for i, c := range s.Errors {
		if c > 0 {
			fmt.Fprintf(w, "  ERROR: %d game(s) not scored, ended by an error of %s (see below)\n", c, s.Labels[i])
		}
	}
	fmt.Fprintf(w, "  W/D/L %d/%d/%d (from %s's side), score %.1f/%d = %.1f%%\n",
		s.WDL.W, s.WDL.D, s.WDL.L, s.Labels[0], s.WDL.Score()*float64(n), n, 100*s.WDL.Score())
	fmt.Fprintf(w, "  Elo difference (95%%): %s\n", s.WDL.EloString())
	if s.Distinct > 0 && len(s.Games) > s.Distinct {
		fmt.Fprintf(w, "  NOTE: at a fixed node budget only %d of these %d games are distinct (2 per opening; "+
			"both engines are deterministic): the interval counts the replays as new games; give -book with more openings\n",
			s.Distinct, len(s.Games))
	}
	if sprt != nil {
		lo, hi := sprt.Bounds()
		dec := s.SPRT
		if dec == "" {
			dec = "undecided"
		} else if sprt.Continue {
			dec += fmt.Sprintf(" (decided after %d games; the LLR is that of all games)", s.SPRTAt)
		}
		fmt.Fprintf(w, "  SPRT elo0=%g elo1=%g alpha=%g beta=%g: LLR %.2f [%.2f, %.2f] → %s\n",
			sprt.Elo0, sprt.Elo1, sprt.Alpha, sprt.Beta, s.LLR, lo, hi, dec)
	}
	for i := range s.Failures {
		if len(s.Failures[i]) == 0 {
			continue
		}
		var kinds []string
		for k, c := range s.Failures[i] {
			kinds = append(kinds, fmt.Sprintf("%s ×%d", k, c))
		}
		sort.Strings(kinds)
		fmt.Fprintf(w, "  failures of %s: %s\n", s.Labels[i], strings.Join(kinds, ", "))
	}
	for _, g := range s.Games {
		if g.Failure != nil {
			fmt.Fprintf(w, "  game %d: %s\n", g.Index+1, g.Desc)
		}
	}
	if s.Stopped {
		fmt.Fprintf(w, "  stopped early\n")
	}
}

// writeGames writes every game to path: PGN for chess, "fen <FEN> moves ..." lines with
// comment headers for xiangqi.
func writeGames(path string, rl *rules, s *Summary) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	for _, g := range s.Games {
		if rl.Variant == engine.Chess {
			err = writePGN(f, g)
		} else {
			err = writeXiangqi(f, g)
		}
		if err != nil {
			f.Close()
			return err
		}
	}
	return f.Close()
}

// resultToken is the game's result as PGN writes it (PGN standard, 8.1.1.7): "1-0", "0-1",
// "1/2-1/2", or "*" (result unknown) for a game ended by an engine error, which is not scored.
func resultToken(g GameResult) string {
	if g.Error {
		return "*"
	}
	switch g.Winner {
	case 0:
		return "1-0"
	case 1:
		return "0-1"
	}
	return "1/2-1/2"
}

func writeXiangqi(w io.Writer, g GameResult) error {
	moves := ""
	if len(g.Moves) > 0 {
		moves = " moves " + strings.Join(g.Moves, " ")
	}
	_, err := fmt.Fprintf(w, "# Game %d\n# Red: %s\n# Black: %s\n# Opening: %s\n# Result: %s %s\nfen %s%s\n\n",
		g.Index+1, g.Players[0], g.Players[1], g.Opening, resultToken(g), g.Desc, g.StartFEN, moves)
	return err
}

// checkGames accepts a number of games to play: 0 (every opening twice) or a positive even
// number, since each opening is played twice with colours reversed and an odd number would
// play its last opening from one side only. Its error starts with the number, for the caller
// to name the flag or field.
func checkGames(n int) error {
	switch {
	case n < 0:
		return fmt.Errorf("%d: want a positive even number (or 0: every opening twice)", n)
	case n == 1:
		return fmt.Errorf("1 is odd: each opening is played twice with colours reversed; ask for 2")
	case n%2 == 1:
		return fmt.Errorf("%d is odd: each opening is played twice with colours reversed; ask for %d or %d", n, n-1, n+1)
	}
	return nil
}
