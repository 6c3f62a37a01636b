package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/engine"
	"github.com/cotuong-ai/cotuong/frontends/app/controller"
	"github.com/cotuong-ai/cotuong/frontends/app/render"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/cotuong-ai/cotuong/games/xiangqi/lessons"
	"github.com/cotuong-ai/cotuong/levels"
	"github.com/cotuong-ai/cotuong/puzzles"
)

// quietClipboard is a shadow's Clipboard (with PGN) that hands nothing anywhere, so that the
// shadow's dialogs follow the app's (whose Export PGN closes the Records and writes a file).
type quietClipboard struct{}

func (quietClipboard) Copy(string)    {}
func (quietClipboard) Paste()         {}
func (quietClipboard) CopyPGN(string) {}
func (quietClipboard) PastePGN()      {}

// idleClipController is idleController with a quietClipboard.
func idleClipController(t *testing.T, data []byte) *controller.Controller {
	t.Helper()
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, controller.SaveName), data, 0o644))
	c := controller.New(controller.Config{Dir: dir, Clipboard: quietClipboard{},
		Engine: func(ctx context.Context, _ *xiangqi.Game, _ levels.Level) (xiangqi.Move, bool) {
			<-ctx.Done()
			return xiangqi.NoMove, false
		}})
	t.Cleanup(c.Close)
	return c
}

// waitSaveHas waits until the save file in dir holds every one of lines (each a whole line).
func waitSaveHas(t *testing.T, dir, what string, lines ...string) string {
	t.Helper()
	var text string
	waitFor(t, what, slow, func() bool {
		b, err := os.ReadFile(filepath.Join(dir, controller.SaveName))
		if err != nil {
			return false
		}
		text = string(b)
		for _, l := range lines {
			if !strings.Contains(text, "\n"+l+"\n") {
				return false
			}
		}
		return true
	})
	return text
}

