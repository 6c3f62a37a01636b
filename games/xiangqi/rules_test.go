package xiangqi

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/gamesearch"
	"github.com/cotuong-ai/cotuong/internal/testkit/race"
	"github.com/cotuong-ai/cotuong/internal/testkit/reference"
)

// Each TestXQnn turns the reference rule case of that id into a test of its whole kind: the
// position as given, mirrored, and with the colours swapped, plus the other directions or
// pieces the rule covers. Expected move sets are read from the reference file where it
// states them; the extra positions' sets follow from the rule as the WXF rules state it.

// TestEveryRuleCaseCovered fails when the reference file gains a xiangqi case no test here
// handles.
func TestEveryRuleCaseCovered(t *testing.T) {
	cases, err := reference.RuleCases("xiangqi")
	require.NoError(t, err)
	covered := map[string]bool{"XQ01": true, "XQ02": true, "XQ05": true, "XQ06": true, "XQ08": true, "XQ09": true,
		"XQ10": true, "XQ12": true, "XQ13": true, "XQ14": true, "XQ17": true, "XQ18": true, "XQ19": true, "XQ20": true,
		"XQ21": true, "XQ22": true}
	for _, c := range cases {
		assert.True(t, covered[c.ID], "rule case %s (%s) has no test", c.ID, c.Kind)
	}
}

// checkAllTransforms asserts that the legal moves of fen (or of the piece on from, when
// from is not "") equal want, in fen as given and in its three symmetric images.
func checkAllTransforms(t *testing.T, fen, from string, want []string) {
	t.Helper()
	for _, tr := range transforms {
		f := tr.fen(fen)
		p := mustFEN(t, f)
		var got []string
		if from == "" {
			got = legal(p)
		} else {
			got = movesFrom(p, tr.sq(from))
		}
		w := tr.moves(want)
		if len(w) == 0 {
			w = nil
		}
		assert.Equal(t, w, got, "%s: %s", tr, f)
	}
}

func TestXQ01FlyingGeneralPin(t *testing.T) {
	c := ruleCase(t, "XQ01")
	want := sets(c.Expected)[0]
	require.Equal(t, []string{"e0d0", "e0e1", "e0f0", "e5e6"}, want)
	checkAllTransforms(t, c.FENs[0], "", want)
	for _, tr := range transforms {
		p := mustFEN(t, tr.fen(c.FENs[0]))
		for _, m := range []string{"e5d5", "e5f5"} {
			_, err := p.ParseMove(tr.move(m))
			require.Error(t, err)
			assert.Contains(t, err.Error(), "generals facing", tr.String())
		}
	}
	// The same pin holds for every kind of lone screen between the generals.
	checkAllTransforms(t, "4k4/9/9/9/4N4/9/9/9/9/4K4 w - - 0 1", "e5", nil)
	checkAllTransforms(t, "4k4/9/9/9/4C4/9/9/9/9/4K4 w - - 0 1", "e5",
		[]string{"e5e1", "e5e2", "e5e3", "e5e4", "e5e6", "e5e7", "e5e8"})
	checkAllTransforms(t, "4k4/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1", "", []string{"e0d0", "e0f0"})
	checkAllTransforms(t, "4k4/9/9/9/9/9/9/4B4/9/4K4 w - - 0 1", "", []string{"e0d0", "e0e1", "e0f0"})
	// A piece of the opponent as the screen pins the general too: it may not step aside
	// along a file... it has nowhere to go but the palace points off the file.
	checkAllTransforms(t, "4k4/9/9/9/4p4/9/9/9/9/4K4 w - - 0 1", "", []string{"e0d0", "e0e1", "e0f0"})
	// With two screens either may leave the file.
	checkAllTransforms(t, "4k4/9/9/9/4P4/4P4/9/9/9/4K4 w - - 0 1", "e5", []string{"e5d5", "e5e6", "e5f5"})
}

func TestXQ02GeneralMayNotFaceGeneral(t *testing.T) {
	c := ruleCase(t, "XQ02")
	want := sets(c.Expected)[0]
	require.Equal(t, []string{"e0e1", "e0f0"}, want)
	checkAllTransforms(t, c.FENs[0], "", want)
	for _, tr := range transforms {
		p := mustFEN(t, tr.fen(c.FENs[0]))
		_, err := p.ParseMove(tr.move("e0d0"))
		require.Error(t, err)
		assert.Contains(t, err.Error(), "generals facing")
	}
	// A piece between the generals makes the step legal.
	checkAllTransforms(t, "3k5/9/9/9/3P5/9/9/9/9/4K4 w - - 0 1", "e0", []string{"e0d0", "e0e1", "e0f0"})
	// Stepping forward onto the facing file is as illegal as stepping sideways.
	checkAllTransforms(t, "3k5/9/9/9/9/9/9/9/4K4/9 w - - 0 1", "e1", []string{"e1e0", "e1e2", "e1f1"})
}

