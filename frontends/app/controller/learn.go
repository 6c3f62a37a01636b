package controller

import (
	"context"
	"fmt"

	"github.com/cotuong-ai/cotuong/frontends/app/render"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/cotuong-ai/cotuong/review"
)

// The actions of learn from your mistakes.
const (
	ActLearn     render.Action = "learn"      // open learn from your mistakes (the menu, the review's summary)
	ActLearnShow render.Action = "learn-show" // show the better move and why the move played was bad
	ActLearnNext render.Action = "learn-next" // the next mistake
)

// learnTries is how many moves that are not better a person may try before the better move
// is shown.
const learnTries = 2

// learnScreen is learn from your mistakes (as lichess has it): the person's ? and ?? of the
// game's review, one at a time, on the position before each; the person plays a move there,
// which is judged by the analysis's searcher (review.Try's rule: within the margin of a good
// move of the position's score), with learnTries tries before the better move is shown; once
// a better move is found or shown, the words say why the move played was bad.
type learnScreen struct {
	items  []review.MoveReview
	i      int
	tries  int
	note   string
	last   xiangqi.Move // the move tried last, shown on the board
	done   bool         // the better move was found or shown: Next goes on
	shown  bool         // the better move was shown (its arrow is drawn)
	trying bool         // a move is being judged
	gen    uint64
	cancel context.CancelFunc
}

// learnDoor is the menu's way into learn from your mistakes: open once the game is analysed.
var learnDoor = door{
	entry: func(c *Controller) render.Button {
		return render.Button{Action: ActLearn, Label: "Learn from your mistakes", Disabled: len(c.mistakes()) == 0}
	},
	action: func(c *Controller, a render.Action) bool {
		if a != ActLearn {
			return false
		}
		c.OpenLearn()
		return true
	},
}

// LearnTried is the judgement of a move tried in learn from your mistakes: the analysis of the
// position after it (Teacher.Analyze of that position alone), for the try numbered Gen.
type LearnTried struct {
	Gen      uint64
	Move     xiangqi.Move
	Analysis *review.Analysis
	Err      error
}

// mistakes returns the person's moves marked ? or ?? in the game's review (both sides' with
// two players), in the order of the game; none until the analysis is complete.
func (c *Controller) mistakes() []review.MoveReview {
	rv := c.Review()
	if rv == nil || !c.AnalysisComplete() {
		return nil
	}
	var out []review.MoveReview
	for _, m := range rv.Moves {
		if m.Judged && m.Mark >= review.Mistake && (c.set.TwoPlayers || xiangqi.Color(m.Side) == c.set.Human) {
			out = append(out, m)
		}
	}
	return out
}

// learn returns learn from your mistakes when it is shown, else nil.
func (c *Controller) learn() *learnScreen {
	l, _ := c.scr.(*learnScreen)
	return l
}

// OpenLearn shows learn from your mistakes at the person's first ? or ??; it reports false
// (with a toast) when the game's analysis is not complete or has none.
func (c *Controller) OpenLearn() bool {
	ms := c.mistakes()
	if len(ms) == 0 {
		if !c.AnalysisComplete() {
			c.showToast("Review the game first: learn needs its analysis.")
		} else {
			c.showToast("No mistakes of yours (? or ??) in this game.")
		}
		c.changed()
		return false
	}
	c.show(&learnScreen{items: ms})
	return true
}

// LearnPlay tries move m (legal in the position shown) in place of the mistake shown.
func (c *Controller) LearnPlay(m xiangqi.Move) bool {
	l := c.learn()
	if l == nil || l.done || l.trying {
		return false
	}
	it := l.items[l.i]
	pos := l.position(c)
	if !pos.IsLegal(m) {
		return false
	}
	text := it.Label + " " + c.moveText(pos, m) // numbered as the move it replaces: "2. R9.2"
	l.last = m
	switch {
	case m == xiangqi.Move(it.Move):
		l.note = fmt.Sprintf("%s is the move you played. Try another.", text)
	case m == xiangqi.Move(it.Best):
		l.found(c, text, it.Before)
	default:
		l.trying = true
		l.gen++
		gen := l.gen
		ctx, cancel := context.WithCancel(context.Background())
		l.cancel = cancel
		g := xiangqi.NewGame(pos.Play(m))
		post, teacher, nodes := c.cfg.Post, c.teach.teacher, c.teach.ana.Nodes
		l.note = fmt.Sprintf("Judging %s…", text)
		c.wg.Add(1)
		go func() {
			defer c.wg.Done()
			a, err := teacher.Analyze(ctx, g, nodes, nil)
			post(LearnTried{Gen: gen, Move: m, Analysis: a, Err: err})
		}()
	}
	c.changed()
	return true
}

// tried applies the judgement of a move tried (LearnTried).
func (c *Controller) tried(ev LearnTried) {
	l := c.learn()
	if l == nil || ev.Gen != l.gen || !l.trying {
		return
	}
	l.trying, l.cancel = false, nil
	it := l.items[l.i]
	pos := l.position(c)
	text := it.Label + " " + c.moveText(pos, ev.Move)
	if ev.Err != nil || ev.Analysis == nil || len(ev.Analysis.Evals) == 0 {
		l.note = fmt.Sprintf("%s could not be judged. Try again.", text)
		c.changed()
		return
	}
	after := -ev.Analysis.Evals[0].Score // the mover's score after the move
	mark, _ := review.JudgeScores(it.Before, after, c.teach.ana.K())
	if mark == review.Good {
		l.found(c, text, after)
		c.changed()
		return
	}
	l.tries++
	l.note = fmt.Sprintf("%s is not better (%s). Try again.", text, review.FirstText(c.teach.ana.Variant, after, it.Side))
	if l.tries >= learnTries {
		l.show(c)
		l.note = fmt.Sprintf("%s is not better either (%s).", text, review.FirstText(c.teach.ana.Variant, after, it.Side))
	}
	c.changed()
}

