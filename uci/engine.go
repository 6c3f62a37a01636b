package uci

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/cotuong-ai/cotuong/engine"
	"github.com/cotuong-ai/cotuong/gamesearch"
	"github.com/cotuong-ai/cotuong/internal/board"
	"github.com/cotuong-ai/cotuong/levels"
)

// Name and Author are printed in answer to "uci" and "ucci".
const (
	Name   = "cotuong 0.1"
	Author = "the cotuong authors"
)

// InvalidLimitTime is the thinking time of a "go" whose limits were all unreadable (such as
// "go depth abc" or "go nodes -5"): the engine answers with a bestmove after it instead of
// searching until "stop".
const InvalidLimitTime = time.Second

// ucciMateScore is the score UCCI info lines give a mate at ply 0 (UCCI has no mate form).
const ucciMateScore = 10000

// Engine is one UCI/UCCI engine session: it reads commands from a reader and writes answers
// to a writer. The search runs on its own goroutine, so "stop", "isready" and "quit" are
// answered while it runs. Create it with New and run it with Run.
type Engine struct {
	out *lineWriter

	// The fields below are owned by the goroutine running Run.
	opts    map[string]string // current option values by table name
	variant engine.Variant
	game    engine.Game // last good position; nil until "position" (or after a variant change)
	ban     []string    // UCCI banmoves for the next go
	ucci    bool        // the GUI spoke "ucci"
	ucciMs  bool        // UCCI "usemillisec true"
	ucciSkl int         // UCCI "randomness" as a skill level (20 = none)
	engines map[engine.Variant]engine.Searcher
	rng     *rand.Rand
	noise   levels.Noise // the reduced strength's per-game noise, drawn anew by ucinewgame
	debug   bool
	srch    *search // the running search, nil when idle
}

// search is one running "go".
type search struct {
	cancel    context.CancelFunc
	done      chan struct{} // closed after bestmove is written
	answered  atomic.Bool   // set just before bestmove (or UCCI nobestmove) is written
	release   chan struct{} // closed by stop/ponderhit/quit: an infinite search may print
	relOnce   sync.Once
	ponderHit func() // starts the clock of a ponder search
	waitStop  bool   // infinite or ponder: hold bestmove until released

	// Settings copied for the search goroutine when the search starts.
	ucci, debug bool
	mate        int             // go mate N: stop once a mate in N is found
	lines       int             // MultiPV lines to report
	strength    engine.Strength // Skill Level / UCI_Elo
	noise       levels.Noise    // the game's noise
}

func (s *search) releaseNow() { s.relOnce.Do(func() { close(s.release) }) }

// New returns an engine that writes to out. seed seeds the random choices of reduced skill
// levels (any value; tests pass a fixed one).
func New(out io.Writer, seed uint64) *Engine {
	e := &Engine{out: &lineWriter{w: out}, opts: map[string]string{}, variant: engine.Chess,
		ucciSkl: 20, engines: map[engine.Variant]engine.Searcher{}, rng: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))}
	for _, o := range optionTable {
		e.opts[o.name] = o.def
	}
	e.noise = levels.NewNoise(e.rng.Uint64())
	return e
}

// lineWriter serialises whole lines from the two goroutines that write.
type lineWriter struct {
	mu  sync.Mutex
	w   io.Writer
	err error
}

func (l *lineWriter) println(s string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.err == nil {
		_, l.err = io.WriteString(l.w, s+"\n")
	}
}

func (e *Engine) say(format string, args ...any) { e.out.println(fmt.Sprintf(format, args...)) }

// info writes "info string <msg>" (a problem with the input, or a remark).
func (e *Engine) info(format string, args ...any) {
	msg := strings.ReplaceAll(fmt.Sprintf(format, args...), "\n", " ")
	e.out.println("info string " + msg)
}

// Run reads commands from in until "quit" or the end of the input, answering on the
// engine's writer. At the end of the input a running timed search is allowed to finish (so
// "echo go depth 5 | engine" prints its move); an infinite or ponder search is stopped.
// It returns the first read or write error, nil after quit or end of input.
func (e *Engine) Run(in io.Reader) error {
	r := bufio.NewReader(in)
	for {
		line, err := r.ReadString('\n')
		if len(line) > 0 {
			if quit := e.Handle(line); quit {
				return e.out.err
			}
		}
		if err != nil {
			e.finish()
			if errors.Is(err, io.EOF) {
				return e.out.err
			}
			return err
		}
	}
}

