package main

// NoisyMoves appends the captures, the moves that change material, for quiescence search
// (gamesearch.NoisyMover).
func (p *Position) NoisyMoves(dst []Move) []Move {
	var all [6]Move
	for _, m := range p.LegalMoves(all[:0]) {
		if m.from()%3 != m.to()%3 {
			dst = append(dst, m)
		}
	}
	return dst
}

// CaptureKey orders captures first (gamesearch.MoveOrderer). Every piece is a pawn, so
// MVV-LVA, 16 × the victim's value − the attacker's, is the same for every capture: 15.
func (p *Position) CaptureKey(m Move) (key int, noisy bool) {
	if m.from()%3 == m.to()%3 {
		return 0, false
	}
	return 16*1 - 1, true
}
