package xiangqi

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestParseLocalVariants: Chinese notation is also read in simplified characters, with digits
// for Red's files and with spaces (the reference rows themselves are in TestNotationReference).
func TestParseLocalVariants(t *testing.T) {
	p := Start()
	for _, s := range []string{"炮二平五", "炮2平5", "炮二平５", "炮 二 平 五"} {
		m, err := p.ParseMove(s)
		require.NoError(t, err, s)
		assert.Equal(t, "h2e2", m.UCI(), s)
	}
	q := p.Play(NewMove(SquareAt(7, 2), SquareAt(4, 2)))
	for _, s := range []string{"馬8進7", "马8进7", "马八进七"} {
		m, err := q.ParseMove(s)
		require.NoError(t, err, s)
		assert.Equal(t, "h9g7", m.UCI(), s)
	}
}

// TestParseLocalRoundTrip: over random playouts, for every legal move m,
// ParseMove(Chinese(m)) == m and ParseVietnamese(Vietnamese(m)) == m.
func TestParseLocalRoundTrip(t *testing.T) {
	n := 0
	for seed := uint64(1); seed <= 12; seed++ {
		for _, p := range playout(newRand(seed), Start(), 150) {
			for _, m := range p.LegalMoves(nil) {
				c, err := p.ParseMove(p.Chinese(m))
				require.NoError(t, err, "%s %s", p.FEN(), p.Chinese(m))
				require.Equal(t, m, c, "%s %s", p.FEN(), p.Chinese(m))
				v, err := p.ParseVietnamese(p.Vietnamese(m))
				require.NoError(t, err, "%s %s", p.FEN(), p.Vietnamese(m))
				require.Equal(t, m, v, "%s %s", p.FEN(), p.Vietnamese(m))
				n++
			}
		}
	}
	t.Logf("%d moves round-tripped", n)
	// Tandem and numbered soldiers, which random games rarely reach.
	for _, fen := range []string{
		"3k5/9/4P4/4P4/4P4/9/9/9/9/4K4 w - - 0 1",   // three soldiers on one file
		"3k5/9/2P1P4/2P1P4/9/9/9/9/9/5K3 w - - 0 1", // soldiers doubled on two files
		"3k5/9/4P4/4P4/4P4/4P4/9/9/9/4K4 w - - 0 1", // four on one file
		"3k5/9/9/9/9/9/4R4/9/4R4/5K3 w - - 0 1",     // tandem chariots
		"3k5/9/9/9/4p4/4p4/4p4/9/9/4K4 b - - 0 1",   // Black's three soldiers
		"3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1",         // generals only
	} {
		p := mustFEN(t, fen)
		for _, m := range p.LegalMoves(nil) {
			c, err := p.ParseMove(p.Chinese(m))
			require.NoError(t, err, "%s %s", fen, p.Chinese(m))
			require.Equal(t, m, c, "%s %s", fen, p.Chinese(m))
			v, err := p.ParseVietnamese(p.Vietnamese(m))
			require.NoError(t, err, "%s %s", fen, p.Vietnamese(m))
			require.Equal(t, m, v, "%s %s", fen, p.Vietnamese(m))
		}
	}
}

// TestMoveErrorWording: one package prefix, the text as typed, the coordinate move it was
// read as, and the rule that forbids it.
func TestMoveErrorWording(t *testing.T) {
	p := Start()
	// A horse's leg blocked:
	// H2+4 is h0 -> f1? No: WXF H2+4 from file 2 (h) to file 4 (f) is two files, one rank:
	// h0 -> f1, whose leg g0 holds the red elephant.
	_, err := p.ParseMove("H2+4")
	require.Error(t, err)
	assert.Equal(t, "xiangqi: move H2+4 (h0f1): a red horse cannot move from h0 to f1: the horse's leg g0 is blocked", err.Error())
	var me *MoveError
	require.True(t, errors.As(err, &me))
	assert.Equal(t, MoveError{Move: "H2+4", UCI: "h0f1", Reason: "a red horse cannot move from h0 to f1: the horse's leg g0 is blocked"}, *me)
	assert.Equal(t, "H2+4 (h0f1): a red horse cannot move from h0 to f1: the horse's leg g0 is blocked", me.Describe())

	_, err = p.ParseMove("zz99")
	assert.Equal(t, "xiangqi: move zz99: neither a coordinate move (UCI h2e2 or ICCS H2-E2: files a-i, ranks 0-9) nor WXF notation (C2.5, H8+7, +R.3)", err.Error())

	_, err = p.ParseMove("b0d1")
	assert.Equal(t, "xiangqi: move b0d1: a red horse cannot move from b0 to d1: the horse's leg c0 is blocked", err.Error())

	// Chinese: the same blocked horse, and text that is not Chinese notation.
	_, err = p.ParseMove("傌二進四")
	assert.Equal(t, "xiangqi: move 傌二進四 (h0f1): a red horse cannot move from h0 to f1: the horse's leg g0 is blocked", err.Error())
	_, err = p.ParseMove("炮二平")
	assert.Contains(t, err.Error(), "not Chinese notation")
	// Soldiers named by order alone: WXF/AXF name them so only when one file holds two or
	// more; with none doubled, or doubled on two files (e and c here), the file is needed.
	_, err = p.ParseMove("前兵進一")
	assert.Equal(t, "xiangqi: move 前兵進一: "+noDoubledSoldiers, err.Error())
	two, err := ParseFEN("3k5/9/9/2P1P4/2P1P4/4P4/9/9/9/4K4 w - - 0 1")
	require.NoError(t, err)
	for _, in := range []string{"前兵平四", "中兵平四", "後兵進一"} {
		_, err = two.ParseMove(in)
		assert.Equal(t, "xiangqi: move "+in+": "+soldiersOnTwoFiles, err.Error())
	}
	front, err := two.ParseMove("前五平四")
	require.NoError(t, err)
	assert.Equal(t, "e6f6", front.UCI(), "file 4 counted from Red's right")

	// Vietnamese through ParseVietnamese only: P2-5 is the cannon there, a backward soldier
	// move in WXF.
	m, err := p.ParseVietnamese("P2-5")
	require.NoError(t, err)
	assert.Equal(t, "h2e2", m.UCI())
	_, err = p.ParseMove("P2-5")
	assert.Error(t, err, "WXF P2-5 is a soldier moving backwards")
	_, err = p.ParseVietnamese("M2.4")
	assert.Equal(t, "xiangqi: move M2.4 (h0f1): a red horse cannot move from h0 to f1: the horse's leg g0 is blocked", err.Error())
	_, err = p.ParseVietnamese("Q2.4")
	assert.Contains(t, err.Error(), "not Vietnamese notation")

	// ParseGame names the move once.
	_, err = ParseGame("startpos moves h0f1")
	assert.Equal(t, "xiangqi: game: move 1 (h0f1): a red horse cannot move from h0 to f1: the horse's leg g0 is blocked", err.Error())
	require.True(t, errors.As(err, &me))
}
