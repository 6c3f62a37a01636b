// Package chess implements the rules of chess (FIDE Laws of Chess) for the cotuong search:
// a compact bitboard Position value with legal move generation, FEN, UCI and SAN moves, PGN
// reading and writing, game results, Zobrist hashing, a tapered evaluation and perft.
//
// # Board and moves
//
// Squares are numbered a1 = 0 ... h8 = 63 (SquareAt(file, rank)). A Move is a uint16 packing
// from, to, a promotion piece and a flag for castling, en passant and promotion; Move.UCI
// writes "e2e4" or "e7e8q", and castling is the king's move ("e1g1"). Position.ParseMove reads
// UCI or SAN and explains why a move is refused; Position.SAN writes SAN with disambiguation,
// "+" and "#".
//
// Sliding attacks use "fancy" magic bitboards. The magic numbers come from this package's own
// seeded search and are stored in its source; package initialisation checks each one while it
// fills the tables and searches anew for any that does not work.
// Moves are generated legal directly, with pin and check masks; en passant is verified on the
// occupancy, which also catches the rank pin where both pawns leave the king's rank.
//
// # Rules and conventions
//
//   - The en passant square is kept in a Position (and printed in its FEN, and hashed) only when
//     an en passant capture is legal, so positions that are the same under FIDE Laws 9.2.3 have
//     equal Hash values and compare equal. ParseFEN still rejects an en passant field that could
//     not be right (wrong rank, no pawn that just moved two squares past it).
//   - ParseFEN needs the piece placement and the side to move; missing castling, en passant and
//     clock fields default to "-", "-", 0 and 1.
//   - Drawn (for the search) is the 50-move rule (half-move clock >= 100) or insufficient
//     material; Game.Result adds checkmate (which takes precedence), stalemate and threefold
//     repetition (the start position counts). LossOnStalemate is false.
//   - Evaluate uses Ronald Friederich's published PeSTO material values and piece-square tables,
//     tapered by game phase, plus pawn-structure and king-shield terms (centipawns, side to
//     move's point of view).
//
// A neural evaluation (package nnue) can take the place of Evaluate in a search:
// NNUEFeatures is the chess feature set (each piece on each square, own or other, seen from
// each side with the board rank-flipped for Black: 768 inputs), LoadNNUE reads a weight file
// (examples/dev/datagen and examples/dev/nnuetrain with -game chess make them), and NewNNUE makes the
// evaluator that gamesearch's neural hook uses (gamesearch.Searcher.SetNeural). DefaultNNUE is
// the network shipped with the package.
//
// Position implements gamesearch.Position[Position, Move], gamesearch.NoisyMover[Move] and
// gamesearch.MoveOrderer[Move], gamesearch.ExchangeEvaluator[Move] (SEE with x-rays),
// gamesearch.PieceToKeyer[Move] (continuation history), gamesearch.NullMover, and
// gamesearch.MoveCounter for perft:
//
//	s := chess.NewSearcher(gamesearch.Options[chess.Move]{}) // gamesearch.New[chess.Position, *chess.Position, chess.Move]
package chess
