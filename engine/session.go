package engine

import (
	"context"
	"math/rand/v2"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/cotuong-ai/cotuong/gamesearch"
	"github.com/cotuong-ai/cotuong/levels"
)

// MaxPerftDepth is the deepest perft a Session runs. Deeper counts would take years (the
// xiangqi start position has about 3.6 * 10^16 leaves at depth 10).
const MaxPerftDepth = 12

// SessionOptions configures a Session.
type SessionOptions struct {
	// Searcher sizes the table and sets the threads of the Searchers the session makes.
	Searcher SearcherOptions
	// Seed seeds the weighted choice of reduced skill levels (any value; tests fix it).
	Seed uint64
}

// Session is what a program embedding the engine holds: the game being played or analysed,
// one Searcher per variant (its table kept between searches), and at most one job (a search
// or a perft) at a time, which runs on its own goroutine so that the caller stays free to read
// its input and to stop the job at any moment. The methods are to be called from one
// goroutine; a job's callbacks run on the job's goroutine.
type Session struct {
	opts      SessionOptions
	variant   Variant
	game      Game
	searchers map[Variant]Searcher
	rng       *rand.Rand
	noise     levels.Noise // the reduced strengths' noise of the current game
	job       *Job
}

// NewSession returns a session for games of v, with no game set.
func NewSession(v Variant, o SessionOptions) *Session {
	s := &Session{opts: o, variant: v, searchers: map[Variant]Searcher{},
		rng: rand.New(rand.NewPCG(o.Seed, o.Seed^0x9e3779b97f4a7c15))}
	s.noise = levels.NewNoise(s.rng.Uint64())
	return s
}

// Variant is the game the session plays.
func (s *Session) Variant() Variant { return s.variant }

// SetVariant switches to games of v; the current game is dropped when v differs. A running
// job keeps its own copy of its game.
func (s *Session) SetVariant(v Variant) {
	if v != s.variant {
		s.variant, s.game = v, nil
	}
}

// Game returns the current game, nil when none was set.
func (s *Session) Game() Game { return s.game }

// SetGame makes g (a game of the session's variant) the current game; nil drops it.
func (s *Session) SetGame(g Game) { s.game = g }

// Configure sets the table size and threads of the Searchers; the tables are rebuilt (empty)
// at the next search. Call it with no job running.
func (s *Session) Configure(o SearcherOptions) {
	s.opts.Searcher = o
	s.searchers = map[Variant]Searcher{}
}

// Clear forgets everything the searches learned (UCI "Clear Hash"). Call it with no job
// running.
func (s *Session) Clear() {
	for _, x := range s.searchers {
		x.Clear()
	}
}

// NewGame starts a new game: the current game is dropped, the searches forget what they
// learned, and a reduced strength draws its noise for the game anew (levels.Noise). Call it
// with no job running.
func (s *Session) NewGame() {
	s.game = nil
	s.Clear()
	s.noise = levels.NewNoise(s.rng.Uint64())
}

// Probe returns what the transposition table of g's variant knows about g's current
// position (Searcher.Probe). Call it with no job running.
func (s *Session) Probe(g Game) (TableEntry, bool) {
	v := s.variant
	s.variant = g.Variant()
	defer func() { s.variant = v }()
	return s.searcher().Probe(g)
}

// Job returns the running job, nil when the session is idle. A job that has delivered its
// answer is idle: Job waits (briefly) for its goroutine to end and returns nil.
func (s *Session) Job() *Job {
	if s.job != nil && s.job.answered.Load() {
		<-s.job.done
		s.job = nil
	}
	return s.job
}

func (s *Session) searcher() Searcher {
	x := s.searchers[s.variant]
	if x == nil {
		x = NewSearcher(s.variant, s.opts.Searcher)
		s.searchers[s.variant] = x
	}
	return x
}

