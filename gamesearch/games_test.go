package gamesearch

// Small games written for the tests: tic-tac-toe, a subtraction Nim with a move counter,
// connect four, random game trees and explicit game graphs. Each implements the Position
// contract as a value type with pointer-receiver methods.

// mix is the splitmix64 finaliser, used to make hash keys and pseudo-random node values.
func mix(x uint64) uint64 {
	x += 0x9E3779B97F4A7C15
	x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9
	x = (x ^ (x >> 27)) * 0x94D049BB133111EB
	return x ^ (x >> 31)
}

// ---------------------------------------------------------------------------------------
// Tic-tac-toe. A side that has lost (the opponent has three in a row) is "in check" and has
// no legal move, so the search scores it -(Mate-ply); a full board is a stalemate, a draw.

type tttMove uint8

type ttt struct {
	b    [9]int8 // 0 empty, 1 X, 2 O
	side int8    // 1 (X) or 2 (O) to move
}

var tttLines = [8][3]int{{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}}

func newTTT() ttt { return ttt{side: 1} }

// tttFrom builds a position from a 9-character string of "XO." (X moves first; the side to
// move follows from the counts).
func tttFrom(s string) ttt {
	p := ttt{}
	nx, no := 0, 0
	for i := 0; i < 9; i++ {
		switch s[i] {
		case 'X':
			p.b[i] = 1
			nx++
		case 'O':
			p.b[i] = 2
			no++
		}
	}
	p.side = 1
	if nx > no {
		p.side = 2
	}
	return p
}

func (p *ttt) won(c int8) bool {
	for _, l := range tttLines {
		if p.b[l[0]] == c && p.b[l[1]] == c && p.b[l[2]] == c {
			return true
		}
	}
	return false
}

func (p *ttt) LegalMoves(dst []tttMove) []tttMove {
	if p.won(3 - p.side) {
		return dst
	}
	for i, c := range p.b {
		if c == 0 {
			dst = append(dst, tttMove(i))
		}
	}
	return dst
}

func (p *ttt) After(m tttMove, c *ttt) {
	*c = *p
	c.b[m] = p.side
	c.side = 3 - p.side
}

func (p *ttt) InCheck() bool         { return p.won(3 - p.side) }
func (p *ttt) Drawn() bool           { return false }
func (p *ttt) LossOnStalemate() bool { return false }

// Evaluate counts lines still open for the side to move minus those open for the opponent.
func (p *ttt) Evaluate() int {
	score := 0
	for _, l := range tttLines {
		mine, theirs := 0, 0
		for _, sq := range l {
			switch p.b[sq] {
			case p.side:
				mine++
			case 3 - p.side:
				theirs++
			}
		}
		if theirs == 0 && mine > 0 {
			score += 10 * mine
		}
		if mine == 0 && theirs > 0 {
			score -= 10 * theirs
		}
	}
	return score
}

func (p *ttt) Hash() uint64 {
	var k uint64
	for _, c := range p.b {
		k = k*3 + uint64(c)
	}
	return mix(k<<2 | uint64(p.side))
}

// ---------------------------------------------------------------------------------------
// Nim variant: three heaps, a move takes 1..3 objects from one heap, and the player who
// cannot move loses (LossOnStalemate). The position carries its ply count (hashed), so equal
// heaps reached after different numbers of plies are different positions, and an optional
// move limit after which the game is Drawn.

type nimMove uint8 // heap<<2 | take

type nim struct {
	h     [3]uint8
	ply   uint8
	limit uint8 // Drawn when ply >= limit; 0 = no limit
}

func (p *nim) LegalMoves(dst []nimMove) []nimMove {
	for h := 0; h < 3; h++ {
		for t := 1; t <= 3 && t <= int(p.h[h]); t++ {
			dst = append(dst, nimMove(h<<2|t))
		}
	}
	return dst
}

func (p *nim) After(m nimMove, c *nim) {
	*c = *p
	c.h[m>>2] -= uint8(m & 3)
	c.ply++
}

func (p *nim) InCheck() bool         { return false }
func (p *nim) Drawn() bool           { return p.limit > 0 && p.ply >= p.limit }
func (p *nim) LossOnStalemate() bool { return true }