// soldierMoves is the soldier rule from the rule book: one point forwards; sideways too
// once across the river; never backwards; on the last rank only sideways.
func soldierMoves(c Color, f, r int) []string {
	fwd := 1
	crossed := r >= 5
	if c == Black {
		fwd, crossed = -1, r <= 4
	}
	from := SquareAt(f, r).String()
	var out []string
	if to := SquareAt(f, r+fwd); to != NoSquare {
		out = append(out, from+to.String())
	}
	if crossed {
		for _, d := range []int{-1, 1} {
			if to := SquareAt(f+d, r); to != NoSquare {
				out = append(out, from+to.String())
			}
		}
	}
	slices.Sort(out)
	return out
}

func TestXQ05SoldierMoves(t *testing.T) {
	c := ruleCase(t, "XQ05")
	s := sets(c.Expected)
	require.Len(t, s, 1)
	checkAllTransforms(t, c.FENs[0], "e6", s[0])
	checkAllTransforms(t, StartFEN, "e3", []string{"e3e4"})
	// Every point a lone soldier may stand on, both colours (generals on d0 and f9, away
	// from the soldier's reach).
	for _, col := range []Color{Red, Black} {
		for sq := Square(0); sq < NumSquares; sq++ {
			f, r := sq.File(), sq.Rank()
			if (col == Red && r < 3) || (col == Black && r > 6) || sq == SquareAt(3, 0) || sq == SquareAt(5, 9) {
				continue
			}
			var p Position
			p.put(MakePiece(Red, General), SquareAt(3, 0))
			p.put(MakePiece(Black, General), SquareAt(5, 9))
			p.put(MakePiece(col, Soldier), sq)
			fen := p.FEN()
			if col == Black {
				fen = strings.Replace(fen, " w ", " b ", 1)
			}
			q, err := ParseFEN(fen)
			if err != nil { // the soldier would attack the general of the side to move's foe
				continue
			}
			want := soldierMoves(col, f, r)
			want = slices.DeleteFunc(want, func(m string) bool { // own general's point
				return m[2:] == "d0" && col == Red || m[2:] == "f9" && col == Black
			})
			if len(want) == 0 {
				want = nil
			}
			assert.Equal(t, want, movesFrom(q, sq.String()), fen)
		}
	}
}

func TestXQ06HorseLeg(t *testing.T) {
	c := ruleCase(t, "XQ06")
	checkAllTransforms(t, c.FENs[0], "b0", []string{"b0d1"})
	// All four legs of a horse on e4, each blocked in turn by a black soldier.
	all := []string{"e4d6", "e4f6", "e4d2", "e4f2", "e4c5", "e4c3", "e4g5", "e4g3"}
	legs := map[string][]string{"e5": {"e4d6", "e4f6"}, "e3": {"e4d2", "e4f2"}, "d4": {"e4c5", "e4c3"}, "f4": {"e4g5", "e4g3"}}
	for leg, blocked := range legs {
		var p Position
		p.put(MakePiece(Red, General), SquareAt(3, 0))
		p.put(MakePiece(Black, General), SquareAt(5, 9))
		p.put(MakePiece(Red, Horse), SquareAt(4, 4))
		p.put(MakePiece(Black, Soldier), SquareAt(int(leg[0]-'a'), int(leg[1]-'0')))
		want := slices.DeleteFunc(slices.Clone(all), func(m string) bool { return slices.Contains(blocked, m) })
		checkAllTransforms(t, p.FEN(), "e4", want)
	}
	// The same legs decide whether a horse gives check: black general e8, a red horse on
	// each of the six points that reach e8, its leg empty (check) or held by a black advisor.
	for _, h := range []struct{ horse, leg string }{{"c7", "d7"}, {"c9", "d9"}, {"g7", "f7"}, {"g9", "f9"}, {"d6", "d7"}, {"f6", "f7"}} {
		for _, blocked := range []bool{false, true} {
			var p Position
			p.put(MakePiece(Red, General), SquareAt(3, 0))
			p.put(MakePiece(Black, General), SquareAt(4, 8))
			p.put(MakePiece(Red, Horse), sqOf(h.horse))
			if blocked {
				p.put(MakePiece(Black, Advisor), sqOf(h.leg))
			}
			p.side = Black
			for _, tr := range transforms {
				q := mustFEN(t, tr.fen(p.FEN()))
				assert.Equal(t, !blocked, q.InCheck(), "horse %s leg %s blocked=%v %s: %s", h.horse, h.leg, blocked, tr, q.FEN())
			}
		}
	}
}

