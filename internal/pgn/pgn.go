// Package pgn reads and writes the text of PGN (Portable Game Notation, the PGN Standard,
// Steven J. Edwards, 1994) without knowing any game: tag pairs, move numbers, comments,
// numeric annotation glyphs, variations and the termination marker. The games' packages
// (games/chess, games/xiangqi) read the moves it hands them with their own rules, and write
// their moves through Movetext.
//
// A Reader yields one Game at a time: its tags, the main line's move tokens (each with its
// line), the annotations between them and the result. Variations are skipped.
package pgn

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
)

// Tag is one PGN tag pair, such as [Event "Casual game"].
type Tag struct {
	Name, Value string // unquoted: Name "Event", Value "Casual game"
}

// Tags is a game's tag pairs in their order.
type Tags []Tag

// Get returns the value of the named tag and whether it is present.
func (t Tags) Get(name string) (string, bool) {
	for _, x := range t {
		if x.Name == name {
			return x.Value, true
		}
	}
	return "", false
}

// Set sets the value of the named tag, adding it at the end when absent.
func (t *Tags) Set(name, value string) {
	for i := range *t {
		if (*t)[i].Name == name {
			(*t)[i].Value = value
			return
		}
	}
	*t = append(*t, Tag{Name: name, Value: value})
}

// ReadAll calls next until it returns io.EOF and returns what it gave. It stops at the
// first other error and returns the values before it with the error.
func ReadAll[G any](next func() (G, error)) ([]G, error) {
	var out []G
	for {
		g, err := next()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return out, err
		}
		out = append(out, g)
	}
}

// Annotation holds the comments and numeric annotation glyphs (NAGs, $1 = "!", $2 = "?", ...)
// at one point of the main line.
type Annotation struct {
	Comment string // text of the {...} and ; comments there, joined by a space
	NAGs    []int  // the glyph numbers, in the order given ($1 is 1)
}

// Dialect says which move texts a stream holds beyond SAN's letters, digits and "_+#=:-/".
type Dialect struct {
	// Wide lets a move token also hold '.' after its first character (WXF "C2.5", the
	// tandem soldiers' "15.6") and any byte of a multi-byte UTF-8 character (Chinese
	// notation "炮二平五"). A token of digits followed by a period and a digit is then a move,
	// not a move number.
	Wide bool
	// EnPassant lets a move be followed by chess's en passant mark, "e.p." or "ep", written
	// apart ("bxa6 e.p.", as the FIDE Laws of Chess, Appendix C.7, allow) or attached
	// ("exf6ep", "exf6e.p."): the mark becomes part of the move's text ("bxa6 e.p.") instead of
	// a token of its own, and the game's package reads it.
	EnPassant bool
}

// Move is one move token of the main line as written, with the line it is on.
type Move struct {
	Text string // e.g. "Nf3", "C2.5", "炮二平五"
	Line int    // from 1
}

// Game is one game of a stream as text.
type Game struct {
	// Tags are in the order read.
	Tags Tags
	// Moves are the main line's move tokens.
	Moves []Move
	// Annotations[0] belongs before the first move and Annotations[i] after Moves[i-1]: it
	// has len(Moves)+1 entries.
	Annotations []Annotation
	// Result is the termination marker ("1-0", "0-1", "1/2-1/2", "*"), or the Result tag
	// when the movetext has none, or "*".
	Result string
	// MovetextLine is the line of the first token after the tags (for errors about the tags
	// as a whole, such as a bad FEN tag).
	MovetextLine int
}

// SyntaxError is a problem with the text of a game: a malformed tag, an unmatched
// parenthesis, a bad glyph or an unexpected character.
type SyntaxError struct {
	Line int   // the line of the stream, from 1
	Err  error // what was wrong
}

// Error returns "line L: " and Err.
func (e *SyntaxError) Error() string { return fmt.Sprintf("line %d: %v", e.Line, e.Err) }

// Unwrap returns Err.
func (e *SyntaxError) Unwrap() error { return e.Err }

// Error is the error a game's PGN reader returns for a game it cannot read: the game's number
// in the stream, the line, the move as written (when a move is at fault) and what was wrong.
type Error struct {
	Variant string // the game's package, the message's prefix: "chess", "xiangqi"
	Game    int    // the game's number in the stream, from 1
	Line    int    // the line of the stream where the problem was found, from 1
	Move    string // the move as written; "" when the problem is not a move
	Err     error  // what was wrong
}

