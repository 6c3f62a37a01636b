package main

import (
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/cotuong-ai/cotuong/engine"
	"github.com/cotuong-ai/cotuong/gamesearch"
	"github.com/cotuong-ai/cotuong/internal/board"
	"github.com/cotuong-ai/cotuong/levels"
	"github.com/cotuong-ai/cotuong/review"
)

// say prints a message, fitting it to the screen: a line wider than screenWidth columns is
// wrapped at spaces (fit), its later lines indented as its first.
func (s *session) say(format string, args ...any) {
	fmt.Fprintln(s.out, fit(fmt.Sprintf(format, args...), screenWidth))
}

// sayDetail prints a message and its bracketed details ("Computer plays h2e2 (C2.5)" and
// "[depth 5, ...]") on one line, two spaces apart, when they fit in screenWidth columns, and
// else the details on a line of their own, indented by two spaces.
func (s *session) sayDetail(msg, detail string) {
	if columns(msg)+2+columns(detail) <= screenWidth {
		s.say("%s  %s", msg, detail)
		return
	}
	s.say("%s\n  %s", msg, detail)
}

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

// draw prints the board from the person's side (turned when flipped), marking (in colour)
// the last move and, more faintly, the one before: the person's move and the computer's
// reply, drawn once a turn.
func (s *session) draw() {
	st := s.style
	st.Flip = (s.person == engine.Second) != s.flip
	ms := s.game.Moves()
	if n := len(ms); n > 0 {
		st.LastMove = ms[n-1]
		if n > 1 {
			st.PrevMove = ms[n-2]
		}
	}
	fmt.Fprint(s.out, board.Draw(s.game, st))
}

// screenWidth is the width in columns that long messages are wrapped to: a terminal's
// traditional 80, which a phone's terminal in landscape also shows.
const screenWidth = 80

// wrap breaks text into lines of at most width columns at spaces (a Chinese character takes
// two columns); a word longer than width is left whole on its own line. Line breaks in text
// are kept.
func wrap(text string, width int) string {
	var b strings.Builder
	for i, para := range strings.Split(text, "\n") {
		if i > 0 {
			b.WriteByte('\n')
		}
		col := 0
		for j, w := range strings.Fields(para) {
			ww := columns(w)
			if j > 0 && col+1+ww > width {
				b.WriteByte('\n')
				col = 0
			} else if j > 0 {
				b.WriteByte(' ')
				col++
			}
			b.WriteString(w)
			col += ww
		}
	}
	return b.String()
}

// fit leaves the lines of text that are at most width columns wide as they are and wraps
// the others at spaces (wrap), indenting their later lines as far as their first.
func fit(text string, width int) string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		if columns(l) <= width {
			continue
		}
		body := strings.TrimLeft(l, " ")
		indent := l[:len(l)-len(body)]
		w := width - len(indent)
		if w < 20 {
			indent, w = "", width
		}
		lines[i] = indent + strings.ReplaceAll(wrap(body, w), "\n", "\n"+indent)
	}
	return strings.Join(lines, "\n")
}

// columns is the width of s on a terminal: two columns for each wide (East Asian) character,
// one for others.
func columns(s string) int {
	n := 0
	for _, r := range s {
		n++
		if r >= 0x1100 && r <= 0x115f || r >= 0x2e80 && r <= 0xa4cf || r >= 0xac00 && r <= 0xd7a3 ||
			r >= 0xf900 && r <= 0xfaff || r >= 0xfe30 && r <= 0xfe4f || r >= 0xff00 && r <= 0xff60 ||
			r >= 0xffe0 && r <= 0xffe6 || r >= 0x20000 && r <= 0x3fffd {
			n++
		}
	}
	return n
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
	return l.Describe(engine.LevelScale(s.variant))
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

// movesPlayed says how many moves each side has played in g, where a move is one side's
// turn (the game's length counts both sides' moves): "no moves yet", "1 move by Red",
// "2 moves each", "3 moves by Red, 2 by Black".
func (s *session) movesPlayed(g engine.Game) string {
	n := g.Len()
	if n == 0 {
		return "no moves yet"
	}
	if n%2 == 0 {
		if n == 2 {
			return "1 move each"
		}
		return fmt.Sprintf("%d moves each", n/2)
	}
	// An odd count: the side that began (the one not to move now) has one move more.
	first, second := g.SideName(g.SideToMove().Other()), g.SideName(g.SideToMove())
	if n == 1 {
		return "1 move by " + first
	}
	return fmt.Sprintf("%s by %s, %d by %s", review.Count(n/2+1, "move", "moves"), first, n/2, second)
}

// clip shortens a text quoted back to the person (at most 60 bytes, cut at a character's
// start, and "...").
func clip(s string) string {
	if len(s) <= 60 {
		return s
	}
	i := 60
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return s[:i] + "..."
}
