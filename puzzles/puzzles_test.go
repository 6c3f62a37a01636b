package puzzles

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/engine"
	"github.com/cotuong-ai/cotuong/internal/testkit/race"
)

// sample returns n puzzles spread evenly over ps (all of them when there are fewer).
func sample(ps []Puzzle, n int) []Puzzle {
	if len(ps) <= n {
		return ps
	}
	out := make([]Puzzle, n)
	for i := range out {
		out[i] = ps[i*len(ps)/n]
	}
	return out
}

// TestShippedSets: the embedded sets load (Parse replays every solution under the rules and
// checks that each mate line ends in mate), are big enough (xiangqi: at least 1,000 puzzles,
// with at least 8 themes of at least 40 puzzles each, not counting "mate" itself), stay small
// on disk, hold each position once, and their motifs are Motifs' (a set written by an older
// motif finder is caught).
func TestShippedSets(t *testing.T) {
	for _, c := range []struct {
		v    engine.Variant
		file string
		min  int
	}{{engine.Xiangqi, "xiangqi.tsv", 1000}, {engine.Chess, "chess.tsv", 5}} {
		ps, err := Load(c.v)
		require.NoError(t, err, c.v)
		assert.GreaterOrEqual(t, len(ps), c.min, c.v)
		info, err := os.Stat(c.file)
		require.NoError(t, err)
		assert.Less(t, info.Size(), int64(300<<10), "%s stays small", c.file)
		seen := map[string]bool{}
		themes := map[string]int{}
		for _, p := range ps {
			key := strings.Join(strings.Fields(p.FEN)[:2], " ")
			assert.False(t, seen[key], "%s: %s twice", c.v, key)
			seen[key] = true
			themes[p.ThemeText()]++
			assert.Regexp(t, `^\d+:\d+$`, p.ID())
			if p.Theme == Material {
				assert.NotEmpty(t, p.Won, p.FEN)
			}
			assert.Equal(t, Motifs(p), p.Motifs, p.ID())
		}
		t.Logf("%s: %d puzzles, %d bytes, themes %v", c.v, len(ps), info.Size(), themes)
		if c.v == engine.Xiangqi {
			big := 0
			for _, tc := range Themes(ps) {
				if tc.Theme != Mate && tc.Count >= 40 {
					big++
				}
			}
			assert.GreaterOrEqual(t, big, 8, "themes of at least 40 puzzles: %v", Themes(ps))
		}
	}
}

// TestShippedSetReverified verifies again a sample of the shipped xiangqi set (30 puzzles, 3
// under the race detector, spread over the file) at the generator's budget. The verification
// depends only on the position, the budget and the engine (one thread, the table cleared
// before each search), so with the engine that wrote the set each puzzle comes back exactly;
// a later change to the search or the evaluation may make the verifier choose another line.
// So each puzzle must still be a puzzle of the same goal (a mate of the same length, the same
// piece won, a defensive move), with the same first move for material and defensive puzzles
// (which have one answer; a mate may start with any move that mates as fast, which
// Attempt.Play accepts), and the motifs read from its own line must be those shipped.
func TestShippedSetReverified(t *testing.T) {
	ps, err := Load(engine.Xiangqi)
	require.NoError(t, err)
	v := NewVerifier(engine.Xiangqi, DefaultGenerator(engine.Xiangqi).VerifyNodes)
	exact := 0
	for _, p := range sample(ps, race.Shrink(30)) {
		g, err := engine.GameFromFEN(engine.Xiangqi, p.FEN)
		require.NoError(t, err)
		got, err := v.Verify(g)
		if !assert.NoError(t, err, "%s (%s, %s)", p.FEN, p.ThemeText(), p.ID()) {
			continue
		}
		assert.Equal(t, p.Theme, got.Theme, p.ID())
		if p.Theme.Mate() == 0 {
			assert.Equal(t, p.Solution[0], got.Solution[0], p.ID())
			assert.Equal(t, p.Won, got.Won, p.ID())
		}
		assert.Equal(t, p.Motifs, Motifs(p), p.ID())
		if got.Line() == func() string { q := p; q.Seed, q.Motifs = "", nil; return q.Line() }() {
			exact++
		}
	}
	t.Logf("%d of the sample verified to the same line and difficulty", exact)
}

