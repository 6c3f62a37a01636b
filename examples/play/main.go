// Command play is a terminal game of xiangqi (cờ tướng) or chess against the computer.
//
//	go run ./examples/play                      # xiangqi, you are Red, Novice level
//	go run ./examples/play -game chess -side black -level "club player"
//	go run ./examples/play -labels vietnamese -color=false
//
// Type moves in coordinates (h2e2; xiangqi ranks 0-9 from Red's side) or in the game's
// notation (WXF such as C2=5 or C2.5, or Chinese such as 炮二平五, for xiangqi; SAN such as
// Nf3 for chess). With -labels vietnamese, xiangqi moves are read in Vietnamese notation
// (P2-5, M8.7) instead of WXF: the two clash (P is the cannon in Vietnamese, the soldier in
// WXF), so only the notation on the board is read. Colours are on when standard output is a
// terminal and NO_COLOR (https://no-color.org) is unset or empty; -color=true or -color=false
// decides instead. Scores are from Red's (White's) side: "score +0.84 for Red". Commands:
// help, undo, new, level [1-8|NAME] (the levels ladder: Beginner .. Master, each with its
// rating; a name may be shortened to a start only one level has, such as inter or strong),
// flip, save FILE, load FILE [N] (a save file, or game N of a PGN file in any notation the
// game reads), pgn [FILE] (the game as PGN, annotated when reviewed), resume, hint, fen,
// moves, board, quit. The program also works with piped input and ends at its end.
//
// new, load FILE, quit, Ctrl-C and the end of the input keep an unfinished game in the
// autosave file (-autosave; by default unfinished-xiangqi.txt or unfinished-chess.txt in the
// user's configuration folder, ~/.config/cotuong on Linux); resume, or load without a file
// name, goes on with it and keeps the game in progress in its place (resume again swaps them
// back). A different game the file held is moved aside to unfinished-xiangqi-2.txt (-3, ...)
// and named, so no game is lost. Messages are wrapped to 80 columns. The level set with the level command is remembered for the next run in
// play-settings.txt beside the autosave file; -level, when given, wins for that run. A
// settings file that cannot be read is named, and the game starts at the default level.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/cotuong-ai/cotuong/engine"
	"github.com/cotuong-ai/cotuong/games/chess"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/cotuong-ai/cotuong/internal/board"
	"github.com/cotuong-ai/cotuong/levels"
)

