package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"time"

	"github.com/cotuong-ai/cotuong/examples/dev/internal/ucioption"
	"github.com/cotuong-ai/cotuong/examples/internal/uciclient"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run is the program: it reads the flags in args, prints the report on stdout and the
// per-game lines and problems on stderr, and returns the exit status (0 done, 1 the match
// ended by an error, 2 bad flags).
func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("match", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var (
		game        = fs.String("game", "xiangqi", "game: xiangqi or chess")
		eng1        = fs.String("engine1", "", "command of engine 1 (program and arguments)")
		eng2        = fs.String("engine2", "", "command of engine 2")
		name1       = fs.String("name1", "", "label of engine 1 (default: its id name)")
		name2       = fs.String("name2", "", "label of engine 2")
		ranks1      = fs.String("ranks1", "auto", "xiangqi ranks engine 1 writes: auto (Fairy-Stockfish, Sjaak II → 1-10), 0-9 or 1-10")
		ranks2      = fs.String("ranks2", "auto", "xiangqi ranks engine 2 writes: auto, 0-9 or 1-10")
		letters1    = fs.String("letters1", "auto", "FEN piece letters engine 1 reads, ours=its: e.g. N=H,B=E; auto (Sjaak II → N=H,B=E) or none")
		letters2    = fs.String("letters2", "auto", "FEN piece letters engine 2 reads: auto, none or pairs like N=H,B=E")
		movetime    = fs.Duration("movetime", 0, "time per move (e.g. 100ms); overrides -tc")
		nodes       = fs.Int64("nodes", 0, "nodes per move (\"go nodes N\"); overrides -movetime and -tc. Both engines are then deterministic: an opening gives 2 distinct games, so give -book with enough openings")
		tc          = fs.String("tc", "10s+100ms", "clock: base+increment, e.g. 10s+100ms (used when -movetime is 0)")
		margin      = fs.Duration("margin", time.Second, "grace past the allowed time before an engine is killed and loses")
		games       = fs.Int("games", 0, "games to play: an even number, as each opening is played twice with colours reversed (an odd number is refused); default: every opening twice")
		concurrency = fs.Int("concurrency", 1, "games played at once")
		bookFile    = fs.String("book", "", "file of openings, one per line (\"startpos moves ...\" or \"fen <FEN> moves ...\"); default: built-in book")
		out         = fs.String("out", "", "write the games here (PGN for chess, FEN + moves for xiangqi)")
		maxPlies    = fs.Int("maxplies", 0, "stop a game the rules have not ended after this many plies and score it as a draw (0 = no cap)")
		resignMoves = fs.Int("resign-moves", 0, "adjudicate a game as won once both engines reported -resign-score or more for that side on this many moves each (two-sided, as cutechess-cli's -resign); 0 = off")
		resignScore = fs.Int("resign-score", 1000, "centipawns both engines must agree one side is ahead by for -resign-moves")
		sprt        = fs.Bool("sprt", false, "stop early with an SPRT")
		sprtOn      = fs.Bool("sprt-continue", false, "with -sprt: report when the SPRT decides but play every game (-games), for a fixed-size figure as well")
		elo0        = fs.Float64("elo0", 0, "SPRT: Elo of H0")
		elo1        = fs.Float64("elo1", 10, "SPRT: Elo of H1")
		alpha       = fs.Float64("alpha", 0.05, "SPRT: false-positive rate")
		beta        = fs.Float64("beta", 0.05, "SPRT: false-negative rate")
		quiet       = fs.Bool("quiet", false, "no per-game lines on stderr")
	)
	var opt1, opt2 ucioption.List
	fs.Var(&opt1, "option1", "UCI option for engine 1, Name=Value (repeatable), e.g. \"Skill Level=3\"")
	fs.Var(&opt2, "option2", "UCI option for engine 2, Name=Value (repeatable)")
	fs.Usage = func() {
		fmt.Fprint(stderr, `Usage: match -engine1 COMMAND -engine2 COMMAND [flags]

Plays two UCI engines against each other at xiangqi or chess, each opening twice with colours
reversed, and prints W/D/L from engine 1's side, the Elo difference with its 95% interval and,
with -sprt, a sequential test. For example:

    go build -o /tmp/cotuong-uci ./examples/uci
    match -engine1 /tmp/cotuong-uci -engine2 /usr/games/fairy-stockfish -movetime 100ms -games 4

Flags:
`)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	fail := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "match: "+format+"\n", a...)
		return 2
	}
	if *eng1 == "" || *eng2 == "" {
		return fail("-engine1 and -engine2 are required")
	}
	if err := checkGames(*games); err != nil {
		return fail("-games %v", err)
	}
	if *resignMoves < 0 {
		return fail("-resign-moves %d: want a positive number of moves, or 0 for no adjudication", *resignMoves)
	}
	if *resignMoves > 0 && *resignScore <= 0 {
		return fail("-resign-score %d: want a positive number of centipawns", *resignScore)
	}
	cfg := Config{Game: *game, MoveTime: *movetime, Nodes: *nodes, Margin: *margin, Games: *games,
		Concurrency: *concurrency, Out: *out, MaxPlies: *maxPlies, Resign: Resign{Moves: *resignMoves, Score: *resignScore}}
	if !*quiet {
		cfg.Log = stderr
	}
	for i, spec := range []struct {
		cmd, name, ranks, letters string
		opts                      ucioption.List
	}{{*eng1, *name1, *ranks1, *letters1, opt1}, {*eng2, *name2, *ranks2, *letters2, opt2}} {
		prog, args, err := splitCommand(spec.cmd)
		if err != nil {
			return fail("engine%d: %v", i+1, err)
		}
		switch spec.ranks {
		case "auto", "0-9", "1-10":
		default:
			return fail("-ranks%d %q: want auto, 0-9 or 1-10", i+1, spec.ranks)
		}
		if spec.letters != "auto" {
			if _, err := uciclient.ParseLetters(spec.letters); err != nil {
				return fail("-letters%d: %v", i+1, err)
			}
		}
		cfg.Engines[i] = uciclient.Config{Command: prog, Args: args, Label: spec.name, Options: spec.opts,
			Ranks: spec.ranks, Letters: spec.letters}
	}
	if cfg.MoveTime <= 0 && cfg.Nodes <= 0 {
		base, inc, err := parseTC(*tc)
		if err != nil {
			return fail("-tc: %v", err)
		}
		cfg.Base, cfg.Inc = base, inc
	}
	if *bookFile != "" {
		data, err := os.ReadFile(*bookFile)
		if err != nil {
			return fail("-book: %v", err)
		}
		for _, l := range strings.Split(string(data), "\n") {
			if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
				cfg.Openings = append(cfg.Openings, l)
			}
		}
	}
	var test *SPRT
	if *sprt {
		if *alpha <= 0 || *alpha >= 1 || *beta <= 0 || *beta >= 1 || *elo1 == *elo0 {
			return fail("SPRT needs 0 < alpha, beta < 1 and elo0 != elo1")
		}
		test = &SPRT{Elo0: *elo0, Elo1: *elo1, Alpha: *alpha, Beta: *beta, Continue: *sprtOn}
		cfg.SPRT = test
	}
	ctx, cancel := signal.NotifyContext(context.Background(), os.Interrupt)
	defer cancel()
	sum, err := Run(ctx, cfg)
	if err != nil {
		if sum == nil {
			return fail("%v", err)
		}
		fmt.Fprintf(stderr, "match: %v\n", err)
	}
	sum.Report(stdout, test)
	if err != nil {
		return 1
	}
	return 0
}

// parseTC reads "base+inc" (Go durations, or plain seconds: "10+0.1").
func parseTC(s string) (base, inc time.Duration, err error) {
	b, i, _ := strings.Cut(s, "+")
	d := func(x string) (time.Duration, error) {
		x = strings.TrimSpace(x)
		if x == "" {
			return 0, nil
		}
		if v, err := time.ParseDuration(x); err == nil {
			return v, nil
		}
		var secs float64
		if _, err := fmt.Sscanf(x, "%g", &secs); err != nil {
			return 0, fmt.Errorf("%q is not a duration (e.g. 10s, 100ms or 10)", x)
		}
		return time.Duration(secs * float64(time.Second)), nil
	}
	if base, err = d(b); err != nil {
		return
	}
	if inc, err = d(i); err != nil {
		return
	}
	if base <= 0 {
		err = fmt.Errorf("base time %q must be positive", b)
	}
	return
}
