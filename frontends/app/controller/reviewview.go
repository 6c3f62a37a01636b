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

// shownPosition returns the position the board shows: the game's, or in the review the one
// after its chosen moves (and the better line's moves stepped through).
func (c *Controller) shownPosition() xiangqi.Position {
	t := &c.teach
	if !t.reviewing {
		return c.game.Position()
	}
	pos := c.game.Start()
	moves := c.game.Moves()
	n := t.ply
	if t.line != nil {
		n = t.lineFrom
	}
	for _, m := range moves[:min(n, len(moves))] {
		pos = pos.Play(m)
	}
	if t.line != nil {
		for _, m := range t.line[:t.lineStep] {
			pos = pos.Play(m)
		}
	}
	return pos
}

// shownLast returns the move that led to the shown position.
func (c *Controller) shownLast() (xiangqi.Move, bool) {
	t := &c.teach
	moves := c.game.Moves()
	switch {
	case !t.reviewing:
		if len(moves) > 0 {
			return moves[len(moves)-1], true
		}
	case t.line != nil && t.lineStep > 0:
		return t.line[t.lineStep-1], true
	case t.line != nil:
		if t.lineFrom > 0 {
			return moves[t.lineFrom-1], true
		}
	case t.ply > 0 && t.ply <= len(moves):
		return moves[t.ply-1], true
	}
	return xiangqi.NoMove, false
}

// moveText writes m, legal in pos, in the player's notation (as the move list does).
func (c *Controller) moveText(pos xiangqi.Position, m xiangqi.Move) string {
	if c.set.Labels == VietnameseLabels {
		return pos.Vietnamese(m)
	}
	return pos.WXF(m) + " " + pos.Chinese(m)
}

// markRows writes the review's judgements into the move list and marks the move the review
// shows.
func (c *Controller) markRows(rows []render.MoveRow) {
	off := 0
	if c.blackFirst() {
		off = 1 // the first row's Red move is "…"
	}
	set := func(ply int, mark string, current bool) {
		i := ply + off
		if i/2 >= len(rows) {
			return
		}
		r := &rows[i/2]
		if i%2 == 0 {
			r.RedMark, r.RedCurrent = mark, r.RedCurrent || current
		} else {
			r.BlackMark, r.BlackCurrent = mark, r.BlackCurrent || current
		}
	}
	if rv := c.Review(); rv != nil {
		for _, mr := range rv.Moves {
			if mr.Judged && mr.Mark != review.Good {
				set(mr.Ply, mr.Mark.Glyph(), false)
			}
		}
	}
	if t := &c.teach; t.reviewing {
		p := t.ply
		if t.line != nil {
			p = t.lineFrom + 1
		}
		if p > 0 {
			set(p-1, markOf(rows, p-1+off), true)
		}
	}
}

// markOf returns the mark already set on move index i of rows.
func markOf(rows []render.MoveRow, i int) string {
	if i/2 >= len(rows) {
		return ""
	}
	if i%2 == 0 {
		return rows[i/2].RedMark
	}
	return rows[i/2].BlackMark
}

// blackFirst reports whether Black moves first in the game (a game set up from a position).
func (c *Controller) blackFirst() bool {
	start := c.game.Start()
	return start.SideToMove() == xiangqi.Black
}

// tapMove handles a tap on the move list at move index i (2·row + column): the review shows
// the position after that move.
func (c *Controller) tapMove(i int) {
	if c.sel != xiangqi.NoSquare {
		c.clearSelection()
		c.changed()
	}
	if c.blackFirst() {
		i--
	}
	if i < 0 || i >= c.game.Len() {
		return
	}
	c.ReviewGo(i + 1)
}

// teachAction performs the review's, the hint's and the threats' buttons; it reports
// whether a was one of them.
func (c *Controller) teachAction(a render.Action) bool {
	switch a {
	case ActReview:
		c.OpenReview(c.game.Len())
	case ActPrev:
		c.ReviewStep(-1)
	case ActNext:
		c.ReviewStep(1)
	case ActHere:
		if c.teach.reviewing {
			c.dialog = dialogConfirmHere
		}
	case ActYesHere:
		c.ContinueFromHere()
	case ActDone:
		c.LeaveReview()
	case ActLine:
		c.ShowLine()
	case ActLineOff:
		c.teach.line = nil
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
	case ActHint:
		c.AskHint()
	case ActThreats:
		c.SetThreats(!c.set.Threats)
	default:
		return false
	}
	c.changed()
	return true
}

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
	k := review.K(engine.Xiangqi)
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
	return fmt.Sprintf("Analysing move %d of %d…", max(t.anaI, 1), max(min(t.anaN, t.anaPos), 1))
}

