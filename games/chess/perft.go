package chess

import "github.com/cotuong-ai/cotuong/gamesearch"

// Perft returns the number of leaf nodes of the legal-move tree depth plies deep (perft 0 is
// 1), counting only leaves at exactly depth; the last ply is bulk-counted. It is
// gamesearch.Perft for this game.
func (p *Position) Perft(depth int) uint64 {
	return gamesearch.Perft[Position, *Position, Move](*p, depth)
}

// DivideEntry is one root move of a divide (split perft) and the leaf count below it: Move is
// a legal move of the position, Nodes the perft count depth-1 plies below the position after
// it.
type DivideEntry = gamesearch.DivideEntry[Move]

// Divide returns, for every legal move in LegalMoves order, the perft count of depth-1 plies
// after it (the form "go perft" prints in Stockfish and Fairy-Stockfish); the counts sum to
// Perft(depth). depth < 1 returns nil. It is gamesearch.Divide for this game.
func (p *Position) Divide(depth int) []DivideEntry {
	return gamesearch.Divide[Position, *Position, Move](*p, depth)
}

// CountMoves returns the number of legal moves, len(p.LegalMoves(nil)), without generating
// them: destination sets are counted with population counts. It implements
// gamesearch.MoveCounter, so perft bulk-counts the last ply.
func (p *Position) CountMoves() int { return p.countLegal() }
