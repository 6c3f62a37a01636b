package main

import (
	"fmt"
	"strings"
	"sync"

	"github.com/cotuong-ai/cotuong/engine"
	"github.com/cotuong-ai/cotuong/gamesearch"
	"github.com/cotuong-ai/cotuong/internal/board"
	"github.com/cotuong-ai/cotuong/puzzles"
)

// helpPuzzles is the help of the puzzle commands ("puzzle help"; the commands' help has a
// line for them).
const helpPuzzles = `Puzzles:
  puzzle [THEME|ID]  pose a puzzle of the set: the next one, the next of a theme
                (mateIn2, fork, defensiveMove, ...) or one by its ID (1:71);
                puzzle themes lists the themes. Then type your move in any
                notation, hint (the piece, then the move), solution, or another
                command to leave.`

// puzzleState is a session's puzzle in progress and its record: the set, the next puzzle to
// pose, the attempt, how much of the hint was given, and the person's Glicko-2 rating.
type puzzleState struct {
	set    []puzzles.Puzzle
	next   int
	att    *puzzles.Attempt
	hints  int
	rating puzzles.Rating
	rated  map[string]puzzles.Rating // each puzzle's rating, from its difficulty at first
}

// puzzleStates keeps each session's puzzle state (a session has at most one).
var puzzleStates sync.Map // *session → *puzzleState

func (s *session) puzzles() (*puzzleState, error) {
	if v, ok := puzzleStates.Load(s); ok {
		return v.(*puzzleState), nil
	}
	set, err := puzzles.Load(s.variant)
	if err != nil {
		return nil, err
	}
	z := &puzzleState{set: set, rating: puzzles.NewRating(), rated: map[string]puzzles.Rating{}}
	puzzleStates.Store(s, z)
	return z, nil
}

// puzzleLeaves are the commands that leave a puzzle in progress and are then carried out.
var puzzleLeaves = map[string]bool{"quit": true, "exit": true, "q": true, "new": true, "undo": true,
	"level": true, "save": true, "load": true, "resume": true, "review": true, "threats": true,
	"fen": true, "moves": true, "flip": true}

// puzzleCommand carries out line if it is a puzzle command ("puzzle …", or while a puzzle is
// posed a move, hint, solution, board or help) and reports whether it did; any other command
// leaves the puzzle and is carried out as usual.
func (s *session) puzzleCommand(line string) bool {
	f := strings.Fields(line)
	if len(f) == 0 {
		return false
	}
	word := strings.ToLower(f[0])
	arg := strings.TrimSpace(strings.TrimPrefix(line, f[0]))
	if word == "puzzle" || word == "puzzles" {
		if arg == "help" || arg == "?" {
			fmt.Fprintln(s.out, helpPuzzles)
		} else {
			s.posePuzzle(arg)
		}
		return true
	}
	v, ok := puzzleStates.Load(s)
	if !ok || v.(*puzzleState).att == nil {
		return false
	}
	z := v.(*puzzleState)
	switch {
	case word == "hint":
		s.puzzleHint(z)
	case word == "solution":
		s.puzzleSolution(z)
	case word == "board":
		s.drawPuzzle(z)
	case puzzleLeaves[word]:
		s.say("Puzzle %s left unsolved.", z.att.Puzzle().ID())
		z.att = nil
		return false
	default:
		s.puzzleMove(z, line)
	}
	return true
}

