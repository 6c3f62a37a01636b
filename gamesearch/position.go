package gamesearch

import "golang.org/x/exp/constraints"

// Score bounds, in centipawns from the side to move's point of view.
const (
	// Mate is the score of delivering mate at the root (ply 0). A mate found at ply n scores
	// Mate-n for the winner and -(Mate-n) for the loser, so shorter mates score higher.
	Mate = 32000
	// Infinity bounds every score the search can return; no score reaches it.
	Infinity = 32500
	// MaxPly is the deepest ply the search visits (iterative-deepening depth plus quiescence).
	MaxPly = 128
	// MateBound is the smallest absolute score that is a mate score: |score| >= MateBound
	// means a forced mate within MaxPly plies.
	MateBound = Mate - MaxPly
)

// Position is the contract a game implements so the search can play it. P is the concrete
// position type, a value type (for example xiangqi.Position); M is the move type, a small
// integer (for example xiangqi.Move) so the transposition table can pack it. The search calls
// these methods through a pointer *P, so nothing is boxed and nothing is allocated per node.
//
// The methods are the terms of the field: legal moves, after (make move), in check, drawn,
// loss on stalemate, evaluate, hash (Zobrist key).
type Position[P any, M constraints.Integer] interface {
	// LegalMoves appends every legal move for the side to move to dst and returns it.
	// The order must be deterministic for equal positions.
	LegalMoves(dst []M) []M
	// After writes the position after the legal move m into *child. The receiver is unchanged.
	After(m M, child *P)
	// InCheck reports whether the side to move's king (general) is attacked.
	InCheck() bool
	// Drawn reports a draw by a rule that needs no history: a move-limit counter, insufficient
	// material. The search asks it only after it has found that legal moves exist, so a mate
	// delivered on the move that reaches the limit still stands.
	Drawn() bool
	// LossOnStalemate reports whether having no legal move while not in check loses (xiangqi)
	// rather than draws (chess).
	LossOnStalemate() bool
	// Evaluate returns the static score in centipawns from the side to move's point of view.
	// It must stay inside (-MateBound, MateBound).
	Evaluate() int
	// Hash returns the Zobrist key: equal positions (pieces, side to move and every right that
	// changes the legal moves) have equal keys.
	Hash() uint64
}

// PositionPtr is the constraint on the pointer type PP of a position type P: *P, carrying the
// Position methods. Every generic function and type of the package that searches or counts
// positions takes [P any, PP PositionPtr[P, M], M constraints.Integer], so methods are called
// through *P without boxing.
type PositionPtr[P any, M constraints.Integer] interface {
	*P
	Position[P, M]
}

// NoisyMover is an optional interface for quiescence search. NoisyMoves appends the legal
// moves that change material (captures, promotions) to dst and returns it. A game that does
// not implement it is evaluated statically at depth 0.
type NoisyMover[M constraints.Integer] interface {
	NoisyMoves(dst []M) []M
}

// MoveOrderer is an optional interface for move ordering. CaptureKey returns an ordering key
// for move m, larger first, and reports whether m is noisy (a capture or promotion). The usual
// key is MVV-LVA: 16*value(victim) - value(attacker) in any consistent unit. Quiet moves
// return (0, false) and are ordered by the killer and history heuristics.
type MoveOrderer[M constraints.Integer] interface {
	CaptureKey(m M) (key int, noisy bool)
}

// ExchangeEvaluator is an optional interface for static exchange evaluation (SEE). SEE reports
// whether the material balance of move m, in centipawns from the side to move's view, is at
// least threshold once the exchanges on m's destination square have been played out: the
// side to move gains the piece m captures (none for a quiet move); then each side in turn
// recaptures on that square with its least valuable attacker, or stops when recapturing
// would lose material. Attackers uncovered as pieces leave (x-rays, a cannon's new screen, a
// horse's freed leg) join the exchange. Pins and checks may be ignored. The search uses it
// to order captures that lose material after the others, to skip them in quiescence and to
// prune moves that lose material at shallow depth.
type ExchangeEvaluator[M constraints.Integer] interface {
	SEE(m M, threshold int) bool
}

// CheckGiver is an optional interface for testing whether a move gives check before it is
// made. GivesCheck reports whether the legal move m leaves the opponent's king (general) in
// check: exactly what InCheck reports for the position after m. The search asks it before
// making a move that it skips unless the move gives check (quiet moves at the horizon of
// quiescence, futility pruning), so a game whose test is cheaper than After and InCheck
// saves making those moves. Without it the search makes the move and asks InCheck.
//
// With it the search also spares checks where it prunes quiet moves unmade: late move
// pruning keeps the quiet moves that give check, and SEE pruning drops a quiet check only
// when it loses as much material as a capture it would drop (checks that sacrifice material
// are how mates begin). Without it those prunings treat checks as any quiet move.
type CheckGiver[M constraints.Integer] interface {
	GivesCheck(m M) bool
}

// QuietCheckGenerator is an optional interface, used together with StagedMover: QuietChecks
// appends to dst the moves of QuietMoves that give check (InCheck holds after them), in the
// order QuietMoves returns them, and returns it. At the horizon of quiescence the search
// tries the quiet moves that give check; with this interface it asks for just those instead
// of generating every quiet move and testing each one.
type QuietCheckGenerator[M constraints.Integer] interface {
	QuietChecks(dst []M) []M
}

