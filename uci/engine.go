package uci

import (
	"bufio"
	"errors"
	"fmt"
	"io"
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

// Engine is one UCI/UCCI engine: it reads commands from a reader and writes answers to a
// writer, over an engine.Session. Searches and perft run on the session's goroutine, so
// every command is read and answered at any moment: "stop", "isready" and "quit" while a
// search or a perft runs. Create it with New and run it with Run.
type Engine struct {
	out *lineWriter

	// The fields below are owned by the goroutine running Run.
	opts    map[string]string // current option values by table name
	sess    *engine.Session   // the variant, the last good position, the searchers and the job
	ban     []string          // UCCI banmoves for the next go
	refused string            // the last position command, when it was refused
	ucci    bool              // the GUI spoke "ucci"
	ucciMs  bool              // UCCI "usemillisec true"
	ucciSkl int               // UCCI "randomness" as a skill level (20 = none)
	debug   bool

	perftJob *engine.Job // the job of the last "go perft" (a count, not a search)
	quitting atomic.Bool // "quit" was read: a perft it stops prints no count
}

// New returns an engine that writes to out. seed seeds the random choices of reduced skill
// levels (any value; tests pass a fixed one).
func New(out io.Writer, seed uint64) *Engine {
	e := &Engine{out: &lineWriter{w: out}, opts: map[string]string{}, ucciSkl: 20}
	for _, o := range optionTable {
		e.opts[o.name] = o.def
	}
	e.sess = engine.NewSession(engine.Chess, engine.SessionOptions{Seed: seed,
		Searcher: engine.SearcherOptions{HashMiB: e.intOpt("Hash"), Threads: e.intOpt("Threads")}})
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
// engine's writer. At the end of the input a running timed search or perft is allowed to
// finish (so "echo go depth 5 | engine" prints its move); an infinite or ponder search is
// stopped. It returns the first read or write error, nil after quit or end of input.
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
	j := e.sess.Job()
	if j == nil {
		return
	}
	if j.Held() {
		j.Stop()
		return
	}
	<-j.Done()
}

// Handle carries out one command line and reports whether it was "quit". It is what Run
// calls for each line; tests may call it directly (not concurrently with Run). It never
// waits for a search, except for the moment a stopped search takes to print its bestmove.
func (e *Engine) Handle(line string) (quit bool) {
	unit := time.Millisecond
	if e.ucci && !e.ucciMs {
		unit = time.Second
	}
	c, err := Parse(line, unit)
	if err != nil {
		e.info("%v", err)
		if f := strings.Fields(line); len(f) > 0 && f[0] == "position" {
			e.refused = clipLong(strings.Join(f, " "))
		}
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
		e.newGame()
	case SetOption:
		e.setOption(c.Option, c.Value)
	case Position:
		e.position(c, line)
	case BanMoves:
		e.banMoves(c.Moves)
	case Go:
		e.goCmd(c.Go)
	case Stop:
		e.stopJob()
	case PonderHit:
		if j := e.sess.Job(); j != nil {
			j.PonderHit()
		}
	case Display:
		e.display()
	case Quit:
		e.quitting.Store(true)
		e.stopJob()
		if e.ucci {
			e.say("bye")
		}
		return true
	}
	return false
}

// stopJob ends the running search or perft, if any, once it has printed its answer.
func (e *Engine) stopJob() {
	if j := e.sess.Job(); j != nil {
		j.Stop()
	}
}

// newGame forgets the position, the bans and what the searches learned ("ucinewgame", UCCI
// "setoption newgame"); a running search is stopped first.
func (e *Engine) newGame() {
	e.stopJob()
	e.sess.NewGame()
	e.ban, e.refused = nil, ""
}

func (e *Engine) ucciMode() {
	e.ucci = true
	e.stopJob()
	e.sess.SetVariant(engine.Xiangqi)
	e.sess.SetGame(nil)
	e.opts["UCI_Variant"] = string(engine.Xiangqi)
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
		e.newGame()
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
			if e.sess.Job() != nil {
				e.info("setoption Clear Hash: ignored while searching (send stop first)")
				return
			}
			e.sess.Clear()
		}
		return
	}
	v, err := o.validate(value)
	if err != nil {
		e.info("setoption %v", err)
		return
	}
	if (o.name == "UCI_Variant" || o.name == "Hash" || o.name == "Threads") && e.sess.Job() != nil {
		e.info("setoption %s: ignored while searching (send stop first)", o.name)
		return
	}
	e.opts[o.name] = v
	switch o.name {
	case "UCI_Variant":
		if nv := engine.Variant(v); nv != e.sess.Variant() {
			e.sess.SetVariant(nv) // the old position is of the other game
			e.ban, e.refused = nil, ""
		}
	case "Hash", "Threads":
		e.sess.Configure(engine.SearcherOptions{HashMiB: e.intOpt("Hash"), Threads: e.intOpt("Threads")})
	}
}

