package controller

import (
	"fmt"
	"math"
	"strings"

	"github.com/cotuong-ai/cotuong/engine"
	"github.com/cotuong-ai/cotuong/frontends/app/render"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/cotuong-ai/cotuong/review"
)

// The review's dialogs.
const (
	dialogSummary     dialogKind = "summary"      // the game summary
	dialogConfirmHere dialogKind = "confirm-here" // "continue from here", confirmed
)

// reviewScreen is the review of the game: the board shows the position after ply moves of
// the game, or, while a better line is stepped through (line != nil), the position after
// lineFrom moves and lineStep moves of line; the panel shows the analysis's judgement. The
// game is not touched (its computer may still move) until "continue from here".
type reviewScreen struct {
	ply      int
	line     []xiangqi.Move
	lineFrom int
	lineStep int
}

// reviewDoor is the menu's (and the game-over dialog's) way into the review.
var reviewDoor = door{
	entry: func(c *Controller) render.Button {
		return render.Button{Action: ActReview, Label: "Review the game", Disabled: c.game.Len() == 0}
	},
	action: func(c *Controller, a render.Action) bool {
		if a != ActReview {
			return false
		}
		c.OpenReview(c.game.Len())
		c.changed()
		return true
	},
}

// review returns the review when it is shown, else nil.
func (c *Controller) review() *reviewScreen {
	r, _ := c.scr.(*reviewScreen)
	return r
}

// Reviewing reports whether the review is open, and the position it shows (the number of the
// game's moves played before it; 0 when it is not open).
func (c *Controller) Reviewing() (ply int, on bool) {
	if r := c.review(); r != nil {
		return r.ply, true
	}
	return 0, false
}

// OpenReview opens the review at the position after ply moves (clamped to the game), and
// starts the analysis of the game unless it is complete or running. The game itself is not
// touched: LeaveReview returns to it as it was.
func (c *Controller) OpenReview(ply int) {
	c.show(&reviewScreen{ply: min(max(ply, 0), c.game.Len())})
	c.listScroll = -1
	c.StartAnalysis()
	c.changed()
}

// LeaveReview closes the review: the board shows the game as it is.
func (c *Controller) LeaveReview() {
	if c.review() != nil {
		c.showGame()
	}
}

// ReviewGo shows the position after ply moves (clamped), leaving a better line; outside the
// review it opens the review there.
func (c *Controller) ReviewGo(ply int) {
	r := c.review()
	if r == nil {
		c.OpenReview(ply)
		return
	}
	r.line = nil
	r.ply = min(max(ply, 0), c.game.Len())
	c.listScroll = -1
	c.changed()
}

// ReviewStep steps d moves through the review (or through the better line being shown):
// −1 back, +1 forward. On the game a step back opens the review at the previous position.
func (c *Controller) ReviewStep(d int) {
	a := ActNext
	if d < 0 {
		a = ActPrev
	}
	c.scr.action(c, a)
}

// step steps d moves through the review or the better line shown.
func (r *reviewScreen) step(c *Controller, d int) {
	if r.line != nil {
		r.lineStep = min(max(r.lineStep+d, 0), len(r.line))
		c.changed()
		return
	}
	c.ReviewGo(r.ply + d)
}

// ShowLine steps through the better line of the move that led to the shown position (its
// first move shown as an arrow); ok is false when that move has none or the review is not
// open.
func (c *Controller) ShowLine() bool {
	r := c.review()
	mr, ok := c.currentMove()
	if r == nil || !ok || len(mr.BestLine) == 0 || mr.Mark == review.Good {
		return false
	}
	r.line = xqMoves(mr.BestLine)
	r.lineFrom = mr.Ply
	r.lineStep = 0
	c.changed()
	return true
}

// currentMove returns the review of the move that led to the position the review shows.
func (c *Controller) currentMove() (review.MoveReview, bool) {
	r := c.review()
	rv := c.Review()
	if r == nil || rv == nil {
		return review.MoveReview{}, false
	}
	p := r.ply - 1
	if p < 0 || p >= len(rv.Moves) {
		return review.MoveReview{}, false
	}
	return rv.Moves[p], true
}

