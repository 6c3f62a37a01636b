package gamesearch

import (
	"context"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// graphBuilder builds explicit game graphs for hand-made cases.
type graphBuilder struct{ g graph }

func (b *graphBuilder) add(n gnode) uint16 {
	b.g.nodes = append(b.g.nodes, n)
	return uint16(len(b.g.nodes) - 1)
}

// tail adds a chain of 40 nodes, the first at ply ply, each with one move to the next, whose
// static evaluation is v from the root side's point of view; it returns the first node. The
// search depths of the tests never reach the chain's end.
func (b *graphBuilder) tail(ply, v int) uint16 {
	const n = 40
	first := uint16(len(b.g.nodes))
	for k := 0; k < n; k++ {
		e := v
		if (ply+k)%2 == 1 {
			e = -v
		}
		node := gnode{eval: e}
		if k < n-1 {
			node.kids = []uint16{first + uint16(k) + 1}
		}
		b.add(node)
	}
	return first
}

func searchGraph(t *testing.T, g *graph, root uint16, depth int) Result[uint16] {
	t.Helper()
	s := New[gpos, *gpos, uint16](Options[uint16]{HashMiB: 1})
	return s.Search(context.Background(), gpos{g: g, id: root}, nil, Limits{Depth: depth}).Clone()
}

func TestMateScoresHelpers(t *testing.T) {
	assert.True(t, IsMate(Mate-1))
	assert.True(t, IsMate(-(Mate - 2)))
	assert.True(t, IsMate(MateBound))
	assert.True(t, IsMate(-MateBound))
	assert.False(t, IsMate(MateBound-1))
	assert.False(t, IsMate(0))
	assert.False(t, IsMate(-1500))
	assert.Equal(t, 1, MateIn(Mate-1))
	assert.Equal(t, 2, MateIn(Mate-3))
	assert.Equal(t, 3, MateIn(Mate-5))
	assert.Equal(t, -1, MateIn(-(Mate - 2)))
	assert.Equal(t, -2, MateIn(-(Mate - 4)))
	assert.Equal(t, 0, MateIn(-Mate))
	assert.Equal(t, 0, MateIn(250))
	assert.Equal(t, 0, MateIn(-250))
}

func TestTicTacToe(t *testing.T) {
	s := New[ttt, *ttt, tttMove](Options[tttMove]{HashMiB: 1})
	r := s.Search(context.Background(), newTTT(), nil, Limits{})
	assert.Equal(t, 0, r.Score, "tic-tac-toe is a draw")
	assert.Equal(t, MaxPly-1, r.Depth, "no depth cap searches to MaxPly-1")
	// The drawn line goes on until no line is open to either side (Drawn) or the board is full.
	end := newTTT()
	for _, m := range r.PV {
		var c ttt
		end.After(m, &c)
		end = c
	}
	assert.True(t, end.Drawn(), "the PV %v ends in a dead position", r.PV)

	// X to move wins at once on square 2.
	r = s.Search(context.Background(), tttFrom("XX.OO...."), nil, Limits{Depth: 9})
	assert.Equal(t, tttMove(2), r.Move)
	assert.Equal(t, Mate-1, r.Score)
	assert.Equal(t, 1, MateIn(r.Score))

	// X (at 0, 1, 4) threatens both 2 and 7 and O (at 3, 8) to move can block only one: O
	// loses, X completing its line on ply 2.
	r = s.Search(context.Background(), tttFrom("XX.OX...O"), nil, Limits{Depth: 9})
	assert.Equal(t, -(Mate - 2), r.Score)
	assert.Equal(t, -1, MateIn(r.Score))
}

func TestMatePreferenceAndLongestDefence(t *testing.T) {
	var b graphBuilder
	root := b.add(gnode{})
	// Move a: mate in 2 moves (3 plies); move c: mate in 1.
	a := b.add(gnode{})
	a1 := b.add(gnode{})
	a2 := b.add(gnode{check: true}) // mated
	c := b.add(gnode{check: true})  // mated
	b.g.nodes[root].kids = []uint16{a, c}
	b.g.nodes[a].kids = []uint16{a1}
	b.g.nodes[a1].kids = []uint16{a2}
	r := searchGraph(t, &b.g, root, 8)
	assert.Equal(t, c, r.Move, "shortest mate")
	assert.Equal(t, Mate-1, r.Score)
	assert.Equal(t, []uint16{c}, r.PV)

	// Every move loses: x is mated after one reply, y after two.
	var d graphBuilder
	root = d.add(gnode{})
	x := d.add(gnode{})
	xm := d.add(gnode{check: true})
	y := d.add(gnode{})
	y1 := d.add(gnode{})
	y2 := d.add(gnode{})
	ym := d.add(gnode{check: true})
	d.g.nodes[root].kids = []uint16{x, y}
	d.g.nodes[x].kids = []uint16{xm}
	d.g.nodes[y].kids = []uint16{y1}
	d.g.nodes[y1].kids = []uint16{y2}
	d.g.nodes[y2].kids = []uint16{ym}
	r = searchGraph(t, &d.g, root, 8)
	assert.Equal(t, y, r.Move, "longest defence")
	assert.Equal(t, -(Mate - 4), r.Score)
	assert.Equal(t, -2, MateIn(r.Score))
	assert.Equal(t, []uint16{y, y1, y2, ym}, r.PV)
}

// TestSettledMateStopsUncappedSearch: without a depth cap, iterative deepening stops once a
// mate is settled (depth >= mate length + mateSettleMargin) instead of running to MaxPly; with
// a cap it completes the depth asked for.
func TestSettledMateStopsUncappedSearch(t *testing.T) {
	var b graphBuilder
	root := b.add(gnode{})
	mated := b.add(gnode{check: true})
	other := b.tail(1, 100)
	b.g.nodes[root].kids = []uint16{other, mated}
	s := New[gpos, *gpos, uint16](Options[uint16]{HashMiB: 1})
	r := s.Search(context.Background(), gpos{g: &b.g, id: root}, nil, Limits{Time: 10 * time.Second})
	assert.Equal(t, mated, r.Move)
	assert.Equal(t, Mate-1, r.Score)
	assert.Equal(t, 1+mateSettleMargin, r.Depth, "stops once the mate in 1 is settled")
	r = s.Search(context.Background(), gpos{g: &b.g, id: root}, nil, Limits{Depth: 9})
	assert.Equal(t, 9, r.Depth, "a depth cap is searched in full")

	for _, c := range []struct{ score, depth int }{{Mate - 1, 4}, {-(Mate - 2), 5}, {Mate - 3, 6}, {100, 60}} {
		assert.False(t, mateSettled(c.score, c.depth), "%+v", c)
	}
	for _, c := range []struct{ score, depth int }{{Mate - 1, 5}, {-(Mate - 2), 6}, {Mate - 3, 7}} {
		assert.True(t, mateSettled(c.score, c.depth), "%+v", c)
	}
}

func TestStalemateLossOrDraw(t *testing.T) {
	for _, los := range []bool{false, true} {
		var b graphBuilder
		root := b.add(gnode{})
		stale := b.add(gnode{}) // no legal move, not in check
		other := b.tail(1, 100) // worth +100 to the root side
		b.g.nodes[root].kids = []uint16{stale, other}
		b.g.los = los
		r := searchGraph(t, &b.g, root, 4)
		if los {
			assert.Equal(t, stale, r.Move, "stalemating the opponent wins when stalemate loses")
			assert.Equal(t, Mate-1, r.Score)
		} else {
			assert.Equal(t, other, r.Move, "stalemate is only a draw")
			assert.Equal(t, 100, r.Score)
		}
	}
}

func TestDrawnBeforeHorizon(t *testing.T) {
	var b graphBuilder
	root := b.add(gnode{})
	drawn := b.add(gnode{drawn: true, eval: -900}) // static eval would give the root +900
	b.g.nodes[drawn].kids = []uint16{b.tail(2, 900)}
	plain := b.tail(1, 50)
	b.g.nodes[root].kids = []uint16{drawn, plain}
	for depth := 1; depth <= 4; depth++ {
		r := searchGraph(t, &b.g, root, depth)
		assert.Equal(t, plain, r.Move, "depth %d", depth)
		assert.Equal(t, 50, r.Score, "depth %d", depth)
	}
	// With a worse alternative (-50 for the root side) the drawn move is chosen and scores
	// exactly 0.
	for k := range 40 {
		b.g.nodes[int(plain)+k].eval = -b.g.nodes[int(plain)+k].eval
	}
	r := searchGraph(t, &b.g, root, 3)
	assert.Equal(t, drawn, r.Move)
	assert.Equal(t, 0, r.Score)
}

func TestMateOnMoveThatMakesDrawn(t *testing.T) {
	var b graphBuilder
	root := b.add(gnode{})
	mated := b.add(gnode{check: true, drawn: true}) // no legal move, in check, and Drawn
	stalemated := b.add(gnode{drawn: true})         // no legal move, Drawn: a draw either way
	plain := b.tail(1, 300)
	b.g.nodes[root].kids = []uint16{stalemated, plain, mated}
	r := searchGraph(t, &b.g, root, 5)
	assert.Equal(t, mated, r.Move, "mate stands even when the move reaches the move limit")
	assert.Equal(t, Mate-1, r.Score)
}

func TestRootWithoutMoves(t *testing.T) {
	cases := []struct {
		check, los bool
		want       int
	}{{false, false, 0}, {true, false, -Mate}, {false, true, -Mate}, {true, true, -Mate}}
	for _, c := range cases {
		g := &graph{nodes: []gnode{{check: c.check}}, los: c.los}
		s := New[gpos, *gpos, uint16](Options[uint16]{HashMiB: 1})
		r := s.Search(context.Background(), gpos{g: g}, nil, Limits{Depth: 5})
		assert.False(t, r.HasMove)
		assert.Equal(t, c.want, r.Score, "check=%v los=%v", c.check, c.los)
		assert.Empty(t, r.Lines)
		assert.Empty(t, r.PV)
	}
}

func TestDrawnRootStillReturnsMove(t *testing.T) {
	var b graphBuilder
	root := b.add(gnode{drawn: true})
	b.g.nodes[root].kids = []uint16{b.tail(1, 30)}
	r := searchGraph(t, &b.g, root, 3)
	assert.True(t, r.HasMove)
	assert.Equal(t, uint16(1), r.Move)
	assert.Equal(t, 30, r.Score)
}

// repetitionGraph: root R (0) has moves to an exit chain worth -10 to R's side and to B; B, C
// and D have one move each, B→C→D→R, so the cycle repeats R at ply 4. checks gives the
// in-check flags of R, B, C, D.
func repetitionGraph(checks [4]bool) (g *graph, exit, bID uint16) {
	var b graphBuilder
	r := b.add(gnode{check: checks[0]})
	bID = b.add(gnode{check: checks[1]})
	c := b.add(gnode{check: checks[2]})
	d := b.add(gnode{check: checks[3]})
	exit = b.tail(1, -10)
	b.g.nodes[r].kids = []uint16{exit, bID}
	b.g.nodes[bID].kids = []uint16{c}
	b.g.nodes[c].kids = []uint16{d}
	b.g.nodes[d].kids = []uint16{r}
	return &b.g, exit, bID
}

func TestRepetitionJudged(t *testing.T) {
	cases := []struct {
		name      string
		checks    [4]bool // R, B, C, D
		wantCycle bool
		anyMove   bool // both root moves score want
		want      int
	}{
		// The opponent checks on every move of the cycle (C and R are in check): R's side
		// wins by the rule when R occurs for the third time, at ply 8 (its first repetition,
		// at ply 4, ends nothing: the rules need the third occurrence).
		{"opponent perpetual check", [4]bool{true, false, true, false}, true, false, Mate - 8},
		// R's side checks on every move (B and D in check): a third occurrence loses, so R
		// takes the exit, now or (the second occurrence ending nothing) one cycle later.
		{"own perpetual check", [4]bool{false, true, false, true}, false, true, -10},
		// No checks: the repetition is a draw, better than the exit.
		{"plain repetition", [4]bool{false, false, false, false}, true, false, 0},
		// Both sides check every move: a draw.
		{"mutual checks", [4]bool{true, true, true, true}, true, false, 0},
	}
	for _, c := range cases {
		g, exit, bID := repetitionGraph(c.checks)
		s := New[jpos, *jpos, uint16](Options[uint16]{HashMiB: 1})
		judgeCalls = 0
		r := s.Search(context.Background(), jpos{g: g}, nil, Limits{Depth: 8})
		want := exit
		if c.wantCycle {
			want = bID
		}
		if !c.anyMove {
			assert.Equal(t, want, r.Move, c.name)
		}
		assert.Equal(t, c.want, r.Score, c.name)
		assert.Positive(t, judgeCalls, c.name)
	}
	// Without a RepetitionJudge every repetition is a draw, even under perpetual check.
	g, _, bID := repetitionGraph([4]bool{true, false, true, false})
	r := searchGraph(t, g, 0, 8)
	assert.Equal(t, bID, r.Move)
	assert.Equal(t, 0, r.Score)
}

func TestRepetitionWithGameHistory(t *testing.T) {
	// Root R has moves to Y (worth +20 to R's side without repetition) and to an exit (-10).
	var b graphBuilder
	root := b.add(gnode{})
	y := b.add(gnode{check: true})
	h1 := b.add(gnode{})
	h2 := b.add(gnode{})
	exit := b.tail(1, -10)
	b.g.nodes[y].kids = []uint16{b.tail(2, 20)}
	b.g.nodes[root].kids = []uint16{y, exit}
	hash := func(id uint16) uint64 { return (&gpos{g: &b.g, id: id}).Hash() }
	third := false // Options.ThirdOccurrence of the searches
	search := func(history []HistoryEntry) Result[uint16] {
		s := New[jpos, *jpos, uint16](Options[uint16]{HashMiB: 1, ThirdOccurrence: third})
		return s.Search(context.Background(), jpos{g: &b.g, id: root}, history, Limits{Depth: 6}).Clone()
	}

	r := search(nil)
	assert.Equal(t, y, r.Move)
	assert.Equal(t, 20, r.Score)

	// The game went Y, h1, h2, R: playing Y again repeats it 4 plies later. R's side gave
	// check on its moves of the cycle (reaching h2 and Y), but a second occurrence ends
	// nothing: the search claims no result and Y keeps its worth.
	once := []HistoryEntry{{Hash: hash(y), InCheck: true}, {Hash: hash(h1)}, {Hash: hash(h2), InCheck: true}}
	r = search(once)
	assert.Equal(t, y, r.Move)
	assert.Equal(t, 20, r.Score)
	// Y, h1, h2, R, Y, h1, h2, R: playing Y again is its third occurrence, and R's side checked
	// with every move since the first, so the judge lets Y's side win: R takes the exit.
	twice := append(append(append([]HistoryEntry{}, once...), HistoryEntry{Hash: hash(root)}), once...)
	r = search(twice)
	assert.Equal(t, exit, r.Move)
	assert.Equal(t, -10, r.Score)

	// The same history without checks: repeating is a draw, so Y is worth 0, still better
	// than the exit.
	r = search([]HistoryEntry{{Hash: hash(y)}, {Hash: hash(h1)}, {Hash: hash(h2)}})
	assert.Equal(t, y, r.Move)
	assert.Equal(t, 0, r.Score)

	// Y three plies before Y again is no repetition (the side to move differs).
	r = search([]HistoryEntry{{Hash: hash(y)}, {Hash: hash(h2)}})
	assert.Equal(t, y, r.Move)
	assert.Equal(t, 20, r.Score)

	// A repetition further back than 100 plies is not seen; within 100 it is.
	long := make([]HistoryEntry, 0, 200)
	long = append(long, HistoryEntry{Hash: hash(y), InCheck: true})
	for len(long) < 101 {
		long = append(long, HistoryEntry{Hash: uint64(len(long))})
	}
	r = search(long) // Y would repeat 102 plies back
	assert.Equal(t, y, r.Move)
	assert.Equal(t, 20, r.Score)
	r = search(append([]HistoryEntry{long[0]}, long[3:]...)) // Y would repeat 100 plies back
	assert.Equal(t, y, r.Move)
	assert.Equal(t, 0, r.Score)

	// The root itself repeating history is not judged.
	judgeCalls = 0
	r = search([]HistoryEntry{{Hash: hash(root), InCheck: false}, {Hash: hash(h1)}, {Hash: hash(h2)}, {Hash: hash(h1)}})
	assert.Equal(t, y, r.Move)
	assert.Equal(t, 20, r.Score)
	assert.Zero(t, judgeCalls)

	// With ThirdOccurrence, the histories without checks: once before, Y again is its second
	// occurrence, which ends nothing (the rules end a game at the third: WXF rules, FIDE Laws
	// 9.2), so Y keeps its worth; twice before, it is the third, a draw, worth 0.
	third = true
	plain := []HistoryEntry{{Hash: hash(y)}, {Hash: hash(h1)}, {Hash: hash(h2)}}
	r = search(plain)
	assert.Equal(t, y, r.Move)
	assert.Equal(t, 20, r.Score)
	r = search(append(append(append([]HistoryEntry{}, plain...), HistoryEntry{Hash: hash(root)}), plain...))
	assert.Equal(t, y, r.Move)
	assert.Equal(t, 0, r.Score)
	// The perpetual check of the twice-repeated history still loses for the checker.
	r = search(twice)
	assert.Equal(t, exit, r.Move)
	assert.Equal(t, -10, r.Score)
	// An occurrence further back than 100 plies is not seen: Y at the start of the history
	// and 4 plies later is a third occurrence only when the first is within the window.
	spaced := make([]HistoryEntry, 0, 101)
	for len(spaced) < 101 {
		spaced = append(spaced, HistoryEntry{Hash: uint64(len(spaced))})
	}
	spaced[0], spaced[4] = HistoryEntry{Hash: hash(y)}, HistoryEntry{Hash: hash(y)}
	r = search(spaced) // the first occurrence 102 plies back
	assert.Equal(t, y, r.Move)
	assert.Equal(t, 20, r.Score)
	r = search(append([]HistoryEntry{spaced[0]}, spaced[3:]...)) // 100 plies back
	assert.Equal(t, y, r.Move)
	assert.Equal(t, 0, r.Score)
}

// stall bounds how much longer than its deadline a search may take to return: the time a
// loaded 2-core test machine (load averages of 20 to 38 were seen) can hold a goroutine back.
// Lower bounds on wall time are exact; upper bounds only show that the search stops.
const stall = 3 * time.Second

// deepTree is a random tree far deeper than any search can finish.
func deepTree(seed uint64) rtree {
	return newRTree(&rtreeCfg{Seed: seed, Branch: 8, Height: 1000})
}

func requireLegal(t *testing.T, root rtree, r Result[uint8]) {
	t.Helper()
	require.True(t, r.HasMove)
	require.Contains(t, root.LegalMoves(nil), r.Move)
	require.NotEmpty(t, r.PV)
	require.Equal(t, r.Move, r.PV[0])
}

func TestCancellation(t *testing.T) {
	root := deepTree(7)
	s := New[rtree, *rtree, uint8](Options[uint8]{HashMiB: 1})
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		time.Sleep(20 * time.Millisecond)
		cancel()
	}()
	start := time.Now()
	r := s.Search(ctx, root, nil, Limits{})
	elapsed := time.Since(start)
	assert.Less(t, elapsed, stall)
	assert.GreaterOrEqual(t, elapsed, 20*time.Millisecond)
	requireLegal(t, root, r)
	assert.Positive(t, r.Depth)

	// A context cancelled before the search starts still yields a legal move.
	r = s.Search(ctx, root, nil, Limits{})
	requireLegal(t, root, r)
}

