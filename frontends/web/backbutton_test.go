package web_test

import (
	"strconv"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"

	"github.com/cotuong-ai/cotuong/frontends/app/controller"
	"github.com/cotuong-ai/cotuong/frontends/app/render"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
)

// TestBrowserBackLeavesScreens: the browser's Back button (history.back(), as a phone's Back
// on an installed web app, and the APK's Back script) leaves the position editor and a lesson
// for the game, as the app's own Back does, instead of leaving the page; then, on the game,
// Back is the browser's again.
func TestBrowserBackLeavesScreens(t *testing.T) {
	p, url := startBrowser(t)
	run(p, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(3), chromedp.EmulateTouch, chromedp.EmulatePortrait))
	run(p, chromedp.Navigate(url+"/"))
	p.settled()
	set := controller.DefaultSettings()
	set.Sound = false
	save := string(controller.Encode(xiangqi.NewGame(xiangqi.Start()), set))
	p.loadSave(save)
	shadow := shadowOf(t, save)
	here := eval[string](p, "location.href")

	p.fromMenu(shadow, controller.ActEdit)
	p.waitFor("the editor", "cotuong.editing")
	eval[chromedp.Void](p, "history.back()")
	p.waitFor("the game, after Back in the editor", "window.cotuong && !cotuong.editing && cotuong.layout.dialogButtons.length === 0")
	assert.Equal(t, here, eval[string](p, "location.href"), "Back in the editor stays on the page")
	shadow.Back()

	p.fromMenu(shadow, controller.ActLessons)
	p.waitDialog(shadow, "the chapters")
	p.tapBoth(shadow, buttonTarget(controller.ActChapterPref+render.Action(strconv.Itoa(0))))
	p.waitFor("a lesson", "cotuong.study.kind === 'lesson'")
	eval[chromedp.Void](p, "history.back()")
	p.waitFor("the game, after Back in the lesson", "window.cotuong && cotuong.study.kind === '' && cotuong.layout.dialogButtons.length === 0")
	assert.Equal(t, here, eval[string](p, "location.href"), "Back in the lesson stays on the page")
	shadow.Back()
	p.settled()
	assert.False(t, eval[bool](p, "!!(history.state && history.state.cotuongDialog)"), "on the game no history entry of the app's is left")
}
