package controller_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/engine"
	"github.com/cotuong-ai/cotuong/frontends/app/controller"
	"github.com/cotuong-ai/cotuong/levels"
	"github.com/cotuong-ai/cotuong/uci"
)

// levelPlayFENs are the positions of TestOneWayToPlayALevel: the opening, an opening a few
// moves in, a middlegame with pieces hanging and an endgame.
var levelPlayFENs = []string{
	"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
	"rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2",
	"r1bakab1r/9/1cn3nc1/p1p1p3p/6p2/2P6/P3P1P1P/1C2C1N2/9/RNBAKAB1R b - - 3 5",
	"3ak4/4a4/4b4/9/6R2/9/9/9/9/5K3 w - - 0 1",
	"3k5/2r6/9/9/9/9/2P6/9/1N7/3AKA3 b - - 0 1",
}

// levelPlaySkills are the UCI Skill Levels played: the ladder's weakest level, levels between
// two of the ladder's and levels on it, up to Strong club player.
var levelPlaySkills = []int{0, 2, 4, 6, 9, 12, 14}

// TestOneWayToPlayALevel: the three front ends that play at a level choose the same move at
// the same level and seed, from every position of levelPlayFENs: the app (LevelPlayer, which
// SearchEngine runs in the native app and in the browser's search worker), the terminal game
// (examples/play: an engine.Searcher within the level's Limits, then engine.Strength.Choose
// with the game's noise) and the UCI engine (package uci: setoption Skill Level, ucinewgame,
// position, go). Each search is ended by the level's caps alone (no clock), as in the
// calibration, so the moves do not depend on the machine's load.
func TestOneWayToPlayALevel(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the real search, 105 times")
	}
	other := 0 // moves that are not the best line's: the noise and the draw decided them
	for _, skill := range levelPlaySkills {
		l := levels.ForSkill(skill)
		require.False(t, l.Full(), "skill %d", skill)
		l.Time = time.Hour // the caps end the search, never a clock
		for i, fen := range levelPlayFENs {
			seed := uint64(1000*skill + i)
			app, line := appLevelMove(t, fen, l, seed)
			if line > 0 {
				other++
			}
			term := terminalLevelMove(t, fen, l, seed)
			viaUCI := uciLevelMove(t, fen, skill, seed)
			assert.Equal(t, term, app, "skill %d (%s), %s: the app and the terminal game", skill, l.Name, fen)
			assert.Equal(t, viaUCI, app, "skill %d (%s), %s: the app and UCI", skill, l.Name, fen)
		}
	}
	assert.Greater(t, other, 3, "the levels played lines other than the best")
}

// appLevelMove is the app's move at level l in fen (a new LevelPlayer seeded with seed, a new
// game) and the MultiPV line it was (0: the best).
func appLevelMove(t *testing.T, fen string, l levels.Level, seed uint64) (string, int) {
	t.Helper()
	g, err := engine.GameFromFEN(engine.Xiangqi, fen)
	require.NoError(t, err)
	a, ok := controller.NewLevelPlayer(16, seed).Play(context.Background(), g, l)
	require.True(t, ok, fen)
	return g.UCI(a.Move), a.Line
}

// terminalLevelMove is the terminal game's move at level l in fen (examples/play's
// computerTurn, without its pause): its rng and noise are drawn as a Session seeded with seed
// draws them for a new game (the noise of the session, then that of the game).
func terminalLevelMove(t *testing.T, fen string, l levels.Level, seed uint64) string {
	t.Helper()
	g, err := engine.GameFromFEN(engine.Xiangqi, fen)
	require.NoError(t, err)
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	_ = rng.Uint64() // the session's noise, replaced by the new game's
	noise := levels.NewNoise(rng.Uint64())
	s := engine.NewSearcher(engine.Xiangqi, engine.SearcherOptions{HashMiB: 16})
	s.SetPlainEval(l.Plain)
	r := s.Search(context.Background(), g, l.Limits(), nil, nil)
	require.True(t, r.HasMove, fen)
	m := r.Move
	if i := (engine.Strength{Level: l}).Choose(g, r.Lines, noise, rng); i > 0 {
		m = r.Lines[i].Move
	}
	return g.UCI(m)
}

// uciLevelMove is the UCI engine's move at Skill Level skill in fen, for an engine seeded
// with seed.
func uciLevelMove(t *testing.T, fen string, skill int, seed uint64) string {
	t.Helper()
	w := &lineCatcher{lines: make(chan string, 1000)}
	e := uci.New(w, seed)
	for _, cmd := range []string{
		"setoption name UCI_Variant value xiangqi",
		"setoption name Hash value 16",
		fmt.Sprintf("setoption name Skill Level value %d", skill),
		"ucinewgame",
		"position fen " + fen,
		"go movetime 3600000",
	} {
		require.False(t, e.Handle(cmd), cmd)
	}
	deadline := time.After(5 * time.Minute)
	for {
		select {
		case line := <-w.lines:
			if f := strings.Fields(line); len(f) >= 2 && f[0] == "bestmove" {
				return f[1]
			}
		case <-deadline:
			t.Fatalf("no bestmove for %s at skill %d", fen, skill)
		}
	}
}

// lineCatcher is the UCI engine's output: each line it writes goes to lines.
type lineCatcher struct {
	mu    sync.Mutex
	buf   strings.Builder
	lines chan string
}

func (w *lineCatcher) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf.Write(p)
	s := w.buf.String()
	for {
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			break
		}
		w.lines <- s[:i]
		s = s[i+1:]
	}
	w.buf.Reset()
	w.buf.WriteString(s)
	return len(p), nil
}
