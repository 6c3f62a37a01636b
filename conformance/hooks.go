package conformance

import (
	"fmt"
	"slices"

	"github.com/cotuong-ai/cotuong/gamesearch"
)

// SEECase is a static exchange worked out by hand (from the game's movement rules and the
// piece values the game's SEE uses): the exchange started by Move in Text is worth exactly
// Value centipawns to the side to move, so SEE(Move, Value) holds and SEE(Move, Value+1) does
// not.
type SEECase struct {
	Name  string // a label for failures, e.g. "en passant"
	Text  string // the position
	Move  string // a legal move of the position, as FormatMove writes it
	Value int    // the exchange's value, centipawns from the side to move's view
}

// NullMoveCase is a position and the text of the position after the side to move passes
// (gamesearch.NullMover): the other side to move, and whatever else the game's rules change
// (chess: no en passant square, the clocks advanced).
type NullMoveCase struct {
	Text string // the position
	Want string // the position after the pass, as Format writes it
}

// MaterialCase labels a position with what gamesearch.NullMover's HasNonPawnMaterial must
// report for it.
type MaterialCase struct {
	Text string // the position
	Has  bool   // whether the side to move has material other than its king and pawns
}

// checkSEE checks every SEECase: the move is legal, *P is a gamesearch.ExchangeEvaluator,
// SEE(m, Value) holds and SEE(m, Value+1) does not.
func (s *suite[P, PP, M]) checkSEE() {
	for _, c := range s.g.SEE {
		what := fmt.Sprintf("SEE case %q (%s, %s)", c.Text, c.Name, c.Move)
		p, ok := s.parse("SEE position", c.Text)
		if !ok {
			continue
		}
		s.where = what
		see, ok := any(PP(&p)).(gamesearch.ExchangeEvaluator[M])
		if !ok {
			s.failf("%s: the position type does not implement gamesearch.ExchangeEvaluator", what)
			return
		}
		m, ok := s.legalMove(&p, c.Move)
		if !ok {
			s.failf("%s: %s is not a legal move (legal: %s)", what, c.Move, s.movesString(PP(&p).LegalMoves(nil)))
			continue
		}
		s.setMove(m)
		if !see.SEE(m, c.Value) {
			s.failf("%s: SEE(%s, %d) is false, want the exchange to be worth %d", what, c.Move, c.Value, c.Value)
		}
		if see.SEE(m, c.Value+1) {
			s.failf("%s: SEE(%s, %d) is true, want the exchange to be worth %d", what, c.Move, c.Value+1, c.Value)
		}
		s.clearMove()
	}
}

// legalMove returns the legal move of p that FormatMove writes as text.
func (s *suite[P, PP, M]) legalMove(p *P, text string) (M, bool) {
	legal := PP(p).LegalMoves(nil)
	i := slices.IndexFunc(legal, func(m M) bool { return s.g.FormatMove(m) == text })
	if i < 0 {
		var none M
		return none, false
	}
	return legal[i], true
}

// checkNullMoves checks every NullMoveCase (the child has the text Want, the hash and the
// evaluation of Want parsed from scratch, and the receiver is unchanged) and every
// MaterialCase.
func (s *suite[P, PP, M]) checkNullMoves() {
	for _, c := range s.g.NullMoves {
		what := fmt.Sprintf("null move from %q", c.Text)
		p, ok := s.parse("null-move position", c.Text)
		if !ok {
			continue
		}
		want, ok := s.parse("position after a null move", c.Want)
		if !ok {
			continue
		}
		s.where = what
		nm, ok := any(PP(&p)).(gamesearch.NullMover[P])
		if !ok {
			s.failf("%s: the position type does not implement gamesearch.NullMover", what)
			return
		}
		var child P
		nm.NullMove(&child)
		if got := s.g.Format(&child); got != c.Want {
			s.failf("%s: the child is %q, want %q", what, got, c.Want)
		}
		if h, w := PP(&child).Hash(), PP(&want).Hash(); h != w {
			s.failf("%s: the child's hash is %#x, a fresh parse of %q has %#x", what, h, c.Want, w)
		}
		if e, w := PP(&child).Evaluate(), PP(&want).Evaluate(); e != w {
			s.failf("%s: the child evaluates to %d, a fresh parse of %q to %d", what, e, c.Want, w)
		}
		if got := s.g.Format(&p); got != c.Text {
			s.failf("%s: the receiver changed to %q", what, got)
		}
	}
	for _, c := range s.g.NonPawnMaterial {
		p, ok := s.parse("material position", c.Text)
		if !ok {
			continue
		}
		s.where = fmt.Sprintf("material position %q", c.Text)
		nm, ok := any(PP(&p)).(gamesearch.NullMover[P])
		if !ok {
			s.failf("%s: the position type does not implement gamesearch.NullMover", s.where)
			return
		}
		if got := nm.HasNonPawnMaterial(); got != c.Has {
			s.failf("%s: HasNonPawnMaterial is %v, want %v", s.where, got, c.Has)
		}
	}
}

