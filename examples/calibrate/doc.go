// Command calibrate measures the rating of each level of the levels ladder against a rated
// peer and writes the table: levels/calibration_<game>.go (Go source, levels.Calibration)
// and the block between the calibration markers of the README.
//
// For each level it plays a match with the project's match tool (examples/match, built into a
// temporary folder with examples/uci): our engine with UCI_LimitStrength and UCI_Elo set to
// the level's stated rating (which selects exactly that level) against the peer with
// UCI_LimitStrength and UCI_Elo at the setting nearest that rating (Fairy-Stockfish 11.1 and
// Stockfish 15.1 accept 1350 to 2850), at a fixed time per move, each opening of the built-in
// book played twice with colours reversed. The level's rating is the peer's setting plus the
// match's Elo difference, with the match's 95 % interval; a level below the peer's lowest
// setting is measured against that setting.
//
// Ratings move whenever the search or the evaluation gets stronger: re-run it, one command:
//
//	go run ./examples/calibrate -games 100            # xiangqi against /usr/games/fairy-stockfish
//	go run ./examples/calibrate -game chess -games 100 # chess against /usr/games/stockfish
//
// On a loaded machine the clock, not a level's caps, may stop the engines at 100 ms a move:
// -nodes N gives both engines N nodes a move instead ("go nodes N"), a result that does not
// depend on the load (about 28000 xiangqi or 52000 chess nodes are 100 ms of the peer's search
// on one core of the reference machine; the README's tables were measured so).
//
// At -nodes both engines' searches are deterministic but for the levels' per-game noise and
// the peer's own randomness when its strength is limited; -book gives a file of openings
// (one per line, as examples/match reads them) for more distinct games than the built-in
// book's 20 openings. -concurrency plays several games at once, and -resign-moves N
// -resign-score S adjudicates a game once both engines agree for N moves each that one side
// is S centipawns ahead (examples/match's two-sided resign rule), which shortens the many
// decided games of a calibration.
//
// -levels picks some levels (-levels 1,2,8), -dry prints the table without writing files.
// The table is written after each level, so an interrupted run keeps the levels it measured.
// -check plays the independent check instead: our UCI_Elo 1500 against the peer's 1500, and
// our lowest UCI_Elo against the peer's lowest setting.
package main
