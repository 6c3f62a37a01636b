package chess

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// PGN: Portable Game Notation (the PGN Standard, Steven J. Edwards, 1994), read as a stream of
// games and written in export format.

// Tag is one PGN tag pair, such as [Event "Casual game"].
type Tag struct {
	Name, Value string // unquoted: Name "Event", Value "Casual game"
}

// Annotation holds the comments and numeric annotation glyphs (NAGs, $1 = "!", $2 = "?", ...)
// at one point of the main line.
type Annotation struct {
	Comment string // text of the {...} and ; comments there, joined by a space
	NAGs    []int  // the glyph numbers, in the order given ($1 is 1)
}

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
	g.Tags = append(g.Tags, Tag{name, value})
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
	br      *bufio.Reader
	line    int
	games   int
	pending *pgnToken
	bol     bool // at the beginning of a line
	err     error
}

// NewPGNReader returns a reader of the PGN games in r.
func NewPGNReader(r io.Reader) *PGNReader {
	return &PGNReader{br: bufio.NewReader(r), line: 1, bol: true}
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

type pgnToken struct {
	kind       tokKind
	text, val  string
	line       int
	nag        int
	tokenError error
}

func (r *PGNReader) readByte() (byte, bool) {
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

func (r *PGNReader) unread(c byte) {
	_ = r.br.UnreadByte()
	if c == '\n' {
		r.line--
	}
}

func isSymbolByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' ||
		strings.IndexByte("_+#=:-/", c) >= 0
}

func (r *PGNReader) next() pgnToken {
	if r.pending != nil {
		t := *r.pending
		r.pending = nil
		return t
	}
	for {
		c, ok := r.readByte()
		if !ok {
			return pgnToken{kind: tokEOF, line: r.line}
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
			return pgnToken{kind: tokSymbol, text: string(c), line: line}
		case c == '%' && bol:
			r.skipLine()
			r.bol = true
			continue
		case c == ';':
			s := r.readLine()
			r.bol = true
			return pgnToken{kind: tokComment, text: strings.TrimSpace(s), line: line}
		case c == '{':
			var b strings.Builder
			for {
				c, ok := r.readByte()
				if !ok || c == '}' {
					break
				}
				b.WriteByte(c)
			}
			return pgnToken{kind: tokComment, text: strings.Join(strings.Fields(b.String()), " "), line: line}
		case c == '[':
			return r.readTag(line)
		case c == '(':
			return pgnToken{kind: tokOpen, line: line}
		case c == ')':
			return pgnToken{kind: tokClose, line: line}
		case c == '*':
			return pgnToken{kind: tokResult, text: "*", line: line}
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
				return pgnToken{kind: tokNAG, line: line, tokenError: fmt.Errorf("bad NAG $%s", b.String())}
			}
			return pgnToken{kind: tokNAG, nag: n, line: line}
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
				return pgnToken{kind: tokNAG, line: line, tokenError: fmt.Errorf("bad annotation %q", s)}
			}
			return pgnToken{kind: tokNAG, nag: n, line: line}
		case isSymbolByte(c):
			b := []byte{c}
			for {
				c, ok := r.readByte()
				if !ok {
					break
				}
				if !isSymbolByte(c) {
					r.unread(c)
					break
				}
				b = append(b, c)
			}
			s := string(b)
			switch s {
			case "1-0", "0-1", "1/2-1/2":
				return pgnToken{kind: tokResult, text: s, line: line}
			}
			if _, err := strconv.Atoi(s); err == nil {
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
				return pgnToken{kind: tokMoveNumber, text: s, line: line}
			}
			return pgnToken{kind: tokSymbol, text: s, line: line}
		case c == '.':
			continue // stray periods (e.g. "1. ... e5" written with spaces)
		default:
			return pgnToken{kind: tokSymbol, text: string(c), line: line,
				tokenError: fmt.Errorf("unexpected character %q", rune(c))}
		}
	}
}

func (r *PGNReader) skipLine() {
	for {
		c, ok := r.readByte()
		if !ok || c == '\n' {
			return
		}
	}
}

func (r *PGNReader) readLine() string {
	var b strings.Builder
	for {
		c, ok := r.readByte()
		if !ok || c == '\n' {
			return b.String()
		}
		b.WriteByte(c)
	}
}

