package chess

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// SAN disambiguation (FIDE Laws, Appendix C.10-C.12): file first, then rank, then both; pinned
// pieces do not count.
func TestSANDisambiguation(t *testing.T) {
	for _, c := range []struct{ fen, uci, san string }{
		{"4k3/8/8/8/8/8/4K3/R6R w - - 0 1", "a1d1", "Rad1"},
		{"4k3/8/8/8/8/8/4K3/R6R w - - 0 1", "h1d1", "Rhd1"},
		{"4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a1a3", "R1a3"},
		{"4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a5a3", "R5a3"},
		{"8/8/k7/8/4Q2Q/8/8/3K3Q w - - 0 1", "h4e1", "Qh4e1"},
		{"8/8/k7/8/4Q2Q/8/8/3K3Q w - - 0 1", "e4e1", "Qee1"},
		{"8/8/k7/8/4Q2Q/8/8/3K3Q w - - 0 1", "h1e1", "Q1e1"},
		{"4k3/8/8/8/1b6/8/3N4/4K1N1 w - - 0 1", "g1f3", "Nf3"}, // Nd2 is pinned
		{"4k3/8/8/8/8/8/3N4/4K1N1 w - - 0 1", "g1f3", "Ngf3"},
		{"4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5", "exd5"},
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", "exd6"},
		{"r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7a8q", "bxa8=Q+"},
		{"7k/8/5KQ1/8/8/8/8/8 w - - 0 1", "g6g7", "Qg7#"},
		{"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8c8", "O-O-O"},
	} {
		p := mustFEN(t, c.fen)
		m := mustMove(t, &p, c.uci)
		assert.Equal(t, c.san, p.SAN(m), "%s in %s", c.uci, c.fen)
		back, err := p.ParseMove(c.san)
		require.NoError(t, err)
		assert.Equal(t, m, back)
	}
}

// ParseMove says why a move is refused.
func TestParseMoveReasons(t *testing.T) {
	start := Start()
	pin := mustFEN(t, "4k3/8/8/8/1b6/8/3N4/4K1N1 w - - 0 1")
	twoKnights := mustFEN(t, "4k3/8/8/8/8/8/3N4/4K1N1 w - - 0 1")
	check := mustFEN(t, "4k3/8/8/8/8/8/4r3/R3K3 w Q - 0 1")
	for _, c := range []struct {
		p      Position
		move   string
		reason string
	}{
		{start, "e3e4", "no piece on e3"},
		{start, "e7e5", "the piece on e7 is Black's and White is to move"},
		{start, "e2e5", "a pawn on e2 cannot move to e5"},
		{start, "g1g3", "a knight on g1 cannot move to g3"},
		{start, "d1d3", "a queen on d1 cannot move to d3"},
		{start, "Nf4", "no white knight can move to f4"},
		{start, "e1g1", "the squares between king and rook are not empty"},
		{start, "Qe2", "e2 holds a white piece"},
		{start, "e2e4q", "only a pawn reaching the last rank promotes"},
		{start, "hello", "neither a coordinate move"},
		{start, "", "empty"},
		{start, "0000", "null move"},
		{pin, "d2f3", "pinned"},
		{pin, "Nb3", "pinned"},
		{twoKnights, "Nf3", "ambiguous: could be "},
		{twoKnights, "Nf3", "Ndf3"},
		{twoKnights, "Nf3", "Ngf3"},
		{check, "a1a2", "does not get the white king out of check"},
		{check, "O-O-O", "out of check"},
		{check, "e1f2", "the king would be in check on f2"},
	} {
		_, err := c.p.ParseMove(c.move)
		require.Error(t, err, c.move)
		var me *MoveError
		require.ErrorAs(t, err, &me)
		assert.Contains(t, err.Error(), c.reason, c.move)
	}
	// Game.Push gives the same reasons.
	g := NewGame(start)
	err := g.Push(NewMove(SquareAt(4, 1), SquareAt(4, 4)))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "cannot move to e5")
}

func TestSquaresAndMoves(t *testing.T) {
	assert.Equal(t, Square(0), SquareAt(0, 0))
	assert.Equal(t, Square(63), SquareAt(7, 7))
	assert.Equal(t, NoSquare, SquareAt(8, 0))
	assert.Equal(t, "e4", SquareAt(4, 3).String())
	sq, ok := ParseSquare("h8")
	assert.True(t, ok)
	assert.Equal(t, Square(63), sq)
	assert.Equal(t, "0000", NoMove.UCI())
	m := newPromotion(SquareAt(4, 6), SquareAt(4, 7), Queen)
	assert.Equal(t, "e7e8q", m.UCI())
	assert.Equal(t, Queen, m.Promotion())
	assert.Equal(t, byte('n'), MakePiece(Black, Knight).Letter())
	assert.Equal(t, Black, MakePiece(Black, Knight).Color())
	assert.Equal(t, "White", Black.Other().String())
}
