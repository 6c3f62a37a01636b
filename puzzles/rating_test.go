package puzzles

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestGlickoPaperExample: Glickman's worked example ("Example of the Glicko-2 system",
// glicko.net/glicko/glicko2.pdf): a player rated 1500, RD 200, volatility 0.06, τ = 0.5,
// beats a 1400 (RD 30) and loses to a 1550 (RD 100) and a 1700 (RD 300); the paper gives
// r' = 1464.06, RD' = 151.52, σ' = 0.05999.
func TestGlickoPaperExample(t *testing.T) {
	r := Rating{R: 1500, RD: 200, Vol: 0.06}.Update([]Game{
		{Opponent: Rating{R: 1400, RD: 30}, Score: 1},
		{Opponent: Rating{R: 1550, RD: 100}, Score: 0},
		{Opponent: Rating{R: 1700, RD: 300}, Score: 0},
	}, 0.5)
	assert.InDelta(t, 1464.06, r.R, 0.01)
	assert.InDelta(t, 151.52, r.RD, 0.01)
	assert.InDelta(t, 0.05999, r.Vol, 0.00001)
	// No games: only the deviation grows, to √(φ² + σ²) on the Glicko-2 scale (step 6):
	// √((200/173.7178)² + 0.06²) · 173.7178 = 200.27.
	idle := Rating{R: 1500, RD: 200, Vol: 0.06}.Update(nil, 0.5)
	assert.Equal(t, 1500.0, idle.R)
	assert.InDelta(t, 200.27, idle.RD, 0.01)
}

// TestRatingMovesWithResults: solving a puzzle raises the player and lowers the puzzle;
// failing does the opposite; a surprise (a weak player solving a hard puzzle) moves more.
func TestRatingMovesWithResults(t *testing.T) {
	player, hard, easy := NewRating(), PuzzleRating(12), PuzzleRating(1)
	assert.Equal(t, 2200.0, hard.R)
	assert.Equal(t, 1100.0, easy.R)
	p1, h1 := RecordAttempt(player, hard, true)
	assert.Greater(t, p1.R, player.R)
	assert.Less(t, h1.R, hard.R)
	assert.Less(t, p1.RD, player.RD, "a result makes the rating surer")
	p2, e2 := RecordAttempt(player, easy, false)
	assert.Less(t, p2.R, player.R)
	assert.Greater(t, e2.R, easy.R)
	p3, _ := RecordAttempt(player, easy, true)
	assert.Greater(t, p1.R-player.R, p3.R-player.R, "solving the hard puzzle gains more")
}

// TestRecord: the record starts a new player at 1500 and moves with results, the player's
// rating up after a solve and down after a failure, each puzzle's the other way.
func TestRecord(t *testing.T) {
	var rec Record
	p := Puzzle{Seed: "3:89", Difficulty: 5}
	assert.Equal(t, NewRating(), rec.PlayerRating())
	assert.Equal(t, 1500.0, rec.Rating(p).R)
	before, after := rec.Result(p, true)
	assert.Equal(t, 1500.0, before.R)
	assert.Greater(t, after.R, before.R)
	assert.Less(t, rec.Rating(p).R, 1500.0, "the solved puzzle's rating falls")
	_, again := rec.Result(p, false)
	assert.Less(t, again.R, after.R)
}
