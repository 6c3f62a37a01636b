package xiangqi

import (
	"fmt"
	"strings"
)

// ParseMove reads a move for the side to move in any of these notations and checks that it is
// legal:
//
//   - UCI as this project writes it, ranks 0-9 from Red's side: "h2e2";
//   - ICCS: "H2-E2" (also "h2-e2");
//   - WXF: "C2.5" (also "C2=5"), "H8+7", tandem pieces "R+.3"/"C-+2" (also "+R.3"); the WXF
//     page's forms for tandem soldiers (see WXF): of three on a file "P+", "P3" (the middle
//     one, by its file), "P-"; of four or five "++", "P+", ("P3"), "P-", "--"; doubled on two
//     files "3+", "33", "3-"; and the order+file form "15.6" (the first soldier on file 5 to
//     file 6; Fairy-Stockfish's, after the World Xiangqi Rules 2018). Where "33" could be
//     either WXF's middle soldier or the order+file form's third and both can make the move,
//     the move is refused as ambiguous, never guessed.
//
// Errors start with "xiangqi: move" and say why the move cannot be played: no piece on the
// square, not the mover's piece, the piece cannot move like that (with the blocked leg or
// eye), it would leave the general in check or the generals facing, or the notation is
// malformed or ambiguous.
//
// Chinese notation ("炮二平五", "馬8進7", "前俥進一"; traditional or simplified characters,
// Chinese numerals or digits for either side) is read too: it shares no character with the
// others. Vietnamese notation ("P2-5") is not, since its letters clash with WXF's (P is the
// cannon in Vietnamese but the soldier in WXF, B the soldier but WXF's alternative letter for
// the elephant, and '-' means sideways rather than backward): use ParseVietnamese for it.
//
// Errors are *MoveError values.
func (p *Position) ParseMove(s string) (Move, error) {
	t := strings.TrimSpace(s)
	if m, ok := parseCoord(t); ok {
		if err := p.whyIllegal(m); err != nil {
			return NoMove, err
		}
		return m, nil
	}
	if !isASCII(t) {
		return p.parseChinese(s, t)
	}
	if len(t) == 4 && !looksLikeCoord(t) {
		return p.parseWXF(t)
	}
	return NoMove, &MoveError{Move: s, Reason: notAMove}
}

// notAMove is the reason given for text that is not a move in any notation ParseMove reads.
const notAMove = "neither a coordinate move (UCI h2e2 or ICCS H2-E2: files a-i, ranks 0-9) " +
	"nor WXF notation (C2.5, H8+7, +R.3)"