func sqOf(s string) Square { return SquareAt(int(s[0]-'a'), int(s[1]-'0')) }

func TestXQ08ElephantEyeAndRiver(t *testing.T) {
	c := ruleCase(t, "XQ08")
	s := sets(c.Expected)
	require.Len(t, s, 1)
	checkAllTransforms(t, c.FENs[0], "c4", []string{"c4a2"})
	checkAllTransforms(t, "3k5/9/9/9/9/2B6/9/9/9/4K4 w - - 0 1", "c4", s[0])
	// Elephant on e2: four eyes, each blocked in turn.
	all := []string{"e2c0", "e2g0", "e2c4", "e2g4"}
	eyes := map[string]string{"d1": "e2c0", "f1": "e2g0", "d3": "e2c4", "f3": "e2g4"}
	for eye, blocked := range eyes {
		var p Position
		p.put(MakePiece(Red, General), SquareAt(4, 0))
		p.put(MakePiece(Black, General), SquareAt(3, 9))
		p.put(MakePiece(Red, Elephant), sqOf("e2"))
		p.put(MakePiece(Black, Soldier), sqOf(eye))
		want := slices.DeleteFunc(slices.Clone(all), func(m string) bool { return m == blocked })
		checkAllTransforms(t, p.FEN(), "e2", want)
	}
	// On the river bank (g4) it may not cross: only the two points behind.
	checkAllTransforms(t, "3k5/9/9/9/9/6B2/9/9/9/4K4 w - - 0 1", "g4", []string{"g4e2", "g4i2"})
}

func TestXQ09AdvisorPalace(t *testing.T) {
	c := ruleCase(t, "XQ09")
	s := sets(c.Expected)
	require.Len(t, s, 1)
	checkAllTransforms(t, c.FENs[0], "d0", []string{"d0e1"})
	checkAllTransforms(t, "3k5/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1", "e1", s[0])
	// The other three corners.
	checkAllTransforms(t, "3k5/9/9/9/9/9/9/9/9/4KA3 w - - 0 1", "f0", []string{"f0e1"})
	checkAllTransforms(t, "3k5/9/9/9/9/9/9/3A5/9/4K4 w - - 0 1", "d2", []string{"d2e1"})
	checkAllTransforms(t, "3k5/9/9/9/9/9/9/5A3/9/4K4 w - - 0 1", "f2", []string{"f2e1"})
}

func TestXQ10CannonScreens(t *testing.T) {
	c := ruleCase(t, "XQ10")
	// The three positions of the case: 0, 1 and 2 screens on the i-file.
	want := map[string][]string{
		"3k4n/9/9/9/9/9/9/9/9/4K3C w - - 0 1":    {"i0i1", "i0i2", "i0i3", "i0i4", "i0i5", "i0i6", "i0i7", "i0i8"},
		"3k4n/9/9/9/8P/9/9/9/9/4K3C w - - 0 1":   {"i0i1", "i0i2", "i0i3", "i0i4", "i0i9"},
		"3k4n/9/9/8P/8P/9/9/9/9/4K3C w - - 0 1":  {"i0i1", "i0i2", "i0i3", "i0i4"},
		"3k4n/9/9/8P/8P/8P/9/9/9/4K3C w - - 0 1": {"i0i1", "i0i2", "i0i3"},
		"3k4n/9/9/9/8p/9/9/9/9/4K3C w - - 0 1":   {"i0i1", "i0i2", "i0i3", "i0i4", "i0i9"}, // a foe as the screen
		"3k4n/8r/9/9/9/9/9/9/9/4K3C w - - 0 1":   {"i0i1", "i0i2", "i0i3", "i0i4", "i0i5", "i0i6", "i0i7", "i0i9"},
		"3k4n/8r/9/9/8P/9/9/9/9/4K3C w - - 0 1":  {"i0i1", "i0i2", "i0i3", "i0i4", "i0i8"}, // captures the first piece past the screen
	}
	require.Contains(t, c.FENs[0], "3k4n/9/9/9/9/9/9/9/9/4K3C")
	for fen, w := range want {
		for _, tr := range transforms {
			p := mustFEN(t, tr.fen(fen))
			got := slices.DeleteFunc(movesFrom(p, tr.sq("i0")), func(m string) bool { return m[2] != tr.sq("i0")[0] })
			assert.Equal(t, tr.moves(w), got, "%s: %s", tr, p.FEN())
		}
	}
	// The same along a rank: a cannon on a5, the target black horse on i5.
	rank := map[string][]string{
		"3k5/9/9/9/C7n/9/9/9/9/4K4 w - - 0 1":    {"a5b5", "a5c5", "a5d5", "a5e5", "a5f5", "a5g5", "a5h5"},
		"3k5/9/9/9/C3P3n/9/9/9/9/4K4 w - - 0 1":  {"a5b5", "a5c5", "a5d5", "a5i5"},
		"3k5/9/9/9/C2PP3n/9/9/9/9/4K4 w - - 0 1": {"a5b5", "a5c5"},
	}
	for fen, w := range rank {
		for _, tr := range transforms {
			p := mustFEN(t, tr.fen(fen))
			from := tr.sq("a5")
			got := slices.DeleteFunc(movesFrom(p, from), func(m string) bool { return m[3] != from[1] })
			assert.Equal(t, tr.moves(w), got, "%s: %s", tr, p.FEN())
		}
	}
	// And for checks: a red cannon on e5 attacks the black general e9 over exactly one
	// screen (a black advisor on e8); with none, or a second one on e6, there is no check.
	for fen, check := range map[string]bool{
		"4k4/9/9/9/4C4/9/9/9/9/3K5 b - - 0 1":     false,
		"4k4/4a4/9/9/4C4/9/9/9/9/3K5 b - - 0 1":   true,
		"4k4/4a4/9/4p4/4C4/9/9/9/9/3K5 b - - 0 1": false,
	} {
		for _, tr := range transforms {
			p := mustFEN(t, tr.fen(fen))
			assert.Equal(t, check, p.InCheck(), "%s: %s", tr, p.FEN())
		}
	}
}

