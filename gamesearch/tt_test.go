package gamesearch

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTTPacking(t *testing.T) {
	for _, c := range []struct {
		move  uint32
		score int
		depth int
		bound uint64
	}{
		{0, 0, 0, boundExact},
		{1234, -250, 7, boundUpper},
		{0xFFFFFFFF, Mate - 3, 255, boundLower},
		{77, -(Mate - 10), 1, boundExact},
		{5, Infinity, 3, boundLower},
		{5, -Infinity, 3, boundUpper},
	} {
		d := packTT(c.move, true, c.score, c.depth, c.bound)
		assert.True(t, ttHasMoveOf(d))
		assert.Equal(t, c.move, ttMove(d))
		assert.Equal(t, c.score, ttScore(d))
		assert.Equal(t, c.depth, ttDepth(d))
		assert.Equal(t, c.bound, ttBound(d))
		assert.NotZero(t, d, "a stored entry is never the empty word")
	}
	// Moves that do not fit in 32 bits are not stored; the rest of the entry is.
	d := packTT(uint64(1)<<40, true, 10, 2, boundExact)
	assert.False(t, ttHasMoveOf(d))
	assert.Equal(t, 10, ttScore(d))
	d = packTT(int16(-3), true, 10, 2, boundExact)
	assert.False(t, ttHasMoveOf(d))
	d = packTT(int16(300), true, 10, 2, boundExact)
	assert.True(t, ttHasMoveOf(d))
	assert.Equal(t, int16(300), int16(ttMove(d)))
	// Depth is clamped to the field.
	assert.Equal(t, 0, ttDepth(packTT(uint8(1), false, 0, -3, boundUpper)))
	assert.Equal(t, 255, ttDepth(packTT(uint8(1), false, 0, 300, boundUpper)))
}

func TestTTMateScoresRelativeToNode(t *testing.T) {
	// Mate in 5 plies from the root, found at a node at ply 3: 2 plies from that node.
	assert.Equal(t, Mate-2, scoreToTT(Mate-5, 3))
	// Read again at ply 1, the same node mates 2 plies later: ply 3 from the root.
	assert.Equal(t, Mate-3, scoreFromTT(Mate-2, 1))
	assert.Equal(t, -(Mate - 2), scoreToTT(-(Mate-5), 3))
	assert.Equal(t, -(Mate - 7), scoreFromTT(-(Mate-2), 5))
	for _, s := range []int{0, 1, -1, 500, -500, MateBound - 1, -(MateBound - 1)} {
		assert.Equal(t, s, scoreToTT(s, 9))
		assert.Equal(t, s, scoreFromTT(s, 9))
	}
	for ply := 0; ply < MaxPly; ply++ {
		for _, s := range []int{Mate - ply, -(Mate - ply), Mate - ply - 7, -(Mate - ply - 7)} {
			assert.Equal(t, s, scoreFromTT(scoreToTT(s, ply), ply))
		}
	}
}

func TestTableStoreProbeReplace(t *testing.T) {
	tb := &Table{buckets: make([]ttBucket, 1)} // every key in the same bucket
	const a, b, c = 0x1111, 0x2222, 0x3333
	gen := tb.newSearch()
	_, ok := tb.probe(a)
	assert.False(t, ok)

	tb.store(a, packTT(uint16(7), true, 50, 6, boundExact), gen)
	d, ok := tb.probe(a)
	require.True(t, ok)
	assert.Equal(t, 50, ttScore(d))
	assert.Equal(t, uint32(7), ttMove(d))
	_, ok = tb.probe(b)
	assert.False(t, ok, "the full key is checked")

	// A shallower entry for another key does not evict the deeper one (slot 0); it goes to
	// the always-replace slot.
	tb.store(b, packTT(uint16(8), true, 60, 2, boundLower), gen)
	_, ok = tb.probe(a)
	assert.True(t, ok)
	_, ok = tb.probe(b)
	assert.True(t, ok)
	tb.store(c, packTT(uint16(9), true, 70, 1, boundUpper), gen)
	_, ok = tb.probe(a)
	assert.True(t, ok, "depth-preferred slot kept")
	_, ok = tb.probe(b)
	assert.False(t, ok, "always-replace slot overwritten")
	_, ok = tb.probe(c)
	assert.True(t, ok)

	// A new entry for the same key without a move keeps the old move.
	tb.store(a, packTT(uint16(0), false, -20, 7, boundUpper), gen)
	d, _ = tb.probe(a)
	assert.True(t, ttHasMoveOf(d))
	assert.Equal(t, uint32(7), ttMove(d))
	assert.Equal(t, -20, ttScore(d))

	// In a later search (aging) the old deep entry gives way.
	gen = tb.newSearch()
	tb.store(b, packTT(uint16(8), true, 60, 1, boundLower), gen)
	_, ok = tb.probe(a)
	assert.False(t, ok)
	_, ok = tb.probe(b)
	assert.True(t, ok)

	// A torn slot (check word from another entry) reads as a miss.
	s := &tb.buckets[0].slot[0]
	s.check.Store(s.check.Load() ^ 1)
	_, ok = tb.probe(b)
	assert.False(t, ok)

	tb.Clear()
	_, ok = tb.probe(c)
	assert.False(t, ok)
}

func TestNewTableSize(t *testing.T) {
	assert.Equal(t, 1, NewTable(1).SizeMiB())
	assert.Equal(t, 3, NewTable(3).SizeMiB())
	assert.Equal(t, DefaultHashMiB, NewTable(0).SizeMiB())
	assert.Len(t, NewTable(2).buckets, 2<<20/32)
}

// BenchmarkTableClear clears a table of the default size (16 MiB), as a new game does.
func BenchmarkTableClear(b *testing.B) {
	tb := NewTable(DefaultHashMiB)
	for b.Loop() {
		tb.Clear()
	}
}
