package chess

import (
	"bytes"
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/cotuong-ai/cotuong/conformance"
	"github.com/cotuong-ai/cotuong/gamesearch"
	"github.com/cotuong-ai/cotuong/nnue"
)

// randomNNUE returns the evaluation of a network with nnue.NewModel's random weights (every
// input has a weight row of its own, so a wrong feature changes the evaluation).
func randomNNUE(t testing.TB, hidden int, seed uint64) *NNUE {
	t.Helper()
	f := NNUEFeatures{}
	m, err := nnue.NewModel(f.Name(), f.Inputs(), hidden, seed)
	if err != nil {
		t.Fatal(err)
	}
	net, err := m.Quantise()
	if err != nil {
		t.Fatal(err)
	}
	n, err := NewNNUE(net, f)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func sorted(s []int) []int { return slices.Sorted(slices.Values(s)) }

// TestNNUEFeatureIndices checks indices worked out by hand from the formula of NNUEFeatures,
// (o·6 + k−1)·64 + q', q' = q for White and q XOR 56 for Black.
func TestNNUEFeatureIndices(t *testing.T) {
	f := NNUEFeatures{}
	if f.Inputs() != 768 || f.Name() != "chess-psq-768-1" {
		t.Fatalf("inputs %d, name %q", f.Inputs(), f.Name())
	}
	start := Start()
	white, black := f.Active(&start, 0, nil), f.Active(&start, 1, nil)
	if len(white) != 32 || len(black) != 32 {
		t.Fatalf("%d and %d active features at the start, want 32 each", len(white), len(black))
	}
	// The start position is symmetric: each side sees the same set.
	if !slices.Equal(sorted(white), sorted(black)) {
		t.Fatalf("the sides see different start sets:\n%v\n%v", white, black)
	}
	for _, c := range []struct {
		what         string
		white, black int
	}{
		// The white king on e1 (q 4): own king (k 6) → 5·64 + 4 = 324 for White; for Black
		// the other side's king, e1 seen as e8 (4 XOR 56 = 60) → 11·64 + 60 = 764.
		{"white king e1", 324, 764},
		// The black queen on d8 (q 59): the other's queen → 10·64 + 59 = 699 for White; for
		// Black its own queen on d1 (3) → 4·64 + 3 = 259.
		{"black queen d8", 699, 259},
		// The white pawn on e2 (q 12): 12 for White; for Black the other's pawn on e7 (52)
		// → 6·64 + 52 = 436.
		{"white pawn e2", 12, 436},
		// The black knight on g8 (q 62): 7·64 + 62 = 510 for White; for Black its own knight
		// on g1 (6) → 64 + 6 = 70.
		{"black knight g8", 510, 70},
	} {
		if !slices.Contains(white, c.white) || !slices.Contains(black, c.black) {
			t.Errorf("%s: want %d (White's view) and %d (Black's view)", c.what, c.white, c.black)
		}
	}
}

// TestNNUEMirror: White's view of a position is Black's view of its colour mirror.
func TestNNUEMirror(t *testing.T) {
	f := NNUEFeatures{}
	for _, fen := range []string{StartFEN, kiwipeteFEN, "r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1"} {
		p, q := mustFEN(t, fen), mustFEN(t, mirrorFEN(t, fen))
		for side := range 2 {
			if a, b := sorted(f.Active(&p, side, nil)), sorted(f.Active(&q, side^1, nil)); !slices.Equal(a, b) {
				t.Errorf("%s: side %d sees %v, the other side of the mirror %v", fen, side, a, b)
			}
		}
	}
}

// TestNNUESpecialMoves: for every en passant capture, castling and promotion of a few
// positions and both perspectives, the incremental change equals a refresh (Active after the
// move), and an NNUE's accumulators updated through the move evaluate as a fresh refresh
// does. Three of the changes are also checked against indices worked out by hand.
func TestNNUESpecialMoves(t *testing.T) {
	f := NNUEFeatures{}
	n := randomNNUE(t, 32, 1)
	frames := n.NewFrames(2)
	kinds := map[string]int{}
	for _, fen := range []string{
		"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", // e5xf6 e.p.
		"4k3/8/8/8/2Pp4/8/8/4K3 b - c3 0 1",                             // d4xc3 e.p.
		"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",                          // both castlings
		"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
		"r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", // b8 promotions and b7xa8 capture-promotions
		"4k3/8/8/8/8/8/1p6/R3K3 b - - 0 1",
	} {
		p := mustFEN(t, fen)
		for _, m := range p.LegalMoves(nil) {
			var kind string
			switch {
			case m.IsEnPassant():
				kind = "en passant"
			case m.IsCastling():
				kind = "castling"
			case m.Promotion() != NoKind:
				kind = "promotion"
			default:
				continue
			}
			kinds[kind]++
			child := p.Play(m)
			for side := range 2 {
				added, removed, refresh := f.Changes(&p, m, side, nil, nil)
				if refresh {
					t.Fatalf("%s %v side %d: refresh asked", fen, m, side)
				}
				want := sorted(f.Active(&child, side, nil))
				got := sorted(slices.Concat(f.Active(&p, side, nil), added))
				for _, r := range removed {
					i := slices.Index(got, r)
					if i < 0 {
						t.Fatalf("%s %v side %d: removes %d, not active", fen, m, side, r)
					}
					got = slices.Delete(got, i, i+1)
				}
				if !slices.Equal(got, want) {
					t.Errorf("%s %v side %d: before + %v − %v = %v, after the move %v", fen, m, side, added, removed, got, want)
				}
			}
			before := p
			frames.Refresh(0, &before)
			frames.Update(0, &before, m, &child)
			if got, want := frames.Evaluate(1, &child), n.Evaluate(&child); got != want {
				t.Errorf("%s %v: updated accumulators evaluate to %d, a refresh to %d", fen, m, got, want)
			}
		}
	}
	if kinds["en passant"] != 2 || kinds["castling"] != 4 || kinds["promotion"] != 16 {
		t.Fatalf("special moves found: %v, want 2 en passant, 4 castlings, 16 promotions", kinds)
	}

	// By hand. White's O-O: the king e1 → g1 (324 → 326) and the rook h1 → f1 (3·64 + 7 =
	// 199 → 197); for Black the other's king e8 → g8 (11·64 + 60 = 764 → 766) and rook
	// h8 → f8 (9·64 + 63 = 639 → 637).
	hand := []struct {
		fen, move      string
		side           int
		added, removed []int
	}{
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", 0, []int{197, 326}, []int{199, 324}},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", 1, []int{637, 766}, []int{639, 764}},
		// e5xf6 e.p. from Black's view: the other's pawn e5 (seen on e4, 28) → f6 (seen on
		// f3, 21): 6·64 + 28 = 412 → 405; its own pawn f5 (seen on f4, 29) goes.
		{"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", "e5f6", 1, []int{405}, []int{29, 412}},
		// b7xa8=N from White's view: the pawn b7 (49) and the black rook a8 (9·64 + 56 = 632)
		// go, a knight comes on a8 (64 + 56 = 120).
		{"r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7a8n", 0, []int{120}, []int{49, 632}},
	}
	for _, c := range hand {
		p := mustFEN(t, c.fen)
		m, err := p.ParseMove(c.move)
		if err != nil {
			t.Fatal(err)
		}
		added, removed, _ := f.Changes(&p, m, c.side, nil, nil)
		if !slices.Equal(sorted(added), c.added) || !slices.Equal(sorted(removed), c.removed) {
			t.Errorf("%s %s side %d: added %v removed %v, want %v and %v", c.fen, c.move, c.side, added, removed, c.added, c.removed)
		}
	}
}

