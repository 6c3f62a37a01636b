package gamesearch

import "golang.org/x/exp/constraints"

// History table: moves are hashed into historySize slots (M is generic); entries stay within
// ±historyMax.
const (
	historyBits = 14
	historySize = 1 << historyBits
	historyMax  = 16384
)

// contHistory[prev][cur] scores a quiet move with piece-to key cur played one or two plies
// after the move with key prev.
type contHistory [PieceToKeys][PieceToKeys]int16

// heuristics is what the search learns about quiet moves across nodes and searches: the
// butterfly history (by side to move and move), the counter-move of each move and the
// continuation history. The killers, which belong to a ply, are in the frames.
type heuristics[M constraints.Integer] struct {
	butterfly [2][historySize]int32
	// counter[side][historyIndex(previous move)] is the quiet move that last refuted it,
	// when counterSet says one has.
	counter    [2][historySize]M
	counterSet [2][historySize]bool
	// cont is the continuation history, nil when the game has no PieceToKeyer (it is large).
	cont *contHistory
}

// clear forgets everything learnt (a new game): a zero value that keeps its continuation
// history table, zeroed.
func (h *heuristics[M]) clear() {
	cont := h.cont
	*h = heuristics[M]{cont: cont}
	if cont != nil {
		*cont = contHistory{}
	}
}

// age halves the butterfly history before a search, so recent searches weigh more.
func (h *heuristics[M]) age() {
	for side := range h.butterfly {
		for i := range h.butterfly[side] {
			h.butterfly[side][i] /= 2
		}
	}
}

// historyIndex hashes a move value into the history table (Fibonacci hashing).
func historyIndex[M constraints.Integer](m M) int {
	return int((uint64(m) * 0x9E3779B97F4A7C15) >> (64 - historyBits))
}

// noKey marks a ply whose move has no piece-to key (a null move, or no PieceToKeyer).
const noKey = -1

// pieceTo returns the piece-to key of m at ply, or noKey.
func (s *Searcher[P, PP, M]) pieceTo(ply int, m M) int {
	if !s.caps.pieceTo {
		return noKey
	}
	return s.frames[ply].ops.keyer.PieceTo(m)
}

// counterMove returns the counter-move recorded for the move made from ply-1, if any.
func (s *Searcher[P, PP, M]) counterMove(ply int) (M, bool) {
	if ply == 0 || s.frames[ply-1].null {
		return 0, false
	}
	side := ply & 1
	h := historyIndex(s.frames[ply-1].move)
	return s.heur.counter[side][h], s.heur.counterSet[side][h]
}

// quietScore is the history score of the quiet move m at ply: the butterfly history hist
// plus the continuation histories after the moves one and two plies back.
func (s *Searcher[P, PP, M]) quietScore(ply int, m M, hist *[historySize]int32) int {
	v := int(hist[historyIndex(m)])
	if !s.caps.pieceTo {
		return v
	}
	k := s.frames[ply].ops.keyer.PieceTo(m)
	if ply >= 1 && s.frames[ply-1].contKey != noKey {
		v += int(s.heur.cont[s.frames[ply-1].contKey][k])
	}
	if ply >= 2 && s.frames[ply-2].contKey != noKey {
		v += int(s.heur.cont[s.frames[ply-2].contKey][k])
	}
	return v
}

// updateQuiet adds bonus to the butterfly and continuation histories of the quiet move m at
// ply.
func (s *Searcher[P, PP, M]) updateQuiet(ply int, m M, bonus int) {
	updateHistory(&s.heur.butterfly[ply&1][historyIndex(m)], bonus)
	if !s.caps.pieceTo {
		return
	}
	k := s.frames[ply].ops.keyer.PieceTo(m)
	for _, back := range [2]int{1, 2} {
		if ply >= back && s.frames[ply-back].contKey != noKey {
			updateHistory16(&s.heur.cont[s.frames[ply-back].contKey][k], bonus)
		}
	}
}

// cutoff records a beta cutoff by the quiet move m at ply: m becomes a killer and the
// counter-move of the previous move and gains history; the quiet moves tried before it lose
// history.
func (s *Searcher[P, PP, M]) cutoff(ply, depth int, m M, tried []M) {
	f := &s.frames[ply]
	if f.killerN == 0 || f.killers[0] != m {
		f.killers[1] = f.killers[0]
		f.killers[0] = m
		if f.killerN < 2 {
			f.killerN++
		}
	}
	if ply > 0 && !s.frames[ply-1].null {
		side := ply & 1
		i := historyIndex(s.frames[ply-1].move)
		s.heur.counter[side][i] = m
		s.heur.counterSet[side][i] = true
	}
	bonus := min(depth*depth+depth, 1200)
	s.updateQuiet(ply, m, bonus)
	for _, q := range tried {
		s.updateQuiet(ply, q, -bonus)
	}
}

// updateHistory16 is updateHistory for a 16-bit entry.
func updateHistory16(v *int16, bonus int) {
	abs := bonus
	if abs < 0 {
		abs = -abs
	}
	*v += int16(bonus - int(*v)*abs/historyMax)
}

// updateHistory adds bonus to *v with gravity, keeping |*v| <= historyMax.
func updateHistory(v *int32, bonus int) {
	abs := bonus
	if abs < 0 {
		abs = -abs
	}
	*v += int32(bonus - int(*v)*abs/historyMax)
}