// Request is one search.
type Request struct {
	// Limits caps the search: Depth (plies), Nodes, MultiPV. Its Time and SoftTime are set
	// from Time below.
	Limits gamesearch.Limits
	// RootMoves, when not empty, restricts the root to these moves (UCI searchmoves, the
	// complement of UCCI banmoves).
	RootMoves []Move
	// Time is the thinking time (0: none). With Whole the search uses all of it (UCI
	// movetime); otherwise no iteration starts past half of it (a clock's budget).
	Time  time.Duration
	Whole bool
	// Infinite holds the answer until Stop (UCI "go infinite", or a go without limits).
	Infinite bool
	// Ponder searches without a time limit until PonderHit, then for Time from that moment;
	// the answer is held until PonderHit or Stop.
	Ponder bool
	// Strength is the playing strength (StrengthFor, StrengthForElo); the zero value is full
	// strength.
	Strength Strength
	// MateIn, when positive, stops the search once an iteration has found a mate in at most
	// MateIn moves, and answers with that iteration's result. It caps no depth: the search
	// goes on until it finds one, or until Stop or the other limits end it.
	MateIn int
	// OnIteration, when not nil, is called on the job's goroutine after each completed
	// iteration; at a root without legal moves it is called once, at once, with a result of
	// depth 0, no move and the root's score (-gamesearch.Mate when the side to move has
	// lost, 0 for a draw).
	OnIteration func(SearchResult)
}

// Answer is the outcome of a search.
type Answer struct {
	// Game is the job's copy of the game searched; Move and Ponder are moves of it.
	Game   Game
	Result SearchResult
	// HasMove is false at a root without legal moves; Mated then tells a lost root
	// (checkmate, or stalemate in xiangqi) from a drawn one (stalemate in chess).
	HasMove bool
	Mated   bool
	// Move is the move to play and Ponder the expected reply (0 when none).
	Move, Ponder Move
	// Line is the MultiPV line a reduced strength chose (0: the best), and Strength that
	// strength.
	Line     int
	Strength Strength
	// Fallback is true when the search returned no legal move and Move is the first legal
	// (or allowed) move instead.
	Fallback bool
}

// Job is a search or a perft running on its own goroutine.
type Job struct {
	cancel    context.CancelFunc
	done      chan struct{} // closed when the job's goroutine ends, after its answer
	answered  atomic.Bool   // set just before the answer callback is called
	release   chan struct{} // closed by Stop or PonderHit: a held answer may be delivered
	relOnce   sync.Once
	mu        sync.Mutex
	ponderHit func() // starts the clock of a ponder search
	held      bool   // infinite or ponder: the answer waits for release
}

func newJob(cancel context.CancelFunc, held bool) *Job {
	return &Job{cancel: cancel, done: make(chan struct{}), release: make(chan struct{}), held: held}
}

func (j *Job) releaseNow() { j.relOnce.Do(func() { close(j.release) }) }

// Stop ends the job and returns once its answer has been delivered.
func (j *Job) Stop() {
	j.cancel()
	j.releaseNow()
	<-j.done
}

// PonderHit tells a ponder search that the expected move was played: its clock starts now
// and its answer is no longer held. It does nothing to other jobs.
func (j *Job) PonderHit() {
	j.mu.Lock()
	f := j.ponderHit
	j.ponderHit = nil
	j.mu.Unlock()
	if f != nil {
		f()
	}
}

// Held reports whether the job is an infinite or ponder search that has not been released:
// it ends only on Stop (or PonderHit).
func (j *Job) Held() bool {
	if !j.held {
		return false
	}
	select {
	case <-j.release:
		return false
	default:
		return true
	}
}

// Answered reports whether the job has delivered (or is delivering) its answer.
func (j *Job) Answered() bool { return j.answered.Load() }

// Done is closed when the job's goroutine has ended.
func (j *Job) Done() <-chan struct{} { return j.done }

