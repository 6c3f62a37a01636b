package controller

import (
	"fmt"

	"github.com/cotuong-ai/cotuong/engine"
	"github.com/cotuong-ai/cotuong/frontends/app/render"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/cotuong-ai/cotuong/puzzles"
)

// puzzleThemes are the choices of the puzzles' theme, "" for any.
var puzzleThemes = []puzzles.Theme{"", puzzles.MateIn(1), puzzles.MateIn(2), puzzles.MateIn(3), puzzles.MateIn(4), puzzles.MateIn(5), puzzles.Material}

// difficulties are the puzzles' difficulty choices: any, then the bands of puzzles' doc.
var difficulties = []struct {
	name     string
	min, max int
}{{"any", 0, 1 << 30}, {"easy", 0, 3}, {"medium", 4, 7}, {"hard", 8, 1 << 30}}

// dialogPuzzles is the puzzles' theme, difficulty and progress.
const dialogPuzzles dialogKind = "puzzles"

// puzzleChoice is what the puzzles keep between visits: the set, the theme and difficulty
// chosen, and the puzzle shown last.
type puzzleChoice struct {
	set    []puzzles.Puzzle
	setErr error
	theme  int // index of puzzleThemes
	diff   int // index of difficulties
	cur    int // index in set of the puzzle shown last
}

// puzzleScreen is a puzzle being solved: its attempt, or its solution stepped through.
type puzzleScreen struct {
	p        puzzles.Puzzle
	att      *puzzles.Attempt
	clean    bool   // no wrong move, hint or solution yet
	hint     string // the hint shown (UCI), "" when none
	note     string // what the last move did
	last     xiangqi.Move
	solution bool // the solution is shown
	solStep  int  // how many of its moves
}

// puzzleDoor is the menu's way into the puzzles: the choice of theme and difficulty, and the
// next puzzle.
var puzzleDoor = door{
	entry:  func(*Controller) render.Button { return render.Button{Action: ActPuzzles, Label: "Puzzles"} },
	action: (*Controller).puzzleDoorAction,
	dialog: (*Controller).puzzlesDialog,
}

// puzzle returns the puzzle screen when it is shown, else nil.
func (c *Controller) puzzle() *puzzleScreen {
	z, _ := c.scr.(*puzzleScreen)
	return z
}

// loadPuzzles reads the shipped set once.
func (c *Controller) loadPuzzles() {
	if c.study.set == nil && c.study.setErr == nil {
		c.study.set, c.study.setErr = puzzles.Load(engine.Xiangqi)
	}
}

// matches reports whether p fits the theme and difficulty chosen.
func (z *puzzleChoice) matches(p puzzles.Puzzle) bool {
	if t := puzzleThemes[z.theme]; t != "" && p.Theme != t {
		return false
	}
	d := difficulties[z.diff]
	return p.Difficulty >= d.min && p.Difficulty <= d.max
}

// counts returns how many puzzles fit the choice and how many of them are solved.
func (c *Controller) counts() (n, solved int) {
	for _, p := range c.study.set {
		if c.study.matches(p) {
			n++
			if has(c.set.Puzzles, p.Seed) {
				solved++
			}
		}
	}
	return n, solved
}

// NextPuzzle shows the first unsolved puzzle after the one shown that fits the choice (a
// solved one when all are); it reports false when none fits.
func (c *Controller) NextPuzzle() bool {
	c.loadPuzzles()
	z := &c.study.puzzleChoice
	n := len(z.set)
	pick := -1
	for k := 1; k <= n; k++ {
		i := (z.cur + k) % n
		if !z.matches(z.set[i]) {
			continue
		}
		if pick < 0 {
			pick = i
		}
		if !has(c.set.Puzzles, z.set[i].Seed) {
			pick = i
			break
		}
	}
	if pick < 0 {
		c.showToast("No puzzle has this theme and difficulty.")
		return false
	}
	return c.OpenPuzzle(pick)
}

// OpenPuzzle shows puzzle i of the shipped set from its start; it reports false when there
// is no such puzzle.
func (c *Controller) OpenPuzzle(i int) bool {
	c.loadPuzzles()
	z := &c.study.puzzleChoice
	if i < 0 || i >= len(z.set) {
		return false
	}
	att, err := z.set[i].Start()
	if err != nil {
		c.showMessage("This puzzle cannot be shown: " + err.Error())
		return false
	}
	z.cur = i
	c.show(&puzzleScreen{p: z.set[i], att: att, clean: true, last: xiangqi.NoMove})
	c.dialog = dialogNone
	return true
}

// Puzzle returns the puzzle shown (ok false when none is).
func (c *Controller) Puzzle() (puzzles.Puzzle, bool) {
	z := c.puzzle()
	if z == nil {
		return puzzles.Puzzle{}, false
	}
	return z.p, true
}

