package gamesearch

// Entry is what the transposition table knows about one position, as Table.Lookup reports it.
type Entry struct {
	// Move is the best move found there (or the one that refuted the window), as the game's
	// move type converted to uint32; meaningful only when HasMove. It may come from another
	// position with a colliding key: check it is legal before use.
	Move    uint32
	HasMove bool
	// Score is in centipawns from the side to move there; a mate score counts plies from
	// that position (Mate-n: mate in n plies).
	Score int
	// Depth is how many plies deep the stored search went.
	Depth int
	// Lower and Upper say what Score bounds: the true score is at least Score (a fail high),
	// at most Score (a fail low), or both (an exact score).
	Lower, Upper bool
}

// Lookup returns what the table holds for the position with Zobrist key key, and false when
// it holds nothing. It is safe to call while searches use the table.
func (t *Table) Lookup(key uint64) (Entry, bool) {
	d, ok := t.probe(key)
	if !ok || ttBound(d) == 0 {
		return Entry{}, false
	}
	b := ttBound(d)
	return Entry{Move: ttMove(d), HasMove: ttHasMoveOf(d), Score: scoreFromTT(ttScore(d), 0), Depth: ttDepth(d),
		Lower: b&boundLower != 0, Upper: b&boundUpper != 0}, true
}
