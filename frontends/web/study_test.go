package web_test

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/engine"
	"github.com/cotuong-ai/cotuong/frontends/app/controller"
	"github.com/cotuong-ai/cotuong/frontends/app/render"
	"github.com/cotuong-ai/cotuong/frontends/web/webstore"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/cotuong-ai/cotuong/games/xiangqi/lessons"
	"github.com/cotuong-ai/cotuong/levels"
	"github.com/cotuong-ai/cotuong/puzzles"
)

// quietClipboard is a shadow's Clipboard (with PGN) that hands nothing anywhere: the shadow's
// Records dialog then has the page's buttons.
type quietClipboard struct{}

func (quietClipboard) Copy(string)    {}
func (quietClipboard) Paste()         {}
func (quietClipboard) CopyPGN(string) {}
func (quietClipboard) PastePGN()      {}

// quietSharer is a quietClipboard that can share (controller.Sharer): the shadow's Records
// dialog then has the Share buttons a page with the Web Share API shows.
type quietSharer struct{ quietClipboard }

func (quietSharer) CanShare() bool { return true }
func (quietSharer) Share(string)   {}

// shadowWithClipboard is shadowOf with a quietClipboard.
func shadowWithClipboard(t *testing.T, save string) *controller.Controller {
	return shadowWith(t, save, quietClipboard{})
}

// shadowWith is shadowOf with the given clipboard.
func shadowWith(t *testing.T, save string, clip controller.Clipboard) *controller.Controller {
	t.Helper()
	kv := &webstore.Memory{}
	require.NoError(t, kv.SetItem(webstore.SaveKey, save))
	c := controller.New(controller.Config{Storage: webstore.Storage{KV: kv}, Clipboard: clip,
		Engine: func(ctx context.Context, _ *xiangqi.Game, _ levels.Level) (xiangqi.Move, bool) {
			<-ctx.Done()
			return xiangqi.NoMove, false
		}})
	t.Cleanup(c.Close)
	return c
}

// fromMenu taps Menu on the page and the shadow, waits for the menu, and taps its item a.
func (p *page) fromMenu(c *controller.Controller, a render.Action) {
	p.t.Helper()
	p.tapBoth(c, buttonTarget(controller.ActMenu))
	p.waitFor("the menu", "cotuong.layout.dialogButtons.length === "+menuRows)
	p.tapBoth(c, buttonTarget(a))
}

// waitDialog waits until the page shows a dialog with as many buttons as the shadow's.
func (p *page) waitDialog(c *controller.Controller, what string) {
	p.t.Helper()
	v := c.View()
	require.NotNil(p.t, v.Dialog, "the shadow shows %s", what)
	p.waitFor(what, "cotuong.layout.dialogButtons.length === "+strconv.Itoa(len(v.Dialog.Buttons)))
}

// reachable returns the points the piece on point can reach in the position fen, by the
// rules package's legal moves (not the lesson's own answer), sorted.
func reachable(t *testing.T, fen, point string) []string {
	t.Helper()
	pos, err := xiangqi.ParseFEN(fen)
	require.NoError(t, err)
	from := xiangqi.SquareAt(int(point[0]-'a'), int(point[1]-'0'))
	var out []string
	for _, m := range pos.LegalMoves(nil) {
		if m.From() == from {
			out = append(out, m.To().String())
		}
	}
	slices.Sort(out)
	return out
}

