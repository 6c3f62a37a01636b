package render

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A button label wider than its button is drawn smaller, down to 3/5 of its size ("Play from
// here" was cut at both ends on a phone in portrait); one that fits keeps its size.
func TestFitPx(t *testing.T) {
	r := NewRenderer()
	full, err := r.text(sansFace, 48, "Play from here")
	require.NoError(t, err)
	width := full.adv * 4 / 5
	px, err := r.fitPx(sansFace, 48, "Play from here", width)
	require.NoError(t, err)
	fit, err := r.text(sansFace, px, "Play from here")
	require.NoError(t, err)
	assert.Less(t, px, 48)
	assert.LessOrEqual(t, fit.adv, width)
	bigger, err := r.text(sansFace, px+1, "Play from here")
	require.NoError(t, err)
	assert.Greater(t, bigger.adv, width, "the largest size that fits")

	px, err = r.fitPx(sansFace, 48, "Done", width)
	require.NoError(t, err)
	assert.Equal(t, 48, px)
	px, err = r.fitPx(sansFace, 50, "a label far too long for any button", 10)
	require.NoError(t, err)
	assert.Equal(t, 30, px)
}
