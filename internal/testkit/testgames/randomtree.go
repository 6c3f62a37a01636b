package testgames

// RandomTreeConfig describes a seeded random game tree (see RandomTree).
type RandomTreeConfig struct {
	Seed            uint64
	Branch          int    // maximum number of moves (at least 2 where the node is not a leaf)
	Height          int    // nodes at this level have no move
	States          uint64 // states per level (transpositions), 0 = path hash
	Checks          bool   // one node in 8 is in check
	Drawn           bool   // one node in 24 is Drawn
	LossOnStalemate bool   // having no move loses
	Leaf            int    // one node in Leaf (out of 16) has no move; 0 means 1
}

// RandomTree is a node of a random game tree: (level, state); its number of moves, evaluation
// and flags come from a seeded hash of the node. With States > 0 the child state is reduced
// modulo States, so many paths reach the same node at the same level (transpositions); with
// States == 0 the state is a path hash (a tree). A move is the index of a child.
type RandomTree struct {
	cfg   *RandomTreeConfig
	state uint64
	level int
}

// NewRandomTree returns the root of the tree cfg describes.
func NewRandomTree(cfg *RandomTreeConfig) RandomTree {
	return RandomTree{cfg: cfg, state: cfg.Seed % max(cfg.States, 1<<62)}
}

func (p *RandomTree) key() uint64 { return Mix(p.cfg.Seed ^ Mix(p.state^uint64(p.level)<<56)) }

func (p *RandomTree) nMoves(h uint64) int {
	if p.level >= p.cfg.Height {
		return 0
	}
	leaf := p.cfg.Leaf
	if leaf == 0 {
		leaf = 1
	}
	if p.level > 0 && int((h>>8)%16) < leaf {
		return 0
	}
	return 2 + int((h>>12)%uint64(p.cfg.Branch-1))
}

// LegalMoves appends the child indexes 0..n-1.
func (p *RandomTree) LegalMoves(dst []uint8) []uint8 {
	n := p.nMoves(p.key())
	for i := 0; i < n; i++ {
		dst = append(dst, uint8(i))
	}
	return dst
}

// After writes child m into c.
func (p *RandomTree) After(m uint8, c *RandomTree) {
	c.cfg = p.cfg
	c.level = p.level + 1
	if p.cfg.States > 0 {
		c.state = Mix(p.state*131+uint64(m)+p.cfg.Seed) % p.cfg.States
	} else {
		c.state = Mix(p.state ^ (uint64(m)+1)*0xD1B54A32D192ED03)
	}
}

// InCheck reports one node in 8 in check, when the configuration has checks.
func (p *RandomTree) InCheck() bool { return p.cfg.Checks && (p.key()>>32)%8 == 0 }

// Drawn reports one node in 24 Drawn, when the configuration has draws.
func (p *RandomTree) Drawn() bool { return p.cfg.Drawn && (p.key()>>36)%24 == 0 }

// LossOnStalemate is the configuration's.
func (p *RandomTree) LossOnStalemate() bool { return p.cfg.LossOnStalemate }

// Evaluate is a pseudo-random score in [-500, 500].
func (p *RandomTree) Evaluate() int { return int((p.key()>>20)%1001) - 500 }

// Hash is the node's key.
func (p *RandomTree) Hash() uint64 { return p.key() }

// RandomTreeQ is the random tree with quiescence support (NoisyMover, MoveOrderer): the
// first few moves of a node are noisy.
type RandomTreeQ struct{ RandomTree }

// NewRandomTreeQ returns the root of the tree cfg describes, with noisy moves.
func NewRandomTreeQ(cfg *RandomTreeConfig) RandomTreeQ { return RandomTreeQ{NewRandomTree(cfg)} }

// LegalMoves appends the child indexes 0..n-1.
func (p *RandomTreeQ) LegalMoves(dst []uint8) []uint8 { return p.RandomTree.LegalMoves(dst) }

// After writes child m into c.
func (p *RandomTreeQ) After(m uint8, c *RandomTreeQ) { p.RandomTree.After(m, &c.RandomTree) }

func (p *RandomTreeQ) nNoisy() int {
	h := p.key()
	return min(int((h>>40)%4), p.nMoves(h))
}

// NoisyMoves appends the noisy moves, the first few children.
func (p *RandomTreeQ) NoisyMoves(dst []uint8) []uint8 {
	n := p.nNoisy()
	for i := 0; i < n; i++ {
		dst = append(dst, uint8(i))
	}
	return dst
}

// CaptureKey returns a pseudo-random key for a noisy move.
func (p *RandomTreeQ) CaptureKey(m uint8) (int, bool) {
	if int(m) < p.nNoisy() {
		return int((p.key() >> (44 + m)) % 50), true
	}
	return 0, false
}
