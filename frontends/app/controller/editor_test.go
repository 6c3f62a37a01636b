package controller_test

import (
	"context"
	"errors"
	"image"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/frontends/app/controller"
	"github.com/cotuong-ai/cotuong/frontends/app/render"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/cotuong-ai/cotuong/levels"
)

// paletteIndex returns the palette entry of pc.
func paletteIndex(t *testing.T, pc xiangqi.Piece) int {
	t.Helper()
	for i, p := range controller.Palette {
		if p == pc {
			return i
		}
	}
	t.Fatalf("%v is not in the palette", pc)
	return -1
}

// place chooses pc on the palette by a tap and taps sq.
func place(t *testing.T, c *controller.Controller, pc xiangqi.Piece, square string) {
	t.Helper()
	c.Tap(render.Target{Kind: render.TargetPalette, Index: paletteIndex(t, pc), Square: render.NoSquare})
	c.Tap(render.Target{Kind: render.TargetSquare, Square: int(sq(square))})
}

var (
	redGeneral   = xiangqi.MakePiece(xiangqi.Red, xiangqi.General)
	blackGeneral = xiangqi.MakePiece(xiangqi.Black, xiangqi.General)
	redChariot   = xiangqi.MakePiece(xiangqi.Red, xiangqi.Chariot)
)

// words returns the editor panel's words.
func words(c *controller.Controller) string {
	v := c.View()
	if v.Palette == nil {
		return ""
	}
	return strings.Join(v.Palette.Words, " ")
}

// TestEditor builds a position with taps on the palette and the board: placing, replacing and
// removing pieces; an impossible position is refused with the FEN validator's reason (two red
// generals, a general outside its palace, generals facing, the side not to move in check),
// shown in the panel and, when Play is tapped, as a toast, and nothing crashes; a legal one is
// played from, against the computer after the question that guards a game in progress.
func TestEditor(t *testing.T) {
	fake := newFake(9, 0, 0)
	q := newQueue()
	c := controller.New(controller.Config{Post: q.post, Engine: fake.engine()})
	defer c.Close()
	play(t, c, "h2", "e2")
	pumpUntil(t, c, q, 10*time.Second, func() bool { return c.Moves() != nil && len(c.Moves()) == 2 })
	before := c.GameString()

	tapAction(c, controller.ActMenu)
	tapAction(c, controller.ActEdit)
	require.True(t, c.Editing())
	v := c.View()
	require.NotNil(t, v.Palette)
	assert.Len(t, v.Palette.Pieces, 15)
	assert.Equal(t, "炮", v.Board[sq("e2")].Label, "the editor starts from the position shown")
	tapAction(c, controller.ActEditClear)
	assert.Contains(t, words(c), "Not a legal position: No red general.")

	place(t, c, redGeneral, "e0")
	place(t, c, blackGeneral, "e9")
	assert.Contains(t, words(c), "The generals face each other on the open e-file (e0 and e9)")
	place(t, c, redGeneral, "d0")
	assert.Contains(t, words(c), "Red has 2 generals (d0, e0), want 1")
	// The eraser, then the same piece tapped again, remove.
	c.Tap(render.Target{Kind: render.TargetPalette, Index: paletteIndex(t, xiangqi.NoPiece)})
	c.Tap(render.Target{Kind: render.TargetSquare, Square: int(sq("e0"))})
	place(t, c, redGeneral, "d0") // the same piece again: removed
	assert.Contains(t, words(c), "No red general")
	place(t, c, redGeneral, "a0")
	assert.Contains(t, words(c), "Red general on a0 is outside its palace")
	tapAction(c, controller.ActEditPlay)
	assert.Equal(t, "Not a legal position: Red general on a0 is outside its palace.", c.Toast())
	assert.True(t, c.Editing(), "refused: the editor stays")
	assert.Nil(t, c.View().Dialog)
	_, err := c.EditorPosition()
	assert.ErrorContains(t, err, "outside its palace")
	place(t, c, redGeneral, "a0")
	place(t, c, redGeneral, "d0")
	place(t, c, redChariot, "e5")
	// Black's general on e9 is attacked by the chariot with Red to move.
	assert.Contains(t, words(c), "Black general on e9 is in check but it is red to move")
	tapAction(c, controller.ActEditSide)
	const fen = "4k4/9/9/9/4R4/9/9/9/9/3K5 b - - 0 1"
	assert.Equal(t, fen, strings.TrimPrefix(words(c), "A legal position: "))

	// Play as Red against the computer: a game is in progress, so it asks first.
	tapAction(c, controller.ActEditPlay)
	require.NotNil(t, c.View().Dialog)
	tapAction(c, controller.ActPlayRed)
	if d := c.View().Dialog; assert.NotNil(t, d) {
		assert.Equal(t, []string{"The game in progress will be abandoned."}, d.Text)
	}
	tapAction(c, controller.ActClose)
	assert.Equal(t, before, c.GameString(), "cancelled: the game is untouched")
	assert.True(t, c.Editing())
	tapAction(c, controller.ActEditPlay)
	tapAction(c, controller.ActPlayRed)
	tapAction(c, controller.ActYesPlay)
	assert.False(t, c.Editing())
	assert.Equal(t, "fen "+fen, c.GameString())
	assert.Equal(t, xiangqi.Red, c.Settings().Human)
	pumpUntil(t, c, q, 10*time.Second, func() bool { return len(c.Moves()) == 1 })
	assert.Equal(t, "Your move", c.View().Status, "the computer, Black, moved first")

	// Cancel (and Back) leave the editor with the game untouched.
	c.OpenEditor()
	tapAction(c, controller.ActEditStart)
	require.True(t, c.Back())
	assert.False(t, c.Editing())
	assert.Len(t, c.Moves(), 1)
}

