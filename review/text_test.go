package review

import (
	"bytes"
	"context"
	"errors"
	"math"
	"testing"

	"github.com/cotuong-ai/cotuong/engine"
	"github.com/cotuong-ai/cotuong/gamesearch"
)

// textGame is the game of the text-form tests: a mate delivered (Scholar's mate).
const textGame = "startpos moves e2e4 e7e5 d1h5 b8c6 f1c4 g8f6 h5f7"

func TestTextRoundTrip(t *testing.T) {
	g, err := engine.ParseGame(engine.Chess, textGame)
	if err != nil {
		t.Fatal(err)
	}
	a, err := Analyze(context.Background(), g, Options{Nodes: 5000})
	if err != nil {
		t.Fatal(err)
	}
	text, err := a.MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%s", text)
	b, err := Parse(text, g)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := b.MarshalText()
	if !bytes.Equal(text, again) {
		t.Errorf("round trip changed the text:\n%s\n%s", text, again)
	}
	if !b.Evals[len(b.Evals)-1].Over || b.Evals[len(b.Evals)-1].Score != -gamesearch.Mate {
		t.Errorf("the mated position reads back as %+v", b.Evals[len(b.Evals)-1])
	}
	if b.Evals[6].Score != gamesearch.Mate-1 {
		t.Errorf("mate in 1 reads back as %d", b.Evals[6].Score)
	}
	if !b.Checked || !bytes.HasPrefix(text, []byte("review 2 chess 5000\n")) {
		t.Errorf("an analysis by Analyze reads back with Checked %v", b.Checked)
	}
	verified := 0
	for i, e := range b.Evals {
		if e.Nodes != a.Evals[i].Nodes {
			t.Errorf("position %d: budget %d reads back as %d", i, a.Evals[i].Nodes, e.Nodes)
		}
		if e.Nodes != 0 {
			verified++
			if e.Nodes != VerifyFactor*5000 {
				t.Errorf("position %d verified at %d nodes", i, e.Nodes)
			}
		}
	}
	if verified == 0 { // 6. ... Nf6?? allows mate in 1
		t.Error("no position was verified")
	}
	if _, over := Terminal(nil); over {
		t.Error("Terminal(nil)")
	}
	if e, over := Terminal(g); !over || !e.Over || e.Score != -gamesearch.Mate {
		t.Errorf("Terminal of the mated position: %+v %v", e, over)
	}
}

func TestParseErrors(t *testing.T) {
	g, _ := engine.ParseGame(engine.Chess, textGame)
	for _, c := range []struct{ text, want string }{
		{"", "review: line 1: want the header \"review <version> <variant> <nodes> [network]\""},
		{"review 1 chess 100 network\n", "review: line 1: \"network\" after the node budget: want \"network\" (xiangqi only) or nothing"},
		{"review 3 chess 100\n", "review: line 1: format version \"3\", want 1 or 2"},
		{"review 1 chess 100\ncp 20 5 e2e4 check e2e4\n", "review: line 2: \"check\" in a version 1 analysis: want version 2"},
		{"review 2 chess 100\ncp 20 5 e2e4 check\n", "review: line 2: \"check\" without a move"},
		{"review 2 chess 100\ncp 20 5 e2e4 check e2e5\n", "review: line 2: check move \"e2e5\": "},
		{"review 1 xiangqi 100\n", "review: line 1: the analysis is of xiangqi, the game of chess"},
		{"review 1 chess -5\n", "review: line 1: node budget \"-5\" is not a positive number"},
		{"review 1 chess 100\ncp 20 5 e2e5\n", "review: line 2: PV move \"e2e5\": "},
		{"review 1 chess 100\ncp x 5\n", "review: line 2: score \"x\": want a whole number in -31871..31871"},
		{"review 1 chess 100\nfoo 1 2\n", "review: line 2: \"foo\": want cp, mate or over"},
		{"review 1 chess 100\ncp 20 5 @0 e2e4\n", "review: line 2: node budget \"@0\": want @ and a positive number"},
		{"review 1 chess 100\nmate 0 1\n", "review: line 2: \"mate 0\" is a game that is over: write \"over -1\""},
	} {
		_, err := Parse([]byte(c.text), g)
		var pe *ParseError
		if !errors.As(err, &pe) || len(err.Error()) < len(c.want) || err.Error()[:len(c.want)] != c.want {
			t.Errorf("Parse(%q): %v, want %q", c.text, err, c.want)
		}
	}
	long := "review 1 chess 100\n"
	for range 9 {
		long += "cp 0 1\n"
	}
	if _, err := Parse([]byte(long), g); err == nil || err.Error() != "review: line 10: more positions than the game's 8" {
		t.Errorf("too many positions: %v", err)
	}
}

