package gamesearch

// evalCacheBits: the evaluation cache has 1<<evalCacheBits entries of 8 bytes (512 KiB per
// Searcher). An entry packs the key's upper 48 bits with the score as an int16; the lower
// bits of the key are the index, so an entry matches only the full key. 0 is an empty entry.
const (
	evalCacheBits = 16
	evalCacheSize = 1 << evalCacheBits
	evalKeyMask   = ^uint64(0xFFFF)
)

// evaluate returns the static evaluation of the position at ply, from the evaluation cache
// when the game implements EvalKeyer and the position's key is there.
func (s *Searcher[P, PP, M]) evaluate(ply int) int {
	f := &s.frames[ply]
	pos := PP(&f.pos)
	if s.evalCache == nil {
		if s.neural != nil {
			return s.neuralEvaluate(ply)
		}
		return pos.Evaluate()
	}
	k := f.ops.evalKey.EvalKey()
	e := &s.evalCache[k&(evalCacheSize-1)]
	if d := *e; d != 0 && d&evalKeyMask == k&evalKeyMask {
		return int(int16(uint16(d)))
	}
	var v int
	if s.neural != nil {
		v = s.neuralEvaluate(ply)
	} else {
		v = pos.Evaluate()
	}
	if v == int(int16(v)) {
		*e = k&evalKeyMask | uint64(uint16(int16(v)))
	}
	return v
}
