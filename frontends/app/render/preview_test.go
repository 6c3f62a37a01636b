package render_test

import (
	"image"
	"os"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/frontends/app/render"
)

// TestPreview writes sample frames to the folder named by RENDER_PREVIEW_DIR (for a person to
// look at); it does nothing when the variable is unset.
func TestPreview(t *testing.T) {
	dir := os.Getenv("RENDER_PREVIEW_DIR")
	if dir == "" {
		t.Skip("set RENDER_PREVIEW_DIR to write preview frames")
	}
	r := render.NewRenderer()
	v := startView(t)
	v.Board[sq("e2")] = v.Board[sq("h2")]
	v.Board[sq("h2")] = render.Piece{}
	v.LastFrom, v.LastTo = sq("h2"), sq("e2")
	v.Selected = sq("h0")
	v.Targets = []int{sq("g2"), sq("i2"), sq("h9")}
	v.Moves = []render.MoveRow{{Num: 1, Red: "C2.5  炮二平五", Black: "H8+7  馬8進7"}, {Num: 2, Red: "H2+3  傌二進三"}}
	for _, sz := range [][2]int{{600, 800}, {800, 600}, {1080, 2340}} {
		img := image.NewRGBA(image.Rect(0, 0, sz[0], sz[1]))
		_, err := r.Draw(img, &v)
		require.NoError(t, err)
		savePNG(t, img, dir+"/frame-"+itoa(sz[0])+"x"+itoa(sz[1])+".png")
	}
	// The Vietnamese style, seen from Black's side.
	v.Vietnamese, v.Flipped = true, true
	img := image.NewRGBA(image.Rect(0, 0, 600, 800))
	_, err := r.Draw(img, &v)
	require.NoError(t, err)
	savePNG(t, img, dir+"/frame-vietnamese-black-600x800.png")
}

func itoa(n int) string {
	s := ""
	for n > 0 {
		s = string(rune('0'+n%10)) + s
		n /= 10
	}
	return s
}
