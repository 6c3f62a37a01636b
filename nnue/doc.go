// Package nnue is a game-agnostic NNUE ("efficiently updatable neural
// network") evaluation: a small network whose first layer is kept up to date
// move by move instead of being recomputed, with a float trainer in pure Go
// and an integer inference path. It imports no game and nothing of
// gamesearch; a game plugs in by implementing FeatureSet.
//
// # Architecture
//
// The network is (N → H) × 2 → 1, the "perspective" shape of Stockfish's
// HalfKP nets without their hidden layers, commonly written (N→H)×2→1:
//
//   - Inputs: N binary features per perspective. A perspective is one
//     side's view of the position; the game's FeatureSet lists the active
//     feature indices of each (for xiangqi a first choice is 14 piece kinds ×
//     90 squares = 1,260, the board rank-flipped for Black; HalfKP-like sets
//     also key each index by the own king's square or bucket).
//   - Accumulator (feature transformer): for each perspective, the H-vector
//     B1 + Σ W1[f] over its active features f. The two perspectives share W1
//     and B1. Because a move changes only a few features, a child's
//     accumulator is its parent's plus a few rows minus a few rows
//     (Accumulator.UpdateFrom); a move that changes every feature's meaning
//     (a king changing bucket) asks for a refresh of that perspective.
//   - Activation: clipped ReLU (CReLU), crelu(x) = min(max(x, 0), 1).
//   - Output: the two activated vectors, the side to move's first, then the
//     other side's, go through one linear layer: out = B2 + W2 · [stm, other].
//     The evaluation is out · Scale centipawns, from the side to move.
//
// The activation is CReLU, not the squared SCReLU: with QA = 255 and int16
// output weights, Σ crelu(a)·w over 2H ≤ 8192 terms stays far inside int32
// for every weight the trainer produces, so the integer path needs no wider
// sums or extra shifts, quantisation is a plain rounding whose error the
// tests can predict, and the vector kernel is one VPMADDWD per 16 lanes. The
// weight file records the activation; CReLU (code 1) is the only one read.
// The network has no hidden layer between the accumulator and the output: a
// narrow single layer, suited to training sets of a few million positions,
// with less capacity than the deeper networks of Stockfish and Pikafish.
//
// # Quantisation
//
// The integer Network stores W1 and B1 as int16 scaled by QA = 255 (an
// activation of 1.0 is 255), W2 as int16 scaled by QB = 64 and B2 as int32
// scaled by QA·QB. Inference adds int16 rows (wrapping, like the vector
// instructions), clips to [0, QA], multiplies by W2 and sums in int32, adds
// B2 and returns sum·Scale/(QA·QB) truncated toward zero. The trainer clips
// every weight to ±1.98 so that |W1|·QA ≤ 505 and |W2|·QB ≤ 127; the
// accumulator of k active features then stays within int16 for k ≤ 63 even
// in the worst case (in practice rows cancel and far more fit). The output
// weight step of 1/64 (6.25 cp per unit of activation) dominates the
// rounding error: about 6, 12 and 25 cp rms at H = 16, 64 and 256 on random
// weights of trained magnitude (TestQuantisedMatchesFloat); it grows like
// √H and with how many activations sit away from zero.
//
// # Kernels
//
// Three inner loops do all the work: the fused row add/subtract of
// Refresh/Update/UpdateFrom and the clipped dot product of Evaluate. Their
// pure-Go versions are always built. With GOEXPERIMENT=simd on amd64 (Go
// 1.26's simd/archsimd), AVX2 versions replace them at start-up if the CPU
// has AVX2; they give bit-identical results (TestKernelsAgree compares them
// over random data at widths 1 to 513). Kernels reports
// which set is in use.
//
// # How a game plugs in
//
// The game implements FeatureSet[P, M] for its position and move types:
// Inputs, Name, Active (the active features of a perspective, appended to
// the caller's slice without allocating) and Changes (a move's added and
// removed features per perspective, or a refresh). Evaluator ties the
// feature set to a loaded Network: the searcher keeps one State (two
// Accumulators, indexed by side, not by who is to move) in each ply's frame,
// calls Evaluator.Refresh at the root, Evaluator.Apply from a parent's frame
// into the child's frame after each move, and Evaluator.Evaluate at a leaf.
// Nothing is copied per node but the 2·H int16 values, and nothing
// allocates. A network file names the feature set it was trained for, and
// Load and NewEvaluator refuse a mismatch. Package nnuesearch does that
// wiring once for every game: its NNUE binds a network to a feature set as a
// gamesearch.Neural, and a game's NNUE type (games/xiangqi, games/chess) is
// that type instantiated. Decode is the body of a game's DecodeFunc.
//
// # Training
//
// A game's data generator writes Samples (position text such as a FEN, a
// search score in centipawns and the game result, both from the side to
// move) with WriteSample, one line each: "<fen> | <score> | <result>".
// ReadDataset reads them back, turning each position into features with a
// DecodeFunc the game supplies. Train fits a float32 Model with mini-batch
// Adam on the loss (σ(out·Scale/K) − t)², t = λ·σ(score/K) + (1−λ)·result,
// shuffling every epoch, holding out a validation fraction, splitting each
// batch among GOMAXPROCS goroutines and stepping only the first-layer rows a
// batch touched. Model.Quantise gives the Network; Save writes it.
//
// # Weight file
//
// Little-endian: the 8-byte magic "cotnnue\x1a", a uint16 format version
// (1), a byte for the activation (1 = CReLU), the feature-set name (a length
// byte and the bytes), N and H (uint32), QA, QB and Scale (uint16), then W1
// (N·H int16, feature-major), B1 (H int16), W2 (2H int16), B2 (int32) and a
// CRC-32 (IEEE) of everything before it. See Save for the offsets and Load
// for the errors; Load never panics on bad input (FuzzLoad). SaveModel and
// LoadModel keep a float Model in the same layout (magic "cotnnuef", float32
// weights) so that training can resume, e.g. on the next round of data.
package nnue
