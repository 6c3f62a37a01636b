package levels_test

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/cotuong-ai/cotuong/gamesearch"
	"github.com/cotuong-ai/cotuong/levels"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Hand-made positions, Red to move, in which a Red chariot stands undefended where a Black
// piece takes it next move (by the moves of the pieces in the WXF/AXF rules), and Red has
// moves that keep it safe.
var hangingChariot = []struct{ name, fen, capture string }{
	// The horse on c6 takes a5 (its leg b6 is empty).
	{"horse", "3aka3/9/9/2n6/R8/9/9/9/9/3K5 w - - 0 1", "c6a5"},
	// The cannon on e7 jumps the soldier on e5 to take e3.
	{"cannon", "3akab2/9/4c4/9/4p4/9/4R4/9/9/3K5 w - - 0 1", "e7e3"},
	// The elephant on e7 takes g5 (its eye f6 is empty).
	{"elephant", "3ak4/4a4/4b4/9/6R2/9/9/9/9/5K3 w - - 0 1", "e7g5"},
	// The opening, Red's left chariot out on a5: the soldier on a6 takes it; taking the
	// soldier instead loses the chariot to Black's on a9.
	{"soldier", "rnbakabnr/9/1c5c1/p1p1p1p1p/R8/9/P1P1P1P1P/1C5C1/9/1NBAKABNR w - - 0 1", "a6a5"},
	// A crossed soldier on d3 attacks the chariot on c3 sideways.
	{"crossed soldier", "3ak4/9/9/9/9/9/2Rp5/9/9/5K3 w - - 0 1", "d3c3"},
}

// chariotTaken reports whether the side to move in p can take a chariot of the other side.
func chariotTaken(p *xiangqi.Position) (string, bool) {
	for _, m := range p.LegalMoves(nil) {
		if pc := p.PieceAt(m.To()); pc.Kind() == xiangqi.Chariot && pc.Color() != p.SideToMove() {
			return m.UCI(), true
		}
	}
	return "", false
}

// Every level below full strength (the middle levels, and the bottom ones too) never leave an undefended chariot to be taken: whatever the
// game's noise and the draw, the move played keeps every Red chariot safe. Each position is
// searched once per level within the level's caps (no clock, so the result does not depend
// on the machine's load); the choice is then drawn under 200 noise seeds.
func TestNoHangingChariot(t *testing.T) {
	for _, c := range hangingChariot {
		pos, err := xiangqi.ParseFEN(c.fen)
		require.NoError(t, err, c.name)
		// The position is what it says: Black would take the chariot if Red passed.
		require.Equal(t, xiangqi.Red, pos.SideToMove())
		pass, err := xiangqi.ParseFEN(strings.Replace(c.fen, " w ", " b ", 1))
		require.NoError(t, err, c.name)
		m, err := pass.ParseMove(c.capture)
		require.NoError(t, err, c.name)
		require.Equal(t, xiangqi.Chariot, pass.PieceAt(m.To()).Kind(), c.name)

		for _, l := range levels.All() {
			if l.Full() {
				continue
			}
			s := xiangqi.NewSearcher(gamesearch.Options[xiangqi.Move]{HashMiB: 1})
			lim := l.Limits()
			lim.Time = 0 // the caps alone: the same search on any machine
			r := s.Search(context.Background(), pos, nil, lim).Clone()
			rng := rand.New(rand.NewPCG(uint64(l.Number), 1))
			for seed := uint64(0); seed < 200; seed++ {
				mv := levels.Pick(l, r, pos.Hash(), levels.NewNoise(seed), rng)
				after := pos.Play(mv)
				if cap, ok := chariotTaken(&after); ok {
					assert.Fail(t, "chariot left hanging", "%s, %s: %s lets Black play %s (noise seed %d; lines %v)",
						c.name, l.Name, mv.UCI(), cap, seed, r.Lines)
					break
				}
			}
		}
	}
}
