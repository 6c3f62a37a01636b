package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/cotuong-ai/cotuong/engine"
	"github.com/cotuong-ai/cotuong/internal/board"
	"github.com/cotuong-ai/cotuong/review"
)

// reviewStyle is the notation style of package review for the board's labels.
func (s *session) reviewStyle() string {
	if s.variant == engine.Xiangqi {
		switch s.style.Labels {
		case board.Vietnamese:
			return "vietnamese"
		case board.Chinese:
			return "chinese"
		}
	}
	return "wxf"
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
	a, err := review.Analyze(context.Background(), s.game, review.Options{Progress: func(i, n int) {
		if i%20 == 0 {
			s.say("  position %d of %d", i, n)
		}
	}})
	if err != nil {
		s.say("Review failed: %v", err)
		return
	}
	r, err := review.Judge(s.game, a, s.reviewStyle())
	if err != nil {
		s.say("Review failed: %v", err)
		return
	}
	first := s.game.SideName(engine.First)
	s.say("Scores are for %s, in pawns.", first)
	for _, m := range r.Moves {
		num := fmt.Sprintf("%d.", m.Ply/2+1)
		if m.Ply%2 == 1 {
			num = "   ..."
		}
		score := ""
		if m.Judged {
			after := m.After
			if m.Side != engine.First {
				after = -after
			}
			score = review.ScoreText(after)
		}
		s.say("%-7s %-10s %-12s %s", num, m.Text+m.Mark.Glyph(), score, m.Words)
	}
	sum := r.Summary
	for _, side := range []engine.Side{engine.First, engine.Second} {
		c := sum.Counts[side]
		acc := "no moves judged"
		if sum.HasAccuracy[side] {
			acc = fmt.Sprintf("accuracy %.0f%%", sum.Accuracy[side])
		}
		s.say("%s: %s; %d inaccuracies, %d mistakes, %d blunders.", s.game.SideName(side), acc,
			c[review.Inaccuracy], c[review.Mistake], c[review.Blunder])
	}
	if i := sum.Swing; i >= 0 && r.Moves[i].Drop > 0 {
		m := r.Moves[i]
		s.say("Biggest swing: move %d, %s %s (winning chances %+.2f → %+.2f).", m.Ply/2+1, s.game.SideName(m.Side),
			m.Text, m.WinBefore, m.WinAfter)
	}
}

// threats answers "threats": the person's pieces the opponent would win by capturing now,
// and the opponent's best move if it were their turn.
func (s *session) threats() {
	t := review.Threats(context.Background(), s.engine, s.game, review.Budget{Time: hintTime}, s.reviewStyle())
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
		s.say("If it were %s's turn, %s would play %s (%s for %s): %s", them, them, t.Best.Text,
			review.ScoreText(t.Best.Score), them, strings.Join(t.Best.Lines, " "))
	}
}
