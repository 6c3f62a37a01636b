package chess

// Evaluation weights, centipawns, middlegame (MG) and endgame (EG).
//
// Provenance: hand-set. The material values are PeSTO's (see eval.go); the pawn structure and
// king shield weights are this package's earlier round numbers; the other terms take round
// numbers of the sizes Stockfish's classical evaluation gave the same ideas (its threat,
// hanging, tempo and outpost values scaled from its pawn of 126/208 to PeSTO's 82/94).
// examples/dev/tune rewrites this file with fitted values and records the build, seed and
// positions here.

// materialMG and materialEG are the piece values: pawn, knight, bishop, rook, queen, king.
var (
	materialMG = [6]int{82, 337, 365, 477, 1025, 0}
	materialEG = [6]int{94, 281, 297, 512, 936, 0}
)

// termMG and termEG weigh the terms of eval_terms.go, indexed by term.
var (
	termMG = [numTerms]int{4, 4, 2, 1, 25, 12, 25, 45, -10, -10, 12, 6, -18, 50, 30, 40, 1, 15, 20}
	termEG = [numTerms]int{4, 5, 4, 2, 10, 6, 50, 30, -20, -15, 0, 0, 0, 35, 15, 25, 3, 5, 10}
)
