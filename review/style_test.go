package review

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/engine"
)

// The names read back to the styles, case-insensitive; anything else is an error naming
// what was given and the choices.
func TestParseStyle(t *testing.T) {
	for name, want := range map[string]Style{"": Standard, "WXF": Standard, "san": Standard, "standard": Standard,
		"Chinese": Chinese, "vietnamese": Vietnamese} {
		got, err := ParseStyle(name)
		require.NoError(t, err, name)
		assert.Equal(t, want, got, name)
	}
	for _, s := range []Style{Standard, Chinese, Vietnamese} {
		got, err := ParseStyle(s.String())
		require.NoError(t, err)
		assert.Equal(t, s, got)
	}
	_, err := ParseStyle("iccs")
	assert.EqualError(t, err, `review: notation style "iccs": want standard (wxf, san), chinese or vietnamese`)
	assert.Equal(t, "Style(9)", Style(9).String())
}

// The chariot's sideways move a5b5 from file 9 to file 8 (Red counts files from its right) is
// R9.8 in WXF, 俥九平八 in Chinese notation (Red's files in Chinese numerals, 平 sideways) and
// X9-8 in Vietnamese (X, xe, the chariot; - sideways). A value that is none of the styles is
// an error, and neither a hint nor a threat is searched with it.
func TestStyleTexts(t *testing.T) {
	g, err := engine.ParseGame(engine.Xiangqi, "fen 3aka3/9/2n6/9/R3p4/9/4P4/9/9/3AKA3 w - - 0 1 moves a5b5")
	require.NoError(t, err)
	a, err := Analyze(context.Background(), g, Options{Nodes: 2000})
	require.NoError(t, err)
	for s, want := range map[Style]string{Standard: "R9.8", Chinese: "俥九平八", Vietnamese: "X9-8"} {
		r, err := Judge(g, a, s)
		require.NoError(t, err)
		assert.Equal(t, want, r.Moves[0].Text, s.String())
		assert.Equal(t, s, r.Style)
	}
	_, err = Judge(g, a, Style(3))
	assert.EqualError(t, err, "review: notation style 3: want Standard, Chinese or Vietnamese")
	_, ok := Hint(context.Background(), nil, g, Budget{Nodes: 1000}, Style(3))
	assert.False(t, ok)
	tr := Threats(context.Background(), nil, g, Budget{Nodes: 1000}, Style(3))
	assert.False(t, tr.Available)
	assert.Contains(t, tr.Why, "notation style 3")
}
