package puzzles

// The shipped sets, written by examples/dev/puzzles from seeded self-play games (see the package
// documentation); the same commands write the same files.
//go:generate go run ../examples/dev/puzzles -game xiangqi -seeds 1-700 -max 330 -out xiangqi.tsv
//go:generate go run ../examples/dev/puzzles -game chess -seeds 1-200 -max 8 -out chess.tsv
