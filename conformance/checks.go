package conformance

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/exp/constraints"

	"github.com/cotuong-ai/cotuong/gamesearch"
)

// check is one named group of the suite.
type check[P any, PP gamesearch.PositionPtr[P, M], M constraints.Integer] struct {
	name string
	fn   func(*suite[P, PP, M])
}

// checks lists the suite's groups in the order they run.
func checks[P any, PP gamesearch.PositionPtr[P, M], M constraints.Integer]() []check[P, PP, M] {
	return []check[P, PP, M]{
		{"labels", (*suite[P, PP, M]).checkLabels},
		{"moves", (*suite[P, PP, M]).checkLabelledMoves},
		{"playouts", (*suite[P, PP, M]).checkPlayouts},
		{"perft", (*suite[P, PP, M]).checkPerft},
		{"see", (*suite[P, PP, M]).checkSEE},
		{"nullmove", (*suite[P, PP, M]).checkNullMoves},
		{"piecekeys", (*suite[P, PP, M]).checkPieceKeys},
		{"search/terminal", (*suite[P, PP, M]).checkSearchTerminal},
		{"search/legal", (*suite[P, PP, M]).checkSearchLegal},
		{"search/mate", (*suite[P, PP, M]).checkSearchMate},
		{"search/single", (*suite[P, PP, M]).checkSearchSingle},
		{"search/cancel", (*suite[P, PP, M]).checkSearchCancel},
		{"search/limits", (*suite[P, PP, M]).checkSearchLimits},
		{"search/concurrent", (*suite[P, PP, M]).checkSearchConcurrent},
		{"search/game", (*suite[P, PP, M]).checkSearchGame},
	}
}

// roundTrip checks that text parses, that formatting and parsing again gives an equal position
// with an equal hash, and that the second format gives the same text. It returns the position.
func (s *suite[P, PP, M]) roundTrip(what, text string) (P, bool) {
	p, ok := s.parse(what, text)
	if !ok {
		return p, false
	}
	s.where = fmt.Sprintf("%s %q (Format)", what, text)
	t1 := s.g.Format(&p)
	q, err := s.g.Parse(t1)
	if err != nil {
		s.failf("%s %q: Format wrote %q, which Parse rejects: %v", what, text, t1, err)
		return p, false
	}
	if !s.equal(&p, &q) {
		s.failf("%s %q: parse → format %q → parse gives a different position", what, text, t1)
	}
	if h1, h2 := PP(&p).Hash(), PP(&q).Hash(); h1 != h2 {
		s.failf("%s %q: parse → format %q → parse changes the hash: %#x, then %#x", what, text, t1, h1, h2)
	}
	if t2 := s.g.Format(&q); t2 != t1 {
		s.failf("%s %q: format is not stable: %q, then %q", what, text, t1, t2)
	}
	return p, true
}

// reachedRoundTrip checks a position reached by moves against a fresh parse of its text. how
// describes the moves; it is called only for a failure.
func (s *suite[P, PP, M]) reachedRoundTrip(p *P, how func() string) {
	text := s.g.Format(p)
	q, err := s.g.Parse(text)
	if err != nil {
		s.failf("position reached by %s: Format wrote %q, which Parse rejects: %v", how(), text, err)
		return
	}
	if !s.equal(p, &q) {
		s.failf("position %q reached by %s differs from a fresh parse of its text", text, how())
	}
	if h1, h2 := PP(p).Hash(), PP(&q).Hash(); h1 != h2 {
		s.failf("position %q reached by %s has hash %#x, a fresh parse of its text %#x", text, how(), h1, h2)
	}
	if t2 := s.g.Format(&q); t2 != text {
		s.failf("position reached by %s: format is not stable: %q, then %q", how(), text, t2)
	}
}

// identity is the text that tells positions apart: Format's text without trailing fields
// that are whole numbers (the move counters of a FEN), which do not change what the
// position is.
func identity(text string) string {
	f := strings.Fields(text)
	for len(f) > 1 {
		if _, err := strconv.ParseUint(f[len(f)-1], 10, 64); err != nil {
			break
		}
		f = f[:len(f)-1]
	}
	return strings.Join(f, " ")
}