// finish ends the session at the end of the input.
func (e *Engine) finish() {
	if e.srch == nil {
		return
	}
	if e.srch.waitStop {
		e.stopSearch()
		return
	}
	<-e.srch.done
	e.srch = nil
}

// Handle carries out one command line and reports whether it was "quit". It is what Run
// calls for each line; tests may call it directly (not concurrently with Run).
func (e *Engine) Handle(line string) (quit bool) {
	e.reap()
	unit := time.Millisecond
	if e.ucci && !e.ucciMs {
		unit = time.Second
	}
	c, err := Parse(line, unit)
	if err != nil {
		e.info("%v", err)
		return false
	}
	for _, w := range c.Warnings {
		e.info("%s", w)
	}
	switch c.Kind {
	case Empty, Register:
	case Probe:
		e.probe(c)
	case UCI:
		e.ucci = false
		e.say("id name %s", Name)
		e.say("id author %s", Author)
		for _, o := range optionTable {
			e.say("%s", o.UCI())
		}
		e.say("uciok")
	case UCCI:
		e.ucciMode()
	case Debug:
		e.debug = c.On
	case IsReady:
		e.say("readyok")
	case UCINewGame:
		e.settle()
		e.game = nil
		e.ban = nil
		e.noise = levels.NewNoise(e.rng.Uint64())
		for _, en := range e.engines {
			en.Clear()
		}
	case SetOption:
		e.setOption(c.Option, c.Value)
	case Position:
		e.position(c)
	case BanMoves:
		e.banMoves(c.Moves)
	case Go:
		e.goCmd(c.Go)
	case Stop:
		e.stopSearch()
	case PonderHit:
		if e.srch != nil && e.srch.ponderHit != nil {
			e.srch.ponderHit()
		}
	case Display:
		e.display()
	case Quit:
		e.stopSearch()
		if e.ucci {
			e.say("bye")
		}
		return true
	}
	return false
}

// reap forgets a search that has finished on its own.
func (e *Engine) reap() {
	if e.srch == nil {
		return
	}
	select {
	case <-e.srch.done:
		e.srch = nil
	default:
	}
}

// finished reports whether the search has written (or is writing) its bestmove, so a go
// sent by a client that has read it is never told a search is still running.
func (s *search) finished() bool { return s.answered.Load() }

// held reports whether the running search is an infinite or ponder search that has not
// been released: it would never end without stop.
func (s *search) held() bool {
	if !s.waitStop {
		return false
	}
	select {
	case <-s.release:
		return false
	default:
		return true
	}
}

// settle makes the engine idle: a held (infinite or ponder) search is stopped, any other
// search is waited for (as Stockfish does for go and ucinewgame during a search).
func (e *Engine) settle() {
	if e.srch == nil {
		return
	}
	if e.srch.held() {
		e.stopSearch()
		return
	}
	<-e.srch.done
	e.srch = nil
}

// stopSearch ends the running search (if any) and waits until its bestmove is written.
func (e *Engine) stopSearch() {
	if e.srch == nil {
		return
	}
	e.srch.cancel()
	e.srch.releaseNow()
	<-e.srch.done
	e.srch = nil
}

func (e *Engine) ucciMode() {
	e.ucci = true
	e.variant = engine.Xiangqi
	e.opts["UCI_Variant"] = string(engine.Xiangqi)
	e.game = nil
	e.say("id name %s", Name)
	e.say("id author %s", Author)
	e.say("option usemillisec type check default false")
	o, _ := findOption("Hash")
	e.say("option hashsize type spin min %d max %d default %s", o.min, o.max, o.def)
	e.say("option threads type spin min 1 max %d default 1", MaxThreads)
	e.say("option ponder type check default false")
	e.say("option randomness type combo var none var tiny var small var medium var large var huge default none")
	e.say("option newgame type button")
	e.say("ucciok")
}

