package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/cotuong-ai/cotuong/engine"
	"github.com/cotuong-ai/cotuong/internal/board"
	"github.com/cotuong-ai/cotuong/levels"
)

// helpMoves says which move texts are read, for the game and the label style, in one
// paragraph (wrap fits it to the screen).
func helpMoves(v engine.Variant, l board.Labels) string {
	switch {
	case v == engine.Chess:
		return "Type a move in coordinates (e2e4, e7e8q) or SAN (Nf3, O-O, exd5)."
	case l == board.Vietnamese:
		return "Type a move in coordinates (h2e2: files a-i, ranks 0-9 from Red's side), in Vietnamese " +
			"notation (P2-5, M8.7; P is the cannon, B the soldier) or in Chinese (炮二平五, 馬8進7)."
	}
	return "Type a move in coordinates (h2e2: files a-i, ranks 0-9 from Red's side), in WXF notation " +
		"(C2=5, H8+7, +R.3) or in Chinese (炮二平五, 馬8進7)."
}

const helpCommands = `Commands:
  undo          take back your last move (and the computer's reply)
  new           start a new game
  level [N]     list the levels, or set one: 1-8 or a name (beginner .. master)
                or its start (inter); the level is remembered for next time
  flip          turn the board around
  save FILE     save the game (a missing folder is made; ~/ is your home folder)
  load FILE [N] load a saved game, or game N (default 1) of a PGN file
  pgn [FILE]    print the game as PGN, or write it to FILE (with the review's
                marks and words when the game was reviewed)
  resume        go on with the unfinished game new and quit kept (also: load);
                the game in progress is kept in its place
  hint          suggest a move and say why (the engine at full strength, 1 s)
  review        judge the moves so far: marks (?! ? ??), scores and the reasons
  learn         learn from your mistakes: find a better move for each ? and ??
  threats       what the opponent threatens, in one line
  details       show or hide the search's line after computer moves and hints
  puzzle [THEME|ID]  a puzzle to solve (puzzle help: themes, hint, solution)
  fen [FEN]     print the position as FEN, or start a new game from FEN
  moves         list the moves played
  board         draw the board again
  help          this text;       quit          leave`

