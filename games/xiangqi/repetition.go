package xiangqi

import "github.com/cotuong-ai/cotuong/gamesearch"

// The repetition ruling shared by Game.Result and the search (Position.JudgeRepetition), after
// the WXF and AXF rules: over the moves since the first occurrence of the repeated position, a
// side that checked or chased with every one of its moves (perpetual check 長將, perpetual
// chase 長捉, or the two mixed, 一將一捉) loses when the other side did not; when both did, or
// neither did, the game is drawn. A perpetual check weighs more than a chase: when one side
// checked with every move, only the checks decide (the other side's perpetual chase is no
// defence; Fairy-Stockfish rules so, reference case R08). A chase counts only when the same
// piece was chased by every one of the side's non-checking moves (followed from square to
// square as it moves).

// cyclePly is one move of a repetition cycle, oldest first.
type cyclePly struct {
	from, to Square // the move
	check    bool   // the move gave check
	chased   sqSet  // the pieces it chased, where they stand after it
}

// sideRuling is what one side did over a cycle.
type sideRuling struct {
	perpetual bool
	kind      Reason // PerpetualCheck, PerpetualChase or PerpetualCheckChase when perpetual
	// lastChase is the index of the side's last chasing move (-1 when every move checked);
	// victim is a piece it chased there, chased by every non-checking move of the side.
	lastChase int
	victim    Square
	// lastCheck is the index of the side's last checking move (-1 when none).
	lastCheck int
}

// judgeSide rules on the side whose moves are plies[i] with i%2 == parity. Its kind is
// PerpetualCheck when every move checked; else PerpetualChase when every move (checking or
// not) chased one same piece; else PerpetualCheckChase when every move checked or chased and
// the non-checking ones chased one same piece.
func judgeSide(plies []cyclePly, parity int) sideRuling {
	all, allLast, allVictim := followChase(plies, parity, true)
	quiet, quietLast, quietVictim := followChase(plies, parity, false)
	r := sideRuling{lastChase: -1, lastCheck: -1, victim: NoSquare}
	checks := 0
	for i := parity; i < len(plies); i += 2 {
		if plies[i].check {
			checks++
			r.lastCheck = i
		}
	}
	moves := (len(plies) - parity + 1) / 2
	switch {
	case moves == 0:
	case checks == moves:
		r.perpetual, r.kind = true, PerpetualCheck
	case all:
		r.perpetual, r.kind, r.lastChase, r.victim = true, PerpetualChase, allLast, allVictim
	case quiet:
		r.perpetual, r.kind, r.lastChase, r.victim = true, PerpetualCheckChase, quietLast, quietVictim
	}
	return r
}

// followChase follows the pieces chased by the side's moves (plies[i], i%2 == parity),
// counting checking moves too when withChecks, and skipping them otherwise. It reports
// whether one piece was chased by every counted move (and at least one move counted), the
// index of the last counted move, and where that piece stood after it.
func followChase(plies []cyclePly, parity int, withChecks bool) (ok bool, last int, victim Square) {
	var chased sqSet
	started := false
	last, victim = -1, NoSquare
	for i, p := range plies {
		if i%2 != parity {
			// The other side's move carries a followed piece along.
			if started && p.from < NumSquares && p.to < NumSquares && chased.has(p.from) {
				chased.del(p.from)
				chased.add(p.to)
			}
			continue
		}
		if p.check && !withChecks {
			continue
		}
		if !started {
			chased, started = p.chased, true
		} else {
			chased = chased.and(p.chased)
		}
		if chased.empty() {
			return false, -1, NoSquare
		}
		last, victim = i, chased.first()
	}
	return started, last, victim
}

// judgePlies rules on a cycle whose last move was made by the opponent of the side to move.
// It returns the loser's ruling and whether it is the side to move (us) or the opponent;
// decided is false for a draw.
func judgePlies(plies []cyclePly) (loser sideRuling, usLose, decided bool) {
	n := len(plies)
	them := judgeSide(plies, (n-1)%2)
	us := judgeSide(plies, n%2)
	usCheck := us.perpetual && us.kind == PerpetualCheck
	themCheck := them.perpetual && them.kind == PerpetualCheck
	if usCheck || themCheck {
		us.perpetual, them.perpetual = usCheck, themCheck
	}
	switch {
	case them.perpetual && !us.perpetual:
		return them, false, true
	case us.perpetual && !them.perpetual:
		return us, true, true
	}
	return sideRuling{}, false, false
}

// The search's view of a move (gamesearch.Threats): the chased squares in bits 0-89, the
// from-square in bits 96-102 and the to-square in bits 104-110 (the judge follows chased
// pieces through the moves), and bit 127 set to mark a filled record.
const (
	threatFromShift = 96 - 64
	threatToShift   = 104 - 64
	threatValid     = 1 << 63
)

func encodeThreats(m Move, chased sqSet) gamesearch.Threats {
	return gamesearch.Threats{chased[0], chased[1] | uint64(m.From())<<threatFromShift | uint64(m.To())<<threatToShift | threatValid}
}

// decodeThreats returns the move and chased squares of t; ok is false for a zero (unknown)
// record, which reads as no chase.
func decodeThreats(t gamesearch.Threats) (from, to Square, chased sqSet, ok bool) {
	if t[1]&threatValid == 0 {
		return NoSquare, NoSquare, sqSet{}, false
	}
	from = Square(t[1] >> threatFromShift & 0x7F)
	to = Square(t[1] >> threatToShift & 0x7F)
	return from, to, sqSet{t[0], t[1] & (1<<(NumSquares-64) - 1)}, true
}

// moveBetween returns the move that leads from prev to p (NoMove when the boards do not
// differ by one move of prev's side).
func moveBetween(prev, p *Position) Move {
	from, to := NoSquare, NoSquare
	for s := Square(0); s < NumSquares; s++ {
		a, b := prev.board[s], p.board[s]
		if a == b {
			continue
		}
		switch {
		case b == NoPiece && a.Color() == prev.side:
			from = s
		case b != NoPiece && b.Color() == prev.side:
			to = s
		}
	}
	if from == NoSquare || to == NoSquare {
		return NoMove
	}
	return NewMove(from, to)
}

// MoveThreats reports for the search (gamesearch.RepetitionJudge) what the move from prev to
// p threatened: the pieces it chased (chase.go) and the move itself. It does not allocate.
func (p *Position) MoveThreats(prev *Position) gamesearch.Threats {
	m := moveBetween(prev, p)
	if m == NoMove {
		return gamesearch.Threats{}
	}
	l := chases(prev, p, m)
	return encodeThreats(m, l.set())
}

// JudgeRepetition scores a repeated position for the search (gamesearch.RepetitionJudge), from
// the side to move's view, by the ruling Game.Result applies (repetition.go): the opponent
// checked or chased with every one of its moves of the cycle and the side to move did not:
// Win; the reverse: Loss; both or neither: Draw (a perpetual check outweighing a chase). A
// cycle entry with no threat record counts as no chase. It does not allocate for cycles of up
// to 128 plies.
func (p *Position) JudgeRepetition(cycle []gamesearch.CyclePly) gamesearch.Outcome {
	var buf [128]cyclePly
	plies := buf[:0]
	for _, c := range cycle {
		from, to, chased, _ := decodeThreats(c.Threats)
		plies = append(plies, cyclePly{from: from, to: to, check: c.InCheck, chased: chased})
	}
	_, usLose, decided := judgePlies(plies)
	switch {
	case !decided:
		return gamesearch.Draw
	case usLose:
		return gamesearch.Loss
	}
	return gamesearch.Win
}
