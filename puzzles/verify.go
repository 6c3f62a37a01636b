package puzzles

import (
	"context"
	"fmt"

	"github.com/cotuong-ai/cotuong/engine"
	"github.com/cotuong-ai/cotuong/gamesearch"
)

// The verification rules, in centipawns and moves. They are the definition of a puzzle in
// this package; the package documentation states them in words.
const (
	// MaxMate is the longest mate kept, in the solver's moves.
	MaxMate = 5
	// Margin is how much better, in centipawns, the solver's move of a material puzzle must
	// score than the second-best move of the same position (at every solver move).
	Margin = 200
	// WinningScore is the least score, in centipawns for the solver, that counts as winning:
	// a material puzzle's first move must score at least this.
	WinningScore = 200
	// NotWinning is the most the second-best first move of a material puzzle may score, in
	// centipawns for the solver: the second move must not also win.
	NotWinning = 100
	// DefenceLoss is the least loss, in centipawns for the solver, of the second-best move of
	// a defensive puzzle: every other move must lose at least this much.
	DefenceLoss = 150
	// MaxMaterialMoves is the most solver moves a material puzzle's line holds.
	MaxMaterialMoves = 3
	// followPlies is how many plies of the engine's line past the verified line are played
	// to see which piece a material puzzle wins.
	followPlies = 6
)

// Verifier checks positions as puzzles with a full-strength search of a fixed node budget.
// Each search starts from a cleared table, so a verdict depends only on the position, its
// history and the budget: the same call gives the same answer on any machine. A Verifier is
// not safe for concurrent use.
type Verifier struct {
	variant engine.Variant
	nodes   int64
	s       engine.Searcher
}

// NewVerifier returns a verifier of variant v searching nodes nodes (main search and
// quiescence) per search; nodes < 1000 is raised to 1000. It uses one thread and a table of
// one MiB per 15,000 nodes of the budget, from 1 to 16 MiB (the table is cleared before each
// search, and clearing a larger one than the search fills costs more than the search).
func NewVerifier(v engine.Variant, nodes int64) *Verifier {
	nodes = max(nodes, 1000)
	hash := int(min(max(nodes/15_000, 1), 16))
	return &Verifier{variant: v, nodes: nodes, s: engine.NewSearcher(v, engine.SearcherOptions{HashMiB: hash, Threads: 1})}
}

// Nodes returns the verifier's node budget per search.
func (v *Verifier) Nodes() int64 { return v.nodes }

// search runs one search of g's current position with multi root lines and the budget.
func (v *Verifier) search(g engine.Game, multi int, onIter func(engine.SearchResult)) engine.SearchResult {
	v.s.Clear()
	lim := gamesearch.Limits{Nodes: v.nodes}
	if multi > 1 {
		lim.MultiPV = multi
	}
	return v.s.Search(context.Background(), g, lim, nil, onIter)
}

// Rejection is the error Verify returns for a position that is not a puzzle: Reason says
// which rule failed, in words.
type Rejection struct {
	Reason string
}

// Error returns "not a puzzle: " and the reason.
func (r *Rejection) Error() string { return "not a puzzle: " + r.Reason }

func reject(format string, args ...any) error {
	return &Rejection{Reason: fmt.Sprintf(format, args...)}
}

// mateIn returns the solver's moves to mate for a score from the mover's view, 0 if none.
func mateIn(score int) int {
	if n := gamesearch.MateIn(score); n > 0 {
		return n
	}
	return 0
}

// top2 searches g with two root lines and returns the best and the second (ok false when the
// position has a single legal move).
func (v *Verifier) top2(g engine.Game) (best, second engine.Line, ok bool) {
	r := v.search(g, 2, nil)
	if len(r.Lines) == 0 {
		return engine.Line{}, engine.Line{}, false
	}
	if len(r.Lines) < 2 {
		return r.Lines[0], engine.Line{}, false
	}
	return r.Lines[0], r.Lines[1], true
}

// Verify decides whether the current position of g (the solver to move) is a puzzle by the
// package's rules and returns it with its verified solution, theme and difficulty; the
// position's history in g (for repetition) is taken into account. The puzzle's Seed is left
// empty. A position that is not a puzzle gives a *Rejection naming the failed rule. g is not
// changed.
func (v *Verifier) Verify(g engine.Game) (Puzzle, error) {
	if g.Variant() != v.variant {
		return Puzzle{}, fmt.Errorf("puzzles: verifier of %s given a %s game", v.variant, g.Variant())
	}
	if g.Result().Over {
		return Puzzle{}, reject("the game is over")
	}
	if len(g.Legal()) < 2 {
		return Puzzle{}, reject("the solver has fewer than two legal moves")
	}
	best, second, two := v.top2(g)
	if k := mateIn(best.Score); k > 0 {
		return v.verifyMate(g, best, k)
	}
	if best.Score < WinningScore {
		return v.verifyDefence(g, best, second, two)
	}
	return v.verifyMaterial(g, best, second)
}

