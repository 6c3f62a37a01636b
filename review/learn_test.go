package review

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/cotuong-ai/cotuong/engine"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/cotuong-ai/cotuong/gamesearch"
)

// The case: after h2e2 d9e8 a0a1 (C2.5 A4+5 R9+1), Black's cannon can take the horse
// on b0 (C2+7), but Fairy-Stockfish 11.1 (UCI_Variant xiangqi, go depth 20) traps the cannon
// there in every line and trades it for an advisor: about a pawn and a half, not a horse.
// Neither R9+1 nor Black's reply b9a7 may be explained by a horse: the whole lines of the
// analysis and of the second opinion do not come to one.
func TestTrappedCannonIsNotAHorse(t *testing.T) {
	r := reviewOf(t, engine.Xiangqi, "startpos moves h2e2 d9e8 a0a1 b9a7", Standard)
	for _, m := range r.Moves[2:] {
		if strings.Contains(m.Words, "horse") {
			t.Errorf("%s %s: %q names a horse", m.Label, m.Text, m.Words)
		}
	}
	if m := last(r); m.Label != "2…" || m.Mark == Good || !strings.HasPrefix(m.Words, "2… "+m.Text+m.Mark.Glyph()) {
		t.Errorf("b9a7: %s %s %s %q", m.Label, m.Text, m.Mark, m.Words)
	}
}

// A capture is named only when the second opinion plays it: C5+4 (h2e2 h9g7 e2e6) loses the
// cannon to H7+5 (g7e6) in our line; a second line that answers a9a8 first and takes the
// cannon two moves later bears out the loss, but not the capture our line names.
func TestCaptureNamedOnlyWhenSecondOpinionPlaysIt(t *testing.T) {
	g, err := engine.ParseGame(engine.Xiangqi, "startpos moves h2e2 h9g7 e2e6")
	if err != nil {
		t.Fatal(err)
	}
	a, err := Analyze(context.Background(), g, Options{Nodes: 50_000})
	if err != nil {
		t.Fatal(err)
	}
	judge := func() MoveReview {
		t.Helper()
		r, err := Judge(g, a, Standard)
		if err != nil {
			t.Fatal(err)
		}
		return last(r)
	}
	if m := judge(); m.Reason != MaterialLost || m.Words != "2. C5+4?? loses the cannon for a soldier: H7+5 takes it next move." {
		t.Fatalf("with the second opinion's own line: %s %q (check %v)", m.Reason, m.Words, a.Evals[3].Check)
	}
	c := g.Clone()
	var line []engine.Move
	for _, u := range []string{"a9a8", "h0g2", "g7e6"} {
		m, err := c.ParseUCI(u)
		if err != nil {
			t.Fatal(err)
		}
		line = append(line, m)
		if err := c.Push(m); err != nil {
			t.Fatal(err)
		}
	}
	a.Evals[3].Check = line
	if m := judge(); m.Reason != MaterialLost || m.Words != "2. C5+4?? loses the cannon for a soldier." || m.Why != "loses the cannon for a soldier." {
		t.Errorf("a second opinion taking it otherwise: %s %q / %q", m.Reason, m.Words, m.Why)
	}
}

