package levels_test

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/cotuong-ai/cotuong/engine"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/cotuong-ai/cotuong/gamesearch"
	"github.com/cotuong-ai/cotuong/levels"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Hand-made positions in which the side to move has a chariot that stands undefended where an
// enemy piece takes it next move (by the moves of the pieces in the WXF/AXF rules), or that
// bait, a capture of a defended soldier, puts where it is taken (a loss of about 500 cp);
// the side to move has moves that keep it safe.
var hangingChariot = []struct{ name, fen, capture, bait string }{
	// The horse on c6 takes a5 (its leg b6 is empty).
	{"horse", "3aka3/9/9/2n6/R8/9/9/9/9/3K5 w - - 0 1", "c6a5", ""},
	// The cannon on e7 jumps the soldier on e5 to take e3.
	{"cannon", "3akab2/9/4c4/9/4p4/9/4R4/9/9/3K5 w - - 0 1", "e7e3", ""},
	// The elephant on e7 takes g5 (its eye f6 is empty).
	{"elephant", "3ak4/4a4/4b4/9/6R2/9/9/9/9/5K3 w - - 0 1", "e7g5", ""},
	// The opening, Red's left chariot out on a5: the soldier on a6 takes it; taking the
	// soldier instead loses the chariot to Black's on a9.
	{"soldier", "rnbakabnr/9/1c5c1/p1p1p1p1p/R8/9/P1P1P1P1P/1C5C1/9/1NBAKABNR w - - 0 1", "a6a5", ""},
	// A crossed soldier on d3 attacks the chariot on c3 sideways.
	{"crossed soldier", "3ak4/9/9/9/9/9/2Rp5/9/9/5K3 w - - 0 1", "d3c3", ""},
	// Bait: the chariot on c1 may take the soldier on c6, which the horse on b8 guards (its
	// leg b7 is empty).
	{"guarded soldier", "4k4/1n7/9/2p6/9/9/9/9/2R6/3K5 w - - 0 1", "b8c6", "c1c6"},
	// The same for Black: the chariot on c8 may take the soldier on c3, guarded by the horse
	// on b1.
	{"guarded soldier, Black", "3k5/2r6/9/9/9/9/2P6/9/1N7/3AKA3 b - - 0 1", "b1c3", "c8c3"},
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

// Every level below full strength (the middle levels, and the bottom ones too) never leaves
// an undefended chariot to be taken: whatever the game's noise and the draw, the move played
// keeps every chariot of the side to move safe. Each position is searched once per level
// within the level's caps and evaluation (no clock, so the result does not depend on the
// machine's load); the choice is then drawn under 200 noise seeds, as every front end draws
// it (engine.Strength.Choose).
func TestNoHangingChariot(t *testing.T) {
	for _, c := range hangingChariot {
		pos, err := xiangqi.ParseFEN(c.fen)
		require.NoError(t, err, c.name)
		// The position is what it says: the enemy takes the chariot if the side to move
		// passes, or after the bait.
		_, takes := chariotTaken(&pos)
		require.False(t, takes, "%s: the side to move takes no chariot at once", c.name)
		var then xiangqi.Position
		if c.bait != "" {
			b, err := pos.ParseMove(c.bait)
			require.NoError(t, err, c.name)
			then = pos.Play(b)
		} else {
			flip := strings.NewReplacer(" w ", " b ", " b ", " w ").Replace(c.fen)
			then, err = xiangqi.ParseFEN(flip)
			require.NoError(t, err, c.name)
		}
		m, err := then.ParseMove(c.capture)
		require.NoError(t, err, c.name)
		require.Equal(t, xiangqi.Chariot, then.PieceAt(m.To()).Kind(), c.name)
		require.NotEqual(t, then.SideToMove(), then.PieceAt(m.To()).Color(), c.name)

		g, err := engine.GameFromFEN(engine.Xiangqi, c.fen)
		require.NoError(t, err, c.name)
		for _, l := range levels.All() {
			if l.Full() {
				continue
			}
			s := xiangqi.NewSearcher(gamesearch.Options[xiangqi.Move]{HashMiB: 1})
			lim := l.Limits()
			lim.Time = 0 // the caps alone: the same search on any machine
			r := s.Search(context.Background(), pos, nil, lim).Clone()
			lines := make([]engine.Line, len(r.Lines))
			for i, line := range r.Lines {
				lines[i] = engine.Line{Move: engine.Move(line.Move), Score: line.Score}
			}
			rng := rand.New(rand.NewPCG(uint64(l.Number), 1))
			for seed := uint64(0); seed < 200; seed++ {
				mv := r.Move
				if i := (engine.Strength{Level: l}).Choose(g, lines, levels.NewNoise(seed), rng); i > 0 {
					mv = r.Lines[i].Move
				}
				after := pos.Play(mv)
				if cap, ok := chariotTaken(&after); ok {
					assert.Fail(t, "chariot left hanging", "%s, %s: %s lets the enemy play %s (noise seed %d; lines %v)",
						c.name, l.Name, mv.UCI(), cap, seed, r.Lines)
					break
				}
			}
		}
	}
}