// play plays m in w and appends it to line (in UCI); a move the game refuses is a
// rejection.
func play(w engine.Game, line *[]string, m engine.Move) error {
	u := w.UCI(m)
	if err := w.Push(m); err != nil {
		return reject("line move %s cannot be played: %v", u, err)
	}
	*line = append(*line, u)
	return nil
}

// verifyMate checks a mate found in k moves: the defender's best replies, the solver's best
// moves, and checkmate (or, in xiangqi, no legal move) after exactly k solver moves. Other
// moves that mate as fast are allowed (second is not consulted): Attempt.Play accepts any
// move that keeps a forced mate no slower, as lichess accepts every mating move.
func (v *Verifier) verifyMate(g engine.Game, best engine.Line, k int) (Puzzle, error) {
	if k > MaxMate {
		return Puzzle{}, reject("mate in %d is longer than %d", k, MaxMate)
	}
	w := g.Clone()
	solver := w.SideToMove()
	var line []string
	move := best.Move
	for n := 1; ; n++ {
		if err := play(w, &line, move); err != nil {
			return Puzzle{}, err
		}
		if res := w.Result(); res.Over {
			if res.Draw || res.Winner != solver || len(w.Legal()) != 0 {
				return Puzzle{}, reject("the line ends in %s, not a mate", res.Text)
			}
			if n != k {
				return Puzzle{}, reject("the line mates in %d, not in %d", n, k)
			}
			break
		}
		if n >= k {
			return Puzzle{}, reject("no mate after %d moves of the line", n)
		}
		reply := v.search(w, 1, nil)
		if !reply.HasMove {
			return Puzzle{}, reject("the defender has no move but the game is not over")
		}
		if err := play(w, &line, reply.Move); err != nil {
			return Puzzle{}, err
		}
		if w.Result().Over {
			return Puzzle{}, reject("the game ends after the defender's reply %s", line[len(line)-1])
		}
		left := k - n
		b := v.search(w, 1, nil)
		if mateIn(b.Score) != left {
			return Puzzle{}, reject("after %s the mate is in %d, not %d", line[len(line)-1], mateIn(b.Score), left)
		}
		move = b.Move
	}
	p := Puzzle{Variant: v.variant, FEN: g.FEN(), Solution: line, Theme: MateIn(k)}
	p.Difficulty = v.difficulty(g, best.Move, func(s int) bool { return mateIn(s) > 0 })
	return p, nil
}

// verifyDefence checks a defensive move: the opponent threatens to win (with the turn passed,
// engine.Pass, the opponent scores at least WinningScore+Margin/2), the best move holds (it
// scores at least −NotWinning) and every other move loses (the second-best scores at most
// −DefenceLoss and at least Margin less than the best). The solution is the one move.
func (v *Verifier) verifyDefence(g engine.Game, best, second engine.Line, two bool) (Puzzle, error) {
	if !two {
		return Puzzle{}, reject("the solver has one legal move")
	}
	if best.Score < -NotWinning || gamesearch.IsMate(best.Score) {
		return Puzzle{}, reject("the best move scores %d cp: it does not hold", best.Score)
	}
	if second.Score > -DefenceLoss || best.Score-second.Score < Margin {
		return Puzzle{}, reject("the second move %s scores %d cp: it holds too", g.UCI(second.Move), second.Score)
	}
	passed, err := engine.Pass(g)
	if err != nil {
		return Puzzle{}, reject("no threat: %v", err)
	}
	if t := v.search(passed, 1, nil); t.Score < WinningScore+Margin/2 {
		return Puzzle{}, reject("the opponent threatens only %d cp", t.Score)
	}
	p := Puzzle{Variant: v.variant, FEN: g.FEN(), Solution: []string{g.UCI(best.Move)}, Theme: Defence}
	p.Difficulty = v.difficulty(g, best.Move, func(s int) bool { return s >= -NotWinning })
	return p, nil
}

