package review

import "github.com/cotuong-ai/cotuong/internal/pgn"

// NAG returns the PGN numeric annotation glyph of the mark (the PGN Standard, section 10):
// 6 for an inaccuracy (?!), 2 for a mistake (?), 4 for a blunder (??), and 0 for a good move.
func (m Mark) NAG() int {
	switch m {
	case Inaccuracy:
		return 6
	case Mistake:
		return 2
	case Blunder:
		return 4
	}
	return 0
}

// Annotations returns the review as PGN annotations for a game of n moves, as lichess's
// annotated export writes a reviewed game: after each marked move its glyph as a NAG ($6 ?!,
// $2 ?, $4 ??) and its words as the comment. The result has n+1 entries (index 0 before the
// first move, i after move i); moves the review does not cover have none. A nil review gives
// nil.
func (r *Review) Annotations(n int) []pgn.Annotation {
	if r == nil {
		return nil
	}
	out := make([]pgn.Annotation, n+1)
	for _, m := range r.Moves {
		if m.Ply < 0 || m.Ply >= n || !m.Judged || m.Mark == Good {
			continue
		}
		a := &out[m.Ply+1]
		a.NAGs = append(a.NAGs, m.Mark.NAG())
		a.Comment = m.Words
		if a.Comment == "" {
			a.Comment = upperFirst(m.Mark.String()) + "."
		}
	}
	return out
}

// upperFirst returns s with its first byte in upper case (s is ASCII here).
func upperFirst(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}
