package controller

import (
	"fmt"
	"strings"

	"github.com/cotuong-ai/cotuong/engine"
	"github.com/cotuong-ai/cotuong/frontends/app/render"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/cotuong-ai/cotuong/gamesearch"
	"github.com/cotuong-ai/cotuong/puzzles"
)

// themeChoices are the choices of the puzzles' theme: "" for any, then the set's themes
// (puzzles.Themes: the mates by length, material, defensive moves and the motifs).
func (z *puzzleChoice) themeChoices() []puzzles.Theme {
	out := []puzzles.Theme{""}
	for _, tc := range puzzles.Themes(z.set) {
		out = append(out, tc.Theme)
	}
	return out
}

// chosenTheme is the theme chosen, "" for any.
func (z *puzzleChoice) chosenTheme() puzzles.Theme {
	ts := z.themeChoices()
	return ts[z.theme%len(ts)]
}

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
	theme  int // index of themeChoices
	diff   int // index of difficulties
	cur    int // index in set of the puzzle shown last
}

// puzzleScreen is a puzzle being solved: its attempt, or its solution stepped through.
type puzzleScreen struct {
	studyScreen
	p        puzzles.Puzzle
	att      *puzzles.Attempt
	clean    bool   // no wrong move, hint or solution yet
	hint     string // the hint's move (UCI), "" when none
	hintStep int    // 0 no hint, 1 the piece shown, 2 the move shown (as lichess)
	note     string // what the last move did
	last     xiangqi.Move
	wrong    string // the last wrong move (UCI) and its refutation, drawn as arrows
	refute   string
	rated    bool   // the attempt's result went into the ratings (at its first mistake or its end)
	rating   string // what the result did to the player's rating
	solution bool   // the solution is shown
	solStep  int    // how many of its plies
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
	if t := z.chosenTheme(); t != "" && !p.Has(t) {
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
	z.hint, z.hintStep, z.wrong, z.refute = "", 0, "", ""
	m, _ := pos.ParseMove(move)
	text := c.moveText(pos, m)
	if !v.Correct {
		// As lichess: the mistake fails the puzzle (the ratings take it now), its refutation
		// is shown, and the player may try again.
		z.clean = false
		c.set.Streak = 0
		c.ratePuzzle(z, false)
		z.wrong = m.UCI()
		z.note = "Wrong: " + text + " does not solve it."
		if v.Refutation != "" {
			after := pos.Play(m)
			if r, err := after.ParseMove(v.Refutation); err == nil {
				z.refute = v.Refutation
				z.note = "Wrong: " + text + " (blue arrow) is met by " + c.moveText(after, r) + " (red arrow)"
				if k := gamesearch.MateIn(v.RefutationScore); k > 0 {
					z.note += fmt.Sprintf(", which mates in %d", k)
				}
				z.note += "."
			}
		}
		z.note += " The puzzle counts as failed; try another move."
		c.save()
		c.changed()
		return v, nil
	}
	pos = pos.Play(m)
	z.last = m
	switch {
	case v.Solved:
		z.note = "Solved! " + text + "."
		if v.Alternative {
			z.note = "Solved! " + text + " mates as well as the listed move."
		}
		if v.Reason != "" {
			z.note += " " + v.Reason
		}
		c.set.Puzzles = addAll(c.set.Puzzles, z.p.Seed)
		if z.clean {
			c.set.Streak++
			c.set.BestStreak = max(c.set.BestStreak, c.set.Streak)
		}
		c.ratePuzzle(z, true)
		c.save()
	case v.Reply != "":
		if r, err := pos.ParseMove(v.Reply); err == nil {
			good := "Good"
			if v.Alternative {
				good = "Good, another way to mate"
			}
			z.note = fmt.Sprintf("%s: %s. The computer answered %s. Your move.", good, text, c.moveText(pos, r))
			z.last = r
		}
	}
	c.changed()
	return v, nil
}

// ratePuzzle puts the attempt's result into the player's and the puzzle's Glicko-2 ratings
// once, as lichess does: a failure at the first mistake (or the solution shown), a win when
// it is solved without one.
func (c *Controller) ratePuzzle(z *puzzleScreen, solved bool) {
	if z.rated {
		return
	}
	z.rated = true
	before, after := c.set.Rating.Result(z.p, solved && z.clean)
	z.rating = fmt.Sprintf("Your puzzle rating: %.0f → %.0f.", before.R, after.R)
}

// PuzzleHint gives the hint as lichess does: the first time the piece to move (ringed), the
// second time the move (an arrow); it returns the square or the move in UCI. The streak ends.
func (c *Controller) PuzzleHint() string {
	z := c.puzzle()
	if z == nil || z.solution {
		return ""
	}
	z.hint = z.att.Hint()
	if z.hint == "" {
		return ""
	}
	z.clean = false
	c.set.Streak = 0
	c.save()
	z.hintStep = min(z.hintStep+1, 2)
	if z.wrong != "" { // the wrong move's arrows go, and the words that named them
		z.wrong, z.refute, z.note = "", "", "A wrong try: the puzzle counts as failed."
	}
	c.changed()
	if z.hintStep == 1 {
		return z.att.HintPiece()
	}
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
		c.ratePuzzle(z, false)
		c.save()
	}
	z.solution, z.solStep, z.hint, z.hintStep, z.wrong, z.refute = true, 0, "", 0, "", ""
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
		z.theme = (z.theme + 1) % len(z.themeChoices())
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
	if t == "" {
		return "any"
	}
	return strings.ToLower(t.Name()[:1]) + t.Name()[1:]
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
		fmt.Sprintf("Your puzzle rating: %.0f (±%.0f).", c.set.Rating.PlayerRating().R, c.set.Rating.PlayerRating().RD),
	}
	return &render.Dialog{Title: "Puzzles", Vertical: true, Text: text, Buttons: []render.Button{
		{Action: ActNextPuzzle, Label: "Next puzzle", Disabled: n == 0},
		{Action: ActTheme, Label: "Theme: " + themeName(z.chosenTheme())},
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
	if z.hint != "" && !z.solution {
		if m, err := pos.ParseMove(z.hint); err == nil {
			if z.hintStep >= 2 {
				v.Arrows = append(v.Arrows, render.Arrow{From: int(m.From()), To: int(m.To()), Kind: render.ArrowHint})
			} else {
				v.Marks = append(v.Marks, render.BoardMark{Square: int(m.From()), Kind: render.MarkMissed})
			}
		}
	}
	if z.wrong != "" && !z.solution {
		if m, err := pos.ParseMove(z.wrong); err == nil {
			v.Arrows = append(v.Arrows, render.Arrow{From: int(m.From()), To: int(m.To()), Kind: render.ArrowHint})
			after := pos.Play(m)
			if r, err := after.ParseMove(z.refute); err == nil {
				v.Arrows = append(v.Arrows, render.Arrow{From: int(r.From()), To: int(r.To()), Kind: render.ArrowThreat})
			}
		}
	}
	level := "easy"
	switch {
	case p.Difficulty >= 8:
		level = "hard"
	case p.Difficulty >= 4:
		level = "medium"
	}
	pr := c.set.Rating.Rating(p)
	v.Status = "Puzzle: " + p.Description()
	v.Detail = fmt.Sprintf("%s to play · %s, rated %.0f · you %.0f", solver, level, pr.R, c.set.Rating.PlayerRating().R)
	words := []string{fmt.Sprintf("%s to play: %s.", solver, p.Description())}
	if names := themeNames(p); names != "" {
		words = append(words, "Themes: "+names+".")
	}
	if z.hintStep == 1 && z.hint != "" {
		if m, err := pos.ParseMove(z.hint); err == nil {
			words = append(words, "Hint: move the "+pieceWord(pos.PieceAt(m.From()))+" (ringed). Hint again for the move.")
		}
	}
	if z.note != "" {
		words = append(words, z.note)
	}
	if z.rating != "" && (z.att.Solved() || !z.clean) {
		words = append(words, z.rating)
	}
	if z.att.Solved() {
		v.Tone = render.ToneFinal
	} else if z.wrong != "" {
		v.Tone = render.ToneAlert
	}
	v.Moves = c.puzzleMoves(z)
	v.Bar = []render.Button{
		{Action: ActPuzzleHint, Label: "Hint", Disabled: z.att.Solved()},
		{Action: ActSolution, Label: "Solution"},
		{Action: ActNextPuzzle, Label: "Next"},
		{Action: ActStudyDone, Label: "Done"},
	}
	if z.solution {
		words = append(words, "The solution: "+puzzles.StepText(p, z.solStep)+".")
		if z.solStep > 0 {
			prev := z.after(z.solStep - 1)
			if m, err := prev.ParseMove(p.Solution[z.solStep-1]); err == nil {
				v.LastFrom, v.LastTo = int(m.From()), int(m.To())
				words = append(words, c.moveText(prev, m))
			}
		}
		v.Moves = c.lineRows(p.FEN, p.Solution[:z.solStep])
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

// themeNames are the puzzle's goal and motifs in words: "Mate in 2, Cannon screen".
func themeNames(p puzzles.Puzzle) string {
	names := []string{p.Theme.Name()}
	for _, m := range p.Motifs {
		names = append(names, m.Name())
	}
	return strings.Join(names, ", ")
}

// pieceWord names a piece kind in English ("chariot").
func pieceWord(pc xiangqi.Piece) string {
	if info, ok := engine.Piece(engine.Xiangqi, pc.Letter()&^0x20); ok {
		return info.Name
	}
	return "piece"
}

// puzzleMoves lists the moves played in the attempt, as the move list numbers a game's.
func (c *Controller) puzzleMoves(z *puzzleScreen) []render.MoveRow {
	return c.lineRows(z.p.FEN, z.att.Played())
}

// lineRows writes a line of UCI moves from fen as move-list rows (a line that starts with
// Black's move leaves Red's first cell "…").
func (c *Controller) lineRows(fen string, line []string) []render.MoveRow {
	pos, err := xiangqi.ParseFEN(fen)
	if err != nil {
		return nil
	}
	var rows []render.MoveRow
	for _, u := range line {
		m, err := pos.ParseMove(u)
		if err != nil {
			break
		}
		text := c.moveText(pos, m)
		if pos.SideToMove() == xiangqi.Red || len(rows) == 0 {
			rows = append(rows, render.MoveRow{Num: len(rows) + 1})
		}
		r := &rows[len(rows)-1]
		if pos.SideToMove() == xiangqi.Red {
			r.Red = text
		} else {
			if r.Red == "" {
				r.Red = "…"
			}
			r.Black = text
		}
		pos = pos.Play(m)
	}
	return rows
}