func (e *Engine) intOpt(name string) int {
	n, _ := strconv.Atoi(e.opts[name])
	return n
}

// gameOf returns the game a "position" or "probe" command starts from, before its moves: the
// current variant's start position, or its FEN (an error naming what is wrong with it).
func (e *Engine) gameOf(c Command) (engine.Game, error) {
	if c.StartPos {
		return engine.NewGame(e.sess.Variant()), nil
	}
	return engine.GameFromFEN(e.sess.Variant(), c.FEN)
}

// position sets the game from a "position" command. A command that cannot be carried out
// (a bad FEN, an illegal move) is named in an info string and remembered: the next go is
// answered without a move, since the GUI no longer shows the last good position.
func (e *Engine) position(c Command, line string) {
	g, err := e.gameOf(c)
	if err != nil {
		e.info("position: bad %s FEN %q: %v; refused (the next go answers no move)", e.sess.Variant(), clip(c.FEN), err)
		e.refused = clipLong(strings.TrimSpace(line))
		return
	}
	for i, s := range c.Moves {
		m, err := g.ParseMove(s)
		if err == nil {
			err = g.Continue(m) // GUIs may play on past a repetition or move-limit draw
		}
		if err != nil {
			e.info("position: illegal move %d, %s; refused (the next go answers no move)", i+1, clipLong(engine.MoveProblem(err)))
			e.refused = clipLong(strings.TrimSpace(line))
			return
		}
	}
	e.sess.SetGame(g)
	e.ban, e.refused = nil, ""
}

// probe answers UCCI "probe" as ElephantEye does: "pophash" followed by what the
// transposition table knows about the position, "bestmove M", "lowerbound V depth D" and
// "upperbound V depth D" (an exact score gives both), or a bare "pophash" when it knows
// nothing. Mate scores are written as info lines write them in UCCI (±(10000 - plies)). The
// current position is not changed.
func (e *Engine) probe(c Command) {
	if e.sess.Job() != nil {
		// The table is the running search's: probe between searches, as GUIs do.
		e.info("probe: ignored while searching (send stop first)")
		e.say("pophash")
		return
	}
	g, err := e.gameOf(c)
	if err != nil {
		e.info("probe: bad %s FEN %q: %v", e.sess.Variant(), clip(c.FEN), err)
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
	d, ok := e.sess.Probe(g)
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
	if e.sess.Game() == nil {
		e.sess.SetGame(engine.NewGame(e.sess.Variant()))
	}
	g := e.sess.Game()
	var ok []string
	for _, s := range ms {
		if _, err := g.ParseMove(s); err != nil {
			e.info("banmoves: not a legal move here: %s", clipLong(engine.MoveProblem(err)))
			continue
		}
		ok = append(ok, s)
	}
	e.ban = ok
}

func (e *Engine) display() {
	g := e.sess.Game()
	if g == nil {
		g = engine.NewGame(e.sess.Variant())
	}
	for _, l := range strings.Split(strings.TrimRight(board.Draw(g, board.Style{Labels: board.Letters}), "\n"), "\n") {
		e.say("%s", l)
	}
	e.say("Fen: %s", g.FEN())
	e.say("Variant: %s", g.Variant())
}

// perft starts "go perft N" on the session's goroutine: "move: count" per root move, a
// blank line and "Nodes searched: N". stop ends it early, with an info string saying so and
// the count of the root moves listed; quit ends it with an info string and no count (a
// partial total read as the answer would be wrong; without quit, the end of the input lets
// the count finish).
func (e *Engine) perft(depth int) {
	if depth > engine.MaxPerftDepth {
		e.info("go perft %d: deeper than %d plies is refused (the count would not end)", depth, engine.MaxPerftDepth)
		return
	}
	start := time.Now()
	debug := e.debug
	e.perftJob = e.sess.Perft(depth, func(d engine.DivideEntry) { e.say("%s: %d", d.Move, d.Nodes) },
		func(total uint64, stopped bool) {
			if stopped && e.quitting.Load() {
				e.info("perft %d abandoned by quit: no count", depth)
				return
			}
			if stopped {
				e.info("perft %d stopped; the count below covers the root moves listed", depth)
			}
			e.say("")
			e.say("Nodes searched: %d", total)
			if debug {
				e.info("perft %d took %v", depth, time.Since(start).Round(time.Millisecond))
			}
		})
}

// timeFor returns the thinking time for a go command (0 = none).
func (e *Engine) timeFor(p GoParams, side engine.Side) time.Duration {
	if p.MoveTime > 0 {
		return engine.MoveTime(p.MoveTime)
	}
	overhead := time.Duration(e.intOpt("Move Overhead")) * time.Millisecond
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
		return engine.StrengthForElo(e.sess.Variant(), e.intOpt("UCI_Elo"))
	}
	return engine.StrengthFor(e.intOpt("Skill Level"))
}

