package main

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/cotuong-ai/cotuong/engine"
	"github.com/cotuong-ai/cotuong/review"
)

// lineWindow is how many plies of the analyst's line are searched for the capture a reason
// names.
const lineWindow = 10

// near starts the note of a piece lost that only the line we name bears out.
const near = "NEAR "

var (
	lostRE   = regexp.MustCompile(`(?:loses|leaves) the (\w+)`)
	missedRE = regexp.MustCompile(`, winning an? (\w+)`)
)

// search has the analyst search the position of c (its game from the start) at nodes nodes,
// restricted to the move only when only is not "", and returns its score and line.
func (e *analystEngine) search(c engine.Game, nodes int64, only string) (score string, line []string, err error) {
	goCmd := fmt.Sprintf("go nodes %d", nodes)
	if only != "" {
		goCmd += " searchmoves " + e.e.Codec.ToEngine(only)
	}
	info, err := e.run(startOf(c).StartFEN(), c.Moves(), goCmd, nodes)
	return info.Score, info.Line, err
}

// playedLine is a line played out from a position: the pieces each side took, by FEN
// letter, and the balance of material for one side.
type playedLine struct {
	took [2]map[byte]int // took[side]: the letters of the pieces side took
	net  int             // material won minus lost by the side it was counted for, centipawns
}

// captures plays line (UCI moves) from c for at most lineWindow plies, stopping at the first
// move it cannot play or the end of the game, and calls fn for each capture with its ply
// (from 0), the capturing side and the FEN letter taken.
func captures(c engine.Game, line []string, fn func(ply int, by engine.Side, taken byte)) {
	g := c.Clone()
	for i, s := range line {
		if i >= lineWindow || len(s) < 4 || g.Result().Over {
			return
		}
		m, err := g.ParseUCI(s)
		if err != nil {
			return
		}
		by := g.SideToMove()
		if sq := engine.AtUCI(g, s[2:4]); !sq.Empty && sq.Side != by {
			fn(i, by, sq.Letter)
		}
		if g.Push(m) != nil {
			return
		}
	}
}

// playLine plays line from c for at most lineWindow plies and counts its captures for side me.
func playLine(c engine.Game, line []string, me engine.Side) playedLine {
	pl := playedLine{took: [2]map[byte]int{{}, {}}}
	captures(c, line, func(_ int, by engine.Side, taken byte) {
		pl.took[by][taken]++
		if p, ok := engine.Piece(c.Variant(), taken); ok {
			if by == me {
				pl.net += p.Value
			} else {
				pl.net -= p.Value
			}
		}
	})
	return pl
}

// named reports whether letters hold a piece called name (engine.PieceInfo.Name).
func named(v engine.Variant, letters map[byte]int, name string) bool {
	for l := range letters {
		if p, ok := engine.Piece(v, l); ok && p.Name == name {
			return true
		}
	}
	return false
}

// fullLine is search followed by extend: the analyst's score of c and its line of lineWindow
// plies (fewer where the game ends).
func (e *analystEngine) fullLine(c engine.Game, nodes int64, only string) (string, []string, error) {
	score, line, err := e.search(c, nodes, only)
	if err == nil {
		line, err = e.extend(c, line, nodes)
	}
	return score, line, err
}

// extend returns line made up to lineWindow plies from c: where the analyst's line stops
// short (a PV cut by its hash table), the analyst's best move in the position reached, at a
// quarter of nodes, is added until the window is full or the game ends.
func (e *analystEngine) extend(c engine.Game, line []string, nodes int64) ([]string, error) {
	g := c.Clone()
	for _, s := range line {
		m, err := g.ParseUCI(s)
		if err != nil || g.Push(m) != nil {
			return line, nil
		}
	}
	for len(line) < lineWindow && !g.Result().Over {
		_, more, err := e.search(g, max(nodes/4, 1000), "")
		if err != nil {
			return nil, err
		}
		if len(more) == 0 {
			break
		}
		m, err := g.ParseUCI(more[0])
		if err != nil || g.Push(m) != nil {
			break
		}
		line = append(line, more[0])
	}
	return line, nil
}

