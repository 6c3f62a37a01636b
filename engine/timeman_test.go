package engine

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

const ms = time.Millisecond

// EN08 (internal/testkit/reference): with 2000 ms and movestogo 1 the engine must answer clearly
// before the flag falls (Stockfish 15.1 used 771 ms); with 1000 ms sudden death it should
// spend a small slice (Stockfish: 28 ms).
func TestEN08Budgets(t *testing.T) {
	b := Budget(Clock{Time: 2000 * ms, MovesToGo: 1}, DefaultOverhead)
	assert.Greater(t, b, 300*ms, "uses a good part of the time before the control")
	assert.LessOrEqual(t, b, 1000*ms, "keeps half of the clock")
	b = Budget(Clock{Time: 1000 * ms}, DefaultOverhead)
	assert.Greater(t, b, 10*ms)
	assert.Less(t, b, 60*ms)
}

func TestTinyClock(t *testing.T) {
	// EN03: "go wtime 30 btime 30" - less than the overhead left: minimal budget.
	assert.Equal(t, MinBudget, Budget(Clock{Time: 30 * ms}, DefaultOverhead))
	assert.Equal(t, MinBudget, Budget(Clock{Time: 0}, DefaultOverhead))
	assert.Equal(t, MinBudget, Budget(Clock{Time: -5 * ms}, DefaultOverhead))
	// go movetime is spent whole, as Stockfish 15.1 and Fairy-Stockfish 11.1 do ("go movetime
	// 100" answers after 100 ms, not 70).
	assert.Equal(t, MinBudget, MoveTime(0))
	assert.Equal(t, 1*ms, MoveTime(1*ms))
	assert.Equal(t, 100*ms, MoveTime(100*ms))
	assert.Equal(t, 1000*ms, MoveTime(1000*ms))
}

func TestBudgetNeverExceedsHalf(t *testing.T) {
	for _, tm := range []time.Duration{0, 10 * ms, 100 * ms, time.Second, time.Minute, time.Hour} {
		for _, inc := range []time.Duration{0, 100 * ms, 5 * time.Second} {
			for _, mtg := range []int{0, 1, 2, 10, 40, 100} {
				b := Budget(Clock{Time: tm, Inc: inc, MovesToGo: mtg}, DefaultOverhead)
				assert.GreaterOrEqual(t, b, MinBudget)
				if tm > 100*ms {
					assert.LessOrEqual(t, b, tm/2, "time %v inc %v mtg %d", tm, inc, mtg)
				}
			}
		}
	}
}

// TestNeverFlags plays 300 moves at 1 s + 0.1 s on a simulated clock where every move costs
// its budget plus a pessimistic 15 ms of search overshoot and 10 ms of pipe and GUI lag (the
// overhead margin is 30 ms): the clock must never run out. It also checks an x/y control
// (40 moves in 10 s, three times) and 120 moves of 10 s sudden death with 10 ms of lag a move
// (no budget survives endless sudden death if the lag per move is close to the margin).
func TestNeverFlags(t *testing.T) {
	play := func(start, inc time.Duration, control, moves int, lag time.Duration) time.Duration {
		left, least := start, start
		for i := 0; i < moves; i++ {
			mtg := 0
			if control > 0 {
				mtg = control - i%control
			}
			spent := Budget(Clock{Time: left, Inc: inc, MovesToGo: mtg}, DefaultOverhead) + lag
			left -= spent
			if left < 0 {
				t.Fatalf("flagged on move %d (start %v inc %v control %d)", i+1, start, inc, control)
			}
			least = min(least, left)
			left += inc
			if control > 0 && mtg == 1 {
				left += start
			}
		}
		return least
	}
	least := play(time.Second, 100*ms, 0, 300, 25*ms)
	assert.Greater(t, least, 200*ms, "1s+0.1s keeps a cushion")
	play(10*time.Second, 0, 40, 120, 25*ms)
	play(10*time.Second, 0, 0, 120, 10*ms)
}
