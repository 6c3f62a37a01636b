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
// rating), flip, save FILE, load FILE, hint,
// fen, moves, board, quit. The program also works with piped input and ends at its end.
package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/cotuong-ai/cotuong/engine"
	"github.com/cotuong-ai/cotuong/gamesearch"
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
	autosave string // where new and quit keep an unfinished game ("" = nowhere)
	out      io.Writer
	variant  engine.Variant
	game     engine.Game
	person   engine.Side
	level    levels.Level
	noise    levels.Noise  // the level's per-game noise, drawn anew for each game
	rng      *rand.Rand    // the level's draws among its lines
	moveTime time.Duration // overrides the level's time (search and pause) when > 0
	style    board.Style
	flip     bool // the person flipped the board
	engine   engine.Searcher
}

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
	autosave := fs.String("autosave", "auto", "file where new and quit keep an unfinished game (\"\" = none; auto = unfinished-GAME.txt\nin the user's configuration folder, one file per game)")
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
		fmt.Fprintln(errOut, "play:", err)
		return 2
	}
	lvl, err := levels.Parse(*levelFlag)
	if err != nil {
		fmt.Fprintln(errOut, "play:", err)
		return 2
	}
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
		fmt.Fprintln(errOut, "play:", err)
		return 2
	}
	if *autosave == "auto" {
		*autosave = defaultAutosave(v)
	}
	s := &session{autosave: *autosave, out: out, variant: v, game: engine.NewGame(v), person: person, level: lvl,
		rng: rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64())), moveTime: *moveTime, style: board.Style{Labels: labels, Color: useColor},
		engine: engine.NewSearcher(v, engine.SearcherOptions{HashMiB: 16})}
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

func parseSide(s string) (engine.Side, error) {
	switch strings.ToLower(s) {
	case "first", "red", "white", "r", "w":
		return engine.First, nil
	case "second", "black", "b":
		return engine.Second, nil
	}
	return 0, fmt.Errorf("unknown side %q (want red, white, black, first or second)", s)
}

func (s *session) say(format string, args ...any) { fmt.Fprintf(s.out, format+"\n", args...) }

// helpMoves says which move texts are read, for the game and the label style.
func helpMoves(v engine.Variant, l board.Labels) string {
	switch {
	case v == engine.Chess:
		return "Type a move in coordinates (e2e4, e7e8q) or SAN (Nf3, O-O, exd5)."
	case l == board.Vietnamese:
		return "Type a move in coordinates (h2e2: files a-i, ranks 0-9 from Red's side), in Vietnamese\n" +
			"notation (P2-5, M8.7; P is the cannon, B the soldier) or in Chinese (炮二平五, 馬8進7)."
	}
	return "Type a move in coordinates (h2e2: files a-i, ranks 0-9 from Red's side), in WXF notation\n" +
		"(C2=5, H8+7, +R.3) or in Chinese (炮二平五, 馬8進7)."
}

const helpCommands = `Commands:
  undo          take back your last move (and the computer's reply)
  new           start a new game
  level [N]     list the levels, or set one: 1-8 or a name (beginner .. master)
  flip          turn the board around
  save FILE     save the game (a missing folder is made; ~/ is your home folder)
  load FILE     load a saved game
  hint          suggest a move (the engine at full strength, 1 s)
  fen           print the position as FEN;   moves   list the moves played
  board         draw the board again
  help          this text;       quit          leave`

func (s *session) loop(ctx context.Context, in io.Reader) {
	s.say("%s: you play %s against the computer (%s). Type help for commands.",
		title(s.variant), s.game.SideName(s.person), s.levelText(s.level))
	if s.autosave != "" {
		if _, err := os.Stat(s.autosave); err == nil {
			s.say("An unfinished game is kept in %s (type load %s to go on).", s.autosave, s.autosave)
		}
	}
	s.draw("")
	s.computerTurn()
	// The input is read on its own goroutine so that Ctrl-C ends the game while it waits.
	lines := make(chan string)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(in)
		sc.Buffer(make([]byte, 64*1024), 1<<20)
		for sc.Scan() {
			select {
			case lines <- sc.Text():
			case <-ctx.Done():
				return
			}
		}
	}()
	for {
		s.prompt()
		var text string
		var ok bool
		select {
		case text, ok = <-lines:
		case <-ctx.Done():
		}
		if !ok {
			s.say("")
			s.keepUnfinished()
			s.say("Goodbye.")
			return
		}
		line := strings.TrimSpace(text)
		if line == "" {
			continue
		}
		if quit := s.command(line); quit {
			s.say("Goodbye.")
			return
		}
	}
}

