package controller

import (
	"context"
	"errors"
	"fmt"

	"github.com/cotuong-ai/cotuong/engine"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/cotuong-ai/cotuong/review"
)

// teachState is the analysis of the game (which the review shows), the hints and the threats.
type teachState struct {
	teacher Teacher

	// The analysis: ana is the analysis of the first positions of the game whose moves are
	// anaMoves (a prefix of c.game's, kept so by fitAnalysis).
	ana        *review.Analysis
	anaMoves   []xiangqi.Move
	anaGen     uint64
	anaCancel  context.CancelFunc
	anaOn      bool
	anaI, anaN int // the analysis's progress: search i of n (review.Options.Progress)
	anaPos     int // the game's positions: searches past them verify the marked moves
	anaErr     string
	summary    bool // open the summary when the running analysis of a finished game ends
	judged     *review.Review
	judgedKey  string

	// Hints: the number used in this game, the one shown (for the game hintFor) and the
	// search running.
	hints      int
	hintGen    uint64
	hintCancel context.CancelFunc
	hinting    bool
	hintFor    string
	hintLine   []xiangqi.Move

	// Threats, for the game threatFor.
	threatGen    uint64
	threatCancel context.CancelFunc
	threatFor    string
	threat       Threat
}

// style is the notation of the review's texts for the player's label style.
func (c *Controller) style() review.Style {
	if c.set.Labels == VietnameseLabels {
		return review.Vietnamese
	}
	return review.Standard
}

// Hints returns the number of hints used in this game.
func (c *Controller) Hints() int { return c.teach.hints }

// Analysis returns the game's analysis (of its first positions, or of all; nil when none)
// and whether an analysis is running, with its progress: position i of n.
func (c *Controller) Analysis() (a *review.Analysis, running bool, i, n int) {
	return c.teach.ana, c.teach.anaOn, c.teach.anaI, c.teach.anaN
}

// AnalysisComplete reports whether the analysis covers every position of the game.
func (c *Controller) AnalysisComplete() bool {
	return c.teach.ana != nil && len(c.teach.ana.Evals) == c.game.Len()+1
}

// Review returns the judged game (nil until some of it is analysed).
func (c *Controller) Review() *review.Review {
	a := c.teach.ana
	if a == nil || len(a.Evals) < 2 {
		return nil
	}
	key := fmt.Sprintf("%s|%s|%d", c.game.String(), c.style(), len(a.Evals))
	if key != c.teach.judgedKey {
		rv, err := review.Judge(engine.XiangqiGame(c.game), a, c.style())
		if err != nil {
			rv = nil
		}
		c.teach.judged, c.teach.judgedKey = rv, key
	}
	return c.teach.judged
}

// StartAnalysis analyses the game in the background (Config.Teacher, review.DefaultNodes a
// position, or Config.AnalysisNodes) unless its analysis is complete or running. Progress and
// the result come back as events; the game is never touched by it.
func (c *Controller) StartAnalysis() {
	t := &c.teach
	if t.anaOn || c.AnalysisComplete() || c.closed {
		return
	}
	t.anaGen++
	gen := t.anaGen
	ctx, cancel := context.WithCancel(context.Background())
	t.anaCancel, t.anaOn, t.anaErr = cancel, true, ""
	t.anaI, t.anaN = 0, c.game.Len()+1
	t.anaPos = t.anaN
	t.summary = c.game.Result().Status != xiangqi.Ongoing
	g := copyGame(c.game)
	gs := g.String()
	nodes := c.cfg.AnalysisNodes
	if nodes <= 0 {
		nodes = review.DefaultNodes
	}
	post, teacher := c.cfg.Post, t.teacher
	c.wg.Add(1)
	go func() {
		defer c.wg.Done()
		a, err := teacher.Analyze(ctx, g, nodes, func(i, n int) { post(AnalysisProgress{Gen: gen, I: i, N: n}) })
		post(AnalysisDone{Gen: gen, Game: gs, Analysis: a, Err: err})
	}()
	c.changed()
}

// CancelAnalysis stops the running analysis; the analysis kept before it stays.
func (c *Controller) CancelAnalysis() {
	t := &c.teach
	if t.anaCancel != nil {
		t.anaCancel()
		t.anaCancel = nil
	}
	if t.anaOn {
		t.anaOn = false
		t.anaGen++ // its result is stale
		c.changed()
	}
}

// fitAnalysis keeps the analysis only for the positions the game still shares with the game
// it was made for.
func (c *Controller) fitAnalysis() {
	t := &c.teach
	if t.ana == nil {
		return
	}
	moves := c.game.Moves()
	k := 0
	for k < len(moves) && k < len(t.anaMoves) && moves[k] == t.anaMoves[k] {
		k++
	}
	t.anaMoves = t.anaMoves[:k]
	if len(t.ana.Evals) > k+1 {
		a := *t.ana
		a.Evals = a.Evals[:k+1]
		t.ana = &a
	}
}

