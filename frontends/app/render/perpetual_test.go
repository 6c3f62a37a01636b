package render_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestPerpetualIsMarked: the squares of a perpetual check or chase ruling get an orange ring
// (red high, green middling, blue low), and no other square does.
func TestPerpetualIsMarked(t *testing.T) {
	orange := func(r, g, b uint8) bool { return r > 200 && g > 100 && g < 180 && b < 60 }
	v := startView(t)
	v.Perpetual = []int{sq("b2"), sq("b7")}
	img, l := draw(t, &v, 600, 800)
	for _, s := range []string{"b2", "b7", "h2"} {
		x, y := l.Board.Center(int(s[0]-'a'), int(s[1]-'0'))
		c := at(img, x+0.5*l.Board.Cell, y)
		assert.Equal(t, s != "h2", orange(c.R, c.G, c.B), "%s: %v", s, c)
	}
}
