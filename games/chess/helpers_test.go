package chess

import (
	"sort"
	"strings"
	"testing"

	"github.com/cotuong-ai/cotuong/internal/testkit/reference"
	"github.com/stretchr/testify/require"
)

// mirrorFEN returns the colour-mirrored FEN: the board flipped top to bottom with the colours
// swapped, the other side to move, castling rights and the en passant square mirrored. Every
// rule must give the mirrored answer on the mirrored position.
func mirrorFEN(t testing.TB, fen string) string {
	t.Helper()
	f := strings.Fields(fen)
	require.GreaterOrEqual(t, len(f), 2)
	ranks := strings.Split(f[0], "/")
	for i, j := 0, len(ranks)-1; i < j; i, j = i+1, j-1 {
		ranks[i], ranks[j] = ranks[j], ranks[i]
	}
	out := []string{swapCase(strings.Join(ranks, "/"))}
	if f[1] == "w" {
		out = append(out, "b")
	} else {
		out = append(out, "w")
	}
	if len(f) > 2 {
		c := swapCase(f[2])
		if c != "-" {
			b := []byte(c)
			sort.Slice(b, func(i, j int) bool { return strings.IndexByte("KQkq", b[i]) < strings.IndexByte("KQkq", b[j]) })
			c = string(b)
		}
		out = append(out, c)
	}
	if len(f) > 3 {
		ep := f[3]
		if ep != "-" && len(ep) == 2 {
			ep = string([]byte{ep[0], '1' + '8' - ep[1]})
		}
		out = append(out, ep)
	}
	return strings.Join(append(out, f[min(4, len(f)):]...), " ")
}

func swapCase(s string) string {
	b := []byte(s)
	for i, c := range b {
		switch {
		case c >= 'a' && c <= 'z':
			b[i] = c - 32
		case c >= 'A' && c <= 'Z':
			b[i] = c + 32
		}
	}
	return string(b)
}

// mirrorMove mirrors a UCI move (or a square) top to bottom.
func mirrorMove(u string) string {
	b := []byte(u)
	for i := 1; i < len(b) && i <= 3; i += 2 {
		b[i] = '1' + '8' - b[i]
	}
	return string(b)
}

func mustFEN(t testing.TB, fen string) Position {
	t.Helper()
	p, err := ParseFEN(fen)
	require.NoError(t, err, fen)
	return p
}

func uciSet(p *Position) []string {
	var out []string
	for _, m := range p.LegalMoves(nil) {
		out = append(out, m.UCI())
	}
	sort.Strings(out)
	return out
}

func ruleCase(t *testing.T, id string) reference.RuleCase {
	t.Helper()
	rc, err := reference.RuleCaseByID(id)
	require.NoError(t, err)
	return rc
}

// bothColours runs f on fen and on its colour mirror; mirror tells f which one it got so that it
// can mirror the moves it plays or expects.
func bothColours(t *testing.T, fen string, f func(t *testing.T, fen string, mv func(string) string)) {
	t.Run("as given", func(t *testing.T) { f(t, fen, func(s string) string { return s }) })
	t.Run("mirrored", func(t *testing.T) { f(t, mirrorFEN(t, fen), mirrorMove) })
}
