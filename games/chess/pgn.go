package chess

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/cotuong-ai/cotuong/internal/pgn"
)

// PGN: Portable Game Notation (the PGN Standard, Steven J. Edwards, 1994), read as a stream of
// games and written in export format. The text (tags, comments, move numbers, variations) is
// read and written by internal/pgn, shared with games/xiangqi; this file reads and writes the
// moves, in SAN.

// Tag is one PGN tag pair, such as [Event "Casual game"] (Name "Event", Value "Casual game").
type Tag = pgn.Tag

// Annotation holds the comments and numeric annotation glyphs (NAGs, $1 = "!", $2 = "?", ...)
// at one point of the main line: Comment is the text of the {...} and ; comments there joined
// by a space, NAGs the glyph numbers in the order given.
type Annotation = pgn.Annotation

// PGNGame is one game of a PGN file: its tags, the main line as a Game, the annotations and the
// termination marker. Variations are skipped when reading.
type PGNGame struct {
	// Tags are in the order read; WritePGN writes the Seven Tag Roster first, then the others
	// in this order.
	Tags []Tag
	Game *Game // the start position (from the SetUp/FEN tags) and the main line
	// Annotations[0] belongs before the first move and Annotations[i] after move i; it is nil
	// or has Game.Len()+1 entries.
	Annotations []Annotation
	Result      string // "1-0", "0-1", "1/2-1/2" or "*"
}

// Tag returns the value of the named tag and whether it is present.
func (g *PGNGame) Tag(name string) (string, bool) {
	for _, t := range g.Tags {
		if t.Name == name {
			return t.Value, true
		}
	}
	return "", false
}

// SetTag sets the value of the named tag, adding it at the end when absent.
func (g *PGNGame) SetTag(name, value string) {
	for i := range g.Tags {
		if g.Tags[i].Name == name {
			g.Tags[i].Value = value
			return
		}
	}
	g.Tags = append(g.Tags, Tag{Name: name, Value: value})
}

// PGNError is the error the PGN reader returns for a game it cannot read: the game's number in
// the stream (1 for the first), the line, and what was wrong.
type PGNError struct {
	Game int   // the game's number in the stream, from 1
	Line int   // the line of the stream where the problem was found, from 1
	Err  error // what was wrong
}

// Error returns "chess: PGN game N, line L: " followed by Err.
func (e *PGNError) Error() string {
	return fmt.Sprintf("chess: PGN game %d, line %d: %v", e.Game, e.Line, e.Err)
}

// Unwrap returns Err.
func (e *PGNError) Unwrap() error { return e.Err }

// PGNReader reads games one at a time from a PGN stream.
type PGNReader struct {
	r     *pgn.Reader
	games int
}

// NewPGNReader returns a reader of the PGN games in r.
func NewPGNReader(r io.Reader) *PGNReader {
	return &PGNReader{r: pgn.NewReader(r, pgn.Dialect{})}
}

// Next returns the next game of the stream, or io.EOF when there is none. A game that cannot be
// read (a bad tag, an illegal or unreadable move, a bad FEN tag) gives a *PGNError; the reader
// has then skipped to the end of that game, so Next can be called again for the following one.
func (r *PGNReader) Next() (*PGNGame, error) {
	raw, synErr := r.r.Next()
	if raw == nil {
		return nil, synErr
	}
	r.games++
	fail := func(line int, err error) error { return &PGNError{Game: r.games, Line: line, Err: err} }
	var se *pgn.SyntaxError
	errors.As(synErr, &se)
	g := &PGNGame{Tags: raw.Tags, Result: raw.Result}
	start := Start()
	if fen, ok := raw.Tag("FEN"); ok {
		p, err := ParseFEN(fen)
		if err != nil {
			if se != nil && se.Line <= raw.MovetextLine {
				return nil, fail(se.Line, se.Err)
			}
			return nil, fail(raw.MovetextLine, fmt.Errorf("FEN tag: %w", err))
		}
		start = p
	}
	g.Game = NewGame(start)
	for _, mv := range raw.Moves {
		pos := g.Game.Position()
		m, err := pos.ParseMove(mv.Text)
		if err == nil {
			err = g.Game.Push(m)
		}
		if err != nil {
			if se != nil && se.Line < mv.Line {
				break
			}
			return nil, fail(mv.Line, fmt.Errorf("move %d%s: %w", pos.FullmoveNumber(), map[Color]string{White: ".", Black: "..."}[pos.SideToMove()], err))
		}
	}
	if se != nil {
		return nil, fail(se.Line, se.Err)
	}
	g.Annotations = raw.Annotations
	return g, nil
}

// ReadPGN reads every game of the PGN stream r. It stops at the first game it cannot read and
// returns the games before it with the error.
func ReadPGN(r io.Reader) ([]*PGNGame, error) {
	pr := NewPGNReader(r)
	var out []*PGNGame
	for {
		g, err := pr.Next()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return out, err
		}
		out = append(out, g)
	}
}

// WritePGN writes g in PGN export format: the Seven Tag Roster first (with "?" for missing
// values), then the other tags in their order (SetUp and FEN added when the game does not start
// from the standard position), then the movetext in SAN with move numbers, NAGs and comments,
// wrapped before 80 columns, ending with the result. The result is g.Result, or the game's
// Result().PGN() when g.Result is empty.
func WritePGN(w io.Writer, g *PGNGame) error {
	if g == nil || g.Game == nil {
		return errors.New("chess: WritePGN: no game")
	}
	result := g.Result
	if result == "" {
		result = g.Game.Result().PGN()
	}
	var b strings.Builder
	start := g.Game.Start()
	fen := start.FEN()
	if fen == StartFEN {
		fen = ""
	}
	pgn.WriteTags(&b, g.Tags, result, fen)
	mt := pgn.NewMovetext(&b)
	annot := func(i int) {
		if i < len(g.Annotations) {
			mt.Annotation(g.Annotations[i])
		}
	}
	annot(0)
	pos := start
	for i, m := range g.Game.Moves() {
		if pos.side == White {
			mt.Token(strconv.Itoa(int(pos.fullmove)) + ".")
		} else if i == 0 || (i < len(g.Annotations) && pgn.Annotated(g.Annotations[i])) {
			mt.Token(strconv.Itoa(int(pos.fullmove)) + "...")
		}
		mt.Token(pos.SAN(m))
		annot(i + 1)
		pos = g.Game.At(i + 1)
	}
	mt.End(result)
	_, err := io.WriteString(w, b.String())
	return err
}

// String returns the game in PGN export format (see WritePGN).
func (g *PGNGame) String() string {
	var b strings.Builder
	if err := WritePGN(&b, g); err != nil {
		return ""
	}
	return b.String()
}
