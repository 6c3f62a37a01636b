package engine

import "time"

// Clock is the side to move's clock.
type Clock struct {
	Time      time.Duration // time left
	Inc       time.Duration // increment added after each move
	MovesToGo int           // moves to the next time control; 0 = sudden death
}

const (
	// DefaultOverhead is the default Move Overhead margin.
	DefaultOverhead = 30 * time.Millisecond
	// SuddenDeathMoves is how many more moves a sudden-death game is assumed to last.
	SuddenDeathMoves = 40
	// MinBudget is the least thinking time returned; the search always completes its first
	// iteration anyway, so a legal move is always found.
	MinBudget = time.Millisecond
)

// Budget returns the thinking time for one move from clock c, keeping the overhead margin
// (negative overhead counts as 0). It is at least MinBudget.
//
// The rule is deliberately simple and safe. Of the time left on the clock, a Move Overhead
// margin (the lag between the GUI's clock and the engine: process start, pipes, the GUI's
// own latency) is set aside for this move and for each of the next moves up to ten. The rest
// is shared over the moves to the next time control (MovesToGo, or SuddenDeathMoves when the
// game has none), three quarters of the increment are added, and the result is capped at a
// fraction of the clock less one overhead (half of it when this move reaches the time
// control, a quarter otherwise), so a string of bad estimates can never empty the clock. At
// 1 s + 0.1 s a move the budget settles near the increment and the clock does not run down.
func Budget(c Clock, overhead time.Duration) time.Duration {
	overhead = max(overhead, 0)
	mtg := c.MovesToGo
	switch {
	case mtg <= 0:
		mtg = SuddenDeathMoves
	case mtg > 50:
		mtg = 50
	}
	// One overhead for this move and one for each of the next few (at most 10) moves.
	reserve := overhead * time.Duration(1+min(mtg, 10))
	base := max(c.Time-reserve, 0)/time.Duration(mtg) + max(c.Inc, 0)*3/4
	limit := (c.Time - overhead) / 4
	if mtg == 1 {
		limit = (c.Time - overhead) / 2
	}
	return max(min(base, limit), MinBudget)
}

// MoveTime returns the thinking time for "go movetime mt": all of mt, as Stockfish and
// Fairy-Stockfish spend it (Move Overhead is a margin for clocks, not for a fixed time per
// move), and at least MinBudget.
func MoveTime(mt time.Duration) time.Duration { return max(mt, MinBudget) }
