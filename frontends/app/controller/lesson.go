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
	"github.com/cotuong-ai/cotuong/review"
)

// dialogChapters is the rules lesson's chapter list.
const dialogChapters dialogKind = "chapters"

// lessonScreen is the rules lesson: a step's position with one piece, the points tapped
// and, once checked, the marks.
type lessonScreen struct {
	studyScreen
	ch, st int
	taps   []string      // the tapped points ("e1"), in the order tapped
	mark   *lessons.Mark // the check of taps; nil until Check
	intro  string        // why the step was opened ("Why?": the refusal), "" when from the list
}

// lessonDoor is the menu's way into the lesson: its chapters, and the toast's "Why?".
var lessonDoor = door{
	entry:  func(*Controller) render.Button { return render.Button{Action: ActLessons, Label: "Rules lesson"} },
	action: (*Controller).lessonDoorAction,
	dialog: (*Controller).chaptersDialog,
}

// errNoLesson is the error of the lesson's commands when no lesson step is shown.
var errNoLesson = errors.New("no lesson step is shown")

// lesson returns the lesson when it is shown, else nil.
func (c *Controller) lesson() *lessonScreen {
	l, _ := c.scr.(*lessonScreen)
	return l
}

// LessonStep returns the id of the lesson step shown ("horse-2"), "" when the lesson is not.
func (c *Controller) LessonStep() string {
	l := c.lesson()
	if l == nil {
		return ""
	}
	return l.step(c).ID
}

// step is the step shown.
func (l *lessonScreen) step(c *Controller) lessons.Step {
	return c.study.chapters[l.ch].Steps[l.st]
}

// loadChapters reads the lesson's chapters once.
func (c *Controller) loadChapters() {
	if c.study.chapters == nil {
		c.study.chapters = lessons.Chapters()
	}
}

// OpenLesson shows the rules lesson at the step with the given id (the first step when id is
// ""); it reports false for an unknown id.
func (c *Controller) OpenLesson(id string) bool {
	c.loadChapters()
	ch, st := 0, 0
	if id != "" {
		found := false
		for i, chap := range c.study.chapters {
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
	c.show(&lessonScreen{ch: ch, st: st})
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
	c.lesson().intro = text
}

// square marks or unmarks a point; after a check, the first tap starts the answer again.
func (l *lessonScreen) square(c *Controller, sq xiangqi.Square) bool {
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
	return false
}

// CheckLesson checks the taps of the step shown and marks them; a right answer counts the
// step as done in the settings (saved).
func (c *Controller) CheckLesson() (lessons.Mark, error) {
	l := c.lesson()
	if l == nil {
		return lessons.Mark{}, errNoLesson
	}
	m, err := l.step(c).Check(l.taps)
	if err != nil {
		return m, err
	}
	l.mark = &m
	if m.Correct {
		c.set.Lessons = addAll(c.set.Lessons, l.step(c).ID)
		c.save()
	}
	c.changed()
	return m, nil
}

// NextLessonStep shows the lesson's next step (the next chapter's first after a chapter's
// last, the first after the last).
func (c *Controller) NextLessonStep() {
	l := c.lesson()
	if l == nil {
		return
	}
	l.st++
	if l.st >= len(c.study.chapters[l.ch].Steps) {
		l.ch, l.st = (l.ch+1)%len(c.study.chapters), 0
	}
	l.taps, l.mark, l.intro = nil, nil, ""
	c.changed()
}

// TapLesson marks the given points ("e1") of the step shown, as taps on them would.
func (c *Controller) TapLesson(points ...string) error {
	l := c.lesson()
	if l == nil {
		return errNoLesson
	}
	for _, p := range points {
		sq, err := lessons.ParsePoint(p)
		if err != nil {
			return err
		}
		l.square(c, sq)
	}
	return nil
}

// action performs the lesson's bar: check the taps, again, the next step, done.
func (l *lessonScreen) action(c *Controller, a render.Action) bool {
	switch a {
	case ActCheck:
		c.CheckLesson()
	case ActRetry:
		l.taps, l.mark = nil, nil
	case ActNextStep:
		c.NextLessonStep()
	case ActStudyDone:
		c.LeaveStudy()
	default:
		return false
	}
	c.changed()
	return true
}

// lessonDoorAction performs the actions that open the lesson from anywhere: the chapter
// list, a chapter, and the toast's "Why?".
func (c *Controller) lessonDoorAction(a render.Action) bool {
	switch {
	case a == ActLessons:
		c.loadChapters()
		c.dialog = dialogChapters
	case strings.HasPrefix(string(a), string(ActChapterPref)):
		i, err := strconv.Atoi(strings.TrimPrefix(string(a), string(ActChapterPref)))
		if err != nil || i < 0 || i >= len(c.study.chapters) {
			return true
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
	case a == ActWhy:
		c.OpenWhy()
	default:
		return false
	}
	c.changed()
	return true
}

// chapterName is a chapter's title with the piece's Chinese and Vietnamese names.
func chapterName(ch lessons.Chapter) string {
	if ch.Red == "" {
		return ch.Title
	}
	return fmt.Sprintf("%s %s/%s (%s)", ch.Title, ch.Red, ch.Black, ch.Vietnamese)
}

// chaptersDialog lists the lesson's chapters with the steps done in each (nil when it is not
// open).
func (c *Controller) chaptersDialog() *render.Dialog {
	if c.dialog != dialogChapters {
		return nil
	}
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

// view shows the step: its position, the piece studied selected, the taps or the marks,
// the rule in the panel.
func (l *lessonScreen) view(c *Controller, v *render.View) {
	s := l.step(c)
	ch := c.study.chapters[l.ch]
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
	for _, chap := range c.study.chapters {
		for _, st := range chap.Steps {
			if has(c.set.Lessons, st.ID) {
				done++
			}
		}
	}
	v.Detail = fmt.Sprintf("Step %d of %d · %s done", l.st+1, len(ch.Steps), review.Count(done, "step", "steps"))
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
			for i, p := range l.mark.Wrong {
				if i < len(l.mark.Why) && l.mark.Why[i] != "" {
					words = append(words, p+": "+l.mark.Why[i])
				}
			}
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