// PuzzleSolved reports whether the puzzle shown is solved.
func (c *Controller) PuzzleSolved() bool {
	z := c.puzzle()
	return z != nil && z.att.Solved()
}

// position is the position of the attempt shown (or of the solution's step).
func (z *puzzleScreen) position() xiangqi.Position {
	if z.solution {
		return z.after(z.solStep)
	}
	pos, _ := xiangqi.ParseFEN(z.att.Game().FEN())
	return pos
}

// after is the position after the solution's first n moves.
func (z *puzzleScreen) after(n int) xiangqi.Position {
	pos, _ := xiangqi.ParseFEN(z.p.FEN)
	for _, u := range z.p.Solution[:n] {
		m, err := pos.ParseMove(u)
		if err != nil {
			break
		}
		pos = pos.Play(m)
	}
	return pos
}

// PlayPuzzle plays the person's move (any notation Attempt.Play reads) in the puzzle shown: a
// right move is played with the computer's reply; a wrong one is not played and says so.
func (c *Controller) PlayPuzzle(move string) (puzzles.Verdict, error) {
	z := c.puzzle()
	if z == nil || z.solution {
		return puzzles.Verdict{}, fmt.Errorf("no puzzle is being solved")
	}
	pos := z.position()
	v, err := z.att.Play(move)
	if err != nil {
		c.showToast(capitalize(err.Error()) + ".")
		return v, err
	}
	z.hint = ""
	if !v.Correct {
		z.clean = false
		c.set.Streak = 0
		c.save()
		c.showToast("Not the move: it was not played. Try another.")
		z.note = "That move does not solve it."
		return v, nil
	}
	m, _ := pos.ParseMove(move)
	text := c.moveText(pos, m)
	pos = pos.Play(m)
	z.last = m
	switch {
	case v.Solved:
		z.note = "Solved! " + text + "."
		c.set.Puzzles = addAll(c.set.Puzzles, z.p.Seed)
		if z.clean {
			c.set.Streak++
			c.set.BestStreak = max(c.set.BestStreak, c.set.Streak)
		}
		c.save()
	case v.Reply != "":
		if r, err := pos.ParseMove(v.Reply); err == nil {
			z.note = fmt.Sprintf("Good: %s. The computer answered %s. Your move.", text, c.moveText(pos, r))
			z.last = r
		}
	}
	c.changed()
	return v, nil
}

// PuzzleHint shows the solution's next move as an arrow; the streak ends.
func (c *Controller) PuzzleHint() string {
	z := c.puzzle()
	if z == nil || z.solution {
		return ""
	}
	z.hint = z.att.Hint()
	if z.hint != "" {
		z.clean = false
		c.set.Streak = 0
		c.save()
	}
	c.changed()
	return z.hint
}

// ShowSolution shows the puzzle's solution from its start, to be stepped through; the
// streak ends.
func (c *Controller) ShowSolution() {
	z := c.puzzle()
	if z == nil {
		return
	}
	if !z.att.Solved() {
		z.clean = false
		c.set.Streak = 0
		c.save()
	}
	z.solution, z.solStep, z.hint = true, 0, ""
	c.clearSelection()
	c.changed()
}

// square selects the solver's piece, or plays the selected piece's move.
func (z *puzzleScreen) square(c *Controller, sq xiangqi.Square) bool {
	if z.solution || z.att.Solved() {
		return false
	}
	return c.selectOrMove(z.position(), sq, false, func(m xiangqi.Move) bool {
		c.clearSelection()
		v, err := c.PlayPuzzle(m.UCI())
		return err == nil && v.Correct
	})
}

// action performs the puzzle's bar: the hint, the solution and its steps, retry, done.
func (z *puzzleScreen) action(c *Controller, a render.Action) bool {
	switch a {
	case ActPuzzleHint:
		c.PuzzleHint()
	case ActSolution:
		c.ShowSolution()
	case ActSolPrev:
		z.solStep = max(0, z.solStep-1)
	case ActSolNext:
		z.solStep = min(len(z.p.Solution), z.solStep+1)
	case ActPuzzleRetry:
		c.OpenPuzzle(c.study.cur)
	case ActStudyDone:
		c.LeaveStudy()
	default:
		return false
	}
	c.changed()
	return true
}

// back leaves the puzzle.
func (z *puzzleScreen) back(c *Controller) bool {
	c.LeaveStudy()
	return true
}

func (z *puzzleScreen) dialog(*Controller) *render.Dialog { return nil }

func (z *puzzleScreen) leave(*Controller) {}

// computerMoves is false: the board shows the puzzle, not the game.
func (z *puzzleScreen) computerMoves() bool { return false }

