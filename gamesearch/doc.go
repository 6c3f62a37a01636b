// Package gamesearch is a generic game-tree search for two-player, perfect-information board
// games. A game implements the Position contract (legal moves, after, in check, drawn, loss on
// stalemate, evaluate, hash) on its position type; a Searcher then finds its best move with
// negamax, alpha-beta and principal variation search (PVS), aspiration windows and iterative
// deepening from depth 1, a lockless transposition table (TT) that several goroutines may
// share, quiescence search over the game's noisy moves, move ordering by TT move, capture key
// (MVV-LVA) and static exchange evaluation (SEE), killer moves, counter-move and history
// heuristics (butterfly and continuation), and the selective techniques of the strong engines
// (null move, reverse futility, futility, late move and SEE pruning, late move reductions,
// internal iterative reduction); Options switch them off for exact fixed-depth values. Perft and Divide count the legal-move
// tree for move-generator tests.
//
// The search knows no game: the xiangqi and chess packages of this module, and the test games
// in internal/testkit/testgames (tic-tac-toe, Nim, connect four, random trees), all use it unchanged.
//
// # Instantiation
//
// A Searcher is instantiated with the position type, its pointer type and the move type:
//
//	s := gamesearch.New[xiangqi.Position, *xiangqi.Position, xiangqi.Move](gamesearch.Options[xiangqi.Move]{})
//	res := s.Search(ctx, pos, game.History(), gamesearch.Limits{Time: time.Second})
//
// Each game of this module spells that for its callers: xiangqi.NewSearcher(opts) and
// chess.NewSearcher(opts) return the same Searcher.
//
// Positions are values. The Searcher owns a stack of MaxPly+1 positions and writes each child
// into the next slot with After, and the methods are called on *P, so nothing is boxed in an
// interface and nothing is allocated per node (a warmed fixed-depth search allocates nothing
// at all).
//
// A game may also supply a neural evaluation (Neural, set with Searcher.SetNeural): its
// per-ply state (an NNUE's accumulators) lives beside the frames, is allocated once per
// Searcher and helper, and is updated lazily from the parent's by the move only when a node
// is evaluated; when *P implements NeuralScaler, the network's score is passed through its
// ScaleNeural (endgame draw knowledge the network lacks). Without one, the search is exactly
// the search above.
//
// # Scores
//
// Scores are centipawns from the side to move. A mate found at ply n scores Mate-n for the
// side that mates and -(Mate-n) for the side that is mated, so the search prefers the
// shortest mate and, when every move loses, the longest defence. IsMate and MateIn convert
// them for display (UCI "score mate N").
//
// At every node the search applies, in this order: no legal move → -(Mate-ply) if in check or
// if the game loses on stalemate, else 0; then Drawn → 0; then repetition of an earlier
// position (judged by the game's RepetitionJudge, else a draw; with Options.ThirdOccurrence a
// position of the game before the root counts only at its third occurrence); then at the
// horizon, quiescence (or the static evaluation for games without NoisyMover). A side in
// check has its depth extended by one ply.
//
// # Selective search
//
// By default the search also prunes and reduces, which changes the value of a fixed-depth
// search (for the better in play: the same time reaches several plies deeper): null-move
// pruning from depth 3 with R = 3 + depth/3 + min((eval-beta)/200, 3) (only when *P
// implements NullMover, never at PV nodes, in check, after another null move or when the
// side to move has only king and pawns or soldiers); late move reductions of the quiet moves
// and losing captures after the first two, from depth 3 (less for checks, evasions, killers
// and PV nodes), with a full-depth re-search when a reduced search beats alpha; and, at
// non-PV nodes out of check and away from mate scores, reverse futility pruning up to depth
// 7, futility pruning of quiet moves up to depth 2 (never of checks), late move pruning up
// to depth 8 and SEE pruning up to depth 8 (with a CheckGiver, checks are kept by late move
// pruning and SEE-pruned only as captures are). They start at iteration
// Options.PruneFromDepth (default DefaultPruneFromDepth = 4): the shallower iterations are
// exact, so that a mate in N <= 2 moves is always found at depth 2N-1, which forward pruning
// cannot promise (set PruneFromDepth to 2N to extend that to mates in N moves, at a cost in
// speed). Options.NoPruning turns all of them off (exact alpha-beta values, as the minimax
// tests check); Options.NoNullMove, NoLMR and NoFutility turn off one each.
//
// # Limits and concurrency
//
// Search stops on its context, its time budget (monotonic clock), its node limit or its depth,
// whichever comes first, checking the clock and the context every 1024 nodes. It always
// returns a legal move when one exists: stopped inside an iteration, the last finished
// iteration's best, unless the unfinished one has already found another root move that
// scores more (a refutation) or a mate, which it then returns with that score; the same
// move scoring more (often a fail-high's bound, its line cut after the move) keeps the
// finished iteration's exact score and whole line. One Searcher serves one goroutine at a
// time; several Searchers may share one Table. With Options.Threads = n > 1 a Searcher runs
// n-1 helper goroutines on the same root and a shared table (Lazy SMP), every other helper
// one ply deeper; they stop together with the main goroutine, whose result is returned.
package gamesearch
