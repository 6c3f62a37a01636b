package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// FuzzParseSave: no save-file text makes the reader panic; what it accepts writes back to a
// file it reads as the same game.
func FuzzParseSave(f *testing.F) {
	for _, s := range []string{
		"cotuong-game 1\nvariant xiangqi\nstartpos moves h2e2 h9g7\n",
		"cotuong-game 1\nvariant chess\nfen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 moves e2e4\n",
		"cotuong-game 1\r\nvariant chess\r\nstartpos moves e2e4 e7e5 e1e2\r\n",
		"cotuong-game 1\nvariant xiangqi\nfen 4k4/9/9/9/9/9/9/9/4Ar3/2r1K4 w - - 0 7\n",
		"cotuong-game 2\n", "", "cotuong-game 1\nvariant\n\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		g, err := parseSave(text)
		if err != nil {
			require.NotEmpty(t, err.Error())
			return
		}
		again, err := parseSave("cotuong-game 1\nvariant " + string(g.Variant()) + "\n" + g.String() + "\n")
		require.NoError(t, err, "re-reading %q", g.String())
		require.Equal(t, g.FEN(), again.FEN())
		require.Equal(t, strings.Join(g.Moves(), " "), strings.Join(again.Moves(), " "))
	})
}
