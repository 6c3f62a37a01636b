package review

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/internal/pgn"
)

// TestAnnotations: the PGN Standard's glyphs (section 10: $2 "poor move", $4 "very poor
// move", $6 "questionable move") after the marked moves, the words as comments; good and
// unjudged moves get nothing.
func TestAnnotations(t *testing.T) {
	assert.Equal(t, []int{0, 6, 2, 4}, []int{Good.NAG(), Inaccuracy.NAG(), Mistake.NAG(), Blunder.NAG()})
	r := &Review{Moves: []MoveReview{
		{Ply: 0, Judged: true, Mark: Good},
		{Ply: 1, Judged: true, Mark: Mistake, Words: "H8+7? loses the cannon: C5+4."},
		{Ply: 2, Judged: true, Mark: Blunder},
		{Ply: 3, Judged: false, Mark: Inaccuracy},
	}}
	a := r.Annotations(4)
	require.Len(t, a, 5)
	assert.Equal(t, pgn.Annotation{}, a[0])
	assert.Equal(t, pgn.Annotation{}, a[1])
	assert.Equal(t, pgn.Annotation{Comment: "H8+7? loses the cannon: C5+4.", NAGs: []int{2}}, a[2])
	assert.Equal(t, pgn.Annotation{Comment: "Blunder.", NAGs: []int{4}}, a[3])
	assert.Equal(t, pgn.Annotation{}, a[4])
	assert.Len(t, r.Annotations(2), 3, "moves past the game are left out")
	assert.Nil(t, (*Review)(nil).Annotations(3))
}
