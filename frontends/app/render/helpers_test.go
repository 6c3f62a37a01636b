package render_test

import (
	"image"
	"image/png"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/frontends/app/render"
)

// startView returns the view of the xiangqi start position, built here from the FEN piece
// placement (rank 9 first), independently of the game package.
func startView(t testing.TB) render.View {
	v := render.EmptyView()
	placeFEN(t, &v, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR")
	v.RedToMove = true
	v.Status = "Your move"
	v.Detail = "You play Red · Medium"
	v.Bar = []render.Button{{Action: "new", Label: "New"}, {Action: "undo", Label: "Undo"}, {Action: "level", Label: "Medium"}, {Action: "menu", Label: "Menu"}}
	return v
}

var chinese = map[byte]string{
	'K': "帥", 'A': "仕", 'B': "相", 'N': "傌", 'R': "俥", 'C': "炮", 'P': "兵",
	'k': "將", 'a': "士", 'b': "象", 'n': "馬", 'r': "車", 'c': "砲", 'p': "卒",
}

func placeFEN(t testing.TB, v *render.View, placement string) {
	ranks := strings.Split(placement, "/")
	require.Len(t, ranks, 10)
	for i, row := range ranks {
		rank := 9 - i
		file := 0
		for j := 0; j < len(row); j++ {
			ch := row[j]
			if ch >= '1' && ch <= '9' {
				file += int(ch - '0')
				continue
			}
			v.Board[file+9*rank] = render.Piece{Label: chinese[ch], Red: ch >= 'A' && ch <= 'Z'}
			file++
		}
		require.Equal(t, 9, file, "rank %d", rank)
	}
}

func sq(name string) int { return int(name[0]-'a') + 9*int(name[1]-'0') }

func savePNG(t testing.TB, img image.Image, path string) {
	f, err := os.Create(path)
	require.NoError(t, err)
	defer f.Close()
	require.NoError(t, png.Encode(f, img))
}