// maxCollisionReports caps the distinct-key failures reported by one check.
const maxCollisionReports = 5

// distinctKey records p's hash and fails when a different position (by identity) met
// earlier had the same hash: the table would take one for the other. A 64-bit Zobrist key
// makes a true collision among the few hundred thousand positions of a run vanishingly
// unlikely, so a shared key means the hash leaves something out (the side to move, a
// piece, a right).
func (s *suite[P, PP, M]) distinctKey(p *P, how func() string) {
	if s.keys == nil {
		s.keys = map[uint64]string{}
	}
	h := PP(p).Hash()
	id := identity(s.g.Format(p))
	first, ok := s.keys[h]
	if !ok {
		s.keys[h] = id
		return
	}
	if first != id {
		s.collisions++
		if s.collisions <= maxCollisionReports {
			s.failf("positions %q and %q (reached by %s) have the same hash %#x", first, id, how(), h)
		}
	}
}

// checkNullMove checks, when *P implements gamesearch.NullMover and p is not in check, that
// passing gives a position whose hash differs from p's (the side to move is part of the key)
// and equals a fresh parse of its text.
func (s *suite[P, PP, M]) checkNullMove(p *P, what string) {
	nm, ok := any(PP(p)).(gamesearch.NullMover[P])
	if !ok || PP(p).InCheck() {
		return
	}
	var child P
	nm.NullMove(&child)
	if h := PP(p).Hash(); PP(&child).Hash() == h {
		s.failf("%s: the null move's child %q has the parent's hash %#x (the side to move is not in the key)",
			what, s.g.Format(&child), h)
	}
	how := func() string { return "a null move from " + what }
	s.reachedRoundTrip(&child, how)
	s.distinctKey(&child, how)
}

// checkLabels round-trips every position the game gave and checks its label.
func (s *suite[P, PP, M]) checkLabels() {
	g := s.g
	for _, l := range s.positions() {
		p, ok := s.roundTrip(l.kind, l.text)
		if !ok {
			continue
		}
		pp := PP(&p)
		s.where = fmt.Sprintf("%s %q", l.kind, l.text)
		if got := pp.LossOnStalemate(); got != g.StalemateLoses {
			s.failf("%s %q: LossOnStalemate() = %v, the game's rule says %v", l.kind, l.text, got, g.StalemateLoses)
		}
		if e := pp.Evaluate(); e <= -gamesearch.MateBound || e >= gamesearch.MateBound {
			s.failf("%s %q: Evaluate() = %d, outside (-MateBound, MateBound)", l.kind, l.text, e)
		}
	}
	for _, text := range g.Checkmated {
		s.checkTerminal("checkmated position", text, true)
	}
	for _, text := range g.Stalemated {
		s.checkTerminal("stalemated position", text, false)
	}
	for _, text := range g.InCheck {
		p, ok := s.parse("in-check position", text)
		if !ok {
			continue
		}
		if !PP(&p).InCheck() {
			s.failf("in-check position %q: InCheck() = false, want true", text)
		}
		if n := len(PP(&p).LegalMoves(nil)); n == 0 {
			s.failf("in-check position %q: no legal move, want at least one (it is labelled in check, not mated)", text)
		}
	}
	for _, text := range g.DrawnByRule {
		p, ok := s.parse("drawn position", text)
		if ok && !PP(&p).Drawn() {
			s.failf("drawn position %q: Drawn() = false, want true", text)
		}
	}
	notDrawn := []labelled{{"start position", g.Start}}
	for _, c := range g.MateIn {
		notDrawn = append(notDrawn, labelled{fmt.Sprintf("mate-in-%d position", c.Moves), c.Text})
	}
	for _, c := range g.SingleMove {
		notDrawn = append(notDrawn, labelled{"single-move position", c.Text})
	}
	for _, text := range g.InCheck {
		notDrawn = append(notDrawn, labelled{"in-check position", text})
	}
	for _, text := range g.NotDrawn {
		notDrawn = append(notDrawn, labelled{"not-drawn position", text})
	}
	for _, l := range notDrawn {
		p, ok := s.parse(l.kind, l.text)
		if !ok {
			continue
		}
		if PP(&p).Drawn() {
			s.failf("%s %q: Drawn() = true, want false", l.kind, l.text)
		}
		if len(PP(&p).LegalMoves(nil)) == 0 {
			s.failf("%s %q: no legal move, want at least one", l.kind, l.text)
		}
	}
	for _, c := range g.MateIn {
		if c.Moves < 1 {
			s.failf("mate case %q: Moves = %d, want >= 1", c.Text, c.Moves)
		}
	}
	for _, c := range g.SingleMove {
		p, ok := s.parse("single-move position", c.Text)
		if !ok {
			continue
		}
		ms := PP(&p).LegalMoves(nil)
		if len(ms) != 1 {
			s.failf("single-move position %q: legal moves %s, want exactly %s", c.Text, s.movesString(ms), c.Move)
		} else if got := s.g.FormatMove(ms[0]); got != c.Move {
			s.failf("single-move position %q: the only legal move is %s, want %s", c.Text, got, c.Move)
		}
	}
}