func TestXQ12StalemateLoses(t *testing.T) {
	c := ruleCase(t, "XQ12")
	require.Len(t, c.FENs, 2)
	require.Contains(t, c.Expected, "0-1 in the 2nd, 1-0 in the 1st")
	winners := []Status{RedWins, BlackWins} // from the expected text: 1-0 in the 1st, 0-1 in the 2nd
	for i, fen := range c.FENs {
		for _, tr := range transforms {
			p := mustFEN(t, tr.fen(fen))
			assert.Empty(t, p.LegalMoves(nil), fen)
			assert.False(t, p.InCheck(), fen)
			assert.True(t, p.LossOnStalemate())
			want := winners[i]
			if tr.flip {
				want = map[Status]Status{RedWins: BlackWins, BlackWins: RedWins}[want]
			}
			assert.Equal(t, Result{Status: want, Reason: Stalemate}, NewGame(p).Result(), "%s: %s", tr, p.FEN())
		}
	}
}

func TestXQ13Checkmate(t *testing.T) {
	c := ruleCase(t, "XQ13")
	require.Len(t, c.FENs, 5)
	for _, fen := range c.FENs {
		for _, tr := range transforms {
			p := mustFEN(t, tr.fen(fen))
			assert.True(t, p.InCheck(), "%s: %s", tr, p.FEN())
			assert.Empty(t, p.LegalMoves(nil), "%s: %s", tr, p.FEN())
			r := NewGame(p).Result()
			assert.Equal(t, Checkmate, r.Reason)
			w, ok := r.Winner()
			assert.True(t, ok)
			assert.Equal(t, p.SideToMove().Other(), w)
		}
	}
}

func TestXQ14StartPerft(t *testing.T) {
	c := ruleCase(t, "XQ14")
	re := regexp.MustCompile(`d(\d)=(\d+)`)
	p := mustFEN(t, c.FENs[0])
	n := 0
	for _, m := range re.FindAllStringSubmatch(c.Expected, -1) {
		d, _ := strconv.Atoi(m[1])
		want, _ := strconv.ParseUint(m[2], 10, 64)
		if want > race.PerftMaxNodes { // deeper counts run in BenchmarkPerftStart
			continue
		}
		assert.Equal(t, want, p.Perft(d), "depth %d", d)
		n++
	}
	require.GreaterOrEqual(t, n, 3)
	// The mirror image has the same counts.
	q := mustFEN(t, transform{mirror: true, flip: true}.fen(c.FENs[0]))
	assert.Equal(t, p.Perft(3), q.Perft(3))
}

