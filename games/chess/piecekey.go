package chess

import "github.com/cotuong-ai/cotuong/gamesearch"

var _ gamesearch.PieceToKeyer[Move] = (*Position)(nil)

// PieceTo returns the continuation-history key of move m (gamesearch.PieceToKeyer): the
// moving piece (colour*8 + kind) times 64 plus the destination square, in [0, 960).
func (p *Position) PieceTo(m Move) int {
	return (int(p.side)*8+int(p.kindAt(m.From())))*64 + int(m.To())
}
