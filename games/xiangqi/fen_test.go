package xiangqi

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/internal/testkit/reference"
)

// TestFENRoundTrip: FEN -> position -> FEN is stable over random playouts, and the parsed
// position equals the played one (board, side, clock, ply, keys, scores) but for the checks
// since the last capture, which the FEN does not hold: they start at 0.
func TestFENRoundTrip(t *testing.T) {
	rng := newRand(9)
	for game := 0; game < 20; game++ {
		for _, p := range playout(rng, Start(), 200) {
			f := p.FEN()
			q := mustFEN(t, f)
			require.Equal(t, f, q.FEN())
			require.Equal(t, [2]uint16{}, q.checks, f)
			p.checks = [2]uint16{}
			require.Equal(t, p, q, f)
		}
	}
}

// FuzzParseFEN: ParseFEN never panics; what it accepts prints to a FEN that parses to the same
// position and prints the same again; the position's legal moves can all be played.
func FuzzParseFEN(f *testing.F) {
	f.Add(StartFEN)
	rows, err := reference.Perft("xiangqi", 0)
	require.NoError(f, err)
	for _, r := range rows {
		f.Add(r.FEN)
	}
	cases, err := reference.RuleCases("xiangqi")
	require.NoError(f, err)
	for _, c := range cases {
		for _, fen := range c.FENs {
			f.Add(fen)
		}
	}
	f.Add("rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r")
	f.Add("4k4/9/9/9/9/9/9/9/9/3K5 w - - 65535 1073741824")
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseFEN(s)
		if err != nil {
			require.Contains(t, err.Error(), "xiangqi: FEN: ")
			return
		}
		out := p.FEN()
		q, err := ParseFEN(out)
		require.NoError(t, err, "%q -> %q", s, out)
		require.Equal(t, out, q.FEN())
		require.Equal(t, p, q)
		var c Position
		for _, m := range p.LegalMoves(nil) {
			p.After(m, &c)
			require.False(t, attacked(&c.board, c.gen[p.side], c.side), "%s leaves the general attacked in %s", m, out)
		}
	})
}

// TestSetupFEN: the board of the start position, Red to move, is the start FEN of
// shared/DESIGN.md (clock 0, move 1); an emptied board with Black to move writes nine empty
// ranks' digits and "b".
func TestSetupFEN(t *testing.T) {
	start := Start()
	var b [NumSquares]Piece
	for sq := range b {
		b[sq] = start.PieceAt(Square(sq))
	}
	assert.Equal(t, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", SetupFEN(&b, Red))
	var empty [NumSquares]Piece // NoPiece is the zero Piece
	assert.Equal(t, "9/9/9/9/9/9/9/9/9/9 b - - 0 1", SetupFEN(&empty, Black))
}