// checkSearchGame searches every MateIn case with the game's own searcher (Game.Searcher,
// with a 1 MiB table) to depth 2N+1: it must return the mate with score Mate-(2N-1), and its
// principal variation must end, after 2N-1 plies, in a position the defender loses, in check
// when the case is a checkmate.
func (s *suite[P, PP, M]) checkSearchGame() {
	if s.g.NoSearch || s.g.Searcher == nil {
		return
	}
	for _, c := range s.g.MateIn {
		if c.Moves < 1 {
			continue
		}
		p, ok := s.parse(fmt.Sprintf("mate-in-%d position", c.Moves), c.Text)
		if !ok {
			continue
		}
		plies := 2*c.Moves - 1
		what := fmt.Sprintf("mate-in-%d position %q (the game's searcher, depth %d)", c.Moves, c.Text, plies+2)
		s.where = "search of " + what
		res := s.searchWith(s.g.Searcher(gamesearch.Options[M]{HashMiB: 1}), p, gamesearch.Limits{Depth: plies + 2})
		if !s.checkResult(p, what, res) {
			continue
		}
		if want := gamesearch.Mate - plies; res.Score != want {
			s.failf("%s: Search played %s with score %d (PV %s), want %d (mate in %d)",
				what, s.g.FormatMove(res.Move), res.Score, s.movesString(res.PV), want, c.Moves)
		}
		if len(res.PV) < plies {
			s.failf("%s: the PV %s of a mate in %d is shorter than %d plies", what, s.movesString(res.PV), c.Moves, plies)
			continue
		}
		q := p
		for _, m := range res.PV[:plies] {
			var next P
			PP(&q).After(m, &next)
			q = next
		}
		n, check := len(PP(&q).LegalMoves(nil)), PP(&q).InCheck()
		if n != 0 || !(check || PP(&q).LossOnStalemate()) || c.Check && !check {
			s.failf("%s: PV %s ends in %q, in check %v, %d legal moves: want a lost position (in check: %v)",
				what, s.movesString(res.PV[:plies]), s.g.Format(&q), check, n, c.Check)
		}
	}
}

// pieceKeyPlies is how many plies from the start position the "piecekeys" check walks.
const pieceKeyPlies = 40

// checkPieceKeys walks pieceKeyPlies plies from the start position (the move at index 7*ply
// modulo the number of legal moves each time) and checks, when Game.MovedTo is set, that
// every legal move's gamesearch.PieceToKeyer key is in [0, PieceToKeys) and that two moves
// share a key only when MovedTo names the same piece and destination for both.
func (s *suite[P, PP, M]) checkPieceKeys() {
	if s.g.MovedTo == nil {
		return
	}
	p, ok := s.parse("start position", s.g.Start)
	if !ok {
		return
	}
	for ply := 0; ply < pieceKeyPlies; ply++ {
		moves := PP(&p).LegalMoves(nil)
		if len(moves) == 0 {
			break
		}
		what := fmt.Sprintf("position %q (ply %d of the walk from the start)", s.g.Format(&p), ply)
		s.where = what
		pk, ok := any(PP(&p)).(gamesearch.PieceToKeyer[M])
		if !ok {
			s.failf("%s: the position type does not implement gamesearch.PieceToKeyer", what)
			return
		}
		seen := map[int]M{}
		for _, m := range moves {
			s.setMove(m)
			k := pk.PieceTo(m)
			if k < 0 || k >= gamesearch.PieceToKeys {
				s.failf("%s: PieceTo(%s) = %d, outside [0, %d)", what, s.g.FormatMove(m), k, gamesearch.PieceToKeys)
				continue
			}
			if o, ok := seen[k]; ok {
				if a, b := s.g.MovedTo(&p, o), s.g.MovedTo(&p, m); a != b {
					s.failf("%s: %s (%s) and %s (%s) share the key %d", what, s.g.FormatMove(o), a, s.g.FormatMove(m), b, k)
				}
			}
			seen[k] = m
		}
		s.clearMove()
		var next P
		PP(&p).After(moves[(ply*7)%len(moves)], &next)
		p = next
	}
}