// FuzzParse: Parse never panics, and what it reads writes back to text it reads the same.
func FuzzParse(f *testing.F) {
	g, _ := engine.ParseGame(engine.Chess, textGame)
	f.Add([]byte("review 1 chess 100\ncp 20 5 e2e4 e7e5\nmate 3 9\nover -1\n"))
	f.Add([]byte("review 1 chess 100\nmate -2 4 e7e5\n"))
	f.Add([]byte("review 2 chess 100\ncp 20 5 e2e4 e7e5 check e2e4 c7c5\ncp -20 5\n"))
	f.Fuzz(func(t *testing.T, text []byte) {
		a, err := Parse(text, g)
		if err != nil {
			return
		}
		out, err := a.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		b, err := Parse(out, g)
		if err != nil {
			t.Fatalf("%q -> %q: %v", text, out, err)
		}
		again, _ := b.MarshalText()
		if !bytes.Equal(out, again) {
			t.Fatalf("%q -> %q -> %q", text, out, again)
		}
	})
}

// Winning chances and lila's accuracy: the values are computed by hand from the formulas.
func TestFormulas(t *testing.T) {
	near := func(a, b float64) bool { return math.Abs(a-b) < 1e-3 }
	// 2/(1+exp(-0.002*400)) - 1 = 0.3799
	if w := WinningChances(400, 0.002); !near(w, 0.3799) {
		t.Errorf("W(400) = %v", w)
	}
	// lila's clamp: 1000 cp at KLila, 2/(1+exp(-3.68208)) - 1 = 0.9509; the same
	// winning chances on another scale (1000*0.00368208/0.002 = 1841 cp at k = 0.002).
	if w := WinningChances(5000, KLila); w != WinningChances(1000, KLila) || !near(w, 0.9509) {
		t.Errorf("clamp at KLila: W(5000) = %v", w)
	}
	if WinningChances(5000, 0.002) != WinningChances(1842, 0.002) || !near(WinningChances(1841, 0.002), 0.9509) ||
		WinningChances(1800, 0.002) >= WinningChances(1841, 0.002) {
		t.Error("clamp at k = 0.002")
	}
	if WinningChances(gamesearch.Mate-3, KLila) != 1 || WinningChances(-gamesearch.Mate, KXiangqi) != -1 {
		t.Error("mate")
	}
	// MateAdvice's limits in lila's centipawns: a mate lost with 800 lila cp left is a
	// mistake; at k = KLila/2 that is 1600 cp.
	if m, _ := judge(gamesearch.Mate-5, 800, KLila); m != Mistake {
		t.Errorf("mate lost, 800 cp left: %s", m)
	}
	if m, _ := judge(gamesearch.Mate-5, 1600, KLila/2); m != Mistake {
		t.Errorf("mate lost, 1600 cp at half k: %s", m)
	}
	if m, _ := judge(gamesearch.Mate-5, 800, KLila/2); m != Blunder {
		t.Errorf("mate lost, 800 cp at half k: %s", m)
	}
	// Beyond the clamp nothing but a mate is lost.
	if m, _ := judge(-3000, -6000, KXiangqi); m != Good {
		t.Errorf("lost to more lost: %s", m)
	}
	if m, _ := judge(-3000, -(gamesearch.Mate - 4), KXiangqi); m != Inaccuracy {
		t.Errorf("lost to mated: %s", m)
	}
	// 103.1668100711649*exp(-0.04354415386753951*10) - 3.166924740191411 + 1 = 64.5798
	if a := MoveAccuracy(60, 50); !near(a, 64.5798) {
		t.Errorf("MoveAccuracy(60, 50) = %v", a)
	}
	if MoveAccuracy(40, 45) != 100 || MoveAccuracy(100, 0) != 0 {
		t.Error("accuracy bounds")
	}
	// Two moves, window 2 (two windows): White 50->40 (accuracy 64.5798), Black 40->40 (100).
	acc, ok := gameAccuracy([]float64{50, 40, 40}, engine.First)
	if !ok[0] || !ok[1] || !near(acc[1], 100) {
		t.Errorf("gameAccuracy = %v %v", acc, ok)
	}
	if want := MoveAccuracy(50, 40); !near(acc[0], want) { // one move: both means are the move's accuracy
		t.Errorf("white accuracy %v, want %v", acc[0], want)
	}
	for d, want := range map[float64]Mark{0.05: Good, 0.1: Inaccuracy, 0.25: Mistake, 0.3: Blunder} {
		if m := markOfDrop(d); m != want {
			t.Errorf("markOfDrop(%v) = %s", d, m)
		}
	}
}

// ScoreText: pawns with a sign; a mate counted in moves (gamesearch scores a mate in n moves
// Mate−(2n−1) plies for the mating side); the mate already given reads "mate", not "mate in 0".
func TestScoreText(t *testing.T) {
	for score, want := range map[int]string{
		125: "+1.25", -40: "-0.40", 0: "+0.00",
		gamesearch.Mate - 3: "mate in 2", -(gamesearch.Mate - 2): "mated in 1",
		gamesearch.Mate: "mate", -gamesearch.Mate: "mated",
	} {
		if got := ScoreText(score); got != want {
			t.Errorf("ScoreText(%d) = %q, want %q", score, got, want)
		}
	}
}