func (s *suite[P, PP, M]) checkTerminal(kind, text string, check bool) {
	p, ok := s.parse(kind, text)
	if !ok {
		return
	}
	s.where = fmt.Sprintf("%s %q", kind, text)
	if ms := PP(&p).LegalMoves(nil); len(ms) != 0 {
		s.failf("%s %q: legal moves %s, want none", kind, text, s.movesString(ms))
	}
	if got := PP(&p).InCheck(); got != check {
		s.failf("%s %q: InCheck() = %v, want %v", kind, text, got, check)
	}
}

// checkLabelledMoves checks the legal-move contract on every position the game gave.
func (s *suite[P, PP, M]) checkLabelledMoves() {
	s.logf("%d positions", len(s.positions()))
	for _, l := range s.positions() {
		p, ok := s.parse(l.kind, l.text)
		if ok {
			s.checkMoves(&p, fmt.Sprintf("%s %q", l.kind, l.text), true)
		}
	}
}

// checkMoves checks the legal-move contract at p and returns the legal moves: LegalMoves
// appends, lists each move once and the same way twice and on a fresh parse; After applies
// each move without changing p; the noisy moves are legal. With children set, it also
// round-trips every child and bounds its evaluation.
func (s *suite[P, PP, M]) checkMoves(p *P, what string, children bool) []M {
	pp := PP(p)
	s.where = what + " (LegalMoves)"
	text := s.g.Format(p)
	hash := pp.Hash()
	before := *p

	moves := pp.LegalMoves(nil)
	seen := make(map[M]bool, len(moves))
	for _, m := range moves {
		if seen[m] {
			s.failf("%s: LegalMoves lists move %s twice: %s", what, s.moveString(m), s.movesString(moves))
		}
		seen[m] = true
	}
	if again := pp.LegalMoves(make([]M, 0, len(moves))); !slices.Equal(again, moves) {
		s.failf("%s: LegalMoves is not deterministic: %s, then %s", what, s.movesString(moves), s.movesString(again))
	}
	if len(moves) > 0 {
		// LegalMoves must append to dst, keeping what dst already holds.
		dst := []M{moves[0]}
		got := pp.LegalMoves(dst)
		if len(got) != len(moves)+1 || got[0] != moves[0] || !slices.Equal(got[1:], moves) {
			s.failf("%s: LegalMoves(dst) with len(dst) = 1 does not append to dst: got %s, want %s then %s",
				what, s.movesString(got), s.g.FormatMove(moves[0]), s.movesString(moves))
		}
	}
	if fresh, err := s.g.Parse(text); err == nil {
		if fm := PP(&fresh).LegalMoves(nil); !slices.Equal(fm, moves) {
			s.failf("%s: a fresh parse of %q lists moves %s, the position itself %s", what, text, s.movesString(fm), s.movesString(moves))
		}
	}

	var child P
	s.where = what + " (After, then the child's round trip)"
	defer s.clearMove()
	for _, m := range moves {
		s.setMove(m)
		pp.After(m, &child)
		if !s.equal(p, &before) || pp.Hash() != hash || s.g.Format(p) != text {
			s.failf("%s: After(%s) changed the receiver: %q with hash %#x became %q with hash %#x",
				what, s.moveString(m), text, hash, s.g.Format(p), pp.Hash())
			*p = before
		}
		if children {
			how := func() string { return fmt.Sprintf("move %s from %q", s.g.FormatMove(m), text) }
			s.reachedRoundTrip(&child, how)
			s.distinctKey(&child, how)
			if e := PP(&child).Evaluate(); e <= -gamesearch.MateBound || e >= gamesearch.MateBound {
				s.failf("position %q after %s from %q: Evaluate() = %d, outside (-MateBound, MateBound)",
					s.g.Format(&child), s.g.FormatMove(m), text, e)
			}
		}
	}

	s.clearMove()
	s.where = what + " (NoisyMoves/CaptureKey)"
	nm, hasNoisy := any(pp).(gamesearch.NoisyMover[M])
	var noisy map[M]bool
	if hasNoisy {
		ns := nm.NoisyMoves(nil)
		noisy = make(map[M]bool, len(ns))
		for _, m := range ns {
			if !seen[m] {
				s.failf("%s: NoisyMoves lists %s, which is not a legal move (legal: %s)", what, s.moveString(m), s.movesString(moves))
			}
			if noisy[m] {
				s.failf("%s: NoisyMoves lists %s twice", what, s.moveString(m))
			}
			noisy[m] = true
		}
	}
	if mo, ok := any(pp).(gamesearch.MoveOrderer[M]); ok && hasNoisy {
		for _, m := range moves {
			if _, isNoisy := mo.CaptureKey(m); isNoisy != noisy[m] {
				s.failf("%s: move %s: CaptureKey says noisy = %v, NoisyMoves says %v", what, s.moveString(m), isNoisy, noisy[m])
			}
		}
	}
	return moves
}