// Evaluate is an arbitrary deterministic heuristic (not the exact Grundy value), so that
// depth-limited values depend on the depth.
func (p *nim) Evaluate() int {
	return (int(p.h[0])*7+int(p.h[1])*3+int(p.h[2])*5+int(p.ply))%23*4 - 44
}

func (p *nim) Hash() uint64 {
	return mix(uint64(p.h[0]) | uint64(p.h[1])<<8 | uint64(p.h[2])<<16 | uint64(p.ply)<<24 | uint64(p.limit)<<32)
}

// ---------------------------------------------------------------------------------------
// Random game trees. A node is (level, state); its number of moves, evaluation and flags come
// from a seeded hash of the node. With cfg.states > 0 the child state is reduced modulo
// cfg.states, so many paths reach the same node at the same level (transpositions); with
// cfg.states == 0 the state is a path hash (a tree).

type rtreeCfg struct {
	seed   uint64
	branch int    // maximum number of moves (at least 2 where the node is not a leaf)
	height int    // nodes at this level have no move
	states uint64 // states per level (transpositions), 0 = path hash
	checks bool   // one node in 8 is in check
	drawn  bool   // one node in 24 is Drawn
	los    bool   // LossOnStalemate
	leaf   int    // one node in leaf (out of 16) has no move; 0 means 1
}

type rtree struct {
	cfg   *rtreeCfg
	state uint64
	level int
}

func newRTree(cfg *rtreeCfg) rtree { return rtree{cfg: cfg, state: cfg.seed % max(cfg.states, 1<<62)} }

func (p *rtree) key() uint64 { return mix(p.cfg.seed ^ mix(p.state^uint64(p.level)<<56)) }

func (p *rtree) nMoves(h uint64) int {
	if p.level >= p.cfg.height {
		return 0
	}
	leaf := p.cfg.leaf
	if leaf == 0 {
		leaf = 1
	}
	if p.level > 0 && int((h>>8)%16) < leaf {
		return 0
	}
	return 2 + int((h>>12)%uint64(p.cfg.branch-1))
}

func (p *rtree) LegalMoves(dst []uint8) []uint8 {
	n := p.nMoves(p.key())
	for i := 0; i < n; i++ {
		dst = append(dst, uint8(i))
	}
	return dst
}

func (p *rtree) After(m uint8, c *rtree) {
	c.cfg = p.cfg
	c.level = p.level + 1
	if p.cfg.states > 0 {
		c.state = mix(p.state*131+uint64(m)+p.cfg.seed) % p.cfg.states
	} else {
		c.state = mix(p.state ^ (uint64(m)+1)*0xD1B54A32D192ED03)
	}
}

func (p *rtree) InCheck() bool         { return p.cfg.checks && (p.key()>>32)%8 == 0 }
func (p *rtree) Drawn() bool           { return p.cfg.drawn && (p.key()>>36)%24 == 0 }
func (p *rtree) LossOnStalemate() bool { return p.cfg.los }
func (p *rtree) Evaluate() int         { return int((p.key()>>20)%1001) - 500 }
func (p *rtree) Hash() uint64          { return p.key() }

// rtreeQ is the random tree with quiescence support: the first few moves of a node are noisy.
type rtreeQ struct{ rtree }

func (p *rtreeQ) LegalMoves(dst []uint8) []uint8 { return p.rtree.LegalMoves(dst) }
func (p *rtreeQ) After(m uint8, c *rtreeQ)       { p.rtree.After(m, &c.rtree) }

func (p *rtreeQ) nNoisy() int {
	h := p.key()
	return min(int((h>>40)%4), p.nMoves(h))
}

func (p *rtreeQ) NoisyMoves(dst []uint8) []uint8 {
	n := p.nNoisy()
	for i := 0; i < n; i++ {
		dst = append(dst, uint8(i))
	}
	return dst
}

func (p *rtreeQ) CaptureKey(m uint8) (int, bool) {
	if int(m) < p.nNoisy() {
		return int((p.key() >> (44 + m)) % 50), true
	}
	return 0, false
}

// ---------------------------------------------------------------------------------------
// Explicit game graphs for hand-built cases. A move is the id of the node it leads to.

type gnode struct {
	kids  []uint16
	check bool
	drawn bool
	eval  int
}

type graph struct {
	nodes []gnode
	los   bool
}

type gpos struct {
	g  *graph
	id uint16
}

