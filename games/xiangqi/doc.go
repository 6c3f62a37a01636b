// Package xiangqi implements the rules of xiangqi (Chinese chess, cờ tướng, 象棋) for the
// cotuong engine: a value-type Position with legal move generation, FEN in and out, moves in
// UCI/ICCS coordinates and in WXF, Chinese and Vietnamese notation, an incremental Zobrist
// key, a tapered evaluation (material, piece-square values and positional terms), the NNUE
// feature set of an optional neural evaluation, perft, and a Game that decides results.
//
// # Board and notation
//
// Squares are numbered file + 9*rank: files a..i from Red's left, ranks 0..9 from Red's side,
// so Red's general starts on e0 and Black's on e9. Moves are written in UCI as this project
// and ICCS use it ("h2e2", "H2-E2"); Fairy-Stockfish writes the same move with ranks 1-10
// ("h3e3"). FEN lists ranks 9 to 0 with Red in upper case and the letters K A B N R C P
// (E and H are accepted for elephant and horse, and r for Red to move).
//
// Games go out and come in as PGN (WritePGN, ReadPGN): out in the dialect of pychess-variants,
// with [Variant "Xiangqi"], a FEN tag for set-up and handicap starts and Fairy-Stockfish's SAN
// (Position.SAN: "Hg3", ranks 1-10); in with SAN, UCI, ICCS, WXF or Chinese moves
// (ParseAnyMove). ImportRecord also reads a bare FEN. The rules lesson's data is in the subpackage lessons.
//
// # Rules
//
// The rules are those of the WXF/AXF: the flying-general rule (no move may leave the generals
// facing on an open file), blocked horse legs and elephant eyes, elephants staying on their
// side of the river, advisors and generals in the palace, the cannon capturing over exactly
// one screen, soldiers moving sideways only after crossing the river. Having no legal move
// loses, in check or not. A game is drawn after DefaultMoveLimit (120) plies without a
// capture (Position.SetMoveLimit, Game.SetMoveLimit change it; 0 turns it off), where, as in
// the AXF rules and Fairy-Stockfish, checks beyond MoveLimitChecks (10) by one side do not
// count (Position.MoveLimitPlies; a checkmate on the limit still wins), or when
// neither side has a piece that can cross the river. A position occurring for the
// DefaultRepetitionCount-th (3rd) time ends the game (Game.SetRepetitionCount changes it): a
// side that checked or chased with every one of its moves since the first occurrence
// (perpetual check 長將, perpetual chase 長捉, or one check one chase 一將一捉), while the other
// did not, loses; a perpetual check outweighs a chase; otherwise it is a draw. Chase
// detection (Position.MoveThreats) follows the WXF/AXF rules as Fairy-Stockfish implements them: a new
// threat to capture a piece that is not really protected, a horse or cannon attacking a
// chariot even when protected, discovered threats, fake protection (a pinned protector, a
// cannon without its screen, a general that would face the other), pins that undermine a
// protector, and set-up discovered checks; the general and soldiers may attack freely.
// Result.Explain says the ruling in words, naming the pieces and squares. The search applies
// the same ruling to repetitions inside its tree through Position.JudgeRepetition, with the
// chases of each move of the cycle from Position.MoveThreats (computed only when a
// repetition is found) and Game.History; it claims a win or a loss only at the third
// occurrence, as the rules end the game.
//
// # Search
//
// Position implements gamesearch.Position[Position, Move] with the optional NoisyMover
// (captures), StagedMover (moves generated in stages: the table move, captures, then quiet
// moves), MoveOrderer (MVV-LVA), ExchangeEvaluator (SEE: cannon screens, horse legs and
// elephant eyes recomputed as pieces leave), PieceToKeyer (continuation history), NullMover,
// CheckGiver and QuietCheckGenerator (checks tested before a move is made, and the quiet
// checks of quiescence), EvalKeyer (the evaluation cache) and RepetitionJudge interfaces:
//
//	s := xiangqi.NewSearcher(gamesearch.Options[xiangqi.Move]{})
//	res := s.Search(ctx, g.Position(), g.History(), gamesearch.Limits{Depth: 8})
//
// # Evaluation
//
// Position.Evaluate returns centipawns from the side to move's view: material and
// piece-square values kept up to date move by move, plus positional terms (the mobility of
// each piece kind, pins to the general, attackers near the palace, the hollow and the bottom
// cannon, a trapped horse, the advisors and elephants against the attacking material),
// opening and endgame sums blended by the phase, and scaled towards a draw when the side
// ahead cannot win with what it has. Position.SetPlainEval leaves the positional terms out
// (the weakest levels). EvalParams lists the weights and Position.EvalTrace takes a score
// apart into the counts they multiply, for tuning (examples/dev/tune).
//
// A neural evaluation (package nnue) can take the place of Evaluate in a search: NNUEFeatures
// is the xiangqi feature set (each piece on each point, seen from each side, optionally keyed
// by the own general's palace point), LoadNNUE reads a weight file (examples/dev/nnuetrain
// writes them), and NewNNUE makes the evaluator that gamesearch's neural hook uses
// (gamesearch.Searcher.SetNeural); DefaultNNUE is the network shipped with the package.
package xiangqi