// teachView adds the review, the hint and the threats to the view.
func (c *Controller) teachView(v *render.View) {
	t := &c.teach
	if !t.reviewing {
		if p := c.progress(); p != "" && c.SaveError() == nil && c.game.Result().Status != xiangqi.Ongoing {
			v.Detail = p
		}
		if t.hinting {
			v.Detail = "Looking for a hint…"
		}
		if len(t.hintLine) > 0 && t.hintFor == c.game.String() {
			m := t.hintLine[0]
			v.Arrows = append(v.Arrows, render.Arrow{From: int(m.From()), To: int(m.To()), Kind: render.ArrowHint})
			v.Detail = "Hint: " + c.moveText(c.game.Position(), m)
		}
		if c.set.Threats && t.threatFor == c.game.String() && t.threat.Available && !c.think {
			for _, sq := range t.threat.Attacked {
				v.Threatened = append(v.Threatened, int(sq))
			}
			if t.threat.HasBest {
				m := t.threat.Best
				v.Arrows = append(v.Arrows, render.Arrow{From: int(m.From()), To: int(m.To()), Kind: render.ArrowThreat})
			}
		}
		return
	}
	g, marks := c.graph()
	rp := &render.ReviewPanel{Graph: g, Marks: marks, Cursor: t.ply}
	v.Review = rp
	v.Tone = render.ToneNormal
	v.Status = fmt.Sprintf("Review · move %d of %d", t.ply, c.game.Len())
	v.Detail = "The game is kept as it was: Done returns to it."
	if p := c.progress(); p != "" {
		v.Detail = p
		rp.Words = append(rp.Words, p)
	} else if t.anaErr != "" {
		rp.Words = append(rp.Words, t.anaErr)
	}
	mr, ok := c.currentMove()
	switch {
	case t.line != nil:
		v.Status = fmt.Sprintf("Better line · move %d of %d", t.lineStep, len(t.line))
		if t.lineStep < len(t.line) {
			m := t.line[t.lineStep]
			v.Arrows = append(v.Arrows, render.Arrow{From: int(m.From()), To: int(m.To()), Kind: render.ArrowBetter})
		}
		rp.Cursor = t.lineFrom
		rp.Words = append(rp.Words, "The better line: "+strings.Join(mr.BestText, " "))
	case ok && mr.Judged:
		num := mr.Ply/2 + 1
		head := fmt.Sprintf("%d. %s", num, mr.Text)
		if mr.Mark != review.Good {
			head = fmt.Sprintf("Move %d: %s (%s). %s", num, article(mr.Mark.String()), mr.Mark.Glyph(), mr.Words)
			if mr.Words == "" {
				head += mr.Text + mr.Mark.Glyph()
			}
			if mr.Best != 0 {
				m := xiangqi.Move(mr.Best)
				v.Arrows = append(v.Arrows, render.Arrow{From: int(m.From()), To: int(m.To()), Kind: render.ArrowBetter})
			}
		} else {
			head += fmt.Sprintf(": a good move (%s).", review.ScoreText(mr.After))
		}
		rp.Words = append(rp.Words, head)
	case ok:
		rp.Words = append(rp.Words, fmt.Sprintf("%d. %s: not analysed yet.", mr.Ply/2+1, mr.Text))
	case t.ply == 0:
		rp.Words = append(rp.Words, "The start position. Tap a move or the graph, or step with ← →.")
	}
	if t.anaOn {
		rp.Buttons = append(rp.Buttons, render.Button{Action: ActCancelAna, Label: "Cancel analysis"})
	} else if !c.AnalysisComplete() {
		rp.Buttons = append(rp.Buttons, render.Button{Action: ActAnalyse, Label: "Analyse"})
	}
	if ok && mr.Judged && mr.Mark != review.Good && len(mr.BestLine) > 0 && t.line == nil {
		rp.Buttons = append(rp.Buttons, render.Button{Action: ActLine, Label: "Better line"})
	}
	if c.AnalysisComplete() {
		rp.Buttons = append(rp.Buttons, render.Button{Action: ActSummary, Label: "Summary"})
	}
	for i, w := range rp.Words {
		rp.Words[i] = plain(w)
	}
	if t.line != nil {
		v.Bar = []render.Button{
			{Action: ActPrev, Label: "←", Disabled: t.lineStep == 0},
			{Action: ActNext, Label: "→", Disabled: t.lineStep >= len(t.line)},
			{Action: ActHere, Label: "Play this"},
			{Action: ActLineOff, Label: "Back"},
		}
		return
	}
	v.Bar = []render.Button{
		{Action: ActPrev, Label: "←", Disabled: t.ply == 0},
		{Action: ActNext, Label: "→", Disabled: t.ply >= c.game.Len()},
		{Action: ActHere, Label: "Play from here", Disabled: t.ply >= c.game.Len()},
		{Action: ActDone, Label: "Done"},
	}
}