// TestAttempt plays puzzles as a player would: right moves in other notations, a wrong move
// (not played, the expected move named), the computer's replies, and at the last move of a
// mate any other mating move.
func TestAttempt(t *testing.T) {
	// Two chariots can each mate in one (FSF depth 12: a9a10 and i9i10 both "mate 1").
	p := Puzzle{Variant: engine.Xiangqi, FEN: "4k4/R3a3R/9/9/9/9/9/9/4K4/9 w - - 0 1",
		Solution: []string{"i8i9"}, Theme: MateIn(1), Difficulty: 1}
	a, err := p.Start()
	require.NoError(t, err)
	assert.Equal(t, "i8", a.HintPiece(), "the hint's first step: the piece")
	v, err := a.Play("i8e8") // a check that does not mate
	require.NoError(t, err)
	assert.False(t, v.Correct)
	assert.Equal(t, "i8i9", v.Expected)
	// After i8e8 (the chariot takes the advisor, check) the general steps aside: FSF 11.1
	// depth 10 gives e10f10 and e10d10 (here e9f9, e9d9), both "mate -1" — a slower mate.
	assert.Contains(t, []string{"e9f9", "e9d9"}, v.Refutation, "the refutation: the general steps aside")
	assert.Equal(t, 0, a.Game().Len(), "a wrong move is not played")
	assert.True(t, a.Failed(), "a wrong move counts as a failure")
	v, err = a.Play("R9+1") // WXF for a8a9: the other mate
	require.NoError(t, err)
	assert.True(t, v.Correct && v.Solved && v.Alternative)
	assert.Equal(t, "Checkmate: Black's general is in check and has no legal move.", v.Reason)
	assert.True(t, a.Solved())
	assert.Equal(t, []string{"a8a9"}, a.Played())
	_, err = a.Play("i8i9")
	assert.Error(t, err, "solved")
	p.Seed = "9:99"
	assert.Equal(t, "9:99", p.ID())
	assert.Equal(t, 1, p.Moves())

	a, err = p.Start()
	require.NoError(t, err)
	_, err = a.Play("zz")
	assert.Error(t, err)
	_, err = a.Play("e1e3")
	assert.Error(t, err, "an illegal move")

	// A line of several moves from the shipped set: the replies come from the solution.
	ps, err := Load(engine.Xiangqi)
	require.NoError(t, err)
	for _, q := range ps {
		if len(q.Solution) < 3 {
			continue
		}
		a, err := q.Start()
		require.NoError(t, err)
		for i := 0; i < len(q.Solution); i += 2 {
			g := a.Game()
			m, err := g.ParseUCI(q.Solution[i])
			require.NoError(t, err)
			assert.Equal(t, q.Solution[i], a.Hint())
			v, err := a.Play(g.Notation(m))
			require.NoError(t, err)
			assert.True(t, v.Correct)
			if i+1 < len(q.Solution) {
				assert.Equal(t, q.Solution[i+1], v.Reply)
			} else {
				assert.True(t, v.Solved)
			}
		}
		break
	}
}

// TestGeneratorRepeats: the same seed gives the same game and the same puzzles (small
// budgets, so that the test is quick).
func TestGeneratorRepeats(t *testing.T) {
	gen := &Generator{Variant: engine.Xiangqi, PlayNodes: 1_000, ProbeNodes: 1_000, VerifyNodes: 5_000,
		MaxPlies: race.Shrink(50), FirstPly: 10, PerGame: 4, Gap: 6}
	a, b := Levels(7)
	assert.LessOrEqual(t, max(a.Number, b.Number)-min(a.Number, b.Number), 1, "neighbouring levels")
	first := gen.Game(7, nil).String()
	ps := gen.Puzzles(7, nil)
	again := &Generator{Variant: engine.Xiangqi, PlayNodes: 1_000, ProbeNodes: 1_000, VerifyNodes: 5_000,
		MaxPlies: race.Shrink(50), FirstPly: 10, PerGame: 4, Gap: 6}
	assert.Equal(t, first, again.Game(7, nil).String())
	assert.Equal(t, ps, again.Puzzles(7, nil))
}

