package lessons

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/cotuong-ai/cotuong/internal/testkit/reference"
)

// onFile keeps the points of file f ("i").
func onFile(points []string, f string) []string {
	var out []string
	for _, p := range points {
		if strings.HasPrefix(p, f) {
			out = append(out, p)
		}
	}
	return out
}

// TestAnswersAgainstRuleCases checks each step taken from a case of the shared
// rule-cases.tsv: the step's position (board and side) is one the case names, and its computed answer is the case's
// expected set, read off the case's expected column (quoted in the comments).
func TestAnswersAgainstRuleCases(t *testing.T) {
	all := func(ps []string) []string { return ps }
	iFile := func(ps []string) []string { return onFile(ps, "i") }
	cases := []struct {
		step, id string
		view     func([]string) []string
		want     []string
	}{
		{"general-3", "XQ02", all, []string{"e1", "f0"}},                                      // exactly 2 legal moves {e0e1,e0f0}
		{"advisor-1", "XQ09", all, []string{"d0", "d2", "f0", "f2"}},                          // e1 -> {e1d0,e1d2,e1f0,e1f2}
		{"advisor-2", "XQ09", all, []string{"e1"}},                                            // d0 -> only d0e1
		{"elephant-2", "XQ08", all, []string{"a2", "e2"}},                                     // without the d3 horse: {c4a2,c4e2}
		{"elephant-3", "XQ08", all, []string{"a2"}},                                           // with horse on d3: only c4a2
		{"horse-2", "XQ06", all, []string{"d1"}},                                              // only b0d1
		{"cannon-1", "XQ10", iFile, []string{"i1", "i2", "i3", "i4", "i5", "i6", "i7", "i8"}}, // 0 screens: i1..i8, no capture of i9
		{"cannon-2", "XQ10", iFile, []string{"i1", "i2", "i3", "i4", "i9"}},                   // 1 screen: i1..i4 plus capture i0i9
		{"cannon-3", "XQ10", iFile, []string{"i1", "i2", "i3", "i4"}},                         // 2 screens: i1..i4 only
		{"soldier-1", "XQ05", all, []string{"e4"}},                                            // start-position soldier e3 has only e3e4
		{"soldier-2", "XQ05", all, []string{"d6", "e7", "f6"}},                                // e6 -> {e6e7,e6d6,e6f6}
		{"rules-1", "XQ01", all, []string{"e6"}},                                              // {e0d0,e0e1,e0f0,e5e6}: the soldier only e5e6
		{"rules-3", "XQ12", all, nil},                                                         // side to move has 0 legal moves
	}
	for _, c := range cases {
		_, s, ok := Find(c.step)
		require.True(t, ok, c.step)
		assert.Equal(t, c.id, s.Case, c.step)
		rc, err := reference.RuleCaseByID(c.id)
		require.NoError(t, err)
		text := strings.Join(rc.FENs, " ") + " " + rc.Query + " " + rc.Expected
		board := strings.Join(strings.Fields(s.FEN)[:2], " ")
		if s.FEN == xiangqi.StartFEN {
			board = "start position" // XQ05 names it in words
		}
		assert.Contains(t, text, board, "%s: the position is the case's", c.step)
		got, err := s.Answer()
		require.NoError(t, err)
		assert.Equal(t, c.want, c.view(got), "%s (%s)", c.step, c.id)
	}
}

// TestVerdictsAgainstRepetitionCases: the perpetual check and chase steps' demo lines are rows
// of the shared repetition.tsv, and the rules' verdict names the winner the row expects.
func TestVerdictsAgainstRepetitionCases(t *testing.T) {
	rows, err := reference.Repetitions()
	require.NoError(t, err)
	checked := 0
	for _, c := range Chapters() {
		for _, s := range c.Steps {
			if len(s.Demo) == 0 {
				continue
			}
			i := slices.IndexFunc(rows, func(r reference.RepetitionRow) bool { return strings.HasPrefix(r.Name, s.Case+" ") })
			require.GreaterOrEqual(t, i, 0, s.ID)
			assert.Equal(t, rows[i].FEN, s.FEN, s.ID)
			assert.Equal(t, rows[i].Moves, s.Demo, s.ID)
			v, err := s.Verdict()
			require.NoError(t, err)
			winner := map[string]string{"red wins": "Red wins", "black wins": "Black wins"}[rows[i].Expected]
			assert.Contains(t, v, winner, "%s: %s", s.ID, v)
			checked++
		}
	}
	assert.Equal(t, 2, checked)
}

