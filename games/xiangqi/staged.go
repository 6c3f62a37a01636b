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
	moves := p.pieceMoves(buf[:0], from)
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
			for _, m := range p.pieceMoves(buf[:0], s) {
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
	// The enemy general is not attacked now (p is a legal position): after m, only along a
	// ray through from or to, by a horse whose leg from was, or by the moved horse.
	b := p.board
	mover := b[from]
	b[to], b[from] = mover, NoPiece
	return attackedOn(&b, g, p.side, (rg[from]|rg[to])&^relDiag, rg[from]&relDiag != 0 || mover.Kind() == Horse)
}

var _ gamesearch.QuietCheckGenerator[Move] = (*Position)(nil)

// QuietChecks appends the legal moves of the side to move that capture nothing and give
// check to dst, in the order of QuietMoves, and returns it (gamesearch.QuietCheckGenerator).
// A chariot or cannon off the enemy general's rank and file can give check only by stopping
// on that rank or file (a screen for a cannon, or facing the general): at most two of its
// points are tried. The other pieces' quiet moves are tested with GivesCheck, and only the
// checking moves for legality.
func (p *Position) QuietChecks(dst []Move) []Move {
	b := &p.board
	g := p.gen[p.side^1]
	gf, gr := sqFile[g], sqRank[g]
	lc := p.legality()
	for w := 0; w < 2; w++ {
		for set := p.occ[p.side][w]; set != 0; set &= set - 1 {
			s := Square(bits.TrailingZeros64(set) + 64*w)
			if k := b[s].Kind(); rel[g][s] == 0 && (k == Chariot || k == Cannon) {
				// In ray order: north or south to the general's rank, then east or west to
				// its file; each only when the points before it are empty.
				sf, sr := sqFile[s], sqRank[s]
				views := lineViews(p, s)
				d, n := south, sr-gr // n: points from s to the general's rank
				if gr > sr {
					d, n = north, gr-sr
				}
				if n <= uint8(views[d]&15) {
					dst = p.appendCheck(dst, &lc, NewMove(s, Square(9*gr+sf)))
				}
				d, n = west, sf-gf // n: points from s to the general's file
				if gf > sf {
					d, n = east, gf-sf
				}
				if n <= uint8(views[d]&15) {
					dst = p.appendCheck(dst, &lc, NewMove(s, Square(9*sr+gf)))
				}
				continue
			}
			n0 := len(dst)
			dst = p.pieceQuiets(dst, s)
			out := n0
			for i := n0; i < len(dst); i++ {
				if m := dst[i]; p.GivesCheck(m) && lc.legal(p, m) {
					dst[out] = m
					out++
				}
			}
			dst = dst[:out]
		}
	}
	return dst
}

// appendCheck appends m to dst when it gives check and is legal (lc is p's legality context).
func (p *Position) appendCheck(dst []Move, lc *legalCtx, m Move) []Move {
	if p.GivesCheck(m) && lc.legal(p, m) {
		dst = append(dst, m)
	}
	return dst
}
