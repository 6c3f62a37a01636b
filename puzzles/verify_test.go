package puzzles

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/engine"
	"github.com/cotuong-ai/cotuong/internal/testkit/race"
)

// verifierNodes is the budget of the verifier tests: enough for these small positions, and
// a quarter under the race detector (which slows the search about tenfold).
func verifierNodes() int64 {
	if race.Enabled {
		return 25_000
	}
	return 100_000
}

// TestVerifierHandMade runs the verifier on hand-made positions whose truth was established
// with Fairy-Stockfish 11.1 (UCI_Variant xiangqi, MultiPV 3; its ranks 1-10, here 0-9):
//
//   - unique mate in 1: FSF depth 12 gives i9i10 (here i8i9) "score mate 1" and every other
//     move mate 2 at best: kept, mateIn1;
//   - two mates in 1: with a second chariot on a8, FSF depth 12 gives both a9a10 and i9i10
//     "score mate 1": kept (Attempt.Play accepts either);
//   - two mates in 3: FSF depth 14 gives c2e2 and c2c4 (here c1e1, c1c3) both "score mate 3":
//     kept, mateIn3;
//   - a unique material win: FSF depth 16 gives c4d6 (here c3d5, the horse takes the
//     undefended chariot) cp 375 and the second move i1i7 cp -254: kept, wins a chariot;
//   - the same with a red chariot on h5 that can also take: FSF depth 16 gives c4d6 cp 359
//     and h6d6 (here h5d5) cp 321, the second move wins too: rejected;
//   - two mates in 4: FSF depth 16 gives e8c9 and e7g7 (here e7c8, e6g6) both "score mate 4":
//     kept, mateIn4, with either first move.
func TestVerifierHandMade(t *testing.T) {
	v := NewVerifier(engine.Xiangqi, verifierNodes())
	cases := []struct {
		name, fen string
		kept      bool
		theme     Theme
		first     string // the solution's first move, or the moves FSF finds equal, "a|b"
		won       string
		nodes     int64 // the case's budget when it needs more than verifierNodes
	}{
		{"unique mate in 1", "4k4/4a3R/9/9/9/9/9/9/4K4/9 w - - 0 1", true, MateIn(1), "i8i9", "", 0},
		{"two mates in 1", "4k4/R3a3R/9/9/9/9/9/9/4K4/9 w - - 0 1", true, MateIn(1), "a8a9|i8i9", "", 0},
		{"two mates in 3", "3k5/9/9/9/9/9/4n4/9/2R6/4K4 w - - 0 1", true, MateIn(3), "c1e1|c1c3", "", 0},
		{"unique chariot win", "r1bakab2/9/9/4p4/3r5/9/2N1P4/9/9/2BAKAB1R w - - 0 1", true, Material, "c3d5", "chariot", 0},
		{"two mates in 4", "2b1k4/3Pa4/4Na3/4R2P1/6P2/9/4P4/1p2B4/1nC1A4/3AK1B2 w - - 3 56", true, MateIn(4), "e7c8|e6g6", "", 60_000},
		{"two chariot wins", "r1bakab2/9/9/4p4/3r3R1/9/2N1P4/9/9/2BAKAB2 w - - 0 1", false, "", "", "", 0},
	}
	for _, c := range cases {
		g, err := engine.GameFromFEN(engine.Xiangqi, c.fen)
		require.NoError(t, err)
		cv := v
		if c.nodes > verifierNodes() { // the check of each other first move gets a quarter: ≥ 12,105 here
			cv = NewVerifier(engine.Xiangqi, c.nodes)
		}
		p, err := cv.Verify(g)
		if !c.kept {
			var rej *Rejection
			require.True(t, errors.As(err, &rej), "%s: want a rejection, got %v %v", c.name, p.Solution, err)
			t.Logf("%s: %v", c.name, err)
			continue
		}
		require.NoError(t, err, c.name)
		assert.Equal(t, c.theme, p.Theme, c.name)
		assert.Contains(t, strings.Split(c.first, "|"), p.Solution[0], c.name)
		assert.Equal(t, c.won, p.Won, c.name)
		assert.GreaterOrEqual(t, p.Difficulty, 1, c.name)
		t.Logf("%s: %s %v difficulty %d", c.name, p.ThemeText(), p.Solution, p.Difficulty)
	}
}
