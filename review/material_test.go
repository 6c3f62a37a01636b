package review

import (
	"context"
	"testing"

	"github.com/cotuong-ai/cotuong/engine"
)

// wantWords checks that the last move of spec is a blunder for reason with these words.
func wantWords(t *testing.T, v engine.Variant, spec string, reason Reason, want string) {
	t.Helper()
	m := last(reviewOf(t, v, spec, Standard))
	if m.Mark != Blunder || m.Reason != reason || m.Words != want {
		t.Errorf("got %s (%s) %q, want a blunder (%s) %q", m.Mark, m.Reason, m.Words, reason, want)
	}
}

// 3. Qxf7+ takes a pawn and gives the queen for it. Truth: Stockfish 15.1 (go depth 18)
// scores the position before −0.21 for White (best f1c4) and after h5f7 +6.06 for Black, its
// line starting e8f7: the king takes the queen.
func TestLosesQueenForPawn(t *testing.T) {
	wantWords(t, engine.Chess, "startpos moves e2e4 e7e5 d1h5 b8c6 h5f7", MaterialLost,
		"3. Qxf7+?? loses the queen for a pawn: Kxf7 takes it next move.")
}

// 2. C5+4 takes the central soldier and gives the cannon for it. Truth: Fairy-Stockfish 11.1
// (UCI_Variant xiangqi, go depth 18) scores the position before +0.31 for Red (best h0g2, its
// h1g3) and after e2e6 +5.01 for Black, its line starting g7e6 (its g8e7): the horse takes
// the cannon (H7+5 in WXF, Black's files counted from its right).
func TestLosesCannonForSoldier(t *testing.T) {
	wantWords(t, engine.Xiangqi, "startpos moves h2e2 h9g7 e2e6", MaterialLost,
		"2. C5+4?? loses the cannon for a soldier: H7+5 takes it next move.")
}

// E5+7 takes a cannon and leaves the chariot on h9 to the cannon on h1 (position from a
// seeded engine-vs-engine game). Truth: Fairy-Stockfish 11.1 (go depth 20) scores the
// position before +6.81 for Black (best h7h0, its h8h1: the cannon takes the horse) and after
// e7g5 +4.17 for Red, its line starting h1h9 (its h2h10): the cannon takes the chariot.
func TestLosesChariotForCannon(t *testing.T) {
	wantWords(t, engine.Xiangqi, "fen rn1a1a1r1/4kc3/b3b2cn/p1p1p1p1p/6C2/8P/P1P1P1P2/4B3R/R6C1/1NBAKA1N1 b - - 19 10 moves e7g5",
		MaterialLost, "10… E5+7?? loses the chariot for a cannon: C2+8 takes it next move.")
}

// plies builds a line of captures: each letter is the piece the ply takes ('.' none), the
// plies alternating from mover.
func plies(v engine.Variant, mover engine.Side, taken string) []ply {
	var out []ply
	by := mover
	for i := 0; i < len(taken); i++ {
		p := ply{text: "m" + string(rune('1'+i)), by: by, num: 1 + i/2}
		if taken[i] != '.' {
			p.captured = taken[i]
			p.piece, _ = engine.Piece(v, taken[i])
		}
		out = append(out, p)
		by = by.Other()
	}
	return out
}

// The choice between a piece lost and a piece missed, by the xiangqi values of package
// engine's SEE (soldier 100, advisor 200, horse 400, cannon 450, chariot 900): the larger
// amount is the reason, and neither is said when it is small beside the score's drop.
func TestMaterialChoosesTheLargerAmount(t *testing.T) {
	v, red := engine.Xiangqi, engine.First
	cases := []struct {
		name         string
		played, best string // Red moves first; upper case Red's pieces, lower case Black's
		swing        int
		reason       Reason
		wantWords    string
	}{
		{"a soldier lost where a horse could be won is a missed horse", ".P", "n.", 400,
			MaterialMissed, "X?! misses m1, winning a horse: 1. m1 m2."},
		{"a horse lost where a soldier could be won is a lost horse", ".N", "p.", 400,
			MaterialLost, "X?! loses the horse: m2 takes it next move."},
		{"a horse lost is not why the score dropped fourteen pawns", ".N", "..", 1400, NoReason, ""},
		{"a horse taken in both lines is not missed, nor what the cannon is lost for", "nC", "n.", 450,
			MaterialLost, "X?! loses the cannon: m2 takes it next move."},
		{"a chariot is not lost for a chariot and a soldier", ".R.HrP", "....", 700, NoReason, ""},
	}
	for _, c := range cases {
		px := countExchange(plies(v, red, c.played), red)
		bx := countExchange(plies(v, red, c.best), red)
		r, words, ok := material(v, "X?!", red, px, bx, c.swing, func(Reason, byte, int) bool { return true },
			func(int, ply) bool { return true })
		if r != c.reason || words != c.wantWords || ok != (c.reason != NoReason) {
			t.Errorf("%s: got %s %q %v", c.name, r, words, ok)
		}
	}
}