func TestTimeBudget(t *testing.T) {
	root := deepTree(8)
	s := New[rtree, *rtree, uint8](Options[uint8]{HashMiB: 1})
	start := time.Now()
	r := s.Search(context.Background(), root, nil, Limits{Time: 50 * time.Millisecond})
	elapsed := time.Since(start)
	assert.Less(t, elapsed, stall)
	assert.GreaterOrEqual(t, elapsed, 25*time.Millisecond, "no iteration starts after half the budget, not before")
	requireLegal(t, root, r)
	assert.Positive(t, r.Depth)
	assert.LessOrEqual(t, r.Elapsed, elapsed)
	assert.Positive(t, r.NPS())
}

// TestSoftTimeSpendsTheBudget: with SoftTime equal to Time (UCI "go movetime"), iterations keep
// starting until the budget is spent, so a search of a tree too deep to finish runs to the
// hard deadline instead of stopping after the first iteration that ends past half of it.
func TestSoftTimeSpendsTheBudget(t *testing.T) {
	root := deepTree(8)
	s := New[rtree, *rtree, uint8](Options[uint8]{HashMiB: 1})
	budget := 100 * time.Millisecond
	start := time.Now()
	r := s.Search(context.Background(), root, nil, Limits{Time: budget, SoftTime: budget})
	elapsed := time.Since(start)
	requireLegal(t, root, r)
	assert.GreaterOrEqual(t, elapsed, budget, "the whole budget is used")
	assert.Less(t, elapsed, budget+stall, "and the hard deadline still holds")
}

