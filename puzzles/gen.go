package puzzles

// The shipped sets, written by examples/dev/puzzles from seeded self-play games (see the package
// documentation); the first command of each writes the same file again, the second has outside
// engines judge it at a fixed depth and drops the puzzles they find wrong (each drop stays in
// the file as a comment), and -retag finds the motifs again without replaying the games.
//go:generate go run ../examples/dev/puzzles -game xiangqi -seeds 1-700 -max 330 -out xiangqi.tsv
//go:generate go run ../examples/dev/puzzles -game chess -seeds 1-200 -max 8 -out chess.tsv
//go:generate go run ../examples/dev/puzzles -game chess -check chess.tsv -engines stockfish=/usr/games/stockfish -depth 16 -out chess.tsv
