package timeman_test

import (
	"fmt"
	"time"

	"github.com/cotuong-ai/cotuong/examples/internal/timeman"
)

func Example() {
	ms := time.Millisecond
	fmt.Println(timeman.Budget(timeman.Clock{Time: 2000 * ms, MovesToGo: 1}, timeman.DefaultOverhead))
	fmt.Println(timeman.Budget(timeman.Clock{Time: 1000 * ms, Inc: 100 * ms}, timeman.DefaultOverhead))
	fmt.Println(timeman.Budget(timeman.Clock{Time: 30 * ms}, timeman.DefaultOverhead))
	fmt.Println(timeman.MoveTime(1000*ms, timeman.DefaultOverhead))
	// Output:
	// 985ms
	// 91.75ms
	// 1ms
	// 970ms
}