// ucciRandomness maps UCCI "randomness" to a skill level.
var ucciRandomness = map[string]int{"none": 20, "tiny": 16, "small": 12, "medium": 8, "large": 4, "huge": 0}

func (e *Engine) setOption(name, value string) {
	switch strings.ToLower(name) {
	case "usemillisec":
		v, err := (option{name: "usemillisec", kind: check}).validate(value)
		if err != nil {
			e.info("setoption %v", err)
			return
		}
		e.ucciMs = v == "true"
		return
	case "randomness":
		s, ok := ucciRandomness[strings.ToLower(strings.TrimSpace(value))]
		if !ok {
			e.info("setoption randomness: %q is not one of none, tiny, small, medium, large, huge", clip(value))
			return
		}
		e.ucciSkl = s
		return
	case "newgame":
		e.settle()
		e.game = nil
		e.ban = nil
		e.noise = levels.NewNoise(e.rng.Uint64())
		for _, en := range e.engines {
			en.Clear()
		}
		return
	case "batch", "debug", "usebook", "bookfiles", "evalapi", "loadbook", "idle", "pruning",
		"knowledge", "style", "promotion", "drawmoves", "repetition":
		return // UCCI options this engine does not have; accepted and ignored
	}
	o, ok := findOption(name)
	if !ok {
		e.info("setoption: unknown option %q", clip(name))
		return
	}
	if o.kind == button {
		if o.name == "Clear Hash" {
			if e.srch != nil && e.srch.held() {
				e.info("setoption Clear Hash: ignored while searching (send stop first)")
				return
			}
			for _, en := range e.engines {
				en.Clear()
			}
		}
		return
	}
	v, err := o.validate(value)
	if err != nil {
		e.info("setoption %v", err)
		return
	}
	if o.name == "UCI_Variant" || o.name == "Hash" || o.name == "Threads" {
		if e.srch != nil && e.srch.held() {
			e.info("setoption %s: ignored while searching (send stop first)", o.name)
			return
		}
		e.settle()
	}
	e.opts[o.name] = v
	switch o.name {
	case "UCI_Variant":
		nv := engine.Variant(v)
		if nv != e.variant {
			e.variant = nv
			e.game = nil // the old position is of the other game
			e.ban = nil
		}
	case "Hash", "Threads":
		e.engines = map[engine.Variant]engine.Searcher{} // rebuilt at the next go
	}
}

func (e *Engine) intOpt(name string) int {
	n, _ := strconv.Atoi(e.opts[name])
	return n
}

func (e *Engine) position(c Command) {
	var g engine.Game
	var err error
	if c.StartPos {
		g = engine.NewGame(e.variant)
	} else if g, err = engine.GameFromFEN(e.variant, c.FEN); err != nil {
		e.info("position: bad %s FEN %q: %v; keeping the last position", e.variant, clip(c.FEN), err)
		return
	}
	for i, s := range c.Moves {
		m, err := g.ParseMove(s)
		if err == nil {
			err = g.Continue(m) // GUIs may play on past a repetition or move-limit draw
		}
		if err != nil {
			e.info("position: illegal move %d, %s; keeping the last position", i+1, clipLong(engine.MoveProblem(err)))
			return
		}
	}
	e.game = g
	e.ban = nil
}

