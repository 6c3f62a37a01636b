// Command reviewcheck measures how well package review's blunder marks agree with a stronger
// analyst: it plays engine-vs-engine xiangqi games at mixed strengths (package engine's
// Strength, seeds recorded), reviews each with package review at its fixed node budget, and
// has Fairy-Stockfish analyse the same positions at a longer fixed budget over UCI. Both sets
// of scores are judged by the same rules (review.JudgeK: lila's thresholds, clamp and mate
// rules, finished positions scored by review.Terminal; for our scores the k of our analysis
// (review.Analysis.K: review.KXiangqi for the default analysis by the classical
// evaluation, review.KXiangqiNetwork with -nnue) and, for Fairy-Stockfish's, a k matched to its
// centipawn scale by least squares, or -fsfk).
// It reports blunder precision (the blunders we mark that Fairy-Stockfish's scores also make
// blunders) and recall (Fairy-Stockfish's blunders we mark).
//
// Usage:
//
//	nice go run ./examples/dev/reviewcheck -games 20 -seed 1 -fsfnodes 1000000 -out /tmp/reviewcheck.txt
//
// It writes one line a game (seed, levels, plies, marks of both) and the totals to standard
// output, and the games with both analyses to -out when set; -from FILE judges such a file
// again (our k, -k, and Fairy-Stockfish's matched k or -fsfk), listing the blunders of
// either; with -reanalyze it first analyses the games again with package review as it is
// now (-nodes, -verify), writing the result to -out when set.
//
// The analyst (-fsf PATH) is any UCI xiangqi engine: Fairy-Stockfish (told apart by its
// "id name": UCI_Variant xiangqi is set and its ranks 1-10 converted) or one for xiangqi alone
// with ranks 0-9, such as Pikafish. With -from, -refagain N has the -fsf engine analyse the
// file's games again at N nodes as the reference, -reffile F takes the reference from the
// second analysis of another such file of the same games, and -fsfagain N puts the -fsf
// engine's analysis in place of ours, so any two analysts can be compared by the same rules.
//
// -fitk FILE fits k of the logistic E[result] = 1/(1+exp(−k·cp)) to a self-play data file
// ("FEN | cp | result" lines, score and result from the side to move) by maximum likelihood
// and by least squares; with -label N it also has Fairy-Stockfish (or the -fsf engine) score
// N of the file's positions (-labelnodes) and fits k to its scores and the same results;
// with -rescore N our search scores every position again at N nodes (the classical
// evaluation, or the network with -nnue) and k is fitted to those scores: two evaluations'
// k on the same positions and games, whose ratio is far tighter than either k on a small
// file (see review.KXiangqiNetwork). Run on
// /work/data/round1.txt (150,580 positions, 1,375 games, 4,000-node searches): ours k =
// 0.00289 (ML), 0.00282 (LS). On 1,485 of its positions (the file at 54,232 positions)
// labelled by Fairy-Stockfish at 20,000 nodes: ours 0.002578 (ML) / 0.002593 (LS),
// Fairy-Stockfish's 0.002599 (ML) / 0.002490 (LS): by the games' results its centipawns are
// on the scale of ours (ratio 1.01 ML, 0.96 LS).
//
// First run (seeds 1-5 of "-games 8 -seed 1 -fsfnodes 300000 -plies 80", stopped after five
// games for time; ours at review.DefaultNodes): we marked 4 blunders, Fairy-Stockfish's
// scores 11 (matched k = 0.002021) or 14 (our k); 2 in common: blunder precision 50 %,
// recall 18 % (14 % with our k). Mistakes or worse: precision 79 % (11/14), recall 44 %
// (11/25). 10 of Fairy-Stockfish's 11 blunders got a mark from us (7 of them mistake or
// blunder): our node-limited search sees the same errors but smaller drops. Our two blunders
// it did not share were positions it already saw as lost a move earlier. The 90 % target is
// not met.
//
// Second run, 20 games: "-games 20 -seed 1 -plies 100 -fsfnodes 500000" (seeds 1-20, Skill
// Levels red = seed·7 mod 21, black = seed·13 mod 21; games of 21 to 100 plies, 1,309
// positions; the games' players at 20,000 nodes a move), Fairy-Stockfish 11.1 at 500,000
// nodes a position (one thread, 64 MiB), then "-from FILE -reanalyze" for ours as of the
// verification (review's defaults: 150,000 nodes a position, verification at 600,000), all
// judged by the same rules (our k = 0.00289; Fairy-Stockfish's k matched by least squares to
// ours over the games' positions: 0.002004):
//
//	                      blunders                 mistakes or worse
//	ours, verified        P 73.0 % (46/63)  R 64.8 % (46/71)   P 78.4 % (76/97)  R 53.1 % (76/143)
//	ours, fixed pass only P 73.8 % (45/61)  R 63.4 % (45/71)   P 77.9 % (74/95)  R 52.5 % (74/141)
//	FSF k = 0.00291 (*)   P 69.8 % (44/63)  R 42.7 % (44/103)  P 85.6 % (83/97)  R 38.4 % (83/216)
//
// (*) Fairy-Stockfish's k fitted to the games' results like ours (-label: its scale ≈ ours).
// With the tuner's k (0.002475) instead of the fitted one: P 75.0 % (42/56), R 68.9 %
// (42/61). The verification changed one blunder of 63; the target of 90 % is not met.
// Of the 25 blunders of Fairy-Stockfish's we do not mark, 7 are our mistakes, 9 our
// inaccuracies and 9 unmarked; of our 17 it does not share, it calls 9 mistakes, 5
// inaccuracies and 3 good. The misses are not a matter of our node budget: -probe 2400000
// (16 times the budget) on the first four games' 9 disagreements left 8 of them disagreeing
// (our drops 0.14-0.26 where Fairy-Stockfish's are 0.31-0.62); the one it settled was our
// extra blunder in a position Fairy-Stockfish already saw as lost (at 2.4M nodes ours did
// too). Both engines see the same errors (the same moves, the same direction), but
// Fairy-Stockfish's score swings are about twice ours in centipawns (H7-6 in game 1: ours
// −1.63 → −3.52, its −2.01 → −6.58), more than the two k's difference covers; and the mates
// one engine finds and the other does not at these budgets (MateAdvice judges a mate lost or
// allowed by the score on the other side) make a further share of the disagreements.
//
// Third run, the same 20 games and Fairy-Stockfish analysis (the games replay move for move:
// ours again gives P 73.0 % (46/63), R 64.8 % (46/71)):
//
//	                                     blunders                 mistakes or worse
//	ours with the network (-nnue) (†)    P 71.6 % (48/67)  R 55.8 % (48/86)   P 78.3 % (90/115) R 50.0 % (90/180)
//	ours, positions searched last first  P 70.7 % (41/58)  R 56.9 % (41/72)   P 74.7 % (71/95)  R 49.7 % (71/143)
//	FSF at 250,000 v FSF at 500,000 (‡)  P 88.6 % (62/70)  R 87.3 % (62/71)   P 83.6 % (117/140) R 81.8 % (117/143)
//
// (†) Fairy-Stockfish's matched k 0.002469: the network's centipawns are nearer its scale than
// the classical evaluation's, but the marks agree no better. (‡) "-fsfagain 250000 -k 0.002004
// -fsfk 0.002004": the analyst at half its budget against itself, both judged with the same k.
// It misses the 90 % target too: a threshold at a drop of 0.3 splits moves whose drop two
// searches of the same engine measure a little differently, so about one blunder in eight
// changes sides between budgets. Of our 42 disagreements of the second run, 9 have both
// drops within 0.1 of the threshold.
//
// Fourth run, the same 20 games, with Pikafish (the hand-written-evaluation build of
// github.com/skystarspython/Pikafish-HCE, one thread, 64 MiB) as the reference: a stronger
// analyst than Fairy-Stockfish 11.1 for xiangqi. Each engine's k is matched by least squares
// to ours (Pikafish 0.003334 at 2,000,000 nodes, 0.003485 at 500,000; Fairy-Stockfish
// 0.002004); every row is judged against Pikafish at 2,000,000 nodes a position (66 blunders):
//
//	                                     blunders                 mistakes or worse
//	Pikafish at 500,000 (same engine)    P 88.3 % (53/60)  R 80.3 % (53/66)   P 84.8 % (84/99)  R 80.0 % (84/105)
//	Fairy-Stockfish 11.1 at 500,000      P 71.8 % (51/71)  R 77.3 % (51/66)   P 60.1 % (86/143) R 81.9 % (86/105)
//	Fairy-Stockfish 11.1 at 250,000      P 72.9 % (51/70)  R 77.3 % (51/66)   P 59.3 % (83/140) R 79.0 % (83/105)
//	ours, review's defaults (150,000)    P 76.2 % (48/63)  R 72.7 % (48/66)   P 72.2 % (70/97)  R 66.7 % (70/105)
//	ours at 600,000, no verification     P 76.6 % (49/64)  R 74.2 % (49/66)   P 78.9 % (75/95)  R 71.4 % (75/105)
//	ours with the network, 150,000       P 71.6 % (48/67)  R 72.7 % (48/66)   P 62.6 % (72/115) R 68.6 % (72/105)
//
// Against Pikafish at 500,000 as the reference, ours gives P 79.4 % (50/63), R 83.3 % (50/60),
// and Pikafish against Fairy-Stockfish at 500,000 (its k 0.003485, Fairy-Stockfish's 0.002004)
// P 85.0 % (51/60), R 71.8 % (51/71). Our review agrees with the strongest analyst as well as
// Fairy-Stockfish does (F1 74.4 % and 74.5 %), four times our budget adds one blunder, and no
// analyst reaches 90 %: Pikafish itself at a quarter of the reference's budget misses it.
// Of our 23 disagreements with Pikafish at 500,000, 10 turn on a mate one engine found and
// the other did not, 5 have both drops within 0.1 of the threshold, and 8 are larger
// differences of judgement (such as game 4's −R−2, which we see losing at 2.7 M nodes with
// the network and Pikafish at 3 M: a depth miss).
//
// Fifth run, 20 new games as a check on games no choice above was made on: "-games 20 -seed 21
// -plies 100 -fsf PIKAFISH -fsfnodes 2000000" (seeds 21-40, 1,528 positions; two of them
// between Skill Level 0 players, with many blunders and repeated positions), then -refagain
// 500000 with each analyst; every row judged against Pikafish at 2,000,000 nodes (k 0.003425,
// 103 blunders; Pikafish at 500,000 k 0.003672, Fairy-Stockfish 0.002056):
//
//	                                     blunders                 mistakes or worse
//	Pikafish at 500,000 (same engine)    P 76.6 % (82/107) R 79.6 % (82/103)  P 81.5 % (159/195) R 77.6 % (159/205)
//	Fairy-Stockfish 11.1 at 500,000      P 58.4 % (80/137) R 77.7 % (80/103)  P 62.5 % (163/261) R 79.5 % (163/205)
//	ours, review's defaults              P 66.3 % (59/89)  R 57.3 % (59/103)  P 70.8 % (121/171) R 59.0 % (121/205)
//	ours, repetition counted as the game P 69.7 % (62/89)  R 60.2 % (62/103)  P 73.0 % (119/163) R 58.0 % (119/205)
//
// The last row is the search as changed after this run: a position that occurred once in the
// game before the root no longer scores as a draw when the search reaches it again (that is
// its second occurrence, which ends nothing; see package gamesearch). Before, a side that
// could return to such a position scored 0.00: of the moves either analysis calls a blunder
// in these games, 13 had one of our two scores at 0.00, 9 of them disagreements (after the
// change 3, none a disagreement). On the first 20 games
// the change gives P 76.7 % (46/60), R 69.7 % (46/66) against Pikafish at 2,000,000.
// Over both sets (40 games) against Pikafish at 2,000,000: ours P 72.5 % (108/149), R 63.9 %
// (108/169); Fairy-Stockfish 11.1 P 63.0 % (131/208), R 77.5 % (131/169); Pikafish at 500,000
// P 80.8 % (135/167), R 79.9 % (135/169). The 90 % target is not met by any analyst here.
//
// Is the reference itself stable enough for 90 %? Pikafish analysed the first 20 games again at
// 8,000,000 nodes a position ("-fsfagain 8000000 -k 0.003334 -fsfk 0.003334" on the
// 2,000,000-node file, split in two halves run side by side). Against it as the reference (68
// blunders), Pikafish at 2,000,000 gives P 81.8 % (54/66), R 79.4 % (54/68), and ours (review's
// defaults, "-reffile") P 78.3 % (47/60), R 69.1 % (47/68). The reference changes about one
// blunder in five between budgets four times apart (as from 500,000 to 2,000,000 above), so
// no analysis agrees 90 % with any one budget of it.
//
// Sixth run, the reasons: "-from FILE -fsf PIKAFISH -reasons 300000" has Pikafish check each
// reason our words give on its own lines (see checkReasons: a mate by its mate score; a piece
// lost by its line after the move taking that piece, with a net material loss and no mate; a
// piece missed by its line for our better move taking that piece, the move at least half a
// pawn above the move played), every check from an empty hash table. On both sets of games,
// with the review as it is now:
//
//	                      first 20 games    next 20 games     all 40
//	mate allowed          21/24             20/21             41/45
//	mate missed            7/9               9/9              16/18
//	piece hanging          4/7               8/13             12/20
//	material lost         20/38             31/66             51/104
//	material missed        5/9              16/36             21/45
//	all reasons           57/87 (66 %)      84/145 (58 %)     141/232 (61 %)
//
// The mates hold: the six Pikafish does not bear out (five in one lopsided game of the first
// set, game 12, 14 pawns up; one in game 4 of the next) are mates Fairy-Stockfish 11.1 finds
// (go depth 24: mate 3 and mate 2 on the two checked) and Pikafish's hand-written evaluation
// build misses even at 20,000,000 and 5,000,000 nodes (+19.49, +21.01). The material reasons
// are borne out about one time in two (84 of 169): our line after the move or for the better
// move is often not the line the stronger engine plays (it saves the piece, or wins another).
// Neither the depth of the capture in our line, nor the mark, nor a verified (4× deeper) search
// of the positions, nor agreement on the mark separates the reasons it bears out from the
// others well: a rule keeping only captures at once (the opponent's reply, or the mover's first
// two moves), picked on the next 20 games (26 of the 38 it keeps borne out there), kept 9 on
// the first 20 and 3 of them were borne out, so it was not kept.
//
// Seventh run, a second opinion on the material reasons (review.CheckReasons, run by
// Analyze). The 40 games were played again (-games 20 -seed 1, -seed 21: the same games) and
// analysed by the review as it stood, then "-from FILE -check -fsf PIKAFISH -reasons 300000".
// Two changes to the count: a piece lost whose refutation the analyst plays within 50
// centipawns of its best, its line then taking the piece, is counted apart as "borne out on
// our line" (the words name a true refutation, if not the strongest); a piece missed compares
// the analyst's own scores of the better move and the move played (searchmoves), where the
// sixth run took the reference file's score. The second opinion is a search that errs
// differently (for xiangqi the network's evaluation at the same budget) continuing our line's
// first move; a reason is kept when that line takes the same piece and, to the end of the
// exchange, loses material by 80 centipawns or more (the analyst's own test above):
//
//	                      first 20 games          next 20 games           all 40
//	                      without    with check   without    with check   without     with check
//	mate allowed          21/24      21/24        20/21      20/21        41/45       41/45
//	mate missed            7/9        7/9          9/9        9/9         16/18       16/18
//	piece hanging          5/7        5/5          8/13       7/8         13/20       12/13
//	material lost         25/38      15/19        39/66      30/40        64/104      45/59
//	material missed        7/9        5/6         19/36      14/23        26/45       19/29
//	material, all         37/54      25/30        66/115     51/71        103/169     76/101
//	all reasons           65/87      53/71        95/145     80/101       160/232     133/164
//
// (borne out by the analyst's best line or on our line, of those said). The check keeps 101
// of the 169 material reasons, 75 % of them borne out (61 % before), and withdraws 68, of
// which 27 (40 %) were borne out: those moves keep their mark, the better move and the scores.
// The capture alone, without the material test, kept 118 at 70 %; the material test was
// added after reading the failures (a "hanging" soldier the mover won back with more) and
// raised both sets. The hypothesis of a second search came before the figures and held on
// both sets.
//
// The same for chess, 20 games ("-game chess -games 20 -seed 1 -plies 100"), judged with
// review.KChess as fitted below, the reasons checked by Stockfish 15.1 at 300,000 nodes
// (borne out, of those said):
//
//	                      without the check   with it
//	mates allowed/missed  17/17, 3/3          17/17, 3/3
//	piece hanging         4/4                 4/4
//	material lost         21/26               19/20
//	material missed       7/12                6/7
//	all reasons           52/62 (84 %)        49/51 (96 %)
//
// The check (4× deeper, chess having one evaluation) withdrew 11 material reasons, 3 of them
// borne out. (The analyses of a file written since the check existed carry their checks:
// "without" here is the file with them taken out, text version 1.)
//
// Chess blunder marks, those 20 games against Stockfish 15.1 at 1,000,000 nodes a position
// (one thread, 64 MiB; "-from FILE -refagain 1000000", each half of the file in its own
// process), Stockfish judged with lila's k (review.KLila, which lila fitted to Stockfish's
// centipawns), ours with our k:
//
//	                                         blunders                 mistakes or worse
//	ours, k = 0.00368 (lila's, used before)  P 65.4 % (17/26)  R 42.5 % (17/40)   P 65.0 % (39/60)  R 31.5 % (39/124)
//	ours, k = 0.00511 (review.KChess now)    P 55.3 % (21/38)  R 52.5 % (21/40)   P 62.3 % (48/77)  R 38.7 % (48/124)
//	Stockfish at 250,000 (-fsfagain)         P 72.1 % (31/43)  R 77.5 % (31/40)   P 83.6 % (102/122) R 82.3 % (102/124)
//
// review.KChess is now fitted to our own chess scores, as the review asks of each game's k
// (0.00511 on 3,000 self-play games; see KChess): it had been lila's value, fitted to
// Stockfish's larger centipawns, which shrank our drops (F1 51.5 % before, 53.8 % after).
// Our chess search is far weaker than Stockfish's, and the reference moves here too: at a
// quarter of its budget Stockfish agrees with itself on three blunders in four.
//
// Eighth run, the review as it was then (the network at 90,000 nodes a position, now
// review.NetworkNodes, judged with review.KXiangqiNetwork; the verification taking first the moves
// nearest a threshold) on 12 games no choice was made on (seeds 41-52, 878 moves), with
// Pikafish (the hand-written-evaluation build) at 500,000 nodes a position as the reference
// and, for the ceiling, Pikafish at a quarter of that budget judged against it. The machine
// was shared by seven jobs, so the reference is 500,000 nodes, not the 2,000,000 of the
// fourth and fifth runs, and the set is 12 games (a ± of about 0.13 at 95 % on each figure
// below: some 50 blunders). Commands, with the flags as they are now (the network's
// analysis needs -nnue since the ninth run):
//
//	reviewcheck -games 12 -seed 41 -plies 100 -nodes 2000 -verify -1 -fsf PIKAFISH -fsfnodes 1000 -out GAMES
//	reviewcheck -from GAMES -fsf PIKAFISH -refagain 500000 -k 0.0034 -fsfk 0.0034 -out REF
//	reviewcheck -from GAMES -reanalyze -nnue -out OURS
//	reviewcheck -from GAMES -reanalyze -out CLASSICAL
//	reviewcheck -from REF -fsf PIKAFISH -fsfagain 125000 -k 0.0034 -fsfk 0.0034 -out CEILING
//	reviewcheck -from OURS -reffile REF [-fsfk K]
//	reviewcheck -from CEILING -k K -fsfk K
//
// (the first line plays the games with placeholder analyses; the games are the seeds'.) Two
// k for Pikafish's scores: matched to ours by least squares (0.003616, as in the runs above),
// and fitted to games' results like ours (0.004231 by maximum likelihood: -fitk on the
// network's self-play file with -label 1500 -labelnodes 20000 -fsf PIKAFISH):
//
//	                                        Pikafish's k   blunders
//	ours, the network (review's defaults)   0.003616       P 66.7 % (34/51)  R 61.8 % (34/55)
//	ours, the network (review's defaults)   0.004231       P 70.6 % (36/51)  R 55.4 % (36/65)
//	ours, classical (150,000)               0.003616       P 78.7 % (37/47)  R 67.3 % (37/55)
//	ours, classical (150,000)               0.004231       P 80.9 % (38/47)  R 58.5 % (38/65)
//	ceiling: Pikafish 125,000 v 500,000     0.003616       P 76.0 % (38/50)  R 69.1 % (38/55)
//	ceiling: Pikafish 125,000 v 500,000     0.004231       P 74.2 % (46/62)  R 70.8 % (46/65)
//
// Neither target (precision 0.80, recall 0.75) is met, by ours or by the ceiling: on these
// games Pikafish at a quarter of its budget marks three blunders in four of its own. The
// network, the stronger player, does not make the closer judge: its marks agree less with
// Pikafish's than the classical evaluation's do (within the ± of 12 games, but as in the
// third and fourth runs on the other 40: precision 71.6 % against 76.2 % at equal recall). Our
// scores run larger than Pikafish's in won and lost positions (+8.07 where it has +3.36),
// so drops there cross 0.3 for us and not for it; in balanced positions Pikafish's swings
// are the larger (+0.31 → −1.71 where ours are −0.44 → −1.70). Our disagreements with it
// are of the kinds counted in the fourth run: drops near the threshold, and mates one
// engine finds and the other does not.
//
// Ninth run, the choices, made on the tuning games (seeds 1-52) only. The eighth run's games
// (seeds 41-52) against Pikafish at 500,000 nodes, Pikafish's k 0.003616, each lever judged
// by the same rules ("blunders one side marks" counts the disagreements by kind: a mate one
// analysis's scores of the move have and the other's lack; both drops within 0.1 of 0.3;
// larger differences):
//
//	                                              blunders                 disagreements
//	classical, 150,000 (now the default)          P 78.7 % (37/47)  R 67.3 % (37/55)   28: 3 mate, 10 near, 15 larger
//	the network, 90,000 (the default before)      P 66.7 % (34/51)  R 61.8 % (34/55)   38: 5 mate, 14 near, 19 larger
//	mean of the two analyses' drops               P 80.0 % (36/45)  R 65.5 % (36/55)
//	blunder in both analyses                      P 85.7 % (30/35)  R 54.5 % (30/55)
//	blunder in either                             P 65.1 % (41/63)  R 74.5 % (41/55)
//	classical; the mean within 0.05 of 0.3        P 82.2 % (37/45)  R 67.3 % (37/55)
//	classical, our k 0.0026 (KXiangqi 0.00289)    P 83.7 % (36/43)  R 65.5 % (36/55)
//	classical, our k 0.0032                       P 76.0 % (38/50)  R 69.1 % (38/55)
//	classical, our k 0.0035                       P 70.9 % (39/55)  R 70.9 % (39/55)
//	ceiling: Pikafish 125,000 v 500,000           P 76.0 % (38/50)  R 69.1 % (38/55)   29: 2 mate, 16 near, 11 larger
//
// The classical evaluation became the default: it agreed better on every tuning set measured
// (the third and fourth runs on seeds 1-20, this one). Combining the two evaluations moves two or
// three blunders of 55, within the ± of 12 games, for a second analysis of every position
// (twice the cost) or of the positions near the threshold (second scores the analysis's
// text does not hold), so it was not kept; our k moves precision against recall along one
// curve (F1 71-74 %), so the fitted KXiangqi stays; mates one engine finds and
// the other does not turn only 3 of the classical analysis's 28 disagreements here. The
// default's cost kept the verification to VerifyShare = 0.2 of the first pass (5 positions of
// a 100-ply game). The second opinion of a material reason now searches as long as a
// verification (the network at 360,000 nodes) and counts the material to the end of its
// exchange; on the same games, "-from FILE -check -fsf PIKAFISH -reasons 300000" on the
// classical analysis with its checks taken out bore out 50 of the 55 reasons said (48 by
// Pikafish's best line, 2 more on ours), where the second opinion at the analysis's budget
// bore out 46 of 49 and at 360,000 counting the whole line 46 of 52.
//
// Then the measurement, on games no choice was made on: 20 new games were played (seeds
// 53-72), with Pikafish as the reference at 1,000,000 nodes a position and the ceiling at a
// quarter of that, in blocks of 5 games. Pikafish searches 1.1 million nodes a second on an
// idle core, but the machine ran at a load of 12 to 16 on its 2 cores and Pikafish got
// about a tenth of one: the first three blocks (seeds 53-67, 1,215 moves) finished, the last
// two at an idle moment at the end. Commands (PIKAFISH the hand-written-evaluation build;
// the blocks' files joined in order for the judgement):
//
//	reviewcheck -games 5 -seed 53 -plies 100 -nodes 2000 -verify -1 -fsf PIKAFISH -fsfnodes 1000 -out GAMES
//	reviewcheck -from GAMES -fsf PIKAFISH -refagain 1000000 -k 0.0034 -fsfk 0.0034 -out REF
//	reviewcheck -from GAMES -reanalyze -out OURS
//	reviewcheck -from GAMES -reanalyze -nnue -out NETWORK
//	reviewcheck -from GAMES -fsf PIKAFISH -fsfagain 250000 -k 0.0034 -fsfk 0.0034 -out CEILING
//	(the same with -seed 58 and -seed 63 for the other blocks)
//	reviewcheck -from OURS -reffile REF [-fsfk K]
//	reviewcheck -from NETWORK -reffile REF -fsfk K
//	reviewcheck -from CEILING -reffile REF -k K -fsfk K
//
// Against Pikafish at 1,000,000 nodes (52 blunders with its k matched to ours by least
// squares, 0.003524; 70 with the k fitted to games' results, 0.004231), each figure ± about
// 0.13 at 95 %:
//
//	                                        Pikafish's k   blunders                 disagreements
//	ours, classical (review's defaults)     0.003524       P 60.4 % (32/53)  R 61.5 % (32/52)   41: 4 mate, 19 near, 18 larger
//	ours, classical (review's defaults)     0.004231       P 73.6 % (39/53)  R 55.7 % (39/70)   45: 2 mate, 16 near, 27 larger
//	ours, the network (-nnue)               0.003524       P 62.2 % (28/45)  R 53.8 % (28/52)   41: 2 mate, 21 near, 18 larger
//	ours, the network (-nnue)               0.004231       P 68.9 % (31/45)  R 44.3 % (31/70)   53: 2 mate, 22 near, 29 larger
//	ceiling: Pikafish 250,000 v 1,000,000   0.003524       P 72.9 % (35/48)  R 67.3 % (35/52)   30: 1 mate, 20 near, 9 larger
//	ceiling: Pikafish 250,000 v 1,000,000   0.004231       P 72.7 % (48/66)  R 68.6 % (48/70)   40: 1 mate, 24 near, 15 larger
//
// Neither target is met, by ours or by the ceiling. Ours is short of the targets by 20 points
// of precision and 14 of recall (matched k), the ceiling by 7 and 8. On these games the two
// evaluations cannot be told apart (32 and 28 blunders in common, within the ±); the
// classical one recalls more. Nearly half the disagreements are drops on either side of 0.3
// by less than 0.1 (19 of 41), which is also what keeps Pikafish at a quarter of its budget
// below the targets. The other 5 games (seeds 68-72) are left for a run on an idle machine.
//
// Tenth run: the same 15 games analysed again ("-from GAMES -reanalyze") once the search
// spared checks from late move pruning and SEE (gamesearch with a CheckGiver) and a stopped
// search kept another move or a mate its unfinished iteration had found, judged against the
// same reference: P 58.8 % (30/51), R 57.7 % (30/52) with Pikafish's k matched (0.003535;
// 43 disagreements: 2 mate, 22 near, 19 larger), P 70.6 % (36/51), R 51.4 % (36/70) with
// 0.004231: two blunders in common fewer, within the ±.
//
// Eleventh run: the measurement finished and its disagreements looked into. The last block
// (seeds 68-72, 5 games) got its reference (Pikafish at 1,000,000 nodes), its ceiling (at
// 250,000) and our analysis by the merged search, with the commands of the ninth run; then
// 10 more games (seeds 73-82, two blocks, "-games 5 -seed 73" and "-seed 78", the same
// commands). The 20 games of seeds 53-72 (1,522 moves):
//
//	                                        Pikafish's k   blunders                 disagreements
//	ours, classical (review's defaults)     0.003499       P 63.3 % (50/79)  R 63.3 % (50/79)   58: 2 mate, 30 near, 26 larger
//	ours, classical (review's defaults)     0.004231       P 70.9 % (56/79)  R 57.1 % (56/98)   65: 0 mate, 26 near, 39 larger
//	ceiling: Pikafish 250,000 v 1,000,000   0.003499       P 81.8 % (54/66)  R 68.4 % (54/79)   37: 1 mate, 21 near, 15 larger
//	ceiling: Pikafish 250,000 v 1,000,000   0.004231       P 75.9 % (66/87)  R 67.3 % (66/98)   53: 1 mate, 29 near, 23 larger
//
// (Seeds 68-72 alone: ours P 67.9 % (19/28), R 79.2 % (19/24), k 0.003169.) Each figure is
// ± about 0.11 at 95 %. The disagreements were then searched again, each position afresh,
// by both engines at their budgets (ours with a new searcher, Pikafish after ucinewgame, so
// neither has the table of the game's earlier positions), and the 26 larger ones also at
// four times those budgets:
//
//	reviewcheck -from OURS -reffile REF -probe 150000 -probefsf 1000000 -fsf PIKAFISH
//
// Of the
// 26 larger ones, 9 change sides when Pikafish searches the two positions again (its
// judgement, not ours, moves: g12 ply 16 is a blunder afresh, 0.35, where the reference's
// 0.24 was not), 5 when ours does; of the 12 stable ones, 7 are our evaluation (the same
// best move and reply in both engines, our score a pawn and a half to two pawns further
// from Pikafish's than the scales' ratio of about 1.2, at 600,000 nodes too (examples/uci,
// one search a position): a chariot gone deep into the other camp (game 3, R6.7) +3.4 to
// ours and +1.6 to Pikafish, a horse lost for a soldier −3.1 to ours and −1.1 to −1.5 to
// Pikafish, a position Black leads by 2.0 to ours and Red by 1.0 to 1.3 to Pikafish; two of
// the 7 in lopsided positions where our score is about twice Pikafish's and the curve has
// flattened for ours), 4 our search
// at 150,000 nodes (a tactic Pikafish sees and ours does not, or a reply ours misjudges;
// examples/uci at 600,000 nodes agrees with Pikafish on 3 of them), and one a drop at the
// threshold in both engines afresh (ours 0.30, Pikafish 0.27). 10 of the 26 are in one game
// (seed 63, both sides at skill 0). Of the 30 near ones, 17 change sides when one engine
// searches again. No error in how the drops are computed was found: the scores' sides, the
// mate scores and their conversion agree in every case, none of the 26 had a verified
// position, and the one line among them that ends in a repetition (game 18 ply 70, the
// best line before the move, a draw both engines score near 0) is not where they differ
// (the score after the move is). The 2 mate disagreements are mates in 9 and 10 Pikafish
// finds where ours scores +21.76 and −20.69 pawns: lila's mate rule makes the lost mate a
// blunder, the winning chances a mistake.
//
// Three changes of the analysis were tried on these 20 games (which made them tuning games)
// and not kept. Searching the positions last to first, as lichess's fishnet does (the
// search before a move finds the position after it in the table): P 67.6 % (48/71),
// R 60.0 % (48/80) at the matched k, P 73.2 % (52/71), R 53.1 % (52/98) at 0.004231: fewer
// blunders marked, two fewer in common. The verification taken only to the thresholds of
// the marks a player learns from (0.2 and 0.3, not 0.1: 22 of the 36 moves it verified in
// these games ended below a drop of 0.13, where most drops lie, and it verified the two
// positions of none of the 30 near disagreements): P 63.8 % (51/80), R 64.6 % (51/79) and
// P 71.2 % (57/80), R 58.2 % (57/98): one blunder more in common, within the ±. And a new
// table for every position (no search sees what the game's other positions' searches
// found): P 65.4 % (53/81), R 66.2 % (53/80) and P 70.4 % (57/81), R 58.2 % (57/98): three
// and one more in common, within the ±, for the table's help lost.
//
// The 10 games of seeds 73-82 (one unseen check more, no choice made on them; 826 moves):
//
//	                                        Pikafish's k   blunders                 disagreements
//	ours, classical (review's defaults)     0.002943       P 50.0 % (22/44)  R 43.1 % (22/51)   51: 6 mate, 15 near, 30 larger
//	ours, classical (review's defaults)     0.004231       P 68.2 % (30/44)  R 44.1 % (30/68)   52: 6 mate, 9 near, 37 larger
//	ceiling: Pikafish 250,000 v 1,000,000   0.002943       P 80.9 % (38/47)  R 74.5 % (38/51)   22: 1 mate, 15 near, 6 larger
//	ceiling: Pikafish 250,000 v 1,000,000   0.004231       P 76.8 % (53/69)  R 77.9 % (53/68)   31: 1 mate, 16 near, 14 larger
//
// Of their 30 larger disagreements, 10 change sides when Pikafish searches again, 10 when
// ours does; in one game (seed 77) Pikafish sees a winning attack (−13.10, then a mate in 13)
// that both sides let pass five moves in a row, where ours at 150,000 nodes sees none
// (about ±2.3). All 30 games of seeds 53-82 (2,348 moves; ± about 0.085):
//
//	                                        Pikafish's k   blunders
//	ours, classical (review's defaults)     0.003325       P 58.5 % (72/123)  R 53.3 % (72/135)
//	ours, classical (review's defaults)     0.004231       P 69.9 % (86/123)  R 51.8 % (86/166)
//	ceiling: Pikafish 250,000 v 1,000,000   0.003325       P 82.5 % (99/120)  R 73.3 % (99/135)
//	ceiling: Pikafish 250,000 v 1,000,000   0.004231       P 76.3 % (119/156) R 71.7 % (119/166)
//
// The targets (P 0.80, R 0.75) are not met by ours, short by 22 and 22 points at the
// matched k; the ceiling meets precision at the matched k and falls short of recall by 2
// points (at 0.004231 short of both by 4 and 3). What is left between ours and the ceiling is
// our engine's strength, not the review's arithmetic: our evaluation's judgement of
// particular positions and our search's reach at 150,000 nodes; and about half the
// disagreements (31 of 58 on seeds 53-72, 29 of 51 on seeds 73-82) are judgements that do
// not survive a second search by the same engine at the same budget, on either side (a
// selection: re-searching the moves they agree on would part some of those too).
package main