// Moves are numbered as move lists number them, "4." for the first player and "4…" for the
// second, and every score in the words is the first player's, labelled.
func TestNumbersAndScoresForTheFirstPlayer(t *testing.T) {
	for _, c := range []struct {
		got, want string
	}{
		{MoveLabel(4, engine.First), "4."},
		{MoveLabel(4, engine.Second), "4…"},
		{FirstText(engine.Xiangqi, 143, engine.Second), "-1.43 for Red"},
		{FirstText(engine.Xiangqi, 143, engine.First), "+1.43 for Red"},
		{FirstText(engine.Chess, -40, engine.First), "-0.40 for White"},
		{FirstText(engine.Xiangqi, gamesearch.Mate-5, engine.Second), "Black mates in 3"},
		{FirstText(engine.Xiangqi, -(gamesearch.Mate - 4), engine.Second), "Red mates in 2"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
	// A game from a FEN with Black to move at move 10: its moves are 10…, 11., 11…
	g, err := engine.ParseGame(engine.Xiangqi, "fen rn1a1a1r1/4kc3/b3b2cn/p1p1p1p1p/6C2/8P/P1P1P1P2/4B3R/R6C1/1NBAKA1N1 b - - 19 10 moves a9a8 a1a2 a8a9")
	if err != nil {
		t.Fatal(err)
	}
	r, err := Judge(g, &Analysis{Variant: engine.Xiangqi}, Standard)
	if err != nil {
		t.Fatal(err)
	}
	var labels []string
	for _, m := range r.Moves {
		labels = append(labels, m.Label)
	}
	if got := strings.Join(labels, " "); got != "10… 11. 11…" {
		t.Errorf("labels %q", got)
	}
	// Lines are numbered from their first move.
	ps := plies(engine.Xiangqi, engine.Second, "...")
	for i := range ps {
		ps[i].num = 2 + (i+1)/2
	}
	if got := numbered(ps); got != "2… m1 3. m2 m3" {
		t.Errorf("numbered %q", got)
	}
}

// The verification takes first the moves a deeper search may move across a threshold: a mate
// involved, then a drop nearest a threshold, then the largest drops.
func TestVerifyNearestThresholdFirst(t *testing.T) {
	mate := verifyPriority(gamesearch.Mate-3, 500, 0.1)
	near30 := verifyPriority(200, -10, 0.29)
	near20 := verifyPriority(200, 10, 0.15)
	far := verifyPriority(600, -400, 0.9)
	if !(mate > near30 && near30 > near20 && near20 > far) {
		t.Errorf("priorities: mate %.2f, 0.29 %.2f, 0.15 %.2f, 0.9 %.2f", mate, near30, near20, far)
	}
}

// A xiangqi analysis is classical by default: 150,000 nodes a position, its text's header
// "review 2 xiangqi 150000" without "network", judged with KXiangqi (0.00289). One by the
// network says so in its text and is judged with the network's k, also when read back.
func TestAnalysisEvaluationAndScale(t *testing.T) {
	g, err := engine.ParseGame(engine.Xiangqi, "startpos moves h2e2 h9g7")
	if err != nil {
		t.Fatal(err)
	}
	d, err := Analyze(context.Background(), g, Options{})
	if err != nil {
		t.Fatal(err)
	}
	dtext, _ := d.MarshalText()
	if d.Nodes != 150_000 || d.Network || d.K() != 0.00289 || !bytes.HasPrefix(dtext, []byte("review 2 xiangqi 150000\n")) {
		t.Errorf("default: nodes %d, Network %v, k %v, text %q", d.Nodes, d.Network, d.K(), dtext)
	}
	n, err := xiangqi.DefaultNNUE()
	if err != nil {
		t.Fatal(err)
	}
	if a, _ := Analyze(context.Background(), g, Options{Network: n, VerifyNodes: -1}); a.Nodes != 90_000 || !a.Network {
		t.Errorf("network's default budget %d (Network %v), want 90000", a.Nodes, a.Network)
	}
	a, err := Analyze(context.Background(), g, Options{Nodes: 3000, Network: n})
	if err != nil {
		t.Fatal(err)
	}
	text, _ := a.MarshalText()
	if !a.Network || a.K() != KXiangqiNetwork || !bytes.HasPrefix(text, []byte("review 2 xiangqi 3000 network\n")) {
		t.Fatalf("Network %v, k %v, text %q", a.Network, a.K(), text)
	}
	b, err := Parse(text, g)
	if err != nil || !b.Network || b.K() != KXiangqiNetwork {
		t.Fatalf("read back: %v %+v", err, b)
	}
	c, err := Analyze(context.Background(), g, Options{Nodes: 3000})
	if err != nil {
		t.Fatal(err)
	}
	ctext, _ := c.MarshalText()
	if c.Network || c.K() != KXiangqi || !bytes.HasPrefix(ctext, []byte("review 2 xiangqi 3000\n")) {
		t.Errorf("classical: Network %v, k %v, text %q", c.Network, c.K(), ctext)
	}
}

// Learn from your mistakes: the player's ? and ?? in turn, from the position before each; the
// analysis's best move and any move within the good margin are accepted, the mistake again
// is not. C5+4?? (h2e2 h9g7 e2e6) loses the cannon; Fairy-Stockfish 11.1 (go depth 18) plays
// h0g2 (H2+3) there, +0.31 for Red.
func TestLearnFromMistakes(t *testing.T) {
	g, err := engine.ParseGame(engine.Xiangqi, "startpos moves h2e2 h9g7 e2e6")
	if err != nil {
		t.Fatal(err)
	}
	a, err := Analyze(context.Background(), g, Options{})
	if err != nil {
		t.Fatal(err)
	}
	r, err := Judge(g, a, Standard)
	if err != nil {
		t.Fatal(err)
	}
	ms := Mistakes(r, engine.First)
	if len(ms) != 1 || ms[0].Ply != 2 || len(Mistakes(r, engine.Second)) != 0 {
		t.Fatalf("mistakes: %+v", ms)
	}
	before, err := PositionBefore(g, ms[0].Ply)
	if err != nil || before.Len() != 2 || g.Len() != 3 {
		t.Fatalf("before: %v, %d moves (game %d)", err, before.Len(), g.Len())
	}
	try := func(uci string) Attempt {
		t.Helper()
		m, err := before.ParseUCI(uci)
		if err != nil {
			t.Fatal(err)
		}
		at, err := Try(context.Background(), before, a, ms[0], m)
		if err != nil {
			t.Fatal(err)
		}
		return at
	}
	if at := try("e2e6"); at.Good {
		t.Errorf("the blunder again is accepted: %+v", at)
	}
	if at := try("h0g2"); !at.Good {
		t.Errorf("H2+3, Fairy-Stockfish's best, is not accepted: %+v", at)
	}
	if at := try(before.UCI(ms[0].Best)); !at.Good || at.Score != ms[0].Before {
		t.Errorf("the analysis's best: %+v", at)
	}
	if _, err := PositionBefore(g, 3); err == nil {
		t.Error("a position before a move the game does not have")
	}
}

// Threats in words: the opponent's best move with the turn passed is a threat only when it
// takes a piece the exchange wins, gives check or mates. In the start position Black's best
// move threatens nothing; with Red's chariot on b5 under the horse on c7 (the position of
// TestHangingChariot after a5b5, Red to move) the horse's capture is the threat.
func TestThreatsInWords(t *testing.T) {
	start := engine.NewGame(engine.Xiangqi)
	tr := Threats(context.Background(), nil, start, Budget{Nodes: 20000}, Standard)
	if !tr.Available || !tr.HasBest || tr.Threat != NoThreat || !strings.HasPrefix(tr.Words, "No threat: Black's best move, ") {
		t.Errorf("start: %v %q", tr.Threat, tr.Words)
	}
	g, err := engine.GameFromFEN(engine.Xiangqi, "3aka3/9/2n6/9/1R2p4/9/4P4/9/9/3AKA3 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	tr = Threats(context.Background(), nil, g, Budget{Nodes: 20000}, Standard)
	if tr.Threat != ThreatPiece || tr.Words != "Black threatens H3+2, taking your chariot." {
		t.Errorf("chariot: %v %q", tr.Threat, tr.Words)
	}
}

// A hint says why: R9.5 (a5e5) takes the soldier on e5, which nothing takes back
// (Fairy-Stockfish 11.1, go depth 18: best a5e5, +4.26 for Red; TestHangingChariot).
func TestHintSaysWhy(t *testing.T) {
	g, err := engine.GameFromFEN(engine.Xiangqi, "3aka3/9/2n6/9/R3p4/9/4P4/9/9/3AKA3 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	h, ok := Hint(context.Background(), nil, g, Budget{Nodes: 20000}, Standard)
	if !ok || g.UCI(h.Move) != "a5e5" {
		t.Fatalf("hint %v %+v", ok, h)
	}
	if why := Why(g, h, Standard); !strings.HasPrefix(why, "It wins a soldier: 1. R9.5") {
		t.Errorf("why %q", why)
	}
}

// R9.8?? after 1. R9+1 H8+7 leaves the chariot to the cannon (C2+6, b7b1). Truth:
// Fairy-Stockfish 11.1 (UCI_Variant xiangqi, go depth 18) scores the position after it +7.53
// for Black, best b8b2 (our b7b1). Both lines of the analysis and the second opinion's win a
// soldier back later: the words still name the chariot, the net of the exchange.
func TestChariotLostNetOfLaterSoldier(t *testing.T) {
	wantWords(t, engine.Xiangqi, "startpos moves a0a1 h9g7 a1b1", Hanging, "2. R9.8?? leaves the chariot hanging: C2+6 takes it.")
}
