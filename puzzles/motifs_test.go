package puzzles

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/engine"
)

// TestMateReason: the words for the three ways a xiangqi side without a move loses, on
// positions set up by hand (WXF rules: no legal move loses, in check or not; the generals
// may not face each other on an open file).
func TestMateReason(t *testing.T) {
	for _, c := range []struct{ fen, want string }{
		// The chariot on i9 checks along the back rank; e8 is the advisor's, d9 and f9
		// are the chariot's.
		{"4k3R/4a4/9/9/9/9/9/9/4K4/9 b - - 0 1", "Checkmate: Black's general is in check and has no legal move."},
		// The chariot on d0 checks up the d-file; e9 is free but faces the red general.
		{"3k5/9/9/9/9/9/9/9/9/3RK4 b - - 0 1", "Checkmate: Black's general is in check and has no legal move. The general cannot step to e9: it would face the other general on an open file (the flying-general rule)."},
		// Not in check: d8 is the chariot's, e9 faces the red general.
		{"3k5/R8/9/9/9/9/9/9/9/4K4 b - - 0 1", "Black is not in check but has no legal move, and in xiangqi that loses. The general cannot step to e9: it would face the other general on an open file (the flying-general rule)."},
		// Red to move has moves: no reason.
		{"3k5/R8/9/9/9/9/9/9/9/4K4 w - - 0 1", ""},
	} {
		g, err := engine.GameFromFEN(engine.Xiangqi, c.fen)
		require.NoError(t, err, c.fen)
		assert.Equal(t, c.want, MateReason(g), c.fen)
	}
}

// TestMotifs: each motif on a position set up by hand where a xiangqi player sees it (and
// the ones it does not have are absent).
func TestMotifs(t *testing.T) {
	for _, c := range []struct {
		name string
		p    Puzzle
		want []Theme
	}{
		// d5e7 checks d9 and attacks the chariot on g6, which is worth more.
		{"fork", Puzzle{FEN: "3k5/9/9/6r2/3N5/9/9/9/9/4K4 w - - 0 1", Solution: []string{"d5e7", "d9d8", "e7g6"}, Theme: Material, Won: "chariot"}, []Theme{Fork, Endgame}},
		// a0a5 takes a horse no black piece defends.
		{"hanging", Puzzle{FEN: "4k4/9/9/9/n8/9/9/9/9/R2K5 w - - 0 1", Solution: []string{"a0a5"}, Theme: Material, Won: "horse"}, []Theme{Hanging, Endgame}},
		// c4e5 puts the horse between the cannon on e3 and the general: check over it.
		{"cannon screen", Puzzle{FEN: "4k4/9/9/9/9/2N6/4C4/9/9/3K5 w - - 0 1", Solution: []string{"c4e5"}, Theme: MateIn(1)}, []Theme{CannonScreen, Endgame}},
		// e4c5 uncovers the chariot on e2: check up the e-file.
		{"discovered", Puzzle{FEN: "4k4/9/9/9/9/4N4/9/4R4/9/3K5 w - - 0 1", Solution: []string{"e4c5"}, Theme: MateIn(1)}, []Theme{Discovered, Endgame}},
		// a2e2 attacks the horse on e7, which shields its general.
		{"pin", Puzzle{FEN: "4k4/9/4n4/9/9/9/9/R8/9/3K5 w - - 0 1", Solution: []string{"a2e2"}, Theme: Material, Won: "horse"}, []Theme{Pin, Endgame}},
		// i1a1 attacks the horse in the corner; b7 and c8, its only squares, are the red
		// horse's.
		{"trapped", Puzzle{FEN: "n3k4/9/9/3N5/9/9/9/9/8R/3K5 w - - 0 1", Solution: []string{"i1a1", "e9f9", "a1a9"}, Theme: Material, Won: "horse"}, []Theme{Trapped, Endgame}},
		// The opening's central cannon: twelve chariots, horses and cannons (not an
		// endgame), and the soldier it attacks on e6 is no pin (a soldier).
		{"none", Puzzle{FEN: "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", Solution: []string{"h2e2"}, Theme: Material}, nil},
	} {
		c.p.Variant = engine.Xiangqi
		assert.Equal(t, c.want, Motifs(c.p), c.name)
	}
}

// TestThemes: the themes of a set with their counts, goals first, and their names.
func TestThemes(t *testing.T) {
	set := []Puzzle{
		{Theme: MateIn(2), Motifs: []Theme{CannonScreen}},
		{Theme: MateIn(1)},
		{Theme: Material, Won: "horse", Motifs: []Theme{Fork, Endgame}},
		{Theme: Defence, Motifs: []Theme{Endgame}},
	}
	assert.Equal(t, []ThemeCount{{Mate, 2}, {MateIn(1), 1}, {MateIn(2), 1}, {Material, 1}, {Defence, 1},
		{Fork, 1}, {CannonScreen, 1}, {Endgame, 2}}, Themes(set))
	assert.Equal(t, "Mate in 2", MateIn(2).Name())
	assert.Equal(t, "Discovered attack", Discovered.Name())
	assert.True(t, set[0].Has(Mate))
	assert.False(t, set[2].Has(Mate))
}

// TestStepText: a mate in 3 (five plies) is stepped through in moves: 0 to 3, never "of 5".
func TestStepText(t *testing.T) {
	p := Puzzle{Solution: []string{"a", "b", "c", "d", "e"}, Theme: MateIn(3)}
	var got []string
	for i := 0; i <= 5; i++ {
		got = append(got, StepText(p, i))
	}
	assert.Equal(t, []string{"Start: find 3 moves", "Move 1 of 3", "Move 1 of 3 and the reply", "Move 2 of 3",
		"Move 2 of 3 and the reply", "Move 3 of 3"}, got)
	assert.Equal(t, "Start: find 1 move", StepText(Puzzle{Solution: []string{"a"}}, 0))
}
