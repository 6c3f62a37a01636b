package engine_test

import (
	"fmt"
	"time"

	"github.com/cotuong-ai/cotuong/engine"
)

// Budget shares a clock over the moves to come; MoveTime spends a fixed time per move.
func ExampleBudget() {
	ms := time.Millisecond
	fmt.Println(engine.Budget(engine.Clock{Time: 2000 * ms, MovesToGo: 1}, engine.DefaultOverhead))
	fmt.Println(engine.Budget(engine.Clock{Time: 1000 * ms, Inc: 100 * ms}, engine.DefaultOverhead))
	fmt.Println(engine.Budget(engine.Clock{Time: 30 * ms}, engine.DefaultOverhead))
	fmt.Println(engine.MoveTime(1000 * ms))
	// Output:
	// 985ms
	// 91.75ms
	// 1ms
	// 1s
}