// capturePly returns the ply (from 1, the move itself or the better move) of our line at which
// the piece a material reason names is taken: the refutation after the move for a piece lost,
// the better line for a piece missed; 0 when there is none within lineWindow plies.
func capturePly(before engine.Game, mr review.MoveReview) int {
	var line []engine.Move
	var victim engine.Side
	var name []string
	switch mr.Reason {
	case review.Hanging, review.MaterialLost:
		line, victim, name = append([]engine.Move{mr.Move}, mr.Refutation...), mr.Side, lostRE.FindStringSubmatch(mr.Words)
	case review.MaterialMissed:
		line, victim, name = mr.BestLine, mr.Side.Other(), missedRE.FindStringSubmatch(mr.Words)
	}
	if name == nil {
		return 0
	}
	at := 0
	captures(before, uciLine(before, line), func(ply int, by engine.Side, taken byte) {
		if p, ok := engine.Piece(before.Variant(), taken); ok && at == 0 && by != victim && p.Name == name[1] {
			at = ply + 1
		}
	})
	return at
}

// uciLine writes line, played from c, in UCI coordinates (up to a move it cannot play).
func uciLine(c engine.Game, line []engine.Move) []string {
	g := c.Clone()
	var out []string
	for _, m := range line {
		out = append(out, g.UCI(m))
		if g.Push(m) != nil {
			break
		}
	}
	return out
}

// mateFor reports whether a UCI score is a mate for the side to move (want > 0) or against
// it (want < 0).
func mateFor(score string, want int) bool {
	v, ok := strings.CutPrefix(score, "mate ")
	return ok && (strings.HasPrefix(v, "-") == (want < 0)) && v != "0"
}

// reasonTally counts, for one kind of reason, the moves that got it, those the analyst's best
// lines bear out, and those only the line we name bears out (the analyst, made to play our
// reply, scores it within 50 centipawns of its best and its line then takes the piece).
type reasonTally struct{ said, confirmed, ourLine int }

// checkReasons judges our analyses of recs with k (the reference's with kf, for its marks)
// and has the analyst at path check each reason our words give, at nodes nodes a search, on
// its own lines:
//
//   - a mate allowed: the analyst scores the position after the move a mate for the opponent;
//   - a mate missed: it scores the position before the move a mate for the mover;
//   - a piece hanging or lost: its line after the move takes that kind of piece of the
//     mover's within lineWindow plies, the move and that line lose the mover material (80
//     centipawns or more by the game's SEE values), and it sees no mate against the mover
//     there (a mate would be the reason);
//   - a piece missed: its line for the better move we name (searchmoves) takes that kind of
//     piece of the opponent's within lineWindow plies, and it scores that move at least 50
//     centipawns above the move played (searchmoves too).
//
// Repetition rulings are the rules' own verdicts and are not checked. It prints each reason,
// whether the analyst bears it out (and what it saw when not), and the counts. A piece lost
// that its best line does not bear out is borne out "on our line" when the analyst, made to
// play our reply, scores it within 50 centipawns of its best and its line then takes the piece
// with the same loss: the refutation we name is one the analyst plays nearly as well, if not
// its strongest. Those are counted apart.
func checkReasons(recs []fileGame, k, kf float64, path string, nodes int64) error {
	if len(recs) == 0 {
		return nil
	}
	an, err := startAnalyst(path, recs[0].g.Variant())
	if err != nil {
		return err
	}
	defer an.close()
	counts := map[review.Reason]*reasonTally{}
	for n, r := range recs {
		rv, err := review.JudgeK(r.g, r.ours, review.Standard, k)
		if err != nil {
			return err
		}
		rf, err := review.JudgeK(r.g, r.ref, review.Standard, kf)
		if err != nil {
			return err
		}
		c := startOf(r.g)
		for i, mr := range rv.Moves {
			before := c.Clone()
			if err := c.Continue(mr.Move); err != nil {
				return fmt.Errorf("game %d ply %d: %w", n+1, i, err)
			}
			if mr.Reason == review.NoReason || mr.Reason == review.Repetition {
				continue
			}
			ok, note, err := an.confirm(before, c, mr, nodes)
			if err != nil {
				return fmt.Errorf("game %d ply %d: %w", n+1, i, err)
			}
			t := counts[mr.Reason]
			if t == nil {
				t = &reasonTally{}
				counts[mr.Reason] = t
			}
			t.said++
			verdict := "borne out"
			switch {
			case ok:
				t.confirmed++
			case strings.HasPrefix(note, near):
				t.ourLine++
				verdict = "borne out on our line (" + note + ")"
			default:
				verdict = "NOT borne out (" + note + ")"
			}
			fmt.Printf("  game %d ply %d (%s -> %s, capture at ply %d of our line, verified %v/%v, reference's mark %s): %s: %s\n", n+1, i,
				review.ScoreText(mr.Before), review.ScoreText(mr.After), capturePly(before, mr),
				r.ours.Evals[i].Nodes != 0, r.ours.Evals[i+1].Nodes != 0, rf.Moves[i].Mark, mr.Words, verdict)
		}
	}
	all := reasonTally{}
	for _, rs := range []review.Reason{review.MateAllowed, review.MateMissed, review.Hanging, review.MaterialLost, review.MaterialMissed} {
		if t := counts[rs]; t != nil {
			fmt.Printf("reasons %-15s %d of %d borne out by the analyst's best line at %d nodes, %d more on our line\n",
				rs.String()+":", t.confirmed, t.said, nodes, t.ourLine)
			all.said += t.said
			all.confirmed += t.confirmed
			all.ourLine += t.ourLine
		}
	}
	fmt.Printf("reasons: %d of %d borne out by its best lines, %d more on ours\n", all.confirmed, all.said, all.ourLine)
	return nil
}

