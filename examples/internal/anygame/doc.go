// Package anygame lets the example programs handle chess and xiangqi with one code path. It
// wraps a game of games/chess or games/xiangqi behind the Game interface (moves are opaque
// Move values, text goes in and out in each game's notation) and the generic search of
// gamesearch behind Engine. It holds no rules: legality, notation and results all come from
// the game packages, and the search from gamesearch.
package anygame
