package controller_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/frontends/app/controller"
)

// FuzzDecode: Decode never panics on any file content, and a save it accepts, written again
// by Encode, decodes to the same game and settings.
func FuzzDecode(f *testing.F) {
	good := "cotuong-xiangqi-save 1\ngame startpos moves h2e2 h9g7\nlevel Medium\nhuman red\nlabels chinese\nsound on\nend\n"
	for _, s := range []string{
		good,
		"cotuong-xiangqi-save 1\ngame fen 3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1 moves a0a9\nlevel Easy\nhuman black\nlabels vietnamese\nsound off\nend\n",
		"cotuong-xiangqi-save 1\ngame startpos moves h2e2 h0h9\nlevel Medium\nend",
		good[:40], "", "end\n", "cotuong-xiangqi-save 1\r\nend\r\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		g, set, err := controller.Decode(data)
		if err != nil {
			return
		}
		g2, set2, err := controller.Decode(controller.Encode(g, set))
		require.NoError(t, err)
		require.Equal(t, g.String(), g2.String())
		require.Equal(t, set, set2)
	})
}
