package gamesearch

import "github.com/cotuong-ai/cotuong/internal/testkit/testgames"

// The small games of the tests: tic-tac-toe, a subtraction Nim with a move counter, connect
// four and random game trees come from internal/testkit/testgames (shared with conformance's tests);
// the explicit game graphs below, one with a RepetitionJudge, are this package's own.
type (
	ttt      = testgames.TicTacToe
	tttMove  = testgames.TicTacToeMove
	nim      = testgames.Nim
	nimMove  = testgames.NimMove
	rtreeCfg = testgames.RandomTreeConfig
	rtree    = testgames.RandomTree
	rtreeQ   = testgames.RandomTreeQ
	c4       = testgames.ConnectFour
	c4Move   = testgames.ConnectFourMove
)

var (
	newRTree  = testgames.NewRandomTree
	newRTreeQ = testgames.NewRandomTreeQ
)

func newTTT() ttt { return ttt{} }

// tttFrom builds a position from a 9-character string of "XO." (X moves first; the side to
// move follows from the counts).
func tttFrom(s string) ttt { return testgames.TicTacToeOf(s) }

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
func (p *gpos) Hash() uint64                     { return testgames.Mix(uint64(p.id) + 12345) }

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

// ptr returns a pointer to a copy of v (to call pointer methods on a returned value).
func ptr[T any](v T) *T { return &v }