// probe answers UCCI "probe" as ElephantEye does: "pophash" followed by what the
// transposition table knows about the position, "bestmove M", "lowerbound V depth D" and
// "upperbound V depth D" (an exact score gives both), or a bare "pophash" when it knows
// nothing. Mate scores are written as info lines write them in UCCI (±(10000 - plies)). The
// current position is not changed.
func (e *Engine) probe(c Command) {
	e.settle()
	var g engine.Game
	var err error
	if c.StartPos {
		g = engine.NewGame(e.variant)
	} else if g, err = engine.GameFromFEN(e.variant, c.FEN); err != nil {
		e.info("probe: bad %s FEN %q: %v", e.variant, clip(c.FEN), err)
		e.say("pophash")
		return
	}
	for i, s := range c.Moves {
		m, err := g.ParseMove(s)
		if err == nil {
			err = g.Continue(m)
		}
		if err != nil {
			e.info("probe: illegal move %d, %s", i+1, clipLong(engine.MoveProblem(err)))
			e.say("pophash")
			return
		}
	}
	d, ok := e.engine().Probe(g)
	if !ok {
		e.say("pophash")
		return
	}
	score := d.Score
	if a := max(score, -score); a >= gamesearch.MateBound {
		plies := gamesearch.Mate - a
		score = (ucciMateScore - plies) * (score / a)
	}
	var b strings.Builder
	b.WriteString("pophash")
	if d.HasMove {
		b.WriteString(" bestmove " + g.UCI(d.Move))
	}
	if d.Lower {
		fmt.Fprintf(&b, " lowerbound %d depth %d", score, d.Depth)
	}
	if d.Upper {
		fmt.Fprintf(&b, " upperbound %d depth %d", score, d.Depth)
	}
	e.say("%s", b.String())
}

func (e *Engine) banMoves(ms []string) {
	if e.game == nil {
		e.game = engine.NewGame(e.variant)
	}
	var ok []string
	for _, s := range ms {
		if _, err := e.game.ParseMove(s); err != nil {
			e.info("banmoves: not a legal move here: %s", clipLong(engine.MoveProblem(err)))
			continue
		}
		ok = append(ok, s)
	}
	e.ban = ok
}

func (e *Engine) engine() engine.Searcher {
	en := e.engines[e.variant]
	if en == nil {
		en = engine.NewSearcher(e.variant, engine.SearcherOptions{HashMiB: e.intOpt("Hash"), Threads: e.intOpt("Threads")})
		e.engines[e.variant] = en
	}
	return en
}

func (e *Engine) display() {
	g := e.game
	if g == nil {
		g = engine.NewGame(e.variant)
	}
	for _, l := range strings.Split(strings.TrimRight(board.Draw(g, board.Style{Labels: board.Letters}), "\n"), "\n") {
		e.say("%s", l)
	}
	e.say("Fen: %s", g.FEN())
	e.say("Variant: %s", g.Variant())
}

// perft prints "move: count" per root move, a blank line and "Nodes searched: N".
func (e *Engine) perft(g engine.Game, depth int) {
	start := time.Now()
	var total uint64
	for _, d := range g.Divide(depth) {
		e.say("%s: %d", d.Move, d.Nodes)
		total += d.Nodes
	}
	e.say("")
	e.say("Nodes searched: %d", total)
	if e.debug {
		e.info("perft %d took %v", depth, time.Since(start).Round(time.Millisecond))
	}
}

// timeFor returns the thinking time for a go command (0 = none) and whether the clock was
// given at all.
func (e *Engine) timeFor(p GoParams, side engine.Side) time.Duration {
	overhead := time.Duration(e.intOpt("Move Overhead")) * time.Millisecond
	if p.MoveTime > 0 {
		return engine.MoveTime(p.MoveTime, overhead)
	}
	var c engine.Clock
	switch {
	case p.HasOwnTime:
		c = engine.Clock{Time: p.OwnTime, Inc: p.OwnInc, MovesToGo: p.MovesToGo}
	case side == engine.First && p.HasWTime:
		c = engine.Clock{Time: p.WTime, Inc: p.WInc, MovesToGo: p.MovesToGo}
	case side == engine.Second && p.HasBTime:
		c = engine.Clock{Time: p.BTime, Inc: p.BInc, MovesToGo: p.MovesToGo}
	case p.HasWTime || p.HasBTime:
		// Only the other side's clock was sent: assume both clocks are alike.
		e.info("go: no time for the side to move; using the other side's clock")
		c = engine.Clock{Time: max(p.WTime, p.BTime), Inc: max(p.WInc, p.BInc), MovesToGo: p.MovesToGo}
	default:
		return 0
	}
	return engine.Budget(c, overhead)
}

// strength returns the playing strength the options ask for: UCI_Elo on the variant's
// rating scale when UCI_LimitStrength is on, else Skill Level (UCCI: randomness).
func (e *Engine) strength() engine.Strength {
	switch {
	case e.ucci:
		return engine.StrengthFor(e.ucciSkl)
	case e.opts["UCI_LimitStrength"] == "true":
		return engine.StrengthForElo(e.variant, e.intOpt("UCI_Elo"))
	}
	return engine.StrengthFor(e.intOpt("Skill Level"))
}