// TestEveryChapterRightThenWrong walks every step answering right, then wrongly: one point
// of the answer left out and one point the piece cannot reach tapped.
func TestEveryChapterRightThenWrong(t *testing.T) {
	ids := []string{}
	for _, c := range Chapters() {
		ids = append(ids, c.ID)
		require.NotEmpty(t, c.Steps, c.ID)
		if c.Kind != xiangqi.NoKind {
			assert.Equal(t, c.Red, xiangqi.MakePiece(xiangqi.Red, c.Kind).Chinese(), c.ID)
			assert.Equal(t, c.Black, xiangqi.MakePiece(xiangqi.Black, c.Kind).Chinese(), c.ID)
		}
		for _, s := range c.Steps {
			pc := s.Piece()
			require.NotEqual(t, xiangqi.NoPiece, pc, s.ID)
			p, err := xiangqi.ParseFEN(s.FEN)
			require.NoError(t, err)
			assert.Equal(t, p.SideToMove(), pc.Color(), "%s: the piece studied is the mover's", s.ID)
			if c.Kind != xiangqi.NoKind {
				assert.Equal(t, c.Kind, pc.Kind(), s.ID)
				assert.Contains(t, s.Rule, c.Red+"/"+c.Black, s.ID)
				assert.Contains(t, s.Rule, c.Vietnamese, s.ID)
			}
			answer, err := s.Answer()
			require.NoError(t, err)
			m, err := s.Check(answer)
			require.NoError(t, err)
			assert.True(t, m.Correct, s.ID)

			var outside string
			for f := 'a'; f <= 'i' && outside == ""; f++ {
				for r := '0'; r <= '9'; r++ {
					if pt := string([]rune{f, r}); !slices.Contains(answer, pt) && pt != s.Point {
						outside = pt
						break
					}
				}
			}
			taps := []string{strings.ToUpper(outside)}
			var missed []string
			if len(answer) > 0 {
				taps = append(taps, answer[1:]...)
				missed = answer[:1]
			}
			m, err = s.Check(taps)
			require.NoError(t, err)
			assert.False(t, m.Correct, s.ID)
			assert.Equal(t, missed, m.Missed, s.ID)
			assert.Equal(t, []string{outside}, m.Wrong, s.ID)
		}
	}
	assert.Equal(t, []string{"general", "advisor", "elephant", "horse", "chariot", "cannon", "soldier", "rules"}, ids)
	_, _, ok := Find("horse-9")
	assert.False(t, ok)
	_, s, _ := Find("horse-1")
	_, err := s.Check([]string{"z9"})
	assert.Error(t, err, "an unreadable point is an error")
}

// TestExplain: the rules package's error for an illegal move leads to the step that teaches
// the rule it breaks.
func TestExplain(t *testing.T) {
	cases := []struct{ fen, move, step string }{
		{"3k5/9/9/9/9/9/9/9/1R7/1N2K4 w - - 0 1", "b0a2", "horse-2"},                                   // the leg b1 is blocked
		{"3k5/9/9/9/9/2B6/3N5/9/9/4K4 w - - 0 1", "c4e2", "elephant-3"},                                // the eye d3 is blocked
		{"3k5/9/9/9/9/2B6/9/9/9/4K4 w - - 0 1", "c4a6", "elephant-2"},                                  // across the river
		{"3k5/9/9/9/9/9/9/9/9/3AK4 w - - 0 1", "d0c1", "advisor-2"},                                    // out of the palace
		{"4k4/4a4/9/9/9/9/9/9/9/3K5 w - - 0 1", "d0c0", "general-2"},                                   // out of the palace
		{"3k4n/9/9/8P/8P/9/9/9/9/4K3C w - - 0 1", "i0i9", "cannon-2"},                                  // two screens
		{"3k4n/9/9/9/9/9/9/9/9/4K3C w - - 0 1", "i0i9", "cannon-2"},                                    // no screen
		{xiangqi.StartFEN, "e3d3", "soldier-1"},                                                        // sideways before the river
		{"rnbakabnr/9/1c5c1/p1p1P1p1p/9/9/P1P3P1P/1C5C1/4A4/RNB1KABNR w - - 0 1", "e6e5", "soldier-2"}, // backwards
		{"4k4/9/9/9/4P4/9/9/9/9/4K4 w - - 0 1", "e5d5", "rules-1"},                                     // generals facing
		{"3k5/9/9/9/4r4/9/R8/9/9/4K4 w - - 0 1", "a3a4", "rules-2"},                                    // stays in check
		{"3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1", "a0b1", "chariot-1"},                                    // not along a line
	}
	for _, c := range cases {
		p, err := xiangqi.ParseFEN(c.fen)
		require.NoError(t, err)
		_, err = p.ParseMove(c.move)
		require.Error(t, err, c.move)
		_, s, ok := Explain(err)
		require.True(t, ok, "%s: %v", c.move, err)
		assert.Equal(t, c.step, s.ID, "%s: %v", c.move, err)
	}
	p := xiangqi.Start()
	_, err := p.ParseMove("e5e6") // no piece there: nothing to teach
	_, _, ok := Explain(err)
	assert.False(t, ok)
}

// TestWrongTapSaysWhy: a wrong tap is marked with the rule's reason, the words of the rules
// package (WXF rules: the horse's leg; the elephant's eye).
func TestWrongTapSaysWhy(t *testing.T) {
	_, horse, ok := Find("horse-2")
	require.True(t, ok)
	_, elephant, ok := Find("elephant-1")
	require.True(t, ok)
	for _, c := range []struct {
		step  Step
		point string
		want  string
	}{
		{elephant, "e3", "A red elephant cannot move from e2 to e3: an elephant moves exactly two points diagonally."},
		// The horse on b0 with a chariot on b1: the leg toward a2 and c2 is blocked.
		{horse, "c2", "leg b1 is blocked"},
		{horse, "d1", ""}, // a point it reaches
		{elephant, "e2", "The piece is already there: a move must go somewhere else."},
	} {
		why, err := c.step.WhyNot(c.point)
		require.NoError(t, err)
		assert.Contains(t, why, c.want, "%s %s", c.step.ID, c.point)
	}
	m, err := elephant.Check([]string{"e3"})
	require.NoError(t, err)
	assert.Equal(t, []string{"e3"}, m.Wrong)
	require.Len(t, m.Why, 1)
	assert.NotEmpty(t, m.Why[0])
	_, err = elephant.WhyNot("z9")
	assert.Error(t, err)
}