func title(v engine.Variant) string {
	if v == engine.Xiangqi {
		return "Xiangqi (cờ tướng, 象棋)"
	}
	return "Chess"
}

func (s *session) prompt() {
	if r := s.game.Result(); r.Over {
		fmt.Fprint(s.out, "game over> ")
		return
	}
	fmt.Fprintf(s.out, "%s to move> ", s.game.SideName(s.game.SideToMove()))
}

func (s *session) draw(last string) {
	st := s.style
	st.Flip = (s.person == engine.Second) != s.flip
	st.LastMove = last
	fmt.Fprint(s.out, board.Draw(s.game, st))
}

func (s *session) lastMove() string {
	ms := s.game.Moves()
	if len(ms) == 0 {
		return ""
	}
	return ms[len(ms)-1]
}

// command carries out one line; it reports whether to quit.
func (s *session) command(line string) bool {
	f := strings.Fields(line)
	arg := strings.TrimSpace(strings.TrimPrefix(line, f[0]))
	switch strings.ToLower(f[0]) {
	case "quit", "exit", "q":
		s.keepUnfinished()
		return true
	case "help", "?":
		s.say("%s\n%s", helpMoves(s.variant, s.style.Labels), helpCommands)
	case "board":
		s.draw(s.lastMove())
	case "fen":
		s.say("%s", s.game.FEN())
	case "moves":
		s.listMoves()
	case "flip":
		s.flip = !s.flip
		s.draw(s.lastMove())
	case "new":
		s.keepUnfinished()
		s.game = engine.NewGame(s.variant)
		s.engine.Clear()
		s.noise = levels.NewNoise(s.rng.Uint64())
		s.say("New game.")
		s.draw("")
		s.computerTurn()
	case "undo":
		s.undo()
	case "level":
		if arg == "" {
			s.listLevels()
			break
		}
		l, err := levels.Parse(arg)
		if err != nil {
			s.say("%s. Type level to list them.", upperFirst(strings.TrimPrefix(err.Error(), "levels: ")))
			break
		}
		s.level = l
		s.say("Level set to %s.", s.levelText(l))
	case "save":
		if arg == "" {
			s.say("save needs a file name: save FILE")
			break
		}
		made, err := s.save(arg)
		if err != nil {
			s.say("Could not save: %v. The game goes on; save it to another file.", err)
			break
		}
		if made != "" {
			s.say("Saved to %s (made the folder %s).", arg, made)
			break
		}
		s.say("Saved to %s.", arg)
	case "load":
		if arg == "" {
			s.say("load needs a file name: load FILE")
			break
		}
		if err := s.load(arg); err != nil {
			s.say("Could not load %s: %v. The current game is kept.", arg, err)
			break
		}
		s.say("Loaded %s (%s played; you play %s at level %s).", arg, movesText(s.game.Len()),
			s.game.SideName(s.person), s.levelText(s.level))
		s.draw(s.lastMove())
		s.announce()
		s.computerTurn()
	case "hint":
		s.hint()
	default:
		s.personMove(line)
	}
	return false
}

func (s *session) listMoves() {
	if s.game.Len() == 0 {
		s.say("No moves yet.")
		return
	}
	s.say("%s", strings.Join(s.game.Moves(), " "))
}