func (e *Engine) goCmd(p GoParams) {
	if e.srch != nil && e.srch.held() {
		e.info("go: an infinite search is running; stopping it first")
	} else if e.srch != nil && !e.srch.finished() {
		// As in Stockfish, a go during a bounded search waits for that search's bestmove;
		// say so, since commands are not read meanwhile.
		e.info("go: a search is still running; this go starts after its bestmove")
	}
	e.settle()
	if e.game == nil {
		e.info("go: no position set (send position first); searching the %s start position", e.variant)
		e.game = engine.NewGame(e.variant)
	}
	g := e.game.Clone()
	if p.Perft > 0 {
		e.perft(g, p.Perft)
		return
	}
	var allow []engine.Move
	restrict := p.SearchMoves
	if len(e.ban) > 0 {
		for _, m := range g.Legal() {
			if !slices.Contains(e.ban, g.UCI(m)) {
				allow = append(allow, m)
			}
		}
		if len(allow) == 0 {
			e.info("banmoves: every legal move is banned; ignoring the ban")
		}
	}
	for _, s := range restrict {
		m, err := g.ParseMove(s)
		if err != nil {
			e.info("go searchmoves: not a legal move here: %s", clipLong(engine.MoveProblem(err)))
			continue
		}
		allow = append(allow, m)
	}

	budget := e.timeFor(p, g.SideToMove())
	if e.debug && budget > 0 {
		e.info("time budget %d ms", budget.Milliseconds())
	}
	if budget == 0 && p.Depth == 0 && p.Nodes == 0 && p.Mate == 0 && !p.Infinite && !p.Ponder {
		if len(p.Invalid) > 0 {
			// Every limit given was unreadable: a GUI sent a limit and waits for bestmove,
			// so never fall back to an endless search.
			budget = InvalidLimitTime
			e.info("go: no valid limit (bad %s); searching for %d ms", strings.Join(p.Invalid, ", "), InvalidLimitTime.Milliseconds())
		} else {
			p.Infinite = true // a go without limits searches until stop, as in Stockfish
		}
	}
	lim := gamesearch.Limits{Depth: p.Depth, Nodes: p.Nodes, MultiPV: e.intOpt("MultiPV")}
	if p.Mate > 0 {
		d := 2*p.Mate + 1
		if lim.Depth == 0 || lim.Depth > d {
			lim.Depth = d
		}
	}
	if lim.Depth >= gamesearch.MaxPly {
		lim.Depth = gamesearch.MaxPly - 1
	}
	str := e.strength()
	reported := lim.MultiPV
	lim = str.Apply(lim)

	ctx, cancel := context.WithCancel(context.Background())
	s := &search{cancel: cancel, done: make(chan struct{}), release: make(chan struct{}),
		waitStop: p.Infinite || p.Ponder}
	if p.Ponder {
		// Search without a clock until ponderhit, then give it the budget from now on.
		s.ponderHit = func() {
			s.ponderHit = nil
			s.releaseNow()
			if budget > 0 {
				time.AfterFunc(budget, cancel)
			}
		}
	} else if !p.Infinite && budget > 0 {
		lim.Time = budget
		if p.MoveTime > 0 {
			// A fixed time per move is spent whole, as Stockfish does; a clock's budget
			// keeps the search's default of starting no iteration past half of it.
			lim.SoftTime = budget
		}
		// A backstop in case the search overshoots its own budget.
		var stopTimer context.CancelFunc
		ctx, stopTimer = context.WithTimeout(ctx, budget+budget/4+5*time.Millisecond)
		prev := cancel
		s.cancel = func() { stopTimer(); prev() }
		cancel = s.cancel
	}
	e.srch = s
	en := e.engine()
	s.ucci, s.debug, s.mate, s.lines, s.strength, s.noise = e.ucci, e.debug, p.Mate, reported, str, e.noise
	go e.run(ctx, s, en, g, lim, allow)
}

