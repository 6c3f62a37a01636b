package controller_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/frontends/app/controller"
	"github.com/cotuong-ai/cotuong/frontends/app/render"
	"github.com/cotuong-ai/cotuong/games/xiangqi/lessons"
)

// TestEveryLessonChapterTappedThrough goes through the whole rules lesson as a player does:
// menu, Rules lesson, each chapter's button, then on every step a tap on each point the rules
// package says the piece reaches (lessons.Step.Answer, itself checked against the shared rule
// cases by the lessons package's tests; none in the stalemate step), Check, Next. Every step must be judged right, shown
// with its rule, and counted; Next after a chapter's last step opens the next chapter; at the
// end the chapter list marks every chapter done and the progress is in the save.
func TestEveryLessonChapterTappedThrough(t *testing.T) {
	dir := t.TempDir()
	q := newQueue()
	c := controller.New(controller.Config{Dir: dir, Post: q.post, Engine: newFake(1, 0, 0).engine()})
	defer c.Close()
	chapters := lessons.Chapters()
	require.Len(t, chapters, 8, "a chapter per piece and one for the whole-board rules")
	var all []string
	for i, ch := range chapters {
		tapAction(c, controller.ActMenu)
		tapAction(c, controller.ActLessons)
		d := c.View().Dialog
		require.NotNil(t, d, "chapter %s: the chapter list", ch.ID)
		require.Greater(t, len(d.Buttons), i)
		assert.NotContains(t, d.Buttons[i].Label, "✓", "chapter %s is not done before its steps", ch.ID)
		tapAction(c, d.Buttons[i].Action)
		for j, st := range ch.Steps {
			require.Equal(t, st.ID, c.LessonStep(), "chapter %s step %d", ch.ID, j+1)
			v := c.View()
			require.NotNil(t, v.Review)
			assert.Contains(t, strings.Join(v.Review.Words, " "), st.Rule)
			answer, err := st.Answer()
			require.NoError(t, err, st.ID)
			if len(answer) == 0 { // the stalemate step (rule case XQ12): the answer is no tap at all
				require.Equal(t, "XQ12", st.Case, "%s: only the stalemate step has no reachable point", st.ID)
			}
			for _, p := range answer {
				point, err := lessons.ParsePoint(p)
				require.NoError(t, err)
				c.Tap(render.Target{Kind: render.TargetSquare, Square: int(point)})
			}
			assert.Len(t, marks(c.View())[render.MarkTapped], len(answer), st.ID)
			tapAction(c, controller.ActCheck)
			v = c.View()
			m := marks(v)
			assert.Empty(t, m[render.MarkMissed], st.ID)
			assert.Empty(t, m[render.MarkWrong], st.ID)
			assert.Len(t, m[render.MarkRight], len(answer), st.ID)
			assert.Equal(t, render.ToneFinal, v.Tone, "%s is judged right", st.ID)
			all = append(all, st.ID)
			assert.ElementsMatch(t, all, c.Settings().Lessons, "after %s", st.ID)
			tapAction(c, controller.ActNextStep)
		}
		next := chapters[(i+1)%len(chapters)].Steps[0].ID
		assert.Equal(t, next, c.LessonStep(), "Next after %s's last step", ch.ID)
		tapAction(c, controller.ActStudyDone)
		require.Equal(t, "", c.Studying())
	}
	tapAction(c, controller.ActMenu)
	tapAction(c, controller.ActLessons)
	d := c.View().Dialog
	require.NotNil(t, d)
	for i := range chapters {
		assert.True(t, strings.HasPrefix(d.Buttons[i].Label, "✓"), "chapter %d done: %q", i, d.Buttons[i].Label)
	}
	require.NoError(t, c.Flush())
	_, set := readSave(t, dir)
	assert.ElementsMatch(t, all, set.Lessons, "the progress is saved")
	assert.Len(t, all, 22)
}
