package gamesearch

import "golang.org/x/exp/constraints"

// frame is the search's state at one ply, in the spirit of Stockfish's Search::Stack entry:
// the position (the root at ply 0), its moves and their ordering keys, the move picker, and
// what the plies below and above read of it (static evaluation, the move made, killers, the
// principal variation). The Searcher holds MaxPly+1 of them, preallocated.
type frame[P any, M constraints.Integer] struct {
	pos P
	// ops are the game's optional interfaces bound to pos (those the game implements).
	ops ops[P, M]
	// moves and keys are the move buffer of the node and the ordering key of each move.
	moves []M
	keys  []int32
	pick  picker[M]
	// quiets holds the quiet moves tried at the node before the current one (their history
	// is lowered when a later quiet move cuts off).
	quiets []M
	// eval is the static evaluation (-Infinity when in check).
	eval int
	// move is the move made from this ply, null whether it was a null move, and contKey its
	// piece-to key for continuation history (noKey after a null move or without a
	// PieceToKeyer).
	move    M
	null    bool
	contKey int
	// killers are the quiet moves that cut off last at this ply, killerN how many are set.
	killers [2]M
	killerN uint8
	// pv is the principal variation from this ply, pvLen its length.
	pvLen int
	pv    [MaxPly + 1]M
	// nnHash is the Hash of the position the neural evaluation's state of this ply
	// (Searcher.SetNeural) was last brought up to date for; see Searcher.neuralEvaluate.
	nnHash  uint64
	nnValid bool
}

// ops holds the optional interfaces of one frame's position: each field is &frame.pos as
// that interface, nil when *P does not implement it. Binding them once in New spares a type
// assertion per node.
type ops[P any, M constraints.Integer] struct {
	noisy   NoisyMover[M]
	orderer MoveOrderer[M]
	see     ExchangeEvaluator[M]
	keyer   PieceToKeyer[M]
	checker CheckGiver[M]
	qchecks QuietCheckGenerator[M]
	evalKey EvalKeyer
	scaler  NeuralScaler
	nuller  NullMover[P]
	judge   RepetitionJudge[P]
	// movegen feeds the move picker: the position itself when it implements StagedMover,
	// NoisyMover and MoveOrderer (unless Options.NoStaged), else a listMover over it.
	movegen moveSource[M]
}

// capabilities says which optional interfaces *P implements, for the search to test once
// per use instead of comparing an interface with nil. (Whether the game generates its own
// stages matters only to ops.movegen.)
type capabilities struct {
	noisy       bool // NoisyMover: quiescence search
	order       bool // MoveOrderer: captures first, by capture key
	see         bool // ExchangeEvaluator: SEE pruning and ordering
	pieceTo     bool // PieceToKeyer: continuation history
	givesCheck  bool // CheckGiver: checks known before the move is made
	quietChecks bool // QuietCheckGenerator: quiet checks at the horizon
	evalCache   bool // EvalKeyer: the evaluation cache
	nullMove    bool // NullMover: null-move pruning
	judge       bool // RepetitionJudge: repetitions judged by the game's rules
}

// bind returns the optional interfaces that p implements, and the source of its moves: p
// itself when it generates them in stages and noStaged is false, else a listMover over p.
func bind[P any, PP PositionPtr[P, M], M constraints.Integer](p *P, noStaged bool) ops[P, M] {
	var o ops[P, M]
	a := any(p)
	probe(a, &o.noisy)
	probe(a, &o.orderer)
	probe(a, &o.see)
	probe(a, &o.keyer)
	probe(a, &o.checker)
	probe(a, &o.qchecks)
	probe(a, &o.evalKey)
	probe(a, &o.scaler)
	probe(a, &o.nuller)
	probe(a, &o.judge)
	if noStaged || !probe(a, &o.movegen) {
		o.movegen = newListMover[P, PP](p, &o)
	}
	return o
}

// capabilitiesOf returns which of the optional interfaces o holds.
func capabilitiesOf[P any, M constraints.Integer](o *ops[P, M]) capabilities {
	return capabilities{
		noisy:       o.noisy != nil,
		order:       o.orderer != nil,
		see:         o.see != nil,
		pieceTo:     o.keyer != nil,
		givesCheck:  o.checker != nil,
		quietChecks: o.qchecks != nil,
		evalCache:   o.evalKey != nil,
		nullMove:    o.nuller != nil,
		judge:       o.judge != nil,
	}
}

// probe stores p in *dst when p implements dst's interface type I (a game's optional
// interface), and reports whether it does.
func probe[I any](p any, dst *I) bool {
	v, ok := p.(I)
	if ok {
		*dst = v
	}
	return ok
}
