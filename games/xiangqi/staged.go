package xiangqi

import (
	"math/bits"

	"github.com/cotuong-ai/cotuong/gamesearch"
)

var _ gamesearch.StagedMover[Move] = (*Position)(nil)

// QuietMoves appends the legal moves of the side to move that capture nothing to dst and
// returns it (gamesearch.StagedMover): with NoisyMoves, every legal move exactly once, in the
// order of LegalMoves.
func (p *Position) QuietMoves(dst []Move) []Move {
	n0 := len(dst)
	dst = p.pseudo(dst, genQuiet)
	return p.filterLegal(dst, n0)
}

// IsLegalMove reports whether m, any Move value (say a move from another position), is a
// legal move of the side to move (gamesearch.StagedMover). It generates only the moves of
// the piece on m's from-square and allocates nothing.
func (p *Position) IsLegalMove(m Move) bool {
	from := m.From()
	if from >= NumSquares || p.board[from] == NoPiece || p.board[from].Color() != p.side {
		return false
	}
	var buf [maxPieceMoves]Move
	moves := p.pieceMoves(buf[:0], from, genAll)
	for _, x := range moves {
		if x == m {
			lc := p.legality()
			return lc.legal(p, m)
		}
	}
	return false
}

// HasLegalMove reports whether the side to move has a legal move (gamesearch.StagedMover),
// generating piece by piece until one is found.
func (p *Position) HasLegalMove() bool {
	lc := p.legality()
	var buf [maxPieceMoves]Move
	for w := 0; w < 2; w++ {
		for set := p.occ[p.side][w]; set != 0; set &= set - 1 {
			s := Square(bits.TrailingZeros64(set) + 64*w)
			for _, m := range p.pieceMoves(buf[:0], s, genAll) {
				if lc.legal(p, m) {
					return true
				}
			}
		}
	}
	return false
}

// maxPieceMoves bounds the pseudo-legal moves of one piece (a chariot: 9 + 8).
const maxPieceMoves = 18

var _ gamesearch.CheckGiver[Move] = (*Position)(nil)

// GivesCheck reports whether the legal move m puts the opponent's general in check
// (gamesearch.CheckGiver): exactly whether InCheck holds after m. Only a move that leaves or
// lands on a rank or file of that general, leaves one of its horse-leg points (the diagonal
// neighbours), or is a horse landing where it attacks the general can give check; any other
// move is answered without being made.
func (p *Position) GivesCheck(m Move) bool {
	from, to := m.From()%NumSquares, m.To()%NumSquares
	g := p.gen[p.side^1]
	rg := &rel[g]
	if rg[from]|rg[to]&^relDiag == 0 {
		if p.board[from].Kind() != Horse {
			return false
		}
		for j := 0; j < int(horseAttN[g]); j++ {
			if horseAttFrom[g][j] == to {
				return p.board[horseAttLeg[g][j]] == NoPiece
			}
		}
		return false
	}
	b := p.board
	b[to], b[from] = b[from], NoPiece
	return attacked(&b, g, p.side)
}

var _ gamesearch.QuietCheckGenerator[Move] = (*Position)(nil)

// QuietChecks appends the legal moves of the side to move that capture nothing and give
// check to dst, in the order of QuietMoves, and returns it (gamesearch.QuietCheckGenerator):
// the check test (GivesCheck) comes before the legality test, which most quiet moves then
// skip.
func (p *Position) QuietChecks(dst []Move) []Move {
	n0 := len(dst)
	dst = p.quiets(dst)
	lc := p.legality()
	out := n0
	for i := n0; i < len(dst); i++ {
		if m := dst[i]; p.GivesCheck(m) && lc.legal(p, m) {
			dst[out] = m
			out++
		}
	}
	return dst[:out]
}
