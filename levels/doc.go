// Package levels is the ladder of playing strengths shared by the terminal game
// (examples/play), the Android app and the UCI engine (Skill Level, UCI_LimitStrength and
// UCI_Elo): eight levels from Beginner to Master, each with a name, a stated rating per game
// and the way it weakens the search.
//
// Ratings are on Fairy-Stockfish 11.1's UCI_Elo scale for xiangqi and Stockfish 15.1's for
// chess; both engines use Stockfish's CCRL-anchored formula, so both are chess Elo scales
// (Scale.Describe says so in words). examples/dev/calibrate measures each level against
// Fairy-Stockfish (or Stockfish for chess) and records the result, which Calibration returns
// and docs/levels.md shows.
//
// A level weakens the search the way a person is weak, not by throwing pieces away: depth
// and node caps (it misses deep tactics and plans; below the top level the caps, not a clock,
// decide the move, so it plays alike at any thinking time), evaluation knowledge switched off
// at the bottom (Plain: material and piece-square values only), a per-game fixed evaluation noise on the
// root lines (its misjudgements are consistent within a game and differ between games), and
// a draw among the MultiPV lines weighted by score, bounded so that the middle levels never
// leave a chariot to be taken (Level, Choose). Only the bottom two levels sometimes widen
// the draw enough to miss a one-move capture (Slip). A frontend lets the level appear to
// think for a natural time (Pause) that grows with the level and the number of moves.
//
// A caller searches with Limits (or narrows a GUI's limits with Apply), then plays the line
// Choose picks from the result, with a Noise drawn when the game starts. Every front end
// (the app, the terminal game, the UCI engine) does this through package engine
// (engine.Strength.Choose, engine.Session), which keys the noise in one way.
package levels
