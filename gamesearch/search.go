package gamesearch

import (
	"context"
	"math"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/exp/constraints"
)

// Limits bound one search. Whichever limit is reached first stops it; a zero Limits searches
// until the context is cancelled (or depth MaxPly-1 is completed).
type Limits struct {
	// Depth is the maximum iterative-deepening depth in plies; 0 (or less) means no cap
	// (MaxPly-1), and then a single-line search also stops once a mate for either side is
	// settled: found at least 4 plies shorter than the iteration that found it.
	Depth int
	// Time is the wall-clock budget, measured on the monotonic clock from the call of Search;
	// 0 (or less) means none. The search stops when it is spent, returning the last completed
	// iteration's move.
	Time time.Duration
	// SoftTime is the point after which no new iteration starts, measured like Time; 0 (or
	// less) means Time/2, since an iteration started later rarely completes. Set it equal to
	// Time to spend the whole budget (UCI "go movetime"), or lower for a clock's optimum time.
	SoftTime time.Duration
	// Nodes is the node limit (main-search and quiescence nodes); 0 (or less) means none.
	// With Options.Threads > 1 it applies to each search goroutine.
	Nodes int64
	// MultiPV is the number of root lines to search fully, best first; <= 1 means one.
	MultiPV int
}

// Line is one principal variation from the root.
type Line[M constraints.Integer] struct {
	// Move is the first move of the line.
	Move M
	// Score is the line's score in centipawns from the root side to move; mate scores are
	// ±(Mate-ply).
	Score int
	// PV is the principal variation, starting with Move.
	PV []M
}

// Result is the outcome of a search.
//
// The slices PV and Lines (and the PV of every Line) of the Result returned by Search point
// into memory owned by the Searcher, so that a search allocates nothing: they stay valid until
// the next call of Search on the same Searcher. Use Clone to keep them longer or to hand them
// to another goroutine. The Result passed to Options.OnIteration is already a private copy.
type Result[M constraints.Integer] struct {
	// Move is the best move of the last completed iteration. When no iteration completed it
	// is the best fully searched root move of the interrupted first iteration, or else the
	// first root move in search order (Depth is then 0).
	Move M
	// HasMove is false only when the root has no legal move.
	HasMove bool
	// Score is in centipawns from the root side to move; mate scores are ±(Mate-ply). With no
	// legal move at the root it is the terminal score: -Mate when in check or when the game
	// loses on stalemate, else 0.
	Score int
	// Depth is the last completed iteration, in plies (0 if none completed).
	Depth int
	// SelDepth is the deepest ply reached, quiescence included.
	SelDepth int
	// Nodes counts the main-search and quiescence nodes visited.
	Nodes int64
	// Elapsed is the wall-clock time spent.
	Elapsed time.Duration
	// PV is the principal variation of Lines[0], starting with Move.
	PV []M
	// Lines holds the MultiPV lines, best first; Lines[0] is Move/Score/PV. It is empty when
	// the root has no legal move.
	Lines []Line[M]
}

// NPS returns the search speed in nodes per second (0 when no time was measured).
func (r Result[M]) NPS() int64 {
	if r.Elapsed <= 0 {
		return 0
	}
	return int64(float64(r.Nodes) / r.Elapsed.Seconds())
}

// Clone returns a deep copy of r whose slices share no memory with the Searcher.
func (r Result[M]) Clone() Result[M] {
	c := r
	if r.PV != nil {
		c.PV = append([]M(nil), r.PV...)
	}
	if r.Lines != nil {
		c.Lines = make([]Line[M], len(r.Lines))
		for i, l := range r.Lines {
			c.Lines[i] = Line[M]{Move: l.Move, Score: l.Score, PV: append([]M(nil), l.PV...)}
		}
		if len(c.Lines) > 0 {
			c.PV = c.Lines[0].PV
		}
	}
	return c
}

// Options configure a Searcher.
type Options[M constraints.Integer] struct {
	// HashMiB is the transposition table size in MiB (DefaultHashMiB when 0).
	HashMiB int
	// Table is an optional table shared with other Searchers (Lazy SMP); it overrides HashMiB.
	Table *Table
	// OnIteration, if not nil, is called on the searching goroutine after each completed
	// iteration with a private copy of the result so far (for UCI "info" lines and the app).
	OnIteration func(Result[M])

	// NoPruning switches off every selective technique that can change the value of a
	// fixed-depth search: null-move pruning, late move reductions and futility pruning. The
	// score of each completed iteration is then the exact negamax value (with quiescence) at
	// that depth, as plain alpha-beta gives; PVS, aspiration windows, the table and move
	// ordering never change it. The techniques are on by default.
	NoPruning bool
	// NoNullMove switches off null-move pruning alone. Null-move pruning is used only when *P
	// implements NullMover.
	NoNullMove bool
	// NoLMR switches off late move reductions alone.
	NoLMR bool
	// NoFutility switches off (reverse) futility pruning alone.
	NoFutility bool
	// PruneFromDepth is the first iterative-deepening iteration (depth in plies) that uses
	// the selective techniques; the shallower iterations are exact alpha-beta searches, so a
	// mate in N moves is found by an iteration of depth 2N-1 < PruneFromDepth as without
	// pruning (forward pruning can hide a mate threat just behind the horizon). 0 means
	// DefaultPruneFromDepth; 1 prunes from the first iteration.
	PruneFromDepth int
	// Threads is the number of search goroutines (Lazy SMP); 0 or 1 means one. The extra
	// helper goroutines search the same root to slightly different depths, sharing the
	// transposition table, and stop together with the main one; the result is the main
	// goroutine's (Nodes counts every goroutine's nodes). The helpers' Searchers are
	// allocated once, on the first search with more than one thread.
	Threads int
}

