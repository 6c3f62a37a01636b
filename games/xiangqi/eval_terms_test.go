package xiangqi

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// termsOf returns the term counts of fen, Red minus Black.
func termsOf(t *testing.T, fen string) [numTerms]int32 {
	t.Helper()
	p := mustFEN(t, fen)
	var e evalInfo
	p.collect(&e)
	return e.terms
}

// TestTermCounts checks each pattern on a hand-made position, and that the same position
// with colours swapped (and mirrored left to right) counts the same for the other side.
func TestTermCounts(t *testing.T) {
	cases := []struct {
		name string
		fen  string
		term int
		want int32
	}{
		// Red's cannon on e2 faces Black's general on e9 with nothing between (空头炮).
		{"hollow cannon", "4k4/9/9/9/9/9/9/4C4/9/3K5 w - - 0 1", termHollowCannon, 1},
		// A screen on the file: no longer hollow (it gives check instead).
		{"screened cannon", "4k4/9/9/9/4p4/9/9/4C4/9/3K5 b - - 0 1", termHollowCannon, 0},
		// Red's cannon on Black's back rank, nothing between it and the general (沉底炮).
		{"bottom cannon", "C3k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1", termBottomCannon, 1},
		// Black's horse in the palace centre, a second screen, Red's cannon behind both.
		{"central horse", "4k4/4n4/9/4p4/9/9/9/4C4/9/3K5 w - - 0 1", termCentralHorse, 1},
		{"central horse pins", "4k4/4n4/9/4p4/9/9/9/4C4/9/3K5 w - - 0 1", termPin, 1},
		// Red's chariot behind Black's cannon on the general's file.
		{"chariot pin", "4k4/9/4c4/9/9/9/4R4/9/9/3K5 w - - 0 1", termPin, 1},
		// Red's horse on a0 with both legs (a1, b0) blocked by its own pieces.
		{"trapped horse", "4k4/9/9/9/9/9/9/9/R8/NC1K5 w - - 0 1", termHorseTrapped, 1},
		{"trapped horse mobility", "4k4/9/9/9/9/9/9/9/R8/NC1K5 w - - 0 1", termHorseMob, 0},
		// Two crossed Red soldiers side by side; two attack units against no defenders.
		{"soldier pair", "4k4/9/9/9/2PP5/9/9/9/9/3K5 w - - 0 1", termSoldierPair, 1},
		{"attackers", "4k4/9/9/9/2PP5/9/9/9/9/3K5 w - - 0 1", termAttackers, 2},
		{"attackers vs shape", "4k4/9/9/9/2PP5/9/9/9/9/3K5 w - - 0 1", termAttackVsShape, 8},
		// A chariot on a0: a1..a9 up the file, b0 and c0 along the rank (its general on d0).
		{"chariot mobility", "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1", termChariotMob, 9 + 2},
		{"chariot open file", "4k4/9/9/9/9/9/P8/9/9/R2K5 w - - 0 1", termChariotOpenFile, 0},
		// A cannon on a0: slides to a1..a9 and b0, c0; captures nothing.
		{"cannon mobility", "4k4/9/9/9/9/9/9/9/9/C2K5 w - - 0 1", termCannonMob, 9 + 2},
	}
	for _, c := range cases {
		got := termsOf(t, c.fen)
		assert.Equal(t, c.want, got[c.term], c.name)
		for _, tr := range transforms[1:] {
			g := termsOf(t, tr.fen(c.fen))
			want := c.want
			if tr.flip {
				want = -want
			}
			assert.Equal(t, want, g[c.term], "%s %s", c.name, tr)
		}
	}
}

// TestTermSigns: each pattern changes the score in the direction the masters' advice gives.
func TestTermSigns(t *testing.T) {
	// (Cannon mobility is left out: a cannon needs screens more than open lines, and the fit
	// gives it next to nothing, as the classical Pikafish evaluation's flat table does. The
	// bottom cannon and the soldier pair are left out too: fitted together with the
	// piece-square tables, whose enemy-back-rank cannon and crossed-soldier values take most
	// of what those patterns are worth, the fit gives both a small negative weight.)
	for _, i := range []int{termChariotMob, termHorseMob, termHollowCannon,
		termCentralHorse, termPin, termAttackVsShape} {
		assert.Greater(t, termMG[i]+termEG[i], int32(0), termNames[i])
	}
	assert.Less(t, termMG[termHorseTrapped]+termEG[termHorseTrapped], int32(0), termNames[termHorseTrapped])

	// A hollow cannon is bad for the side facing it: Black, to move, scores worse with Red's
	// cannon on the open e-file than with the same cannon in the same rank off the file.
	hollow := mustFEN(t, "4k4/9/9/9/9/9/9/4C4/9/3K5 b - - 0 1")
	off := mustFEN(t, "4k4/9/9/9/9/9/9/2C6/9/3K5 b - - 0 1")
	assert.Less(t, hollow.Evaluate(), off.Evaluate())
	// Black's central horse pinned by Red's cannon is worse for Black than the horse on the
	// wing with the same screens.
	pinned := mustFEN(t, "4k4/4n4/9/4p4/9/9/9/4C4/9/3K5 b - - 0 1")
	free := mustFEN(t, "4k4/9/6n2/4p4/9/9/9/4C4/9/3K5 b - - 0 1")
	assert.Less(t, pinned.Evaluate(), free.Evaluate())
}