// TestNNUEConformance runs conformance.CheckFeatures: over random playouts from the start and
// from a position full of promotions, castlings and an en passant capture, every move's
// incremental change equals a refresh, and an NNUE's accumulators kept move by move (and
// across null moves) evaluate as a fresh refresh does.
func TestNNUEConformance(t *testing.T) {
	f := NNUEFeatures{}
	n := randomNNUE(t, 32, 2)
	for _, fen := range []string{StartFEN, "r3k2r/1P4P1/8/2pP4/8/8/1p4p1/R3K2R w KQkq c6 0 1"} {
		errs := conformance.CheckFeatures(conformance.FeatureCheck[Position, *Position, Move]{
			Start: mustFEN(t, fen), Features: f, Neural: n, Format: (*Position).FEN,
			Playouts: 6, Plies: 160, Seed: 11,
		})
		for _, e := range errs {
			t.Errorf("%s: %v", fen, e)
		}
	}
}

// TestNNUESearch: a search with a network plays a legal move from another tree than the
// classical search's, allocates nothing, and SetNeural(nil) gives the classical tree back.
func TestNNUESearch(t *testing.T) {
	ctx := context.Background()
	pos := mustFEN(t, kiwipeteFEN)
	lim := gamesearch.Limits{Depth: 5}
	s := NewSearcher(gamesearch.Options[Move]{HashMiB: 4})
	classical := s.Search(ctx, pos, nil, lim)
	s.SetNeural(randomNNUE(t, 32, 3))
	s.Clear()
	got := s.Search(ctx, pos, nil, lim)
	if !got.HasMove || !pos.IsLegal(got.Move) {
		t.Fatalf("move %v (has %v) is not legal", got.Move, got.HasMove)
	}
	if got.Nodes == classical.Nodes && got.Score == classical.Score {
		t.Fatalf("the network's search has the classical node count %d and score %d", got.Nodes, got.Score)
	}
	if allocs := testing.AllocsPerRun(2, func() { s.Search(ctx, pos, nil, lim) }); allocs != 0 {
		t.Fatalf("%.1f allocations per search with the network, want 0", allocs)
	}
	s.SetNeural(nil)
	s.Clear()
	if again := s.Search(ctx, pos, nil, lim); again.Nodes != classical.Nodes || again.Move != classical.Move {
		t.Fatalf("after SetNeural(nil): %d nodes, %v; classical %d, %v", again.Nodes, again.Move, classical.Nodes, classical.Move)
	}
}

