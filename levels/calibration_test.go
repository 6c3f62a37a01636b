package levels

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The calibration tables (matches against Fairy-Stockfish 11.1 and Stockfish 15.1 played by
// examples/dev/calibrate) cover every level of the ladder as it is now, with at least 100 games
// each; every measured rating is within 150 Elo of the level's stated rating, and the
// measured ratings rise with the ladder. A change to the ladder's settings or stated ratings
// fails here until the changed levels are measured again (go run ./examples/dev/calibrate
// -levels N, see docs/levels.md).
func TestCalibrationMatchesTheLadder(t *testing.T) {
	for _, g := range []Scale{Xiangqi, Chess} {
		rows := Calibration(g)
		require.Len(t, rows, len(All()), "%s: one row per level", g)
		prev := 0
		for i, l := range All() {
			m := rows[i]
			assert.Equal(t, l.Number, m.Level, "%s row %d", g, i)
			assert.Equal(t, l.Name, m.Name, "%s level %d", g, l.Number)
			assert.Equal(t, l.Rating(g), m.Stated, "%s %s: measured at today's stated rating", g, l.Name)
			assert.GreaterOrEqual(t, m.Games, 100, "%s %s", g, l.Name)
			assert.Equal(t, m.Games, m.W+m.D+m.L, "%s %s", g, l.Name)
			assert.InDelta(t, m.Stated, m.Elo, 150, "%s %s: measured %d, stated %d", g, l.Name, m.Elo, m.Stated)
			assert.Greater(t, m.Elo, prev, "%s %s: above the level below", g, l.Name)
			assert.True(t, m.Low <= m.Elo && m.Elo <= m.High, "%s %s: interval", g, l.Name)
			prev = m.Elo
		}
	}
}
