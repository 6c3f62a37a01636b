package review_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/cotuong-ai/cotuong/review"
)

// English takes the singular for one thing only: zero and two take the plural.
func TestCount(t *testing.T) {
	assert.Equal(t, "0 inaccuracies", review.Count(0, "inaccuracy", "inaccuracies"))
	assert.Equal(t, "1 inaccuracy", review.Count(1, "inaccuracy", "inaccuracies"))
	assert.Equal(t, "2 blunders", review.Count(2, "blunder", "blunders"))
	assert.Equal(t, "12 moves", review.Count(12, "move", "moves"))
}