// ending says how a playout ended.
type ending int

const (
	notEnded ending = iota
	endNoMoves
	endDrawn
	endRepetition
)

// checkPlayouts plays random games from the start position and checks every position on them.
func (s *suite[P, PP, M]) checkPlayouts() {
	g := s.g
	start, ok := s.roundTrip("start position", g.Start)
	if !ok {
		return
	}
	transpositions, plies := 0, 0
	endings := map[string]int{}
	evals := map[uint64]int{} // EvalKey -> Evaluate, when *P implements gamesearch.EvalKeyer
	for i := range g.Playouts {
		rng := rand.New(rand.NewPCG(g.Seed, uint64(i)))
		p := start
		var path []P // path[k] is the position before played[k]
		var played []M
		counts := map[uint64]int{}
		end := notEnded
		for ply := 0; ply < g.PlayoutPlies; ply++ {
			what := fmt.Sprintf("playout %d ply %d position %q", i, ply, g.Format(&p))
			moves := s.checkMoves(&p, what, true)
			s.checkStaged(&p, what, moves, played)
			s.checkGivesCheck(&p, what, moves)
			s.checkEvalKey(&p, what, evals)
			s.distinctKey(&p, func() string { return what })
			s.checkNullMove(&p, what)
			counts[PP(&p).Hash()]++
			switch {
			case len(moves) == 0:
				end = endNoMoves
			case PP(&p).Drawn():
				end = endDrawn
			case counts[PP(&p).Hash()] >= 3:
				end = endRepetition
			}
			if end != notEnded {
				break
			}
			m := moves[rng.IntN(len(moves))]
			path = append(path, p)
			played = append(played, m)
			var next P
			PP(&p).After(m, &next)
			p = next
		}
		path = append(path, p)
		plies += len(played)
		endings[[...]string{"none", "no legal move", "Drawn", "third occurrence"}[end]]++
		if end == notEnded {
			s.failf("playout %d (seed %d, %d) did not end by a game rule within %d plies; moves from the start: %s; last position %q",
				i, g.Seed, i, g.PlayoutPlies, s.movesString(played[max(0, len(played)-20):]), g.Format(&p))
		}
		transpositions += s.checkTranspositions(i, path, played)
	}
	s.logf("%d playouts, %d plies, %d transpositions; endings: %v", g.Playouts, plies, transpositions, endings)
	if transpositions == 0 && g.Playouts > 0 {
		s.failf("no transposition found in %d playouts, so the hash-by-two-move-orders check did not run", g.Playouts)
	}
}

