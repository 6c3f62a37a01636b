package uci

import (
	"regexp"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// mateScore returns K of the last "score mate K" among lines (ok false when the last scored
// info line has a centipawn score, or there is none).
func mateScore(lines []string) (k int, ok bool) {
	re := regexp.MustCompile(` score (cp|mate) (-?\d+) `)
	for i := len(lines) - 1; i >= 0; i-- {
		if m := re.FindStringSubmatch(lines[i]); m != nil {
			if m[1] != "mate" {
				return 0, false
			}
			k, _ = strconv.Atoi(m[2])
			return k, true
		}
	}
	return 0, false
}

// TestGoMateFindsMateBeyondDepthCap: "go mate N" searches until it has found a mate in at
// most N moves, not to a depth of 2N+1 plies (issue 26). In both positions a search capped at
// 2N+1 = 7 plies reports no mate (when this test was written: chess depth 7 "cp 1086",
// xiangqi depth 7 "cp 610"), so the old cap answered without the mate that exists; go mate 3
// answers with "score mate K", K ≤ 3, and the first move of that mating line.
//
// Chess: matetrack.epd (vondele/matetrack) lists "1N3B2/5p2/2R2p2/1p1kpp2/1P2rp2/2P1pB2/
// 2P1P1K1/8 w - - bm #3"; Stockfish 15.1 "go mate 3" ends with "depth 51 score mate 3 pv c6c8
// d5e6 c8d8 e4c4 f3d5" (at depth 25 it still reported only mate 5 with c3c4). c6c8 is the
// only first move of a mate in 3 here (Stockfish "go depth 30 searchmoves" of the others
// finds none shorter than 4).
//
// Xiangqi: Fairy-Stockfish 11.1 (UCI_Variant xiangqi) "go depth 22" on "3k2b2/9/3a5/NC7/9/9/
// 9/9/9/4K4 w - - 0 1": "score mate 3 pv a7b9 d10d9 b7a7 d8e9 a7a9", in our ranks (0-9) a6b8
// d9d8 b6a6 d7e8 a6a8: the horse checks from b8, the cannon moves behind it to a6 and mates
// along the a-file.
func TestGoMateFindsMateBeyondDepthCap(t *testing.T) {
	cases := []struct {
		variant, fen string
		n            int
		first        []string // first moves of a mate in at most n
	}{
		{"chess", "1N3B2/5p2/2R2p2/1p1kpp2/1P2rp2/2P1pB2/2P1P1K1/8 w - - 0 1", 3, []string{"c6c8"}},
		{"xiangqi", "3k2b2/9/3a5/NC7/9/9/9/9/9/4K4 w - - 0 1", 3, []string{"a6b8"}},
	}
	for _, c := range cases {
		h := start(t)
		h.send("setoption name UCI_Variant value "+c.variant, "position fen "+c.fen, "go mate "+strconv.Itoa(c.n))
		mv, ls := h.bestmove(60 * sec)
		k, ok := mateScore(ls)
		require.True(t, ok, "%s: no mate score before bestmove: %v", c.variant, ls)
		assert.True(t, k >= 1 && k <= c.n, "%s: score mate %d, want 1..%d", c.variant, k, c.n)
		assert.Contains(t, c.first, mv, "%s: bestmove", c.variant)
	}
}

// TestGoMateWithoutMateEnds: with no mate to find, "go mate 2 movetime 200" answers by its
// movetime (plus the stall bound), and a bare "go mate 2" searches until stop and then
// answers at once.
func TestGoMateWithoutMateEnds(t *testing.T) {
	for _, variant := range []string{"chess", "xiangqi"} {
		h := start(t)
		h.send("setoption name UCI_Variant value "+variant, "position startpos", "isready")
		h.until("readyok", stall)
		t0 := time.Now()
		h.send("go mate 2 movetime 200")
		_, ls := h.bestmove(200*time.Millisecond + stall)
		assert.GreaterOrEqual(t, time.Since(t0), 150*time.Millisecond, "%s: answered before its movetime: %v", variant, ls)
		_, mate := mateScore(ls)
		assert.False(t, mate, "%s: no mate in the start position: %v", variant, ls)

		h.send("go mate 2")
		// No depth cap ends it: after 300 ms it still searches (info lines, no bestmove).
		for end := time.Now().Add(300 * time.Millisecond); ; {
			l, ok := h.next(time.Until(end))
			if !ok {
				break
			}
			require.NotContains(t, l, "bestmove", "%s: go mate 2 answered before stop", variant)
		}
		t0 = time.Now()
		h.send("stop")
		h.bestmove(stall)
		assert.Less(t, time.Since(t0), stall, "%s: stop took too long", variant)
	}
}