// DefaultPruneFromDepth is the first iteration that prunes when Options.PruneFromDepth is 0:
// iterations 1 to 3 are exact, so mates in 1 or 2 moves are always found at depth 2N-1.
// (Measured: starting at 4 rather than 6 gains about 100 Elo in xiangqi at 50 ms a move;
// exact iterations up to 5 cost 1.5 times the nodes to depth 7-8.)
const DefaultPruneFromDepth = 4

// Tuning constants of the search.
const (
	// pollInterval is how many nodes pass between checks of the clock and the context.
	pollInterval = 1024
	// repetitionWindow is how many plies back (game history and search path) the search
	// looks for an earlier occurrence of the current position.
	repetitionWindow = 100
	// quiescenceCheckPlies: a quiescence node less than this many plies below the horizon
	// that is in check searches every evasion (and detects mate) instead of standing pat.
	quiescenceCheckPlies = 4
	// historyBits sizes the history table (moves are hashed into it, since M is generic).
	historyBits = 14
	historySize = 1 << historyBits
	historyMax  = 16384
	// aspirationDelta is the initial half-width of the aspiration window, in centipawns,
	// used from depth aspirationMinDepth on.
	aspirationDelta    = 30
	aspirationMinDepth = 4
	// moveBufCap is the initial capacity of each ply's move buffer.
	moveBufCap = 256

	// Null-move pruning: from nullMinDepth plies left, reduce the null-move search by
	// nullR plies, nullRDeep from nullDeepDepth on.
	nullMinDepth  = 2
	nullR         = 2
	nullRDeep     = 3
	nullDeepDepth = 7
	// Late move reductions: from lmrMinDepth plies left, quiet moves after the first
	// lmrMinMoves are searched to a reduced depth first.
	lmrMinDepth = 3
	lmrMinMoves = 3
	// Reverse futility pruning: at most rfpMaxDepth plies left, a non-PV node whose static
	// score exceeds beta by rfpMargin per ply is cut off. Futility pruning: at most
	// futMaxDepth plies left, quiet moves are skipped when the static score plus
	// futMargin*depth cannot reach alpha.
	rfpMaxDepth = 3
	rfpMargin   = 120
	futMaxDepth = 2
	futMargin   = 150
)

// lmrTable[d][i] is the late-move reduction, in plies, of the i-th move (0-based) at depth d.
var lmrTable = func() (t [64][64]int8) {
	for d := 1; d < 64; d++ {
		for i := 1; i < 64; i++ {
			t[d][i] = int8(0.5 + math.Log(float64(d))*math.Log(float64(i))/2.25)
		}
	}
	return t
}()

// Move-ordering keys, larger first.
const (
	keyTTMove  = 1 << 30
	keyNoisy   = 1 << 28
	keyKiller1 = 1 << 27
	keyKiller2 = keyKiller1 - 1
	keyClamp   = 1 << 24
)

type rootLine[M constraints.Integer] struct {
	move  M
	score int
	pv    [MaxPly]M
	pvLen int
}

