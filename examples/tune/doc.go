// Command tune fits the xiangqi or chess evaluation's weights by the Texel method.
//
// It produces its own training data: self-play games of the current engine at a fixed node
// budget per move (the first plies random, drawn from the seed, for variety), keeping the
// quiet positions (side to move not in check, best move not a capture or promotion) with a
// label mixed from the game result (1, ½, 0 for Red or White) and the search's score mapped
// through the same sigmoid. It then fits every weight of xiangqi.EvalParams or
// chess.EvalParams (material of each kind and each positional term, opening and endgame;
// the piece-square tables stay as they are) by minimising the mean squared error between
// sigmoid(K·eval/400) and the label with full-batch gradient descent (Adam), K first fitted
// to the data with the weights as they are. It writes the weights as Go source (the file
// games/xiangqi/eval_weights.go or games/chess/eval_weights.go) recording the build, the
// seed and the number of positions. The same flags and seed give the same data and the same
// weights.
//
// Usage:
//
//	go run ./examples/tune -seed 1 -games 400 -nodes 4000 -data /tmp/xq.txt -out games/xiangqi/eval_weights.go
//	go run ./examples/tune -games 0 -data /tmp/xq.txt -out /tmp/weights.go   # fit saved data only
//	go run ./examples/tune -game chess -seed 1 -games 400 -out games/chess/eval_weights.go
//
// The data file holds one position a line: the label (Red's expected score, 0..1), a space,
// and the FEN. It is regenerated at will and is not kept in the repository.
package main