// TestBrowserStudyAndPGN plays, on a phone (390×844 CSS px at a device pixel ratio of 3), with
// no Clipboard API and no Web Share API: (a) a rules-lesson step — Menu → Rules lesson → the
// horse's chapter, every point the horse can reach (from the rules' legal moves) tapped, Check:
// the step is done (cotuong.study and the save's lessons line); (b) a puzzle — Menu → Puzzles →
// Next puzzle, the solution's moves from the puzzles package tapped: solved, the streak 1, in
// the save; (c) a two-player game of two moves exported (Records → Export PGN downloads
// game.pgn, read back through cotuong.download and read by the rules package), a new game,
// then Records → Import PGN through the text field ("Paste a FEN or a PGN here"): the two
// moves are back. Each ends with the screenshot compared with the native frame. Then, with a
// Clipboard API that keeps the text, Export and Import PGN go through it; and with a Web Share
// API that keeps what it is given, Records offers Share FEN and Share PGN, and Share PGN hands
// the browser's share sheet the game's PGN.
func TestBrowserStudyAndPGN(t *testing.T) {
	p, url := startBrowser(t)
	run(p, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(3), chromedp.EmulateTouch, chromedp.EmulatePortrait))
	run(p, chromedp.Navigate(url+"/"))
	p.settled()
	set := controller.DefaultSettings()
	set.TwoPlayers, set.Sound = true, false
	save := string(controller.Encode(xiangqi.NewGame(xiangqi.Start()), set))
	p.loadSave(save)
	// Neither the Clipboard API nor the Web Share API: the PGN is downloaded, pasted by hand.
	eval[chromedp.Void](p, `Object.defineProperty(Navigator.prototype, "clipboard", {get: () => undefined, configurable: true});
		Object.defineProperty(Navigator.prototype, "share", {get: () => undefined, configurable: true}); undefined`)
	require.True(t, eval[bool](p, "navigator.clipboard === undefined && navigator.share === undefined"))
	shadow := shadowWithClipboard(t, save)

	t.Run("lesson", func(t *testing.T) {
		p := &page{t: t, ctx: p.ctx}
		chapters := lessons.Chapters()
		ch := slices.IndexFunc(chapters, func(c lessons.Chapter) bool { return c.ID == "horse" })
		require.GreaterOrEqual(t, ch, 0)
		step := chapters[ch].Steps[0]
		points := reachable(t, step.FEN, step.Point)
		require.NotEmpty(t, points)
		p.fromMenu(shadow, controller.ActLessons)
		p.waitDialog(shadow, "the chapters")
		p.tapBoth(shadow, buttonTarget(controller.ActChapterPref+render.Action(strconv.Itoa(ch))))
		p.waitFor("the horse's first step", fmt.Sprintf("cotuong.study.kind === 'lesson' && cotuong.study.step === %q", step.ID))
		for _, pt := range points {
			p.tapBoth(shadow, sqTarget(pt))
		}
		p.tapBoth(shadow, buttonTarget(controller.ActCheck))
		p.waitFor("the step done", fmt.Sprintf("cotuong.study.done.includes(%q)", step.ID))
		p.waitFor("the step in the save", fmt.Sprintf("(localStorage.getItem(%q) || '').includes(%q)", webstore.SaveKey, "\nlessons "+step.ID+"\n"))
		require.Equal(t, []string{step.ID}, shadow.Settings().Lessons, "the shadow agrees")
		p.settled()
		_, want, _ := p.shadowFrame(shadow)
		p.compareTo("study-lesson", want)
		p.tapBoth(shadow, buttonTarget(controller.ActStudyDone))
		p.waitFor("the game again", "cotuong.study.kind === ''")
	})

	t.Run("puzzle", func(t *testing.T) {
		p := &page{t: t, ctx: p.ctx}
		set, err := puzzles.Load(engine.Xiangqi)
		require.NoError(t, err)
		p.fromMenu(shadow, controller.ActPuzzles)
		p.waitDialog(shadow, "the puzzles' dialog")
		p.tapBoth(shadow, buttonTarget(controller.ActNextPuzzle))
		p.waitFor("a puzzle", "cotuong.study.kind === 'puzzle' && cotuong.study.puzzle !== ''")
		seed := eval[string](p, "cotuong.study.puzzle")
		i := slices.IndexFunc(set, func(z puzzles.Puzzle) bool { return z.Seed == seed })
		require.GreaterOrEqual(t, i, 0, "puzzle %q is in the shipped set", seed)
		shown, ok := shadow.Puzzle()
		require.True(t, ok)
		require.Equal(t, seed, shown.Seed, "the shadow shows the same puzzle")
		sol := set[i].Solution
		require.Equal(t, 1, len(sol)%2, "the solution ends with the solver's move")
		for k := 0; k < len(sol); k += 2 {
			require.False(t, eval[bool](p, "cotuong.study.solved"), "not solved before move %d", k+1)
			p.tapBoth(shadow, sqTarget(sol[k][:2]))
			p.tapBoth(shadow, sqTarget(sol[k][2:4]))
		}
		p.waitFor("the puzzle solved", "cotuong.study.solved && cotuong.study.streak === 1 && cotuong.study.best === 1")
		assert.Equal(t, []any{seed}, eval[[]any](p, "cotuong.study.puzzles"))
		p.waitFor("the streak in the save", fmt.Sprintf("(localStorage.getItem(%q) || '').includes(%q)", webstore.SaveKey, "\nstreak 1 1\n"))
		assert.Contains(t, p.save(), "\npuzzles "+seed+"\n")
		require.True(t, shadow.PuzzleSolved())
		p.settled()
		_, want, _ := p.shadowFrame(shadow)
		p.compareTo("study-puzzle", want)
		// The next puzzle: a wrong move is not played and its refutation is drawn; the hint
		// shows the piece (then, asked again, the move).
		p.tapBoth(shadow, buttonTarget(controller.ActNextPuzzle))
		next, ok := shadow.Puzzle()
		require.True(t, ok)
		p.waitFor("the next puzzle", fmt.Sprintf("cotuong.study.puzzle === %q", next.Seed))
		bad := firstWrongMove(t, next)
		p.tapBoth(shadow, sqTarget(bad[:2]))
		p.tapBoth(shadow, sqTarget(bad[2:4]))
		p.settled()
		_, want, _ = p.shadowFrame(shadow)
		p.compareTo("study-puzzle-wrong", want)
		p.tapBoth(shadow, buttonTarget(controller.ActPuzzleHint))
		p.settled()
		_, want, _ = p.shadowFrame(shadow)
		p.compareTo("study-puzzle-hint", want)
		p.tapBoth(shadow, buttonTarget(controller.ActStudyDone))
		p.waitFor("the game again", "cotuong.study.kind === ''")
	})

	t.Run("pgn", func(t *testing.T) {
		p := &page{t: t, ctx: p.ctx}
		for _, sq := range []string{"h2", "e2", "h9", "g7"} {
			p.tapBoth(shadow, sqTarget(sq))
		}
		const game = "startpos moves h2e2 h9g7"
		p.waitFor("two moves", fmt.Sprintf("cotuong.game === %q", game))
		require.Equal(t, game, shadow.GameString())
		p.fromMenu(shadow, controller.ActRecords)
		p.waitDialog(shadow, "the records")
		p.tapBoth(shadow, buttonTarget(controller.ActExportPGN))
		p.waitFor("the download of game.pgn", "cotuong.download && cotuong.download.name === 'game.pgn'")
		p.waitFor("the toast", "cotuong.toast.includes('game.pgn')")
		pgn := eval[string](p, "cotuong.download.text")
		assert.Contains(t, pgn, `[White "Red player"]`)
		g, err := xiangqi.ImportRecord(pgn)
		require.NoError(t, err, "%s", pgn)
		require.Equal(t, game, g.String(), "the PGN holds the game")

		p.fromMenu(shadow, controller.ActNew)
		p.tapBoth(shadow, buttonTarget(controller.ActYesNew))
		p.waitFor("a new game", "cotuong.game === 'startpos'")
		require.Equal(t, "startpos", shadow.GameString())

		p.fromMenu(shadow, controller.ActRecords)
		p.waitDialog(shadow, "the records")
		p.tapBoth(shadow, buttonTarget(controller.ActImportPGN))
		p.waitFor("the text field", `document.getElementById("fenbox") && document.getElementById("fenbox").style.display === "flex"`)
		assert.Equal(t, "Paste a FEN or a PGN here", eval[string](p, `document.getElementById("fentext").placeholder`))
		assert.Equal(t, "Play", eval[string](p, `document.getElementById("fenok").textContent`))
		eval[chromedp.Void](p, fmt.Sprintf(`document.getElementById("fentext").value = %q; document.getElementById("fenok").click()`, pgn))
		p.waitFor("the game imported", fmt.Sprintf("cotuong.game === %q", game))
		require.NoError(t, shadow.ImportPGN(pgn))
		p.waitFor("the game in the save", fmt.Sprintf("(localStorage.getItem(%q) || '').includes(%q)", webstore.SaveKey, "game "+game+"\n"))
		assert.Equal(t, "Imported a game of 1 move.", eval[string](p, "cotuong.toast"), "full moves: a move and its reply count once")
		assert.Equal(t, "none", eval[string](p, `document.getElementById("fenbox").style.display`))
		p.settled()
		_, want, _ := p.shadowFrame(shadow)
		p.compareTo("pgn-imported", want)
	})

	// With the Clipboard API (a stand-in that keeps the text), Export and Import PGN use it.
	t.Run("pgn clipboard", func(t *testing.T) {
		p := &page{t: t, ctx: p.ctx}
		eval[chromedp.Void](p, `window.clip = {text: "", writeText: t => { clip.text = t; return Promise.resolve() }, readText: () => Promise.resolve(clip.text)};
			Object.defineProperty(Navigator.prototype, "clipboard", {get: () => window.clip, configurable: true}); undefined`)
		const game = "startpos moves h2e2 h9g7"
		p.fromMenu(shadow, controller.ActRecords)
		p.waitDialog(shadow, "the records")
		p.tapBoth(shadow, buttonTarget(controller.ActExportPGN))
		p.waitFor("the PGN on the clipboard", "window.clip.text !== ''")
		p.waitFor("the toast", "cotuong.toast === 'The PGN was copied to the clipboard.'")
		g, err := xiangqi.ImportRecord(eval[string](p, "window.clip.text"))
		require.NoError(t, err)
		require.Equal(t, game, g.String())
		p.fromMenu(shadow, controller.ActNew)
		p.tapBoth(shadow, buttonTarget(controller.ActYesNew))
		p.waitFor("a new game", "cotuong.game === 'startpos'")
		p.fromMenu(shadow, controller.ActRecords)
		p.waitDialog(shadow, "the records")
		p.tapBoth(shadow, buttonTarget(controller.ActImportPGN))
		p.waitFor("the game imported from the clipboard", fmt.Sprintf("cotuong.game === %q", game))
		assert.Equal(t, "none", eval[string](p, `document.getElementById("fenbox").style.display`), "no text field")
	})

	// With the Web Share API (a stand-in that keeps what it is given), Share PGN uses it.
	t.Run("pgn share", func(t *testing.T) {
		p := &page{t: t, ctx: p.ctx}
		eval[chromedp.Void](p, `window.shared = null;
			Object.defineProperty(Navigator.prototype, "share", {get: () => (d => { window.shared = d; return Promise.resolve() }), configurable: true}); undefined`)
		const game = "startpos moves h2e2 h9g7"
		g, err := xiangqi.ImportRecord(game)
		require.NoError(t, err)
		sharing := shadowWith(t, string(controller.Encode(g, set)), quietSharer{})
		require.Equal(t, game, sharing.GameString())
		p.fromMenu(sharing, controller.ActRecords)
		p.waitDialog(sharing, "the records with Share FEN and Share PGN")
		p.tapBoth(sharing, buttonTarget(controller.ActSharePGN))
		p.waitFor("the share sheet given the PGN", "window.shared !== null && typeof window.shared.text === 'string'")
		got, err := xiangqi.ImportRecord(eval[string](p, "window.shared.text"))
		require.NoError(t, err)
		assert.Equal(t, game, got.String(), "the shared PGN holds the game")
		p.waitFor("the toast", "cotuong.toast === 'The PGN was copied to the share sheet.'")
	})
}

// firstWrongMove returns the first legal move of p's position, in UCI, that the puzzle calls
// wrong (puzzles.Attempt.Play).
func firstWrongMove(t *testing.T, p puzzles.Puzzle) string {
	t.Helper()
	g, err := engine.GameFromFEN(p.Variant, p.FEN)
	require.NoError(t, err)
	for _, m := range g.Legal() {
		a, err := p.Start()
		require.NoError(t, err)
		if v, err := a.Play(g.UCI(m)); err == nil && !v.Correct {
			return g.UCI(m)
		}
	}
	t.Fatal("no wrong move")
	return ""
}
