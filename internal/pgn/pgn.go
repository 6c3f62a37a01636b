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
	"strconv"
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

type tokKind uint8

const (
	tokEOF tokKind = iota
	tokTag
	tokComment
	tokOpen
	tokClose
	tokNAG
	tokResult
	tokMoveNumber
	tokSymbol
)

type token struct {
	kind      tokKind
	text, val string
	line      int
	nag       int
	err       error
}

func (r *Reader) readByte() (byte, bool) {
	c, err := r.br.ReadByte()
	if err != nil {
		if err != io.EOF {
			r.err = err
		}
		return 0, false
	}
	if c == '\n' {
		r.line++
	}
	return c, true
}

func (r *Reader) unread(c byte) {
	_ = r.br.UnreadByte()
	if c == '\n' {
		r.line--
	}
}

func isSymbolByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' ||
		strings.IndexByte("_+#=:-/", c) >= 0
}

// symbolByte reports whether c continues a symbol in the reader's dialect.
func (r *Reader) symbolByte(c byte) bool {
	return isSymbolByte(c) || r.dialect.Wide && (c == '.' || c >= 0x80)
}

func (r *Reader) next() token {
	if r.pending != nil {
		t := *r.pending
		r.pending = nil
		return t
	}
	for {
		c, ok := r.readByte()
		if !ok {
			return token{kind: tokEOF, line: r.line}
		}
		bol := r.bol
		r.bol = c == '\n'
		line := r.line
		switch {
		case c == '\n' || c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			continue
		case c == 0xEF: // UTF-8 byte order mark
			if b, _ := r.br.Peek(2); len(b) == 2 && b[0] == 0xBB && b[1] == 0xBF {
				_, _ = r.br.Discard(2)
				r.bol = bol
				continue
			}
			if r.dialect.Wide {
				return r.symbol(c, line)
			}
			return token{kind: tokSymbol, text: string(c), line: line}
		case c == '%' && bol:
			r.skipLine()
			r.bol = true
			continue
		case c == ';':
			s := r.readLine()
			r.bol = true
			return token{kind: tokComment, text: strings.TrimSpace(s), line: line}
		case c == '{':
			var b strings.Builder
			for {
				c, ok := r.readByte()
				if !ok || c == '}' {
					break
				}
				b.WriteByte(c)
			}
			return token{kind: tokComment, text: strings.Join(strings.Fields(b.String()), " "), line: line}
		case c == '[':
			return r.readTag(line)
		case c == '(':
			return token{kind: tokOpen, line: line}
		case c == ')':
			return token{kind: tokClose, line: line}
		case c == '*':
			return token{kind: tokResult, text: "*", line: line}
		case c == '$':
			var b strings.Builder
			for {
				c, ok := r.readByte()
				if !ok {
					break
				}
				if c < '0' || c > '9' {
					r.unread(c)
					break
				}
				b.WriteByte(c)
			}
			n, err := strconv.Atoi(b.String())
			if err != nil || n > 255 {
				return token{kind: tokNAG, line: line, err: fmt.Errorf("bad NAG $%s", b.String())}
			}
			return token{kind: tokNAG, nag: n, line: line}
		case c == '!' || c == '?':
			s := string(c)
			for {
				c, ok := r.readByte()
				if !ok {
					break
				}
				if c != '!' && c != '?' {
					r.unread(c)
					break
				}
				s += string(c)
			}
			n := map[string]int{"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6}[s]
			if n == 0 {
				return token{kind: tokNAG, line: line, err: fmt.Errorf("bad annotation %q", s)}
			}
			return token{kind: tokNAG, nag: n, line: line}
		case isSymbolByte(c) || r.dialect.Wide && c >= 0x80:
			return r.symbol(c, line)
		case c == '.':
			continue // stray periods (e.g. "1. ... e5" written with spaces)
		default:
			return token{kind: tokSymbol, text: string(c), line: line,
				err: fmt.Errorf("unexpected character %q", rune(c))}
		}
	}
}

// symbol reads a symbol starting with c: a move, a result or a move number.
func (r *Reader) symbol(c byte, line int) token {
	b := []byte{c}
	for {
		if r.dialect.Wide && isDigits(b) {
			// "15.6" (a tandem soldier in WXF) is a move; "12." followed by anything else is
			// a move number.
			if p, _ := r.br.Peek(2); len(p) == 2 && p[0] == '.' && p[1] >= '0' && p[1] <= '9' {
				r.readByte()
				d, _ := r.readByte()
				b = append(b, '.', d)
				continue
			}
		}
		c, ok := r.readByte()
		if !ok {
			break
		}
		if !r.symbolByte(c) || c == '.' && isDigits(b) {
			r.unread(c)
			break
		}
		b = append(b, c)
	}
	s := string(b)
	switch s {
	case "1-0", "0-1", "1/2-1/2":
		return token{kind: tokResult, text: s, line: line}
	}
	if isDigits(b) {
		// A move number: digits followed by periods ("12." or "12...").
		for {
			c, ok := r.readByte()
			if !ok {
				break
			}
			if c != '.' {
				r.unread(c)
				break
			}
		}
		return token{kind: tokMoveNumber, text: s, line: line}
	}
	return token{kind: tokSymbol, text: s, line: line}
}

func isDigits(b []byte) bool {
	for _, c := range b {
		if c < '0' || c > '9' {
			return false
		}
	}
	return len(b) > 0
}

func (r *Reader) skipLine() {
	for {
		c, ok := r.readByte()
		if !ok || c == '\n' {
			return
		}
	}
}

func (r *Reader) readLine() string {
	var b strings.Builder
	for {
		c, ok := r.readByte()
		if !ok || c == '\n' {
			return b.String()
		}
		b.WriteByte(c)
	}
}

func (r *Reader) readTag(line int) token {
	// [Name "value"] on one line; the value may contain \" and \\.
	var name strings.Builder
	c, ok := r.readByte()
	for ok && (c == ' ' || c == '\t') {
		c, ok = r.readByte()
	}
	for ok && isSymbolByte(c) {
		name.WriteByte(c)
		c, ok = r.readByte()
	}
	for ok && (c == ' ' || c == '\t') {
		c, ok = r.readByte()
	}
	bad := func(msg string) token {
		// Skip the rest of the line so one bad tag does not derail the stream.
		if ok && c != '\n' {
			r.skipLine()
		}
		r.bol = true
		return token{kind: tokTag, line: line, err: errors.New(msg)}
	}
	if name.Len() == 0 {
		return bad("tag without a name")
	}
	if !ok || c != '"' {
		return bad(fmt.Sprintf("tag %s: value not in double quotes", name.String()))
	}
	var val strings.Builder
	for {
		c, ok = r.readByte()
		if !ok || c == '\n' {
			return bad(fmt.Sprintf("tag %s: unterminated value", name.String()))
		}
		if c == '\\' {
			n, ok2 := r.readByte()
			if !ok2 {
				ok = false
				return bad(fmt.Sprintf("tag %s: unterminated value", name.String()))
			}
			val.WriteByte(n)
			continue
		}
		if c == '"' {
			break
		}
		val.WriteByte(c)
	}
	c, ok = r.readByte()
	for ok && (c == ' ' || c == '\t') {
		c, ok = r.readByte()
	}
	if !ok || c != ']' {
		return bad(fmt.Sprintf("tag %s: missing ]", name.String()))
	}
	return token{kind: tokTag, text: name.String(), val: val.String(), line: line}
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
	var t token
	for {
		t = r.next()
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
	g.Annotations = []Annotation{{}}
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
