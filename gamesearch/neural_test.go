package gamesearch

import (
	"context"
	"slices"
	"sync/atomic"
	"testing"
)

// rtreeN is rtreeE with a NullMover (a pass is the pseudo-move 255, a child no legal move
// reaches), so that every path of the search that writes a frame is taken: root moves, moves,
// quiescence captures and null moves.
type rtreeN struct{ rtreeE }

func (p *rtreeN) After(m uint8, c *rtreeN) { p.rtreeE.After(m, &c.rtreeE) }
func (p *rtreeN) NullMove(c *rtreeN)       { p.rtreeE.After(255, &c.rtreeE) }
func (p *rtreeN) HasNonPawnMaterial() bool { return true }

// replay is a Neural whose state of a ply is a copy of the position, derived only through
// the hook: Update plays the move on the parent's copy, Pass passes on it. Evaluate checks
// that the copy is the position the search evaluates (so the lazy derivation reached the
// right state by the right moves) and returns the copy's evaluation, so the tree must be
// exactly the one Evaluate gives.
type replay struct {
	frames   atomic.Int64 // NewFrames calls
	bad      atomic.Int64 // evaluations whose state was not the position's
	updates  atomic.Int64
	evals    atomic.Int64
	refreshs atomic.Int64
	passes   atomic.Int64
}

type replayFrames struct {
	r  *replay
	st []rtreeN
}

func (r *replay) NewFrames(plies int) NeuralFrames[rtreeN, uint8] {
	r.frames.Add(1)
	return &replayFrames{r: r, st: make([]rtreeN, plies)}
}

func (f *replayFrames) Refresh(ply int, pos *rtreeN) { f.r.refreshs.Add(1); f.st[ply] = *pos }
func (f *replayFrames) Update(ply int, parent *rtreeN, m uint8, child *rtreeN) {
	f.r.updates.Add(1)
	f.st[ply].After(m, &f.st[ply+1])
}
func (f *replayFrames) Pass(ply int, child *rtreeN) {
	f.r.passes.Add(1)
	f.st[ply].NullMove(&f.st[ply+1])
}
func (f *replayFrames) Evaluate(ply int, pos *rtreeN) int {
	f.r.evals.Add(1)
	if f.st[ply].Hash() != pos.Hash() {
		f.r.bad.Add(1)
	}
	return f.st[ply].Evaluate()
}

// TestNeuralKeepsTheTree: a neural evaluation that gives the same values as Evaluate leaves
// the search unchanged (score, principal variation, node count), with and without the
// evaluation cache and after null moves; every state it is asked for is the evaluated
// position's; it is updated lazily (fewer updates than nodes); and SetNeural(nil) restores
// Evaluate.
func TestNeuralKeepsTheTree(t *testing.T) {
	ctx := context.Background()
	for seed := uint64(1); seed <= 6; seed++ {
		cfg := &rtreeCfg{Seed: seed, Branch: 6, Height: 14, States: 4000, Checks: true}
		var evals atomic.Int64
		root := rtreeN{rtreeE{newRTreeQ(cfg), &evals}}
		plain := New[rtreeN, *rtreeN, uint8](Options[uint8]{HashMiB: 1})
		want := plain.Search(ctx, root, nil, Limits{Depth: 8})
		if evals.Load() == 0 {
			t.Fatal("the plain search evaluated nothing")
		}
		s := New[rtreeN, *rtreeN, uint8](Options[uint8]{HashMiB: 1})
		r := &replay{}
		s.SetNeural(r)
		if s.Neural() != Neural[rtreeN, uint8](r) {
			t.Fatal("Neural does not return what SetNeural set")
		}
		got := s.Search(ctx, root, nil, Limits{Depth: 8})
		if got.Score != want.Score || got.Nodes != want.Nodes || !slices.Equal(got.PV, want.PV) {
			t.Fatalf("seed %d: with the neural hook score %d, %d nodes, PV %v; without %d, %d, %v",
				seed, got.Score, got.Nodes, got.PV, want.Score, want.Nodes, want.PV)
		}
		if r.bad.Load() != 0 {
			t.Fatalf("seed %d: %d of %d evaluations read a state that was not the position's", seed, r.bad.Load(), r.evals.Load())
		}
		if r.evals.Load() == 0 || r.refreshs.Load() != 1 || r.frames.Load() != 1 {
			t.Fatalf("seed %d: %d evaluations, %d refreshes, %d NewFrames; want some, 1, 1", seed, r.evals.Load(), r.refreshs.Load(), r.frames.Load())
		}
		if r.passes.Load() == 0 {
			t.Fatalf("seed %d: no null move was evaluated through Pass", seed)
		}
		if u := r.updates.Load(); u == 0 || u >= got.Nodes {
			t.Fatalf("seed %d: %d updates for %d nodes; want lazy updates (fewer than nodes)", seed, u, got.Nodes)
		}
		// The evaluation cache must not hand back a value of the other evaluation: here
		// both agree, so only the tree shows; switching off restores the plain search.
		s.SetNeural(nil)
		s.Clear()
		again := s.Search(ctx, root, nil, Limits{Depth: 8})
		if again.Nodes != want.Nodes || again.Score != want.Score {
			t.Fatalf("seed %d: after SetNeural(nil) %d nodes, score %d; want %d, %d", seed, again.Nodes, again.Score, want.Nodes, want.Score)
		}
	}
}

// TestNeuralHelpers: Lazy SMP helpers get their own states (NewFrames once each, also when
// SetNeural comes before or after the helpers exist), and their evaluations read the right
// state too.
func TestNeuralHelpers(t *testing.T) {
	ctx := context.Background()
	cfg := &rtreeCfg{Seed: 9, Branch: 6, Height: 14, States: 4000, Checks: true}
	var evals atomic.Int64
	root := rtreeN{rtreeE{newRTreeQ(cfg), &evals}}
	s := New[rtreeN, *rtreeN, uint8](Options[uint8]{HashMiB: 1, Threads: 3})
	r := &replay{}
	s.SetNeural(r)
	s.Search(ctx, root, nil, Limits{Depth: 8})
	if n := r.frames.Load(); n != 3 {
		t.Fatalf("%d NewFrames calls for 3 threads, want 3", n)
	}
	r2 := &replay{}
	s.SetNeural(r2) // the helpers exist now
	res := s.Search(ctx, root, nil, Limits{Depth: 8})
	if n := r2.frames.Load(); n != 3 {
		t.Fatalf("after a second SetNeural: %d NewFrames calls for 3 threads, want 3", n)
	}
	if r.bad.Load() != 0 || r2.bad.Load() != 0 {
		t.Fatalf("%d and %d evaluations read a state that was not the position's", r.bad.Load(), r2.bad.Load())
	}
	if r2.refreshs.Load() != 3 {
		t.Fatalf("%d refreshes for one search on 3 threads, want 3", r2.refreshs.Load())
	}
	if !res.HasMove {
		t.Fatal("no move")
	}
}