func TestTinyLimitsStillGiveLegalMove(t *testing.T) {
	root := deepTree(9)
	s := New[rtree, *rtree, uint8](Options[uint8]{HashMiB: 1})
	r := s.Search(context.Background(), root, nil, Limits{Nodes: 1})
	requireLegal(t, root, r)
	assert.Equal(t, int64(1), r.Nodes)
	assert.Zero(t, r.Depth)

	r = s.Search(context.Background(), root, nil, Limits{Time: time.Millisecond})
	requireLegal(t, root, r)

	for _, n := range []int64{2, 5, 50, 3000} {
		r = s.Search(context.Background(), root, nil, Limits{Nodes: n})
		requireLegal(t, root, r)
		assert.LessOrEqual(t, r.Nodes, n)
	}
	r = s.Search(context.Background(), root, nil, Limits{Nodes: 3000, MultiPV: 3})
	requireLegal(t, root, r)
	assert.NotEmpty(t, r.Lines)
}

func TestMultiPV(t *testing.T) {
	cfg := &rtreeCfg{Seed: 42, Branch: 7, Height: 6}
	root := newRTree(cfg)
	n := len(root.LegalMoves(nil))
	s := New[rtree, *rtree, uint8](Options[uint8]{HashMiB: 1})
	r := s.Search(context.Background(), root, nil, Limits{Depth: 4, MultiPV: 3})
	require.Len(t, r.Lines, min(3, n))
	seen := map[uint8]bool{}
	for i, l := range r.Lines {
		assert.False(t, seen[l.Move])
		seen[l.Move] = true
		assert.Equal(t, l.Move, l.PV[0])
		if i > 0 {
			assert.GreaterOrEqual(t, r.Lines[i-1].Score, l.Score)
		}
	}
	assert.Equal(t, r.Lines[0].Move, r.Move)
	assert.Equal(t, r.Lines[0].Score, r.Score)

	// Asking for more lines than moves returns one line per move.
	r = s.Search(context.Background(), root, nil, Limits{Depth: 3, MultiPV: 50})
	assert.Len(t, r.Lines, n)
}

