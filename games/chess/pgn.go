package chess

import (
	"errors"
	"fmt"
	"io"

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
	Tags pgn.Tags
	Game *Game // the start position (from the SetUp/FEN tags) and the main line
	// Annotations[0] belongs before the first move and Annotations[i] after move i; it is nil
	// or has Game.Len()+1 entries.
	Annotations []Annotation
	Result      string // "1-0", "0-1", "1/2-1/2" or "*"
}

// Tag returns the value of the named tag and whether it is present.
func (g *PGNGame) Tag(name string) (string, bool) { return g.Tags.Get(name) }

// SetTag sets the value of the named tag, adding it at the end when absent.
func (g *PGNGame) SetTag(name, value string) { g.Tags.Set(name, value) }

// PGNError is the error the PGN reader returns for a game it cannot read: the game's number in
// the stream (1 for the first), the line, the move as written when a move is at fault, and
// what was wrong. Its message starts "chess: PGN game N, line L: ".
type PGNError = pgn.Error

// PGNReader reads games one at a time from a PGN stream.
type PGNReader struct{ r *pgn.Reader }

// NewPGNReader returns a reader of the PGN games in r.
func NewPGNReader(r io.Reader) *PGNReader {
	return &PGNReader{r: pgn.NewReader(r, pgn.Dialect{EnPassant: true})}
}

// Next returns the next game of the stream, or io.EOF when there is none. A game that cannot be
// read (a bad tag, an illegal or unreadable move, a bad FEN tag) gives a *PGNError; the reader
// has then skipped to the end of that game, so Next can be called again for the following one.
func (r *PGNReader) Next() (*PGNGame, error) {
	raw, synErr := r.r.Next()
	if raw == nil {
		return nil, synErr
	}
	fail := func(line int, err error) *PGNError {
		return &PGNError{Variant: "chess", Game: r.r.Games(), Line: line, Err: err}
	}
	var se *pgn.SyntaxError
	errors.As(synErr, &se)
	g := &PGNGame{Tags: raw.Tags, Result: raw.Result}
	start := Start()
	if fen, ok := raw.Tags.Get("FEN"); ok {
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
			e := fail(mv.Line, fmt.Errorf("move %d%s: %w", pos.FullmoveNumber(), map[Color]string{White: ".", Black: "..."}[pos.SideToMove()], err))
			e.Move = mv.Text
			return nil, e
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
	return pgn.ReadAll(NewPGNReader(r).Next)
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
	start := g.Game.Start()
	fen := start.FEN()
	if fen == StartFEN {
		fen = ""
	}
	plies := make([]pgn.Ply, g.Game.Len())
	for i, m := range g.Game.Moves() {
		pos := g.Game.At(i)
		plies[i] = pgn.Ply{Number: int(pos.fullmove), First: pos.side == White, Text: pos.SAN(m)}
	}
	return pgn.WriteGame(w, g.Tags, fen, result, plies, g.Annotations)
}

// String returns the game in PGN export format (see WritePGN).
func (g *PGNGame) String() string {
	return pgn.Text(func(w io.Writer) error { return WritePGN(w, g) })
}