// Searcher searches positions of one game type with negamax, alpha-beta, principal variation
// search, aspiration windows, iterative deepening, a transposition table, quiescence,
// killer/history move ordering, and (unless Options switch them off) the selective techniques
// null-move pruning (when *P implements NullMover), late move reductions and (reverse)
// futility pruning, optionally on several goroutines (Lazy SMP, Options.Threads). P is the position type, PP its pointer type (which carries
// the Position methods), M the move type. Create it with New. A Searcher keeps its table,
// killers and history between searches (call Clear for a new game). Search is not safe for
// concurrent use on one Searcher; use one Searcher per goroutine (they may share a Table).
// A Searcher must not be copied.
type Searcher[P any, PP interface {
	*P
	Position[P, M]
}, M constraints.Integer] struct {
	opts Options[M]
	tt   *Table

	// Per-ply state, preallocated: the position at each ply (the root at 0), its move list
	// and ordering keys, and the optional interfaces bound to that slot.
	stack    [MaxPly + 1]P
	moves    [MaxPly + 1][]M
	keys     [MaxPly + 1][]int32
	noisy    [MaxPly + 1]NoisyMover[M]
	orderer  [MaxPly + 1]MoveOrderer[M]
	judge    [MaxPly + 1]RepetitionJudge
	nuller   [MaxPly + 1]NullMover[P]
	hasNoisy bool
	hasOrder bool
	hasJudge bool

	// Selective search switches (from Options and the optional interfaces).
	useNull bool
	useLMR  bool
	useFut  bool
	// pruneFrom is the first iteration that prunes; doNull, doLMR and doFut are the
	// switches for the current iteration.
	pruneFrom int
	doNull    bool
	doLMR     bool
	doFut     bool

	// Lazy SMP: helper Searchers (allocated once), the flag that stops them, and the
	// depth offset of this Searcher when it is a helper.
	helpers   []*Searcher[P, PP, M]
	abort     *atomic.Bool
	ownAbort  atomic.Bool
	depthSkew int
	wg        sync.WaitGroup

	killers [MaxPly + 1][2]M
	killerN [MaxPly + 1]uint8
	history [2][historySize]int32

	pv    [MaxPly + 1][MaxPly + 1]M
	pvLen [MaxPly + 1]int

	// Repetition stack: the end of the game history, then one entry per ply of the path.
	repHash  []uint64
	repCheck []bool
	repBase  int
	// repFloor is the lowest repetition-stack index a repetition may reach back to: the
	// position after the latest null move on the path (a pass breaks every cycle).
	repFloor int

	// Per-search state.
	nodes       int64
	maxNodes    int64
	nextPoll    int64
	start       time.Time
	deadline    time.Time
	hasDeadline bool
	done        <-chan struct{}
	stopped     bool
	seldepth    int
	gen         uint64
	completed   int
	rootCheck   bool

	rootMoves    []M
	cur          []rootLine[M]
	best         []rootLine[M]
	bestN        int
	resLines     []Line[M]
	partialOK    bool
	partialMove  M
	partialScore int
}

// New returns a Searcher for positions of type P with moves of type M. It detects once which
// optional interfaces (NoisyMover, MoveOrderer, RepetitionJudge) *P implements, and allocates
// every per-ply buffer, so that searching allocates nothing per node.
func New[P any, PP interface {
	*P
	Position[P, M]
}, M constraints.Integer](opts Options[M]) *Searcher[P, PP, M] {
	s := &Searcher[P, PP, M]{opts: opts}
	if opts.Table != nil {
		s.tt = opts.Table
	} else {
		s.tt = NewTable(opts.HashMiB)
	}
	for i := range s.stack {
		p := any(&s.stack[i])
		if n, ok := p.(NoisyMover[M]); ok {
			s.noisy[i] = n
			s.hasNoisy = true
		}
		if o, ok := p.(MoveOrderer[M]); ok {
			s.orderer[i] = o
			s.hasOrder = true
		}
		if j, ok := p.(RepetitionJudge); ok {
			s.judge[i] = j
			s.hasJudge = true
		}
		if n, ok := p.(NullMover[P]); ok {
			s.nuller[i] = n
		}
		s.moves[i] = make([]M, 0, moveBufCap)
		s.keys[i] = make([]int32, 0, moveBufCap)
	}
	s.useNull = s.nuller[0] != nil && !opts.NoPruning && !opts.NoNullMove
	s.useLMR = !opts.NoPruning && !opts.NoLMR
	s.useFut = !opts.NoPruning && !opts.NoFutility
	s.pruneFrom = opts.PruneFromDepth
	if s.pruneFrom == 0 {
		s.pruneFrom = DefaultPruneFromDepth
	}
	s.abort = &s.ownAbort
	s.rootMoves = make([]M, 0, moveBufCap)
	s.growLines(1)
	s.repHash = make([]uint64, repetitionWindow+MaxPly+2)
	s.repCheck = make([]bool, repetitionWindow+MaxPly+2)
	return s
}

// Table returns the Searcher's transposition table.
func (s *Searcher[P, PP, M]) Table() *Table { return s.tt }

// Clear forgets the transposition table, killer moves and history (a new game).
func (s *Searcher[P, PP, M]) Clear() {
	s.tt.Clear()
	s.killers = [MaxPly + 1][2]M{}
	s.killerN = [MaxPly + 1]uint8{}
	s.history = [2][historySize]int32{}
	for _, h := range s.helpers {
		h.killers = [MaxPly + 1][2]M{}
		h.killerN = [MaxPly + 1]uint8{}
		h.history = [2][historySize]int32{}
	}
}

func (s *Searcher[P, PP, M]) growLines(k int) {
	if len(s.cur) >= k {
		return
	}
	s.cur = make([]rootLine[M], k)
	s.best = make([]rootLine[M], k)
	s.resLines = make([]Line[M], k)
	s.bestN = 0
}

