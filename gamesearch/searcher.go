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
	judge    [MaxPly + 1]RepetitionJudge[P]
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

	see    [MaxPly + 1]ExchangeEvaluator[M]
	hasSEE bool
	// staged generation (StagedMover, with NoisyMover and MoveOrderer) and the move picker
	// of each ply.
	staged    [MaxPly + 1]StagedMover[M]
	hasStaged bool
	pickers   [MaxPly + 1]picker[M]
	keyer     [MaxPly + 1]PieceToKeyer[M]
	hasKey    bool
	checker   [MaxPly + 1]CheckGiver[M]
	hasCheck  bool
	qchecks   [MaxPly + 1]QuietCheckGenerator[M]
	hasQCheck bool
	// evalKeyer and evalCache: the evaluation cache (EvalKeyer), nil without one.
	evalKeyer [MaxPly + 1]EvalKeyer
	evalCache *[evalCacheSize]uint64
	// contHist[prev][cur] scores a quiet move (key cur) played one or two plies after the
	// move with key prev; curKey[ply] is the key of the move made from ply (noKey after a
	// null move or without a PieceToKeyer).
	contHist *[PieceToKeys][PieceToKeys]int16
	curKey   [MaxPly + 1]int
	// iterDepth is the depth of the current iteration (it bounds the check extension).
	iterDepth int

	// Per-ply search state: the static evaluation (-Infinity in check), the move made from
	// the ply (or a null move), and the quiet moves tried.
	evals       [MaxPly + 1]int
	curMove     [MaxPly + 1]M
	curMoveNull [MaxPly + 1]bool
	quietsTried [MaxPly + 1][]M

	killers [MaxPly + 1][2]M
	killerN [MaxPly + 1]uint8
	history [2][historySize]int32
	// counter[side][historyIndex(previous move)] is the quiet move that last refuted it.
	counter    [2][historySize]M
	counterSet [2][historySize]bool

	pv    [MaxPly + 1][MaxPly + 1]M
	pvLen [MaxPly + 1]int

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
// optional interfaces (NoisyMover, MoveOrderer, RepetitionJudge, StagedMover and the others)
// *P implements, and allocates every per-ply buffer, so that searching allocates nothing per
// node.
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
		// Every slot holds the same type, so each has* flag is the same at every i.
		s.hasNoisy = probe(p, &s.noisy[i])
		s.hasOrder = probe(p, &s.orderer[i])
		s.hasJudge = probe(p, &s.judge[i])
		s.hasKey = probe(p, &s.keyer[i])
		s.hasSEE = probe(p, &s.see[i])
		probe(p, &s.staged[i])
		s.hasCheck = probe(p, &s.checker[i])
		s.hasQCheck = probe(p, &s.qchecks[i])
		probe(p, &s.evalKeyer[i])
		s.quietsTried[i] = make([]M, 0, 64)
		probe(p, &s.nuller[i])
		s.moves[i] = make([]M, 0, moveBufCap)
		s.keys[i] = make([]int32, 0, moveBufCap)
	}
	s.hasStaged = s.staged[0] != nil && s.hasNoisy && s.hasOrder && !opts.NoStaged
	if s.hasKey {
		s.contHist = new([PieceToKeys][PieceToKeys]int16)
	}
	if s.evalKeyer[0] != nil {
		s.evalCache = new([evalCacheSize]uint64)
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
	s.counter = [2][historySize]M{}
	s.counterSet = [2][historySize]bool{}
	if s.contHist != nil {
		*s.contHist = [PieceToKeys][PieceToKeys]int16{}
	}
	for _, h := range s.helpers {
		if h.contHist != nil {
			*h.contHist = [PieceToKeys][PieceToKeys]int16{}
		}
		h.killers = [MaxPly + 1][2]M{}
		h.killerN = [MaxPly + 1]uint8{}
		h.history = [2][historySize]int32{}
		h.counter = [2][historySize]M{}
		h.counterSet = [2][historySize]bool{}
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

// probe stores p in *dst when p implements dst's interface type I (a game's optional
// interface), and reports whether it does.
func probe[I any](p any, dst *I) bool {
	v, ok := p.(I)
	if ok {
		*dst = v
	}
	return ok
}
