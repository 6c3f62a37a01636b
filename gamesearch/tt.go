package gamesearch

import (
	"math/bits"
	"sync/atomic"

	"golang.org/x/exp/constraints"
)

// DefaultHashMiB is the transposition table size, in MiB, used when Options.HashMiB is 0.
const DefaultHashMiB = 16

// Bound kinds stored in a transposition-table entry.
const (
	boundUpper = 1 // the score is an upper bound (fail low: every move scored <= alpha)
	boundLower = 2 // the score is a lower bound (fail high: a move scored >= beta)
	boundExact = 3 // the score is exact (a PV node)
)

// Layout of an entry's data word (64 bits):
//
//	bits  0..31  move (uint32; only moves whose value fits are stored)
//	bits 32..47  score (int16, mate scores relative to the node)
//	bits 48..55  depth (plies, 0..255)
//	bits 56..57  bound (0 = empty slot, else boundUpper/boundLower/boundExact)
//	bit  58      a move is stored
//	bits 59..63  generation (search counter mod 32, for aging)
const (
	ttScoreShift = 32
	ttDepthShift = 48
	ttBoundShift = 56
	ttHasMove    = uint64(1) << 58
	ttGenShift   = 59
	ttMoveMask   = uint64(0xFFFFFFFF)
	ttGenMask    = 31
	ttBucketSize = 32 // bytes: two slots of two 64-bit words
)

// ttSlot is one entry: check holds key^data, data the packed entry. Readers accept the slot
// only when check^data equals their key, so a slot torn by a concurrent writer (one word
// new, one old) reads as a miss (the lockless XOR scheme). Both words are accessed with
// sync/atomic, so sharing a Table between goroutines is free of data races.
type ttSlot struct {
	check ttWord
	data  ttWord
}

// ttBucket holds two slots: slot 0 is depth-preferred (replaced by a deeper or equally deep
// search, or when it is from an older search), slot 1 is always-replace.
type ttBucket struct {
	slot [2]ttSlot
}

// Table is a transposition table: a cache of search results keyed by the position hash
// (Zobrist key). Each entry packs a 64-bit key check, the best move (for move ordering), the
// score (mate scores stored relative to the node), the depth and the bound kind into two
// 64-bit words written and read with sync/atomic, so several Searchers in different
// goroutines may share one Table (Lazy SMP) without locks and without data races. A Table
// must be created with NewTable.
type Table struct {
	buckets []ttBucket
	gen     atomic.Uint32
}

// NewTable returns a transposition table of about mib MiB (DefaultHashMiB when mib <= 0).
// Each 32-byte bucket holds two entries.
func NewTable(mib int) *Table {
	if mib <= 0 {
		mib = DefaultHashMiB
	}
	n := (uint64(mib) << 20) / ttBucketSize
	if n == 0 {
		n = 1
	}
	return &Table{buckets: make([]ttBucket, n)}
}

// SizeMiB returns the table size in MiB, rounded down.
func (t *Table) SizeMiB() int {
	return int(uint64(len(t.buckets)) * ttBucketSize >> 20)
}

// Clear empties the table. It is safe to call while other goroutines use the table (their
// results simply miss), but it is meant for a new game. Only the data words are zeroed: a
// slot whose data word is 0 is empty whatever its check word holds (probe, store and
// Hashfull test the data word first), and each atomic store costs a locked instruction.
func (t *Table) Clear() {
	for i := range t.buckets {
		for j := range t.buckets[i].slot {
			t.buckets[i].slot[j].data.Store(0)
		}
	}
}

// Hashfull returns how full the table is, in permille, counting entries written by the
// current search generation in a sample of the first 1000 buckets (UCI "info hashfull").
func (t *Table) Hashfull() int {
	n := len(t.buckets)
	if n > 1000 {
		n = 1000
	}
	gen := uint64(t.gen.Load() & ttGenMask)
	used := 0
	for i := 0; i < n; i++ {
		for j := range t.buckets[i].slot {
			d := t.buckets[i].slot[j].data.Load()
			if d != 0 && d>>ttGenShift == gen {
				used++
			}
		}
	}
	return used * 1000 / (2 * n)
}