// A missing analysis is named as such, and a hint or threat asked with a context already
// ended searches nothing and suggests nothing (a move never searched, scored 0.00, would look
// like a real answer).
func TestNothingToJudgeOrSearch(t *testing.T) {
	g, err := engine.ParseGame(engine.Chess, "startpos moves e2e4")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Judge(g, nil, Standard); err != ErrNoAnalysis {
		t.Errorf("Judge without an analysis: %v, want ErrNoAnalysis", err)
	}
	if _, err := Judge(nil, &Analysis{}, Standard); err != ErrNoGame {
		t.Errorf("Judge without a game: %v, want ErrNoGame", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if h, ok := Hint(ctx, nil, g, Budget{Nodes: 1000}, Standard); ok {
		t.Errorf("a hint with an ended context: %+v", h)
	}
	if tr := Threats(ctx, nil, g, Budget{Nodes: 1000}, Standard); tr.Available || tr.HasBest || tr.Why != "not searched: context canceled" {
		t.Errorf("threats with an ended context: %+v", tr)
	}
}

// A material reason is said only when the second opinion's line takes the same piece: the
// cannon of C5+4 (TestLosesCannonForSoldier) is lost by the horse's capture in the network's
// line too; a second line that does not take it withdraws the reason, and an analysis
// without second opinions (Checked false, text version 1) keeps its own.
func TestSecondOpinionDecidesMaterial(t *testing.T) {
	g, err := engine.ParseGame(engine.Xiangqi, "startpos moves h2e2 h9g7 e2e6")
	if err != nil {
		t.Fatal(err)
	}
	a, err := Analyze(context.Background(), g, Options{Nodes: 50_000}) // cheap under -race
	if err != nil {
		t.Fatal(err)
	}
	after := &a.Evals[3]
	if !a.Checked || len(after.Check) < 1 || g.Clone().UCI(after.Check[0]) != "g7e6" {
		t.Fatalf("Checked %v, the check after e2e6: %v", a.Checked, after.Check)
	}
	judge := func() MoveReview {
		t.Helper()
		r, err := Judge(g, a, Standard)
		if err != nil {
			t.Fatal(err)
		}
		return last(r)
	}
	if m := judge(); m.Reason != MaterialLost {
		t.Fatalf("with the second opinion: %s %q", m.Reason, m.Words)
	}
	text, _ := a.MarshalText()
	b, err := Parse(text, g)
	if err != nil || !b.Checked || len(b.Evals[3].Check) != len(after.Check) {
		t.Fatalf("the checks do not read back: %v\n%s", err, text)
	}
	// CheckReasons on its own: errors for nothing to check, ctx's error (Checked false) when
	// cancelled, and the same line again (a new searcher, node budgets: deterministic).
	if CheckReasons(context.Background(), nil, b, Options{}) != ErrNoGame ||
		CheckReasons(context.Background(), g, nil, Options{}) != ErrNoAnalysis {
		t.Error("CheckReasons with nothing to check")
	}
	b.Checked, b.Evals[3].Check = false, nil
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	if err := CheckReasons(cancelled, g, b, Options{}); err != context.Canceled || b.Checked {
		t.Errorf("cancelled: %v, Checked %v", err, b.Checked)
	}
	if err := CheckReasons(context.Background(), g, b, Options{}); err != nil || !b.Checked {
		t.Fatalf("CheckReasons: %v, Checked %v", err, b.Checked)
	}
	if again, _ := b.MarshalText(); string(again) != string(text) {
		t.Errorf("checked again:\n%s\nfirst:\n%s", again, text)
	}
	// Black answers a9a8 (R9+1) instead: the cannon stays on the board in that line.
	pos := g.Clone()
	quiet, err := pos.ParseUCI("a9a8")
	if err != nil {
		t.Fatal(err)
	}
	after.Check = []engine.Move{quiet}
	if m := judge(); m.Reason != NoReason || m.Mark != Blunder {
		t.Errorf("a second line that takes nothing: %s (%s) %q", m.Mark, m.Reason, m.Words)
	}
	after.Check = nil
	if m := judge(); m.Reason != NoReason {
		t.Errorf("no second line in a checked analysis: %s %q", m.Reason, m.Words)
	}
	a.Checked = false
	if m := judge(); m.Reason != MaterialLost {
		t.Errorf("an unchecked analysis: %s %q", m.Reason, m.Words)
	}
}

// checkTakes: the second line must take the piece and leave its owner down material at the
// end of the exchange: exd5 Qxd5 takes the d-pawn but wins nothing; exd5 Nf6 keeps the pawn.
func TestCheckTakesCountsTheExchange(t *testing.T) {
	g, err := engine.ParseGame(engine.Chess, "startpos moves e2e4 d7d5")
	if err != nil {
		t.Fatal(err)
	}
	line := func(uci ...string) []engine.Move {
		c := g.Clone()
		var out []engine.Move
		for _, u := range uci {
			m, err := c.ParseUCI(u)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, m)
			if err := c.Push(m); err != nil {
				t.Fatal(err)
			}
		}
		return out
	}
	if checkTakes(g, line("e4d5", "d8d5", "b1c3"), 'p', 100) {
		t.Error("exd5 Qxd5: the pawn is taken back, yet counted as lost")
	}
	if !checkTakes(g, line("e4d5", "g8f6"), 'p', 100) {
		t.Error("exd5 Nf6: the pawn is lost, yet not counted")
	}
	if checkTakes(g, line("b1c3", "g8f6"), 'p', 100) {
		t.Error("no capture, yet counted")
	}
}

// A like-for-like trade changes no material (a queen for a queen, a chariot for a chariot):
// traded cancels it and keeps what is left on either side, the two sides' letters being the
// FEN letters in opposite cases.
func TestTradedCancelsLikeForLike(t *testing.T) {
	lost, won := traded(map[byte]int{'q': 1, 'n': 1}, map[byte]int{'Q': 1, 'P': 2})
	if len(lost) != 1 || lost['n'] != 1 || len(won) != 1 || won['P'] != 2 {
		t.Errorf("queen for queen, a knight lost and two pawns won: got lost %v, won %v", lost, won)
	}
	lost, won = traded(map[byte]int{'R': 2}, map[byte]int{'r': 1})
	if len(lost) != 1 || lost['R'] != 1 || len(won) != 0 {
		t.Errorf("two chariots for one: got lost %v, won %v", lost, won)
	}
}
