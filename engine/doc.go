// Package engine is the game engine of this module as a library, for chess and xiangqi
// alike: a game in progress (Game: a start position and the moves since, text in and out in
// each game's notations), a Searcher running gamesearch on such a game (the transposition
// table kept between searches, MultiPV, root-move restriction), time management (Clock,
// Budget, MoveTime: a clock turned into a thinking time) and playing strength (Strength:
// Skill Level and UCI_Elo as a level of the levels ladder, interpolated between its levels).
//
// It holds no rules: legality, notation and results come from games/chess and games/xiangqi,
// and the search from gamesearch. Programs that handle both games with one code path use it:
// the UCI/UCCI engine (package uci), the terminal game, the match and bench tools.
//
// A Game is addressed by Variant ("chess", "xiangqi", the values of the UCI_Variant option);
// moves are opaque Move values packed from the game package's own move. A Searcher is not
// safe for concurrent use; run one search at a time on it, on any goroutine, and cancel it
// with the context.
package engine
