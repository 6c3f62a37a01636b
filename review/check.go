package review

import (
	"context"

	"github.com/cotuong-ai/cotuong/engine"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
)

// checkPlies is how many plies of a line, from the position before the move judged, are
// searched for the capture a material reason names when its second opinion is read.
const checkPlies = 8

// checkSearcher returns the searcher of the second opinions of an analysis of variant v with
// options o, and its node budget a search: for xiangqi the other evaluation (the network
// shipped with games/xiangqi when o.Network is nil, the classical one when it is set) at the
// analysis's budget; for chess, which has one evaluation, a search of VerifyFactor × that
// budget. The error is DefaultNNUE's.
func checkSearcher(v engine.Variant, o Options, nodes int64) (engine.Searcher, int64, error) {
	so := engine.SearcherOptions{HashMiB: HashMiB, Threads: 1, ThirdOccurrence: true}
	if v != engine.Xiangqi {
		return engine.NewSearcher(v, so), VerifyFactor * nodes, nil
	}
	if o.Network == nil {
		n, err := xiangqi.DefaultNNUE()
		if err != nil {
			return nil, 0, err
		}
		so.XiangqiNNUE = n
	}
	return engine.NewSearcher(v, so), nodes, nil
}

// CheckReasons gives a second opinion on the lines that the material reasons of a's
// judgement (by Judge, with K of its variant) rest on, and sets a.Checked: the position after
// each move explained by a piece hanging or lost, and the position before each move
// explained by material missed, get Eval.Check, the position's best move followed by the
// line a second search finds after it. That search uses another evaluation for xiangqi (the
// network shipped with games/xiangqi, or the classical one when o.Network is set) at
// a.Nodes a search, and for chess the same evaluation at VerifyFactor × a.Nodes, so both
// stay device-independent. Positions that have a Check keep it. Judge then says a material
// reason only when the second line, with the move's, takes the same piece within
// checkPlies plies and loses its owner material (checkTakes): two searches that differ
// agreeing on a capture are right more often than one (see the package doc,
// "Explanations").
//
// o.Progress, when set, is called before each search with i and n counted from 1. It
// returns ErrNoGame or ErrNoAnalysis for nil arguments, Judge's errors, and ctx's error
// when ctx is cancelled (a.Checked stays false; the checks made are kept).
func CheckReasons(ctx context.Context, g engine.Game, a *Analysis, o Options) error {
	if g == nil {
		return ErrNoGame
	}
	if a == nil {
		return ErrNoAnalysis
	}
	return checkReasons(ctx, g, a, o, 0)
}

// checkReasons is CheckReasons with progress counted on from done searches (Analyze's).
func checkReasons(ctx context.Context, g engine.Game, a *Analysis, o Options, done int) error {
	rv, err := judgeAll(g, a, Standard, K(a.Variant), false) // every reason its own lines give
	if err != nil {
		return err
	}
	var want []int // the positions to check, in order (j never decreases)
	for i, mr := range rv.Moves {
		j := -1
		switch mr.Reason {
		case Hanging, MaterialLost:
			j = i + 1
		case MaterialMissed:
			j = i
		}
		dup := len(want) > 0 && want[len(want)-1] == j
		if j >= 0 && j < len(a.Evals) && !dup && a.Evals[j].Check == nil && !a.Evals[j].Over && len(a.Evals[j].PV) > 0 {
			want = append(want, j)
		}
	}
	if len(want) > 0 {
		s, nodes, err := checkSearcher(a.Variant, o, a.Nodes)
		if err != nil {
			return err
		}
		cur, moves, err := replay(g)
		if err != nil {
			return err
		}
		at := 0 // cur is the game at position at
		for n, j := range want {
			for ; at < j; at++ {
				if err := cur.Continue(moves[at]); err != nil {
					return err
				}
			}
			if err := ctx.Err(); err != nil {
				return err
			}
			if o.Progress != nil {
				o.Progress(done+n+1, done+len(want))
			}
			best := a.Evals[j].PV[0]
			c := cur.Clone()
			if err := c.Continue(best); err != nil {
				return err
			}
			line := []engine.Move{best}
			if e := evaluate(ctx, s, c, nodes); !e.Over {
				line = append(line, e.PV...)
			}
			if err := ctx.Err(); err != nil {
				return err // a search cut short is not kept
			}
			a.Evals[j].Check = line
		}
	}
	a.Checked = true
	return nil
}

// checkTakes reports whether the line (the move judged, then check, played from cur) takes
// the piece with FEN letter l within checkPlies plies and, counted to the end of the capture
// sequence then under way, loses (for the piece's owner) at least 80 centipawns of material.
func checkTakes(cur engine.Game, line []engine.Move, l byte) bool {
	plies, _ := walk(cur, line, Standard)
	owner := sideOf(l)
	x := countWindow(plies, owner.Other(), checkPlies) // net: what the owner's opponent won
	return x.taken(owner)[l] > 0 && x.net >= 80
}
