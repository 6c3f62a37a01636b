package uciclient

import (
	"fmt"
	"strconv"
	"strings"
)

// MoveCodec translates moves between our UCI coordinates and an engine's. It is the per-engine
// hook for conventions that differ, such as Fairy-Stockfish 11.1 numbering xiangqi ranks 1-10
// in UCI mode where we use 0-9.
type MoveCodec interface {
	// ToEngine writes our move (e.g. "h2e2") in the engine's coordinates.
	ToEngine(ours string) string
	// FromEngine reads an engine move into ours. It returns an error if the text is not a
	// coordinate move the codec understands.
	FromEngine(theirs string) (string, error)
}

// Identity passes moves through unchanged.
type Identity struct{}

// ToEngine returns m.
func (Identity) ToEngine(m string) string { return m }

// FromEngine returns m and no error.
func (Identity) FromEngine(m string) (string, error) { return m, nil }

// RankShift adds Shift to every rank number when sending and subtracts it when receiving:
// with Shift 1, our xiangqi "h2e2" is the engine's "h3e3" and our rank 9 is its rank 10.
type RankShift struct{ Shift int }

// splitSquares splits a coordinate move "h10g8" / "e7e8q" into file letters and rank numbers:
// [file, rank, file, rank] plus any suffix (promotion letter).
func splitSquares(m string) (f1 byte, r1 int, f2 byte, r2 int, suffix string, err error) {
	i := 0
	readSq := func() (byte, int, error) {
		if i >= len(m) || m[i] < 'a' || m[i] > 'z' {
			return 0, 0, fmt.Errorf("move %q: expected a file letter at byte %d", m, i)
		}
		f := m[i]
		i++
		j := i
		for j < len(m) && m[j] >= '0' && m[j] <= '9' {
			j++
		}
		if j == i || j-i > 2 {
			return 0, 0, fmt.Errorf("move %q: expected a rank number at byte %d", m, i)
		}
		r, _ := strconv.Atoi(m[i:j])
		i = j
		return f, r, nil
	}
	if f1, r1, err = readSq(); err != nil {
		return
	}
	if f2, r2, err = readSq(); err != nil {
		return
	}
	suffix = m[i:]
	return
}

// shift adds d to both rank numbers of the coordinate move m.
func (c RankShift) shift(m string, d int) (string, error) {
	f1, r1, f2, r2, suf, err := splitSquares(m)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%c%d%c%d%s", f1, r1+d, f2, r2+d, suf), nil
}

// ToEngine returns m with Shift added to both ranks ("h2e2" → "h3e3" for Shift 1), or m as it
// is when it is not a coordinate move.
func (c RankShift) ToEngine(m string) string {
	s, err := c.shift(m, c.Shift)
	if err != nil {
		return m // not a coordinate move; let the engine reject it
	}
	return s
}

// FromEngine returns m with Shift taken from both ranks ("h10g8" → "h9g7" for Shift 1); an
// error names m when it is not a coordinate move ("(none)", "h123e3").
func (c RankShift) FromEngine(m string) (string, error) { return c.shift(m, -c.Shift) }

// ParseLetters reads a Letters value other than "auto": "" or pairs "N=H,B=E" of upper-case
// letters, ours first.
func ParseLetters(s string) (map[byte]byte, error) {
	m := map[byte]byte{}
	if strings.TrimSpace(s) == "" || s == "none" {
		return m, nil
	}
	for _, pair := range strings.Split(s, ",") {
		a, b, ok := strings.Cut(strings.TrimSpace(pair), "=")
		if !ok || len(a) != 1 || len(b) != 1 || a[0] < 'A' || a[0] > 'Z' || b[0] < 'A' || b[0] > 'Z' {
			return nil, fmt.Errorf("FEN letters %q: want pairs of upper-case letters like N=H,B=E", pair)
		}
		m[a[0]] = b[0]
	}
	return m, nil
}

// RenameFEN rewrites the piece letters of fen's board field with m (both cases).
func RenameFEN(fen string, m map[byte]byte) string {
	if len(m) == 0 {
		return fen
	}
	board, rest, _ := strings.Cut(fen, " ")
	b := []byte(board)
	for i, c := range b {
		if r, ok := m[c]; ok {
			b[i] = r
		} else if c >= 'a' && c <= 'z' {
			if r, ok := m[c-'a'+'A']; ok {
				b[i] = r - 'A' + 'a'
			}
		}
	}
	if rest == "" {
		return string(b)
	}
	return string(b) + " " + rest
}
