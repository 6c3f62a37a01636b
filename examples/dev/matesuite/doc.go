// Command matesuite measures how well a UCI engine finds mates: it sends each position of a
// mate suite to the engine with "go movetime MS" and counts the mates the engine reports.
//
// It reads an EPD file (-epd) whose lines are "FEN bm #X; ..." (the FEN's first four fields
// are enough; X > 0: the side to move mates in X moves, X < 0: it is mated in -X), as
// vondele/matetrack's matetrack.epd is. The suite is fetched data and is not part of this
// repository: get it with
//
//	curl -O https://raw.githubusercontent.com/vondele/matetrack/master/matetrack.epd
//
// (or, from a clone, git show HEAD:matetrack.epd > matetrack.epd). -every N takes every Nth
// line (lines 1, 1+N, 1+2N, …: a deterministic sample; -every 33 takes 199 of matetrack's
// 6554), -limit caps the count.
//
// The engine (-engine: a program and its arguments, split at spaces; any UCI engine, e.g.
// this project's examples/uci or Stockfish) is started once; each position gets
// "ucinewgame", "position fen F" and "go movetime MS" (-movetime, default 1000 ms; or "go
// nodes N" with -nodes N, a budget that does not depend on the machine's load), and the
// score of the last "info ... score" line of multipv 1 (bounds skipped) before "bestmove" is
// its verdict. A position is "found" when that score is a mate with the sign of X (K > 0 for
// X > 0, K < 0 for X < 0) and "best" when K equals X. A mate shorter than X is counted as
// well ("shorter"): the suite says no such mate exists, so it is a wrong claim (or an error
// of the suite). -variant sets UCI_Variant first (e.g. xiangqi for a xiangqi suite), and
// -option Name=Value any other option (repeatable).
//
// What it writes: the engine's name, the sample, and "found F/T", "best B/T", "shorter S" and
// the time taken on standard output; with -v a line per position on standard error. Nothing
// else is written. The exit status is 0 when the run completed, 1 when the engine failed
// (it did not start, died, or gave no bestmove within movetime + 10 s), 2 on bad flags or an
// unreadable suite.
package main
