package xiangqi

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// SAN: the algebraic notation Fairy-Stockfish writes for xiangqi (its NOTATION_SAN, the
// default), which pychess-variants puts in the PGN it exports. Squares are files a-i and
// ranks 1-10 from Red's side (one more than this package's UCI ranks 0-9); pieces are the
// upper-case letters K A E H R C (general, advisor, elephant, horse, chariot, cannon) and a
// soldier has none. A capture has "x", a soldier's capture its file first ("exe7"); a piece
// is told from another of its kind that can go to the same point by its file, else its rank,
// else its square; "+" follows a check and "#" a check that leaves no legal move. Examples
// from Fairy-Stockfish's own tests (test.py, test_get_san): the start position's h1g3 (UCI
// here h0g2) is "Hg3", c1e3 "Ece3", h3h10 "Cxh10".

// sanLetters are the SAN piece letters by Kind; a soldier has none.
var sanLetters = [8]string{"", "K", "A", "E", "H", "R", "C", ""}

// sanSquare writes a point as SAN does: file letter and rank 1-10.
func sanSquare(s Square) string { return string(rune('a'+s.File())) + strconv.Itoa(s.Rank()+1) }

// SAN returns the legal move m in Fairy-Stockfish's SAN (see above), e.g. "Hg3", "Cxh10",
// "Rxe9+". It returns m's UCI text when m is not legal in p.
func (p *Position) SAN(m Move) string {
	if !p.IsLegal(m) {
		return m.UCI()
	}
	from, to := m.From(), m.To()
	pc := p.board[from]
	capture := p.board[to] != NoPiece
	var b strings.Builder
	b.WriteString(sanLetters[pc.Kind()])
	if pc.Kind() == Soldier && capture {
		b.WriteByte(byte('a' + from.File()))
	} else {
		sameFile, sameRank, any := false, false, false
		var buf [maxMovesPerPly]Move
		for _, o := range p.LegalMoves(buf[:0]) {
			if o == m || o.To() != to || p.board[o.From()] != pc {
				continue
			}
			any = true
			sameFile = sameFile || o.From().File() == from.File()
			sameRank = sameRank || o.From().Rank() == from.Rank()
		}
		switch {
		case !any:
		case !sameFile:
			b.WriteByte(byte('a' + from.File()))
		case !sameRank:
			b.WriteString(strconv.Itoa(from.Rank() + 1))
		default:
			b.WriteString(sanSquare(from))
		}
	}
	if capture {
		b.WriteByte('x')
	}
	b.WriteString(sanSquare(to))
	c := p.Play(m)
	if c.InCheck() {
		var buf [maxMovesPerPly]Move
		if len(c.LegalMoves(buf[:0])) == 0 {
			b.WriteByte('#')
		} else {
			b.WriteByte('+')
		}
	}
	return b.String()
}

// sanPattern is a SAN move: piece letter, disambiguation (file, rank), capture, destination.
// B and N (Fairy-Stockfish's FEN letters) and P are read as well as E, H and no letter.
// The ranks are matched as 0-10 so that XBoard's dialect (ranks 0-9, see parseSAN) has the
// same shape; ParseSAN refuses rank 0.
var sanPattern = regexp.MustCompile(`^([KAEHRCBNP])?([a-i])?(10|[0-9])?(x)?([a-i])(10|[0-9])[+#]?[!?]*$`)

var sanKinds = map[byte]Kind{'K': General, 'A': Advisor, 'E': Elephant, 'B': Elephant,
	'H': Horse, 'N': Horse, 'R': Chariot, 'C': Cannon, 'P': Soldier}

// LooksLikeSAN reports whether s has the shape of a SAN move (see SAN) and not of a
// coordinate move: lower-case coordinates such as "h2e2" read as UCI, so they are not SAN.
func LooksLikeSAN(s string) bool {
	s = strings.TrimSpace(s)
	if !sanPattern.MatchString(s) {
		return false
	}
	_, coord := parseCoord(strings.TrimRight(s, "+#!?"))
	return !coord || s[0] >= 'A' && s[0] <= 'Z' && strings.ToLower(s) != s && strings.ToUpper(s) != s
}

// ParseSAN reads a move in Fairy-Stockfish's SAN (see SAN) for the side to move: the piece's
// kind (no letter: a soldier), the destination and what disambiguation is given must pick
// exactly one legal move. "+", "#" and "!"/"?" marks are allowed and not checked. Errors are
// *MoveError values saying why: not SAN, no such piece can go there, or ambiguous.
func (p *Position) ParseSAN(s string) (Move, error) { return p.parseSAN(s, false) }

// parseSAN reads SAN in Fairy-Stockfish's ranks 1-10 or, with xboard set, in XBoard's:
// XBoard's xiangqi PGN writes the same SAN with ranks 0-9 from Red's side (this package's UCI
// ranks), e.g. "1. Cbe2 Hc7 2. Hc2 Rb9 3. Rb0 c5".
func (p *Position) parseSAN(s string, xboard bool) (Move, error) {
	t := strings.TrimSpace(s)
	g := sanPattern.FindStringSubmatch(t)
	if g == nil {
		return NoMove, &MoveError{Move: s, Reason: "not SAN (e.g. Hg3, Cxh10, exe7: files a-i, ranks 1-10)"}
	}
	base := 1 // the rank written for this package's rank 0
	if xboard {
		base = 0
		if g[3] == "10" || g[6] == "10" {
			return NoMove, &MoveError{Move: s, Reason: "rank 10 in XBoard's SAN, whose ranks are 0-9"}
		}
	} else if g[3] == "0" || g[6] == "0" {
		return NoMove, &MoveError{Move: s, Reason: "rank 0 in Fairy-Stockfish's SAN, whose ranks are 1-10 (XBoard's SAN, ranks 0-9, is read in a PGN game that uses it throughout)"}
	}
	square := func(f, r int) string {
		if xboard {
			return Square(SquareAt(f, r)).String()
		}
		return sanSquare(SquareAt(f, r))
	}
	kind := Soldier
	if g[1] != "" {
		kind = sanKinds[g[1][0]]
	}
	fromFile, fromRank := -1, -1
	if g[2] != "" {
		fromFile = int(g[2][0] - 'a')
	}
	if g[3] != "" {
		r, _ := strconv.Atoi(g[3])
		fromRank = r - base
	}
	r, _ := strconv.Atoi(g[6])
	to := SquareAt(int(g[5][0]-'a'), r-base)
	var found []Move
	var buf [maxMovesPerPly]Move
	for _, m := range p.LegalMoves(buf[:0]) {
		f := m.From()
		if m.To() != to || p.board[f].Kind() != kind ||
			fromFile >= 0 && f.File() != fromFile || fromRank >= 0 && f.Rank() != fromRank {
			continue
		}
		found = append(found, m)
	}
	piece := MakePiece(p.side, kind)
	switch len(found) {
	case 1:
		return found[0], nil
	case 0:
		return NoMove, &MoveError{Move: s, Reason: fmt.Sprintf("no %s can move to %s (UCI %s)", piece, square(to.File(), to.Rank()), to)}
	}
	var from []string
	for _, m := range found {
		from = append(from, square(m.From().File(), m.From().Rank()))
	}
	return NoMove, &MoveError{Move: s, Reason: fmt.Sprintf("ambiguous: the %ss on %s can all move to %s", piece, strings.Join(from, " and "), square(to.File(), to.Rank()))}
}
