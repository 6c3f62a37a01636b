package font_test

import (
	"image"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	xfont "golang.org/x/image/font"
	"golang.org/x/image/math/fixed"

	"github.com/cotuong-ai/cotuong/frontends/app/font"
)

// The characters the app draws, written out here independently of chars.txt.
const (
	pieces     = "帥仕相傌俥炮兵將士象馬車砲卒"
	river      = "楚河漢界"
	numerals   = "一二三四五六七八九進退平前後"
	vietnamese = "Tướng Sĩ Tượng Mã Xe Pháo Binh TG S T M X P B Đi quân ở ngoài cung Hòa"
)

func TestCoverage(t *testing.T) {
	for _, fam := range []font.Family{font.Kai, font.Sans} {
		for _, s := range []string{pieces, river, numerals, vietnamese, "Red to move · Check! 0123456789 +-.=/"} {
			missing, err := font.Missing(fam, s)
			require.NoError(t, err)
			assert.Empty(t, string(missing), "%v lacks glyphs in %q", fam, s)
		}
	}
	// A rune that is certainly not in the subset is reported.
	missing, err := font.Missing(font.Sans, "好")
	require.NoError(t, err)
	assert.Equal(t, []rune{'好'}, missing)
}

// TestDrawsCJK draws 帥 at a large size and checks that ink lands inside the advance box:
// the subset's glyphs parse and rasterise with x/image's sfnt (TrueType outlines).
func TestDrawsCJK(t *testing.T) {
	for _, fam := range []font.Family{font.Kai, font.Sans} {
		face, err := font.NewFace(fam, 64)
		require.NoError(t, err)
		dst := image.NewGray(image.Rect(0, 0, 100, 100))
		d := xfont.Drawer{Dst: dst, Src: image.White, Face: face, Dot: fixed.P(10, 80)}
		d.DrawString("帥")
		ink := 0
		for _, v := range dst.Pix {
			if v > 128 {
				ink++
			}
		}
		// A CJK glyph of 64 px covers a few hundred to a couple of thousand pixels.
		assert.Greater(t, ink, 300, "%v: too little ink", fam)
		assert.Less(t, ink, 4000, "%v: too much ink", fam)
		adv := xfont.MeasureString(face, "帥")
		assert.InDelta(t, 64, adv.Round(), 4, "%v: CJK glyphs are one em wide", fam)
	}
}

func TestNewFaceErrors(t *testing.T) {
	_, err := font.NewFace(font.Sans, 0)
	assert.ErrorContains(t, err, "size 0")
	_, err = font.NewFace(font.Family(9), 12)
	assert.ErrorContains(t, err, "unknown family")
}

// TestSubsetsAreSmall keeps the embedded data far below the 1 MB budget.
func TestSubsetsAreSmall(t *testing.T) {
	for _, name := range []string{"ukai-subset.ttf", "wqy-subset.ttf"} {
		fi, err := os.Stat(name)
		require.NoError(t, err)
		assert.Less(t, fi.Size(), int64(512<<10), name)
	}
}
