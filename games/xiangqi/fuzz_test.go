package xiangqi

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// FuzzParseVietnamese: ParseVietnamese never panics, what it accepts is legal, and the
// Vietnamese and Chinese text of an accepted move read back to the same move.
func FuzzParseVietnamese(f *testing.F) {
	fuzzMoveText(f, []string{"P2-5", "M8.7", "Xt.1", "xs/2", "TG5.1", "B15.1", "S4.5", "T3.5", "h2e2", "", "TG", "P2-", "B05.1"},
		(*Position).ParseVietnamese, []moveText{
			{(*Position).Vietnamese, (*Position).ParseVietnamese},
			{(*Position).Chinese, (*Position).ParseMove},
		})
}

// moveText is one way to write a move and the parser that must read it back.
type moveText struct {
	write func(*Position, Move) string
	read  func(*Position, string) (Move, error)
}

// fuzzMoveText fuzzes parse on a FEN and a text (seeded with each seed in the start position
// and in a position with tandem soldiers): no panic, what parse accepts is legal, and every
// text of the move reads back to it.
func fuzzMoveText(f *testing.F, seeds []string, parse func(*Position, string) (Move, error), texts []moveText) {
	for _, s := range seeds {
		f.Add(StartFEN, s)
		f.Add("5k3/9/3P5/3P1P1P1/5P3/9/9/9/9/4K4 w - - 0 1", s)
	}
	f.Fuzz(func(t *testing.T, fen, s string) {
		p, err := ParseFEN(fen)
		if err != nil {
			return
		}
		m, err := parse(&p, s)
		if err != nil {
			return
		}
		require.True(t, p.IsLegal(m))
		for _, tx := range texts {
			text := tx.write(&p, m)
			back, err := tx.read(&p, text)
			require.NoError(t, err, text)
			require.Equal(t, m, back, text)
		}
	})
}

// FuzzParseGame: ParseGame never panics, and the String of a game it accepts reads back to
// the same game.
func FuzzParseGame(f *testing.F) {
	for _, s := range []string{
		"startpos", "startpos moves h2e2 h9g7", "position startpos moves H2-E2 C8.5",
		"fen 3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1 moves a0a9", "fen 3k5/9/9/9/9/9/9/9/9/R3K4 w",
		"fen moves", "moves h2e2", "", "startpos h2e2",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		g, err := ParseGame(s)
		if err != nil {
			return
		}
		again, err := ParseGame(g.String())
		require.NoError(t, err, g.String())
		require.Equal(t, g.String(), again.String())
		require.Equal(t, g.Moves(), again.Moves())
	})
}
