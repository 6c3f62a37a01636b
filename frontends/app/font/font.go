package font

import (
	_ "embed"
	"fmt"
	"sync"

	xfont "golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/font/sfnt"
)

//go:embed ukai-subset.ttf
var ukaiTTF []byte

//go:embed wqy-subset.ttf
var wqyTTF []byte

// Family names one of the embedded typefaces.
type Family uint8

const (
	// Kai is AR PL UKai TW, a brush (kaishu) style used for the piece labels and the river.
	Kai Family = iota
	// Sans is WenQuanYi Micro Hei, a sans-serif used for every other text.
	Sans
)

// String returns the typeface's name.
func (f Family) String() string {
	switch f {
	case Kai:
		return "AR PL UKai TW"
	case Sans:
		return "WenQuanYi Micro Hei"
	}
	return fmt.Sprintf("Family(%d)", uint8(f))
}

var (
	parseOnce sync.Once
	parsed    [2]*opentype.Font
	parseErr  error
)

func parse() {
	parseOnce.Do(func() {
		for i, data := range [][]byte{ukaiTTF, wqyTTF} {
			f, err := opentype.Parse(data)
			if err != nil {
				parseErr = fmt.Errorf("font: parsing embedded %v: %w", Family(i), err)
				return
			}
			parsed[i] = f
		}
	})
}

// Font returns the parsed embedded typeface f. The error is non-nil only if the embedded data
// is damaged (a build problem, never a run-time condition) or f is unknown.
func Font(f Family) (*opentype.Font, error) {
	parse()
	if parseErr != nil {
		return nil, parseErr
	}
	if int(f) >= len(parsed) {
		return nil, fmt.Errorf("font: unknown family %d", uint8(f))
	}
	return parsed[f], nil
}

// NewFace returns a new face of family f whose em size is px pixels (at 72 DPI one point is
// one pixel), anti-aliased and unhinted. A face keeps scratch buffers (the mask Glyph returns
// is reused by the next call), so it is not safe for concurrent use: give each renderer its own.
func NewFace(f Family, px int) (xfont.Face, error) {
	if px < 1 {
		return nil, fmt.Errorf("font: size %d px is not positive", px)
	}
	otf, err := Font(f)
	if err != nil {
		return nil, err
	}
	face, err := opentype.NewFace(otf, &opentype.FaceOptions{Size: float64(px), DPI: 72, Hinting: xfont.HintingNone})
	if err != nil {
		return nil, fmt.Errorf("font: %v at %d px: %w", f, px, err)
	}
	return face, nil
}

// Missing returns the runes of s that family f has no glyph for (in order, without
// repeats); nil means f can draw all of s.
func Missing(f Family, s string) ([]rune, error) {
	otf, err := Font(f)
	if err != nil {
		return nil, err
	}
	var buf sfnt.Buffer
	var missing []rune
	seen := map[rune]bool{}
	for _, r := range s {
		if seen[r] || r == '\n' || r == '\t' {
			continue
		}
		seen[r] = true
		idx, err := otf.GlyphIndex(&buf, r)
		if err != nil {
			return nil, fmt.Errorf("font: looking up %q in %v: %w", r, f, err)
		}
		if idx == 0 {
			missing = append(missing, r)
		}
	}
	return missing, nil
}
