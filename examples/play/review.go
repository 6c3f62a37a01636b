package main

import (
	"context"
	"errors"
	"fmt"
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

// reviewGame answers "review": every position of the game so far analysed at the review's
// fixed node budget, the moves listed with their marks and scores, the marked ones explained,
// and the summary.
func (s *session) reviewGame() {
	if s.game.Len() == 0 {
		s.say("No moves to review yet.")
		return
	}
	n := s.game.Len() + 1
	s.say("Reviewing %d positions (%d nodes each)...", n, review.DefaultNodes)
	a, err := review.Analyze(s.context(), s.game, review.Options{Progress: func(i, n int) {
		if i%20 == 0 {
			s.say("  position %d of %d", i, n)
		}
	}})
	if errors.Is(err, context.Canceled) {
		return // Ctrl-C: the program ends
	}
	if err != nil {
		s.say("Review failed: %v", err)
		return
	}
	r, err := review.Judge(s.game, a, s.reviewStyle())
	if err != nil {
		s.say("Review failed: %v", err)
		return
	}
	s.reviewed = reviewed{r: r, game: s.game.String()}
	first := s.game.SideName(engine.First)
	s.say("Scores are for %s, in pawns.", first)
	for _, m := range r.Moves {
		num := fmt.Sprintf("%d.", m.Ply/2+1)
		if m.Ply%2 == 1 {
			num = "   ..."
		}
		score := ""
		if m.Judged {
			score = firstText(m.After, m.Side)
		}
		// The words start with the move and its mark, already in the row.
		words := strings.TrimPrefix(m.Words, m.Text+m.Mark.Glyph())
		words = strings.TrimSpace(strings.TrimPrefix(words, ":"))
		fmt.Fprintln(s.out, reviewRow(num, m.Text+m.Mark.Glyph(), score, words, screenWidth))
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
		s.say("Biggest swing: move %d, %s %s (%s → %s for %s).", m.Ply/2+1, s.game.SideName(m.Side),
			m.Text+m.Mark.Glyph(), firstText(m.Before, m.Side), firstText(m.After, m.Side), first)
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

// threats answers "threats": the person's pieces the opponent would win by capturing now,
// and the opponent's best move if it were their turn.
func (s *session) threats() {
	t := review.Threats(s.context(), s.engine, s.game, review.Budget{Time: hintTime}, s.reviewStyle())
	if s.context().Err() != nil {
		return // Ctrl-C: the program ends
	}
	if !t.Available {
		s.say("Threats are not available: %s.", t.Why)
		return
	}
	if len(t.Attacked) == 0 {
		s.say("No piece of yours can be won by a capture now.")
	}
	for _, a := range t.Attacked {
		s.say("Your %s on %s is attacked and lost to the exchange: %s.", a.Piece.Name, a.Square, a.ByText)
	}
	if t.HasBest {
		them := s.game.SideName(s.game.SideToMove().Other())
		s.say("If it were %s's turn, %s would play %s (%s): %s", them, them, t.Best.Text,
			s.scoreText(t.Best.Score, s.game.SideToMove().Other()), strings.Join(t.Best.Lines, " "))
	}
}