// ContinueFromHere takes the game back to the position the review shows (with the better
// line's moves shown, when one is stepped through) and closes the review; the computer moves
// if it is its turn. It reports false when the shown position is the game's own or the
// review is not open.
func (c *Controller) ContinueFromHere() bool {
	r := c.review()
	if r == nil {
		return false
	}
	from, extra := r.ply, []xiangqi.Move(nil)
	if r.line != nil {
		from, extra = r.lineFrom, r.line[:r.lineStep]
	}
	if from == c.game.Len() && len(extra) == 0 {
		return false
	}
	c.stopSearch()
	for c.game.Len() > from {
		c.game.Pop()
	}
	for _, m := range extra {
		if c.game.Push(m) != nil {
			break
		}
	}
	c.showGame()
	c.listScroll = 0
	c.gameChanged()
	c.save()
	c.changed()
	c.maybeSearch()
	return true
}

// shownPosition returns the position the board shows: the game's, or in the review the one
// after its chosen moves (and the better line's moves stepped through).
func (c *Controller) shownPosition() xiangqi.Position {
	if r := c.review(); r != nil {
		return r.position(c)
	}
	return c.game.Position()
}

// position is the position the review shows.
func (r *reviewScreen) position(c *Controller) xiangqi.Position {
	pos := c.game.Start()
	moves := c.game.Moves()
	n := r.ply
	if r.line != nil {
		n = r.lineFrom
	}
	for _, m := range moves[:min(n, len(moves))] {
		pos = pos.Play(m)
	}
	if r.line != nil {
		for _, m := range r.line[:r.lineStep] {
			pos = pos.Play(m)
		}
	}
	return pos
}

// last returns the move that led to the position the review shows.
func (r *reviewScreen) last(c *Controller) (xiangqi.Move, bool) {
	moves := c.game.Moves()
	switch {
	case r.line != nil && r.lineStep > 0:
		return r.line[r.lineStep-1], true
	case r.line != nil:
		if r.lineFrom > 0 {
			return moves[r.lineFrom-1], true
		}
	case r.ply > 0 && r.ply <= len(moves):
		return moves[r.ply-1], true
	}
	return xiangqi.NoMove, false
}

// square refuses taps: the review shows the game, it does not play it.
func (r *reviewScreen) square(c *Controller, sq xiangqi.Square) bool {
	c.refuseTap(c.game.Position(), sq)
	return false
}

// action performs the review's bar, its panel's buttons and its dialogs' (the summary, the
// confirmation of "continue from here").
func (r *reviewScreen) action(c *Controller, a render.Action) bool {
	switch a {
	case ActPrev:
		r.step(c, -1)
	case ActNext:
		r.step(c, 1)
	case ActHere:
		c.dialog = dialogConfirmHere
	case ActYesHere:
		c.ContinueFromHere()
	case ActDone:
		c.LeaveReview()
	case ActLine:
		c.ShowLine()
	case ActLineOff:
		r.line = nil
	case ActAnalyse:
		c.StartAnalysis()
	case ActCancelAna:
		c.CancelAnalysis()
	case ActSummary:
		c.dialog = dialogSummary
	case ActSwing:
		if rv := c.Review(); rv != nil && rv.Summary.Swing >= 0 {
			c.OpenReview(rv.Moves[rv.Summary.Swing].Ply + 1)
		}
	default:
		return false
	}
	c.changed()
	return true
}

// back leaves the better line shown, else the review.
func (r *reviewScreen) back(c *Controller) bool {
	if r.line != nil {
		r.line = nil
		return true
	}
	c.LeaveReview()
	return true
}

// leave shows the game's newest moves in the list again and looks for the threats of its
// position.
func (r *reviewScreen) leave(c *Controller) {
	c.listScroll = 0
	c.maybeThreats()
}

