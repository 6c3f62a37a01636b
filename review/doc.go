// Package review is the engine's teacher: it analyses a game of either variant, judges each
// move, explains mistakes in words derived from the engine's lines, and gives hints, threats
// and a game summary. It holds no rules: positions, notation, piece names, the static
// exchange evaluation and the null move come from the game packages through package engine.
//
// # Analysis
//
// Analyze searches every position of a game at full strength to a fixed node budget
// (DefaultNodes = 150,000 nodes a position, one search thread, a 16 MiB table cleared at the
// start of each analysis, positions searched first to last, a position the game had reached
// before counted as repeated only at its third occurrence, as the rules count it:
// gamesearch.Options.ThirdOccurrence), so the same game gives the same analysis on every
// device. Analysis.MarshalText writes it in a compact text form that Parse reads back
// against the game.
//
// Then it verifies the candidate errors, as analysts confirm a suspected mistake with a
// deeper search: the move with the largest drop in winning chances (by the variant's k) of at
// least VerifyDrop = 0.07, or marked by the mate rules, whose position before or after has
// not been verified gets both positions searched again, the one after first, to
// VerifyFactor × the budget (600,000 nodes by default; Options.VerifyNodes), with the same
// searcher and table; the deeper results replace the first ones (Eval.Nodes records the
// budget), the moves are judged again, and the next such move is taken, until none is left
// or the verification has spent VerifyShare = 0.4 × the nodes of the first pass (but at
// least the two positions of one move may be verified). The verification budget is a node
// count too, so the analysis stays device-independent. A move that was the engine's own
// best choice is not verified (it is judged good anyway). It costs about 40 % more time (a
// 100-ply game: 11.1 s without, 15.5 s with). Measured against Fairy-Stockfish 11.1 at
// 500,000 nodes on 20 games (examples/dev/reviewcheck), it changed the agreement little (one
// blunder mark of 63): our disagreements with the stronger analyst are not budget misses
// (at 16 × the budget they stay); it makes the marks it touches those of a deeper search,
// such as a mate only delayed, not lost, that the first pass did not see.
//
// How well the blunder marks agree with a stronger analyst is measured by examples/dev/reviewcheck
// (its doc has every figure). Against Pikafish (its hand-written-evaluation build) at
// 2,000,000 nodes a position, over 40 games of mixed levels (two sets of 20), our blunder
// marks have a precision of 72.5 % and a recall of 63.9 %; Fairy-Stockfish 11.1 at 500,000
// nodes gets 63.0 % and 77.5 %, and Pikafish itself at 500,000 nodes 80.8 % and 79.9 %. Marks
// from two analyses part where a drop lies near a threshold and where one search finds a mate
// or a tactic the other does not, so even the reference engine at a quarter of its budget
// agrees with itself on only four blunders in five.
//
// # Winning chances and judgements
//
// Scores are mapped to winning chances with the shape lichess uses (lila,
// modules/analyse/src/main/WinPercent.scala): W = 2/(1+exp(−k·cp)) − 1 in −1..1, with cp
// clamped where lila clamps it and a mate scoring ±1. k is fitted to this engine's scores
// for each game (see KXiangqi and KChess for the values and where they came from). lila
// clamps at ±1000 of Stockfish's centipawns, whose k is KLila; on a scale with another k
// the clamp is the same in winning chances (k·cp within ±1000·KLila, W within ±0.951), and
// so are MateAdvice's centipawn limits below (converted by cp·k/KLila). Judging another
// engine's scores with JudgeK and that engine's k thus applies the same rules as ours.
//
// A move is judged by the drop in its mover's winning chances from the position before it to
// the position after it (lila, modules/analyse/src/main/Advice.scala, CpAdvice): a drop of at
// least 0.1 is an inaccuracy (?!), 0.2 a mistake (?), 0.3 a blunder (??). When a mate score
// is involved on either side, lila's MateAdvice rule is used instead: a forced mate lost (or
// turned into being mated) is a blunder, a mistake when the score after is still above
// 700 cp, an inaccuracy above 999 cp; a mate against the mover newly allowed is a blunder,
// a mistake when the score before was already below −700 cp, an inaccuracy below −999 cp
// (lila's centipawns). A position already beyond the clamp can lose nothing more by a
// drop: there only a mate newly allowed (or a mate lost) marks a move.
//
// # Accuracy
//
// Summary's accuracy follows lila's AccuracyPercent.scala: each position's win percentage is
// 50 + 50·W from the first player's view; a move's accuracy is 100 when the mover's win
// percentage did not fall, else 103.1668·exp(−0.04354·Δ) − 3.1669 + 1 (the "uncertainty
// bonus"), Δ the fall in percentage points, clamped to 0..100. A side's game accuracy is the
// mean of (a) the mean of its moves' accuracies weighted by the volatility of the game around
// each move (the population standard deviation of the win percentages in a sliding window of
// clamp(moves/10, 2, 8) positions, clamped to 0.5..12; the first windows repeat the opening
// window as lila does) and (b) the harmonic mean of its moves' accuracies (each taken as at
// least 1). Unlike lila, the first window starts from this analysis's score of the start
// position instead of lila's fixed initial 15 cp.
//
// # Explanations
//
// A marked move gets words only from what the engine's lines show, each checked against the
// line before it is said: a repetition ruling (the game package's verdict) reached by the
// move or on the refutation line; a mate allowed or missed (a mate score whose line, played
// out, really ends in mate); a piece left hanging (the opponent's first reply captures it and
// the game's SEE says that capture wins material) or material lost or missed. For material,
// the captures on the refutation line and on the better line are counted until the capture
// sequence ends and compared piece by piece: a piece only the played line loses, less what
// only it wins, is material lost, named with what the mover took for it ("loses the queen for
// a pawn"); a piece only the better line wins is material missed. Each is said only when the
// balance really differs by that piece, only the larger of the two is said, and neither when
// it is less than a third of the score's drop.
//
// A material reason rests on one node-limited search's line, and a stronger analyst often
// plays another (examples/dev/reviewcheck has Pikafish check every reason on its own lines:
// mates held, material about three times in five). So each line a material reason rests on
// gets a second opinion from a search that errs differently (CheckReasons; Analyze runs it):
// from the position after the move, the opponent's reply of our line, then a second search's
// line (for material missed: our better move, then its line). For xiangqi the second search
// evaluates with the network shipped with games/xiangqi at the same budget; for chess, with
// one evaluation, it searches VerifyFactor × deeper. The reason is said only when that line
// takes the same piece within eight plies of the move and, counted to the end of the capture
// sequence, the piece's owner loses at least 80 centipawns. On 40 xiangqi games checked by
// Pikafish at 300,000 nodes this kept 101 of 169 material reasons, 75 % of them borne out
// (61 % of all before), against 40 % of the 68 it withdrew; on 20 chess games Stockfish 15.1
// bore out 29 of 31 material reasons kept (32 of 42 before) and every mate
// (examples/dev/reviewcheck, "seventh run"). It costs one search a reason. Otherwise the words
// name only the better move and the scores. Moves are written in the player's notation (WXF,
// Chinese or Vietnamese for xiangqi, SAN for chess).
package review
