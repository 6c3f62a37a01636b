package main

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/cotuong-ai/cotuong/engine"
	"github.com/cotuong-ai/cotuong/internal/board"
	"github.com/cotuong-ai/cotuong/review"
)

// reviewStyle is the notation style of package review for the board's labels.
func (s *session) reviewStyle() review.Style {
	if s.variant == engine.Xiangqi {
		switch s.style.Labels {
		case board.Vietnamese:
			return review.Vietnamese
		case board.Chinese:
			return review.Chinese
		}
	}
	return review.Standard
}

// analysed is a review kept for learn: the game it judged (its String), the analysis and
// the judgement.
type analysed struct {
	spec     string // the game's moves when it was reviewed
	analysis *review.Analysis
	review   *review.Review
}

// analyse runs the review of the game so far (reporting progress in full moves) and keeps it;
// it returns nil when it failed or was interrupted (said).
func (s *session) analyse() *analysed {
	if r := s.analysed; r != nil && r.spec == s.game.String() {
		return r
	}
	n := s.game.Len()
	s.say("Reviewing %s (%s)...", review.Count((n+1)/2, "move", "moves"), analysisText(s.variant))
	last := ""
	a, err := review.Analyze(s.context(), s.game, review.Options{Progress: func(i, total int) {
		at := "  checking the closest judgements"
		if i <= n {
			at = fmt.Sprintf("  at move %d of %d", (i+1)/2, (n+1)/2)
		}
		if at != last && (i%20 == 0 || i > n && last == "" || i == n+1) {
			s.say("%s", at)
			last = at
		}
	}})
	if errors.Is(err, context.Canceled) {
		return nil // Ctrl-C: the program ends
	}
	if err != nil {
		s.say("Review failed: %v", err)
		return nil
	}
	r, err := review.Judge(s.game, a, review.Standard)
	if err != nil {
		s.say("Review failed: %v", err)
		return nil
	}
	s.analysed = &analysed{spec: s.game.String(), analysis: a, review: r}
	s.reviewed = reviewed{r: r, game: s.game.String()} // for pgn's annotations
	return s.analysed
}

// analysisText names the review's analysis of v: "the engine, 150,000 nodes a position" (the
// classical evaluation, review.DefaultNodes, for both games).
func analysisText(v engine.Variant) string {
	return fmt.Sprintf("the engine, %s nodes a position", thousands(review.DefaultNodes))
}

// thousands writes n with commas: 90,000.
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// reviewGame answers "review": every position of the game so far analysed at the review's
// fixed node budget, the moves listed with their full-move numbers, marks and scores (for the
// first player), the marked ones explained, and the summary. Moves are in WXF (SAN for
// chess), with the board's Chinese or Vietnamese notation beside them.
func (s *session) reviewGame() {
	if s.game.Len() == 0 {
		s.say("No moves to review yet.")
		return
	}
	rv := s.analyse()
	if rv == nil {
		return
	}
	r := rv.review
	first := s.game.SideName(engine.First)
	s.say("Scores are for %s, in pawns (+ when %s stands better).", first, first)
	local := s.reviewStyle()
	c, _ := review.PositionBefore(s.game, 0)
	for _, m := range r.Moves {
		num := m.Label
		if m.Side == engine.Second && m.Ply > 0 {
			num = ""
		}
		score := ""
		if m.Judged {
			score = firstText(m.After, m.Side)
		}
		move := m.Text + m.Mark.Glyph()
		if local != review.Standard && c != nil {
			move += " " + c.Local(m.Move, local.String())
		}
		if c != nil {
			_ = c.Continue(m.Move)
		}
		fmt.Fprintln(s.out, reviewRow(num, move, score, m.Why, screenWidth))
	}
	sum := r.Summary
	for _, side := range []engine.Side{engine.First, engine.Second} {
		c := sum.Counts[side]
		acc := "no moves judged"
		if sum.HasAccuracy[side] {
			acc = fmt.Sprintf("accuracy %.0f%%", sum.Accuracy[side])
		}
		s.say("%s: %s; %s, %s, %s.", s.game.SideName(side), acc, review.Count(c[review.Inaccuracy], "inaccuracy", "inaccuracies"),
			review.Count(c[review.Mistake], "mistake", "mistakes"), review.Count(c[review.Blunder], "blunder", "blunders"))
	}
	if i := sum.Swing; i >= 0 && r.Moves[i].Mark != review.Good {
		m := r.Moves[i]
		s.say("Biggest swing: %s %s %s (%s → %s for %s).", m.Label, s.game.SideName(m.Side),
			m.Text+m.Mark.Glyph(), firstText(m.Before, m.Side), firstText(m.After, m.Side), first)
	}
	if n := len(review.Mistakes(r, s.person)); n > 0 {
		s.say("Type learn to find a better move for each of your ? and ?? (%d).", n)
	}
}

// firstText is review.ScoreText of score, a score from mover's view, turned to the first
// player's, as the review table shows every score.
func firstText(score int, mover engine.Side) string {
	if mover != engine.First {
		score = -score
	}
	return review.ScoreText(score)
}

