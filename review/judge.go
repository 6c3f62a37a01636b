package review

import (
	"fmt"

	"github.com/cotuong-ai/cotuong/engine"
	"github.com/cotuong-ai/cotuong/gamesearch"
)

// Reason is the kind of explanation a judged move got.
type Reason int

// The reasons, NoReason when the words name only the better move and the scores.
const (
	NoReason       Reason = iota
	Repetition            // the move or the refutation line reaches a repetition ruling against the mover, or a draw from a winning position
	MateAllowed           // the refutation line mates the mover
	MateMissed            // the best line mated and the move lets the mate go
	Hanging               // the opponent's first reply takes a piece whose capture SEE says wins material
	MaterialLost          // the refutation's capture sequence wins a piece more than the best line's
	MaterialMissed        // the best line's capture sequence wins a piece the move does not
)

// String returns the reason in words: "repetition", "mate allowed", ..., "" for NoReason.
func (r Reason) String() string {
	names := [...]string{"", "repetition", "mate allowed", "mate missed", "hanging piece", "material lost", "material missed"}
	if r < 0 || int(r) >= len(names) {
		return fmt.Sprintf("Reason(%d)", int(r))
	}
	return names[r]
}

// MoveReview is the judgement of one move of a game.
type MoveReview struct {
	Ply  int         // the move's index in the game, from 0
	Side engine.Side // who played it
	Move engine.Move
	Text string // the move in the player's notation
	// Before and After are the mover's scores (centipawns from the mover's view, mates as
	// gamesearch's) before the move and after it; WinBefore and WinAfter its winning
	// chances (−1..1), Drop their difference.
	Before, After       int
	WinBefore, WinAfter float64
	Drop                float64
	Mark                Mark
	// Judged is false when the move was not judged: the position before it was over, or
	// the analysis does not reach the position after it.
	Judged bool
	// Accuracy is lila's accuracy of the move, 0..100 (100 when not judged).
	Accuracy float64
	// Best is the engine's best move in the position before (0 when unknown); BestLine its
	// line and BestText that line in the player's notation, for an arrow and "play the line".
	Best     engine.Move
	BestLine []engine.Move
	BestText []string
	// Refutation is the opponent's best line after the move, RefutationText in notation.
	Refutation     []engine.Move
	RefutationText []string
	// Reason and Words explain a marked move (Good moves have none).
	Reason Reason
	Words  string
}

// Summary sums a review up. Index by engine.Side.
type Summary struct {
	Accuracy    [2]float64 // lila's game accuracy, 0..100
	HasAccuracy [2]bool    // false for a side that made no judged move
	Counts      [2][4]int  // judged moves of each side by Mark
	// Swing is the index in Review.Moves of the move with the largest drop in winning
	// chances, −1 when no move was judged.
	Swing int
}

// Review is a judged game.
type Review struct {
	Variant engine.Variant
	Style   Style // the notation of the texts
	Moves   []MoveReview
	Summary Summary
}

// Judge judges the moves of g with its analysis a (Analyze's, or Parse's), writing moves in
// style (Standard: WXF for xiangqi, SAN for chess; Chinese or Vietnamese for xiangqi). The
// moves after the analysis's last position are not judged. It returns an error when a does
// not belong to g's variant, g has fewer moves than a has positions − 1 or style is none of
// the styles, ErrNoGame for a nil g and ErrNoAnalysis for a nil a.
func Judge(g engine.Game, a *Analysis, style Style) (*Review, error) {
	if g == nil {
		return nil, ErrNoGame
	}
	if a == nil {
		return nil, ErrNoAnalysis
	}
	return JudgeK(g, a, style, K(g.Variant()))
}

// JudgeK is Judge with k of WinningChances given (per centipawn): for judging another
// engine's scores, whose centipawns are on another scale, by the same rules.
func JudgeK(g engine.Game, a *Analysis, style Style, k float64) (*Review, error) {
	return judgeAll(g, a, style, k, a != nil && a.Checked)
}