func TestClearForgetsTable(t *testing.T) {
	s := New[ttt, *ttt, tttMove](Options[tttMove]{HashMiB: 1})
	s.Search(context.Background(), newTTT(), nil, Limits{Depth: 6})
	_, ok := s.Table().probe(ptr(tttFrom("....X....")).Hash())
	assert.True(t, ok, "the table holds positions after a search")
	assert.Positive(t, s.Table().Hashfull())
	s.Clear()
	assert.Zero(t, s.Table().Hashfull())
	_, ok = s.Table().probe(ptr(tttFrom("....X....")).Hash())
	assert.False(t, ok)
	r := s.Search(context.Background(), newTTT(), nil, Limits{Depth: 9})
	assert.Equal(t, 0, r.Score)
}

// TestSharedTableConcurrent runs several searchers on one Table at once (Lazy SMP style);
// under -race this checks that the table is free of data races. Searching the whole tree,
// every searcher must still find the exact game value.
func TestSharedTableConcurrent(t *testing.T) {
	table := NewTable(1)
	cfg := &rtreeCfg{Seed: 5, Branch: 6, Height: 7, States: 500}
	root := newRTree(cfg)
	ref := newRef[rtree, *rtree, uint8]()
	_, values := ref.rootValues(root, cfg.Height)
	want := slices.Max(values)
	var wg sync.WaitGroup
	results := make([]int, 4)
	for i := range results {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := New[rtree, *rtree, uint8](Options[uint8]{Table: table, NoPruning: true})
			for range 3 {
				results[i] = s.Search(context.Background(), root, nil, Limits{Depth: cfg.Height}).Score
			}
		}()
	}
	wg.Wait()
	for i, got := range results {
		assert.Equal(t, want, got, "searcher %d", i)
	}
}