// Search searches root (the position to move from) within lim and returns the best move.
//
// history holds the positions of the game before root, oldest first; a position of the search
// that repeats one of them, or one earlier on the search path, an even number of plies back
// (at least 4, at most 100 plies), is judged by the game's RepetitionJudge if *P implements it
// (Win scores Mate-ply for the side to move there, Loss -(Mate-ply), Draw 0) and is a draw (0)
// otherwise. The root itself is never judged, and is searched even when Drawn reports true:
// whether the game is over is the caller's decision.
//
// The search stops when ctx is cancelled, the time budget is spent, the node limit is reached
// or the depth is completed, whichever comes first; it checks the clock and ctx every 1024
// nodes, so it returns within a few milliseconds. A legal move is returned whenever one
// exists. See Result for the lifetime of the returned slices.
func (s *Searcher[P, PP, M]) Search(ctx context.Context, root P, history []HistoryEntry, lim Limits) Result[M] {
	gen := s.tt.newSearch()
	n := s.opts.Threads - 1
	if n <= 0 {
		return s.run(ctx, root, history, lim, gen)
	}
	if len(s.helpers) < n {
		s.helpers = make([]*Searcher[P, PP, M], n)
		hopts := Options[M]{Table: s.tt, NoPruning: s.opts.NoPruning, NoNullMove: s.opts.NoNullMove,
			NoLMR: s.opts.NoLMR, NoFutility: s.opts.NoFutility, PruneFromDepth: s.opts.PruneFromDepth}
		for i := range s.helpers {
			h := New[P, PP, M](hopts)
			h.abort = &s.ownAbort
			h.depthSkew = (i + 1) & 1
			s.helpers[i] = h
		}
	}
	s.ownAbort.Store(false)
	for _, h := range s.helpers[:n] {
		s.wg.Add(1)
		go h.runHelper(ctx, root, history, lim, gen, &s.wg)
	}
	res := s.run(ctx, root, history, lim, gen)
	s.ownAbort.Store(true)
	s.wg.Wait()
	for _, h := range s.helpers[:n] {
		res.Nodes += h.nodes
		res.SelDepth = max(res.SelDepth, h.seldepth)
	}
	res.Elapsed = time.Since(s.start)
	return res
}

// runHelper is the body of a Lazy SMP helper goroutine: a search whose result is dropped
// (its table entries are what helps the main goroutine).
func (s *Searcher[P, PP, M]) runHelper(ctx context.Context, root P, history []HistoryEntry, lim Limits, gen uint64, wg *sync.WaitGroup) {
	defer wg.Done()
	lim.MultiPV = 1
	s.run(ctx, root, history, lim, gen)
}

// run is one goroutine's iterative-deepening search (see Search).
func (s *Searcher[P, PP, M]) run(ctx context.Context, root P, history []HistoryEntry, lim Limits, gen uint64) Result[M] {
	s.start = time.Now()
	s.repFloor = 0
	s.nodes = 0
	s.stopped = false
	s.seldepth = 0
	s.completed = 0
	s.partialOK = false
	s.bestN = 0
	s.maxNodes = max(lim.Nodes, 0)
	s.hasDeadline = lim.Time > 0
	s.deadline = s.start.Add(lim.Time)
	s.done = nil
	if ctx != nil {
		s.done = ctx.Done()
	}
	s.nextPoll = 1
	s.gen = gen
	for side := range s.history {
		for i := range s.history[side] {
			s.history[side][i] /= 2
		}
	}

	s.stack[0] = root
	pos := PP(&s.stack[0])
	s.rootMoves = pos.LegalMoves(s.rootMoves[:0])
	s.rootCheck = pos.InCheck()

	// Only the last repetitionWindow positions of the history can be repeated.
	if len(history) > repetitionWindow {
		history = history[len(history)-repetitionWindow:]
	}
	for i, e := range history {
		s.repHash[i] = e.Hash
		s.repCheck[i] = e.InCheck
	}
	s.repBase = len(history)
	s.repHash[s.repBase] = pos.Hash()
	s.repCheck[s.repBase] = s.rootCheck

	if len(s.rootMoves) == 0 {
		score := 0
		if s.rootCheck || pos.LossOnStalemate() {
			score = -Mate
		}
		return Result[M]{Score: score, Nodes: 1, Elapsed: time.Since(s.start)}
	}
	s.orderRoot()

	k := min(max(lim.MultiPV, 1), len(s.rootMoves))
	s.growLines(k)
	maxDepth := lim.Depth
	if maxDepth <= 0 || maxDepth > MaxPly-1 {
		maxDepth = MaxPly - 1
	}

	for depth := min(1+s.depthSkew, maxDepth); depth <= maxDepth; depth++ {
		selective := depth >= s.pruneFrom
		s.doNull, s.doLMR, s.doFut = s.useNull && selective, s.useLMR && selective, s.useFut && selective
		n := 0
		for pvIdx := 0; pvIdx < k; pvIdx++ {
			prev, hasPrev := 0, s.completed > 0 && pvIdx < s.bestN
			if hasPrev {
				prev = s.best[pvIdx].score
			}
			score, ok := s.aspiration(depth, pvIdx, prev, hasPrev)
			if !ok {
				break
			}
			l := &s.cur[pvIdx]
			l.move = s.pv[0][0]
			l.score = score
			l.pvLen = copy(l.pv[:], s.pv[0][:s.pvLen[0]])
			n++
		}
		if s.stopped {
			if s.completed == 0 {
				s.fallback(n)
			}
			break
		}
		s.commit(n)
		s.completed = depth
		if s.opts.OnIteration != nil {
			s.opts.OnIteration(s.result().Clone())
		}
		if s.hasDeadline && time.Since(s.start) >= softTime(lim) {
			break
		}
		if lim.Depth <= 0 && k == 1 && mateSettled(s.best[0].score, depth) {
			break
		}
	}
	return s.result()
}