// posePuzzle answers "puzzle [THEME|ID]" and "puzzle themes".
func (s *session) posePuzzle(arg string) {
	z, err := s.puzzles()
	if err != nil {
		s.say("The puzzles could not be loaded: %v.", err)
		return
	}
	if len(z.set) == 0 {
		s.say("There are no %s puzzles.", s.variant)
		return
	}
	if strings.EqualFold(arg, "themes") {
		s.say("%s", wrap("Themes: "+themeList(z.set)+".", screenWidth))
		return
	}
	pick := -1
	switch {
	case arg == "":
		pick = z.next % len(z.set)
	case strings.Contains(arg, ":"):
		for i, p := range z.set {
			if p.ID() == arg {
				pick = i
			}
		}
		if pick < 0 {
			s.say("No puzzle has the ID %s (IDs are written like %s).", arg, z.set[0].ID())
			return
		}
	default:
		t := findTheme(z.set, arg)
		if t == "" {
			s.say("%s", wrap(fmt.Sprintf("No puzzle has the theme %q. Themes: %s.", arg, themeList(z.set)), screenWidth))
			return
		}
		for i := range z.set {
			if j := (z.next + i) % len(z.set); z.set[j].Has(t) {
				pick = j
				break
			}
		}
	}
	p := z.set[pick]
	z.next = pick + 1
	z.att, err = p.Start()
	if err != nil {
		s.say("Puzzle %s cannot be set up: %v.", p.ID(), err)
		return
	}
	z.hints = 0
	s.drawPuzzle(z)
	themes := p.ThemeText()
	for _, m := range p.Motifs {
		themes += ", " + string(m)
	}
	s.say("Puzzle %s (%s; rated %.0f): %s to move. %s.", p.ID(), themes, z.puzzleRating(p).R,
		z.att.Game().SideName(z.att.Game().SideToMove()), p.Description())
	s.say("Type your move, hint or solution.")
}

func (z *puzzleState) puzzleRating(p puzzles.Puzzle) puzzles.Rating {
	if r, ok := z.rated[p.ID()]; ok {
		return r
	}
	return puzzles.PuzzleRating(p.Difficulty)
}

// themeList lists the themes of set with their counts: "mate (700), mateIn1 (115), …".
func themeList(set []puzzles.Puzzle) string {
	var names []string
	for _, tc := range puzzles.Themes(set) {
		names = append(names, fmt.Sprintf("%s (%d)", tc.Theme, tc.Count))
	}
	return strings.Join(names, ", ")
}

// findTheme returns the theme of set named name, case aside ("" when none).
func findTheme(set []puzzles.Puzzle, name string) puzzles.Theme {
	for _, tc := range puzzles.Themes(set) {
		if strings.EqualFold(string(tc.Theme), name) {
			return tc.Theme
		}
	}
	return ""
}

// drawPuzzle draws the puzzle's position from the solver's side.
func (s *session) drawPuzzle(z *puzzleState) {
	g := z.att.Game()
	st := s.style
	st.Flip = z.att.Puzzle().Variant == engine.Xiangqi && solverSide(z.att) == engine.Second
	if ms := g.Moves(); len(ms) > 0 {
		st.LastMove = ms[len(ms)-1]
		if len(ms) > 1 {
			st.PrevMove = ms[len(ms)-2]
		}
	}
	fmt.Fprint(s.out, board.Draw(g, st))
}

// solverSide is the side to move in the puzzle's position.
func solverSide(a *puzzles.Attempt) engine.Side {
	g, err := engine.GameFromFEN(a.Puzzle().Variant, a.Puzzle().FEN)
	if err != nil {
		return engine.First
	}
	return g.SideToMove()
}

// puzzleText writes the UCI move u of position g as describe does for the game.
func (s *session) puzzleText(g engine.Game, u string) string {
	m, err := g.ParseUCI(u)
	if err != nil {
		return u
	}
	switch {
	case g.Variant() == engine.Xiangqi && s.style.Labels == board.Vietnamese:
		return fmt.Sprintf("%s (%s)", u, g.Local(m, "vietnamese"))
	case g.Variant() == engine.Xiangqi && s.style.Labels == board.Chinese:
		return fmt.Sprintf("%s (%s, %s)", u, g.Notation(m), g.Local(m, "chinese"))
	}
	return fmt.Sprintf("%s (%s)", u, g.Notation(m))
}