// run is the search goroutine: search, report, wait for stop if asked to, print bestmove.
func (e *Engine) run(ctx context.Context, s *search, en engine.Searcher, g engine.Game, lim gamesearch.Limits,
	allow []engine.Move) {
	ucci, mate, str := s.ucci, s.mate, s.strength
	defer close(s.done)
	defer s.cancel()
	legal := g.Legal()
	if len(legal) == 0 {
		// A terminal root: mate (xiangqi stalemate too) or chess stalemate.
		mated := g.InCheck() || g.LossOnStalemate()
		switch {
		case ucci && mated:
			e.say("info depth 0 score %d", -ucciMateScore)
		case ucci:
			e.say("info depth 0 score 0")
		case mated:
			e.say("info depth 0 score mate 0")
		default:
			e.say("info depth 0 score cp 0")
		}
		e.waitRelease(s)
		if ucci {
			s.answered.Store(true)
			e.say("nobestmove")
		} else {
			s.answered.Store(true)
			e.say("bestmove (none)")
		}
		return
	}
	onIter := func(r engine.SearchResult) {
		e.report(g, r, s.lines, ucci)
		if mate > 0 && gamesearch.IsMate(r.Score) && r.Score > 0 && gamesearch.MateIn(r.Score) <= mate {
			s.cancel()
		}
	}
	r := en.Search(ctx, g, lim, allow, onIter)
	e.waitRelease(s)

	best, ponder := r.Move, engine.Move(0)
	if len(r.PV) > 1 {
		ponder = r.PV[1]
	}
	if i := str.Choose(g, r.Lines, s.noise, e.rng); i > 0 {
		l := r.Lines[i]
		best, ponder = l.Move, 0
		if len(l.PV) > 1 {
			ponder = l.PV[1]
		}
		if s.debug {
			e.info("level %s: playing line %d (%s, %d cp below the best)", str.Level.Name, i+1, g.UCI(best), r.Lines[0].Score-l.Score)
		}
	}
	if !r.HasMove || !slices.Contains(legal, best) {
		// Never print an uninitialised or illegal move: fall back to a legal one.
		if r.HasMove {
			e.info("search returned %s, not legal here; playing %s", g.UCI(best), g.UCI(legal[0]))
		}
		best, ponder = legal[0], 0
		if len(allow) > 0 {
			best = allow[0]
		}
	}
	switch {
	case ucci:
		s.answered.Store(true)
		e.say("bestmove %s", g.UCI(best))
	case ponder != 0:
		s.answered.Store(true)
		e.say("bestmove %s ponder %s", g.UCI(best), g.UCI(ponder))
	default:
		s.answered.Store(true)
		e.say("bestmove %s", g.UCI(best))
	}
}

// waitRelease holds an infinite or ponder search's bestmove until stop, ponderhit or quit.
func (e *Engine) waitRelease(s *search) {
	if s.waitStop {
		<-s.release
	}
}

// report prints the info lines of one completed iteration.
func (e *Engine) report(g engine.Game, r engine.SearchResult, lines int, ucci bool) {
	n := min(max(lines, 1), len(r.Lines))
	for i := 0; i < n; i++ {
		l := r.Lines[i]
		in := Info{Depth: r.Depth, SelDepth: r.SelDepth, Score: l.Score, Nodes: r.Nodes,
			NPS: r.NPS(), Time: r.Elapsed}
		if !ucci {
			in.MultiPV = i + 1
		}
		if gamesearch.IsMate(l.Score) {
			in.Mate, in.Score = true, gamesearch.MateIn(l.Score)
		}
		for _, m := range l.PV {
			in.PV = append(in.PV, g.UCI(m))
		}
		e.infoLine(in, ucci)
	}
}

func (e *Engine) infoLine(in Info, ucci bool) {
	if ucci {
		e.say("%s", in.UCCI(ucciMateScore))
	} else {
		e.say("%s", in.UCI())
	}
}

// clipLong shortens a message that quotes input (at most 200 bytes, cut at a rune boundary).
func clipLong(s string) string {
	if len(s) <= 200 {
		return s
	}
	i := 200
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return s[:i] + "..."
}
