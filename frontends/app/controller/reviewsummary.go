package controller

import (
	"fmt"
	"strings"

	"github.com/cotuong-ai/cotuong/engine"
	"github.com/cotuong-ai/cotuong/frontends/app/render"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/cotuong-ai/cotuong/review"
)

// The review's game summary and the small text helpers its words use.

// summaryDialog is the game summary: each side's accuracy and mistakes, the hints used and
// the biggest swing, with the handicap the game started with and, in a two-player game, the
// sides named without "you" and "the computer".
func (c *Controller) summaryDialog() *render.Dialog {
	d := c.summaryText()
	if c.set.TwoPlayers {
		for i, s := range d.Text {
			s = strings.Replace(s, " (you): ", ": ", 1)
			d.Text[i] = strings.Replace(s, " (the computer): ", ": ", 1)
		}
	}
	if label := c.HandicapLabel(); label != "" {
		d.Text = append([]string{label + "."}, d.Text...)
	}
	return d
}

// summaryText is the summary as the review judges it.
func (c *Controller) summaryText() *render.Dialog {
	rv := c.Review()
	d := &render.Dialog{Title: "Game summary"}
	if rv == nil {
		d.Text = []string{"The game is not analysed yet."}
		d.Buttons = []render.Button{{Action: ActClose, Label: "Close"}}
		return d
	}
	s := rv.Summary
	for _, side := range []xiangqi.Color{xiangqi.Red, xiangqi.Black} {
		i := engine.Side(side)
		who := "the computer"
		if side == c.set.Human {
			who = "you"
		}
		acc := "no judged moves"
		if s.HasAccuracy[i] {
			acc = fmt.Sprintf("accuracy %.0f\u00a0%%", s.Accuracy[i])
		}
		d.Text = append(d.Text, fmt.Sprintf("%s (%s): %s · %s, %s, %s.", side, who, acc,
			review.Count(s.Counts[i][review.Inaccuracy], "inaccuracy", "inaccuracies"),
			review.Count(s.Counts[i][review.Mistake], "mistake", "mistakes"),
			review.Count(s.Counts[i][review.Blunder], "blunder", "blunders")))
	}
	d.Text = append(d.Text, "Hints used: "+fmt.Sprint(c.teach.hints)+".")
	if s.Swing >= 0 {
		mr := rv.Moves[s.Swing]
		d.Text = append(d.Text, fmt.Sprintf("The biggest swing: %s %s%s (%s's winning chances %.0f\u00a0%% → %.0f\u00a0%%).",
			mr.Label, mr.Text, mr.Mark.Glyph(), xiangqi.Color(mr.Side), 50+50*mr.WinBefore, 50+50*mr.WinAfter))
		d.Buttons = append(d.Buttons, render.Button{Action: ActSwing, Label: "Review it"})
	}
	if len(c.mistakes()) > 0 {
		d.Buttons = append(d.Buttons, render.Button{Action: ActLearn, Label: "Learn"})
	}
	d.Buttons = append(d.Buttons, render.Button{Action: ActClose, Label: "Close"})
	for i, s := range d.Text {
		d.Text[i] = plain(s)
	}
	return d
}

// plain replaces the minus sign (U+2212) of the review's texts with a hyphen-minus, as the
// app's review has always written its scores (the font has both since the glyph test).
func plain(s string) string { return strings.ReplaceAll(s, "\u2212", "-") }

// article puts "a" or "an" before a word.
func article(w string) string {
	if strings.ContainsAny(w[:1], "aeiou") {
		return "an " + w
	}
	return "a " + w
}
