package pgn

import (
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Roster is the Seven Tag Roster with the values written for a missing tag.
var Roster = []Tag{
	{"Event", "?"}, {"Site", "?"}, {"Date", "????.??.??"}, {"Round", "?"},
	{"White", "?"}, {"Black", "?"}, {"Result", "*"},
}

// WriteTags writes the Seven Tag Roster from tags ("?" and the like for a missing value; the
// Result tag is result), then the other tags in their order except SetUp and FEN, then, when
// fen is not "", [SetUp "1"] and [FEN fen], each on its own line, and the blank line before
// the movetext.
func WriteTags(b *strings.Builder, tags []Tag, result, fen string) {
	value := func(name string) (string, bool) {
		for _, t := range tags {
			if t.Name == name {
				return t.Value, true
			}
		}
		return "", false
	}
	for _, t := range Roster {
		v, ok := value(t.Name)
		if t.Name == "Result" {
			v, ok = result, true
		}
		if !ok || v == "" {
			v = t.Value
		}
		writeTag(b, t.Name, v)
	}
	for _, t := range tags {
		switch t.Name {
		case "Event", "Site", "Date", "Round", "White", "Black", "Result", "SetUp", "FEN":
			continue
		}
		writeTag(b, t.Name, t.Value)
	}
	if fen != "" {
		writeTag(b, "SetUp", "1")
		writeTag(b, "FEN", fen)
	}
	b.WriteByte('\n')
}

func writeTag(b *strings.Builder, name, value string) {
	value = strings.ReplaceAll(value, `\`, `\\`)
	value = strings.ReplaceAll(value, `"`, `\"`)
	fmt.Fprintf(b, "[%s \"%s\"]\n", name, value)
}

// Movetext writes movetext tokens wrapped before 80 columns.
type Movetext struct {
	b       *strings.Builder
	lineLen int
}

// NewMovetext returns a writer of movetext into b.
func NewMovetext(b *strings.Builder) *Movetext { return &Movetext{b: b} }

// Token writes one token (a move number such as "12." or "12...", a move, a result).
func (m *Movetext) Token(tok string) {
	if m.lineLen > 0 && m.lineLen+1+len(tok) > 79 {
		m.b.WriteByte('\n')
		m.lineLen = 0
	} else if m.lineLen > 0 {
		m.b.WriteByte(' ')
		m.lineLen++
	}
	m.b.WriteString(tok)
	m.lineLen += len(tok)
}

// Annotation writes a's glyphs ($n) and its comment in braces (word by word, so that lines
// wrap; a "}" in the comment is written as ")").
func (m *Movetext) Annotation(a Annotation) {
	for _, n := range a.NAGs {
		m.Token("$" + strconv.Itoa(n))
	}
	if a.Comment == "" {
		return
	}
	words := strings.Fields(strings.ReplaceAll(a.Comment, "}", ")"))
	if len(words) == 0 {
		return
	}
	words[0] = "{" + words[0]
	words[len(words)-1] += "}"
	for _, w := range words {
		m.Token(w)
	}
}

// End writes the result and the blank line that ends a game.
func (m *Movetext) End(result string) {
	m.Token(result)
	m.b.WriteString("\n\n")
}

// Annotated reports whether a has a comment or a glyph.
func Annotated(a Annotation) bool { return a.Comment != "" || len(a.NAGs) > 0 }

// Ply is one move of a game to write: its move number, whether the first player (White, Red)
// made it, and its text.
type Ply struct {
	Number int    // the full-move number, from 1
	First  bool   // the first player's move: written after "N."; else after "N..." when needed
	Text   string // the move as the game writes it (SAN)
}

// WriteGame writes a game in PGN export format to w: the tags (WriteTags with result and fen),
// then the movetext — the annotation before the first move, each move with its number
// ("N." before the first player's move; "N..." before the second player's when it opens the
// game or follows an annotation) and the annotation after it (annotations[i+1] after move
// i; annotations may be shorter or nil), and the result.
func WriteGame(w io.Writer, tags Tags, fen, result string, moves []Ply, annotations []Annotation) error {
	var b strings.Builder
	WriteTags(&b, tags, result, fen)
	mt := NewMovetext(&b)
	annotated := func(i int) bool { return i < len(annotations) && Annotated(annotations[i]) }
	if annotated(0) {
		mt.Annotation(annotations[0])
	}
	for i, m := range moves {
		n := strconv.Itoa(m.Number)
		if m.First {
			mt.Token(n + ".")
		} else if i == 0 || annotated(i) {
			mt.Token(n + "...")
		}
		mt.Token(m.Text)
		if annotated(i + 1) {
			mt.Annotation(annotations[i+1])
		}
	}
	mt.End(result)
	_, err := io.WriteString(w, b.String())
	return err
}

// Text returns what write writes, or "" when it fails.
func Text(write func(io.Writer) error) string {
	var b strings.Builder
	if write(&b) != nil {
		return ""
	}
	return b.String()
}
