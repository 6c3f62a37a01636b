package chess

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// partsOf returns the evaluation parts of fen.
func partsOf(t *testing.T, fen string) evalParts {
	t.Helper()
	p := mustFEN(t, fen)
	var e evalParts
	p.evalParts(&e)
	return e
}

// TestEvaluateColourMirror: a position and its colour mirror (board flipped, colours and
// side to move swapped) score the same for the side to move.
func TestEvaluateColourMirror(t *testing.T) {
	for seed := uint64(1); seed <= 10; seed++ {
		randomPlayout(Start(), seed, 160, func(p *Position, _ Move) {
			fen := p.FEN()
			q := mustFEN(t, mirrorFEN(t, fen))
			require.Equal(t, p.Evaluate(), q.Evaluate(), fen)
		})
	}
}

// TestTermSignsChess: each term moves the score the way chess theory says, on hand-made
// positions that differ in that one respect.
func TestTermSignsChess(t *testing.T) {
	better := func(name, good, bad string) {
		t.Helper()
		g, b := mustFEN(t, good), mustFEN(t, bad)
		assert.Greater(t, g.Evaluate(), b.Evaluate(), name)
		gm, bm := mustFEN(t, mirrorFEN(t, good)), mustFEN(t, mirrorFEN(t, bad))
		assert.Greater(t, gm.Evaluate(), bm.Evaluate(), name+" (colours mirrored)")
	}
	// A rook on an open file beats the same rook behind its own pawn.
	assert.Equal(t, 1, partsOf(t, "6k1/5ppp/8/8/8/8/1P3PPP/3R2K1 w - - 0 1").terms[White][termRookOpen])
	assert.Equal(t, 0, partsOf(t, "6k1/5ppp/8/8/8/8/3P1PPP/3R2K1 w - - 0 1").terms[White][termRookOpen])
	assert.Equal(t, 1, partsOf(t, "3r2k1/3p1ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1").terms[White][termRookSemiOpen])
	better("rook on open file", "6k1/5ppp/8/8/8/8/1P3PPP/3R2K1 w - - 0 1", "6k1/5ppp/8/8/8/8/3P1PPP/3R2K1 w - - 0 1")
	// The bishop pair.
	assert.Equal(t, 1, partsOf(t, "4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1").terms[White][termBishopPair])
	assert.Equal(t, 0, partsOf(t, "4k3/8/8/8/8/8/8/2B1KN2 w - - 0 1").terms[White][termBishopPair])
	assert.Greater(t, termMG[termBishopPair]+termEG[termBishopPair], 0)
	// A knight in a1 attacks b3 and c2: 2 squares, 2 below the knight's base of 4.
	assert.Equal(t, -2, partsOf(t, "4k3/8/8/8/8/8/8/N3K3 w - - 0 1").terms[White][termMobKnight])
	// The pawn on e4 attacks the knight on d5.
	assert.Equal(t, 1, partsOf(t, "4k3/8/8/3n4/4P3/8/8/4K3 b - - 0 1").terms[White][termPawnThreat])
	// A knight in the centre has more safe squares than a knight in the corner.
	better("knight mobility", "4k3/8/8/8/3N4/8/8/4K3 w - - 0 1", "4k3/8/8/8/8/8/8/N3K3 w - - 0 1")
	// A pawn attacking an enemy knight is a threat.
	better("pawn threat", "4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1", "4k3/8/8/1n6/4P3/8/8/4K3 w - - 0 1")
	// A passed pawn the enemy king is far from beats one the enemy king blocks.
	better("passed pawn, king distance", "k7/8/8/4P3/8/8/8/4K3 w - - 0 1", "8/8/4k3/4P3/8/8/8/4K3 w - - 0 1")
	// The king zone of a king on g8 (Black): f8-h8, f7-h7 and f6-h6.
	var zone uint64
	for _, name := range []string{"f8", "g8", "h8", "f7", "g7", "h7", "f6", "g6", "h6"} {
		s, _ := ParseSquare(name)
		zone |= sqBB(s)
	}
	g8, _ := ParseSquare("g8")
	assert.Equal(t, zone, kingZone[Black][g8])
	// Heavy pieces aimed at the enemy king.
	better("king attack", "6k1/5ppp/8/6Q1/8/8/5PPP/5RK1 w - - 0 1", "6k1/5ppp/8/8/8/Q7/5PPP/5RK1 w - - 0 1")
}