func (s *session) personMove(text string) {
	if r := s.game.Result(); r.Over {
		s.say("The game is over (%s). Type new, undo, load or quit.", r.Text)
		return
	}
	if s.game.SideToMove() != s.person {
		s.say("It is the computer's turn.")
		return
	}
	m, err := engine.ParseLocalMove(s.game, text, string(s.style.Labels))
	if err == nil {
		desc := s.describe(m)
		if err = s.game.Push(m); err == nil {
			s.say("You played %s.", desc)
			s.afterPersonMove()
			return
		}
	}
	if !s.looksLikeMove(text) {
		s.say("%q is neither a command nor a move. %s Type help for the commands.", clip(text),
			helpMoves(s.variant, s.style.Labels))
		return
	}
	s.say("Illegal move %s.", engine.MoveProblem(err))
}

// looksLikeMove reports whether text has the shape of a move in some notation (a short word
// with a digit, or Chinese notation), so that an illegal move is told apart from nonsense.
func (s *session) looksLikeMove(text string) bool {
	if len(strings.Fields(text)) != 1 {
		return false
	}
	for _, r := range text {
		if r >= '0' && r <= '9' || r >= 0x4e00 && r <= 0x9fff || r == '-' && s.variant == engine.Chess {
			return true
		}
	}
	return false
}

// upperFirst capitalises the first letter of a message.
func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func (s *session) afterPersonMove() {
	s.draw(s.lastMove())
	if s.announce() {
		return
	}
	s.computerTurn()
}

// describe writes m (legal in the current position) in coordinates and one family of
// notation: Vietnamese alone with Vietnamese labels (its P and B are WXF's C and P), WXF with
// Chinese for Chinese labels, WXF (or SAN) otherwise.
func (s *session) describe(m engine.Move) string {
	uci := s.game.UCI(m)
	switch {
	case s.variant == engine.Xiangqi && s.style.Labels == board.Vietnamese:
		return fmt.Sprintf("%s (%s)", uci, s.game.Local(m, "vietnamese"))
	case s.variant == engine.Xiangqi && s.style.Labels == board.Chinese:
		return fmt.Sprintf("%s (%s, %s)", uci, s.game.Notation(m), s.game.Local(m, "chinese"))
	}
	return fmt.Sprintf("%s (%s)", uci, s.game.Notation(m))
}

// announce prints check or the result; it reports whether the game is over.
func (s *session) announce() bool {
	r := s.game.Result()
	if r.Over {
		s.say("Game over: %s (%s).", r.Text, r.Short)
		return true
	}
	if s.game.InCheck() {
		s.say("Check!")
	}
	return false
}

// levelText describes a level in plain words: "Casual: plays at about 1550 Elo".
func (s *session) levelText(l levels.Level) string {
	return l.Describe(engine.LevelGame(s.variant))
}

// listLevels prints the ladder with each level's rating and the scale of the ratings.
func (s *session) listLevels() {
	g := engine.LevelGame(s.variant)
	s.say("Level: %s. The levels (ratings are %s):", s.levelText(s.level), g.Scale())
	for _, l := range levels.All() {
		mark := " "
		if l.Name == s.level.Name {
			mark = "*"
		}
		s.say(" %s %d. %s", mark, l.Number, l.Describe(g))
	}
	s.say("Type level N or level NAME to change it.")
}

func (s *session) limits() gamesearch.Limits {
	lim := s.level.Limits()
	if s.moveTime > 0 {
		lim.Time = s.moveTime
	}
	return lim
}

