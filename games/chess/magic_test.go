package chess

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestSliderAttacks checks the magic lookups against ray walking on random occupancies, and that
// the stored magic numbers are the ones in use (none had to be searched anew).
func TestSliderAttacks(t *testing.T) {
	for s := range rookMagics {
		require.Equal(t, rookMagicNumbers[s], rookMagics[s].magic, "rook magic %d", s)
		require.Equal(t, bishopMagicNumbers[s], bishopMagics[s].magic, "bishop magic %d", s)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 20000; i++ {
		occ := rng.Uint64() & rng.Uint64()
		s := Square(rng.IntN(64))
		require.Equal(t, slowAttacks(s, occ, rookDirs), rookAttacks(s, occ))
		require.Equal(t, slowAttacks(s, occ, bishopDirs), bishopAttacks(s, occ))
	}
	// A damaged number is replaced by a search.
	var ms [64]magic
	known := rookMagicNumbers
	known[5] = 1
	saved := sliderTable
	defer func() { sliderTable = saved }()
	sliderTable = nil
	rng2 := xorshift64star(42)
	fillMagics(&ms, rookDirs, &known, &rng2)
	require.NotEqual(t, uint64(1), ms[5].magic)
	require.Equal(t, known[6], ms[6].magic)
}