func (p *gpos) LegalMoves(dst []uint16) []uint16 { return append(dst, p.g.nodes[p.id].kids...) }
func (p *gpos) After(m uint16, c *gpos)          { *c = gpos{g: p.g, id: m} }
func (p *gpos) InCheck() bool                    { return p.g.nodes[p.id].check }
func (p *gpos) Drawn() bool                      { return p.g.nodes[p.id].drawn }
func (p *gpos) LossOnStalemate() bool            { return p.g.los }
func (p *gpos) Evaluate() int                    { return p.g.nodes[p.id].eval }
func (p *gpos) Hash() uint64                     { return mix(uint64(p.id) + 12345) }

// jpos is gpos with a RepetitionJudge implementing the xiangqi-like rule: a side that gave
// check with every one of its moves of the cycle, while the other did not, loses.
type jpos gpos

func (p *jpos) LegalMoves(dst []uint16) []uint16 { return (*gpos)(p).LegalMoves(dst) }
func (p *jpos) After(m uint16, c *jpos)          { (*gpos)(p).After(m, (*gpos)(c)) }
func (p *jpos) InCheck() bool                    { return (*gpos)(p).InCheck() }
func (p *jpos) Drawn() bool                      { return (*gpos)(p).Drawn() }
func (p *jpos) LossOnStalemate() bool            { return (*gpos)(p).LossOnStalemate() }
func (p *jpos) Evaluate() int                    { return (*gpos)(p).Evaluate() }
func (p *jpos) Hash() uint64                     { return (*gpos)(p).Hash() }

var judgeCalls int

func (p *jpos) MoveThreats(*jpos) Threats { return Threats{} }

func (p *jpos) JudgeRepetition(cycle []CyclePly) Outcome {
	judgeCalls++
	n := len(cycle)
	oppAll, selfAll := true, true
	for i := n - 1; i >= 0; i -= 2 {
		oppAll = oppAll && cycle[i].InCheck
	}
	for i := n - 2; i >= 0; i -= 2 {
		selfAll = selfAll && cycle[i].InCheck
	}
	switch {
	case oppAll && !selfAll:
		return Win
	case selfAll && !oppAll:
		return Loss
	}
	return Draw
}

// ---------------------------------------------------------------------------------------
// Connect four on the usual 7x6 board, bitboards with 7 bits per column. A side whose
// opponent has four in a row is "in check" with no legal move.

type c4Move uint8 // column 0..6

type c4 struct {
	cur  uint64 // stones of the side to move
	mask uint64 // all stones
	n    uint8  // stones played
}

const c4Bottom = 1 | 1<<7 | 1<<14 | 1<<21 | 1<<28 | 1<<35 | 1<<42

var c4Order = [7]c4Move{3, 2, 4, 1, 5, 0, 6}

func c4Aligned(b uint64) bool {
	for _, d := range [4]uint{1, 7, 6, 8} {
		m := b & (b >> d)
		if m&(m>>(2*d)) != 0 {
			return true
		}
	}
	return false
}

func (p *c4) LegalMoves(dst []c4Move) []c4Move {
	if c4Aligned(p.cur ^ p.mask) {
		return dst
	}
	for _, c := range c4Order {
		if p.mask&(1<<(7*uint(c)+5)) == 0 {
			dst = append(dst, c)
		}
	}
	return dst
}

func (p *c4) After(m c4Move, c *c4) {
	c.cur = p.cur ^ p.mask
	c.mask = p.mask | (p.mask + 1<<(7*uint(m)))
	c.n = p.n + 1
}

func (p *c4) InCheck() bool         { return c4Aligned(p.cur ^ p.mask) }
func (p *c4) Drawn() bool           { return false }
func (p *c4) LossOnStalemate() bool { return false }

var c4Weights = [7]int{3, 4, 5, 7, 5, 4, 3}

func (p *c4) Evaluate() int {
	opp := p.cur ^ p.mask
	s := 0
	for c := 0; c < 7; c++ {
		col := uint64(0x3F) << (7 * uint(c))
		s += c4Weights[c] * (popcount(p.cur&col) - popcount(opp&col))
	}
	return s
}

func popcount(x uint64) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
}

func (p *c4) Hash() uint64 { return mix(p.cur + p.mask + c4Bottom) }