// computerMoves is true: the game goes on behind the review.
func (r *reviewScreen) computerMoves() bool { return true }

// graph returns Red's winning chances in each position of the game (NaN where not analysed)
// and the judgement glyph of the move leading to each.
func (c *Controller) graph() ([]float64, []string) {
	n := c.game.Len() + 1
	g := make([]float64, n)
	marks := make([]string, n)
	for i := range g {
		g[i] = math.NaN()
	}
	a := c.teach.ana
	if a == nil {
		return g, marks
	}
	k := a.K()
	red := !c.blackFirst()
	for i, e := range a.Evals {
		if i >= n {
			break
		}
		w := review.WinningChances(e.Score, k)
		if red != (i%2 == 0) {
			w = -w // Black to move: its score is from Black's view
		}
		g[i] = w
	}
	if rv := c.Review(); rv != nil {
		for _, mr := range rv.Moves {
			if mr.Judged && mr.Mark != review.Good && mr.Ply+1 < n {
				marks[mr.Ply+1] = mr.Mark.Glyph()
			}
		}
	}
	return g, marks
}

// progress says how far the analysis is ("" when none runs).
func (c *Controller) progress() string {
	t := &c.teach
	if !t.anaOn {
		return ""
	}
	if t.anaPos > 0 && t.anaI > t.anaPos {
		return "Checking the mistakes found…" // review's deeper verification searches
	}
	n := max(min(t.anaN, t.anaPos), 1) // the positions: the last one is after the last move
	p := min(max(t.anaI, 1), n) - 1    // the position searched, before the game's move p
	last := max(n-2, 0)                // the last move
	// The move's full-move number as the status writes it: "4" for Red's, "4…" for Black's.
	return fmt.Sprintf("Analysing move %s of %d", strings.TrimSuffix(c.moveLabel(min(p, last)), "."), c.moveNumber(last))
}

