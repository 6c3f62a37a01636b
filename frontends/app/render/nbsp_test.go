package render_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/frontends/app/render"
)

// TestWrapKeepsNoBreakSpace: the dialog's text wrapper never breaks a line at a no-break space
// (U+00A0): "3 s" stays on one line wherever it falls in the line, while with an ordinary
// space the same text breaks between "3" and "s" for some of those places (so the places
// tried do reach the break).
func TestWrapKeepsNoBreakSpace(t *testing.T) {
	r := render.NewRenderer()
	const base = "Master thinks about 3%ss a move; the lower levels answer sooner and sooner still."
	brokeWithSpace := false
	for k := 0; k < 80; k++ {
		// The text scales with the frame, so the place of "3 s" in its line moves with a
		// prefix of k one-letter words rather than with the width.
		w := 390
		text := strings.Repeat("i ", k) + base
		for _, sep := range []string{"\u00a0", " "} {
			v := startView(t)
			v.Dialog = &render.Dialog{Title: "Level", Text: []string{strings.Replace(text, "%s", sep, 1)}}
			l, err := r.NewLayout(w, 1000, &v)
			require.NoError(t, err)
			together := false
			for _, line := range l.DialogLines {
				together = together || strings.Contains(line, "3"+sep+"s")
			}
			if sep == " " {
				brokeWithSpace = brokeWithSpace || !together
				continue
			}
			assert.True(t, together, "prefix %d: %q", k, l.DialogLines)
		}
	}
	assert.True(t, brokeWithSpace, "with an ordinary space some width breaks between 3 and s")
}
