package xiangqi

import "github.com/cotuong-ai/cotuong/gamesearch"

// eval_weights.go is written by examples/dev/tune, fitting the weights to self-play data (its
// provenance comment names the runs: -seed 1 -games 800 -nodes 1200 and -seed 7, 8 at -nodes
// 2000 into the training file, -seed 9 into the held-out file; the data files are not kept):
//
//go:generate go run ../../examples/dev/tune -game xiangqi -games 0 -data xiangqi-tune.txt -test xiangqi-heldout.txt -iters 2500 -l2 1e-8 -out eval_weights.go

// Evaluation: material plus piece-square tables, each with an opening (mg) and an endgame
// (eg) value in centipawns, blended by the game phase (tapered evaluation).
//
// Sources. The material values follow the relative piece values commonly published for
// xiangqi (e.g. the WXF beginners' material and the "Xiangqi" article of the English
// Wikipedia: chariot about 9 soldiers, cannon about 4.5, horse about 4, advisor and elephant
// about 2, soldier 1 before and 2 after crossing the river), with the well-known shift
// described by ElephantEye's author Huang Chen in his public xqbase.com articles on
// evaluation: the cannon is worth more than the horse while the board is full and less in
// the endgame. The piece-square values (psqMG, psqEG in eval_weights.go) began as this
// project's own formulas (centrality, advance, the squares around the enemy palace) in the
// spirit of the tables those articles describe (no table was copied); examples/dev/tune fits
// them with the other weights.

// The opening and endgame material, centipawns, indexed by Kind, are materialMG and
// materialEG in eval_weights.go; the piece-square values are psqMG and psqEG there (see
// psqIndex).

// phaseWeight[k] is the contribution of one piece of kind k to the game phase. The start
// position has maxPhase; a phase of 0 is a pure endgame (no chariot, horse or cannon).
var phaseWeight = [8]int32{0, 0, 0, 0, 3, 6, 3, 0}

const maxPhase = 2 * (2*3 + 2*6 + 2*3) // 48

// mgTable/egTable[piece][square]: material + position, centipawns, positive for Red and
// negative for Black, so that the sum over the board is the score from Red's view.
var mgTable, egTable [16][NumSquares]int16

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func init() {
	for k := General; k <= Soldier; k++ {
		for s := 0; s < NumSquares; s++ {
			sq := Square(s)
			for c := Red; c <= Black; c++ {
				i := psqIndex(c, sq)
				mg := materialMG[k] + psqMG[k-General][i]
				eg := materialEG[k] + psqEG[k-General][i]
				if c == Black {
					mg, eg = -mg, -eg
				}
				pc := MakePiece(c, k)
				mgTable[pc][s], egTable[pc][s] = mg, eg
			}
		}
	}
}

// Evaluate returns the static score in centipawns from the side to move's point of view:
// material plus piece-square values (incremental) plus the positional terms (mobility, pins,
// cannon and horse patterns, palace defence; EvalParams names them), the opening and endgame
// sums blended by the phase (chariots, horses and cannons left on the board); then scaled
// towards a draw when the side ahead cannot win with its material. The score does not
// depend on the no-capture count: it is the same early and late in the move limit.
func (p *Position) Evaluate() int {
	var e evalInfo
	p.collect(&e)
	mg, eg := p.mg, p.eg
	for i, n := range e.terms {
		if p.plain {
			break // SetPlainEval: without the positional terms
		}
		mg += termMG[i] * n
		eg += termEG[i] * n
	}
	ph := min(p.phase, maxPhase)
	s := (mg*ph + eg*(maxPhase-ph)) / maxPhase
	strong := Red
	if s < 0 {
		strong = Black
	}
	s = s * p.drawScale(&e, strong) / 16
	if p.side == Black {
		s = -s
	}
	return int(s)
}

var (
	_ gamesearch.EvalKeyer    = (*Position)(nil)
	_ gamesearch.NeuralScaler = (*Position)(nil)
)

// zobristPlain is mixed into EvalKey when the evaluation is plain (SetPlainEval).
const zobristPlain = 0x9E3779B97F4A7C15

// EvalKey returns a key of everything Evaluate reads (gamesearch.EvalKeyer): the Zobrist key
// (pieces and side to move), mixed with a constant when the evaluation is plain. The move
// counters do not enter the evaluation.
func (p *Position) EvalKey() uint64 {
	if p.plain {
		return p.hash ^ zobristPlain
	}
	return p.hash
}

// mvvValue orders victims and attackers for MVV-LVA (soldier 1 ... chariot 9; the general
// counts as a costly attacker).
var mvvValue = [8]int{0, 12, 2, 2, 4, 9, 5, 1}

// CaptureKey returns the MVV-LVA ordering key of m, 16*value(victim) - value(attacker), and
// true when m is a capture; quiet moves return (0, false).
func (p *Position) CaptureKey(m Move) (int, bool) {
	t := p.board[m.To()%NumSquares]
	if t == NoPiece {
		return 0, false
	}
	return 16*mvvValue[t.Kind()] - mvvValue[p.board[m.From()%NumSquares].Kind()], true
}
