package review

import (
	"context"
	"fmt"

	"github.com/cotuong-ai/cotuong/engine"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/cotuong-ai/cotuong/gamesearch"
)

// Mistakes returns the moves of r that side played and that are marked ? or ?? (Mistake or
// Blunder), in the order of the game: the moves "learn from your mistakes" goes through, as
// lichess's does.
func Mistakes(r *Review, side engine.Side) []MoveReview {
	if r == nil {
		return nil
	}
	var out []MoveReview
	for _, m := range r.Moves {
		if m.Judged && m.Side == side && m.Mark >= Mistake {
			out = append(out, m)
		}
	}
	return out
}

// PositionBefore returns a copy of g at the position before its move ply (from 0), with the
// moves before it: the position a player is shown to find a better move. It returns an error
// when g has no move ply.
func PositionBefore(g engine.Game, ply int) (engine.Game, error) {
	if g == nil {
		return nil, ErrNoGame
	}
	if ply < 0 || ply >= g.Len() {
		return nil, fmt.Errorf("review: no move %d in a game of %d moves", ply+1, g.Len())
	}
	c := g.Clone()
	for c.Len() > ply {
		if _, ok := c.Pop(); !ok {
			return nil, fmt.Errorf("review: the game cannot be taken back to move %d", ply+1)
		}
	}
	return c, nil
}

// Attempt is the judgement of a move tried in place of a mistake.
type Attempt struct {
	// Good is true when the move is as good as the analysis's best within the margin of a
	// good move: its mover's winning chances fall by less than InaccuracyDrop from the
	// position's score (the analysis's best move is always good).
	Good bool
	// Score is the mover's score after the move (centipawns from the mover's view, mates as
	// gamesearch's), Drop the fall in winning chances (a.K).
	Score int
	Drop  float64
}

// Try judges move m played in position before (the game before mistake mr, PositionBefore)
// against analysis a: the analysis's best move is good at once; another move's position is
// searched as Analyze searched (a's evaluation, a.Nodes nodes, a new searcher, so the same
// move always gets the same answer) and judged by the drop from a's score of the position.
// It returns ctx's error when cancelled, and an error when m is not legal there or a has no
// score of the position.
func Try(ctx context.Context, before engine.Game, a *Analysis, mr MoveReview, m engine.Move) (Attempt, error) {
	if before == nil {
		return Attempt{}, ErrNoGame
	}
	if a == nil || mr.Ply >= len(a.Evals) || a.Evals[mr.Ply].Over {
		return Attempt{}, ErrNoAnalysis
	}
	e := a.Evals[mr.Ply]
	after := before.Clone()
	if err := after.Push(m); err != nil {
		return Attempt{}, err
	}
	if m == e.Best() {
		return Attempt{Good: true, Score: e.Score}, nil
	}
	so := engine.SearcherOptions{HashMiB: HashMiB, Threads: 1, ThirdOccurrence: true}
	if a.Network {
		n, err := xiangqi.DefaultNNUE()
		if err != nil {
			return Attempt{}, err
		}
		so.XiangqiNNUE = n
	}
	var score int
	if ev, over := overEval(after); over {
		score = -ev.Score
	} else {
		s := engine.NewSearcher(a.Variant, so)
		r := s.Search(ctx, after, gamesearch.Limits{Nodes: a.Nodes}, nil, nil)
		if err := ctx.Err(); err != nil {
			return Attempt{}, err
		}
		score = -r.Score
	}
	mark, drop := judge(e.Score, score, a.K())
	return Attempt{Good: mark == Good, Score: score, Drop: drop}, nil
}
