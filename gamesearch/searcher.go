package gamesearch

import (
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/exp/constraints"
)

// Tuning constants of the search.
const (
	// pollInterval is how many nodes pass between checks of the clock and the context.
	pollInterval = 1024
	// aspirationDelta is the initial half-width of the aspiration window, in centipawns,
	// used from depth aspirationMinDepth on.
	aspirationDelta    = 30
	aspirationMinDepth = 4
	// moveBufCap is the initial capacity of each ply's move buffer.
	moveBufCap = 256
)

type rootLine[M constraints.Integer] struct {
	move  M
	score int
	pv    [MaxPly]M
	pvLen int
}

// Searcher searches positions of one game type with negamax, alpha-beta, principal variation
// search, aspiration windows, iterative deepening, a transposition table, quiescence, move
// ordering (table move, captures by capture key and SEE, killers, counter-move, butterfly and
// continuation history; moves generated in stages when *P implements StagedMover), and
// (unless Options switch them off) the selective techniques: reverse futility pruning,
// null-move pruning (when *P implements NullMover) with a depth- and score-dependent
// reduction, internal iterative reduction, late move reductions from a log-log table adjusted
// by history, PV and improving, late move pruning, futility pruning, SEE pruning (when *P
// implements ExchangeEvaluator) and a check extension bounded by twice the iteration depth;
// optionally on several goroutines (Lazy SMP, Options.Threads). P is the position type, PP its
// pointer type (which carries the Position methods), M the move type. Create it with New. A
// Searcher keeps its table, killers and history between searches (call Clear for a new game).
// Search is not safe for concurrent use on one Searcher; use one Searcher per goroutine (they
// may share a Table). A Searcher must not be copied.
type Searcher[P any, PP PositionPtr[P, M], M constraints.Integer] struct {
	opts Options[M]
	tt   *Table

	// frames holds the per-ply state, preallocated (frame.go); caps says which optional
	// interfaces the game offers; heur is what the search has learnt about quiet moves.
	frames [MaxPly + 1]frame[P, M]
	caps   capabilities
	heur   heuristics[M]

	// allowed is the selective techniques Options and the game allow; active those of the
	// current iteration: allowed from iteration pruneFrom on, none before.
	allowed   selection
	active    selection
	pruneFrom int

	// Lazy SMP: helper Searchers (allocated once), the flag that stops them, and the
	// depth offset of this Searcher when it is a helper.
	helpers   []*Searcher[P, PP, M]
	abort     *atomic.Bool
	ownAbort  atomic.Bool
	depthSkew int
	wg        sync.WaitGroup
	// pool is the node counters shared by the goroutines of a search with more than one
	// (nil with one); tid is this Searcher's slot in it.
	pool *nodePool
	tid  int

	// evalCache is the evaluation cache (EvalKeyer), nil without one.
	evalCache *[evalCacheSize]uint64
	// neural is the neural evaluation's per-ply states (SetNeural), nil when the search
	// evaluates with Evaluate; neuralSrc is what made them, for the helpers.
	neural    NeuralFrames[P, M]
	neuralSrc Neural[P, M]
	// iterDepth is the depth of the current iteration (it bounds the check extension).
	iterDepth int

	// Repetition stack: the end of the game history, then one entry per ply of the path.
	repHash  []uint64
	repCheck []bool
	repJudge repetitionJudging // what only a judged repetition needs (repetition.go)
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

	rootMoves []M
	cur       []rootLine[M]
	best      []rootLine[M]
	bestN     int
	resLines  []Line[M]
	// iterOK: the iteration under way has searched a root move of its first line that raised
	// alpha (an exact score, or a fail-high lower bound), iterBest; a stopped search plays it
	// when no iteration finished (fallback) or when it beats the last finished one's (run).
	iterOK   bool
	iterBest rootLine[M]
}

// selection says which selective techniques are on: null-move pruning; late move reductions
// with late move pruning, internal iterative reduction and the bound on the check extension;
// futility: reverse futility, futility and SEE pruning, and losing captures ordered last.
type selection struct {
	null, lmr, fut bool
}

// New returns a Searcher for positions of type P with moves of type M. It detects once which
// optional interfaces (NoisyMover, MoveOrderer, RepetitionJudge, StagedMover and the others)
// *P implements, and allocates every per-ply buffer, so that searching allocates nothing per
// node.
func New[P any, PP PositionPtr[P, M], M constraints.Integer](opts Options[M]) *Searcher[P, PP, M] {
	s := &Searcher[P, PP, M]{opts: opts}
	if opts.Table != nil {
		s.tt = opts.Table
	} else {
		s.tt = NewTable(opts.HashMiB)
	}
	for i := range s.frames {
		f := &s.frames[i]
		f.ops = bind[P, PP](&f.pos, opts.NoStaged)
		f.moves = make([]M, 0, moveBufCap)
		f.keys = make([]int32, 0, moveBufCap)
		f.quiets = make([]M, 0, 64)
	}
	// Every frame holds the same type, so the first one tells for all.
	s.caps = capabilitiesOf(&s.frames[0].ops)
	if s.caps.pieceTo {
		s.heur.cont = new(contHistory)
	}
	if s.caps.evalCache {
		s.evalCache = new([evalCacheSize]uint64)
	}
	s.allowed = selection{
		null: s.caps.nullMove && !opts.NoPruning && !opts.NoNullMove,
		lmr:  !opts.NoPruning && !opts.NoLMR,
		fut:  !opts.NoPruning && !opts.NoFutility,
	}
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
	s.clearHeuristics()
	for _, h := range s.helpers {
		h.clearHeuristics()
	}
}

// clearHeuristics forgets the killers and the history of this Searcher.
func (s *Searcher[P, PP, M]) clearHeuristics() {
	s.heur.clear()
	for i := range s.frames {
		s.frames[i].killers = [2]M{}
		s.frames[i].killerN = 0
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
