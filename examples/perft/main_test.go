package main

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/cotuong-ai/cotuong/internal/testkit/reference"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func perft(args ...string) (string, string, int) {
	var out, errOut strings.Builder
	code := run(args, &out, &errOut)
	return out.String(), errOut.String(), code
}

// Counts against internal/testkit/reference perft.tsv (Stockfish / Fairy-Stockfish / published).
func TestReferenceCounts(t *testing.T) {
	rows, err := reference.Perft("", 100000)
	require.NoError(t, err)
	require.NotEmpty(t, rows)
	for _, r := range rows {
		out, errOut, code := perft("-game", r.Game, "-fen", r.FEN, "-depth", strconv.Itoa(r.Depth))
		require.Equal(t, 0, code, errOut)
		assert.Contains(t, out, fmt.Sprintf("Nodes searched: %d\n", r.Nodes), "%s %s d%d", r.Game, r.Name, r.Depth)
		assert.Regexp(t, `(?m)^Time: \S+  Nodes/s: \d+$`, out)
	}
}

func TestDivide(t *testing.T) {
	out, _, code := perft("-game", "xiangqi", "-depth", "2", "-divide")
	require.Equal(t, 0, code)
	parts := strings.SplitN(out, "\n\n", 2)
	require.Len(t, parts, 2, out)
	lines := strings.Split(parts[0], "\n")
	assert.Len(t, lines, 44, "44 root moves in the xiangqi start position (XQ14)")
	re := regexp.MustCompile(`^[a-i][0-9][a-i][0-9]: (\d+)$`)
	var sum int
	for _, l := range lines {
		m := re.FindStringSubmatch(l)
		require.NotNil(t, m, l)
		n, _ := strconv.Atoi(m[1])
		sum += n
	}
	assert.Equal(t, 1920, sum, "XQ14: perft(2) = 1920")
	assert.True(t, strings.HasPrefix(parts[1], "Nodes searched: 1920\n"))
	assert.Contains(t, out, "h2e2: ")
}

func TestBadArguments(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-game", "shogi"}, `unknown game "shogi"`},
		{[]string{"-depth", "0"}, "depth 0 out of range"},
		{[]string{"-game", "chess", "-fen", "8/8/8/8/8/8/8/8 w - - 0 1"}, "perft: "},
		{[]string{"-game", "xiangqi", "-fen", "rnbakabnr/8/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"}, "perft: "},
		{[]string{"-fen", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR", "w"}, "unexpected argument"},
	} {
		_, errOut, code := perft(c.args...)
		assert.Equal(t, 2, code, "%v", c.args)
		assert.Contains(t, errOut, c.want, "%v", c.args)
	}
}

// -h prints the usage and succeeds; an unknown flag is an error (status 2).
func TestHelp(t *testing.T) {
	var out, errOut strings.Builder
	assert.Equal(t, 0, run([]string{"-h"}, &out, &errOut))
	assert.Contains(t, errOut.String(), "-depth")
	assert.Equal(t, 2, run([]string{"-bogus"}, &out, &errOut))
}
