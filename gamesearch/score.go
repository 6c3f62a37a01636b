package gamesearch

// IsMate reports whether score is a mate score: |score| >= MateBound.
func IsMate(score int) bool {
	return score >= MateBound || score <= -MateBound
}

// MateIn converts a mate score into signed full moves to mate, as UCI prints "score mate N":
// positive when the side to move mates (Mate-1 → 1, Mate-3 → 2), negative when it is mated
// (-(Mate-2) → -1). It returns 0 for a score that is not a mate score, and also for -Mate
// (mated in the position itself); use IsMate to tell these apart.
func MateIn(score int) int {
	switch {
	case score >= MateBound:
		return (Mate - score + 1) / 2
	case score <= -MateBound:
		return -(Mate + score) / 2
	}
	return 0
}
