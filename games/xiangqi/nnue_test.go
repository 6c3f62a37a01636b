package xiangqi

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/cotuong-ai/cotuong/conformance"
	"github.com/cotuong-ai/cotuong/gamesearch"
	"github.com/cotuong-ai/cotuong/nnue"
)

// randomNetwork returns a network for f with random weights of trained magnitude (first
// layer ±40/255 so that sums of ~32 rows spread over the clipped range, output ±127/64).
func randomNetwork(t testing.TB, f NNUEFeatures, hidden int, seed uint64) *nnue.Network {
	t.Helper()
	net, err := nnue.NewNetwork(f.Name(), f.Inputs(), hidden)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 7))
	for i := range net.W1 {
		net.W1[i] = int16(rng.IntN(81) - 40)
	}
	for i := range net.B1 {
		net.B1[i] = int16(rng.IntN(256))
	}
	for i := range net.W2 {
		net.W2[i] = int16(rng.IntN(255) - 127)
	}
	net.B2 = int32(rng.IntN(20001) - 10000)
	return net
}

func TestNNUEFeatureIndices(t *testing.T) {
	start := Start()
	f := NNUEFeatures{}
	red := f.Active(&start, 0, nil)
	black := f.Active(&start, 1, nil)
	if len(red) != 32 || len(black) != 32 {
		t.Fatalf("%d and %d active features at the start, want 32 each", len(red), len(black))
	}
	// The start position is symmetric: each side sees the same set.
	if !slices.Equal(slices.Sorted(slices.Values(red)), slices.Sorted(slices.Values(black))) {
		t.Fatalf("the sides see different start sets:\n%v\n%v", red, black)
	}
	// Red's general on e0 (point 4): own general, kind index 0 → 4 for Red; seen by Black it
	// is the other side's general on e9 after the flip → 7*90 + 85 = 715.
	if !slices.Contains(red, 4) || !slices.Contains(black, 715) {
		t.Fatalf("Red's general: want 4 (Red's view) and 715 (Black's view); got %v / %v", red, black)
	}
	// A red soldier on c3 (point 2+27 = 29): own soldier (kind 7) → 6*90+29 = 569 for Red;
	// for Black: other side, rank 3 → 6, point 2+54 = 56 → (7+6)*90+56 = 1226.
	if !slices.Contains(red, 569) || !slices.Contains(black, 1226) {
		t.Fatalf("Red's c3 soldier: want 569 and 1226; got %v / %v", red, black)
	}
	fb := NNUEFeatures{Buckets: true}
	// Both generals sit on palace point (1, 0) from their side: bucket 1.
	for side := range 2 {
		for _, i := range fb.Active(&start, side, nil) {
			if i/NNUEPieceInputs != 1 {
				t.Fatalf("side %d: feature %d is not in bucket 1", side, i)
			}
		}
	}
	if f.Inputs() != 1260 || fb.Inputs() != 11340 || f.Name() == fb.Name() {
		t.Fatalf("inputs %d, %d, names %q, %q", f.Inputs(), fb.Inputs(), f.Name(), fb.Name())
	}
	// A general move asks the bucketed set for a refresh of the mover's side only.
	p, err := ParseFEN("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	m := NewMove(SquareAt(4, 0), SquareAt(4, 1))
	if _, _, r := fb.Changes(&p, m, 0, nil, nil); !r {
		t.Fatal("Red's general move: no refresh of Red's perspective")
	}
	if _, _, r := fb.Changes(&p, m, 1, nil, nil); r {
		t.Fatal("Red's general move: a refresh of Black's perspective")
	}
}

// TestNNUEConformance checks both feature sets over random playouts: incremental changes
// equal fresh feature lists, and an NNUE's accumulators kept move by move (and across null
// moves) evaluate as a fresh refresh does.
func TestNNUEConformance(t *testing.T) {
	for _, f := range []NNUEFeatures{{}, {Buckets: true}} {
		n, err := NewNNUE(randomNetwork(t, f, 32, 1), f)
		if err != nil {
			t.Fatal(err)
		}
		errs := conformance.CheckFeatures(conformance.FeatureCheck[Position, *Position, Move]{
			Start: Start(), Features: f, Neural: n, Format: (*Position).FEN,
			Playouts: 6, Plies: 160, Seed: 11,
		})
		for _, e := range errs {
			t.Errorf("%s: %v", f.Name(), e)
		}
	}
}

// checkedNNUE wraps an NNUE's frames and compares every evaluation the search asks for with
// a fresh one of the position.
type checkedNNUE struct {
	n     *NNUE
	bad   int
	evals int
}

type checkedFrames struct {
	gamesearch.NeuralFrames[Position, Move]
	c *checkedNNUE
}

func (c *checkedNNUE) NewFrames(plies int) gamesearch.NeuralFrames[Position, Move] {
	return &checkedFrames{c.n.NewFrames(plies), c}
}

func (f *checkedFrames) Evaluate(ply int, pos *Position) int {
	v := f.NeuralFrames.Evaluate(ply, pos)
	f.c.evals++
	if v != f.c.n.Evaluate(pos) {
		f.c.bad++
	}
	return v
}

// TestNNUESearch: a search with a network evaluates every node as the network does from
// scratch, plays a legal move, differs from the classical search (it does use the net), and
// SetNeural(nil) gives back the classical tree exactly.
func TestNNUESearch(t *testing.T) {
	f := NNUEFeatures{}
	n, err := NewNNUE(randomNetwork(t, f, 32, 2), f)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	pos, err := ParseFEN("r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN3NC1/9/R1BAKAB1R w - - 4 3")
	if err != nil {
		t.Fatal(err)
	}
	classical := NewSearcher(gamesearch.Options[Move]{HashMiB: 4})
	want := classical.Search(ctx, pos, nil, gamesearch.Limits{Depth: 6})

	s := NewSearcher(gamesearch.Options[Move]{HashMiB: 4})
	c := &checkedNNUE{n: n}
	s.SetNeural(c)
	got := s.Search(ctx, pos, nil, gamesearch.Limits{Depth: 6})
	if c.evals == 0 || c.bad != 0 {
		t.Fatalf("%d of %d evaluations differ from a fresh evaluation", c.bad, c.evals)
	}
	if !got.HasMove || !pos.IsLegal(got.Move) {
		t.Fatalf("move %v (has %v) is not legal", got.Move, got.HasMove)
	}
	if got.Nodes == want.Nodes && got.Score == want.Score {
		t.Fatalf("the network's search has the classical node count %d and score %d", got.Nodes, got.Score)
	}
	s.SetNeural(nil)
	s.Clear()
	again := s.Search(ctx, pos, nil, gamesearch.Limits{Depth: 6})
	if again.Nodes != want.Nodes || again.Score != want.Score || again.Move != want.Move {
		t.Fatalf("after SetNeural(nil): %d nodes, score %d, %v; classical %d, %d, %v",
			again.Nodes, again.Score, again.Move, want.Nodes, want.Score, want.Move)
	}
}

// TestNNUESearchAllocs: a search with the network allocates nothing.
func TestNNUESearchAllocs(t *testing.T) {
	f := NNUEFeatures{}
	n, err := NewNNUE(randomNetwork(t, f, 64, 3), f)
	if err != nil {
		t.Fatal(err)
	}
	s := NewSearcher(gamesearch.Options[Move]{HashMiB: 4})
	s.SetNeural(n)
	pos := Start()
	ctx := context.Background()
	s.Search(ctx, pos, nil, gamesearch.Limits{Depth: 5})
	allocs := testing.AllocsPerRun(3, func() {
		s.Search(ctx, pos, nil, gamesearch.Limits{Depth: 5})
	})
	if allocs != 0 {
		t.Fatalf("%.1f allocations per search with the network, want 0", allocs)
	}
}

func TestLoadNNUE(t *testing.T) {
	f := NNUEFeatures{}
	net := randomNetwork(t, f, 16, 4)
	var buf bytes.Buffer
	if err := nnue.Save(&buf, net); err != nil {
		t.Fatal(err)
	}
	data := buf.Bytes()
	got, err := LoadNNUE(bytes.NewReader(data), f)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got.W1, net.W1) || got.B2 != net.B2 {
		t.Fatal("the loaded network differs from the saved one")
	}
	if _, err := LoadNNUE(bytes.NewReader(data), NNUEFeatures{Buckets: true}); !errors.Is(err, nnue.ErrFeatureSet) {
		t.Fatalf("loading a plain net as bucketed: %v, want nnue.ErrFeatureSet", err)
	}
	if _, err := NewNNUE(net, NNUEFeatures{Buckets: true}); !errors.Is(err, nnue.ErrFeatureSet) {
		t.Fatalf("NewNNUE with the wrong set: %v, want nnue.ErrFeatureSet", err)
	}
	if _, err := LoadNNUE(bytes.NewReader(data[:len(data)/2]), f); err == nil {
		t.Fatal("a truncated file loads")
	}
}

func TestDecodeNNUE(t *testing.T) {
	f := NNUEFeatures{}
	stm, other, err := f.DecodeNNUE("4k4/9/9/9/4P4/9/9/9/9/3K5 b - - 0 1", nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	// Black to move: stm is Black's view. Black's general e9 → e0 from Black: 4; the red
	// general d0 is the other's general at d9 → 7*90 + 84 = 714; the red soldier e5: other
	// soldier at e4 → 13*90 + 40 = 1210.
	if !slices.Equal(slices.Sorted(slices.Values(stm)), []int{4, 714, 1210}) {
		t.Fatalf("side to move's features %v, want [4 714 1210]", stm)
	}
	// Red's view: own general d0 = 3, own soldier e5 = 6*90 + 49 = 589, other general e9 = 630 + 85 = 715.
	if !slices.Equal(slices.Sorted(slices.Values(other)), []int{3, 589, 715}) {
		t.Fatalf("other side's features %v, want [3 589 715]", other)
	}
	if _, _, err := f.DecodeNNUE("not a fen", nil, nil); err == nil {
		t.Fatal("a bad FEN decodes")
	}
}
