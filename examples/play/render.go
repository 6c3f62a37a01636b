package main

import (
	"fmt"
	"strings"
	"time"

	"github.com/cotuong-ai/cotuong/engine"
	"github.com/cotuong-ai/cotuong/gamesearch"
	"github.com/cotuong-ai/cotuong/internal/board"
	"github.com/cotuong-ai/cotuong/levels"
)

// say prints one line.
func (s *session) say(format string, args ...any) { fmt.Fprintf(s.out, format+"\n", args...) }

// title names the game for the greeting.
func title(v engine.Variant) string {
	if v == engine.Xiangqi {
		return "Xiangqi (cờ tướng, 象棋)"
	}
	return "Chess"
}

// prompt asks for the next line: whose move it is, or that the game is over.
func (s *session) prompt() {
	if r := s.game.Result(); r.Over {
		fmt.Fprint(s.out, "game over> ")
		return
	}
	fmt.Fprintf(s.out, "%s to move> ", s.game.SideName(s.game.SideToMove()))
}

// draw prints the board from the person's side (turned when flipped), marking the move last.
func (s *session) draw(last string) {
	st := s.style
	st.Flip = (s.person == engine.Second) != s.flip
	st.LastMove = last
	fmt.Fprint(s.out, board.Draw(s.game, st))
}

// lastMove is the last move played in coordinates, "" before the first.
func (s *session) lastMove() string {
	ms := s.game.Moves()
	if len(ms) == 0 {
		return ""
	}
	return ms[len(ms)-1]
}

// upperFirst capitalises the first letter of a message.
func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// describe writes m (legal in the current position) in coordinates and one family of
// notation: Vietnamese alone with Vietnamese labels (its P and B are WXF's C and P), WXF with
// Chinese for Chinese labels, WXF (or SAN) otherwise.
func (s *session) describe(m engine.Move) string {
	uci := s.game.UCI(m)
	switch {
	case s.variant == engine.Xiangqi && s.style.Labels == board.Vietnamese:
		return fmt.Sprintf("%s (%s)", uci, s.game.Local(m, "vietnamese"))
	case s.variant == engine.Xiangqi && s.style.Labels == board.Chinese:
		return fmt.Sprintf("%s (%s, %s)", uci, s.game.Notation(m), s.game.Local(m, "chinese"))
	}
	return fmt.Sprintf("%s (%s)", uci, s.game.Notation(m))
}

// announce prints check or the result; it reports whether the game is over.
func (s *session) announce() bool {
	r := s.game.Result()
	if r.Over {
		s.say("Game over: %s (%s).", r.Text, r.Short)
		return true
	}
	if s.game.InCheck() {
		s.say("Check!")
	}
	return false
}

// levelText describes a level in plain words: "Casual: plays at about 1550 Elo".
func (s *session) levelText(l levels.Level) string {
	return l.Describe(engine.LevelGame(s.variant))
}

// scoreText writes a search score for people, always from the first player's (Red's or
// White's) point of view whoever was to move: "score +0.84 for Red" (in pawns; positive
// is good for Red), or "Red mates in 3". score is from mover's side, as the search gives it.
func (s *session) scoreText(score int, mover engine.Side) string {
	first := s.game.SideName(engine.First)
	if gamesearch.IsMate(score) {
		n := gamesearch.MateIn(score)
		winner := mover
		if n < 0 {
			winner, n = mover.Other(), -n
		}
		return fmt.Sprintf("%s mates in %d", s.game.SideName(winner), n)
	}
	if mover == engine.Second {
		score = -score
	}
	return fmt.Sprintf("score %+.2f for %s", float64(score)/100, first)
}

// msText writes a duration in whole milliseconds: "312 ms".
func msText(d time.Duration) string {
	return fmt.Sprintf("%d ms", d.Round(time.Millisecond).Milliseconds())
}

// movesText is "1 move", "N moves".
func movesText(n int) string {
	if n == 1 {
		return "1 move"
	}
	return fmt.Sprintf("%d moves", n)
}

// clip shortens a text quoted back to the person (at most 60 bytes and "...").
func clip(s string) string {
	if len(s) > 60 {
		return s[:60] + "..."
	}
	return s
}