// view shows the game at the position reviewed, the graph of the winning chances and the
// judgement of the move that led there, or the better line stepped through.
func (r *reviewScreen) view(c *Controller, v *render.View) {
	c.gameView(v, r.position(c))
	if m, ok := r.last(c); ok {
		v.LastFrom, v.LastTo = int(m.From()), int(m.To())
	}
	c.playersView(v)
	t := &c.teach
	g, marks := c.graph()
	rp := &render.ReviewPanel{Graph: g, Marks: marks, Cursor: r.ply, Scores: true,
		GraphAbove: "+ Red better", GraphBelow: "- Black better"}
	v.Review = rp
	v.Tone = render.ToneNormal
	v.Status = fmt.Sprintf("Review · start · %d moves", c.fullMoves(c.game.Len()))
	if r.ply > 0 {
		// "of" the last move's number (a game set up from a position counts on from its FEN's).
		v.Status = fmt.Sprintf("Review · move %s of %d", strings.TrimSuffix(c.moveLabel(r.ply-1), "."), c.moveNumber(c.game.Len()-1))
	}
	v.Detail = "The game is kept as it was: Done returns to it."
	if p := c.progress(); p != "" {
		v.Detail = p
		rp.Words = append(rp.Words, p)
	} else if t.anaErr != "" {
		rp.Words = append(rp.Words, t.anaErr)
	}
	mr, ok := c.currentMove()
	switch {
	case r.line != nil:
		v.Status = fmt.Sprintf("Better line · step %d of %d", r.lineStep, len(r.line))
		if r.lineStep < len(r.line) {
			m := r.line[r.lineStep]
			v.Arrows = append(v.Arrows, render.Arrow{From: int(m.From()), To: int(m.To()), Kind: render.ArrowBetter})
		}
		rp.Cursor = r.lineFrom
		rp.Words = append(rp.Words, "The better line: "+c.numbered(mr.Ply, mr.BestText))
	case ok && mr.Judged:
		head := fmt.Sprintf("%s %s", mr.Label, mr.Text)
		if mr.Mark != review.Good {
			head = fmt.Sprintf("%s (%s): %s", capitalize(article(mr.Mark.String())), mr.Mark.Glyph(), mr.Words)
			if mr.Words == "" {
				head += mr.Label + " " + mr.Text + mr.Mark.Glyph()
			}
			if mr.Best != 0 {
				m := xiangqi.Move(mr.Best)
				v.Arrows = append(v.Arrows, render.Arrow{From: int(m.From()), To: int(m.To()), Kind: render.ArrowBetter})
			}
		} else {
			head += fmt.Sprintf(": a good move (%s).", review.FirstText(engine.Xiangqi, mr.After, mr.Side))
		}
		rp.Words = append(rp.Words, head)
	case ok:
		rp.Words = append(rp.Words, fmt.Sprintf("%s %s: not analysed yet.", c.moveLabel(mr.Ply), mr.Text))
	case r.ply == 0:
		rp.Words = append(rp.Words, "The start position. Tap a move or the graph, or step with ← →.")
	}
	if t.anaOn {
		rp.Buttons = append(rp.Buttons, render.Button{Action: ActCancelAna, Label: "Cancel analysis"})
	} else if !c.AnalysisComplete() {
		rp.Buttons = append(rp.Buttons, render.Button{Action: ActAnalyse, Label: "Analyse"})
	}
	if ok && mr.Judged && mr.Mark != review.Good && len(mr.BestLine) > 0 && r.line == nil {
		rp.Buttons = append(rp.Buttons, render.Button{Action: ActLine, Label: "Better line"})
	}
	if c.AnalysisComplete() {
		rp.Buttons = append(rp.Buttons, render.Button{Action: ActSummary, Label: "Summary"})
	}
	for i, w := range rp.Words {
		rp.Words[i] = plain(w)
	}
	if r.line != nil {
		v.Bar = []render.Button{
			{Action: ActPrev, Label: "←", Disabled: r.lineStep == 0},
			{Action: ActNext, Label: "→", Disabled: r.lineStep >= len(r.line)},
			{Action: ActHere, Label: "Play this"},
			{Action: ActLineOff, Label: "Back"},
		}
		return
	}
	v.Bar = []render.Button{
		{Action: ActPrev, Label: "←", Disabled: r.ply == 0},
		{Action: ActNext, Label: "→", Disabled: r.ply >= c.game.Len()},
		{Action: ActHere, Label: "Play from here", Disabled: r.ply >= c.game.Len()},
		{Action: ActDone, Label: "Done"},
	}
}

// dialog is the confirmation of "continue from here" or the game summary.
func (r *reviewScreen) dialog(c *Controller) *render.Dialog {
	switch c.dialog {
	case dialogConfirmHere:
		text := "The game goes back to its start: every move is taken back."
		if r.ply > 0 {
			text = fmt.Sprintf("The game goes back to move %s: the moves after it are taken back.", c.moveLabel(r.ply-1))
		}
		if r.line != nil {
			text = fmt.Sprintf("The game goes back to before move %s and plays the better line's moves shown (%s).",
				c.moveLabel(r.lineFrom), c.numbered(r.lineFrom, lineTexts(c, r)))
		}
		return &render.Dialog{Title: "Continue from here?", Text: []string{text},
			Buttons: []render.Button{{Action: ActYesHere, Label: "Continue"}, {Action: ActClose, Label: "Cancel"}}}
	case dialogSummary:
		return c.summaryDialog()
	}
	return nil
}

// lineTexts writes the better line's moves shown (r.line[:r.lineStep]) in the player's
// notation.
func lineTexts(c *Controller, r *reviewScreen) []string {
	pos := c.game.Start()
	for _, m := range c.game.Moves()[:r.lineFrom] {
		pos = pos.Play(m)
	}
	var out []string
	for _, m := range r.line[:r.lineStep] {
		out = append(out, c.moveText(pos, m))
		pos = pos.Play(m)
	}
	return out
}

// boolInt is 1 for true, 0 for false.
func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