// TestEditorTwoPlayersAndAnalyse: "play from here" as two players, and "analyse", which opens
// the review on the single position set up with its analysis.
func TestEditorTwoPlayersAndAnalyse(t *testing.T) {
	q := newQueue()
	c := controller.New(controller.Config{Post: q.post, Engine: newFake(2, 0, 0).engine(), AnalysisNodes: 2000})
	defer c.Close()
	c.OpenEditor()
	c.EditorClear()
	c.EditorPut(sq("e0"), redGeneral)
	c.EditorPut(sq("d9"), blackGeneral)
	c.EditorPut(sq("a3"), redChariot)
	c.EditorSide(xiangqi.Black)
	require.NoError(t, c.EditorPlay(true, xiangqi.Red))
	assert.True(t, c.Settings().TwoPlayers)
	assert.True(t, c.View().Flipped, "Black to move: the board turns")
	play(t, c, "d9", "d8")
	assert.Equal(t, "Red to move", c.View().Status)

	c.OpenEditor()
	tapAction(c, controller.ActEditAnalyse)
	if d := c.View().Dialog; assert.NotNil(t, d, "a game in progress: asks first") {
		tapAction(c, controller.ActYesPlay)
	}
	ply, on := c.Reviewing()
	require.True(t, on, "the review is open")
	assert.Zero(t, ply)
	pumpUntil(t, c, q, 60*time.Second, func() bool { return c.AnalysisComplete() })
	a, _, _, _ := c.Analysis()
	require.Len(t, a.Evals, 1, "the one position set up is analysed")
	tapAction(c, controller.ActDone)
	assert.True(t, c.View().Bar[2].Action == controller.ActHint && !c.View().Bar[2].Disabled, "Hint helps from there")
}

// fakeClipboard keeps the copied text and answers Paste with its text, through post.
type fakeClipboard struct {
	post  func(any)
	text  string
	fail  error
	share bool
}

func (f *fakeClipboard) Copy(text string) {
	if f.fail != nil {
		f.post(controller.Copied{Err: f.fail})
		return
	}
	f.text = text
	f.post(controller.Copied{Where: "the clipboard"})
}

func (f *fakeClipboard) Paste() { f.post(controller.Pasted{Text: f.text, Err: f.fail}) }

func (f *fakeClipboard) CanShare() bool { return f.share }

func (f *fakeClipboard) Share(text string) { f.Copy(text) }

// drain hands every queued event to c.
func drain(c *controller.Controller, q *queue) {
	for _, ev := range q.take() {
		c.Handle(ev)
	}
}

// TestFENRoundTrip: Records → Copy FEN hands the shown position's FEN to the clipboard; Paste
// FEN takes it back in (asking first, as a game is in progress) and the game starts from it; a
// bad FEN is refused with the validator's reason and the game is untouched; without a
// clipboard the FEN is shown to be copied by hand, and a failed copy shows it too.
func TestFENRoundTrip(t *testing.T) {
	q := newQueue()
	cb := &fakeClipboard{post: q.post, share: true}
	c := controller.New(controller.Config{Post: q.post, Engine: newFake(4, 0, 0).engine(), Clipboard: cb})
	defer c.Close()
	c.NewGameWith(true, controller.NoHandicap)
	play(t, c, "h2", "e2")
	play(t, c, "h9", "g7")
	want := "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2"
	require.Equal(t, want, c.FEN())

	tapAction(c, controller.ActMenu)
	tapAction(c, controller.ActRecords)
	d := c.View().Dialog
	require.NotNil(t, d)
	var labels []string
	for _, b := range d.Buttons {
		labels = append(labels, b.Label)
	}
	assert.Equal(t, []string{"Copy FEN", "Share FEN", "Paste FEN and play", "Export PGN", "Share PGN", "Import PGN", "Close"}, labels)
	tapAction(c, controller.ActCopyFEN)
	drain(c, q)
	assert.Equal(t, want, cb.text)
	assert.Equal(t, "The FEN was copied to the clipboard.", c.Toast())

	play(t, c, "e2", "e6")
	tapAction(c, controller.ActMenu)
	tapAction(c, controller.ActRecords)
	tapAction(c, controller.ActPasteFEN)
	drain(c, q)
	if d := c.View().Dialog; assert.NotNil(t, d) {
		assert.Equal(t, "Play from the pasted position?", d.Title)
	}
	tapAction(c, controller.ActYesImport)
	assert.Equal(t, "fen "+want, c.GameString())
	assert.Equal(t, want, c.FEN(), "the round trip keeps the position")

	cb.text = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBKKABNR w"
	c.Tap(render.Target{Kind: render.TargetButton, Action: controller.ActMenu})
	tapAction(c, controller.ActRecords)
	tapAction(c, controller.ActPasteFEN)
	drain(c, q)
	assert.Equal(t, "Not a FEN of a legal position: Red has 2 generals (d0, e0), want 1.", c.Toast())
	assert.Equal(t, "fen "+want, c.GameString(), "refused: the game is untouched")
	assert.ErrorContains(t, c.ImportFEN("9/9 w"), "board has 2 ranks, want 10")

	cb.fail = errors.New("no clipboard here")
	c.CopyFEN()
	drain(c, q)
	if d := c.View().Dialog; assert.NotNil(t, d) {
		assert.Equal(t, []string{"It could not be copied (no clipboard here): copy it from here.", want}, d.Text)
	}

	plain := controller.New(controller.Config{Post: newQueue().post, Engine: newFake(4, 0, 0).engine()})
	defer plain.Close()
	plain.CopyFEN()
	if d := plain.View().Dialog; assert.NotNil(t, d) {
		assert.Equal(t, []string{xiangqi.StartFEN}, d.Text)
	}
}

