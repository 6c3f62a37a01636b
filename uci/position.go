package uci

import (
	"fmt"
	"strings"

	"github.com/cotuong-ai/cotuong/engine"
	"github.com/cotuong-ai/cotuong/gamesearch"
	"github.com/cotuong-ai/cotuong/internal/board"
)

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
//
// A GUI may send a xiangqi FEN without setting UCI_Variant first (as some xiangqi GUIs do
// with Pikafish, whose only game is xiangqi): a FEN of 10 ranks that the chess reader
// refuses but the xiangqi reader takes switches the engine to xiangqi, as setoption name
// UCI_Variant value xiangqi would, and says so in an info string. During a search it is
// refused, saying why.
func (e *Engine) position(c Command, line string) {
	g, err := e.gameOf(c)
	if err != nil && !c.StartPos && e.sess.Variant() == engine.Chess && !e.ucci && strings.Count(strings.Fields(c.FEN + " x")[0], "/") == 9 {
		if xg, xerr := engine.GameFromFEN(engine.Xiangqi, c.FEN); xerr == nil {
			if e.sess.Job() != nil {
				e.info("position: the FEN has 10 ranks, a xiangqi position, and UCI_Variant is chess; a search is running, so the engine cannot switch to xiangqi: send stop, then setoption name UCI_Variant value xiangqi; refused (the next go answers no move)")
				e.refused = clipLong(strings.TrimSpace(line))
				return
			}
			e.info("position: the FEN has 10 ranks, a xiangqi position; UCI_Variant was chess, now xiangqi (send setoption name UCI_Variant value xiangqi to say so)")
			e.opts["UCI_Variant"] = string(engine.Xiangqi)
			e.sess.SetVariant(engine.Xiangqi)
			e.ban, e.refused = nil, ""
			e.reportNNUE()
			g, err = xg, nil
		}
	}
	if err != nil {
		hint := ""
		if !c.StartPos && e.sess.Variant() == engine.Xiangqi && !e.ucci && strings.Count(strings.Fields(c.FEN + " x")[0], "/") == 7 {
			hint = " (8 ranks: a chess FEN? send setoption name UCI_Variant value chess)"
		}
		e.info("position: bad %s FEN %q: %v%s; refused (the next go answers no move)", e.sess.Variant(), clip(c.FEN), err, hint)
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

// banMoves carries out UCCI "banmoves": the legal ones among ms are left out of the next
// search (the start position is set if there is none yet).
func (e *Engine) banMoves(ms []string) {
	if e.sess.Game() == nil {
		e.sess.SetGame(engine.NewGame(e.sess.Variant()))
	}
	g := e.sess.Game()
	var ok []string
	for _, s := range ms {
		if _, err := g.ParseMove(s); err != nil {
			e.info("banmoves: %s", moveTrouble(g, s, err))
			continue
		}
		ok = append(ok, s)
	}
	e.ban = ok
	if len(ok) < len(ms) { // say what the ban now holds
		if len(ok) == 0 {
			e.info("banmoves: no move is banned")
		} else {
			e.info("banmoves: the other moves are banned: %s", strings.Join(ok, " "))
		}
	}
}

// moveTrouble says why the move s of a banmoves or go searchmoves list is left out: it
// cannot be read as a move at all, or it is not a legal move in g's position.
func moveTrouble(g engine.Game, s string, err error) string {
	p := engine.MoveProblem(err)
	if strings.Contains(p, "neither a coordinate move") {
		example := "e2e4"
		if g.Variant() == engine.Xiangqi {
			example = "h2e2"
		}
		return fmt.Sprintf("%q cannot be read as a move (want coordinates such as %s)", clip(s), example)
	}
	return "not a legal move here: " + clipLong(p)
}

// display answers "d": the board, its FEN and the variant.
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
