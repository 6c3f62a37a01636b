package main

import (
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/cotuong-ai/cotuong/engine"
	"github.com/cotuong-ai/cotuong/games/chess"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/cotuong-ai/cotuong/internal/pgn"
	"github.com/cotuong-ai/cotuong/review"
)

// Records: load FILE reads a PGN file as well as a save file, and pgn [FILE] writes the game
// as PGN, with the review's marks and words when the game was reviewed.

// reviewed is the last review of the session's game: the review and the game it judged (its
// String), so that its marks are written only on the moves it judged.
type reviewed struct {
	r    *review.Review
	game string
}

// isSaveFile reports whether text is a cotuong save file (its first non-blank line is a save
// header), not a PGN file.
func isSaveFile(text string) bool {
	for _, l := range strings.Split(text, "\n") {
		if t := strings.TrimSpace(strings.TrimPrefix(l, "\uFEFF")); t != "" {
			return strings.HasPrefix(t, "cotuong-game")
		}
	}
	return false
}

// looksLikePGN reports whether text starts as a PGN file does: a tag, a comment, an escape
// line or a move number.
func looksLikePGN(text string) bool {
	t := strings.TrimSpace(strings.TrimPrefix(text, "\uFEFF"))
	return t != "" && (strings.IndexByte("[{;%", t[0]) >= 0 || t[0] >= '1' && t[0] <= '9')
}

// splitGameNumber splits "load FILE N" into the file and the game's number N (0 when not
// given): a last word that is an integer is the number unless the whole text names a file.
// A number below 1 is an error naming it; one too large for an int is math.MaxInt, so that
// the PGN reader says how many games the file holds.
func splitGameNumber(arg string) (string, int, error) {
	f := strings.Fields(arg)
	if len(f) < 2 {
		return arg, 0, nil
	}
	last := f[len(f)-1]
	if !isInteger(last) {
		return arg, 0, nil
	}
	if _, err := os.Stat(expandHome(arg)); err == nil {
		return arg, 0, nil
	}
	name := strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(arg), last))
	n, err := strconv.Atoi(last)
	switch {
	case errors.Is(err, strconv.ErrRange) && last[0] != '-':
		n = math.MaxInt
	case err != nil || n < 1:
		return name, 0, fmt.Errorf("%s is not a game number (the first game is 1)", last)
	}
	return name, n, nil
}

// isInteger reports whether w is a decimal integer: an optional sign, then digits only.
func isInteger(w string) bool {
	w = strings.TrimLeft(w, "+-")
	if w == "" {
		return false
	}
	for _, c := range w {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// pgnGame reads game number n (from 1; 0 is 1) of the PGN text as a game of v. The error
// names what went wrong: no game, fewer games than n, or why game n cannot be read (the
// reader's message: game, line, move and why).
func pgnGame(v engine.Variant, text string, n int) (engine.Game, error) {
	if n == 0 {
		n = 1
	}
	var next func() (string, error)
	if v == engine.Xiangqi {
		r := xiangqi.NewPGNReader(strings.NewReader(text))
		next = func() (string, error) {
			g, err := r.Next()
			if err != nil {
				return "", err
			}
			return g.Game.String(), nil
		}
	} else {
		r := chess.NewPGNReader(strings.NewReader(text))
		next = func() (string, error) {
			g, err := r.Next()
			if err != nil {
				return "", err
			}
			return g.Game.String(), nil
		}
	}
	for i := 1; ; i++ {
		s, err := next()
		switch {
		case errors.Is(err, io.EOF) && i == 1:
			return nil, errors.New("no PGN game in it (nor is it a cotuong save file)")
		case errors.Is(err, io.EOF):
			return nil, fmt.Errorf("it holds %s; give a number from 1 to %d", review.Count(i-1, "PGN game", "PGN games"), i-1)
		case i < n:
			continue // an earlier game, readable or not, is skipped
		case err != nil:
			return nil, errors.New(strings.TrimPrefix(err.Error(), string(v)+": "))
		}
		return engine.ParseGame(v, s)
	}
}

// readPGNGame reads game n of the PGN text for the session: a game of the other variant is
// named as such (as a save file of it is).
func (s *session) readPGNGame(text string, n int) (engine.Game, error) {
	g, err := pgnGame(s.variant, text, n)
	if err == nil {
		return g, nil
	}
	other := engine.Chess
	if s.variant == engine.Chess {
		other = engine.Xiangqi
	}
	if _, err2 := pgnGame(other, text, n); err2 == nil {
		return nil, fmt.Errorf("it holds a game of %s, and this is %s (start with -game %s to load it)", other, s.variant, other)
	}
	return nil, err
}

// writePGN answers "pgn [FILE]": the game as PGN, printed whole (it is copied) or written to
// FILE (a missing folder is made), with the review's marks as glyphs ($6 ?!, $2 ?, $4 ??) and
// its words as comments when the game was reviewed, as lichess's annotated export.
func (s *session) writePGN(name string) {
	text, err := s.pgnText()
	if err != nil {
		s.say("Could not write the game as PGN: %v.", err)
		return
	}
	if name == "" {
		fmt.Fprint(s.out, text)
		return
	}
	if name == "~" || strings.HasSuffix(name, "/") || strings.HasSuffix(name, string(filepath.Separator)) {
		s.say("%s names a folder; give a file name, e.g. pgn %s", name, strings.TrimRight(name, "/"+string(filepath.Separator))+"/game.pgn")
		return
	}
	path := expandHome(name)
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		s.say("%s is a folder; give a file name, e.g. pgn %s", name, filepath.Join(name, "game.pgn"))
		return
	}
	if err := writeFile(path, text); err != nil {
		s.say("Could not write the PGN: %v. The game goes on.", err)
		return
	}
	s.say("Wrote the game as PGN to %s.", name)
}

// pgnText returns the game as PGN: the Seven Tag Roster with the players (White: the first
// player, Red in xiangqi), xiangqi's Variant tag, the start position when it is not the
// standard one, the moves in SAN, and the review's annotations.
func (s *session) pgnText() (string, error) {
	tags := pgn.Tags{{Name: "Event", Value: "cotuong terminal game"}, {Name: "Site", Value: "?"},
		{Name: "Date", Value: time.Now().Format("2006.01.02")}}
	first, second := "You", "Computer ("+s.level.Name+")"
	if s.person != engine.First {
		first, second = second, first
	}
	tags.Set("White", first)
	tags.Set("Black", second)
	ann := s.annotations()
	if s.variant == engine.Xiangqi {
		g, err := xiangqi.ParseGame(s.game.String())
		if err != nil {
			return "", err
		}
		return (&xiangqi.PGNGame{Tags: tags, Game: g, Annotations: ann}).String(), nil
	}
	g, err := chess.ParseGame(s.game.String())
	if err != nil {
		return "", err
	}
	return (&chess.PGNGame{Tags: tags, Game: g, Annotations: ann}).String(), nil
}

// annotations returns the last review's marks and words for the game's moves, nil when the
// game was not reviewed or has changed since other than by moves added or taken back.
func (s *session) annotations() []pgn.Annotation {
	rv := s.reviewed
	if rv.r == nil {
		return nil
	}
	now := s.game.String()
	if now != rv.game && !strings.HasPrefix(now, rv.game+" ") && !strings.HasPrefix(rv.game, now+" ") &&
		!strings.HasPrefix(rv.game, now+" moves ") {
		return nil
	}
	return rv.r.Annotations(s.game.Len())
}
