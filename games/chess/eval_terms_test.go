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
	better("pawn threat", "4k3/8/8/3n4/4P3/8/8/4K3 b - - 0 1", "4k3/8/8/1n6/4P3/8/8/4K3 b - - 0 1")
	// A passed pawn the enemy king is far from beats one the enemy king blocks.
	better("passed pawn, king distance", "k7/8/8/4P3/8/8/8/4K3 w - - 0 1", "8/8/4k3/4P3/8/8/8/4K3 w - - 0 1")
	// Heavy pieces aimed at the enemy king.
	better("king attack", "6k1/5ppp/8/6Q1/8/8/5PPP/5RK1 w - - 0 1", "6k1/5ppp/8/8/8/Q7/5PPP/5RK1 w - - 0 1")
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