// TestEndToEndStudyAndPGN runs the desktop app under Xvfb, with no X11 clipboard tool, on a
// saved two-player game: (a) Menu → Rules lesson → the horse's chapter, every point the horse
// can reach (computed from the rules' legal moves) clicked, Check: the save's lessons line
// holds the step; (b) Menu → Puzzles → Next puzzle, the solution's moves from the puzzles
// package clicked: the save holds the puzzle solved and a streak of 1; (c) two moves played,
// Records → Export PGN writes game.pgn in the data folder (read by the rules package: the
// two moves), New game, Records → Import PGN reads it back: the save holds the two moves.
// Each ends with the window showing the native frame of the same screen.
func TestEndToEndStudyAndPGN(t *testing.T) {
	if testing.Short() {
		t.Skip("the window test is not short")
	}
	needTool(t, "Xvfb")
	for _, tool := range []string{"xclip", "xsel"} {
		if _, err := exec.LookPath(tool); err == nil {
			t.Skipf("%s is installed: the app would use the X11 clipboard, not game.pgn", tool)
		}
	}
	w, data, save := startTwoPlayers(t)
	shadow := idleClipController(t, save)
	sub := func(t *testing.T) *appWindow { c := *w; c.t = t; return &c }

	t.Run("lesson", func(t *testing.T) {
		w := sub(t)
		chapters := lessons.Chapters()
		ch := slices.IndexFunc(chapters, func(c lessons.Chapter) bool { return c.ID == "horse" })
		require.GreaterOrEqual(t, ch, 0)
		step := chapters[ch].Steps[0]
		pos, err := xiangqi.ParseFEN(step.FEN)
		require.NoError(t, err)
		from := xiangqi.SquareAt(int(step.Point[0]-'a'), int(step.Point[1]-'0'))
		var points []string
		for _, m := range pos.LegalMoves(nil) {
			if m.From() == from {
				points = append(points, m.To().String())
			}
		}
		require.NotEmpty(t, points)
		w.tapBoth(shadow, button(controller.ActMenu))
		w.tapBoth(shadow, button(controller.ActLessons))
		w.tapBoth(shadow, button(controller.ActChapterPref+render.Action(strconv.Itoa(ch))))
		require.Equal(t, step.ID, shadow.LessonStep())
		for _, p := range points {
			w.tapBoth(shadow, square(p))
		}
		w.tapBoth(shadow, button(controller.ActCheck))
		require.Equal(t, []string{step.ID}, shadow.Settings().Lessons, "the shadow's step is done")
		waitSaveHas(t, data, "the step done in the save", "lessons "+step.ID)
		w.showsFrameOf(shadow, "lesson")
		w.tapBoth(shadow, button(controller.ActStudyDone))
	})

	t.Run("puzzle", func(t *testing.T) {
		w := sub(t)
		shipped, err := puzzles.Load(engine.Xiangqi)
		require.NoError(t, err)
		w.tapBoth(shadow, button(controller.ActMenu))
		w.tapBoth(shadow, button(controller.ActPuzzles))
		w.tapBoth(shadow, button(controller.ActNextPuzzle))
		shown, ok := shadow.Puzzle()
		require.True(t, ok)
		i := slices.IndexFunc(shipped, func(z puzzles.Puzzle) bool { return z.Seed == shown.Seed })
		require.GreaterOrEqual(t, i, 0, "puzzle %q is in the shipped set", shown.Seed)
		w.showsFrameOf(shadow, "puzzle-start") // the app shows the same puzzle
		sol := shipped[i].Solution
		for k := 0; k < len(sol); k += 2 {
			require.False(t, shadow.PuzzleSolved(), "not solved before move %d", k+1)
			w.tapBoth(shadow, square(sol[k][:2]))
			w.tapBoth(shadow, square(sol[k][2:4]))
		}
		require.True(t, shadow.PuzzleSolved())
		text := waitSaveHas(t, data, "the puzzle solved in the save", "puzzles "+shown.Seed, "streak 1 1")
		_, got, err := controller.Decode([]byte(text))
		require.NoError(t, err)
		assert.Equal(t, 1, got.Streak)
		assert.Equal(t, []string{shown.Seed}, got.Puzzles)
		w.showsFrameOf(shadow, "puzzle-solved")
		// The next puzzle: a wrong move is not played and its refutation is drawn; then the
		// hint's two steps, the piece and the move (as lichess).
		w.tapBoth(shadow, button(controller.ActNextPuzzle))
		next, ok := shadow.Puzzle()
		require.True(t, ok)
		bad := firstWrongMove(t, next)
		w.tapBoth(shadow, square(bad[:2]))
		w.tapBoth(shadow, square(bad[2:4]))
		require.False(t, shadow.PuzzleSolved())
		w.showsFrameOf(shadow, "puzzle-wrong")
		w.tapBoth(shadow, button(controller.ActPuzzleHint))
		w.showsFrameOf(shadow, "puzzle-hint-piece")
		w.tapBoth(shadow, button(controller.ActPuzzleHint))
		w.showsFrameOf(shadow, "puzzle-hint-move")
		w.tapBoth(shadow, button(controller.ActStudyDone))
	})

	t.Run("pgn", func(t *testing.T) {
		w := sub(t)
		for _, sq := range []string{"h2", "e2", "h9", "g7"} {
			w.tapBoth(shadow, square(sq))
		}
		const game = "startpos moves h2e2 h9g7"
		require.Equal(t, game, shadow.GameString())
		waitSaveHas(t, data, "two moves in the save", "game "+game)
		w.tapBoth(shadow, button(controller.ActMenu))
		w.tapBoth(shadow, button(controller.ActRecords))
		w.tapBoth(shadow, button(controller.ActExportPGN))
		pgnFile := filepath.Join(data, PGNFile)
		var pgn []byte
		waitFor(t, "game.pgn in the data folder", slow, func() bool {
			var err error
			pgn, err = os.ReadFile(pgnFile)
			return err == nil && strings.HasSuffix(string(pgn), "\n")
		})
		assert.Contains(t, string(pgn), `[White "Red player"]`)
		g, err := xiangqi.ImportRecord(string(pgn))
		require.NoError(t, err, "%s", pgn)
		require.Equal(t, game, g.String(), "game.pgn holds the game")

		w.tapBoth(shadow, button(controller.ActMenu))
		w.tapBoth(shadow, button(controller.ActNew))
		w.tapBoth(shadow, button(controller.ActYesNew))
		require.Equal(t, "startpos", shadow.GameString())
		waitSaveHas(t, data, "the new game in the save", "game startpos")

		w.tapBoth(shadow, button(controller.ActMenu))
		w.tapBoth(shadow, button(controller.ActRecords))
		w.tapBoth(shadow, button(controller.ActImportPGN))
		require.NoError(t, shadow.ImportPGN(string(pgn)))
		waitSaveHas(t, data, "the imported game in the save", "game "+game)
		w.showsFrameOf(shadow, "pgn-imported")
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
