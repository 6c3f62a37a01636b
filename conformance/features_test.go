package conformance_test

import (
	"strings"
	"testing"

	"github.com/cotuong-ai/cotuong/conformance"
	"github.com/cotuong-ai/cotuong/gamesearch"
	"github.com/cotuong-ai/cotuong/internal/testkit/testgames"
)

type tttP = testgames.TicTacToe
type tttM = testgames.TicTacToeMove

// tttFeatures: seen from side s (0 is X), input c is "s's mark on cell c" and 9+c "the
// other's mark on cell c". fault makes Changes forget the added feature (1) or report it
// for the wrong owner (2).
type tttFeatures struct{ fault int }

func (tttFeatures) Inputs() int { return 18 }

func owner(side int, mark byte) int {
	if (mark == 'x') == (side == 0) {
		return 0
	}
	return 9
}

func (tttFeatures) Active(p *tttP, side int, dst []int) []int {
	for c, v := range p.Cells {
		if v != 0 {
			dst = append(dst, owner(side, v)+c)
		}
	}
	return dst
}

func (f tttFeatures) Changes(p *tttP, m tttM, side int, added, removed []int) ([]int, []int, bool) {
	mark := p.ToMove()
	switch f.fault {
	case 1:
		return added, removed, false
	case 2:
		return append(added, 9-owner(side, mark)+int(m)), removed, false
	}
	return append(added, owner(side, mark)+int(m)), removed, false
}

// tttNeural is a "network" on tttFeatures: the state of a ply is the sum of the active
// inputs' weights (input i weighs i*i+1) per side, the evaluation the side to move's sum
// minus the other's. lazyBug makes Update forget the parent's state.
type tttNeural struct {
	f       tttFeatures
	lazyBug bool
}

type tttFrames struct {
	n         *tttNeural
	sum       [][2]int
	buf, buf2 []int
}

func (n *tttNeural) NewFrames(plies int) gamesearch.NeuralFrames[tttP, tttM] {
	return &tttFrames{n: n, sum: make([][2]int, plies)}
}

func weight(i int) int { return i*i + 1 }

func (t *tttFrames) Refresh(ply int, pos *tttP) {
	for side := range 2 {
		t.sum[ply][side] = 0
		t.buf = t.n.f.Active(pos, side, t.buf[:0])
		for _, i := range t.buf {
			t.sum[ply][side] += weight(i)
		}
	}
}

func (t *tttFrames) Update(ply int, parent *tttP, m tttM, child *tttP) {
	for side := range 2 {
		s := t.sum[ply][side]
		if t.n.lazyBug {
			s = 0
		}
		t.buf, t.buf2, _ = t.n.f.Changes(parent, m, side, t.buf[:0], t.buf2[:0])
		for _, i := range t.buf {
			s += weight(i)
		}
		for _, i := range t.buf2 {
			s -= weight(i)
		}
		t.sum[ply+1][side] = s
	}
}

func (t *tttFrames) Pass(ply int, _ *tttP) { t.sum[ply+1] = t.sum[ply] }

func (t *tttFrames) Evaluate(ply int, pos *tttP) int {
	stm := 0
	if pos.ToMove() == 'o' {
		stm = 1
	}
	return t.sum[ply][stm] - t.sum[ply][stm^1]
}

func TestCheckFeatures(t *testing.T) {
	check := func(f tttFeatures, n *tttNeural) []error {
		c := conformance.FeatureCheck[tttP, *tttP, tttM]{
			Start: testgames.TicTacToeOf("........."), Features: f,
			Format: testgames.FormatTicTacToe, Playouts: 20, Seed: 3,
		}
		if n != nil {
			c.Neural = n
		}
		return conformance.CheckFeatures(c)
	}
	if errs := check(tttFeatures{}, &tttNeural{}); len(errs) != 0 {
		t.Fatalf("a correct feature set fails: %v", errs)
	}
	for _, c := range []struct {
		name string
		f    tttFeatures
		n    *tttNeural
		want string
	}{
		{"forgotten addition", tttFeatures{fault: 1}, nil, "Active after the move"},
		{"wrong owner", tttFeatures{fault: 2}, nil, "Active after the move"},
		{"state not carried", tttFeatures{}, &tttNeural{lazyBug: true}, "incrementally kept state evaluates"},
	} {
		errs := check(c.f, c.n)
		if len(errs) == 0 {
			t.Errorf("%s: not caught", c.name)
			continue
		}
		if !strings.Contains(errs[0].Error(), c.want) || !strings.Contains(errs[0].Error(), "playout") {
			t.Errorf("%s: first failure %q, want it to say %q and name the playout", c.name, errs[0], c.want)
		}
	}
}