// puzzleMove plays the person's move in the puzzle and says plainly whether it was correct.
func (s *session) puzzleMove(z *puzzleState, line string) {
	before := z.att.Game()
	v, err := z.att.Play(line)
	if err != nil {
		s.say("Not a move here: %s. Type your move, hint or solution.", engine.MoveProblem(err))
		return
	}
	m, _ := before.ParseMove(line)
	played := s.puzzleText(before, before.UCI(m))
	if !v.Correct {
		msg := "Wrong: " + played + " is not the answer"
		if v.Refutation != "" {
			after := before.Clone()
			_ = after.Push(m)
			msg += "; it is met by " + s.puzzleText(after, v.Refutation)
			if k := gamesMate(v.RefutationScore); k > 0 {
				msg += fmt.Sprintf(", which mates in %d", k)
			}
		}
		s.say("%s", wrap(msg+". The puzzle counts as failed; try again, or type hint or solution.", screenWidth))
		return
	}
	if v.Alternative {
		s.say("Correct: %s is not the listed move, but it mates as fast.", played)
	} else {
		s.say("Correct: %s.", played)
	}
	if v.Solved {
		s.finishPuzzle(z, v.Reason)
		return
	}
	if v.Reply != "" {
		g := z.att.Game()
		_, _ = g.Pop()
		s.say("%s answers %s.", g.SideName(g.SideToMove()), s.puzzleText(g, v.Reply))
	}
	s.drawPuzzle(z)
	s.say("Your move (%d of %d).", z.att.Done()+1, z.att.Puzzle().Moves())
}

// gamesMate returns the mate in moves of a score from the mover's view, 0 when none.
func gamesMate(score int) int { return max(gamesearch.MateIn(score), 0) }

// finishPuzzle says the puzzle is solved (and why a mate wins), updates the ratings and
// leaves the puzzle.
func (s *session) finishPuzzle(z *puzzleState, reason string) {
	s.drawPuzzle(z)
	p := z.att.Puzzle()
	won := !z.att.Failed()
	old := z.rating
	z.rating, z.rated[p.ID()] = puzzles.RecordAttempt(z.rating, z.puzzleRating(p), won)
	msg := "Solved!"
	if !won {
		msg = "Solved, after a wrong try or the solution: it counts as failed."
	}
	if reason != "" {
		msg += " " + reason
	}
	s.say("%s", wrap(fmt.Sprintf("%s Your puzzle rating: %.0f → %.0f (±%.0f). Type puzzle for the next one.",
		msg, old.R, z.rating.R, z.rating.RD), screenWidth))
	z.att = nil
}

// puzzleHint gives the hint in two steps, as lichess: first the piece, then the move.
func (s *session) puzzleHint(z *puzzleState) {
	g := z.att.Game()
	u := z.att.Hint()
	if u == "" {
		s.say("No hint: the puzzle is solved.")
		return
	}
	z.hints++
	if z.hints == 1 {
		sq := engine.AtUCI(g, z.att.HintPiece())
		s.say("Hint: move the piece on %s (%s). Type hint again for the move.", z.att.HintPiece(), pieceName(g.Variant(), sq.Letter))
		return
	}
	s.say("Hint: %s.", s.puzzleText(g, u))
}

// pieceName names a piece by its FEN letter.
func pieceName(v engine.Variant, letter byte) string {
	if letter >= 'a' {
		letter -= 'a' - 'A'
	}
	if p, ok := engine.Piece(v, letter); ok {
		return p.Name
	}
	return string(letter)
}

// puzzleSolution shows the rest of the line, counts the puzzle as failed and leaves it.
func (s *session) puzzleSolution(z *puzzleState) {
	g := z.att.Game()
	var words []string
	for _, u := range z.att.Line() {
		words = append(words, s.puzzleText(g, u))
		m, err := g.ParseUCI(u)
		if err != nil || g.Push(m) != nil {
			break
		}
	}
	z.att.Fail()
	p := z.att.Puzzle()
	old := z.rating
	z.rating, z.rated[p.ID()] = puzzles.RecordAttempt(z.rating, z.puzzleRating(p), false)
	s.say("%s", wrap(fmt.Sprintf("Solution: %s. The puzzle counts as failed. Your puzzle rating: %.0f → %.0f. Type puzzle for the next one.",
		strings.Join(words, ", "), old.R, z.rating.R), screenWidth))
	z.att = nil
}
