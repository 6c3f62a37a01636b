package xiangqi

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
			if started && chased.has(p.from) {
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