// mateSettleMargin is how many plies past a mate's length iterative deepening goes on before
// it takes the mate as settled.
const mateSettleMargin = 4

// mateSettled reports whether an iteration to depth that scored score has settled the game: a
// mate (for either side) whose length in plies is at least mateSettleMargin shorter than
// depth. Searching deeper would only look for a shorter mate or a longer defence, which the
// earlier, wider iterations have already had every chance to find. Search stops there when
// no depth limit was given, so a time budget is not spent on a decided position.
func mateSettled(score, depth int) bool {
	if !IsMate(score) {
		return false
	}
	plies := Mate - score
	if score < 0 {
		plies = Mate + score
	}
	return depth >= plies+mateSettleMargin
}

// softTime is the time after which Search starts no new iteration.
func softTime(lim Limits) time.Duration {
	if lim.SoftTime > 0 && lim.SoftTime <= lim.Time {
		return lim.SoftTime
	}
	return lim.Time / 2
}

// result builds the Result from the committed lines.
func (s *Searcher[P, PP, M]) result() Result[M] {
	r := Result[M]{
		HasMove:  true,
		Depth:    s.completed,
		SelDepth: s.seldepth,
		Nodes:    s.nodes,
		Elapsed:  time.Since(s.start),
		Lines:    s.resLines[:s.bestN],
	}
	for i := 0; i < s.bestN; i++ {
		l := &s.best[i]
		s.resLines[i] = Line[M]{Move: l.move, Score: l.score, PV: l.pv[:l.pvLen:l.pvLen]}
	}
	r.Move = r.Lines[0].Move
	r.Score = r.Lines[0].Score
	r.PV = r.Lines[0].PV
	return r
}

// commit sorts the n lines of the finished iteration, makes them the result and moves them to
// the front of the root move list (in order) for the next iteration.
func (s *Searcher[P, PP, M]) commit(n int) {
	for i := 1; i < n; i++ { // insertion sort, best first; stable
		for j := i; j > 0 && s.cur[j].score > s.cur[j-1].score; j-- {
			s.cur[j], s.cur[j-1] = s.cur[j-1], s.cur[j]
		}
	}
	s.cur, s.best = s.best, s.cur
	s.bestN = n
	for i := 0; i < n; i++ {
		m := s.best[i].move
		for j := i; j < len(s.rootMoves); j++ {
			if s.rootMoves[j] == m {
				copy(s.rootMoves[i+1:j+1], s.rootMoves[i:j])
				s.rootMoves[i] = m
				break
			}
		}
	}
}

// fallback sets the result when the first iteration was interrupted: its completed lines,
// else its best fully searched root move, else the first root move.
func (s *Searcher[P, PP, M]) fallback(n int) {
	if n > 0 {
		s.commit(n)
		return
	}
	l := &s.best[0]
	if s.partialOK {
		l.move = s.partialMove
		l.score = s.partialScore
		l.pvLen = copy(l.pv[:], s.pv[0][:s.pvLen[0]])
		if l.pvLen == 0 || l.pv[0] != l.move {
			l.pv[0] = l.move
			l.pvLen = 1
		}
	} else {
		l.move = s.rootMoves[0]
		l.score = 0
		l.pv[0] = l.move
		l.pvLen = 1
	}
	s.bestN = 1
}

// orderRoot puts the table move first, then noisy moves by their capture key, keeping the
// generation order otherwise.
func (s *Searcher[P, PP, M]) orderRoot() {
	moves := s.rootMoves
	keys := s.keys[0][:0]
	d, ok := s.tt.probe(s.repHash[s.repBase])
	for _, m := range moves {
		var k int32
		if ok && ttHasMoveOf(d) && uint64(ttMove(d)) == uint64(m) && M(ttMove(d)) == m {
			k = keyTTMove
		} else if s.hasOrder {
			if ck, noisy := s.orderer[0].CaptureKey(m); noisy {
				k = keyNoisy + clampKey(ck)
			}
		}
		keys = append(keys, k)
	}
	s.keys[0] = keys
	for i := 1; i < len(moves); i++ {
		for j := i; j > 0 && keys[j] > keys[j-1]; j-- {
			keys[j], keys[j-1] = keys[j-1], keys[j]
			moves[j], moves[j-1] = moves[j-1], moves[j]
		}
	}
}

// aspiration searches the root for line pvIdx at depth with an aspiration window around the
// previous iteration's score, widening it on failure. It reports false when the search stopped.
func (s *Searcher[P, PP, M]) aspiration(depth, pvIdx, prev int, hasPrev bool) (int, bool) {
	alpha, beta := -Infinity, Infinity
	delta := aspirationDelta
	if hasPrev && depth >= aspirationMinDepth && prev > -MateBound && prev < MateBound {
		alpha = max(prev-delta, -Infinity)
		beta = min(prev+delta, Infinity)
	}
	for {
		score := s.searchRoot(depth, alpha, beta, pvIdx)
		if s.stopped {
			return 0, false
		}
		switch {
		case score <= alpha && alpha > -Infinity:
			alpha = max(score-delta, -Infinity)
		case score >= beta && beta < Infinity:
			beta = min(score+delta, Infinity)
		default:
			return score, true
		}
		delta *= 2
		if delta > 1000 {
			delta = 2 * Infinity
		}
	}
}

