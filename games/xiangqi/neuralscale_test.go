package xiangqi

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestScaleNeuralAgainstPikafish: on the endgames of testdata/endgames.tsv, a neural score of
// ±1000 cp for the side with more material is scaled to at most a quarter where Pikafish-HCE
// holds the position a draw (|cp| < 150), and kept whole where Pikafish wins it (a mate, or
// 300 cp or more). The score is given for the stronger side, both as the side to move's own
// (positive) and, after the side to move is swapped, as the opponent's (negative).
func TestScaleNeuralAgainstPikafish(t *testing.T) {
	data, err := os.ReadFile("testdata/endgames.tsv")
	require.NoError(t, err)
	n := 0
	for _, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		cols := strings.Split(line, "\t")
		require.Len(t, cols, 3, line)
		fen, verdict := cols[0], cols[1]
		kind, val, _ := strings.Cut(verdict, " ")
		v, err := strconv.Atoi(val)
		require.NoError(t, err, line)
		drawn := kind == "cp" && v > -150 && v < 150
		won := kind == "mate" && v > 0 || kind == "cp" && v >= 300
		if !drawn && !won {
			continue
		}
		p, err := ParseFEN(fen)
		require.NoError(t, err, fen)
		// The side ahead in material (the file's third column) is scored ahead.
		ahead := 1000
		if cols[2] != map[Color]string{Red: "w", Black: "b"}[p.side] {
			ahead = -1000
		}
		for _, score := range []int{ahead, -ahead} {
			q := p
			if score != ahead {
				q.side ^= 1 // the same board with the other side to move: the sign flips
			}
			got := q.ScaleNeural(score)
			if drawn {
				assert.LessOrEqual(t, abs(got), 250, "%s: Pikafish %s, score %d scaled to %d", fen, verdict, score, got)
			} else {
				assert.Equal(t, score, got, "%s: Pikafish %s", fen, verdict)
			}
			assert.GreaterOrEqual(t, score*got, 0, "%s: the sign is kept", fen)
		}
		n++
	}
	assert.GreaterOrEqual(t, n, 12)
	// A score of 0 stays 0, and a balanced middlegame is never scaled.
	p, err := ParseFEN(StartFEN)
	require.NoError(t, err)
	assert.Equal(t, 0, p.ScaleNeural(0))
	assert.Equal(t, 300, p.ScaleNeural(300))
	assert.Equal(t, -300, p.ScaleNeural(-300))
}

// TestScaleNeuralAllocs: ScaleNeural runs at every neural evaluation and allocates nothing.
func TestScaleNeuralAllocs(t *testing.T) {
	p, err := ParseFEN("2bakab2/9/9/4P4/9/9/9/9/9/4K4 w - - 0 1")
	require.NoError(t, err)
	assert.Zero(t, testing.AllocsPerRun(100, func() { _ = p.ScaleNeural(500) }))
}