// gameChanged is called after every change of the game's moves: the analysis is fitted to
// it, a hint or threat of another position is dropped and the review stays inside it.
func (c *Controller) gameChanged() {
	c.fitAnalysis()
	t := &c.teach
	if r := c.review(); r != nil {
		r.ply = min(r.ply, c.game.Len())
	}
	if t.hintFor != c.game.String() {
		t.hintLine = nil
		if t.hintCancel != nil {
			t.hintCancel()
			t.hintCancel, t.hinting = nil, false
		}
	}
	if t.threatFor != c.game.String() && t.threatCancel != nil {
		t.threatCancel() // its position is gone: free the worker for the computer's search
		t.threatCancel = nil
	}
	c.maybeThreats()
}

// newGameTeach forgets the old game's analysis and hints.
func (c *Controller) newGameTeach() {
	c.CancelAnalysis()
	t := &c.teach
	t.ana, t.anaMoves, t.anaErr, t.hints = nil, nil, "", 0
}

// AskHint asks for a hint (about a second at full strength) on the person's turn: the move
// comes back as an event, drawn as an arrow and written on the status line, and counts as a
// hint used. It reports false when no hint can be asked for now.
func (c *Controller) AskHint() bool {
	t := &c.teach
	if !c.canHint() {
		return false
	}
	t.hintGen++
	gen := t.hintGen
	ctx, cancel := context.WithCancel(context.Background())
	t.hintCancel, t.hinting, t.hintLine = cancel, true, nil
	g := copyGame(c.game)
	gs := g.String()
	post, teacher := c.cfg.Post, t.teacher
	c.wg.Add(1)
	go func() {
		defer c.wg.Done()
		line, ok := teacher.Hint(ctx, g)
		post(HintDone{Gen: gen, Game: gs, Line: line, OK: ok})
	}()
	c.changed()
	return true
}

func (c *Controller) canHint() bool {
	pos := c.game.Position()
	return !c.closed && !c.paused && !c.think && !c.teach.hinting && c.onGame() &&
		c.personToMove(pos) && c.game.Result().Status == xiangqi.Ongoing
}

// SetThreats turns the threats switch on or off.
func (c *Controller) SetThreats(on bool) {
	c.set.Threats = on
	if !on && c.teach.threatCancel != nil {
		c.teach.threatCancel()
		c.teach.threatCancel = nil
	}
	c.teach.threatFor = ""
	c.save()
	c.changed()
	c.maybeThreats()
}

// maybeThreats asks for the threats of the position when the switch is on and it is the
// person's turn in a game in progress.
func (c *Controller) maybeThreats() {
	t := &c.teach
	pos := c.game.Position()
	gs := c.game.String()
	if !c.set.Threats || c.closed || c.paused || !c.personToMove(pos) ||
		c.game.Result().Status != xiangqi.Ongoing || t.threatFor == gs || t.teacher == nil {
		return
	}
	if t.threatCancel != nil {
		t.threatCancel()
	}
	t.threatGen++
	gen := t.threatGen
	ctx, cancel := context.WithCancel(context.Background())
	t.threatCancel, t.threatFor, t.threat = cancel, gs, Threat{}
	g := copyGame(c.game)
	post, teacher := c.cfg.Post, t.teacher
	c.wg.Add(1)
	go func() {
		defer c.wg.Done()
		post(ThreatsDone{Gen: gen, Game: gs, Threat: teacher.Threats(ctx, g)})
	}()
}

// stopTeaching cancels every search of the teacher (Close).
func (c *Controller) stopTeaching() {
	t := &c.teach
	for _, f := range []context.CancelFunc{t.anaCancel, t.hintCancel, t.threatCancel} {
		if f != nil {
			f()
		}
	}
}

// handleTeach applies the teacher's events; it reports whether ev was one.
func (c *Controller) handleTeach(ev any) bool {
	t := &c.teach
	switch ev := ev.(type) {
	case AnalysisProgress:
		if ev.Gen == t.anaGen && t.anaOn {
			t.anaI, t.anaN = ev.I, ev.N
			c.changed()
		}
	case AnalysisDone:
		if ev.Gen != t.anaGen || !t.anaOn {
			return true
		}
		t.anaOn, t.anaCancel = false, nil
		c.changed()
		if ev.Err != nil || ev.Analysis == nil {
			if !errors.Is(ev.Err, context.Canceled) {
				t.anaErr = fmt.Sprintf("The analysis failed: %v", ev.Err)
			}
			return true
		}
		g, err := xiangqi.ParseGame(ev.Game)
		if err != nil {
			return true
		}
		t.ana, t.anaMoves = ev.Analysis, g.Moves()
		c.fitAnalysis()
		c.save()
		if t.summary && c.review() != nil && c.AnalysisComplete() && c.dialog == dialogNone {
			c.dialog = dialogSummary
		}
	case HintDone:
		if ev.Gen != t.hintGen || !t.hinting {
			return true
		}
		t.hinting, t.hintCancel = false, nil
		c.changed()
		if ev.OK && len(ev.Line) > 0 && ev.Game == c.game.String() {
			t.hintFor, t.hintLine = ev.Game, ev.Line
			t.hints++
			c.save()
		}
	case ThreatsDone:
		if ev.Gen == t.threatGen && ev.Game == t.threatFor {
			t.threat = ev.Threat
			c.changed()
		}
	default:
		return false
	}
	return true
}