// computerTurn lets the computer move while it is its turn and the game goes on.
func (s *session) computerTurn() {
	if s.game.Result().Over || s.game.SideToMove() == s.person {
		return
	}
	mover := s.game.SideToMove()
	start := time.Now()
	s.engine.SetPlainEval(s.level.Plain)
	r := s.engine.Search(context.Background(), s.game, s.limits(), nil, nil)
	if !r.HasMove {
		return // no legal move: Result says why (announce has printed it)
	}
	str := engine.Strength{Level: s.level}
	if i := str.Choose(s.game, r.Lines, s.noise, s.rng); i > 0 {
		r.Move, r.Score = r.Lines[i].Move, r.Lines[i].Score
	}
	// A natural pause: the level's thinking time, which the capped search rarely fills.
	pause := s.level.Pause(len(s.game.Legal()))
	if s.moveTime > 0 {
		pause = s.moveTime
	}
	time.Sleep(time.Until(start.Add(pause)))
	desc := s.describe(r.Move)
	if err := s.game.Push(r.Move); err != nil {
		s.say("The computer chose an illegal move %s: %v", desc, err)
		return
	}
	s.say("Computer plays %s  [depth %d, %s, %d nodes, %s]", desc, r.Depth, s.scoreText(r.Score, mover),
		r.Nodes, msText(r.Elapsed))
	s.draw(s.lastMove())
	s.announce()
}

// scoreText writes a search score for people, always from the first player's (Red's or
// White's) point of view whoever was to move: "score +0.84 for Red" (in pawns; positive
// is good for Red), or "Red mates in 3". score is from mover's side, as the search gives it.
func (s *session) scoreText(score int, mover engine.Side) string {
	first := s.game.SideName(engine.First)
	if gamesearch.IsMate(score) {
		n := gamesearch.MateIn(score)
		winner := mover
		if n < 0 {
			winner, n = mover.Other(), -n
		}
		return fmt.Sprintf("%s mates in %d", s.game.SideName(winner), n)
	}
	if mover == engine.Second {
		score = -score
	}
	return fmt.Sprintf("score %+.2f for %s", float64(score)/100, first)
}

// msText writes a duration in whole milliseconds: "312 ms".
func msText(d time.Duration) string {
	return fmt.Sprintf("%d ms", d.Round(time.Millisecond).Milliseconds())
}

func (s *session) undo() {
	if s.game.Len() == 0 {
		s.say("Nothing to undo.")
		return
	}
	// Take back moves until it is the person's turn again, at least one.
	n := 0
	for {
		if _, ok := s.game.Pop(); !ok {
			break
		}
		n++
		if s.game.SideToMove() == s.person {
			break
		}
	}
	took := "Took back your move."
	switch {
	case n == 2:
		took = "Took back your move and the computer's reply."
	case n == 1 && s.game.SideToMove() != s.person:
		took = "Took back the computer's move."
	}
	s.say("%s", took)
	s.draw(s.lastMove())
	if s.game.SideToMove() != s.person { // back at the start with the computer to move
		s.computerTurn()
	}
}

// hintTime is how long the engine thinks for a hint (-movetime overrides it).
const hintTime = time.Second

func (s *session) hint() {
	if s.game.Result().Over {
		s.say("The game is over.")
		return
	}
	if s.game.SideToMove() != s.person {
		s.say("It is the computer's turn.")
		return
	}
	mover := s.game.SideToMove()
	// A hint is advice: the engine at full strength (every evaluation term, no caps, no
	// noise) for hintTime, whatever level the computer plays at.
	lim := gamesearch.Limits{Time: hintTime}
	if s.moveTime > 0 {
		lim.Time = s.moveTime
	}
	s.engine.SetPlainEval(false)
	r := s.engine.Search(context.Background(), s.game, lim, nil, nil)
	if !r.HasMove {
		s.say("No legal move.")
		return
	}
	s.say("Hint: %s  [depth %d, %s, %s]", s.describe(r.Move), r.Depth, s.scoreText(r.Score, mover), msText(r.Elapsed))
}

// The save file: a header line, the variant, the level (its number on the ladder) and the
// person's side, the game as "fen <FEN> moves ...", and an end line, so that a file cut short
// at a line boundary is recognised. Files of version 1 (no level or side lines) are read too.
const (
	saveHeader   = "cotuong-game 2"
	saveHeaderV1 = "cotuong-game 1"
	saveEnd      = "end"
)

