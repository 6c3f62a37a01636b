package controller_test

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/frontends/app/controller"
	"github.com/cotuong-ai/cotuong/frontends/app/font"
	"github.com/cotuong-ai/cotuong/frontends/app/render"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
)

// viewText collects every string a view shows.
func viewText(v render.View) string {
	var b strings.Builder
	b.WriteString(v.Status + v.Detail)
	for _, p := range v.Board {
		b.WriteString(p.Label)
	}
	for _, r := range v.Moves {
		b.WriteString(r.Red + r.Black)
	}
	for _, bt := range v.Bar {
		b.WriteString(bt.Label)
	}
	if rp := v.Review; rp != nil {
		b.WriteString(strings.Join(rp.Words, "") + strings.Join(rp.Marks, ""))
		for _, bt := range rp.Buttons {
			b.WriteString(bt.Label)
		}
	}
	for _, r := range v.Moves {
		b.WriteString(r.RedMark + r.BlackMark)
	}
	if d := v.Dialog; d != nil {
		b.WriteString(d.Title + strings.Join(d.Text, ""))
		for _, bt := range d.Buttons {
			b.WriteString(bt.Label)
		}
	}
	return b.String()
}

// TestEveryShownCharacterIsInTheFont opens every screen in both label styles, plays a game
// with both notations and checks that the embedded font has a glyph for every character shown.
func TestEveryShownCharacterIsInTheFont(t *testing.T) {
	q := newQueue()
	c := controller.New(controller.Config{Dir: t.TempDir(), Post: q.post, Engine: newFake(31, 0, 0).engine()})
	defer c.Close()
	u := &ui{t: t, c: c, r: render.NewRenderer(), w: 600, h: 800}
	var all strings.Builder
	collect := func() { all.WriteString(viewText(c.View())) }
	for _, labels := range []controller.Labels{controller.ChineseLabels, controller.VietnameseLabels, controller.LetterLabels} {
		c.SetLabels(labels)
		// A random game of 40 plies gives every kind of move notation (forward, backward,
		// sideways, tandem pieces when they occur).
		for i := 0; i < 20 && c.Result().Status == xiangqi.Ongoing; i++ {
			pos := c.Position()
			moves := pos.LegalMoves(nil)
			m := moves[(i*7)%len(moves)]
			c.SelectSquare(m.From())
			c.SelectSquare(m.To())
			pumpUntil(t, c, q, 5*time.Second, func() bool { return !c.Thinking() })
			collect()
		}
		for _, screen := range [][]string{{"Menu"}, {"Menu", "Help"}, {"Menu", "Level: " + c.Settings().Level.Name}, {"New game"}} {
			for _, b := range screen {
				u.tapButton(b)
			}
			collect()
			c.Tap(render.Target{Kind: render.TargetBackdrop})
		}
		c.NewGame()
	}
	c.SetHuman(xiangqi.Black)
	collect()
	text := all.String()
	require.NotEmpty(t, text)
	missing, err := font.Missing(font.Sans, text)
	require.NoError(t, err)
	assert.Empty(t, string(missing), "characters shown but missing from the embedded font")
}