func TestXQ17Repetition(t *testing.T) {
	c := ruleCase(t, "XQ17")
	seqs := regexp.MustCompile(`[a-i]\d[a-i]\d(?: [a-i]\d[a-i]\d)+`).FindAllString(c.Query, -1)
	require.Len(t, seqs, 2)
	for _, seq := range seqs {
		g := NewGame(mustFEN(t, c.FENs[0]))
		moves := strings.Fields(seq)
		require.Len(t, moves, 8)
		for i, ms := range moves {
			_, err := g.PushString(ms)
			require.NoError(t, err)
			r := g.Result()
			if i < len(moves)-1 {
				assert.Equal(t, Result{}, r, "after ply %d of %s", i+1, seq)
			} else {
				assert.Equal(t, Result{Status: DrawnGame, Reason: Repetition}, r, "after ply %d of %s", i+1, seq)
			}
		}
		_, err := g.PushString("h0g2")
		assert.Error(t, err, "no move after the game ended")
		g.SetRepetitionCount(4)
		assert.Equal(t, Result{}, g.Result())
		g.SetRepetitionCount(DefaultRepetitionCount)

		// Continue plays on past the draw (as a GUI may); an illegal move is still refused.
		assert.Error(t, g.Continue(NewMove(SquareAt(7, 0), SquareAt(7, 2))), "h0h2 is not a horse move")
		require.NoError(t, g.Continue(mustMove(t, g, "h2e2")))
		assert.Equal(t, 9, g.Len())
		assert.Equal(t, Result{}, g.Result(), "the position after the ninth ply has not repeated")
		assert.Len(t, g.History(), 9)
	}
}

// TestPerpetualCheck: the side that checks on every move of the cycle loses; both sides
// checking throughout, or neither, is a draw.
func TestPerpetualCheck(t *testing.T) {
	// Red's chariot checks along rank 9 and rank 8 while the black general steps f9<->f8:
	// every Red move checks, no Black move does. The start position occurs for the third
	// time after 8 plies, and Red loses.
	fen := "5k3/R8/9/9/9/9/9/9/4A4/4K4 w - - 0 1"
	cycle := []string{"a8a9", "f9f8", "a9a8", "f8f9"}
	for _, tr := range transforms {
		g := NewGame(mustFEN(t, tr.fen(fen)))
		for i := 0; i < 8; i++ {
			assert.Equal(t, Result{}, g.Result(), "%s before ply %d", tr, i+1)
			require.NoError(t, g.Push(mustMove(t, g, tr.move(cycle[i%4]))), "%s ply %d", tr, i+1)
		}
		loser := Red
		if tr.flip {
			loser = Black
		}
		r := g.Result()
		assert.Equal(t, winFor(loser.Other(), PerpetualCheck).Status, r.Status, "%s: %s", tr, g)
		assert.Equal(t, PerpetualCheck, r.Reason, "%s: %s", tr, g)
		assert.Equal(t, loser.Other().String()+" wins by perpetual check", r.String())
		// The last check was a9a8, from a8 on the general on f8.
		assert.Equal(t, loser.String()+" loses: perpetual check — the chariot on "+tr.sq("a8")+" gave check with every move", r.Explain())
		assert.Equal(t, []string{tr.sq("a8"), tr.sq("f8")}, []string{r.Squares()[0].String(), r.Squares()[1].String()})
	}
	// The search's judge directly: the last entry is the position with the side to move to
	// judge; no chase is recorded.
	cases := []struct {
		checks []bool
		want   string
	}{
		{[]bool{false, true, false, true}, "Win"},    // the opponent checked on every move
		{[]bool{true, false, true, false}, "Loss"},   // we checked on every move
		{[]bool{true, true, true, true}, "Draw"},     // both
		{[]bool{false, false, false, false}, "Draw"}, // neither
		{[]bool{false, true, false, false}, "Draw"},  // the opponent's checks were interrupted
	}
	for _, c := range cases {
		cycle := make([]gamesearch.CyclePly, len(c.checks))
		for i, ch := range c.checks {
			cycle[i].InCheck = ch
		}
		p := Start()
		assert.Equal(t, c.want, outcomeName(p.JudgeRepetition(cycle)), "%v", c.checks)
	}
}

func mustMove(t *testing.T, g *Game, s string) Move {
	t.Helper()
	p := g.Position()
	m, err := p.ParseMove(s)
	require.NoError(t, err, "%s in %s", s, p.FEN())
	return m
}

func outcomeName(o gamesearch.Outcome) string {
	return map[gamesearch.Outcome]string{gamesearch.Draw: "Draw", gamesearch.Win: "Win", gamesearch.Loss: "Loss"}[o]
}

func TestXQ18FENDialects(t *testing.T) {
	c := ruleCase(t, "XQ18")
	require.Len(t, c.FENs, 3)
	require.Contains(t, c.Expected, "r and w both mean Red to move")
	wantSide := []Color{Red, Black, Red}
	wantFEN := []string{StartFEN, strings.Replace(StartFEN, " w ", " b ", 1), StartFEN}
	for i, fen := range c.FENs {
		p := mustFEN(t, fen)
		assert.Equal(t, wantSide[i], p.SideToMove(), fen)
		assert.Equal(t, wantFEN[i], p.FEN(), fen)
	}
	// H/E in black too, with any number of optional fields.
	for _, fen := range []string{
		"rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r",
		"rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w - -",
		"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0",
	} {
		p := mustFEN(t, fen)
		assert.Equal(t, StartFEN, p.FEN(), fen)
	}
}