// looksLikeCoord reports whether s has the shape letter-digit-letter-digit with a letter
// that is no WXF piece letter: a coordinate move with a file outside a-i, such as "z9z9".
func looksLikeCoord(s string) bool {
	if len(s) != 4 || !isLetter(s[0]) || !isDigit(s[1]) || !isLetter(s[2]) || !isDigit(s[3]) {
		return false
	}
	_, ok := pieceFromLetter(s[0])
	return !ok
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// MoveError is the error ParseMove, ParseVietnamese and Game.Push return for a move that
// cannot be played: the text as written, the coordinate move it was read as (when it names
// one) and the reason, e.g. Move "H3+4", UCI "g2f4", Reason "the horse's leg g1 is blocked".
type MoveError struct {
	Move   string // the move as written (or the UCI text of a Move value)
	UCI    string // the coordinate move the text stands for; "" when it names none
	Reason string // why it cannot be played, a sentence fragment without the move
}

// Error returns "xiangqi: move " followed by Describe.
func (e *MoveError) Error() string { return "xiangqi: move " + e.Describe() }

// Describe returns the error without the package prefix, for showing to a player:
// "H3+4 (g2f4): the horse's leg g1 is blocked", "h7e7: the piece on h7 is ...",
// "zz99: neither a coordinate move ... nor WXF notation ...".
func (e *MoveError) Describe() string {
	name := e.Move
	if name == "" || strings.ContainsAny(name, " \t\n\r") {
		name = fmt.Sprintf("%q", name)
	}
	if e.UCI != "" && !strings.EqualFold(e.UCI, e.Move) {
		name += " (" + e.UCI + ")"
	}
	return name + ": " + e.Reason
}

// parseCoord reads "h2e2", "H2E2" or "H2-E2"; ok is false when s has another shape.
func parseCoord(s string) (Move, bool) {
	if len(s) == 5 && s[2] == '-' {
		s = s[:2] + s[3:]
	}
	if len(s) != 4 {
		return NoMove, false
	}
	sq := func(f, r byte) Square {
		if f >= 'A' && f <= 'I' {
			f += 'a' - 'A'
		}
		if f < 'a' || f > 'i' || r < '0' || r > '9' {
			return NoSquare
		}
		return SquareAt(int(f-'a'), int(r-'0'))
	}
	from, to := sq(s[0], s[1]), sq(s[2], s[3])
	if from == NoSquare || to == NoSquare {
		return NoMove, false
	}
	return NewMove(from, to), true
}

// MoveFromUCI converts the UCI/ICCS text of a move ("h2e2", "H2-E2") to a Move without
// checking legality; ok is false when s is not such a move.
func MoveFromUCI(s string) (m Move, ok bool) { return parseCoord(strings.TrimSpace(s)) }

func moveErr(m Move, format string, args ...any) error {
	return &MoveError{Move: m.UCI(), UCI: m.UCI(), Reason: fmt.Sprintf(format, args...)}
}

// whyIllegal returns nil when m is legal in p, else an error saying why not.
func (p *Position) whyIllegal(m Move) error {
	from, to := m.From(), m.To()
	if from >= NumSquares || to >= NumSquares {
		return &MoveError{Move: m.UCI(), Reason: "a square is off the board"}
	}
	if from == to {
		return moveErr(m, "the piece does not move")
	}
	pc := p.board[from]
	if pc == NoPiece {
		return moveErr(m, "no piece on %s", from)
	}
	if pc.Color() != p.side {
		return moveErr(m, "the piece on %s is a %s, but it is %s to move", from, pc, p.side)
	}
	if t := p.board[to]; t != NoPiece && t.Color() == p.side {
		return moveErr(m, "a %s cannot capture its own %s on %s", pc, t.Kind(), to)
	}
	if why := p.pseudoReason(pc, from, to); why != "" {
		return moveErr(m, "a %s cannot move from %s to %s: %s", pc, from, to, why)
	}
	c := p.Play(m)
	us := p.side
	if attacked(&c.board, c.gen[us], us.Other()) {
		if c.generalsFace() {
			return moveErr(m, "it would leave the generals facing each other on the open %c-file", 'a'+byte(c.gen[us].File()))
		}
		if p.InCheck() {
			return moveErr(m, "the %s general on %s is in check and stays in check", us.lower(), c.gen[us])
		}
		return moveErr(m, "it would leave the %s general on %s in check", us.lower(), c.gen[us])
	}
	return nil
}

// pseudoReason returns "" when pc can go from one square to the other by its movement rule
// on the current board (the target not holding a piece of the mover), else the reason.
func (p *Position) pseudoReason(pc Piece, from, to Square) string {
	c := pc.Color()
	df, dr := to.File()-from.File(), to.Rank()-from.Rank()
	adf, adr := abs(df), abs(dr)
	switch pc.Kind() {
	case General:
		if !palace[c][to] {
			return "a general may not leave its palace"
		}
		if adf+adr != 1 {
			return "a general moves one point along a file or rank"
		}
	case Advisor:
		if !palace[c][to] {
			return "an advisor may not leave its palace"
		}
		if adf != 1 || adr != 1 {
			return "an advisor moves one point diagonally"
		}
	case Elephant:
		if adf != 2 || adr != 2 {
			return "an elephant moves exactly two points diagonally"
		}
		if !ownHalf(c, to.Rank()) {
			return "an elephant may not cross the river"
		}
		if eye := SquareAt(from.File()+df/2, from.Rank()+dr/2); p.board[eye] != NoPiece {
			return fmt.Sprintf("the elephant's eye %s is blocked", eye)
		}
	case Horse:
		if !(adf == 1 && adr == 2 || adf == 2 && adr == 1) {
			return "a horse moves one point along a file or rank, then one diagonally outwards"
		}
		leg := SquareAt(from.File()+df/2, from.Rank()+dr/2)
		if p.board[leg] != NoPiece {
			return fmt.Sprintf("the horse's leg %s is blocked", leg)
		}
	case Chariot, Cannon:
		if df != 0 && dr != 0 {
			return fmt.Sprintf("a %s moves along a file or rank", pc.Kind())
		}
		between := 0
		sf, sr := sign(df), sign(dr)
		for s := SquareAt(from.File()+sf, from.Rank()+sr); s != to; s = SquareAt(s.File()+sf, s.Rank()+sr) {
			if p.board[s] != NoPiece {
				between++
			}
		}
		capture := p.board[to] != NoPiece
		switch {
		case pc.Kind() == Chariot && between > 0:
			return "a chariot cannot jump over pieces"
		case pc.Kind() == Cannon && capture && between != 1:
			return fmt.Sprintf("a cannon captures by jumping exactly one screen, and there are %d pieces between", between)
		case pc.Kind() == Cannon && !capture && between > 0:
			return "a cannon jumps only when it captures"
		}
	case Soldier:
		fwd := 1
		if c == Black {
			fwd = -1
		}
		switch {
		case df == 0 && dr == fwd:
		case adf == 1 && dr == 0 && !ownHalf(c, from.Rank()):
		case adf == 1 && dr == 0:
			return "a soldier may move sideways only after crossing the river"
		case df == 0 && dr == -fwd:
			return "a soldier never moves backwards"
		default:
			return "a soldier moves one point forwards (or sideways across the river)"
		}
	default:
		return "unknown piece"
	}
	return ""
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// IsLegal reports whether m is a legal move in p.
func (p *Position) IsLegal(m Move) bool {
	return p.whyIllegal(m) == nil
}