// reviewRow lays out one row of the review table within width columns: the move number, the
// move, the score, each padded to its column by screen width (a Chinese character takes two
// columns), then the words, wrapped with later lines indented to the words' column (or, on a
// narrow screen, by four spaces on lines of their own).
func reviewRow(num, move, score, words string, width int) string {
	row := pad(num, 7) + " " + pad(move, 10) + " " + pad(score, 12)
	if words == "" {
		return strings.TrimRight(row, " ")
	}
	indent := columns(row) + 1
	if width-indent < 20 {
		return strings.TrimRight(row, " ") + "\n    " + strings.ReplaceAll(wrap(words, width-4), "\n", "\n    ")
	}
	return row + " " + strings.ReplaceAll(wrap(words, width-indent), "\n", "\n"+strings.Repeat(" ", indent))
}

// pad adds spaces after s up to width screen columns.
func pad(s string, width int) string {
	return s + strings.Repeat(" ", max(0, width-columns(s)))
}

// threats answers "threats" in one line: what the opponent's best move would do if it were
// their turn (a mate, a piece won, a check), or that it threatens nothing.
func (s *session) threats() {
	t := review.Threats(s.context(), s.engine, s.game, review.Budget{Time: hintTime}, review.Standard)
	if s.context().Err() != nil {
		return // Ctrl-C: the program ends
	}
	if !t.Available {
		s.say("Threats are not available: %s.", t.Why)
		return
	}
	s.say("%s", wrap(t.Words, screenWidth))
}

// learning is learn from your mistakes under way: the person's ? and ?? of the last review,
// the one being tried (i), its position and the tries so far.
type learning struct {
	rv       *analysed
	game     engine.Game // the game reviewed
	mistakes []review.MoveReview
	i        int
	tries    int
	pos      engine.Game // the position before mistakes[i]
}

// learnTries is how many wrong moves are allowed before the answer is shown.
const learnTries = 2

// learn answers "learn": the review of the game (run when needed), then each of the person's
// mistakes and blunders in turn from the position before it.
func (s *session) learn() {
	if s.game.Len() == 0 {
		s.say("No moves to learn from yet.")
		return
	}
	rv := s.analyse()
	if rv == nil {
		return
	}
	ms := review.Mistakes(rv.review, s.person)
	if len(ms) == 0 {
		s.say("No mistakes of yours (? or ??) to learn from in this game.")
		return
	}
	s.say("%s to learn from. For each, find a better move (a move, or skip to see the answer, stop to end).",
		upperFirst(review.Count(len(ms), "mistake", "mistakes")))
	s.learning = &learning{rv: rv, game: s.game.Clone(), mistakes: ms, i: -1}
	s.learnNext()
}

// learnNext shows the next mistake's position, or ends learn after the last.
func (s *session) learnNext() {
	l := s.learning
	l.i++
	l.tries = 0
	if l.i >= len(l.mistakes) {
		s.learning = nil
		s.say("That was the last one. The game goes on where it was.")
		s.draw()
		return
	}
	m := l.mistakes[l.i]
	pos, err := review.PositionBefore(l.game, m.Ply)
	if err != nil {
		s.learning = nil
		s.say("Learn stopped: %v.", err)
		return
	}
	l.pos = pos
	s.drawGame(pos)
	s.say("%d of %d: you played %s %s%s here (%s). Find a better move.", l.i+1, len(l.mistakes), m.Label, m.Text,
		m.Mark.Glyph(), m.Mark)
}

// learnTry judges a move typed during learn.
func (s *session) learnTry(text string) {
	l := s.learning
	m := l.mistakes[l.i]
	mv, err := engine.ParseLocalMove(l.pos, text, string(s.style.Labels))
	if err != nil {
		s.say("%s is not a move here (%s). Type a move, skip or stop.", text, engine.MoveProblem(err))
		return
	}
	if mv == m.Move {
		s.say("That is the move you played. Try another.")
		return
	}
	at, err := review.Try(s.context(), l.pos, l.rv.analysis, m, mv)
	if err != nil {
		if s.context().Err() == nil {
			s.say("%s cannot be judged: %v.", text, err)
		}
		return
	}
	w := l.pos.Local(mv, "wxf")
	if at.Good {
		s.say("Yes: %s %s is good (%s after it). %s", m.Label, w, firstText(at.Score, m.Side), s.learnWhy(m))
		s.learnNext()
		return
	}
	l.tries++
	if l.tries < learnTries {
		s.say("%s %s is not better (%s after it). Try again.", m.Label, w, firstText(at.Score, m.Side))
		return
	}
	s.say("%s %s is not better either (%s after it).", m.Label, w, firstText(at.Score, m.Side))
	s.learnCommand("skip")
}

// learnCommand answers skip (show the answer and move on) and stop during learn.
func (s *session) learnCommand(cmd string) {
	l := s.learning
	if cmd == "stop" {
		s.learning = nil
		s.say("Learn stopped. The game goes on where it was.")
		s.draw()
		return
	}
	m := l.mistakes[l.i]
	if len(m.BestText) > 0 {
		s.say("The better move was %s %s (%s after it). %s", m.Label, m.BestText[0], firstText(m.Before, m.Side), s.learnWhy(m))
	}
	s.learnNext()
}

// learnWhy says why the move played was bad: the review's words for it.
func (s *session) learnWhy(m review.MoveReview) string {
	return fmt.Sprintf("You played %s %s%s: %s", m.Label, m.Text, m.Mark.Glyph(), m.Why)
}
