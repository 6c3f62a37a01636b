package review

import (
	"context"

	"github.com/cotuong-ai/cotuong/engine"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
)

// checkPlies is how many plies of a line, from the position before the move judged, are
// searched for the capture a material reason names when its second opinion is read.
const checkPlies = 8

// checkSearcher returns the searcher of the second opinions of analysis a, and its node
// budget a search: as long as a verification search (VerifyFactor × a.Nodes), for xiangqi
// with the other evaluation: for an analysis by a network the classical evaluation at
// VerifyFactor × a.Nodes × DefaultNodes/NetworkNodes, for a classical one the network
// shipped with games/xiangqi at VerifyFactor × a.Nodes × NetworkNodes/DefaultNodes (360,000
// nodes for the default 150,000: each about the time of a verification search); for chess,
// which has one evaluation, a search of VerifyFactor × a.Nodes. The error is DefaultNNUE's.
func checkSearcher(a *Analysis) (engine.Searcher, int64, error) {
	so := engine.SearcherOptions{HashMiB: HashMiB, Threads: 1, ThirdOccurrence: true}
	switch {
	case a.Variant != engine.Xiangqi:
		return engine.NewSearcher(a.Variant, so), VerifyFactor * a.Nodes, nil
	case a.Network:
		return engine.NewSearcher(a.Variant, so), VerifyFactor * a.Nodes * DefaultNodes / NetworkNodes, nil
	}
	n, err := xiangqi.DefaultNNUE()
	if err != nil {
		return nil, 0, err
	}
	so.XiangqiNNUE = n
	return engine.NewSearcher(a.Variant, so), VerifyFactor * a.Nodes * NetworkNodes / DefaultNodes, nil
}

// CheckReasons gives a second opinion on the lines that the material reasons of a's
// judgement (by Judge, with a.K) rest on, and sets a.Checked: the position after each move
// explained by a piece hanging or lost gets Eval.Check, the line a second search finds from
// it (its own reply: the words name the capture only when it is ours too), and the position
// before each move explained by material missed gets the position's best move followed by
// the line a second search finds after it. That search uses the other evaluation for xiangqi
// (the classical one for an analysis by the network, the network for a classical one) and
// for chess the same evaluation at VerifyFactor × a.Nodes (checkSearcher), so both stay
// device-independent. Only o.Progress is read from o. Positions that have a Check keep it. Judge then says a material
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
	rv, err := judgeAll(g, a, Standard, a.K(), false) // every reason its own lines give
	if err != nil {
		return err
	}
	type job struct {
		j   int  // the position
		own bool // the second search's own line from it (a loss), else after our best move
	}
	var want []job // the positions to check, in order (j never decreases)
	for i, mr := range rv.Moves {
		j, own := -1, false
		switch mr.Reason {
		case Hanging, MaterialLost:
			j, own = i+1, true
		case MaterialMissed:
			j = i
		}
		if j < 0 || j >= len(a.Evals) || a.Evals[j].Check != nil || a.Evals[j].Over || len(a.Evals[j].PV) == 0 {
			continue
		}
		if n := len(want); n > 0 && want[n-1].j == j {
			want[n-1].own = want[n-1].own || own
			continue
		}
		want = append(want, job{j, own})
	}
	if len(want) > 0 {
		s, nodes, err := checkSearcher(a)
		if err != nil {
			return err
		}
		cur, moves, err := replay(g)
		if err != nil {
			return err
		}
		at := 0 // cur is the game at position at
		for n, w := range want {
			for ; at < w.j; at++ {
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
			var line []engine.Move
			c := cur.Clone()
			if !w.own {
				best := a.Evals[w.j].PV[0]
				if err := c.Continue(best); err != nil {
					return err
				}
				line = []engine.Move{best}
			}
			if e := evaluate(ctx, s, c, nodes); !e.Over {
				line = append(line, e.PV...)
			}
			if err := ctx.Err(); err != nil {
				return err // a search cut short is not kept
			}
			if len(line) == 0 {
				line = a.Evals[w.j].PV[:1]
			}
			a.Evals[w.j].Check = line
		}
	}
	a.Checked = true
	return nil
}

// checkTakes reports whether the line (the move judged, then check, played from cur) takes
// the piece with FEN letter l within checkPlies plies and, counted to the end of that
// exchange (checkPlies plies, and on while the captures go on: a quiet position), loses its
// owner at least 80 centipawns of material and no less than three quarters of amount (at
// most materialSlack less): the words name the net of the exchange, not its first capture,
// nor captures of the line's later, unrelated play.
func checkTakes(cur engine.Game, line []engine.Move, l byte, amount int) bool {
	plies, _ := walk(cur, line, Standard)
	owner := sideOf(l)
	x := countWindow(plies, owner.Other(), checkPlies)
	return x.taken(owner)[l] > 0 && x.net >= max(80, amount-max(materialSlack, amount/4)) // x.net: what the owner's opponent won
}