// save writes the game to the file name (a leading ~/ is the home folder, as in a shell),
// making its folder when it does not exist (made names it, "" when it existed). The file is
// written whole under another name and then renamed, so a failed save leaves an earlier file
// of that name as it was. Errors name the file or the folder.
func (s *session) save(name string) (made string, err error) {
	text := fmt.Sprintf("%s\nvariant %s\nlevel %d\nside %s\n%s\n%s\n", saveHeader, s.variant, s.level.Number,
		strings.ToLower(s.game.SideName(s.person)), s.game.String(), saveEnd)
	name = expandHome(name)
	if st, err := os.Stat(name); err == nil && st.IsDir() {
		return "", fmt.Errorf("%s is a folder; give a file name, e.g. save %s", name, filepath.Join(name, "game.txt"))
	}
	dir := filepath.Dir(name)
	switch st, err := os.Stat(dir); {
	case errors.Is(err, fs.ErrNotExist):
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return "", fmt.Errorf("the folder %s does not exist and cannot be made (%v)", dir, pathProblem(err))
		}
		made = dir
	case err != nil:
		if f := fileAbove(dir); f != "" {
			return "", fmt.Errorf("the folder %s cannot be made: %s is a file", dir, f)
		}
		return "", fmt.Errorf("the folder %s cannot be used (%v)", dir, pathProblem(err))
	case !st.IsDir():
		return "", fmt.Errorf("%s is not a folder", dir)
	}
	f, err := os.CreateTemp(dir, "."+filepath.Base(name)+".*.tmp")
	if err != nil {
		return made, fmt.Errorf("cannot write in the folder %s (%v)", dir, pathProblem(err))
	}
	_, err = f.WriteString(text)
	if err == nil {
		err = f.Chmod(0o644)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), name)
	}
	if err != nil {
		os.Remove(f.Name())
		return made, fmt.Errorf("cannot write %s (%v)", name, pathProblem(err))
	}
	return made, nil
}

// movesText is "1 move", "N moves".
func movesText(n int) string {
	if n == 1 {
		return "1 move"
	}
	return fmt.Sprintf("%d moves", n)
}

// fileAbove returns the nearest of dir and its parents that exists, when that is a file
// (save a/b/c.txt where a is a file), else "".
func fileAbove(dir string) string {
	for d := dir; ; d = filepath.Dir(d) {
		if st, err := os.Stat(d); err == nil {
			if st.IsDir() {
				return ""
			}
			return d
		}
		if d == filepath.Dir(d) {
			return ""
		}
	}
}

// expandHome replaces a leading ~/ (or a lone ~) with the home folder, as a shell does for
// the words it reads; the game's commands are not read by a shell.
func expandHome(name string) string {
	if name != "~" && !strings.HasPrefix(name, "~/") {
		return name
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return name
	}
	return filepath.Join(home, strings.TrimPrefix(name, "~"))
}

// pathProblem is what went wrong with a path, without the operation and path that the
// caller's message names already ("not a directory" rather than "mkdir /a/b: not a
// directory").
func pathProblem(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	return err
}

// defaultAutosave is the file new and quit keep an unfinished game of variant v in:
// unfinished-xiangqi.txt or unfinished-chess.txt in the user's configuration directory
// (~/.config/cotuong on Linux), so that a game of one kind never overwrites the other's; ""
// when there is no such directory.
func defaultAutosave(v engine.Variant) string {
	dir, err := os.UserConfigDir()
	if err != nil {
		return ""
	}
	return filepath.Join(dir, "cotuong", "unfinished-"+string(v)+".txt")
}

// keepUnfinished saves a game that has moves and is not over before it is left (new, quit,
// the end of the input), and says where.
func (s *session) keepUnfinished() {
	if s.game.Len() == 0 || s.game.Result().Over || s.autosave == "" {
		return
	}
	if _, err := s.save(s.autosave); err != nil {
		s.say("Your unfinished game could not be saved (%v).", err)
		return
	}
	s.say("Your unfinished game is saved in %s (type load %s to go on).", s.autosave, s.autosave)
}

// savedMeta is what a version-2 save file adds to the game: the level and the person's side.
type savedMeta struct {
	level *levels.Level
	side  *engine.Side
}

