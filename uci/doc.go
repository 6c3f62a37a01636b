// Package uci is the engine's protocol: UCI (as Stockfish and Fairy-Stockfish speak it) for
// chess and xiangqi, and UCCI, the xiangqi dialect of ElephantEye and its GUIs, over the
// game-agnostic engine of package engine. New makes an engine writing to an io.Writer; Run
// reads commands from an io.Reader, so a main is two lines and tests drive it in-process
// through pipes. examples/uci is that main.
//
// Parse turns one line a GUI sends into a Command, and Info formats a search report; both are
// pure and know nothing of games. Times are returned as time.Duration: UCI sends them in
// milliseconds, UCCI in seconds unless the GUI has set "usemillisec true".
//
// # Commands
//
// UCI as Stockfish and Fairy-Stockfish speak it: uci, isready, ucinewgame, setoption,
// position startpos|fen F [moves ...], go (wtime btime winc binc movestogo movetime depth
// nodes mate infinite ponder searchmoves perft), stop, ponderhit, quit, debug on|off,
// register (ignored), and d (print the board and FEN). UCCI: ucci (answered with ucciok),
// setoption NAME VALUE (usemillisec, hashsize, threads, ponder, randomness, newgame; the
// other UCCI options are accepted and ignored), position, banmoves, go [ponder|draw] time T
// [movestogo N | increment I] [opptime ...], go depth/nodes/infinite, quit (answered with
// bye). UCCI times are in seconds unless "setoption usemillisec true".
//
// Xiangqi moves use ranks 0-9 from Red's side (h2e2), as Pikafish and UCCI GUIs do;
// Fairy-Stockfish's UCI mode numbers them 1-10 (h3e3), which this engine does not read.
//
// The engine always reads its input. Searches and perft run on the goroutine of an
// engine.Session, so stop, isready, ponderhit and quit are answered at any moment, and no
// command waits for a search (a stopped search takes a moment to print its bestmove). Every
// go prints exactly one bestmove (UCCI: bestmove or nobestmove), also after stop; go
// infinite, go ponder and a go without any limit hold it until stop (or ponderhit). go mate N
// caps no depth (a selective search may need more than 2N+1 plies to prove a mate in N): it
// searches until it has found a mate in at most N moves, then answers with it ("score mate
// K", K ≤ N, and the bestmove of that line), or until stop or the other limits given (depth,
// nodes, movetime, clock); with none and no such mate, until stop, as Stockfish does, or
// until its deepest iteration (gamesearch.MaxPly-1 plies) ends the search; a longer mate
// found meanwhile does not end it. A stop with no search running is not answered in UCI;
// UCCI answers it with nobestmove, as its document recommends and ElephantEye does, so that a
// GUI that lost track does not wait. A go
// while a search runs stops that search first (it answers with its best move so far) and
// says so in an info string; setoption Hash, Threads, UCI_Variant and Clear Hash during a
// search are refused with an info string. A limit with a bad value (go depth abc, go nodes
// -5, go wtime x: not a number, or a negative or zero depth, nodes or mate, a negative time
// or moves-to-go) is named in an "info string" and left out; if that leaves a go that asked
// for limits without any valid one, the engine searches for InvalidLimitTime (1 s) and
// answers, rather than searching until a stop that a GUI waiting for bestmove would never
// send. A negative clock counts as 0 ms (the shortest think). A position sent while
// searching applies to the next go. A go perft whose depth is not a positive number (go
// perft 0) is refused with an info string and starts nothing, no search and no bestmove
// (Stockfish 15.1 starts an endless search instead). A move of banmoves or go searchmoves
// that cannot be read, or is not legal, is named in an info string and left out; banmoves
// then says which moves are still banned, and a searchmoves list with no move left searches
// all moves and says so. go perft N (N up to engine.MaxPerftDepth) prints
// "move: count" lines, a blank line and "Nodes searched: N"; stop ends it early, with an info
// string saying the count covers the moves listed; quit ends it with an info string and no
// count (at the end of the input without quit, the count finishes).
//
// At a root without legal moves the engine prints "info depth 0 score mate 0" (checkmate, and
// xiangqi stalemate, which loses) or "info depth 0 score cp 0" (chess stalemate) and
// "bestmove (none)". Bad input (an unknown command, a malformed FEN, an illegal move in
// position ... moves, a go before any position, a bad option value) is answered with
// "info string" naming the problem. A refused position command leaves no position to
// search: the next go is answered with an info string naming that command and "bestmove
// 0000" (UCCI: nobestmove), never with a move of an earlier position the GUI no longer
// shows. Legal moves after the game package's rules have ended the game (a repetition, a
// move limit) are accepted, since GUIs may play on.
//
// # Options
//
//	UCI_Variant        combo  chess (default) | xiangqi; a change drops the position. A xiangqi
//	                          FEN (10 ranks) sent while it is chess switches it to xiangqi,
//	                          with an info string (GUIs that never set it, as with Pikafish)
//	Hash               spin   16 MiB, 1..1024
//	Clear Hash         button
//	Threads            spin   1, 1..64: search goroutines (Lazy SMP, sharing the hash table)
//	MultiPV            spin   1..64
//	Move Overhead      spin   30 ms, 0..5000: margin per move for GUI and pipe lag
//	Ponder             check  false (go ponder is accepted either way)
//	Skill Level        spin   20, 0..20: the levels ladder, 0 its weakest level, 20 full strength
//	UCI_LimitStrength  check  false: when true, UCI_Elo sets the strength instead
//	UCI_Elo            spin   2450, 1000..2450 (engine.EloMin..EloMax)
//	Use NNUE           check  true:  searches evaluate with the network of EvalFile, or
//	                          the game's shipped one (xiangqi.DefaultNNUE,
//	                          chess.DefaultNNUE); a reduced strength (Skill Level < 20,
//	                          UCI_LimitStrength) plays with the classical evaluation its
//	                          level was calibrated with
//	EvalFile           string "": an NNUE weight file of either game (examples/dev/nnuetrain),
//	                          loaded when set; the feature-set name it records picks the
//	                          game (xiangqi-psq-1260-1 or xiangqi-kpsq-11340-1: xiangqi,
//	                          xiangqi.LoadNNUE; chess-psq-768-1: chess, chess.LoadNNUE), and
//	                          another name is refused naming the file and these; the other
//	                          game, and both when empty, use their shipped networks
//
// # Strength
//
// Both options play a level of the levels ladder (Beginner ... Master; levels.All), the one
// table that also drives the terminal game and the app. UCI_Elo plays the level whose stated
// rating it names, interpolating between two levels (levels.ForElo); the rating is on the
// variant's scale, Fairy-Stockfish 11.1's UCI_Elo for xiangqi (1150..2450) and Stockfish
// 15.1's for chess (1000..2050), both CCRL-anchored chess scales, measured at about 100 ms a
// move of the peer (28 000 xiangqi or 52 000 chess nodes a move; levels.RatedMoveTime; the
// measured values are levels.Calibration). A rating below the
// variant's ladder plays its weakest level. Skill Level spreads 0..20 linearly over the
// ladder (levels.ForSkill); UCCI randomness none/tiny/small/medium/large/huge maps to skill
// 20/16/12/8/4/0.
//
// A level below the top searches within its depth and node caps (at most 28 000 nodes, so the
// GUI's clock rarely matters), MultiPV root lines, and draws its move among the lines within
// its margin of the best after a per-game fixed noise, redrawn by ucinewgame; a forced mate is
// always played and a mated line never. The two weakest evaluate without positional knowledge.
// The top level (UCI_Elo 2450 or 2050, Skill Level 20) is full strength: it uses the GUI's
// time, and plays stronger than its rating when given more than 100 ms a move.
//
// # Time
//
// With a clock, engine.Budget turns the side to move's time, increment and moves-to-go
// into a per-move budget after setting aside Move Overhead; go movetime is spent whole, as
// Stockfish and Fairy-Stockfish spend it (Move Overhead is for clocks). The budget is passed
// to the search, with a context deadline a little later as a backstop.
package uci
