package chess

import "github.com/cotuong-ai/cotuong/gamesearch"

var _ gamesearch.StagedMover[Move] = (*Position)(nil)

// QuietMoves appends the legal moves that NoisyMoves does not return (no capture, no
// promotion; castling included) to dst and returns it (gamesearch.StagedMover).
func (p *Position) QuietMoves(dst []Move) []Move { return p.gen(dst, genQuiet, ^uint64(0)) }

// IsLegalMove reports whether m, any Move value (say a move from another position), is a
// legal move of the side to move, flags included (gamesearch.StagedMover). It generates only
// the moves of the piece on m's from-square and allocates nothing.
func (p *Position) IsLegalMove(m Move) bool {
	from := sqBB(m.From())
	if p.colors[p.side]&from == 0 {
		return false
	}
	var buf [maxPieceMoves]Move
	for _, x := range p.gen(buf[:0], genAll, from) {
		if x == m {
			return true
		}
	}
	return false
}

// maxPieceMoves bounds the legal moves of one piece: a queen's 27, a pawn's 12 promotions,
// a king's 8 steps and 2 castlings.
const maxPieceMoves = 32
