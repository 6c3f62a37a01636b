package pgn

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// The tokenizer of the Reader: PGN's tokens (tags, symbols, comments, NAGs, variations,
// move numbers and the result) read byte by byte with their line numbers.

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
	if r.dialect.EnPassant && !isDigits(b) {
		b = r.enPassantMark(b)
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

// enPassantMark returns the move b with an en passant mark that follows it ("exf6e.p.", or
// "bxa6 e.p." / "bxa6 ep" apart on the same line) taken into it; see Dialect.EnPassant.
func (r *Reader) enPassantMark(b []byte) []byte {
	n := len(b)
	if n >= 3 && b[n-1] == 'e' && b[n-2] >= '1' && b[n-2] <= '8' {
		// "exf6e" then ".p.": the attached mark the symbol stopped in.
		if p, _ := r.br.Peek(3); string(p) == ".p." {
			_, _ = r.br.Discard(3)
			return append(b, ".p."...)
		}
		return b
	}
	if c := b[n-1]; !(c >= '1' && c <= '8' || c == '+' || c == '#') {
		return b
	}
	p, _ := r.br.Peek(24)
	i := 0
	for i < len(p) && (p[i] == ' ' || p[i] == '\t') {
		i++
	}
	if i == 0 {
		return b
	}
	rest := p[i:]
	var mark int
	switch {
	case len(rest) >= 4 && string(rest[:4]) == "e.p.":
		mark = 4
	case len(rest) >= 2 && string(rest[:2]) == "ep":
		mark = 2
	default:
		return b
	}
	for len(rest) > mark && (rest[mark] == '+' || rest[mark] == '#') {
		mark++ // "exd6 e.p.+": a check after the mark
	}
	if len(rest) > mark && (isSymbolByte(rest[mark]) || rest[mark] == '.') {
		return b // "e.p.x" or "epsilon": not the mark
	}
	if len(rest) == mark && len(p) == 24 {
		return b // cannot see past the mark
	}
	_, _ = r.br.Discard(i + mark)
	return append(append(b, ' '), rest[:mark]...)
}