// judgeAll is JudgeK, reading the second opinions (Eval.Check) of material reasons only when
// checked is true.
func judgeAll(g engine.Game, a *Analysis, style Style, k float64, checked bool) (*Review, error) {
	if err := style.check(); err != nil {
		return nil, err
	}
	if g == nil {
		return nil, ErrNoGame
	}
	if a == nil {
		return nil, ErrNoAnalysis
	}
	if a.Variant != g.Variant() {
		return nil, fmt.Errorf("review: the analysis is of %s, the game of %s", a.Variant, g.Variant())
	}
	cur, moves, err := replay(g)
	if err != nil {
		return nil, err
	}
	if len(a.Evals) > len(moves)+1 {
		return nil, fmt.Errorf("review: the analysis has %d positions, the game only %d", len(a.Evals), len(moves)+1)
	}
	rv := &Review{Variant: g.Variant(), Style: style}
	first := cur.SideToMove()
	for i, m := range moves {
		mr := MoveReview{Ply: i, Side: cur.SideToMove(), Move: m, Text: cur.Local(m, style.local()), Accuracy: 100}
		if i+1 < len(a.Evals) && !a.Evals[i].Over {
			mr.judge(cur, a.Evals[i], a.Evals[i+1], style, k, checked)
		}
		rv.Moves = append(rv.Moves, mr)
		if err := cur.Continue(m); err != nil {
			return nil, err
		}
	}
	rv.Summary = summarise(rv.Moves, a, first, k)
	return rv, nil
}

// judge fills the judgement of mr, the move played in cur (whose analysis is before; after
// is the next position's); checked says whether their second opinions (Eval.Check) decide
// the material reasons.
func (mr *MoveReview) judge(cur engine.Game, before, after Eval, style Style, k float64, checked bool) {
	mr.Judged = true
	mr.Before, mr.After = before.Score, -after.Score
	mr.WinBefore, mr.WinAfter = WinningChances(mr.Before, k), WinningChances(mr.After, k)
	mr.Mark, mr.Drop = judge(mr.Before, mr.After, k)
	mr.Accuracy = MoveAccuracy(50+50*mr.WinBefore, 50+50*mr.WinAfter)
	mr.Best, mr.BestLine = before.Best(), before.PV
	mr.BestText = lineText(cur, before.PV, style)
	mr.Refutation = after.PV
	if c := cur.Clone(); c.Continue(mr.Move) == nil {
		mr.RefutationText = lineText(c, after.PV, style)
	}
	if mr.Move == mr.Best {
		// The engine's own choice: a drop is the two searches' disagreement, not a mistake.
		mr.Mark = Good
	}
	if mr.Mark != Good {
		mr.Reason, mr.Words = explain(cur, mr, style, k, second{on: checked, before: before.Check, after: after.Check})
	}
}

// summarise computes the summary of moves.
func summarise(moves []MoveReview, a *Analysis, first engine.Side, k float64) Summary {
	s := Summary{Swing: -1}
	worst := 0.0
	for i, m := range moves {
		if !m.Judged {
			continue
		}
		s.Counts[m.Side][m.Mark]++
		if s.Swing < 0 || m.Drop > worst {
			s.Swing, worst = i, m.Drop
		}
	}
	// Win percentages from the first player's view, up to the first position where the game
	// was over (nothing is judged past it).
	var wp []float64
	for i, e := range a.Evals {
		sc := e.Score
		if (i%2 == 1) != (first == engine.Second) {
			sc = -sc
		}
		wp = append(wp, winPercent(sc, k))
		if e.Over {
			break
		}
	}
	s.Accuracy, s.HasAccuracy = gameAccuracy(wp, first)
	return s
}

// lineText writes line, played from g's current position, in style; it stops at the first
// move that cannot be played.
func lineText(g engine.Game, line []engine.Move, style Style) []string {
	c := g.Clone()
	var out []string
	for _, m := range line {
		t := c.Local(m, style.local())
		if c.Continue(m) != nil {
			break
		}
		out = append(out, t)
	}
	return out
}

// ScoreText writes a score (centipawns from a side's view, mates as gamesearch's) for
// people: "+1.25", "−0.40" as pawns, "mate in 3" when the side mates, "mated in 2" when it is
// mated ("mate" when the side has mated, "mated" when it is mated already).
func ScoreText(score int) string {
	if gamesearch.IsMate(score) {
		if score > 0 {
			if n := gamesearch.MateIn(score); n > 0 {
				return fmt.Sprintf("mate in %d", n)
			}
			return "mate"
		}
		if n := gamesearch.MateIn(-score); n > 0 {
			return fmt.Sprintf("mated in %d", n)
		}
		return "mated"
	}
	return fmt.Sprintf("%+.2f", float64(score)/100)
}
