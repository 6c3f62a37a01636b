package xiangqi

import "github.com/cotuong-ai/cotuong/gamesearch"

var _ gamesearch.PieceToKeyer[Move] = (*Position)(nil)

// PieceTo returns the continuation-history key of move m (gamesearch.PieceToKeyer): the
// moving piece (colour and kind, 0..15) times 90 plus the destination square, in [0, 1440).
func (p *Position) PieceTo(m Move) int {
	return int(p.board[m.From()%NumSquares])*NumSquares + int(m.To()%NumSquares)
}