// confirm checks the reason of mr, the move from before to after, with the analyst's lines
// (each made up to lineWindow plies by extend); note says what the analyst saw when it does not
// bear the reason out, and starts with near when only the line we name does.
func (e *analystEngine) confirm(before, after engine.Game, mr review.MoveReview, nodes int64) (bool, string, error) {
	if err := e.e.NewGame(); err != nil { // an empty hash table: each check is the same on every run
		return false, "", err
	}
	me, v := mr.Side, before.Variant()
	say := func(score string, line []string) string { return score + " " + strings.Join(line, " ") }
	switch mr.Reason {
	case review.MateAllowed:
		score, line, err := e.search(after, nodes, "")
		return mateFor(score, +1), say(score, line), err
	case review.MateMissed:
		score, line, err := e.search(before, nodes, "")
		return mateFor(score, +1), say(score, line), err
	case review.Hanging, review.MaterialLost:
		name := lostRE.FindStringSubmatch(mr.Words)
		if name == nil || len(mr.Refutation) == 0 {
			return false, "no piece or reply named", nil
		}
		score, line, err := e.fullLine(after, nodes, "")
		if err != nil {
			return false, "", err
		}
		if mateFor(score, +1) {
			return false, "a mate: " + say(score, line), nil
		}
		// The move and the analyst's reply line, counted for the mover.
		pl := playLine(before, append([]string{before.UCI(mr.Move)}, line...), me)
		if named(v, pl.took[me.Other()], name[1]) && pl.net <= -80 {
			return true, "", nil
		}
		// Not its best line: is ours a line it plays nearly as well (within 50 centipawns of
		// its best), winning the piece?
		reply := after.UCI(mr.Refutation[0])
		rscore, rline, err := e.fullLine(after, nodes, reply)
		if err != nil {
			return false, "", err
		}
		bs, err1 := scoreOf(score)
		rs, err2 := scoreOf(rscore)
		rpl := playLine(before, append([]string{before.UCI(mr.Move)}, rline...), me)
		note := fmt.Sprintf("best net %+d: %s; ours net %+d: %s", pl.net, say(score, line), rpl.net, say(rscore, rline))
		if err1 == nil && err2 == nil && rs >= bs-50 && named(v, rpl.took[me.Other()], name[1]) && rpl.net <= -80 {
			return false, near + note, nil
		}
		return false, note, nil
	case review.MaterialMissed:
		name := missedRE.FindStringSubmatch(mr.Words)
		if name == nil || len(mr.BestLine) == 0 {
			return false, "no piece or move named", nil
		}
		score, line, err := e.fullLine(before, nodes, before.UCI(mr.BestLine[0]))
		if err != nil {
			return false, "", err
		}
		best, err := scoreOf(score)
		if err != nil {
			return false, "", err
		}
		pscore, _, err := e.search(before, nodes, before.UCI(mr.Move))
		if err != nil {
			return false, "", err
		}
		played, err := scoreOf(pscore)
		if err != nil {
			return false, "", err
		}
		pl := playLine(before, line, me)
		took := named(v, pl.took[me], name[1])
		better := best >= played+50 // the analyst: the better move is half a pawn better than the move played
		return took && better, fmt.Sprintf("takes it %v, better by %d: %s", took, best-played, say(score, line)), nil
	}
	return false, "not checked", nil
}