// puzzleDoorAction performs the actions of the puzzles' dialog, which work from anywhere:
// open it, the next puzzle, the theme and the difficulty.
func (c *Controller) puzzleDoorAction(a render.Action) bool {
	z := &c.study.puzzleChoice
	switch a {
	case ActPuzzles:
		c.loadPuzzles()
		c.dialog = dialogPuzzles
	case ActNextPuzzle:
		c.NextPuzzle()
	case ActTheme:
		z.theme = (z.theme + 1) % len(puzzleThemes)
		c.dialog = dialogPuzzles
	case ActDifficulty:
		z.diff = (z.diff + 1) % len(difficulties)
		c.dialog = dialogPuzzles
	default:
		return false
	}
	c.changed()
	return true
}

// themeName is a theme choice in words.
func themeName(t puzzles.Theme) string {
	switch {
	case t == "":
		return "any"
	case t == puzzles.Material:
		return "win material"
	}
	return fmt.Sprintf("mate in %d", t.Mate())
}

// puzzlesDialog is the puzzles' choice: theme, difficulty, progress and "Next puzzle" (nil
// when it is not open).
func (c *Controller) puzzlesDialog() *render.Dialog {
	if c.dialog != dialogPuzzles {
		return nil
	}
	z := &c.study.puzzleChoice
	if z.setErr != nil {
		return &render.Dialog{Title: "Puzzles", Text: []string{"The puzzles could not be read: " + z.setErr.Error()},
			Buttons: []render.Button{{Action: ActClose, Label: "Close"}}}
	}
	n, solved := c.counts()
	text := []string{
		fmt.Sprintf("Solved %d of %d puzzles in all; streak %d (best %d).", len(c.set.Puzzles), len(z.set), c.set.Streak, c.set.BestStreak),
		fmt.Sprintf("This choice: %d puzzles, %d solved.", n, solved),
	}
	return &render.Dialog{Title: "Puzzles", Vertical: true, Text: text, Buttons: []render.Button{
		{Action: ActNextPuzzle, Label: "Next puzzle", Disabled: n == 0},
		{Action: ActTheme, Label: "Theme: " + themeName(puzzleThemes[z.theme])},
		{Action: ActDifficulty, Label: "Difficulty: " + difficulties[z.diff].name},
		{Action: ActClose, Label: "Close"},
	}}
}

// view shows the puzzle: its position (the solver at the bottom), the selection, the last
// move, the hint, and the goal and what happened in the panel.
func (z *puzzleScreen) view(c *Controller, v *render.View) {
	p := z.p
	pos := z.position()
	c.showBoard(v, pos)
	start, _ := xiangqi.ParseFEN(p.FEN)
	solver := start.SideToMove()
	v.Flipped = solver == xiangqi.Black
	if c.sel != xiangqi.NoSquare {
		v.Selected = int(c.sel)
		for _, m := range c.targets {
			v.Targets = append(v.Targets, int(m.To()))
		}
	}
	if z.last != xiangqi.NoMove && !z.solution {
		v.LastFrom, v.LastTo = int(z.last.From()), int(z.last.To())
	}
	if z.hint != "" {
		if m, err := pos.ParseMove(z.hint); err == nil {
			v.Arrows = append(v.Arrows, render.Arrow{From: int(m.From()), To: int(m.To()), Kind: render.ArrowHint})
		}
	}
	level := "easy"
	switch {
	case p.Difficulty >= 8:
		level = "hard"
	case p.Difficulty >= 4:
		level = "medium"
	}
	v.Status = "Puzzle: " + p.Description()
	v.Detail = fmt.Sprintf("%s to play · %s · streak %d", solver, level, c.set.Streak)
	words := []string{fmt.Sprintf("%s to play: %s.", solver, p.Description())}
	if z.note != "" {
		words = append(words, z.note)
	}
	if z.att.Solved() {
		v.Tone = render.ToneFinal
	}
	v.Bar = []render.Button{
		{Action: ActPuzzleHint, Label: "Hint", Disabled: z.att.Solved()},
		{Action: ActSolution, Label: "Solution"},
		{Action: ActNextPuzzle, Label: "Next"},
		{Action: ActStudyDone, Label: "Done"},
	}
	if z.solution {
		words = append(words, fmt.Sprintf("The solution, move %d of %d.", z.solStep, len(p.Solution)))
		if z.solStep > 0 {
			prev := z.after(z.solStep - 1)
			if m, err := prev.ParseMove(p.Solution[z.solStep-1]); err == nil {
				v.LastFrom, v.LastTo = int(m.From()), int(m.To())
				words = append(words, c.moveText(prev, m))
			}
		}
		v.Bar = []render.Button{
			{Action: ActSolPrev, Label: "◀", Disabled: z.solStep == 0},
			{Action: ActSolNext, Label: "▶", Disabled: z.solStep == len(p.Solution)},
			{Action: ActPuzzleRetry, Label: "Retry"},
			{Action: ActNextPuzzle, Label: "Next"},
			{Action: ActStudyDone, Label: "Done"},
		}
	}
	v.Review = &render.ReviewPanel{Words: words}
}