// newSearch advances the generation counter (used for aging) and returns the new value.
func (t *Table) newSearch() uint64 {
	return uint64(t.gen.Add(1) & ttGenMask)
}

func (t *Table) bucket(key uint64) *ttBucket {
	hi, _ := bits.Mul64(key, uint64(len(t.buckets)))
	return &t.buckets[hi]
}

// probe returns the data word stored for key, if any.
func (t *Table) probe(key uint64) (uint64, bool) {
	b := t.bucket(key)
	for i := range b.slot {
		d := b.slot[i].data.Load()
		if d != 0 && b.slot[i].check.Load()^d == key {
			return d, true
		}
	}
	return 0, false
}

// store writes an entry for key. data is packed by packTT without the generation.
func (t *Table) store(key, data uint64, gen uint64) {
	data |= gen << ttGenShift
	depth := ttDepth(data)
	b := t.bucket(key)
	s0 := &b.slot[0]
	d0 := s0.data.Load()
	same0 := d0 != 0 && s0.check.Load()^d0 == key
	switch {
	case d0 == 0,
		same0 && (depth >= ttDepth(d0) || ttBound(data) == boundExact),
		!same0 && (d0>>ttGenShift != gen || depth >= ttDepth(d0)):
		writeSlot(s0, key, data, d0, same0)
	default:
		s1 := &b.slot[1]
		d1 := s1.data.Load()
		same1 := d1 != 0 && s1.check.Load()^d1 == key
		writeSlot(s1, key, data, d1, same1)
	}
}

// writeSlot stores data for key into s; when the slot already holds key and the new entry
// has no move, the old move is kept for ordering.
func writeSlot(s *ttSlot, key, data, old uint64, sameKey bool) {
	if sameKey && data&ttHasMove == 0 && old&ttHasMove != 0 {
		data |= old & (ttMoveMask | ttHasMove)
	}
	s.check.Store(key ^ data)
	s.data.Store(data)
}

// packTT packs an entry (without generation). A move whose value does not fit in 32 bits is
// not stored.
func packTT[M constraints.Integer](move M, hasMove bool, score, depth int, bound uint64) uint64 {
	var d uint64
	if hasMove {
		u := uint64(move)
		if M(uint32(u)) == move && u <= ttMoveMask {
			d = u | ttHasMove
		}
	}
	if depth < 0 {
		depth = 0
	} else if depth > 255 {
		depth = 255
	}
	if score > Infinity {
		score = Infinity
	} else if score < -Infinity {
		score = -Infinity
	}
	d |= uint64(uint16(int16(score))) << ttScoreShift
	d |= uint64(depth) << ttDepthShift
	d |= bound << ttBoundShift
	return d
}

func ttScore(d uint64) int      { return int(int16(uint16(d >> ttScoreShift))) }
func ttDepth(d uint64) int      { return int(uint8(d >> ttDepthShift)) }
func ttBound(d uint64) uint64   { return (d >> ttBoundShift) & 3 }
func ttMove(d uint64) uint32    { return uint32(d & ttMoveMask) }
func ttHasMoveOf(d uint64) bool { return d&ttHasMove != 0 }

// scoreToTT converts a score relative to the root into one relative to the node at ply, so
// a mate score means "mate in n plies from here" wherever the entry is read again.
func scoreToTT(score, ply int) int {
	switch {
	case score >= MateBound:
		return score + ply
	case score <= -MateBound:
		return score - ply
	}
	return score
}

// scoreFromTT is the inverse of scoreToTT for a node at ply.
func scoreFromTT(score, ply int) int {
	switch {
	case score >= MateBound:
		return score - ply
	case score <= -MateBound:
		return score + ply
	}
	return score
}
