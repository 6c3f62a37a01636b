// Package conformance is the test suite every game plugin of gamesearch passes.
//
// A plugin describes itself with a [Game]: how to parse and format a position, its start
// position, reference perft rows, and a handful of positions whose labels come from outside
// the plugin's code (rule books, other engines): checkmated, stalemated, mate in N, a single
// legal move, drawn by a rule. Its own tests then call [Run]:
//
//	func TestConformance(t *testing.T) {
//		conformance.Run(t, conformance.Game[xiangqi.Position, *xiangqi.Position, xiangqi.Move]{
//			Name:       "xiangqi",
//			Parse:      xiangqi.ParseFEN,
//			Format:     (*xiangqi.Position).FEN,
//			FormatMove: xiangqi.Move.UCI,
//			Start:      xiangqi.StartFEN,
//			// ... labelled positions and perft rows
//		})
//	}
//
// [Check] runs the same checks without a *testing.T and returns the failures as errors.
//
// The suite checks, for every game:
//   - round trip: parse → format → parse gives an equal position (== or reflect.DeepEqual
//     unless Game.Equal is set) with an equal Zobrist hash, for every labelled position and every
//     position of the random playouts and their children;
//   - legal moves: LegalMoves appends to dst, lists no move twice, gives the same list on a
//     second call and on a fresh parse of the same text; After applies each move without a
//     panic and leaves the receiver unchanged (value, text and hash); every NoisyMoves move is
//     legal and the set agrees with MoveOrderer.CaptureKey's noisy flag when both are
//     implemented; Evaluate stays inside (-MateBound, MateBound); when *P implements
//     gamesearch.CheckGiver, GivesCheck of each legal move agrees with InCheck after it; when
//     it implements gamesearch.EvalKeyer, positions of the playouts with equal EvalKey have
//     equal Evaluate results; when it implements gamesearch.QuietCheckGenerator, QuietChecks
//     returns the moves of QuietMoves that give check, in their order;
//   - distinct keys: distinct positions met in the playouts (the position on each ply and
//     every child, told apart by their text without trailing move counters) have distinct
//     hashes; when *P implements gamesearch.NullMover, the position after a null move (taken
//     wherever the side to move is not in check) has a hash different from its parent's and
//     equal to a fresh parse of its text, so a hash that leaves out the side to move fails;
//   - transpositions: in the random playouts, the same position reached by two move orders
//     (moves i, i+1, i+2 played as i+2, i+1, i) has the same hash, equal to the hash of a fresh
//     parse of its text;
//   - labels: checkmated positions have no legal move and are in check; stalemated positions
//     have no legal move, are not in check, and LossOnStalemate agrees with the game's rule;
//     in-check positions are in check; drawn positions report Drawn, the other labelled
//     positions do not;
//   - random playouts from the start position with fixed seeds end by a game rule (no legal
//     move, Drawn, or a third occurrence of a position) within a ply cap;
//   - perft: gamesearch.Perft matches every reference row up to a node cap;
//   - see: each SEE case (a static exchange worked out by hand) is exactly its value:
//     SEE(m, v) holds and SEE(m, v+1) does not;
//   - nullmove: each NullMove case's pass gives the expected text, with the hash and the
//     evaluation of that text parsed from scratch, and leaves the receiver unchanged; each
//     NonPawnMaterial case gets its label from HasNonPawnMaterial;
//   - piecekeys: along a fixed 40-ply walk from the start, every legal move's PieceTo key is
//     in [0, PieceToKeys), and moves share a key only when Game.MovedTo names the same piece
//     and destination for them;
//   - search: at a terminal root Search returns HasMove false and the score the rules give
//     (-Mate when checkmated or when stalemate loses, else 0); from every non-terminal
//     labelled position it returns a legal move whose principal variation is legal; it finds
//     each mate in N with score Mate-(2N-1) and the expected first move; it plays the only
//     legal move; it returns within 3 s (a loaded machine's stall) of a cancel at 20 ms and
//     of a 50 ms budget, completes a depth limit exactly and keeps to a node limit; and
//     several goroutines searching copies of one position at once get the same result (run
//     the tests with -race); the game's own searcher (Game.Searcher), to depth 2N+1, finds
//     each mate in N with score Mate-(2N-1) and a principal variation that ends in a lost
//     position (in check for a checkmate).
//
// Every failure names the game, the check, the position text and, where there is one, the
// move.
package conformance
