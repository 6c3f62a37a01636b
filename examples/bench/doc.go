// Command bench is the fixed-position experiment of the cotuong project: it searches ten
// fixed positions per game (testdata/xiangqi.tsv, testdata/chess.tsv — forced captures, mates
// to find, a mate to avoid, a stalemate trap, perpetual check, quiet middlegames, an opening;
// each expected move checked with Fairy-Stockfish 11.1 and Stockfish 15.1) under every
// configuration, N times each, with the gamesearch package in process.
//
// The configurations are the levels of package levels (Beginner .. Master: each level's depth
// cap, node cap and time; its choice among lines is not modelled, the search's best move is
// what is checked) and any given by -depth, -time and -hash (comma-separated lists; their product is run). Every
// search starts from a cleared transposition table. For each search it records the move
// chosen, whether it is right (in the position's best moves and not in its avoided moves),
// the completed depth (plies), the selective depth, the score (centipawns), the nodes, the
// time and the nodes per second.
//
// What it writes, in -out (default bench-out, made when missing): bench.csv (one line per
// search), and the plots depth.svg (mean completed depth against time budget), nodes.svg
// (mean nodes against time budget, log scale) and solved.svg (positions right in every
// repetition, per configuration) drawn with gonum.org/v1/plot (-plotfmt png for PNG). A summary table per configuration and
// a table of the move chosen per position go to standard output; a progress line per search
// goes to standard error. -cpuprofile writes a CPU profile for go tool pprof.
//
// Examples:
//
//	go run ./examples/bench -n 3                             # both games, every level
//	go run ./examples/bench -game chess -levels none -time 50ms,100ms,200ms,400ms -n 5
//	go run ./examples/bench -game xiangqi -levels master -cpuprofile /tmp/xq.prof
package main