// Error returns "<variant>: PGN game N, line L: " followed by Err.
func (e *Error) Error() string {
	return fmt.Sprintf("%s: PGN game %d, line %d: %v", e.Variant, e.Game, e.Line, e.Err)
}

// Unwrap returns Err.
func (e *Error) Unwrap() error { return e.Err }

// ResultToken returns the PGN termination marker of a game: "*" while it is not over,
// "1/2-1/2" for a draw, else "1-0" when the first player (White, Red) won and "0-1" when the
// second did.
func ResultToken(over, draw, firstWon bool) string {
	switch {
	case !over:
		return "*"
	case draw:
		return "1/2-1/2"
	case firstWon:
		return "1-0"
	}
	return "0-1"
}

// Reader reads games one at a time from a PGN stream.
type Reader struct {
	games   int
	br      *bufio.Reader
	dialect Dialect
	line    int
	pending *token
	bol     bool // at the beginning of a line
	err     error
}

// NewReader returns a reader of the games in r written in dialect d.
func NewReader(r io.Reader, d Dialect) *Reader {
	return &Reader{br: bufio.NewReader(r), dialect: d, line: 1, bol: true}
}

// Games returns how many games Next has returned so far: the number of the last one.
func (r *Reader) Games() int { return r.games }

// Next returns the next game of the stream, or io.EOF when there is none, or the error of
// the underlying reader. A game with a syntax error is returned with the moves and tags read
// before the error, together with a *SyntaxError; the reader has then skipped to the end of
// that game, so Next can be called again for the following one.
func (r *Reader) Next() (*Game, error) {
	if r.err != nil {
		return nil, r.err
	}
	g := &Game{}
	var firstErr error
	fail := func(line int, err error) {
		if firstErr == nil {
			firstErr = &SyntaxError{Line: line, Err: err}
		}
	}
	sawAnything := false
	// Comments before the tags belong to the game whose tags follow (a file's heading before
	// the first game, or a note between two games): they become the comment before its first
	// move instead of a game of their own.
	var before []string
	t := r.next()
	for t.kind == tokComment {
		before = append(before, t.text)
		t = r.next()
	}
	for ; ; t = r.next() {
		if t.kind != tokTag {
			break
		}
		sawAnything = true
		if t.err != nil {
			fail(t.line, t.err)
			continue
		}
		g.Tags = append(g.Tags, Tag{t.text, t.val})
	}
	if t.kind == tokEOF && !sawAnything {
		if r.err != nil {
			return nil, r.err
		}
		return nil, io.EOF
	}
	r.games++
	g.MovetextLine = t.line
	g.Annotations = []Annotation{{Comment: strings.Join(before, " ")}}
	depth := 0
	broken := firstErr != nil
	for ; ; t = r.next() {
		if t.err != nil && depth == 0 && !broken {
			fail(t.line, t.err)
			broken = true
		}
		switch t.kind {
		case tokEOF:
			if r.err != nil {
				return nil, r.err
			}
			goto done
		case tokTag:
			// A new game's tags without a termination marker: end this game here.
			r.pending = &t
			goto done
		case tokOpen:
			depth++
		case tokClose:
			if depth > 0 {
				depth--
			} else if !broken {
				fail(t.line, errors.New("unmatched )"))
				broken = true
			}
		case tokResult:
			if depth == 0 {
				g.Result = t.text
				goto done
			}
		case tokComment:
			if depth == 0 && !broken {
				a := &g.Annotations[len(g.Annotations)-1]
				if a.Comment != "" {
					a.Comment += " "
				}
				a.Comment += t.text
			}
		case tokNAG:
			if depth == 0 && !broken && t.err == nil {
				a := &g.Annotations[len(g.Annotations)-1]
				a.NAGs = append(a.NAGs, t.nag)
			}
		case tokMoveNumber:
		case tokSymbol:
			if depth > 0 || broken {
				continue
			}
			g.Moves = append(g.Moves, Move{Text: t.text, Line: t.line})
			g.Annotations = append(g.Annotations, Annotation{})
		}
	}
done:
	if g.Result == "" {
		if v, ok := g.Tags.Get("Result"); ok {
			g.Result = v
		} else {
			g.Result = "*"
		}
	}
	return g, firstErr
}