// TestEditorFitsPhone: on a phone (390×844 and 844×390 CSS px at a density of 3) the editor's
// palette entries, panel buttons and bar are touch targets of at least 44 CSS px, inside the
// frame, not overlapping, and its text at least 14 CSS px.
func TestEditorFitsPhone(t *testing.T) {
	c := controller.New(controller.Config{Post: newQueue().post, Engine: newFake(4, 0, 0).engine()})
	defer c.Close()
	c.OpenEditor()
	c.EditorPut(sq("e0"), redChariot) // two red pieces on a file: the words are long
	v := c.View()
	for _, sz := range [][2]int{{1170, 2532}, {2532, 1170}, {600, 800}} {
		r := render.NewRenderer()
		if sz[0] != 600 {
			r.SetScreen(render.Screen{Density: 3})
		}
		frame := image.Rect(0, 0, sz[0], sz[1])
		img := image.NewRGBA(frame)
		l, err := r.Draw(img, &v)
		require.NoError(t, err)
		require.Len(t, l.PaletteCells, 15)
		min := 3 * 44
		if sz[0] == 600 {
			min = 44
		}
		all := append(append(append([]image.Rectangle{}, l.PaletteCells...), l.PanelButtons...), l.Buttons...)
		for i, b := range all {
			assert.GreaterOrEqual(t, b.Dy(), min, "%v: target %d %v", sz, i, b)
			assert.GreaterOrEqual(t, b.Dx(), min, "%v: target %d %v", sz, i, b)
			assert.True(t, b.In(frame), "%v: target %d %v inside", sz, i, b)
			assert.False(t, b.Overlaps(l.Board.Bounds()), "%v: target %d %v off the board", sz, i, b)
			for j := range i {
				assert.False(t, b.Overlaps(all[j]), "%v: targets %d and %d overlap", sz, i, j)
			}
		}
		assert.NotEmpty(t, l.WordLines, "%v: the words are shown", sz)
		assert.True(t, l.Words.In(frame) && !l.Words.Overlaps(l.Bar), "%v: words %v", sz, l.Words)
		for name, px := range map[string]int{"list": l.ListPx, "button": l.ButtonPx, "detail": l.DetailPx} {
			assert.GreaterOrEqual(t, px, min*14/44, "%v: %s text", sz, name)
		}
		hit := l.Hit(float64(l.PaletteCells[9].Min.X+2), float64(l.PaletteCells[9].Min.Y+2))
		assert.Equal(t, render.Target{Kind: render.TargetPalette, Index: 9, Square: render.NoSquare}, hit)
	}
}

// TestEditorHoldsTheComputer: while the editor is open the computer does not search, even
// after a pause and resume, and ← does not open the review under it; leaving it, the computer
// searches again.
func TestEditorHoldsTheComputer(t *testing.T) {
	q := newQueue()
	c := controller.New(controller.Config{Post: q.post, Engine: func(ctx context.Context, _ *xiangqi.Game, _ levels.Level) (xiangqi.Move, bool) {
		<-ctx.Done()
		return xiangqi.NoMove, false
	}})
	defer c.Close()
	c.SetHuman(xiangqi.Black)
	require.True(t, c.Thinking(), "the computer opens")
	c.OpenEditor()
	assert.False(t, c.Thinking(), "the search stops for the editor")
	c.Pause()
	c.Resume()
	assert.False(t, c.Thinking(), "no search while editing")
	c.ReviewStep(-1)
	_, on := c.Reviewing()
	assert.False(t, on)
	c.LeaveEditor()
	assert.True(t, c.Thinking(), "the computer's turn again")
}