func TestLoadNNUE(t *testing.T) {
	f := NNUEFeatures{}
	net := randomNNUE(t, 16, 4).Network()
	var buf bytes.Buffer
	if err := nnue.Save(&buf, net); err != nil {
		t.Fatal(err)
	}
	data := buf.Bytes()
	got, err := LoadNNUE(bytes.NewReader(data), f)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got.W1, net.W1) || got.B2 != net.B2 || got.FeatureSet != NNUEName {
		t.Fatal("the loaded network differs from the saved one")
	}
	if _, err := LoadNNUE(bytes.NewReader(data[:len(data)/2]), f); err == nil {
		t.Fatal("a truncated file loads")
	}
	// A network of another game's feature set (xiangqi's plain set: 1,260 inputs) is refused.
	other, err := nnue.NewNetwork("xiangqi-psq-1260-1", 1260, 8)
	if err != nil {
		t.Fatal(err)
	}
	buf.Reset()
	if err := nnue.Save(&buf, other); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadNNUE(&buf, f); !errors.Is(err, nnue.ErrFeatureSet) {
		t.Fatalf("loading a xiangqi net: %v, want nnue.ErrFeatureSet", err)
	}
	if _, err := NewNNUE(other, f); !errors.Is(err, nnue.ErrFeatureSet) {
		t.Fatalf("NewNNUE with a xiangqi net: %v, want nnue.ErrFeatureSet", err)
	}
}

func TestDecodeNNUE(t *testing.T) {
	f := NNUEFeatures{}
	stm, other, err := f.DecodeNNUE("4k3/8/8/8/4P3/8/8/3K4 b - - 0 1", nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	// Black to move: stm is Black's view. Its king e8 seen on e1: 5·64 + 4 = 324; the white
	// king d1 (3), the other's king seen on d8 (59): 11·64 + 59 = 763; the white pawn e4
	// (28), seen on e5 (36): 6·64 + 36 = 420.
	if !slices.Equal(sorted(stm), []int{324, 420, 763}) {
		t.Fatalf("side to move's features %v, want [324 420 763]", stm)
	}
	// White's view: own king d1 = 5·64 + 3 = 323, own pawn e4 = 28, the other's king e8 =
	// 11·64 + 60 = 764.
	if !slices.Equal(sorted(other), []int{28, 323, 764}) {
		t.Fatalf("other side's features %v, want [28 323 764]", other)
	}
	if _, _, err := f.DecodeNNUE("not a fen", nil, nil); err == nil {
		t.Fatal("a bad FEN decodes")
	}
}