func (r *PGNReader) readTag(line int) pgnToken {
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
	bad := func(msg string) pgnToken {
		// Skip the rest of the line so one bad tag does not derail the stream.
		if ok && c != '\n' {
			r.skipLine()
		}
		r.bol = true
		return pgnToken{kind: tokTag, line: line, tokenError: errors.New(msg)}
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
	return pgnToken{kind: tokTag, text: name.String(), val: val.String(), line: line}
}

// Next returns the next game of the stream, or io.EOF when there is none. A game that cannot be
// read (a bad tag, an illegal or unreadable move, a bad FEN tag) gives a *PGNError; the reader
// has then skipped to the end of that game, so Next can be called again for the following one.
func (r *PGNReader) Next() (*PGNGame, error) {
	if r.err != nil {
		return nil, r.err
	}
	g := &PGNGame{}
	var firstErr error
	fail := func(line int, err error) {
		if firstErr == nil {
			firstErr = &PGNError{Game: r.games + 1, Line: line, Err: err}
		}
	}
	sawAnything := false
	// Tags.
	var t pgnToken
	for {
		t = r.next()
		if t.kind != tokTag {
			break
		}
		sawAnything = true
		if t.tokenError != nil {
			fail(t.line, t.tokenError)
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
	start := Start()
	if fen, ok := g.Tag("FEN"); ok {
		p, err := ParseFEN(fen)
		if err != nil {
			fail(t.line, fmt.Errorf("FEN tag: %w", err))
		} else {
			start = p
		}
	}
	g.Game = NewGame(start)
	g.Annotations = []Annotation{{}}
	depth := 0
	broken := firstErr != nil
	for ; ; t = r.next() {
		if t.tokenError != nil && depth == 0 && !broken {
			fail(t.line, t.tokenError)
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
			if depth == 0 && !broken && t.tokenError == nil {
				a := &g.Annotations[len(g.Annotations)-1]
				a.NAGs = append(a.NAGs, t.nag)
			}
		case tokMoveNumber:
		case tokSymbol:
			sawAnything = true
			if depth > 0 || broken {
				continue
			}
			pos := g.Game.Position()
			m, err := pos.ParseMove(t.text)
			if err == nil {
				err = g.Game.Push(m)
			}
			if err != nil {
				fail(t.line, fmt.Errorf("move %d%s: %w", pos.FullmoveNumber(), map[Color]string{White: ".", Black: "..."}[pos.SideToMove()], err))
				broken = true
				continue
			}
			g.Annotations = append(g.Annotations, Annotation{})
		}
	}
done:
	r.games++
	if g.Result == "" {
		if v, ok := g.Tag("Result"); ok {
			g.Result = v
		} else {
			g.Result = "*"
		}
	}
	if firstErr != nil {
		return nil, firstErr
	}
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

var sevenTagRoster = []Tag{
	{"Event", "?"}, {"Site", "?"}, {"Date", "????.??.??"}, {"Round", "?"},
	{"White", "?"}, {"Black", "?"}, {"Result", "*"},
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
	writeTag := func(name, value string) {
		value = strings.ReplaceAll(value, `\`, `\\`)
		value = strings.ReplaceAll(value, `"`, `\"`)
		fmt.Fprintf(&b, "[%s \"%s\"]\n", name, value)
	}
	for _, t := range sevenTagRoster {
		v, ok := g.Tag(t.Name)
		if t.Name == "Result" {
			v, ok = result, true
		}
		if !ok || v == "" {
			v = t.Value
		}
		writeTag(t.Name, v)
	}
	start := g.Game.Start()
	startFEN := start.FEN()
	custom := startFEN != StartFEN
	for _, t := range g.Tags {
		switch t.Name {
		case "Event", "Site", "Date", "Round", "White", "Black", "Result", "SetUp", "FEN":
			continue
		}
		writeTag(t.Name, t.Value)
	}
	if custom {
		writeTag("SetUp", "1")
		writeTag("FEN", startFEN)
	}
	b.WriteByte('\n')

	var lineLen int
	emit := func(tok string) {
		if lineLen > 0 && lineLen+1+len(tok) > 79 {
			b.WriteByte('\n')
			lineLen = 0
		} else if lineLen > 0 {
			b.WriteByte(' ')
			lineLen++
		}
		b.WriteString(tok)
		lineLen += len(tok)
	}
	annot := func(i int) {
		if i >= len(g.Annotations) {
			return
		}
		a := g.Annotations[i]
		for _, n := range a.NAGs {
			emit("$" + strconv.Itoa(n))
		}
		if a.Comment != "" {
			// Comments are written word by word so that lines wrap; "}" cannot appear inside.
			words := strings.Fields(strings.ReplaceAll(a.Comment, "}", ")"))
			if len(words) == 0 {
				return
			}
			words[0] = "{" + words[0]
			words[len(words)-1] += "}"
			for _, wd := range words {
				emit(wd)
			}
		}
	}
	annot(0)
	pos := start
	for i, m := range g.Game.Moves() {
		if pos.side == White {
			emit(strconv.Itoa(int(pos.fullmove)) + ".")
		} else if i == 0 || (i < len(g.Annotations) && (g.Annotations[i].Comment != "" || len(g.Annotations[i].NAGs) > 0)) {
			emit(strconv.Itoa(int(pos.fullmove)) + "...")
		}
		emit(pos.SAN(m))
		annot(i + 1)
		pos = g.Game.At(i + 1)
	}
	emit(result)
	b.WriteString("\n\n")
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
