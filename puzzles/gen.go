package puzzles

// The shipped sets, written by examples/dev/puzzles from seeded self-play games (see the package
// documentation); the first command of each writes the same file again, the second has outside
// engines judge it at a fixed depth and drops the puzzles they find wrong (each drop stays in
// the file as a comment), and -retag finds the motifs again without replaying the games.
//
// The xiangqi run: 1,301 puzzles from seeds 1-688 in 27 minutes (niced, one thread, at a load of
// 7-12 on two cores); Fairy-Stockfish 11.1 and Pikafish-HCE at depth 12 judged all of them and
// dropped 73 (32 defensive moves that another move also holds, 39 material wins that another
// move also wins or that do not win, 2 mates in 5 that mate sooner), leaving 1,228.
//go:generate go run ../examples/dev/puzzles -game xiangqi -seeds 1-5000 -max 1300 -out xiangqi.tsv
//go:generate go run ../examples/dev/puzzles -game xiangqi -check xiangqi.tsv -depth 12 -out xiangqi.tsv
//go:generate go run ../examples/dev/puzzles -game chess -seeds 1-200 -max 8 -out chess.tsv
//go:generate go run ../examples/dev/puzzles -game chess -check chess.tsv -engines stockfish=/usr/games/stockfish -depth 16 -out chess.tsv
