// Package uciproto parses the lines a chess or xiangqi GUI sends to an engine, in the UCI
// protocol (as Stockfish and Fairy-Stockfish speak it) and in UCCI, the xiangqi dialect of
// ElephantEye and its GUIs. The functions here are pure: they turn one line into a Command and
// know nothing of games, positions or search. Moves and FENs are returned as the strings
// received; the engine checks them against the game.
//
// Times are returned as time.Duration. UCI sends them in milliseconds; UCCI sends them in
// seconds unless the GUI has set "usemillisec true", so Parse takes the unit of UCCI times.
package uciproto