func TestXQ19FENValidation(t *testing.T) {
	c := ruleCase(t, "XQ19")
	require.Len(t, c.FENs, 5)
	for _, fen := range c.FENs {
		_, err := ParseFEN(fen)
		require.Error(t, err, fen)
		assert.True(t, strings.HasPrefix(err.Error(), "xiangqi: FEN: "), err.Error())
	}
	_, err := ParseFEN(c.FENs[4])
	assert.EqualError(t, err, "xiangqi: FEN: red elephant on d0 is not an elephant point")
	// The whole kind: each check names the side and square, for both colours.
	bad := []struct{ fen, msg string }{
		{"9/9/9/9/9/9/9/9/9/9 w - - 0 1", "no red general"},
		{"4k4/9/9/9/9/9/9/9/9/9 w - - 0 1", "no red general"},
		{"9/9/9/9/9/9/9/9/9/4K4 w - - 0 1", "no black general"},
		{"4k4/9/9/9/9/9/9/9/4K4/4K4 w - - 0 1", "red has 2 generals (e0, e1), want 1"},
		{"4k4/9/9/9/9/9/9/9/9/6K2 w - - 0 1", "red general on g0 is outside its palace"},
		{"9/9/9/9/4k4/9/9/9/9/4K4 w - - 0 1", "black general on e5 is outside its palace"},
		{"4k4/9/9/9/9/9/9/9/9/3KA4 w - - 0 1", "red advisor on e0 is not an advisor point"},
		{"3ka4/9/9/9/9/9/9/9/9/3K5 w - - 0 1", "black advisor on e9 is not an advisor point"},
		{"3k5/9/9/9/9/9/9/9/9/3AK4 w - - 0 1", ""},
		{"4k4/9/9/9/9/9/9/9/9/4K3B w - - 0 1", "red elephant on i0 is not an elephant point"},
		{"4k4/9/9/9/9/9/9/4B4/9/3K5 w - - 0 1", ""},
		{"4k4/9/9/9/4B4/9/9/9/9/3K5 w - - 0 1", "red elephant on e5 is not an elephant point"},
		{"3k5/9/9/9/9/4b4/9/9/9/4K4 w - - 0 1", "black elephant on e4 is not an elephant point"},
		{"4k4/9/9/9/9/9/9/9/P8/3K5 w - - 0 1", "red soldier on a1 is behind its starting rank"},
		{"4k4/p8/9/9/9/9/9/9/9/3K5 w - - 0 1", "black soldier on a8 is behind its starting rank"},
		{"4k4/9/9/9/9/9/PPPPPP3/9/9/3K5 w - - 0 1", "red has 6 soldiers (a3, b3, c3, d3, e3, f3), at most 5 allowed"},
		{"4k4/9/9/9/9/9/9/9/9/NNN1K4 w - - 0 1", "red has 3 horses (a0, b0, c0), at most 2 allowed"},
		{"4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", "the generals face each other on the open e-file (e0 and e9)"},
		{"4k4/9/9/9/9/9/9/9/9/4K4 b - - 0 1", "the generals face each other on the open e-file (e0 and e9)"},
		{"4k4/9/9/9/4R4/9/9/9/9/3K5 w - - 0 1", "black general on e9 is in check but it is red to move"},
		{"4k4/9/9/9/9/9/9/9/9/3Kr4 b - - 0 1", "red general on d0 is in check but it is black to move"},
		{"4k4/9/9/9/9/9/9/9/9/3Kr4 w - - 0 1", ""},
		{"4k4/9/9/9/9/9/9/9/9/3K5 x - - 0 1", `side to move "x" (field 2): want w or r (Red) or b (Black)`},
		{"4k4/9/9/9/9/9/9/9/9/3K5", "missing side to move (field 2)"},
		{"garbage", `"garbage" is not a board: want 10 ranks separated by '/' (the 9th rank first), then the side to move`},
		{"", "empty"},
		{"4k4/9/9/9/9/9/9/9/9/3K5 w KQ - 0 1", `field 3 is "KQ", want - (xiangqi has no castling or en passant)`},
		{"4k4/9/9/9/9/9/9/9/9/3K5 w - - x 1", `halfmove clock "x" (field 5): want plies since the last capture, 0 to 65535`},
		{"4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 0", `fullmove number "0" (field 6): want a number from 1`},
		{"4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1 extra", "7 fields, want 2 to 6 (board, side, -, -, halfmove clock, fullmove number)"},
		{"4k4/9/9/9/9/9/9/9/3K5 w - - 0 1", "board has 9 ranks, want 10"},
		{"4k4/9/9/9/9/9/9/9/9/3K6 w - - 0 1", `rank 0 (the 10th rank field "3K6") has more than 9 points`},
		{"4k4/9/9/9/9/9/9/9/9/3K4 w - - 0 1", `rank 0 (the 10th rank field "3K4") has 8 points, want 9`},
		{"4k4/9/9/9/8X/9/9/9/9/3K5 w - - 0 1", "unknown piece letter 'X' on i5"},
	}
	for _, b := range bad {
		for _, col := range []bool{false, true} {
			fen, msg := b.fen, b.msg
			if col && b.fen != "" && strings.Count(b.fen, "/") == 9 && !strings.Contains(msg, "field") &&
				!strings.Contains(msg, "rank") && !strings.Contains(msg, "letter") {
				// The same fault with the colours swapped names the other side.
				fen = transform{flip: true}.fen(b.fen)
				msg = swapColourWords(msg)
			} else if col {
				continue
			}
			if col && strings.HasPrefix(b.fen, "9/9/9/9/9/9/9/9/9/9") {
				continue // no general at all: Red is named first either way
			}
			_, err := ParseFEN(fen)
			if msg == "" {
				assert.NoError(t, err, fen)
				continue
			}
			if assert.Error(t, err, fen) {
				assert.Equal(t, "xiangqi: FEN: "+msg, err.Error(), fen)
			}
		}
	}
}