// teachDialog is the summary or the confirmation of "continue from here".
func (c *Controller) teachDialog() *render.Dialog {
	if c.dialog == dialogConfirmHere {
		t := &c.teach
		n := c.game.Len() - t.ply
		text := fmt.Sprintf("The game goes back to move %d: the %d moves after it are taken back.", t.ply, n)
		if t.line != nil {
			text = fmt.Sprintf("The game goes back to move %d and plays the better line's %d moves shown.", t.lineFrom, t.lineStep)
		}
		return &render.Dialog{Title: "Continue from here?", Text: []string{text},
			Buttons: []render.Button{{Action: ActYesHere, Label: "Continue"}, {Action: ActClose, Label: "Cancel"}}}
	}
	rv := c.Review()
	d := &render.Dialog{Title: "Game summary"}
	if rv == nil {
		d.Text = []string{"The game is not analysed yet."}
		d.Buttons = []render.Button{{Action: ActClose, Label: "Close"}}
		return d
	}
	s := rv.Summary
	for _, side := range []xiangqi.Color{xiangqi.Red, xiangqi.Black} {
		i := engine.Side(side)
		who := "the computer"
		if side == c.set.Human {
			who = "you"
		}
		acc := "no judged moves"
		if s.HasAccuracy[i] {
			acc = fmt.Sprintf("accuracy %.0f\u00a0%%", s.Accuracy[i])
		}
		d.Text = append(d.Text, fmt.Sprintf("%s (%s): %s · %s, %s, %s.", side, who, acc,
			review.Count(s.Counts[i][review.Inaccuracy], "inaccuracy", "inaccuracies"),
			review.Count(s.Counts[i][review.Mistake], "mistake", "mistakes"),
			review.Count(s.Counts[i][review.Blunder], "blunder", "blunders")))
	}
	d.Text = append(d.Text, "Hints used: "+fmt.Sprint(c.teach.hints)+".")
	if s.Swing >= 0 {
		mr := rv.Moves[s.Swing]
		d.Text = append(d.Text, fmt.Sprintf("The biggest swing: %d. %s%s (winning chances %+.0f → %+.0f\u00a0%%).",
			mr.Ply/2+1, mr.Text, mr.Mark.Glyph(), 100*mr.WinBefore, 100*mr.WinAfter))
		d.Buttons = append(d.Buttons, render.Button{Action: ActSwing, Label: "Review it"})
	}
	d.Buttons = append(d.Buttons, render.Button{Action: ActClose, Label: "Close"})
	for i, s := range d.Text {
		d.Text[i] = plain(s)
	}
	return d
}

// plain replaces the minus sign (U+2212) of the review's texts, which the app's font lacks,
// with a hyphen-minus.
func plain(s string) string { return strings.ReplaceAll(s, "\u2212", "-") }

// article puts "a" or "an" before a word.
func article(w string) string {
	if strings.ContainsAny(w[:1], "aeiou") {
		return "an " + w
	}
	return "a " + w
}