// qpos is a graph game whose moves into nodes marked noisy are its NoisyMoves, so the search
// runs a quiescence search on it.
type qpos struct {
	gpos
	noisy map[uint16]bool
}

func (p *qpos) LegalMoves(dst []uint16) []uint16 { return p.gpos.LegalMoves(dst) }
func (p *qpos) After(m uint16, c *qpos)          { *c = qpos{gpos{g: p.g, id: m}, p.noisy} }
func (p *qpos) InCheck() bool                    { return p.gpos.InCheck() }
func (p *qpos) Drawn() bool                      { return p.gpos.Drawn() }
func (p *qpos) LossOnStalemate() bool            { return p.gpos.LossOnStalemate() }
func (p *qpos) Evaluate() int                    { return p.gpos.Evaluate() }
func (p *qpos) Hash() uint64                     { return p.gpos.Hash() }
func (p *qpos) NoisyMoves(dst []uint16) []uint16 {
	for _, k := range p.g.nodes[p.id].kids {
		if p.noisy[k] {
			dst = append(dst, k)
		}
	}
	return dst
}

// TestPVThroughQuiescence: a mate found by the quiescence search (a capture that mates,
// below the horizon) shows in the principal variation in full.
func TestPVThroughQuiescence(t *testing.T) {
	var b graphBuilder
	root := b.add(gnode{})
	a := b.add(gnode{})                  // quiet
	bb := b.add(gnode{})                 // quiet reply
	mated := b.add(gnode{check: true})   // reached by a noisy move: the opponent is mated
	quietEnd := b.add(gnode{eval: -100}) // the other root move leads to a quiet position
	b.g.nodes[root].kids = []uint16{quietEnd, a}
	b.g.nodes[a].kids = []uint16{bb}
	b.g.nodes[bb].kids = []uint16{mated}
	s := New[qpos, *qpos, uint16](Options[uint16]{HashMiB: 1, NoPruning: true})
	r := s.Search(context.Background(), qpos{gpos{g: &b.g, id: root}, map[uint16]bool{mated: true}}, nil, Limits{Depth: 2})
	require.True(t, r.HasMove)
	assert.Equal(t, Mate-3, r.Score, "mate at ply 3, found by quiescence at depth 2")
	assert.Equal(t, []uint16{a, bb, mated}, r.PV, "the PV runs through the quiescence search to the mate")
}
