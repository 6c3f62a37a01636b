package reference

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestCopiesMatchShared checks that the embedded copies equal ../shared/reference, the
// project's canonical reference data, whenever that folder stands beside the checkout (it does
// for developers and in CI).
func TestCopiesMatchShared(t *testing.T) {
	shared := filepath.Join("..", "..", "..", "..", "shared", "reference")
	if _, err := os.Stat(shared); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("CI is set but %s is missing: %v", shared, err)
		}
		t.Skipf("no shared reference folder at %s; the embedded copies are used as they are", shared)
	}
	for _, name := range []string{"perft.tsv", "rule-cases.tsv", "notation.tsv", "repetition.tsv"} {
		want, err := os.ReadFile(filepath.Join(shared, name))
		require.NoError(t, err)
		got, err := os.ReadFile(name)
		require.NoError(t, err)
		require.Equal(t, string(want), string(got), "%s differs from ../shared/reference/%s", name, name)
	}
}

func TestParse(t *testing.T) {
	p, err := Perft("xiangqi", 0)
	require.NoError(t, err)
	require.Greater(t, len(p), 30)
	require.Equal(t, "startpos", p[0].Name)
	require.Equal(t, uint64(44), p[0].Nodes)
	c, err := RuleCaseByID("XQ12")
	require.NoError(t, err)
	require.Len(t, c.FENs, 2)
	n, err := Notation()
	require.NoError(t, err)
	require.Equal(t, "h2e2", n[0].MoveUCI)
	require.Empty(t, n[0].MovesBefore)
	r, err := Repetitions()
	require.NoError(t, err)
	require.Len(t, r, 33)
	require.Equal(t, "black wins", r[0].Expected)
	require.Len(t, r[0].Moves, 9)
}