// found says the person found a good move, scored after, and why the move played was bad.
func (l *learnScreen) found(c *Controller, text string, after int) {
	it := l.items[l.i]
	l.done = true
	l.note = fmt.Sprintf("Yes: %s is good (%s).", text, review.FirstText(c.teach.ana.Variant, after, it.Side))
}

// show shows the better move (an arrow) and why the move played was bad.
func (l *learnScreen) show(c *Controller) {
	l.done, l.shown = true, true
	if l.cancel != nil {
		l.cancel()
		l.cancel, l.trying = nil, false
	}
}

// next goes to the next mistake, or back to the review after the last.
func (l *learnScreen) next(c *Controller) {
	if l.i+1 >= len(l.items) {
		c.showToast("That was the last one.")
		c.OpenReview(c.game.Len())
		return
	}
	*l = learnScreen{items: l.items, i: l.i + 1, gen: l.gen}
	c.clearSelection()
}

// position is the position before the mistake shown.
func (l *learnScreen) position(c *Controller) xiangqi.Position {
	pos := c.game.Start()
	for _, m := range c.game.Moves()[:l.items[l.i].Ply] {
		pos = pos.Play(m)
	}
	return pos
}

// square selects the mover's piece, or tries the selected piece's move.
func (l *learnScreen) square(c *Controller, sq xiangqi.Square) bool {
	if l.done || l.trying {
		return false
	}
	return c.selectOrMove(l.position(c), sq, false, func(m xiangqi.Move) bool {
		c.clearSelection()
		c.LearnPlay(m)
		return false // a try: the game is not played
	})
}

// action performs learn's bar: show the answer, the next mistake, done.
func (l *learnScreen) action(c *Controller, a render.Action) bool {
	switch a {
	case ActLearnShow:
		l.show(c)
	case ActLearnNext:
		l.next(c)
	case ActDone:
		c.OpenReview(c.game.Len())
	default:
		return false
	}
	c.changed()
	return true
}

// view shows the position before the mistake (the mover at the bottom), the move tried, and
// in the panel the mistake, the notes and, once found or shown, why the move played was bad.
func (l *learnScreen) view(c *Controller, v *render.View) {
	it := l.items[l.i]
	pos := l.position(c)
	c.showBoard(v, pos)
	v.Flipped = pos.SideToMove() == xiangqi.Black
	if c.sel != xiangqi.NoSquare {
		v.Selected = int(c.sel)
		for _, m := range c.targets {
			v.Targets = append(v.Targets, int(m.To()))
		}
	}
	if l.last != xiangqi.NoMove {
		v.LastFrom, v.LastTo = int(l.last.From()), int(l.last.To())
	}
	// The list holds the game's moves up to the mistake, the latest in view.
	rows, cells := c.moveRows(), it.Ply+boolInt(c.blackFirst())
	rows = rows[:min(len(rows), (cells+1)/2)]
	if cells%2 == 1 && len(rows) > 0 {
		rows[len(rows)-1].Black, rows[len(rows)-1].BlackMark = "", ""
	}
	v.Moves, v.MoveScroll = rows, 0
	v.Status = fmt.Sprintf("Learn · mistake %d of %d", l.i+1, len(l.items))
	v.Detail = fmt.Sprintf("%s %s%s was played here: find a better move.", it.Label, it.Text, it.Mark.Glyph())
	words := []string{fmt.Sprintf("%s %s%s (%s) was played here. Find a better move.", it.Label, it.Text, it.Mark.Glyph(), it.Mark)}
	if l.note != "" {
		words = append(words, l.note)
	}
	if l.done {
		if l.shown && len(it.BestText) > 0 {
			words = append(words, fmt.Sprintf("The better move: %s %s (%s).", it.Label, it.BestText[0],
				review.FirstText(c.teach.ana.Variant, it.Before, it.Side)))
			m := xiangqi.Move(it.Best)
			v.Arrows = append(v.Arrows, render.Arrow{From: int(m.From()), To: int(m.To()), Kind: render.ArrowBetter})
		}
		if it.Why != "" {
			words = append(words, fmt.Sprintf("Why %s %s%s was bad: %s", it.Label, it.Text, it.Mark.Glyph(), it.Why))
		}
		v.Tone = render.ToneFinal
	}
	v.Review = &render.ReviewPanel{Words: words}
	next := "Next"
	if l.i+1 >= len(l.items) {
		next = "Finish"
	}
	v.Bar = []render.Button{
		{Action: ActLearnShow, Label: "Show", Disabled: l.done},
		{Action: ActLearnNext, Label: next, Disabled: !l.done},
		{Action: ActDone, Label: "Done"},
	}
}

func (l *learnScreen) dialog(*Controller) *render.Dialog { return nil }

// back returns to the review.
func (l *learnScreen) back(c *Controller) bool {
	c.OpenReview(c.game.Len())
	return true
}

// leave stops a try being judged.
func (l *learnScreen) leave(*Controller) {
	if l.cancel != nil {
		l.cancel()
	}
}

// computerMoves is false: the board shows an earlier position, not the game.
func (l *learnScreen) computerMoves() bool { return false }