// TestThreatTermsChess: the threat, hanging-piece, free-path and safe-check terms count what
// their definitions say on hand-made positions, and each helps the side that has it.
func TestThreatTermsChess(t *testing.T) {
	// The knight on e3 attacks the rook on d5, which nothing defends.
	e := partsOf(t, "4k3/8/8/3r4/8/4N3/8/4K3 w - - 0 1")
	assert.Equal(t, 1, e.terms[White][termThreatMinor])
	assert.Equal(t, 1, e.terms[White][termHanging])
	// The rook on d1 attacks the queen on d5; the pawn on e6 defends it, so it does not hang.
	e = partsOf(t, "4k3/8/4p3/3q4/8/8/8/3RK3 w - - 0 1")
	assert.Equal(t, 1, e.terms[White][termThreatRook])
	assert.Equal(t, 0, e.terms[White][termHanging])
	assert.Equal(t, 1, partsOf(t, "4k3/8/8/3q4/8/8/8/3RK3 w - - 0 1").terms[White][termHanging])
	// A passed pawn on b5 with b6-b8 empty and unattacked: units 7 (fifth rank); a bishop on a7
	// that watches b6 and b8 takes them away.
	assert.Equal(t, 7, partsOf(t, "4k3/8/8/1P6/8/8/8/4K3 w - - 0 1").terms[White][termPassedFreePath])
	assert.Equal(t, 0, partsOf(t, "4k3/b7/8/1P6/8/8/8/4K3 w - - 0 1").terms[White][termPassedFreePath])
	// A knight on d5 defended by the pawn on e4 with no black pawn on the c or e file ahead is
	// on an outpost; a black pawn on c7 (which can advance to c6) takes that away.
	assert.Equal(t, 1, partsOf(t, "4k3/8/8/3N4/4P3/8/8/4K3 w - - 0 1").terms[White][termOutpost])
	assert.Equal(t, 0, partsOf(t, "4k3/2p5/8/3N4/4P3/8/8/4K3 w - - 0 1").terms[White][termOutpost])
	assert.Equal(t, 1, partsOf(t, "4k3/8/8/8/4p3/3n4/8/4K3 w - - 0 1").terms[Black][termOutpost])
	// The side to move counts the tempo.
	e = partsOf(t, "4k3/8/8/8/8/8/8/4K3 b - - 0 1")
	assert.Equal(t, [2]int{0, 1}, [2]int{e.terms[White][termTempo], e.terms[Black][termTempo]})
	for _, i := range []int{termThreatMinor, termThreatRook, termHanging, termPassedFreePath, termTempo, termOutpost} {
		assert.Positive(t, termMG[i]+termEG[i], termNames[i])
	}
	// Safe checks add to the king danger: the knight on g4 can check the king on g8 from f6
	// and h6, squares no black piece guards, so the attack (knight and queen on the king's
	// zone) weighs more with the safe-check units than without them.
	fen := "6k1/5p1p/6p1/8/6N1/5Q2/5PPP/3R2K1 w - - 0 1"
	with := partsOf(t, fen).mg[White]
	saved := safeCheckUnits
	safeCheckUnits = [7]int{}
	without := partsOf(t, fen).mg[White]
	safeCheckUnits = saved
	assert.Greater(t, with, without, "safe checks")
}

// TestEndgameScale: rook and bishop against rook, rook against bishop, and opposite-coloured
// bishops are scaled towards a draw; rook against nothing is not.
func TestEndgameScale(t *testing.T) {
	rbr := mustFEN(t, "8/8/3k4/8/8/2B1K3/8/r6R w - - 0 1")
	assert.InDelta(t, 0, rbr.Evaluate(), 60, "rook and bishop against rook")
	rb := mustFEN(t, "8/8/3k4/2b5/8/4K3/8/7R w - - 0 1")
	assert.InDelta(t, 0, rb.Evaluate(), 60, "rook against bishop")
	ocb := mustFEN(t, "8/5k2/5p2/3b4/8/2BP1K2/3P4/8 w - - 0 1")
	same := mustFEN(t, "8/5k2/5p2/4b3/8/2BP1K2/3P4/8 w - - 0 1")
	assert.Less(t, ocb.Evaluate(), same.Evaluate(), "opposite-coloured bishops")
	assert.Greater(t, ocb.Evaluate(), 0)
	rook := mustFEN(t, "8/8/3k4/8/8/4K3/8/7R w - - 0 1")
	assert.Greater(t, rook.Evaluate(), 400, "rook against bare king")
	// Late in the fifty-move count the score is damped towards zero.
	late := mustFEN(t, "8/8/3k4/8/8/4K3/8/7R w - - 90 80")
	assert.Less(t, late.Evaluate(), rook.Evaluate()/4)
}

// TestEvalTrace: the trace rebuilds Evaluate within integer rounding on playout positions.
func TestEvalTrace(t *testing.T) {
	w := EvalParams()
	require.Len(t, w, NumEvalParams)
	for seed := uint64(1); seed <= 10; seed++ {
		randomPlayout(Start(), seed, 160, func(p *Position, _ Move) {
			tr := p.EvalTrace()
			white := p.Evaluate()
			if p.SideToMove() == Black {
				white = -white
			}
			if white > -9999 && white < 9999 {
				require.InDelta(t, float64(white), tr.Score(w), 2.5, p.FEN())
			}
		})
	}
}