// TestAnotherMateAccepted: in a mate in 4 with two first moves that mate in 4 (FSF 11.1 depth
// 16: e8c9 and e7g7, here e7c8 and e6g6, both "score mate 4"), the first move that is not the
// solution's is accepted, the attempt goes on along the line it chose, and following the
// hints from there mates after four solver moves in all.
func TestAnotherMateAccepted(t *testing.T) {
	fen := "2b1k4/3Pa4/4Na3/4R2P1/6P2/9/4P4/1p2B4/1nC1A4/3AK1B2 w - - 3 56"
	for _, first := range []string{"e7c8", "e6g6"} {
		p := Puzzle{Variant: engine.Xiangqi, FEN: fen, Theme: MateIn(4), Difficulty: 1}
		// The listed solution starts with the other move (its continuation is not needed:
		// the attempt leaves it at once).
		other := map[string]string{"e7c8": "e6g6", "e6g6": "e7c8"}[first]
		p.Solution = []string{other, "x", "x", "x", "x", "x", "x"}
		a, err := p.Start()
		require.NoError(t, err)
		v, err := a.Play(first)
		require.NoError(t, err, first)
		require.True(t, v.Correct, "%s mates in 4 as well", first)
		assert.True(t, v.Alternative)
		assert.NotEmpty(t, v.Reply)
		for n := 2; !a.Solved(); n++ {
			require.LessOrEqual(t, n, 4, "%s: mated within four moves", first)
			h := a.Hint()
			require.NotEmpty(t, h)
			v, err = a.Play(h)
			require.NoError(t, err)
			require.True(t, v.Correct)
		}
		assert.False(t, a.Failed())
		assert.NotEmpty(t, v.Reason)
		r := a.Game().Result()
		assert.True(t, r.Over && !r.Draw && r.Winner == engine.First, first)
	}
}

// BenchmarkWrongMoveCheck measures the check of a wrong move in a mate puzzle: one search of
// at most MateNodes nodes (it is not a mate no slower) whose best move is the refutation. The
// position is the hand-made mate in 4 of TestAnotherMateAccepted; e3e4, a soldier's step at
// home, does not mate in 4.
func BenchmarkWrongMoveCheck(b *testing.B) {
	p := Puzzle{Variant: engine.Xiangqi, FEN: "2b1k4/3Pa4/4Na3/4R2P1/6P2/9/4P4/1p2B4/1nC1A4/3AK1B2 w - - 3 56",
		Theme: MateIn(4), Solution: []string{"e7c8", "x", "x", "x", "x", "x", "x"}}
	for b.Loop() {
		a, err := p.Start()
		if err != nil {
			b.Fatal(err)
		}
		v, err := a.Play("e3e4")
		if err != nil || v.Correct {
			b.Fatal(err, v)
		}
	}
}

// TestShippedSecondMateAccepted plays, in shipped mate puzzles, a first move other than the
// solution's that the outside engines find mating as fast (examples/dev/puzzles -check at
// depth 12: Fairy-Stockfish 11.1 and Pikafish-HCE both give "mate 2" for f5d4 in puzzle 9:77,
// whose solution starts g4f4, and for b8e8 in 11:50, whose solution starts d6d3): it is
// accepted, and following the attempt's line from there mates within the puzzle's moves.
func TestShippedSecondMateAccepted(t *testing.T) {
	ps, err := Load(engine.Xiangqi)
	require.NoError(t, err)
	for id, alt := range map[string]string{"9:77": "f5d4", "11:50": "b8e8"} {
		i := slices.IndexFunc(ps, func(p Puzzle) bool { return p.ID() == id })
		require.GreaterOrEqual(t, i, 0, "puzzle %s is shipped", id)
		p := ps[i]
		require.Equal(t, MateIn(2), p.Theme, id)
		require.NotEqual(t, alt, p.Solution[0], id)
		a, err := p.Start()
		require.NoError(t, err)
		v, err := a.Play(alt)
		require.NoError(t, err)
		require.True(t, v.Correct, "%s: %s mates in 2 as well", id, alt)
		assert.True(t, v.Alternative, id)
		for !a.Solved() {
			require.LessOrEqual(t, a.Done(), p.Moves(), id)
			v, err = a.Play(a.Hint())
			require.NoError(t, err)
			require.True(t, v.Correct, id)
		}
		assert.Equal(t, 2, a.Done(), id)
		assert.NotEmpty(t, v.Reason, id)
		assert.False(t, a.Failed(), id)
	}
}
