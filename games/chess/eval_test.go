package chess

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestEvaluate(t *testing.T) {
	s := Start()
	// The start position is symmetric: it scores only the side to move's tempo bonus (phase
	// 24, all middlegame).
	assert.Equal(t, termMG[termTempo], s.Evaluate(), "the start position is symmetric")
	// PeSTO: a queen is worth 1025 (middlegame) / 936 (endgame); an extra queen is worth about
	// that much, with the sign of the side to move.
	w := mustFEN(t, "4k3/pppppppp/8/8/8/8/PPPPPPPP/3QK3 w - - 0 1")
	b := mustFEN(t, "4k3/pppppppp/8/8/8/8/PPPPPPPP/3QK3 b - - 0 1")
	assert.Greater(t, w.Evaluate(), 800)
	assert.Less(t, b.Evaluate(), -800)
	// Pawn structure: the same material with doubled, isolated pawns scores lower than healthy
	// pawns.
	healthy := mustFEN(t, "4k3/8/8/8/8/8/1PP5/4K3 w - - 0 1")
	doubled := mustFEN(t, "4k3/8/8/8/8/1P6/1P6/4K3 w - - 0 1")
	assert.Greater(t, healthy.Evaluate(), doubled.Evaluate())
	// A passed pawn earns a bonus that grows as it advances; an enemy pawn on an adjacent file
	// ahead of it takes the bonus away.
	passed6 := mustFEN(t, "4k3/8/1P6/8/8/8/8/4K3 w - - 0 1")
	passed4 := mustFEN(t, "4k3/8/8/8/1P6/8/8/4K3 w - - 0 1")
	stopped := mustFEN(t, "4k3/p7/1P6/8/8/8/8/4K3 w - - 0 1")
	var tr [numTerms]int
	_, eg6 := passed6.pawnStructure(White, &tr)
	_, eg4 := passed4.pawnStructure(White, &tr)
	_, egStopped := stopped.pawnStructure(White, &tr)
	assert.Greater(t, eg6, eg4)
	assert.Greater(t, eg4, egStopped)
	// King safety: a castled king with its pawn shield scores more than with the shield gone.
	shield := mustFEN(t, "r2q1rk1/ppp2ppp/8/8/8/8/PPP2PPP/R2Q1RK1 w - - 0 1")
	bare := mustFEN(t, "r2q1rk1/ppp2ppp/8/8/8/5PPP/PPP5/R2Q1RK1 w - - 0 1")
	assert.Greater(t, shield.Evaluate(), bare.Evaluate())
	// The score stays well inside the mate bound, however lopsided the material (the most a
	// side can have: every pawn promoted to a queen).
	huge := mustFEN(t, "k7/pp6/8/8/8/8/QQQQQQQQ/RNBQKBNR w - - 0 1")
	assert.Less(t, huge.Evaluate(), 10000)
	assert.Greater(t, huge.Evaluate(), 9000)
}

func TestCaptureKey(t *testing.T) {
	p := mustFEN(t, "4k3/8/3q4/2P1p3/8/8/8/Q3K3 w - e6 0 1")
	pxq, n1 := p.CaptureKey(mustMove(t, &p, "c5d6"))
	qxq, n2 := p.CaptureKey(mustMove(t, &p, "a1d4"))
	assert.True(t, n1)
	assert.False(t, n2, "a quiet move is not noisy")
	assert.Zero(t, qxq)
	r := mustFEN(t, "3qk3/8/8/8/8/8/4p3/R2QK3 w - - 0 1")
	kxp, _ := r.CaptureKey(mustMove(t, &r, "e1e2"))
	qxp, _ := r.CaptureKey(mustMove(t, &r, "d1e2"))
	assert.Greater(t, pxq, kxp)
	assert.Greater(t, qxp, kxp, "the least valuable attacker first")
	promo := mustFEN(t, "4k3/P7/8/8/8/8/8/4K3 w - - 0 1")
	kq, noisy := promo.CaptureKey(mustMove(t, &promo, "a7a8q"))
	kn, _ := promo.CaptureKey(mustMove(t, &promo, "a7a8n"))
	assert.True(t, noisy)
	assert.Greater(t, kq, kn)
}
