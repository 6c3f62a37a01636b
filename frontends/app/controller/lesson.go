package controller

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/cotuong-ai/cotuong/frontends/app/render"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/cotuong-ai/cotuong/games/xiangqi/lessons"
)

// lesson is the rules lesson's state: the step shown, the points tapped and, once checked,
// the marks.
type lesson struct {
	chapters []lessons.Chapter
	ch, st   int
	taps     []string      // the tapped points ("e1"), in the order tapped
	mark     *lessons.Mark // the check of taps; nil until Check
	intro    string        // why the step was opened ("Why?": the refusal), "" when from the list
}

// LessonStep returns the id of the lesson step shown ("horse-2"), "" when the lesson is not.
func (c *Controller) LessonStep() string {
	if c.study.kind != studyLesson {
		return ""
	}
	return c.step().ID
}

// step is the step shown.
func (c *Controller) step() lessons.Step {
	l := &c.study.lesson
	return l.chapters[l.ch].Steps[l.st]
}

// OpenLesson shows the rules lesson at the step with the given id (the first step when id is
// ""); it reports false for an unknown id.
func (c *Controller) OpenLesson(id string) bool {
	l := &c.study.lesson
	if l.chapters == nil {
		l.chapters = lessons.Chapters()
	}
	ch, st := 0, 0
	if id != "" {
		found := false
		for i, chap := range l.chapters {
			for j, s := range chap.Steps {
				if s.ID == id {
					ch, st, found = i, j, true
				}
			}
		}
		if !found {
			return false
		}
	}
	c.enterStudy(studyLesson)
	l.ch, l.st, l.taps, l.mark, l.intro = ch, st, nil, nil, ""
	c.dialog = dialogNone
	return true
}

// refuseMove shows in the toast why m cannot be played in pos, with a "Why?" button when the
// rules lesson has a step that explains it.
func (c *Controller) refuseMove(pos xiangqi.Position, m xiangqi.Move) {
	c.showToast(whyNot(pos, m))
	_, err := pos.ParseMove(m.UCI())
	if _, s, ok := lessons.Explain(err); ok {
		c.study.why = s.ID
		var me *xiangqi.MoveError
		if errors.As(err, &me) {
			c.study.whyText = capitalize(me.Reason) + "."
		}
	}
}

// WhyStep returns the id of the lesson step the toast's "Why?" opens ("" when it has none).
func (c *Controller) WhyStep() string {
	if c.toast == "" {
		return ""
	}
	return c.study.why
}

// OpenWhy opens the lesson step that explains the last refused move (the toast's "Why?").
func (c *Controller) OpenWhy() {
	id, text := c.study.why, c.study.whyText
	if id == "" || !c.OpenLesson(id) {
		return
	}
	c.study.intro = text
}

// lessonTap marks or unmarks a point; after a check, the first tap starts the answer again.
func (c *Controller) lessonTap(sq xiangqi.Square) {
	l := &c.study.lesson
	if l.mark != nil {
		l.taps, l.mark = nil, nil
	}
	p := sq.String()
	if i := slices.Index(l.taps, p); i >= 0 {
		l.taps = slices.Delete(l.taps, i, i+1)
	} else {
		l.taps = append(l.taps, p)
	}
	c.changed()
}

// CheckLesson checks the taps of the step shown and marks them; a right answer counts the
// step as done in the settings (saved).
func (c *Controller) CheckLesson() (lessons.Mark, error) {
	l := &c.study.lesson
	m, err := c.step().Check(l.taps)
	if err != nil {
		return m, err
	}
	l.mark = &m
	if m.Correct {
		c.set.Lessons = addAll(c.set.Lessons, c.step().ID)
		c.save()
	}
	c.changed()
	return m, nil
}

// NextLessonStep shows the lesson's next step (the next chapter's first after a chapter's
// last, the first after the last).
func (c *Controller) NextLessonStep() {
	l := &c.study.lesson
	l.st++
	if l.st >= len(l.chapters[l.ch].Steps) {
		l.ch, l.st = (l.ch+1)%len(l.chapters), 0
	}
	l.taps, l.mark, l.intro = nil, nil, ""
	c.changed()
}

// TapLesson marks the given points ("e1") of the step shown, as taps on them would.
func (c *Controller) TapLesson(points ...string) error {
	for _, p := range points {
		sq, err := lessons.ParsePoint(p)
		if err != nil {
			return err
		}
		c.lessonTap(sq)
	}
	return nil
}

