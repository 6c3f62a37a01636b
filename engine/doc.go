// Package engine is the game engine of this module as a library, for chess and xiangqi
// alike:
//
//   - Session: the game being played or analysed, one Searcher per game (tables kept between
//     searches), and one search or perft at a time on its own goroutine, stoppable at any
//     moment: Go and Perft return at once and the answer comes to a callback, so a program
//     that must stay responsive (a UCI engine reading its input, an app's event loop) can
//     embed it;
//   - Game: a game in progress, a start position and the moves since, with text in and out in
//     each game's notations; Variant names the game ("chess", "xiangqi", the values of the
//     UCI_Variant option) and moves are opaque Move values packed from the game package's own;
//   - Searcher: gamesearch on such a game (the table kept between searches, MultiPV,
//     root-move restriction). It is not safe for concurrent use: run one search at a time on
//     it, on any goroutine, and cancel it with the context;
//   - time management (Clock, Budget, MoveTime: a clock turned into a thinking time) and
//     playing strength (Strength: Skill Level and UCI_Elo as a level of the levels ladder,
//     interpolated between its levels).
//
// It holds no rules: legality, notation and results come from games/chess and games/xiangqi,
// and the search from gamesearch. Programs that handle both games with one code path use it:
// the UCI/UCCI engine (package uci), the terminal game, the match and bench tools.
package engine
