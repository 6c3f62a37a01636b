package uci

import (
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/cotuong-ai/cotuong/engine"
	"github.com/cotuong-ai/cotuong/gamesearch"
)

// InvalidLimitTime is the thinking time of a "go" whose limits were all unreadable (such as
// "go depth abc" or "go nodes -5"): the engine answers with a bestmove after it instead of
// searching until "stop".
const InvalidLimitTime = time.Second

// ucciMateScore is the score UCCI info lines give a mate at ply 0 (UCCI has no mate form).
const ucciMateScore = 10000

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

// goCmd carries out "go": it stops a running search or perft, answers at once after a
// refused position, and otherwise starts a perft or a search on the session's goroutine.
func (e *Engine) goCmd(p GoParams) {
	if slices.Contains(p.Invalid, "perft") {
		// go perft 0 (or -1, or x): the warning has said so; a count was asked for, so no
		// search is started (Stockfish 15.1 starts an endless one) and a running job goes on.
		return
	}
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
	searched := 0
	for _, s := range p.SearchMoves {
		m, err := g.ParseMove(s)
		if err != nil {
			e.info("go searchmoves: %s", moveTrouble(g, s, err))
			continue
		}
		allow = append(allow, m)
		searched++
	}
	if len(p.SearchMoves) > 0 && searched == 0 {
		e.info("go searchmoves: no move of the list can be searched; searching all moves")
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
	// "go mate N" caps no depth: a selective search (reductions, null move, pruning) may
	// need more than 2N+1 nominal plies to prove a mate in N. The search runs until it has
	// found a mate in at most N moves (Request.MateIn stops it then), or until stop or the
	// other limits given; with none, until stop or the end of its deepest iteration. Without
	// a depth it is given the deepest one explicitly, since an uncapped search also stops
	// once any mate is settled, and a settled mate in more than N moves must not end it.
	lim := gamesearch.Limits{Depth: p.Depth, Nodes: p.Nodes, MultiPV: e.intOpt("MultiPV")}
	if p.Mate > 0 && lim.Depth <= 0 {
		lim.Depth = gamesearch.MaxPly - 1
	}
	if lim.Depth >= gamesearch.MaxPly {
		lim.Depth = gamesearch.MaxPly - 1
	}
	ucci, debug, lines := e.ucci, e.debug, lim.MultiPV
	// reported is the node count of the last info lines printed: when the search stops inside
	// an iteration (go nodes, a time limit, stop) the nodes searched since are reported in a
	// last info line before bestmove, as Stockfish does, so that a GUI or match tool reads the
	// nodes actually searched.
	var reported atomic.Int64
	req := engine.Request{Limits: lim, RootMoves: allow, Time: budget, Whole: p.MoveTime > 0,
		Infinite: p.Infinite, Ponder: p.Ponder, Strength: e.strength(), MateIn: p.Mate,
		OnIteration: func(r engine.SearchResult) {
			e.report(g, r, lines, ucci)
			reported.Store(r.Nodes)
		}}
	e.sess.Go(req, func(a engine.Answer) {
		if r := a.Result; a.HasMove && r.HasMove && len(r.Lines) > 0 && r.Nodes != reported.Load() {
			r.Depth = max(r.Depth, 1) // stopped in the first iteration: its depth, not a terminal root's 0
			e.report(g, r, lines, ucci)
		}
		e.answer(a, ucci, debug)
	})
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

// infoLine writes one info line in the protocol spoken.
func (e *Engine) infoLine(in Info, ucci bool) {
	if ucci {
		e.say("%s", in.UCCI(ucciMateScore))
	} else {
		e.say("%s", in.UCI())
	}
}
