// Command match plays two UCI engines against each other at xiangqi or chess and measures the
// difference in strength.
//
// Each opening of a book (built in, or -book) is played twice with colours reversed, at a
// fixed time per move (-movetime), a fixed number of nodes per move (-nodes, "go nodes": the
// result does not depend on the machine's load) or with a clock and increment (-tc 10s+100ms), with
// -concurrency games at once (each with its own pair of engine processes). The game's own
// Result (games/xiangqi, games/chess) decides every game: checkmate, stalemate (a loss in
// xiangqi, a draw in chess), perpetual check, move limit, repetition, insufficient material.
// With a clock, an engine that does not answer before its time runs out (it is killed) loses
// on time. Any other failure — a crash, no answer at a fixed time or node budget, an illegal
// move, no move in a live position — is an error of that engine: the game is not scored (not
// in W/D/L, Elo or the SPRT), and the summary names the engine, the failure and the last lines
// it printed. Every read from an engine has a deadline. A score of 0% or 100% is reported as
// having no finite Elo, never as ±inf.
//
// -resign-moves N adjudicates decided games early, as cutechess-cli's two-sided resign rule
// does: a side wins once its engine reported a score of at least -resign-score centipawns
// (default 1000; a mate score counts) on each of its last N moves and the other engine at most
// minus that on each of its last N moves. Both engines must agree, so a game one of them still
// thinks is open goes on. A game the rules end on that same move keeps the rules' result.
//
// A game from the start position is sent as "position startpos [moves ...]", as GUIs send
// it; other openings as "position fen ...". Per-engine conventions: Fairy-Stockfish 11.1 and
// Sjaak II number xiangqi ranks 1-10 in UCI mode where this project uses 0-9 (our h2e2 is
// their h3e3), and Sjaak II reads xiangqi horses and elephants only as H and E in a FEN;
// -ranks1/-ranks2 and -letters1/-letters2 (pairs ours=its, such as N=H,B=E) default to auto,
// which detects both from the engine's id name. Per-side options: -option1 "UCI_LimitStrength=true" -option1
// "UCI_Elo=1500".
//
// It prints W/D/L from engine 1's side, the score, the Elo difference with a 95% confidence
// interval (normal approximation of the trinomial score), and optionally stops early with a
// sequential probability ratio test (-sprt -elo0 0 -elo1 10 -alpha 0.05 -beta 0.05; GSPRT
// log-likelihood ratio). -out writes the games: PGN for chess, "fen <FEN> moves ..." blocks
// for xiangqi.
//
// What it writes: the report (W/D/L, score, Elo, the SPRT's verdict, the engines' failures)
// on standard output; a line per game on standard error (none with -quiet); and, with -out,
// every game to that file once the match is over (replacing the file). Nothing else is
// written.
//
// Example:
//
//	go build -o /tmp/cotuong-uci ./examples/uci
//	go run ./examples/dev/match -game xiangqi -engine1 /tmp/cotuong-uci \
//	    -engine2 /usr/games/fairy-stockfish -option2 UCI_LimitStrength=true \
//	    -option2 UCI_Elo=1500 -movetime 100ms -games 40 -concurrency 2 -out /tmp/xq.txt
package main