// excluded reports whether m is the move of one of the first pvIdx lines of this iteration.
func (s *Searcher[P, PP, M]) excluded(m M, pvIdx int) bool {
	for i := 0; i < pvIdx; i++ {
		if s.cur[i].move == m {
			return true
		}
	}
	return false
}

// searchRoot searches the root position (ply 0) with the moves of lines 0..pvIdx-1 excluded.
func (s *Searcher[P, PP, M]) searchRoot(depth, alpha, beta, pvIdx int) int {
	s.nodes++
	if s.nodes >= s.nextPoll {
		s.poll()
	}
	s.pvLen[0] = 0
	if s.stopped {
		return 0
	}
	fullWindow := alpha == -Infinity && beta == Infinity
	pos := PP(&s.stack[0])
	if s.rootCheck {
		depth++ // check extension
	}
	best := -Infinity
	searched := 0
	for _, m := range s.rootMoves {
		if pvIdx > 0 && s.excluded(m, pvIdx) {
			continue
		}
		pos.After(m, &s.stack[1])
		var score int
		if searched == 0 {
			score = -s.search(1, depth-1, -beta, -alpha)
		} else {
			score = -s.search(1, depth-1, -alpha-1, -alpha)
			if score > alpha && score < beta && !s.stopped {
				score = -s.search(1, depth-1, -beta, -alpha)
			}
		}
		if s.stopped {
			return best
		}
		searched++
		if score > best {
			best = score
			if fullWindow && s.completed == 0 && pvIdx == 0 {
				s.partialOK, s.partialMove, s.partialScore = true, m, score
			}
			if score > alpha {
				alpha = score
				s.updatePV(0, m)
				if score >= beta {
					break
				}
			}
		}
	}
	return best
}

// poll checks the node limit, the context and the clock, and schedules the next check.
func (s *Searcher[P, PP, M]) poll() {
	if s.maxNodes > 0 && s.nodes >= s.maxNodes {
		s.stopped = true
		return
	}
	s.nextPoll = s.nodes + pollInterval
	if s.maxNodes > 0 && s.nextPoll > s.maxNodes {
		s.nextPoll = s.maxNodes
	}
	if s.abort.Load() {
		s.stopped = true
		return
	}
	if s.done != nil {
		select {
		case <-s.done:
			s.stopped = true
			return
		default:
		}
	}
	if s.hasDeadline && !time.Now().Before(s.deadline) {
		s.stopped = true
	}
}

func (s *Searcher[P, PP, M]) updatePV(ply int, m M) {
	s.pv[ply][0] = m
	n := s.pvLen[ply+1]
	copy(s.pv[ply][1:], s.pv[ply+1][:n])
	s.pvLen[ply] = n + 1
}