// TestDrawScaling: endings the material cannot win score near zero; won ones do not.
func TestDrawScaling(t *testing.T) {
	// General, two advisors, an elephant and a soldier on the last rank against a bare
	// general: the soldier can no longer reach a general that keeps off the last rank.
	lastRank := mustFEN(t, "P8/3k5/9/9/9/9/9/9/9/2BAKA3 w - - 0 1")
	assert.InDelta(t, 0, lastRank.Evaluate(), 15)
	// Horse, two elephants and two advisors against cannon and soldier: drawn.
	horse := mustFEN(t, "3k5/9/9/9/9/9/2p1c4/4B4/4N4/2BAKA3 w - - 0 1")
	assert.InDelta(t, 0, horse.Evaluate(), 60)
	// A chariot against a bare general wins and stays clearly ahead.
	chariot := mustFEN(t, "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1")
	assert.Greater(t, chariot.Evaluate(), 500)
}

// TestEvaluateMirror: colour-swapped and left-right mirrored positions score the same for
// the side to move, on positions where every term is present.
func TestEvaluateMirror(t *testing.T) {
	for _, fen := range []string{
		"4k4/4n4/9/4p4/9/9/9/4C4/9/3K5 w - - 0 1",
		"C3k4/9/9/9/2PP5/9/9/9/R8/NC1K5 b - - 30 40",
		"r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R w - - 0 1",
	} {
		p := mustFEN(t, fen)
		for _, tr := range transforms[1:] {
			q := mustFEN(t, tr.fen(fen))
			require.Equal(t, p.Evaluate(), q.Evaluate(), "%s %s", tr, fen)
		}
	}
}

// TestEvalTrace: the trace rebuilds Evaluate within integer rounding on playout positions.
func TestEvalTrace(t *testing.T) {
	w := EvalParams()
	require.Len(t, w, NumEvalParams)
	rng := newRand(11)
	for game := 0; game < 10; game++ {
		for _, p := range playout(rng, Start(), 200) {
			tr := p.EvalTrace()
			red := p.Evaluate()
			if p.SideToMove() == Black {
				red = -red
			}
			require.InDelta(t, float64(red), tr.Score(w), 2.5, p.FEN())
		}
	}
}

// TestLineTables: what the line tables say a piece on each point sees along each rank and
// file (empty points, then the first three pieces), read through the position's rank and file
// occupancy, is what a point-by-point scan of the rays finds, on positions with full, sparse
// and empty lines and on random playouts from them (so that the occupancy apply keeps is
// checked too).
func TestLineTables(t *testing.T) {
	fens := []string{
		StartFEN,
		"r1bakabr1/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN1C1N2/9/R1BAKAB1R w - - 0 1",
		"3akab2/9/4b4/p3p3p/2p3n2/6P2/P1P1c3P/4B1N2/4A4/2BAK4 b - - 0 1",
		"4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1",
		"R1c1k1C1r/9/4n4/4P4/4c4/4C4/9/4R4/4r4/3K5 w - - 0 1",
	}
	rng := newRand(3)
	for _, fen := range fens {
		for _, p := range playout(rng, mustFEN(t, fen), 60) {
			for s := Square(0); s < NumSquares; s++ {
				for d, v := range lineViews(&p, s) {
					ry, ln, i := firstBlocker(&p.board, s, d)
					require.Equal(t, i, int(v&15), "%s: empty points from %v towards %d", p.FEN(), s, d)
					for n := 0; n < 3; n++ {
						want := Square(255)
						if i < ln {
							want = ry[i]
						}
						got := Square(255)
						if j := v >> (4 + 4*n) & 15; j != noPoint {
							got = lineSquare(s, d, j)
						}
						require.Equal(t, want, got, "%s: piece %d from %v towards %d", p.FEN(), n+1, s, d)
						if i < ln {
							i = nextBlocker(&p.board, ry, ln, i)
						}
					}
				}
			}
		}
	}
}
