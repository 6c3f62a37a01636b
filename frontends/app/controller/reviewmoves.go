package controller

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/cotuong-ai/cotuong/engine"
	"github.com/cotuong-ai/cotuong/frontends/app/render"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/cotuong-ai/cotuong/gamesearch"
	"github.com/cotuong-ai/cotuong/review"
)

// The move list under the review: the moves in the player's notation, their marks, taps on
// them, and the full-move numbers every text of the review counts in.

// moveText writes m, legal in pos, in the player's notation (as the move list does).
func (c *Controller) moveText(pos xiangqi.Position, m xiangqi.Move) string {
	switch c.set.Labels {
	case VietnameseLabels:
		return pos.Vietnamese(m)
	case LetterLabels:
		return pos.WXF(m)
	}
	return pos.WXF(m) + " " + pos.Chinese(m)
}

// markRows writes the review's judgements into the move list, in the review each move's score
// (listScore), and marks the move the review shows.
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
			if i := mr.Ply + off; mr.Judged && c.review() != nil && i/2 < len(rows) {
				if i%2 == 0 {
					rows[i/2].RedScore = listScore(mr.After, mr.Side)
				} else {
					rows[i/2].BlackScore = listScore(mr.After, mr.Side)
				}
			}
		}
	}
	if r := c.review(); r != nil {
		p := r.ply
		if r.line != nil {
			p = r.lineFrom + 1
		}
		if p > 0 {
			set(p-1, markOf(rows, p-1+off), true)
		}
	}
}

// listScore writes the score of the position after a move, score from the view of side (who
// played it), for Red as the review's move list shows it, in pawns with its sign ("+0.35",
// "-1.20"; + when Red stands better, as the words' "+0.35 for Red" and the graph); a mate to
// come as "#3" when Red mates in 3 moves and "#-3" when Black does; a mate given as the
// result, "1-0" (Red has mated) or "0-1".
func listScore(score int, side engine.Side) string {
	s := review.FirstScore(score, side)
	if !gamesearch.IsMate(s) {
		return fmt.Sprintf("%+.2f", float64(s)/100)
	}
	n := gamesearch.MateIn(max(s, -s))
	switch {
	case n == 0 && s > 0:
		return "1-0"
	case n == 0:
		return "0-1"
	case s < 0:
		return fmt.Sprintf("#-%d", n)
	}
	return fmt.Sprintf("#%d", n)
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
	keep := c.listScroll
	c.ReviewGo(i + 1)
	if keep >= 0 {
		c.listScroll = keep // a tapped list does not move under the finger
	}
}

// startMove is the full-move number of the game's start position (its FEN's count).
func (c *Controller) startMove() int {
	start := c.game.Start()
	f := strings.Fields(start.FEN())
	if n, err := strconv.Atoi(f[len(f)-1]); err == nil && n > 0 {
		return n
	}
	return 1
}

// moveNumber is the full-move number of the game's move ply (from 0).
func (c *Controller) moveNumber(ply int) int {
	if c.blackFirst() {
		return c.startMove() + (ply+1)/2
	}
	return c.startMove() + ply/2
}

// moveLabel writes the full-move number of the game's move ply as move lists do: "4." for
// Red's move, "4…" for Black's (review.MoveLabel).
func (c *Controller) moveLabel(ply int) string {
	side := engine.First
	if (ply%2 == 1) != c.blackFirst() {
		side = engine.Second
	}
	return review.MoveLabel(c.moveNumber(ply), side)
}

// fullMoves is the number of full moves (a move and its reply counted once) of the game's
// first n plies, as its last full-move number counts them from the start's.
func (c *Controller) fullMoves(n int) int {
	if n <= 0 {
		return 0
	}
	return c.moveNumber(n-1) - c.startMove() + 1
}

// numbered writes the moves texts, the first the game's move ply, with full-move numbers:
// "4… C2+7 5. H2+3 H8+9".
func (c *Controller) numbered(ply int, texts []string) string {
	out := make([]string, 0, len(texts))
	for i, t := range texts {
		if l := c.moveLabel(ply + i); i == 0 || !strings.HasSuffix(l, "…") {
			t = l + " " + t
		}
		out = append(out, t)
	}
	return strings.Join(out, " ")
}