// checkStaged checks a game's staged generation (gamesearch.StagedMover, with NoisyMover and
// MoveOrderer) in a position with legal moves moves: NoisyMoves and QuietMoves return each
// legal move once, the noisy ones exactly those CaptureKey calls noisy; IsLegalMove accepts
// every legal move and rejects the moves played earlier in the playout that are not legal
// here; HasLegalMove agrees with LegalMoves.
func (s *suite[P, PP, M]) checkStaged(p *P, what string, moves, earlier []M) {
	st, ok := any(PP(p)).(gamesearch.StagedMover[M])
	nm, ok2 := any(PP(p)).(gamesearch.NoisyMover[M])
	mo, ok3 := any(PP(p)).(gamesearch.MoveOrderer[M])
	if !ok || !ok2 || !ok3 {
		return
	}
	s.where = what + " (StagedMover)"
	legal := make(map[M]bool, len(moves))
	for _, m := range moves {
		legal[m] = true
		if !st.IsLegalMove(m) {
			s.failf("%s: IsLegalMove(%s) is false for a legal move", what, s.g.FormatMove(m))
		}
	}
	noisy := nm.NoisyMoves(nil)
	staged := st.QuietMoves(slices.Clone(noisy))
	for i, m := range staged {
		if _, nz := mo.CaptureKey(m); nz != (i < len(noisy)) {
			s.failf("%s: %s is returned by %s, but CaptureKey says noisy = %v", what, s.g.FormatMove(m),
				[2]string{"QuietMoves", "NoisyMoves"}[btoi(i < len(noisy))], nz)
		}
	}
	if got := slices.Sorted(slices.Values(staged)); !slices.Equal(got, slices.Sorted(slices.Values(moves))) {
		s.failf("%s: NoisyMoves then QuietMoves give %s, LegalMoves %s", what, s.movesString(staged), s.movesString(moves))
	}
	for _, m := range earlier {
		if !legal[m] && st.IsLegalMove(m) {
			s.failf("%s: IsLegalMove(%s) is true for a move that is not legal", what, s.g.FormatMove(m))
		}
	}
	if qc, ok := any(PP(p)).(gamesearch.QuietCheckGenerator[M]); ok {
		var want []M
		var child P
		for _, m := range staged[len(noisy):] {
			PP(p).After(m, &child)
			if PP(&child).InCheck() {
				want = append(want, m)
			}
		}
		if got := qc.QuietChecks(nil); !slices.Equal(got, want) {
			s.failf("%s: QuietChecks gives %s, the checking moves of QuietMoves are %s", what, s.movesString(got), s.movesString(want))
		}
	}
	if st.HasLegalMove() != (len(moves) > 0) {
		s.failf("%s: HasLegalMove() = %v with %d legal moves", what, st.HasLegalMove(), len(moves))
	}
}

// checkGivesCheck checks a game's gamesearch.CheckGiver in a position with legal moves moves:
// GivesCheck(m) must equal InCheck of the position after m, for every legal move.
func (s *suite[P, PP, M]) checkGivesCheck(p *P, what string, moves []M) {
	cg, ok := any(PP(p)).(gamesearch.CheckGiver[M])
	if !ok {
		return
	}
	s.where = what + " (CheckGiver)"
	var child P
	for _, m := range moves {
		PP(p).After(m, &child)
		if got, want := cg.GivesCheck(m), PP(&child).InCheck(); got != want {
			s.failf("%s: GivesCheck(%s) = %v, but InCheck after it is %v", what, s.g.FormatMove(m), got, want)
		}
	}
}

