package gamesearch

import (
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// walkMove is a move of walk: a step right or left (reversible) or a reset to 0 (not).
type walkMove uint8

const (
	walkRight walkMove = iota + 1
	walkLeft
	walkReset
)

func (m walkMove) UCI() string {
	switch m {
	case walkRight:
		return "r"
	case walkLeft:
		return "l"
	case walkReset:
		return "x"
	}
	return "?"
}

// walk is a toy record position: a counter, the side to move, and the plies since the last
// reset. Its text is "at side clock".
type walk struct {
	at          int
	side, clock int
}

func (p *walk) Hash() uint64  { return uint64(p.at)<<1 | uint64(p.side) }
func (p *walk) InCheck() bool { return false }
func (p *walk) FEN() string   { return fmt.Sprintf("%d %d %d", p.at, p.side, p.clock) }
func (p *walk) HalfmoveClock() int {
	return p.clock
}

func (p *walk) Play(m walkMove) walk {
	c := walk{at: p.at, side: 1 - p.side, clock: p.clock + 1}
	switch m {
	case walkRight:
		c.at++
	case walkLeft:
		c.at--
	case walkReset:
		c.at, c.clock = 0, 0
	}
	return c
}

func (p *walk) ParseMove(s string) (walkMove, error) {
	for m := walkRight; m <= walkReset; m++ {
		if m.UCI() == s {
			return m, nil
		}
	}
	return 0, fmt.Errorf("%q is not r, l or x", s)
}

func parseWalk(s string) (walk, error) {
	var p walk
	if _, err := fmt.Sscanf(s, "%d %d %d", &p.at, &p.side, &p.clock); err != nil {
		return p, fmt.Errorf("walk: %q: %w", s, err)
	}
	return p, nil
}

// walkRules: a move is legal while the counter stays within -3..3; the game is over at 3.
type walkRules struct {
	r **Record[walk, *walk, walkMove]
}

var errWalkOver = errors.New("walk: over")

func (walkRules) StartFEN() string { return "0 0 0" }

func (walkRules) Check(p *walk, m walkMove) error {
	if m < walkRight || m > walkReset {
		return fmt.Errorf("walk: move %d does not exist", m)
	}
	if c := p.Play(m); c.at < -3 || c.at > 3 {
		return fmt.Errorf("walk: %s leaves the board", m.UCI())
	}
	return nil
}

func (w walkRules) Over(walkMove) error {
	if p := (*w.r).Position(); p.at == 3 {
		return errWalkOver
	}
	return nil
}

func newWalk(start walk) *Record[walk, *walk, walkMove] {
	var r *Record[walk, *walk, walkMove]
	r = NewRecord[walk, *walk, walkMove](start, walkRules{&r})
	return r
}

func TestRecordPlay(t *testing.T) {
	r := newWalk(walk{})
	assert.Equal(t, "startpos", r.String())
	require.NoError(t, r.Push(walkRight))
	require.NoError(t, r.Push(walkRight))
	assert.Equal(t, 2, r.Len())
	assert.Equal(t, walk{at: 2, side: 0, clock: 2}, r.Position())
	assert.Equal(t, walk{}, r.Start())
	assert.Equal(t, walk{at: 1, side: 1, clock: 1}, r.At(1))
	assert.Equal(t, walkRight, r.Move(1))
	assert.Equal(t, []walkMove{walkRight, walkRight}, r.Moves())
	assert.Equal(t, "startpos moves r r", r.String())

	// An illegal move changes nothing; the game over refuses Push but not Continue.
	assert.EqualError(t, r.Push(walkMove(9)), "walk: move 9 does not exist")
	assert.Equal(t, 2, r.Len())
	require.NoError(t, r.Push(walkRight))
	assert.ErrorIs(t, r.Push(walkLeft), errWalkOver)
	assert.Equal(t, 3, r.Len())
	assert.EqualError(t, r.Continue(walkRight), "walk: r leaves the board")
	require.NoError(t, r.Continue(walkLeft))
	assert.Equal(t, 4, r.Len())

	m, ok := r.Pop()
	assert.True(t, ok)
	assert.Equal(t, walkLeft, m)
	for r.Len() > 0 {
		_, ok = r.Pop()
		require.True(t, ok)
	}
	m, ok = r.Pop()
	assert.False(t, ok)
	assert.Zero(t, m)

	r.Apply(func(p *walk) { p.at = 1 })
	assert.Equal(t, "fen 1 0 0", r.String())
}

func TestRecordOccurrencesAndHistory(t *testing.T) {
	same := func(a, b *walk) bool { return a.at == b.at && a.side == b.side }
	r := newWalk(walk{})
	for _, m := range []walkMove{walkRight, walkLeft, walkRight, walkLeft} {
		require.NoError(t, r.Push(m))
	}
	n, first := r.Occurrences(0, same)
	assert.Equal(t, 3, n)
	assert.Equal(t, 0, first)
	n, first = r.Occurrences(2, same)
	assert.Equal(t, 2, n)
	assert.Equal(t, 2, first)

	h := r.History()
	require.Len(t, h, 4)
	for i, e := range h {
		p := r.At(i)
		assert.Equal(t, HistoryEntry{Hash: p.Hash()}, e, "entry %d (a walk has no RepetitionJudge: no threats)", i)
	}

	// A reset bounds the scan: the positions before it cannot repeat the current one.
	require.NoError(t, r.Push(walkReset))
	require.NoError(t, r.Push(walkRight))
	require.NoError(t, r.Push(walkLeft))
	n, first = r.Occurrences(0, same)
	assert.Equal(t, 2, n, "the position right after the reset, and the current one")
	assert.Equal(t, 5, first)
}

func TestRecordText(t *testing.T) {
	for _, c := range []struct{ in, fen string }{
		{"startpos", ""},
		{"position startpos moves r l", ""},
		{"fen 1 0 4 moves l", "1 0 4"},
		{"fen 2 1 0", "2 1 0"},
	} {
		fen, _, err := SplitRecord(c.in)
		require.NoError(t, err, c.in)
		assert.Equal(t, c.fen, fen, c.in)
		r, err := ParseRecord(c.in, walk{}, parseWalk, newWalk, nil)
		require.NoError(t, err, c.in)
		back, err := ParseRecord(r.String(), walk{}, parseWalk, newWalk, nil)
		require.NoError(t, err, r.String())
		assert.Equal(t, r.String(), back.String())
		assert.Equal(t, r.Position(), back.Position())
	}
	_, moves, err := SplitRecord("fen 1 0 4 moves l r")
	require.NoError(t, err)
	assert.Equal(t, []string{"l", "r"}, moves)

	for _, c := range []struct{ in, want string }{
		{"", `empty, want "startpos" or "fen <FEN>" then "moves ..."`},
		{"banana", `starts with "banana", want "startpos" or "fen"`},
		{"fen", `"fen" is not followed by a FEN`},
		{"fen moves r", `"fen" is not followed by a FEN`},
		{"startpos r", `unexpected "r", want "moves"`},
		{"fen 1 x", `walk: "1 x": expected integer`},
		{"startpos moves r q", `move 2 (q): "q" is not r, l or x`},
		{"startpos moves r r r r", `move 4 (r): walk: over`},
	} {
		_, err := ParseRecord(c.in, walk{}, parseWalk, newWalk, nil)
		var re *RecordError
		if assert.ErrorAs(t, err, &re, c.in) {
			assert.EqualError(t, err, c.want, c.in)
		}
	}
	_, err = ParseRecord("startpos moves r r r r", walk{}, parseWalk, newWalk,
		func(e *RecordError) error { return fmt.Errorf("walk game: %w", e) })
	assert.EqualError(t, err, "walk game: move 4 (r): walk: over")
	assert.ErrorIs(t, err, errWalkOver)
}
