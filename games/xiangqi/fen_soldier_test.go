package xiangqi

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestFENSoldierFiles: a soldier moves only forwards until it crosses the river (WXF/AXF
// rules), so before crossing it stands on its starting file (a, c, e, g or i) and two such
// soldiers never share a file. The error names the side and the square, in every symmetric
// form of the position.
func TestFENSoldierFiles(t *testing.T) {
	for _, c := range []struct{ fen, side, square string }{
		{"4k4/9/9/9/9/9/1P7/9/9/4K4 w - - 0 1", "red", "b3"},   // off its file
		{"4k4/9/9/9/9/3P5/9/9/9/4K4 w - - 0 1", "red", "d4"},   // off its file, on the river bank
		{"4k4/9/9/9/9/2P6/2P6/9/9/4K4 w - - 0 1", "red", "c4"}, // two on the c-file
		{"4k4/9/9/5p3/9/9/9/9/9/4K4 w - - 0 1", "black", "f6"}, // black, off its file
		{"4k4/9/9/p8/p8/9/9/9/9/4K4 w - - 0 1", "black", "a5"}, // two black on the a-file
	} {
		for _, tr := range transforms {
			fen := tr.fen(c.fen)
			side, square := c.side, tr.sq(c.square)
			if tr.flip {
				side = map[string]string{"red": "black", "black": "red"}[side]
			}
			_, err := ParseFEN(fen)
			require.Error(t, err, "%s (%s)", fen, tr)
			assert.Contains(t, err.Error(), side+" soldier", "%s (%s)", fen, tr)
			assert.Contains(t, err.Error(), square, "%s (%s)", fen, tr)
		}
	}
	// Crossed soldiers may stand anywhere ahead of the river, and share files.
	for _, fen := range []string{
		"3k5/9/1P1P5/3P5/9/9/9/9/9/4K4 w - - 0 1",
		"3k5/9/9/9/9/9/9/9/pp7/4K4 b - - 0 1",
		StartFEN,
	} {
		for _, tr := range transforms {
			_, err := ParseFEN(tr.fen(fen))
			assert.NoError(t, err, "%s (%s)", fen, tr)
		}
	}
}
