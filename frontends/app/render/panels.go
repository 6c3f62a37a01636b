package render

import (
	"image"
	"image/color"
	"image/draw"
	"math"
	"strconv"
)

// drawStatus draws the status panel of v (its text and detail lines) into l.Status.
func (r *Renderer) drawStatus(c *canvas, l *Layout, v *View) error {
	u := l.Unit
	px := func(x float64) int { return int(math.Round(x * u)) }
	sf, err := r.face(sansFace, l.StatusPx)
	if err != nil {
		return err
	}
	df, err := r.face(sansFace, l.DetailPx)
	if err != nil {
		return err
	}
	// Side-to-move marker: the mover's general as a small piece, or a disc of its colour.
	mr := float64(px(17))
	mx, my := float64(l.Status.Min.X+px(12))+mr, float64(l.Status.Min.Y+l.Status.Dy()/2)
	if v.ToMove.Label != "" {
		sp, err := r.sprite(v.ToMove, 2*mr/0.9)
		if err != nil {
			return err
		}
		o := image.Pt(int(math.Round(mx))-sp.Rect.Dx()/2, int(math.Round(my))-sp.Rect.Dy()/2)
		draw.Draw(c.dst, sp.Rect.Add(o), sp, image.Point{}, draw.Over)
	} else {
		ink := colBlackInk
		if v.RedToMove {
			ink = colRedInk
		}
		c.disc(mx, my, mr*0.8, uniform(colPieceHi))
		c.disc(mx, my, mr*0.6, uniform(ink))
	}
	col := colText
	switch v.Tone {
	case ToneThinking:
		col = colThinking
	case ToneAlert:
		col = colAlert
	case ToneFinal:
		col = colFinal
	}
	x := int(mx+mr) + px(12)
	clip := l.Status
	if v.Detail == "" {
		return r.drawText(c.dst, clip, sansFace, l.StatusPx, v.Status, x, l.Status.Min.Y+l.Status.Dy()/2+(sf.Metrics().Ascent.Round()-sf.Metrics().Descent.Round())/2, col)
	}
	top := l.Status.Min.Y + (l.Status.Dy()-(l.StatusPx+l.DetailPx+px(6)))/2
	if err := r.drawText(c.dst, clip, sansFace, l.StatusPx, v.Status, x, top+sf.Metrics().Ascent.Round(), col); err != nil {
		return err
	}
	return r.drawText(c.dst, clip, sansFace, l.DetailPx, v.Detail, x, top+l.StatusPx+px(6)+df.Metrics().Ascent.Round(), colTextDim)
}

// drawList draws the move list of v into l.List, scrolled as v asks.
func (r *Renderer) drawList(c *canvas, l *Layout, v *View) error {
	c0 := c
	u := l.Unit
	px := func(x float64) int { return int(math.Round(x * u)) }
	if l.List.Dy() < l.ListRowH {
		return nil
	}
	f, err := r.face(sansFace, l.ListPx)
	if err != nil {
		return err
	}
	clip := l.List.Inset(px(3))
	if len(v.Moves) == 0 {
		return r.drawTextMid(c.dst, clip, sansFace, l.ListPx, "Moves will be listed here", l.List.Min.X+l.List.Dx()/2, l.List.Min.Y+l.List.Dy()/2, colListNum)
	}
	scroll := l.ListScroll
	offset := l.ListMaxScroll - scroll
	asc := f.Metrics().Ascent.Round()
	lastRow := len(v.Moves) - 1
	lastIsBlack := v.Moves[lastRow].Black != ""
	x := l.List.Min.X + px(10)
	line := 0
	var drawErr error
	put := func(num, move, mark, score string, col int, c color.Color, current bool) {
		y := l.List.Min.Y + px(pad/2) + line*l.ListRowH - offset
		if y+l.ListRowH >= l.List.Min.Y && y <= l.List.Max.Y && drawErr == nil {
			base := y + (l.ListRowH-f.Metrics().Height.Round())/2 + asc
			scoreBase := base
			if l.ListScoreBelow {
				lh := f.Metrics().Height.Ceil()
				base = y + (l.ListRowH-2*lh)/2 + asc
				scoreBase = base + lh
			}
			mx := x + l.ListNumW + col*l.ListColW
			if current {
				w := l.ListColW - px(4)
				c0.roundRect(image.Rect(mx-px(5), y, mx+w, y+l.ListRowH).Intersect(clip), 4*u, uniform(colListCurrent))
			}
			if num != "" {
				drawErr = r.drawText(c0.dst, clip, sansFace, l.ListPx, num, x, base, colListNum)
			}
			if drawErr == nil {
				drawErr = r.drawText(c0.dst, clip, sansFace, l.ListPx, move, mx, base, c)
			}
			if drawErr == nil && mark != "" {
				t, err := r.text(sansFace, l.ListPx, move)
				if err != nil {
					drawErr = err
					return
				}
				drawErr = r.drawText(c0.dst, clip, sansFace, l.ListPx, mark, mx+t.adv+px(4), base, markColour(mark))
			}
			if drawErr == nil && score != "" && l.ListScoreW > 0 {
				t, err := r.text(sansFace, l.ListPx, score)
				if err != nil {
					drawErr = err
					return
				}
				drawErr = r.drawText(c0.dst, clip, sansFace, l.ListPx, score, mx+l.ListColW-px(14)-t.adv, scoreBase, colListNum)
			}
		}
	}
	review := false
	for _, row := range v.Moves {
		review = review || row.RedCurrent || row.BlackCurrent
	}
	for i, row := range v.Moves {
		rc, bc := colText, colText
		if i == lastRow && !review {
			if lastIsBlack {
				bc = colListLast
			} else {
				rc = colListLast
			}
		}
		num := strconv.Itoa(row.Num) + "."
		if l.ListOneColumn {
			put(num, row.Red, row.RedMark, row.RedScore, 0, rc, row.RedCurrent)
			line++
			if row.Black != "" {
				put("", row.Black, row.BlackMark, row.BlackScore, 0, bc, row.BlackCurrent)
				line++
			}
			continue
		}
		put(num, row.Red, row.RedMark, row.RedScore, 0, rc, row.RedCurrent)
		put("", row.Black, row.BlackMark, row.BlackScore, 1, bc, row.BlackCurrent)
		line++
	}
	if l.ListMaxScroll > 0 {
		// A thin scroll bar on the right.
		h := l.List.Dy() - px(8)
		bh := max(px(16), h*l.List.Dy()/(l.List.Dy()+l.ListMaxScroll))
		by := l.List.Min.Y + px(4) + (h-bh)*(l.ListMaxScroll-scroll)/l.ListMaxScroll
		c.roundRect(image.Rect(l.List.Max.X-px(7), by, l.List.Max.X-px(3), by+bh), 2*u, uniform(colListNum))
	}
	return drawErr
}