func main() {
	// Ctrl-C (SIGINT) and SIGTERM end the game cleanly: an unfinished game is kept, as quit
	// keeps it.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := runContext(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// session is one terminal game.
type session struct {
	autosave    string   // where new, load and quit keep an unfinished game ("" = nowhere)
	settings    string   // the settings file, beside the autosave ("" = none)
	settingsBad bool     // the settings file could not be read: it is set aside before it is written
	notes       []string // said after the greeting (a settings file that could not be read)
	out         io.Writer
	variant     engine.Variant
	game        engine.Game
	person      engine.Side
	level       levels.Level
	noise       levels.Noise  // the level's per-game noise, drawn anew for each game
	rng         *rand.Rand    // the level's draws among its lines
	moveTime    time.Duration // overrides the level's time (search and pause) when > 0
	style       board.Style
	flip        bool // the person flipped the board
	engine      engine.Searcher
	reviewed    reviewed        // the last review, for pgn's annotations
	ctx         context.Context // done on Ctrl-C: searches stop and the game is kept as it is (nil: never)
	details     bool            // print the search's line ([depth, score, nodes, time]) after a computer move and a hint
	analysed    *analysed       // the last analysis and review, kept for learn while the game is the same
	learning    *learning       // learn from your mistakes under way (nil: not)
}

// context returns the session's context (see session.ctx).
func (s *session) context() context.Context {
	if s.ctx == nil {
		return context.Background()
	}
	return s.ctx
}

// run plays one game with the command-line args, reading in and writing out (errOut gets
// the flag problems); it returns the exit code.
func run(args []string, in io.Reader, out, errOut io.Writer) int {
	return runContext(context.Background(), args, in, out, errOut)
}

// runContext is run that also ends, as quit does, when ctx is done (Ctrl-C).
func runContext(ctx context.Context, args []string, in io.Reader, out, errOut io.Writer) int {
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	fs.SetOutput(errOut)
	gameFlag := fs.String("game", "xiangqi", "the game: xiangqi or chess")
	sideFlag := fs.String("side", "first", "your side: red/white/first or black/second")
	levelFlag := fs.String("level", strings.ToLower(levels.Default.Name), "computer level: 1 (weakest) to 8 or a name: "+levels.Names())
	labelsFlag := fs.String("labels", "chinese", "xiangqi pieces as chinese, vietnamese or letters (chess: letters or symbols)")
	colorFlag := fs.Bool("color", false, "draw with ANSI colours; when the flag is not given, colours are on\nwhen standard output is a terminal and NO_COLOR is not set")
	autosave := fs.String("autosave", "auto", "file where new, load and quit keep an unfinished game (\"\" = none; auto = unfinished-GAME.txt\nin the user's configuration folder, one file per game)")
	details := fs.Bool("details", false, "print the search's line ([depth, score, nodes, time]) after the computer's moves and hints (the details command toggles it)")
	moveTime := fs.Duration("movetime", 0, "computer's time per move (its search and its pause), overriding the level's (e.g. 50ms)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0 // -h asked for the usage: not an error
		}
		return 2
	}
	usage := func(format string, a ...any) int {
		fmt.Fprintf(errOut, "play: "+format+"\n", a...)
		fmt.Fprintln(errOut, "Run play -h for the flags.")
		return 2
	}
	if fs.NArg() > 0 {
		return usage("unexpected argument %q (everything is set with flags, e.g. -game chess)", fs.Arg(0))
	}
	if *moveTime < 0 {
		return usage("-movetime %v is negative (want a duration such as 50ms or 2s)", *moveTime)
	}
	colorSet := false
	fs.Visit(func(f *flag.Flag) { colorSet = colorSet || f.Name == "color" })
	useColor := *colorFlag
	if !colorSet {
		useColor = colorByDefault(out, os.Getenv("NO_COLOR"))
	}
	v, err := engine.ParseVariant(*gameFlag)
	if err != nil {
		return usage("%v", err)
	}
	lvl, err := parseLevel(*levelFlag)
	if err != nil {
		return usage("%s", strings.TrimPrefix(err.Error(), "levels: "))
	}
	levelSet := false
	fs.Visit(func(f *flag.Flag) { levelSet = levelSet || f.Name == "level" })
	labelsSet := false
	fs.Visit(func(f *flag.Flag) { labelsSet = labelsSet || f.Name == "labels" })
	var labels board.Labels
	if ls := strings.ToLower(strings.TrimSpace(*labelsFlag)); v == engine.Chess {
		switch {
		case ls == "letters":
			labels = board.Letters
		case ls == "symbols" || !labelsSet:
			labels = board.Chinese // chess draws Unicode symbols for every style but letters
		default:
			return usage("-labels %s is for xiangqi; chess takes -labels letters or symbols", *labelsFlag)
		}
	} else if labels, err = board.ParseLabels(ls); err != nil {
		return usage("%v", err)
	}
	person, err := parseSide(*sideFlag)
	if err != nil {
		return usage("%v", err)
	}
	if *autosave == "auto" {
		*autosave = defaultAutosave(v)
	}
	s := &session{autosave: *autosave, settings: settingsFile(*autosave), out: out, variant: v, game: engine.NewGame(v),
		person: person, level: lvl, rng: rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64())), moveTime: *moveTime,
		style: board.Style{Labels: labels, Color: useColor}, engine: engine.NewSearcher(v, searcherOptions(v)),
		details: *details}
	// The level chosen last time (with the level command) is used unless -level is given.
	if s.settings != "" {
		st, err := readSettings(s.settings)
		switch {
		case err != nil:
			s.settingsBad = true
			s.notes = append(s.notes, fmt.Sprintf("The settings file %s could not be read (%v); the game goes on without it.",
				s.settings, err))
		case st.level != nil && !levelSet:
			s.level = *st.level
		}
	}
	s.noise = levels.NewNoise(s.rng.Uint64())
	s.loop(ctx, in)
	return 0
}

// colorByDefault reports whether to draw in colour when -color is not given: when out is a
// terminal and noColor (the NO_COLOR environment variable, https://no-color.org) is empty.
func colorByDefault(out io.Writer, noColor string) bool { return noColor == "" && isTerminal(out) }

// isTerminal reports whether w is a terminal (a character device), where ANSI colours are
// wanted by default.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// parseSide reads a side: red, white or first; black or second (any case).
func parseSide(s string) (engine.Side, error) {
	switch strings.ToLower(s) {
	case "first", "red", "white", "r", "w":
		return engine.First, nil
	case "second", "black", "b":
		return engine.Second, nil
	}
	return 0, fmt.Errorf("unknown side %q (want red, white, black, first or second)", s)
}

// searcherOptions are the options of the computer's searcher: a 16 MiB table and the
// network shipped with the game's package, which evaluates at full strength (Master and
// hints) as in the UCI engine and the app; the capped levels stay classical.
func searcherOptions(v engine.Variant) engine.SearcherOptions {
	o := engine.SearcherOptions{HashMiB: 16}
	switch v {
	case engine.Xiangqi:
		if n, err := xiangqi.DefaultNNUE(); err == nil { // never expected to fail: a test loads it
			o.XiangqiNNUE = n
		}
	case engine.Chess:
		if n, err := chess.DefaultNNUE(); err == nil { // never expected to fail: a test loads it
			o.ChessNNUE = n
		}
	}
	return o
}