// search is the negamax alpha-beta (fail-soft, PVS) search of the node at ply (ply >= 1)
// with depth plies left.
func (s *Searcher[P, PP, M]) search(ply, depth, alpha, beta int) int {
	s.nodes++
	if s.nodes >= s.nextPoll {
		s.poll()
	}
	if s.stopped {
		return 0
	}
	s.pvLen[ply] = 0
	if ply > s.seldepth {
		s.seldepth = ply
	}
	pos := PP(&s.stack[ply])
	moves := pos.LegalMoves(s.moves[ply][:0])
	s.moves[ply] = moves
	inCheck := pos.InCheck()

	// Terminal order: no legal move, then Drawn, then repetition, then the horizon.
	if len(moves) == 0 {
		if inCheck || pos.LossOnStalemate() {
			return -(Mate - ply)
		}
		return 0
	}
	if pos.Drawn() {
		return 0
	}
	hash := pos.Hash()
	idx := s.repBase + ply
	s.repHash[idx] = hash
	s.repCheck[idx] = inCheck
	if score, ok := s.repetition(ply, idx, hash); ok {
		return score
	}
	if ply >= MaxPly-1 {
		return pos.Evaluate()
	}
	if inCheck {
		depth++ // check extension
	}
	if depth <= 0 {
		return s.quiesce(ply, alpha, beta, 0)
	}

	pvNode := beta-alpha > 1
	var ttMv M
	hasTTMove := false
	if d, ok := s.tt.probe(hash); ok {
		if ttHasMoveOf(d) {
			ttMv = M(ttMove(d))
			if uint64(ttMv) == uint64(ttMove(d)) {
				for _, m := range moves {
					if m == ttMv {
						hasTTMove = true
						break
					}
				}
			}
		}
		if !pvNode && ttDepth(d) >= depth {
			sc := scoreFromTT(ttScore(d), ply)
			switch ttBound(d) {
			case boundExact:
				return sc
			case boundLower:
				if sc >= beta {
					return sc
				}
			case boundUpper:
				if sc <= alpha {
					return sc
				}
			}
		}
	}

	// Selective search at non-PV nodes out of check: reverse futility pruning and the null
	// move, both when the static score is at least beta.
	eval := 0
	pruneNode := !pvNode && !inCheck && beta < MateBound && beta > -MateBound
	if pruneNode && (s.doFut || s.doNull) {
		eval = pos.Evaluate()
		if s.doFut && depth <= rfpMaxDepth && eval-rfpMargin*depth >= beta {
			return eval
		}
		if s.doNull && depth >= nullMinDepth && eval >= beta && s.repFloor < idx &&
			s.nuller[ply].HasNonPawnMaterial() {
			r := nullR
			if depth >= nullDeepDepth {
				r = nullRDeep
			}
			s.nuller[ply].NullMove(&s.stack[ply+1])
			floor := s.repFloor
			s.repFloor = idx + 1
			score := -s.search(ply+1, depth-1-r, -beta, -beta+1)
			s.repFloor = floor
			if s.stopped {
				return 0
			}
			if score >= beta {
				if score >= MateBound {
					score = beta
				}
				s.tt.store(hash, packTT(M(0), false, scoreToTT(score, ply), depth, boundLower), s.gen)
				return score
			}
		}
	}
	futile := s.doFut && pruneNode && depth <= futMaxDepth && alpha > -MateBound &&
		eval+futMargin*depth <= alpha

	s.scoreMoves(ply, moves, ttMv, hasTTMove)
	keys := s.keys[ply]
	alpha0 := alpha
	best := -Infinity
	var bestMove M
	for i := range moves {
		pickBest(moves, keys, i)
		m := moves[i]
		quiet := keys[i] < keyKiller2 && !(hasTTMove && m == ttMv)
		pos.After(m, &s.stack[ply+1])
		lmr := s.doLMR && depth >= lmrMinDepth && i >= lmrMinMoves && quiet && !inCheck
		if (lmr || futile && i > 0 && quiet) && PP(&s.stack[ply+1]).InCheck() {
			quiet, lmr = false, false // a checking move is neither pruned nor reduced
		}
		if futile && i > 0 && quiet {
			// Futility pruning: this quiet move cannot raise the static score to alpha.
			continue
		}
		var score int
		if i == 0 {
			score = -s.search(ply+1, depth-1, -beta, -alpha)
		} else {
			r := 0
			if lmr {
				r = int(lmrTable[min(depth, 63)][min(i, 63)])
				if pvNode {
					r--
				}
				r = min(max(r, 0), depth-2)
			}
			if r > 0 {
				score = -s.search(ply+1, depth-1-r, -alpha-1, -alpha)
				if score > alpha && !s.stopped {
					score = -s.search(ply+1, depth-1, -alpha-1, -alpha)
				}
			} else {
				score = -s.search(ply+1, depth-1, -alpha-1, -alpha)
			}
			if score > alpha && score < beta && !s.stopped {
				score = -s.search(ply+1, depth-1, -beta, -alpha)
			}
		}
		if s.stopped {
			return 0
		}
		if score > best {
			best = score
			bestMove = m
			if score > alpha {
				alpha = score
				s.updatePV(ply, m)
				if score >= beta {
					s.cutoff(ply, depth, m, moves[:i])
					break
				}
			}
		}
	}

	bound := uint64(boundUpper)
	if best >= beta {
		bound = boundLower
	} else if best > alpha0 {
		bound = boundExact
	}
	s.tt.store(hash, packTT(bestMove, bound != boundUpper, scoreToTT(best, ply), depth, bound), s.gen)
	return best
}

// repetition looks for the position at ply (stack index idx, key hash) an even number of
// plies back, at least 4, within repetitionWindow, and scores it.
func (s *Searcher[P, PP, M]) repetition(ply, idx int, hash uint64) (int, bool) {
	lo := max(idx-repetitionWindow, s.repFloor)
	for i := idx - 4; i >= lo; i -= 2 {
		if s.repHash[i] != hash {
			continue
		}
		if !s.hasJudge {
			return 0, true
		}
		switch s.judge[ply].JudgeRepetition(s.repCheck[i+1 : idx+1 : idx+1]) {
		case Win:
			return Mate - ply, true
		case Loss:
			return -(Mate - ply), true
		default:
			return 0, true
		}
	}
	return 0, false
}

// quiesce is the quiescence search of the node at ply, qd plies below the horizon (qd == 0 is
// the horizon node itself, whose terminal checks search has done).
func (s *Searcher[P, PP, M]) quiesce(ply, alpha, beta, qd int) int {
	pos := PP(&s.stack[ply])
	if qd > 0 {
		s.nodes++
		if s.nodes >= s.nextPoll {
			s.poll()
		}
		if s.stopped {
			return 0
		}
		s.pvLen[ply] = 0
		if ply > s.seldepth {
			s.seldepth = ply
		}
	}
	if !s.hasNoisy || ply >= MaxPly-1 {
		return pos.Evaluate()
	}
	if qd > 0 {
		if pos.InCheck() && qd < quiescenceCheckPlies {
			// In check near the horizon: search every evasion, no stand pat.
			moves := pos.LegalMoves(s.moves[ply][:0])
			s.moves[ply] = moves
			if len(moves) == 0 {
				return -(Mate - ply)
			}
			if pos.Drawn() {
				return 0
			}
			return s.quiesceMoves(ply, alpha, beta, qd, moves, -Infinity)
		}
		if pos.Drawn() {
			return 0
		}
	}
	stand := pos.Evaluate()
	if stand >= beta {
		return stand
	}
	alpha = max(alpha, stand)
	moves := s.noisy[ply].NoisyMoves(s.moves[ply][:0])
	s.moves[ply] = moves
	return s.quiesceMoves(ply, alpha, beta, qd, moves, stand)
}