func (e *Engine) goCmd(p GoParams) {
	if j := e.sess.Job(); j != nil {
		switch {
		case j == e.perftJob:
			e.info("go: a perft is still running; stopping it first (it prints the count so far)")
		case j.Held():
			e.info("go: an infinite search is running; stopping it first")
		default:
			e.info("go: a search is still running; stopping it first (it answers with its best move so far)")
		}
		e.stopJob()
	}
	if e.refused != "" && p.Perft > 0 {
		// A perft is not a search: it answers no bestmove, and counts no other position.
		e.info("go perft: the last position command was refused (%s); send a position to count", e.refused)
		return
	}
	if e.refused != "" {
		// Never answer with a move of a position the GUI no longer shows.
		e.info("go: the last position command was refused (%s); send a position to search", e.refused)
		if e.ucci {
			e.say("nobestmove")
		} else {
			e.say("bestmove 0000")
		}
		return
	}
	if e.sess.Game() == nil {
		if p.Perft > 0 {
			e.info("go perft: no position set (send position first); counting from the %s start position", e.sess.Variant())
		} else {
			e.info("go: no position set (send position first); searching the %s start position", e.sess.Variant())
		}
		e.sess.SetGame(engine.NewGame(e.sess.Variant()))
	}
	g := e.sess.Game()
	if p.Perft > 0 {
		e.perft(p.Perft)
		return
	}
	var allow []engine.Move
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
	for _, s := range p.SearchMoves {
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
	ucci, debug, lines := e.ucci, e.debug, lim.MultiPV
	req := engine.Request{Limits: lim, RootMoves: allow, Time: budget, Whole: p.MoveTime > 0,
		Infinite: p.Infinite, Ponder: p.Ponder, Strength: e.strength(), MateIn: p.Mate,
		OnIteration: func(r engine.SearchResult) { e.report(g, r, lines, ucci) }}
	e.sess.Go(req, func(a engine.Answer) { e.answer(a, ucci, debug) })
}

// answer prints the bestmove line of a finished search (UCCI: bestmove or nobestmove), after
// "info depth 0" at a root without legal moves.
func (e *Engine) answer(a engine.Answer, ucci, debug bool) {
	g := a.Game
	if !a.HasMove {
		// A terminal root: its "info depth 0" line was printed by report.
		if ucci {
			e.say("nobestmove")
		} else {
			e.say("bestmove (none)")
		}
		return
	}
	r := a.Result
	if a.Fallback && r.HasMove {
		e.info("search returned %s, not legal here; playing %s", g.UCI(r.Move), g.UCI(a.Move))
	}
	if debug && a.Line > 0 {
		e.info("level %s: playing line %d (%s, %d cp below the best)", a.Strength.Level.Name, a.Line+1, g.UCI(a.Move), r.Lines[0].Score-r.Lines[a.Line].Score)
	}
	switch {
	case ucci, a.Ponder == 0:
		e.say("bestmove %s", g.UCI(a.Move))
	default:
		e.say("bestmove %s ponder %s", g.UCI(a.Move), g.UCI(a.Ponder))
	}
}

// report prints the info lines of one completed iteration.
func (e *Engine) report(g engine.Game, r engine.SearchResult, lines int, ucci bool) {
	if !r.HasMove && r.Depth == 0 {
		// A terminal root: mate (xiangqi stalemate too) or chess stalemate.
		mated := r.Score < 0
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
		return
	}
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