// verifyMaterial checks a material tactic: the first move wins by Margin over every other
// move, which does not win; the line follows the defender's best replies and stops before a
// solver move that is not unique by Margin, after MaxMaterialMoves solver moves, or at the end
// of the game.
func (v *Verifier) verifyMaterial(g engine.Game, best, second engine.Line) (Puzzle, error) {
	if gamesearch.IsMate(best.Score) {
		return Puzzle{}, reject("the solver is mated (score %d)", best.Score)
	}
	if best.Score < WinningScore {
		return Puzzle{}, reject("the best move scores %d cp, less than %d", best.Score, WinningScore)
	}
	if second.Score > NotWinning {
		return Puzzle{}, reject("the second move %s scores %d cp: it wins too", g.UCI(second.Move), second.Score)
	}
	if best.Score-second.Score < Margin {
		return Puzzle{}, reject("the best move is only %d cp better than the second", best.Score-second.Score)
	}
	w := g.Clone()
	var line []string
	move := best.Move
	for n := 1; ; n++ {
		if err := play(w, &line, move); err != nil {
			return Puzzle{}, err
		}
		if n >= MaxMaterialMoves || w.Result().Over {
			break
		}
		reply := v.search(w, 1, nil)
		if !reply.HasMove {
			break
		}
		after := w.Clone()
		if after.Push(reply.Move) != nil || after.Result().Over {
			break
		}
		b, s, two := v.top2(after)
		if gamesearch.IsMate(b.Score) || !two || b.Score-s.Score < Margin {
			break // the next solver move is not unique (or a mate appears): stop here
		}
		line = append(line, w.UCI(reply.Move))
		w = after
		move = b.Move
	}
	won, ok := v.pieceWon(g, w)
	if !ok {
		return Puzzle{}, reject("the line and its continuation win no piece")
	}
	p := Puzzle{Variant: v.variant, FEN: g.FEN(), Solution: line, Theme: Material, Won: won}
	p.Difficulty = v.difficulty(g, best.Move, func(s int) bool { return s >= WinningScore })
	return p, nil
}

// pieceWon plays the engine's line from the end of the verified line for followPlies plies
// and names the most valuable kind of piece the solver (the side to move in start) gained on
// balance.
func (v *Verifier) pieceWon(start, end engine.Game) (string, bool) {
	w := end.Clone()
	r := v.search(w, 1, nil)
	for i, m := range r.PV {
		if i >= followPlies || w.Push(m) != nil || w.Result().Over {
			break
		}
	}
	solver := start.SideToMove()
	before, after := census(start), census(w)
	bestName, bestValue := "", 0
	for _, pv := range pieceValues(v.variant) {
		opp := before[solver.Other()][pv.letter] - after[solver.Other()][pv.letter]
		own := before[solver][pv.letter] - after[solver][pv.letter]
		if opp-own > 0 && pv.value > bestValue {
			bestName, bestValue = pv.name, pv.value
		}
	}
	return bestName, bestName != ""
}

// difficulty is the depth, in plies, of the first iteration of a single-line search of g
// from which on every iteration's best move is the solution's first move and its score shows
// the point (sees: a mate for a mate puzzle, at least WinningScore for a material one, a
// score that holds for a defence). When the search never settles so, it is one more than
// the deepest iteration.
func (v *Verifier) difficulty(g engine.Game, first engine.Move, sees func(score int) bool) int {
	stable := 0
	r := v.search(g.Clone(), 1, func(it engine.SearchResult) {
		if it.Move == first && sees(it.Score) {
			if stable == 0 {
				stable = it.Depth
			}
		} else {
			stable = 0
		}
	})
	if r.Move != first || stable == 0 {
		return max(r.Depth+1, 1)
	}
	return stable
}

// pieceValue is a kind of piece of a game: its FEN letter (upper case), name and value.
type pieceValue struct {
	letter byte
	name   string
	value  int
}

// pieceValues lists the capturable pieces of v with rough values for naming the piece won.
func pieceValues(v engine.Variant) []pieceValue {
	if v == engine.Xiangqi {
		return []pieceValue{{'R', "chariot", 900}, {'C', "cannon", 450}, {'N', "horse", 400},
			{'B', "elephant", 200}, {'A', "advisor", 200}, {'P', "soldier", 100}}
	}
	return []pieceValue{{'Q', "queen", 900}, {'R', "rook", 500}, {'B', "bishop", 330},
		{'N', "knight", 320}, {'P', "pawn", 100}}
}

// census counts the pieces of each side by upper-case FEN letter.
func census(g engine.Game) [2]map[byte]int {
	out := [2]map[byte]int{{}, {}}
	for f := 0; f < g.Files(); f++ {
		for r := 0; r < g.Ranks(); r++ {
			sq := g.At(f, r)
			if sq.Empty {
				continue
			}
			l := sq.Letter
			if l >= 'a' && l <= 'z' {
				l -= 'a' - 'A'
			}
			out[sq.Side&1][l]++
		}
	}
	return out
}