// drawBar draws the button bar of v into l.Bar.
func (r *Renderer) drawBar(c *canvas, l *Layout, v *View) error {
	bpx := l.ButtonPx
	for i, b := range v.Bar {
		rect := l.Buttons[i]
		bg, fg := colButton, colText
		if b.Disabled {
			bg, fg = colButtonOff, colTextDim
		}
		c.roundRect(rect, 8*l.Unit, uniform(bg))
		if err := r.drawLabel(c.dst, rect, bpx, b.Label, fg); err != nil {
			return err
		}
	}
	return nil
}

// drawDialog draws dialog d (title, text, buttons) over the frame.
func (r *Renderer) drawDialog(c *canvas, l *Layout, d *Dialog) error {
	u := l.Unit
	px := func(x float64) int { return int(math.Round(x * u)) }
	c.fill(c.dst.Rect, uniform(colBackdrop))
	c.roundRect(l.Dialog.Add(image.Pt(px(3), px(5))), 14*u, uniform(color.RGBA{0, 0, 0, 0x80}))
	c.roundRect(l.Dialog, 14*u, uniform(colPanel))
	if d.Title != "" {
		if err := r.drawTextMid(c.dst, l.Dialog, sansFace, l.TitlePx, d.Title, l.Dialog.Min.X+l.Dialog.Dx()/2, l.Dialog.Min.Y+px(pad)+int(math.Round(float64(l.TitlePx)*1.1)), colPanelText); err != nil {
			return err
		}
	}
	tf, err := r.face(sansFace, l.TextPx)
	if err != nil {
		return err
	}
	if !l.DialogText.Empty() {
		scroll := l.ClampDialogScroll(d.Scroll)
		asc := tf.Metrics().Ascent.Round()
		for i, line := range l.DialogLines {
			y := l.DialogText.Min.Y + i*l.DialogLineH - scroll
			if y+l.DialogLineH < l.DialogText.Min.Y || y > l.DialogText.Max.Y {
				continue
			}
			if err := r.drawText(c.dst, l.DialogText, sansFace, l.TextPx, line, l.DialogText.Min.X, y+asc, colPanelText); err != nil {
				return err
			}
		}
		if l.DialogMaxScroll > 0 {
			h := l.DialogText.Dy()
			bh := max(px(16), h*h/(h+l.DialogMaxScroll))
			by := l.DialogText.Min.Y + (h-bh)*scroll/l.DialogMaxScroll
			c.roundRect(image.Rect(l.Dialog.Max.X-px(9), by, l.Dialog.Max.X-px(5), by+bh), 2*u, uniform(colPanelButton))
		}
	}
	for i, b := range d.Buttons {
		rect := l.DialogButtons[i]
		bg, fg := colPanelButton, colText
		if b.Disabled {
			bg, fg = colButtonOff, colTextDim
		}
		c.roundRect(rect, 8*u, uniform(bg))
		if err := r.drawLabel(c.dst, rect, l.DialogButtonPx, b.Label, fg); err != nil {
			return err
		}
	}
	return nil
}

// drawToast draws the toast's panel and its wrapped text (l.Toast, l.ToastLines).
func (r *Renderer) drawToast(c *canvas, l *Layout) error {
	u := l.Unit
	px := func(x float64) int { return int(math.Round(x * u)) }
	c.roundRect(l.Toast.Add(image.Pt(px(2), px(3))), 10*u, uniform(color.RGBA{0, 0, 0, 0x80}))
	c.roundRect(l.Toast, 10*u, uniform(colPanel))
	f, err := r.face(sansFace, l.TextPx)
	if err != nil {
		return err
	}
	m := f.Metrics()
	for i, line := range l.ToastLines {
		y := l.Toast.Min.Y + px(pad) + i*l.DialogLineH + (l.DialogLineH-m.Height.Round())/2 + m.Ascent.Round()
		if err := r.drawText(c.dst, l.Toast, sansFace, l.TextPx, line, l.Toast.Min.X+px(2*pad), y, colPanelText); err != nil {
			return err
		}
	}
	return nil
}
