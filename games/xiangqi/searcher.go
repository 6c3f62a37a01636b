package xiangqi

import "github.com/cotuong-ai/cotuong/gamesearch"

// Searcher is the generic search (gamesearch.Searcher) instantiated for xiangqi positions and
// moves.
type Searcher = gamesearch.Searcher[Position, *Position, Move]

// NewSearcher returns a Searcher for xiangqi configured by opts: the same as
// gamesearch.New[Position, *Position, Move](opts), without spelling the type parameters.
func NewSearcher(opts gamesearch.Options[Move]) *Searcher {
	return gamesearch.New[Position, *Position, Move](opts)
}