// lessonAction performs the lesson's actions.
func (c *Controller) lessonAction(a render.Action) {
	switch {
	case a == ActLessons:
		if c.study.chapters == nil {
			c.study.chapters = lessons.Chapters()
		}
		c.dialog = dialogChapters
	case strings.HasPrefix(string(a), string(ActChapterPref)):
		i, err := strconv.Atoi(strings.TrimPrefix(string(a), string(ActChapterPref)))
		if err != nil || i < 0 || i >= len(c.study.chapters) {
			return
		}
		chap := c.study.chapters[i]
		id := chap.Steps[0].ID
		for _, s := range chap.Steps { // the first step not done yet
			if !has(c.set.Lessons, s.ID) {
				id = s.ID
				break
			}
		}
		c.OpenLesson(id)
	case a == ActCheck:
		c.CheckLesson()
	case a == ActRetry:
		c.study.taps, c.study.mark = nil, nil
	case a == ActNextStep:
		c.NextLessonStep()
	}
}

// chapterName is a chapter's title with the piece's Chinese and Vietnamese names.
func chapterName(ch lessons.Chapter) string {
	if ch.Red == "" {
		return ch.Title
	}
	return fmt.Sprintf("%s %s/%s (%s)", ch.Title, ch.Red, ch.Black, ch.Vietnamese)
}

// chaptersDialog lists the lesson's chapters with the steps done in each.
func (c *Controller) chaptersDialog() *render.Dialog {
	d := &render.Dialog{Title: "Rules lesson", Vertical: true,
		Text: []string{"Each step shows a piece: tap every point it can reach, then Check."}}
	for i, ch := range c.study.chapters {
		done := 0
		for _, s := range ch.Steps {
			if has(c.set.Lessons, s.ID) {
				done++
			}
		}
		label := fmt.Sprintf("%s · %d/%d", chapterName(ch), done, len(ch.Steps))
		if done == len(ch.Steps) {
			label = "✓ " + label
		}
		d.Buttons = append(d.Buttons, render.Button{Action: ActChapterPref + render.Action(strconv.Itoa(i)), Label: label})
	}
	d.Buttons = append(d.Buttons, render.Button{Action: ActClose, Label: "Close"})
	return d
}

// lessonView shows the step: its position, the piece studied selected, the taps or the
// marks, the rule in the panel.
func (c *Controller) lessonView(v *render.View) {
	l := &c.study.lesson
	s := c.step()
	ch := l.chapters[l.ch]
	pos, err := xiangqi.ParseFEN(s.FEN)
	if err != nil {
		v.Status = "This step cannot be shown: " + err.Error()
		return
	}
	c.showBoard(v, pos)
	v.Flipped = false
	if sq, err := lessons.ParsePoint(s.Point); err == nil {
		v.Selected = int(sq)
	}
	v.Status = "Lesson: " + chapterName(ch)
	done := 0
	for _, chap := range l.chapters {
		for _, st := range chap.Steps {
			if has(c.set.Lessons, st.ID) {
				done++
			}
		}
	}
	v.Detail = fmt.Sprintf("Step %d of %d · %d steps done", l.st+1, len(ch.Steps), done)
	words := []string{}
	if l.intro != "" {
		words = append(words, "Why not: "+l.intro)
	}
	words = append(words, s.Rule, "Tap every point this piece can reach, then Check.")
	mark := func(p string, k render.MarkKind) {
		if sq, err := lessons.ParsePoint(p); err == nil {
			v.Marks = append(v.Marks, render.BoardMark{Square: int(sq), Kind: k})
		}
	}
	if l.mark == nil {
		for _, p := range l.taps {
			mark(p, render.MarkTapped)
		}
	} else {
		for _, p := range l.taps {
			if !slices.Contains(l.mark.Wrong, p) {
				mark(p, render.MarkRight)
			}
		}
		for _, p := range l.mark.Missed {
			mark(p, render.MarkMissed)
		}
		for _, p := range l.mark.Wrong {
			mark(p, render.MarkWrong)
		}
		if l.mark.Correct {
			v.Tone = render.ToneFinal
			words = append(words, "Right! Every point, and no other.")
		} else {
			v.Tone = render.ToneAlert
			words = append(words, fmt.Sprintf("Not quite: %d missed (broken green rings), %d wrong (red crosses).", len(l.mark.Missed), len(l.mark.Wrong)))
		}
		if verdict, err := s.Verdict(); err == nil && verdict != "" {
			words = append(words, verdict)
		}
	}
	v.Review = &render.ReviewPanel{Words: words}
	check := render.Button{Action: ActCheck, Label: "Check"}
	if l.mark != nil {
		check = render.Button{Action: ActRetry, Label: "Again"}
	}
	v.Bar = []render.Button{check, {Action: ActNextStep, Label: "Next"}, {Action: ActLessons, Label: "Chapters"}, {Action: ActStudyDone, Label: "Done"}}
}