// EvalKeyer is an optional interface for caching static evaluations. EvalKey returns a key
// of everything Evaluate depends on, such as the Zobrist key (Hash) combined with any state
// the evaluation reads that the hash leaves out (a move counter, an evaluation switch):
// positions with equal keys must have equal Evaluate results. The search keeps the latest
// evaluations in a small table indexed by this key and evaluates a position met again (a
// re-search, a transposition the table did not cut off) only once.
type EvalKeyer interface {
	EvalKey() uint64
}

// NeuralScaler is an optional interface for endgame knowledge a neural evaluation lacks.
// ScaleNeural returns v, the neural evaluation of the position in centipawns from the side
// to move's point of view, scaled towards a draw (0) when the material on the board can
// hardly or never win, as a classical evaluation's draw scale factors do; v itself
// otherwise. It must not allocate; it is called at every neural evaluation.
type NeuralScaler interface {
	ScaleNeural(v int) int
}

// PieceToKeyer is an optional interface for continuation history. PieceTo returns a key in
// [0, PieceToKeys) that names the moving piece (kind and colour) of move m together with its
// destination square, e.g. piece*squares + to. The search scores a quiet move by how well the
// same piece going to the same square did after the previous moves.
type PieceToKeyer[M constraints.Integer] interface {
	PieceTo(m M) int
}

// PieceToKeys bounds the keys PieceTo returns.
const PieceToKeys = 2048

// Outcome is a game-theoretic result from the point of view of the side to move.
type Outcome int8

const (
	// Draw: neither side wins.
	Draw Outcome = iota
	// Win: the side to move wins.
	Win
	// Loss: the side to move loses.
	Loss
)

// Threats is a game's own record of what one move threatened (xiangqi: the pieces it chased,
// and the move itself), 128 bits the search never interprets: it only hands them from the
// game's RepetitionJudge.MoveThreats, or from HistoryEntry.Threats, back to the game's
// JudgeRepetition. The zero Threats means nothing is known (a game should read it as no
// threat).
type Threats [2]uint64

// CyclePly is one position of a repetition cycle, as RepetitionJudge.JudgeRepetition receives
// it: what the move that reached the position did.
type CyclePly struct {
	InCheck bool    // the move gave check: the side to move in this position is in check
	Threats Threats // what the move threatened (RepetitionJudge.MoveThreats)
}

// RepetitionJudge is an optional interface for games whose repetition rule is not a plain
// draw (xiangqi: perpetual check and perpetual chase lose). P is the concrete position type.
//
// When the position reached repeats an earlier one on the game history or the search path
// (same Hash, an even number of plies back, at least 4), the search calls JudgeRepetition on
// the current position with the cycle: one CyclePly for every position after the earlier
// occurrence up to and including the current one (len(cycle) is even and >= 4). The moves
// that reach cycle[len-1], cycle[len-3], ... were made by the opponent of the side to move;
// those reaching cycle[len-2], cycle[len-4], ... by the side to move. It returns the outcome
// for the side to move.
//
// The search scores a repetition the way the rules end the game: a Draw of the first
// repetition scores 0 at once; a Win or a Loss counts only over the full cycle evidence, the
// third occurrence of the position (the judge is asked again over the span from the first of
// the three), and until then the search goes on as if nothing had repeated. So a single
// repetition never claims a win the rules do not give. With Options.ThirdOccurrence an
// earlier occurrence on the game history before the root is one the game has seen, so
// reaching the position again is its second: the search scores nothing until a further
// earlier occurrence makes it the third (then the judge is asked over the span from the first).
//
// MoveThreats returns what the move from *prev to the receiver threatened; prev is the
// position right before it on the search path (a legal move apart). The search calls it only
// while judging a repetition, never per node, so it may be slow but must not allocate.
//
// Games without a judge score every repetition as a draw at its first occurrence (with
// Options.ThirdOccurrence, the third of a position of the game before the root).
type RepetitionJudge[P any] interface {
	MoveThreats(prev *P) Threats
	JudgeRepetition(cycle []CyclePly) Outcome
}

// HistoryEntry is one position of the game played before the search root, oldest first: its
// Zobrist key, whether the side to move there was in check, and (for games with a
// RepetitionJudge) what the move played from it threatened. The search uses the history to
// detect repetitions that reach back before the root.
type HistoryEntry struct {
	Hash    uint64 // the position's Zobrist key, as its Hash method returns it
	InCheck bool   // whether the side to move was in check there
	// Threats is what the move played from this position (to the next entry, or to the root
	// after the last entry) threatened, as the game's RepetitionJudge.MoveThreats would
	// report it; zero when the game has no judge.
	Threats Threats
}

// NullMover is an optional interface for null-move pruning. P is the concrete position type.
// When *P implements it (and the pruning is not switched off in Options), the search may let
// the side to move pass at a non-PV node that is not in check: if a reduced-depth search after
// the pass still scores at least beta, the node is cut off.
//
// NullMove writes into *child the position after the side to move passes: the same pieces,
// the other side to move, no en passant square, and a Zobrist key (Hash) equal to the key of
// that position set up from scratch. The search calls it only when the side to move is not
// in check, so the child is a legal position. The receiver is unchanged.
//
// HasNonPawnMaterial reports whether the side to move has material other than its king and
// pawns (soldiers): the search skips the null move when it is false, since such positions are
// where zugzwang (every move worsens the position, so passing would be best) is common.
type NullMover[P any] interface {
	NullMove(child *P)
	HasNonPawnMaterial() bool
}