// parseSave reads a save file's text.
func parseSave(text string) (engine.Game, error) {
	g, _, err := parseSaveMeta(text)
	return g, err
}

// parseSaveMeta reads a save file's text, with the level and side of a version-2 file.
// Blank lines are skipped; an error names the line of the file as an editor numbers it.
func parseSaveMeta(text string) (engine.Game, savedMeta, error) {
	var meta savedMeta
	type line struct {
		n    int // 1-based line number in the file
		text string
	}
	var body []line
	for i, l := range strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n") {
		if t := strings.TrimSpace(l); t != "" {
			body = append(body, line{i + 1, t})
		}
	}
	if len(body) == 0 || body[0].text != saveHeader && body[0].text != saveHeaderV1 {
		return nil, meta, errors.New("not a cotuong save file (the first line must be \"" + saveHeader + "\")")
	}
	// Version 2: header, variant, level, side, game, end; version 1: header, variant, game, end.
	v2 := body[0].text == saveHeader
	n, want := 4, "a variant line, a game line and an \"end\" line"
	if v2 {
		n, want = 6, "variant, level, side, game and \"end\" lines"
	}
	if len(body) < n {
		return nil, meta, fmt.Errorf("the save file is cut short (want %s)", want)
	}
	if e := body[n-1]; e.text != saveEnd {
		return nil, meta, fmt.Errorf("line %d: want %q, got %q", e.n, saveEnd, clip(e.text))
	}
	vs, ok := strings.CutPrefix(body[1].text, "variant ")
	if !ok {
		return nil, meta, fmt.Errorf("line %d: want \"variant chess|xiangqi\", got %q", body[1].n, clip(body[1].text))
	}
	v, err := engine.ParseVariant(vs)
	if err != nil {
		return nil, meta, fmt.Errorf("line %d: %w", body[1].n, err)
	}
	game := body[2]
	if v2 {
		lv, sd := body[2], body[3]
		num, ok := strings.CutPrefix(lv.text, "level ")
		if !ok {
			return nil, meta, fmt.Errorf("line %d: want \"level N\", got %q", lv.n, clip(lv.text))
		}
		l, err := levels.Parse(num)
		if err != nil {
			return nil, meta, fmt.Errorf("line %d: %s", lv.n, strings.TrimPrefix(err.Error(), "levels: "))
		}
		name, ok := strings.CutPrefix(sd.text, "side ")
		if !ok {
			return nil, meta, fmt.Errorf("line %d: want \"side red|black|white\", got %q", sd.n, clip(sd.text))
		}
		side, err := parseSide(name)
		if err != nil {
			return nil, meta, fmt.Errorf("line %d: %w", sd.n, err)
		}
		meta = savedMeta{level: &l, side: &side}
		game = body[4]
	}
	g, err := engine.ParseGame(v, game.text)
	if err != nil {
		// The game package names itself ("xiangqi: FEN: ..."); the file's line says enough.
		return nil, meta, fmt.Errorf("line %d: %s", game.n, strings.TrimPrefix(err.Error(), string(v)+": "))
	}
	return g, meta, nil
}

func clip(s string) string {
	if len(s) > 60 {
		return s[:60] + "..."
	}
	return s
}

func (s *session) load(name string) error {
	name = expandHome(name)
	if st, err := os.Stat(name); err == nil && st.IsDir() {
		return errors.New("it is a folder, not a save file")
	}
	data, err := os.ReadFile(name)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return errors.New("no such file")
	case err != nil:
		return pathProblem(err)
	}
	g, meta, err := parseSaveMeta(string(data))
	if err != nil {
		return err
	}
	if g.Variant() != s.variant {
		return fmt.Errorf("it holds a game of %s, and this is %s (start with -game %s to load it)", g.Variant(), s.variant, g.Variant())
	}
	s.engine.Clear()
	s.noise = levels.NewNoise(s.rng.Uint64()) // a loaded game is another game
	s.game = g
	if meta.level != nil {
		s.level = *meta.level
	}
	if meta.side != nil {
		s.person = *meta.side
	}
	return nil
}