// swapColourWords turns a message about Red into the one about Black and back, with the
// squares seen from the other side.
func swapColourWords(msg string) string {
	r := strings.NewReplacer("red", "black", "black", "red")
	msg = r.Replace(msg)
	sq := regexp.MustCompile(`\b([a-i])(\d)\b`)
	msg = sq.ReplaceAllStringFunc(msg, func(s string) string { return transform{flip: true}.sq(s) })
	if strings.Contains(msg, "(e9 and e0)") {
		msg = strings.Replace(msg, "(e9 and e0)", "(e0 and e9)", 1)
	}
	// Square lists are written in board order.
	if i := strings.Index(msg, "("); i >= 0 && strings.Contains(msg, "at most") || strings.Contains(msg, "generals (") {
		j := strings.Index(msg[i:], ")")
		list := strings.Split(msg[i+1:i+j], ", ")
		slices.SortFunc(list, func(a, b string) int { return int(sqOf(a)) - int(sqOf(b)) })
		msg = msg[:i+1] + strings.Join(list, ", ") + msg[i+j:]
	}
	return msg
}

func TestXQ20CoordinateNotations(t *testing.T) {
	c := ruleCase(t, "XQ20")
	ours := strings.Fields(strings.TrimPrefix(c.Query, "ICCS "))
	fsf := regexp.MustCompile(`[a-i]\d+[a-i]\d+`).FindAllString(c.Expected[:strings.Index(c.Expected, ";")], -1)
	wxf := regexp.MustCompile(`[A-Z]\d[=+\-.]\d`).FindAllString(c.Expected, -1)
	require.Len(t, ours, 6)
	require.Len(t, fsf, 6)
	require.Len(t, wxf, 6)
	g := NewGame(mustFEN(t, c.FENs[0]))
	for i, s := range ours {
		p := g.Position()
		m, err := p.ParseMove(s)
		require.NoError(t, err, s)
		assert.Equal(t, s, m.UCI())
		assert.Equal(t, strings.ToUpper(s[:2])+"-"+strings.ToUpper(s[2:]), m.ICCS())
		assert.Equal(t, fsf[i], toFSF(m))
		back, ok := fromFSF(fsf[i])
		assert.True(t, ok)
		assert.Equal(t, m, back)
		assert.Equal(t, strings.ReplaceAll(wxf[i], "=", "."), p.WXF(m))
		fromWXF, err := p.ParseMove(wxf[i])
		require.NoError(t, err, wxf[i])
		assert.Equal(t, m, fromWXF, wxf[i])
		iccs, err := p.ParseMove(m.ICCS())
		require.NoError(t, err)
		assert.Equal(t, m, iccs)
		require.NoError(t, g.Push(m))
	}
}

// toFSF writes m as Fairy-Stockfish does for xiangqi: ranks 1-10.
func toFSF(m Move) string {
	return fmt.Sprintf("%c%d%c%d", 'a'+m.From().File(), m.From().Rank()+1, 'a'+m.To().File(), m.To().Rank()+1)
}

// fromFSF reads a Fairy-Stockfish xiangqi move ("h10g8").
func fromFSF(s string) (Move, bool) {
	m := regexp.MustCompile(`^([a-i])(\d+)([a-i])(\d+)$`).FindStringSubmatch(s)
	if m == nil {
		return NoMove, false
	}
	r1, _ := strconv.Atoi(m[2])
	r2, _ := strconv.Atoi(m[4])
	from, to := SquareAt(int(m[1][0]-'a'), r1-1), SquareAt(int(m[3][0]-'a'), r2-1)
	if from == NoSquare || to == NoSquare {
		return NoMove, false
	}
	return NewMove(from, to), true
}