// loop greets the person and carries out the input line by line until quit, the end of
// the input or ctx is done; an unfinished game is kept on the way out.
func (s *session) loop(ctx context.Context, in io.Reader) {
	s.ctx = ctx
	s.say("%s: you play %s against the computer (%s). Type help for commands.",
		title(s.variant), s.game.SideName(s.person), s.levelText(s.level))
	for _, n := range s.notes {
		s.say("%s", wrap(n, screenWidth))
	}
	if s.autosave != "" {
		if _, err := os.Stat(expandHome(s.autosave)); err == nil {
			s.say("An unfinished game is kept in %s (type resume to go on).", s.autosave)
		}
		if aside := asideFiles(s.autosave); len(aside) > 0 {
			s.say("Other unfinished games are kept in %s (type load FILE to go on with one).", strings.Join(aside, ", "))
		}
	}
	s.draw()
	s.computerTurn()
	// The input is read on its own goroutine so that Ctrl-C ends the game while it waits.
	lines := make(chan inputLine)
	go func() {
		defer close(lines)
		r := bufio.NewReaderSize(in, 64*1024)
		for {
			text, err := readLine(r, maxLine)
			var l inputLine
			switch {
			case errors.Is(err, errLineTooLong):
				l.note = fmt.Sprintf("That line is longer than %d bytes; it was skipped.", maxLine)
			case err != nil && err != io.EOF:
				l.note = "Reading the input failed: " + err.Error()
			case err == io.EOF && text == "":
				return
			default:
				l.text = text
			}
			select {
			case lines <- l:
			case <-ctx.Done():
				return
			}
			if err != nil && !errors.Is(err, errLineTooLong) {
				return
			}
		}
	}()
	for {
		s.prompt()
		var in inputLine
		var ok bool
		select {
		case in, ok = <-lines:
		case <-ctx.Done():
		}
		if !ok {
			s.say("")
			s.keepUnfinished()
			s.say("Goodbye.")
			return
		}
		if in.note != "" {
			s.say("%s", in.note)
			continue
		}
		text := in.text
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

// startGame keeps the unfinished game, starts g (a new search and new noise for the level),
// says msg, draws the board and lets the computer move if it is its turn.
func (s *session) startGame(g engine.Game, msg string) {
	s.keepUnfinished()
	s.game = g
	s.engine.Clear()
	s.noise = levels.NewNoise(s.rng.Uint64())
	s.say("%s", msg)
	s.draw()
	s.computerTurn()
}

// maxLine is the longest input line read, bytes; a longer one is skipped with a note.
const maxLine = 1 << 20

// errLineTooLong is readLine's error for a line longer than its limit.
var errLineTooLong = errors.New("line too long")

// inputLine is one line of the player's input, or a note on a line that could not be read.
type inputLine struct {
	text string
	note string
}

// readLine reads one line from r without its end ("\n" or "\r\n"). A line longer than limit
// bytes is read to its end and dropped, with errLineTooLong; at the end of the input it
// returns the last line, if any, with io.EOF; another read error is returned as it is.
func readLine(r *bufio.Reader, limit int) (string, error) {
	var b []byte
	long := false
	for {
		chunk, err := r.ReadSlice('\n')
		if !long {
			if len(b)+len(chunk) > limit+2 { // the line end may add two bytes
				long, b = true, nil
			} else {
				b = append(b, chunk...)
			}
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if long {
			if err != nil && err != io.EOF {
				return "", err
			}
			return "", errLineTooLong // at the end of the input, the next read says so
		}
		return strings.TrimRight(string(b), "\r\n"), err
	}
}

// command carries out one line; it reports whether to quit.
func (s *session) command(line string) bool {
	if s.puzzleCommand(line) { // puzzle.go: "puzzle", and a posed puzzle's moves and hints
		return false
	}
	f := strings.Fields(line)
	arg := strings.TrimSpace(strings.TrimPrefix(line, f[0]))
	switch strings.ToLower(f[0]) {
	case "new", "undo", "load", "resume", "fen", "review", "learn":
		s.learning = nil // learn ends where the game changes or is judged again
	}
	switch strings.ToLower(f[0]) {
	case "quit", "exit", "q":
		s.keepUnfinished()
		return true
	case "help", "?":
		s.say("%s\n%s", wrap(helpMoves(s.variant, s.style.Labels), screenWidth), helpCommands)
	case "board":
		s.draw()
	case "fen":
		if arg == "" {
			fmt.Fprintln(s.out, s.game.FEN()) // whole, never wrapped: it is copied
			return false
		}
		g, err := engine.GameFromFEN(s.variant, arg)
		if err != nil {
			s.say("Not a position: %s. The game goes on as it was.", fenProblem(err))
			return false
		}
		if res := g.Result(); res.Over {
			s.say("That position is already over (%s). The game goes on as it was.", res.Text)
			return false
		}
		s.startGame(g, "New game from that position.")
	case "moves":
		s.listMoves()
	case "flip":
		s.flip = !s.flip
		s.draw()
	case "new":
		s.startGame(engine.NewGame(s.variant), "New game.")
	case "undo":
		s.undo()
	case "level":
		if arg == "" {
			s.listLevels()
			break
		}
		l, err := parseLevel(arg)
		if err != nil {
			s.say("%s. Type level to list them.", upperFirst(strings.TrimPrefix(err.Error(), "levels: ")))
			break
		}
		s.level = l
		s.say("%s", wrap("Level set to "+s.levelText(l)+"."+s.rememberLevel(), screenWidth))
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
	case "load", "resume":
		if arg == "" || strings.ToLower(f[0]) == "resume" {
			s.resume()
			break
		}
		s.loadFile(arg)
	case "pgn":
		s.writePGN(arg)
	case "hint":
		s.hint()
	case "review":
		s.reviewGame()
	case "learn":
		s.learn()
	case "threats":
		s.threats()
	case "details":
		s.details = !s.details
		if a := strings.ToLower(arg); a == "on" || a == "off" {
			s.details = a == "on"
		}
		if s.details {
			s.say("The search's line is shown after the computer's moves and hints (details off hides it).")
		} else {
			s.say("The search's line is hidden (details on shows it).")
		}
	case "skip", "stop":
		if s.learning == nil {
			s.personMove(line)
			break
		}
		s.learnCommand(strings.ToLower(f[0]))
	default:
		if s.learning != nil {
			s.learnTry(line)
			break
		}
		s.personMove(line)
	}
	return false
}

// resume answers "resume" and a "load" without a file: it loads the unfinished game that new
// and quit keep in the autosave file, or says why there is none. A game in progress takes
// its place in the file (the two are swapped: resume again goes back to it).
func (s *session) resume() {
	switch _, err := os.Stat(expandHome(s.autosave)); {
	case s.autosave == "":
		s.say("No unfinished game is kept (-autosave is \"\"). Type load FILE to load a saved game.")
		return
	case err != nil:
		s.say("There is no unfinished game to resume (none is kept in %s). Type load FILE to load a saved game.", s.autosave)
		return
	}
	g, meta, err := s.readGame(s.autosave)
	if err != nil {
		s.say("Could not resume from %s: %v. The current game is kept.", s.autosave, err)
		return
	}
	if s.unfinished() {
		if continues(s.game, g) {
			if g.Len() == s.game.Len() {
				s.say("The unfinished game kept in %s is the game you are playing.", s.autosave)
			} else {
				s.say("The unfinished game kept in %s is the game you are playing as it was a few moves ago "+
					"(type undo to take moves back).", s.autosave)
			}
			return
		}
		if _, err := s.save(s.autosave); err != nil {
			s.say("Could not resume: your game in progress could not be kept in its place (%v). It goes on.", err)
			return
		}
		s.say("Your game in progress (%s) is kept in %s in its place (type resume to go back to it).",
			s.movesPlayed(s.game), s.autosave)
	}
	s.use(g, meta)
	s.loaded("Resumed the unfinished game from " + s.autosave)
}

// loadFile answers "load FILE" and "load FILE N": it keeps the game in progress as new does,
// then loads the file's game (a save file's, or game N of a PGN file); a file that cannot be
// read changes nothing.
func (s *session) loadFile(arg string) {
	name, n, err := splitGameNumber(arg)
	if err != nil {
		s.say("Could not load %s: %v. The current game is kept.", name, err)
		return
	}
	if s.autosave != "" && sameFile(name, s.autosave) {
		s.resume() // the unfinished game: swapped with the one in progress
		return
	}
	g, meta, err := s.readGameN(name, n)
	if err != nil {
		s.say("Could not load %s: %v. The current game is kept.", name, err)
		return
	}
	if !s.keepUnfinished() {
		s.say("%s is not loaded, so that your game in progress is not lost; save it with save FILE first.", name)
		return
	}
	s.use(g, meta)
	s.loaded("Loaded " + name)
}

// loaded reports a game just loaded (what begins "Loaded FILE" or "Resumed ... from FILE"),
// draws it and lets the computer move if it is its turn.
func (s *session) loaded(what string) {
	s.say("%s (%s; you play %s at level %s).", what, s.movesPlayed(s.game),
		s.game.SideName(s.person), s.levelText(s.level))
	s.draw()
	s.announce()
	s.computerTurn()
}

// listMoves answers "moves": the moves played, in coordinates.
func (s *session) listMoves() {
	if s.game.Len() == 0 {
		s.say("No moves yet.")
		return
	}
	s.say("%s", strings.Join(s.game.Moves(), " "))
}

// personMove plays a line that is not a command as the person's move, or says why not.
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
		s.say("%s", wrap(fmt.Sprintf("%q is neither a command nor a move. %s Type help for the commands.", clip(text),
			helpMoves(s.variant, s.style.Labels)), screenWidth))
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

// afterPersonMove announces check or the end and lets the computer reply. The board is drawn
// once a turn: after the reply, with both moves marked (in colour; the lines above it name
// them), or at once when the game is over.
func (s *session) afterPersonMove() {
	if s.game.Result().Over || s.game.SideToMove() == s.person {
		s.draw()
		s.announce()
		return
	}
	s.announce()
	s.computerTurn()
}

// listLevels prints the ladder with each level's rating (docs/levels.md names the scale).
func (s *session) listLevels() {
	g := engine.LevelScale(s.variant)
	s.say("Level: %s.", s.levelText(s.level))
	s.say("The levels, weakest first (approximate Elo ratings; details in the README):")
	for _, l := range levels.All() {
		mark := " "
		if l.Name == s.level.Name {
			mark = "*"
		}
		// " * 8. " and the description, its later lines under its first word.
		s.say(" %s %d. %s", mark, l.Number, strings.ReplaceAll(wrap(l.Describe(g), screenWidth-6), "\n", "\n      "))
	}
	s.say("Type level N or level NAME to change it.")
}

// undo answers "undo": it takes back the person's last move and the computer's reply.
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
	s.draw()
	if s.game.SideToMove() != s.person { // back at the start with the computer to move
		s.computerTurn()
	}
}

// fenProblem is a FEN error without the game package's prefix ("xiangqi: FEN: ", "chess: "):
// the person typed a position, not a package.
func fenProblem(err error) string {
	msg := err.Error()
	for _, prefix := range []string{"xiangqi: FEN: ", "chess: "} {
		msg = strings.TrimPrefix(msg, prefix)
	}
	return msg
}