// quiesceMoves searches moves of a quiescence node, best capture key first, starting from
// best (the stand-pat score, or -Infinity in check).
func (s *Searcher[P, PP, M]) quiesceMoves(ply, alpha, beta, qd int, moves []M, best int) int {
	if len(moves) == 0 {
		return best
	}
	keys := s.keys[ply][:0]
	for _, m := range moves {
		var k int32
		if s.hasOrder {
			if ck, noisy := s.orderer[ply].CaptureKey(m); noisy {
				k = keyNoisy + clampKey(ck)
			}
		}
		keys = append(keys, k)
	}
	s.keys[ply] = keys
	pos := PP(&s.stack[ply])
	for i := range moves {
		pickBest(moves, keys, i)
		pos.After(moves[i], &s.stack[ply+1])
		score := -s.quiesce(ply+1, -beta, -alpha, qd+1)
		if s.stopped {
			return 0
		}
		if score > best {
			best = score
			if score > alpha {
				alpha = score
				// Extend the principal variation through the quiescence search too, so a
				// mate or a won exchange found there shows in full.
				s.updatePV(ply, moves[i])
				if score >= beta {
					break
				}
			}
		}
	}
	return best
}

func clampKey(k int) int32 {
	return int32(min(max(k, -keyClamp), keyClamp))
}

// pickBest moves the move with the largest key among moves[i:] to index i.
func pickBest[M constraints.Integer](moves []M, keys []int32, i int) {
	b := i
	for j := i + 1; j < len(keys); j++ {
		if keys[j] > keys[b] {
			b = j
		}
	}
	if b != i {
		moves[i], moves[b] = moves[b], moves[i]
		keys[i], keys[b] = keys[b], keys[i]
	}
}

// historyIndex hashes a move value into the history table (Fibonacci hashing).
func historyIndex[M constraints.Integer](m M) int {
	return int((uint64(m) * 0x9E3779B97F4A7C15) >> (64 - historyBits))
}

// isNoisy reports whether m is a capture or promotion according to the game's MoveOrderer.
func (s *Searcher[P, PP, M]) isNoisy(ply int, m M) bool {
	if !s.hasOrder {
		return false
	}
	_, noisy := s.orderer[ply].CaptureKey(m)
	return noisy
}

// scoreMoves fills the ordering keys of the node at ply: table move, noisy moves by capture
// key, killers, then quiet moves by history.
func (s *Searcher[P, PP, M]) scoreMoves(ply int, moves []M, ttMv M, hasTTMove bool) {
	keys := s.keys[ply][:0]
	kn := s.killerN[ply]
	k0, k1 := s.killers[ply][0], s.killers[ply][1]
	hist := &s.history[ply&1]
	for _, m := range moves {
		var k int32
		switch {
		case hasTTMove && m == ttMv:
			k = keyTTMove
		default:
			noisy := false
			if s.hasOrder {
				if ck, nz := s.orderer[ply].CaptureKey(m); nz {
					k = keyNoisy + clampKey(ck)
					noisy = true
				}
			}
			if !noisy {
				switch {
				case kn > 0 && m == k0:
					k = keyKiller1
				case kn > 1 && m == k1:
					k = keyKiller2
				default:
					k = hist[historyIndex(m)]
				}
			}
		}
		keys = append(keys, k)
	}
	s.keys[ply] = keys
}

// cutoff records a beta cutoff by move m at ply: a quiet m becomes a killer and gains history;
// the quiet moves tried before it lose history.
func (s *Searcher[P, PP, M]) cutoff(ply, depth int, m M, tried []M) {
	if s.isNoisy(ply, m) {
		return
	}
	if s.killerN[ply] == 0 || s.killers[ply][0] != m {
		s.killers[ply][1] = s.killers[ply][0]
		s.killers[ply][0] = m
		if s.killerN[ply] < 2 {
			s.killerN[ply]++
		}
	}
	bonus := min(depth*depth, 400)
	hist := &s.history[ply&1]
	updateHistory(&hist[historyIndex(m)], bonus)
	for _, q := range tried {
		if !s.isNoisy(ply, q) {
			updateHistory(&hist[historyIndex(q)], -bonus)
		}
	}
}

// updateHistory adds bonus to *v with gravity, keeping |*v| <= historyMax.
func updateHistory(v *int32, bonus int) {
	abs := bonus
	if abs < 0 {
		abs = -abs
	}
	*v += int32(bonus - int(*v)*abs/historyMax)
}