// TestXQ21TandemPawns: the case's order+file forms (Fairy-Stockfish's, after the World
// Xiangqi Rules 2018) read as the case's moves, and WXF() writes the forms of the WXF
// notation page (wxf.org, "Official Xiangqi piece names and notation", tandem pawns (I) and
// (IV)), which read back as the same moves, in the position as given and in its images.
func TestXQ21TandemPawns(t *testing.T) {
	c := ruleCase(t, "XQ21")
	require.Len(t, c.FENs, 2)
	moveRE := regexp.MustCompile(`[a-i]\d[a-i]\d`)
	wxfRE := regexp.MustCompile(`\d\d[=+\-.]\d`)
	q := strings.SplitN(c.Query, ";", 2)
	e := strings.SplitN(c.Expected, "FEN2", 2)
	// The WXF page's forms: three soldiers on a file are P+ / P<file> / P-; soldiers doubled
	// on two files are named by the file and + or -.
	page := [][]string{{"P+.6", "P5.6", "P-+1"}, {"6-.5", "4-.5"}}
	for i := range c.FENs {
		moves := moveRE.FindAllString(q[i], -1)
		wxfs := wxfRE.FindAllString(e[i], -1)
		require.Len(t, wxfs, len(moves))
		require.Len(t, page[i], len(moves))
		require.NotEmpty(t, moves)
		for _, tr := range transforms {
			p := mustFEN(t, tr.fen(c.FENs[i]))
			for j, ms := range moves {
				m, err := p.ParseMove(tr.move(ms))
				require.NoError(t, err)
				// The notation counts files from each side's own right, so the image turned
				// half a circle (mirrored and colours swapped) has the same text, and the
				// images with one of the two changes have mirrored files.
				ordered, want := strings.ReplaceAll(wxfs[j], "=", "."), page[i][j]
				if tr.mirror != tr.flip {
					ordered, want = mirrorWXF(ordered), mirrorWXFPage(want)
				}
				got, err := p.ParseMove(ordered)
				require.NoError(t, err, ordered)
				assert.Equal(t, m, got, "%s %s: %s", tr, ordered, p.FEN())
				assert.Equal(t, want, p.WXF(m), "%s %s: %s", tr, ms, p.FEN())
				back, err := p.ParseMove(strings.Replace(want, ".", "=", 1))
				require.NoError(t, err, want)
				assert.Equal(t, m, back, want)
			}
		}
	}
	// Two pieces of a kind on one file: +X / -X.
	p := mustFEN(t, "3k5/9/9/9/9/9/9/7R1/9/4K2R1 w - - 0 1")
	front, err := p.ParseMove("+R.5")
	require.NoError(t, err)
	assert.Equal(t, "h2e2", front.UCI())
	rear, err := p.ParseMove("-R=3")
	require.NoError(t, err)
	assert.Equal(t, "h0g0", rear.UCI())
	assert.Equal(t, "R-.3", p.WXF(rear))
	assert.Equal(t, "R++1", p.WXF(mustParse(t, p, "h2h3")))
	alt, err := p.ParseMove("R+.5")
	require.NoError(t, err)
	assert.Equal(t, front, alt)
	_, err = p.ParseMove("R2.3") // both chariots stand on file 2 and both can go to file 3
	require.Error(t, err)
	assert.Contains(t, err.Error(), "ambiguous")
}

func mustParse(t *testing.T, p Position, s string) Move {
	t.Helper()
	m, err := p.ParseMove(s)
	require.NoError(t, err, s)
	return m
}

// mirrorWXFPage maps a move in the WXF page's forms to its left-right mirror image: every
// digit before the direction is a file.
func mirrorWXFPage(s string) string {
	b := []byte(s)
	for i := 0; i < 2; i++ {
		if b[i] >= '1' && b[i] <= '9' {
			b[i] = '0' + 10 - (b[i] - '0')
		}
	}
	if b[2] == '.' || strings.IndexByte("AEH", b[0]) >= 0 {
		b[3] = '0' + 10 - (b[3] - '0')
	}
	return string(b)
}

// mirrorWXF maps a WXF move to its left-right mirror image (files n <-> 10-n).
func mirrorWXF(s string) string {
	b := []byte(s)
	if b[1] >= '1' && b[1] <= '9' {
		b[1] = '0' + 10 - (b[1] - '0')
	}
	if b[2] == '.' || strings.IndexByte("AEH", b[0]) >= 0 {
		b[3] = '0' + 10 - (b[3] - '0')
	}
	return string(b)
}