// checkEvalKey checks a game's gamesearch.EvalKeyer at p: positions with equal EvalKey (seen
// collects those met so far) must have equal Evaluate results.
func (s *suite[P, PP, M]) checkEvalKey(p *P, what string, seen map[uint64]int) {
	ek, ok := any(PP(p)).(gamesearch.EvalKeyer)
	if !ok {
		return
	}
	s.where = what + " (EvalKeyer)"
	k, v := ek.EvalKey(), PP(p).Evaluate()
	if old, ok := seen[k]; ok && old != v {
		s.failf("%s: EvalKey %#x was met with Evaluate %d, here %d", what, k, old, v)
	}
	seen[k] = v
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// checkTranspositions plays the moves of a playout in other orders (moves k, k+1, k+2 as
// k+2, k+1, k; moves k..k+3 as k+2, k+3, k, k+1); where the other order is legal and reaches
// the same text, the hashes must be equal. It returns the number of transpositions checked.
func (s *suite[P, PP, M]) checkTranspositions(playout int, path []P, played []M) int {
	found := 0
	orders := [][]int{{2, 1, 0}, {2, 3, 0, 1}}
	s.where = fmt.Sprintf("playout %d, moves played in another order", playout)
	defer s.clearMove()
	for k := range played {
		for _, order := range orders {
			if k+len(order) > len(played) {
				continue
			}
			target := &path[k+len(order)]
			seq := make([]M, len(order))
			for j, o := range order {
				seq[j] = played[k+o]
			}
			if slices.Equal(seq, played[k:k+len(order)]) {
				continue
			}
			p := path[k]
			legal := true
			for _, m := range seq {
				s.setMove(m)
				if !slices.Contains(PP(&p).LegalMoves(nil), m) {
					legal = false
					break
				}
				var next P
				PP(&p).After(m, &next)
				p = next
			}
			if !legal {
				continue
			}
			text := s.g.Format(&p)
			if text != s.g.Format(target) {
				continue
			}
			found++
			from := s.g.Format(&path[k])
			if h1, h2 := PP(&p).Hash(), PP(target).Hash(); h1 != h2 {
				s.failf("playout %d: from %q, moves %s and %s both reach %q, with hashes %#x and %#x",
					playout, from, s.movesString(played[k:k+len(order)]), s.movesString(seq), text, h2, h1)
			}
			if !s.equal(&p, target) {
				s.failf("playout %d: from %q, moves %s and %s both reach %q but the positions differ",
					playout, from, s.movesString(played[k:k+len(order)]), s.movesString(seq), text)
			}
			s.reachedRoundTrip(&p, func() string { return fmt.Sprintf("moves %s from %q", s.movesString(seq), from) })
		}
	}
	return found
}

// checkPerft compares gamesearch.Perft with every reference row up to the node cap.
func (s *suite[P, PP, M]) checkPerft() {
	run, skipped := 0, 0
	defer func() {
		s.logf("%d perft rows run, %d over the cap of %d nodes skipped", run, skipped, s.g.MaxPerftNodes)
	}()
	for _, c := range s.g.Perft {
		if c.Nodes > s.g.MaxPerftNodes {
			skipped++
			continue
		}
		run++
		p, ok := s.parse("perft position "+c.Name, c.Text)
		if !ok {
			continue
		}
		s.where = fmt.Sprintf("perft %s %q depth %d", c.Name, c.Text, c.Depth)
		if got := gamesearch.Perft[P, PP, M](p, c.Depth); got != c.Nodes {
			s.failf("perft %s %q depth %d: %d nodes, want %d (divide at depth %d: %s)",
				c.Name, c.Text, c.Depth, got, c.Nodes, c.Depth, s.divide(p, c.Depth))
		}
	}
}

// divide formats gamesearch.Divide for a perft failure.
func (s *suite[P, PP, M]) divide(p P, depth int) string {
	out := ""
	for i, e := range gamesearch.Divide[P, PP, M](p, depth) {
		if i > 0 {
			out += " "
		}
		out += fmt.Sprintf("%s:%d", s.g.FormatMove(e.Move), e.Nodes)
	}
	return out
}
