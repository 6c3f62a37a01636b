package xiangqi

// firstBlocker returns the ray from s in direction d, its length, and the index on it of
// the first piece (the length when the ray is empty): the piece a chariot on s attacks, or a
// cannon's screen.
func firstBlocker(b *[NumSquares]Piece, s Square, d int) (*[9]Square, int, int) {
	ln := int(rayLen[s][d])
	ry := &ray[s][d]
	i := 0
	for i < ln && b[ry[i]] == NoPiece {
		i++
	}
	return ry, ln, i
}

// nextBlocker returns the index on ray ry (of length ln) of the first piece after index i
// (ln when there is none): past a screen at i, the piece a cannon attacks.
func nextBlocker(b *[NumSquares]Piece, ry *[9]Square, ln, i int) int {
	for i++; i < ln && b[ry[i]] == NoPiece; i++ {
	}
	return i
}