// Go starts a search of the current game (a copy of it; a new game set meanwhile applies to
// the next job) and returns at once. answer is called on the job's goroutine with the
// outcome: after the search when it is bounded, after Stop (or PonderHit) when it is held.
// A job must not be running (see Job); a game must be set.
func (s *Session) Go(req Request, answer func(Answer)) *Job {
	g := s.game.Clone()
	lim := req.Limits
	lim.RootMoves = nil
	str := req.Strength
	lim = str.Apply(lim)
	ctx, cancel := context.WithCancel(context.Background())
	j := newJob(cancel, req.Infinite || req.Ponder)
	if req.Ponder {
		// Search without a clock until ponderhit, then give it the time from then on.
		j.ponderHit = func() {
			j.releaseNow()
			if req.Time > 0 {
				time.AfterFunc(req.Time, cancel)
			}
		}
	} else if !req.Infinite && req.Time > 0 {
		lim.Time = req.Time
		if req.Whole {
			lim.SoftTime = req.Time
		}
		// A backstop in case the search overshoots its own budget.
		var stopTimer context.CancelFunc
		ctx, stopTimer = context.WithTimeout(ctx, req.Time+req.Time/4+5*time.Millisecond)
		j.cancel = func() { stopTimer(); cancel() }
	}
	s.job = j
	x := s.searcher()
	x.SetPlainEval(str.Level.Plain)
	x.SetNeuralEval(str.Full())
	go s.run(ctx, j, x, g, lim, req, str, s.noise, answer)
	return j
}

// run is a search job's goroutine.
func (s *Session) run(ctx context.Context, j *Job, x Searcher, g Game, lim gamesearch.Limits, req Request,
	str Strength, noise levels.Noise, answer func(Answer)) {
	defer close(j.done)
	defer j.cancel()
	a := Answer{Game: g, Strength: str}
	legal := g.Legal()
	if len(legal) == 0 {
		a.Mated = g.InCheck() || g.LossOnStalemate()
		if req.OnIteration != nil {
			r := SearchResult{}
			if a.Mated {
				r.Score = -gamesearch.Mate
			}
			req.OnIteration(r)
		}
		j.waitRelease()
		j.answered.Store(true)
		answer(a)
		return
	}
	// mate is the iteration that found the mate MateIn asks for. The search notices the
	// cancel only at its next poll, so iterations may complete after it: they are not
	// reported, and the answer is that iteration's.
	var mate *SearchResult
	onIter := func(r SearchResult) {
		if mate != nil {
			return
		}
		if req.OnIteration != nil {
			req.OnIteration(r)
		}
		if req.MateIn > 0 && gamesearch.IsMate(r.Score) && r.Score > 0 && gamesearch.MateIn(r.Score) <= req.MateIn {
			mate = &r
			j.cancel()
		}
	}
	r := x.Search(ctx, g, lim, req.RootMoves, onIter)
	if mate != nil {
		r = *mate
	}
	j.waitRelease()
	a.Result, a.HasMove = r, true
	a.Move = r.Move
	if len(r.PV) > 1 {
		a.Ponder = r.PV[1]
	}
	if i := str.Choose(g, r.Lines, noise, s.rng); i > 0 {
		l := r.Lines[i]
		a.Line, a.Move, a.Ponder = i, l.Move, 0
		if len(l.PV) > 1 {
			a.Ponder = l.PV[1]
		}
	}
	if !r.HasMove || !slices.Contains(legal, a.Move) {
		// Never answer an uninitialised or illegal move: fall back to a legal one.
		a.Fallback, a.Move, a.Ponder = true, legal[0], 0
		if len(req.RootMoves) > 0 {
			a.Move = req.RootMoves[0]
		}
	}
	j.answered.Store(true)
	answer(a)
}

// waitRelease holds a held job's answer until Stop or PonderHit.
func (j *Job) waitRelease() {
	if j.held {
		<-j.release
	}
}

// Perft counts the leaves depth plies below the current game's position on the job's
// goroutine, calling onMove for each root move in turn and then done with the total;
// stopped is true when Stop ended the count early (the total then covers the root moves
// reported). depth must be 1..MaxPerftDepth. A job must not be running; a game must be set.
func (s *Session) Perft(depth int, onMove func(DivideEntry), done func(total uint64, stopped bool)) *Job {
	g := s.game.Clone()
	ctx, cancel := context.WithCancel(context.Background())
	j := newJob(cancel, false)
	s.job = j
	go func() {
		defer close(j.done)
		defer cancel()
		var total uint64
		stopped := !g.DivideContext(ctx, depth, func(d DivideEntry) {
			total += d.Nodes
			onMove(d)
		})
		j.answered.Store(true)
		done(total, stopped)
	}()
	return j
}
