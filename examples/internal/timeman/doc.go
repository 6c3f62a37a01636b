// Package timeman turns a chess or xiangqi clock into a thinking time for one move.
//
// The rule is deliberately simple and safe. Of the time left on the clock, a Move Overhead
// margin (the lag between the GUI's clock and the engine: process start, pipes, the GUI's
// own latency) is set aside for this move and for each of the next moves up to ten. The rest
// is shared over the moves to the next time control (MovesToGo, or SuddenDeathMoves when the
// game has none), three quarters of the increment are added, and the result is capped at a
// fraction of the clock less one overhead (half of it when this move reaches the time
// control, a quarter otherwise), so a string of bad estimates can never empty the clock. At 1 s + 0.1 s the budget settles near the increment and the
// clock does not run down.
package timeman
