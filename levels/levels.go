package levels

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/cotuong-ai/cotuong/gamesearch"
)

// Level is one playing strength of the computer: a cap on the iterative-deepening depth and a
// wall-clock budget per move. The search stops at whichever comes first.
type Level struct {
	// Name is the level's display name: "Easy", "Medium", "Hard" or "Master".
	Name string
	// Depth is the deepest iteration searched, in plies; 0 means no cap.
	Depth int
	// Time is the thinking time per move.
	Time time.Duration
}

// The four levels. Easy, Medium and Hard are the three levels of the project's seeds; Master
// searches without a depth cap for 3 seconds.
var (
	// Easy looks one ply ahead (plus quiescence) for at most 300 ms.
	Easy = Level{Name: "Easy", Depth: 1, Time: 300 * time.Millisecond}
	// Medium searches at most 2 plies for at most 700 ms.
	Medium = Level{Name: "Medium", Depth: 2, Time: 700 * time.Millisecond}
	// Hard searches at most 3 plies for at most 1200 ms.
	Hard = Level{Name: "Hard", Depth: 3, Time: 1200 * time.Millisecond}
	// Master has no depth cap and thinks for 3 s.
	Master = Level{Name: "Master", Depth: 0, Time: 3 * time.Second}
)

// All lists the levels from weakest to strongest.
func All() []Level { return []Level{Easy, Medium, Hard, Master} }

// Default is the level a new game starts with.
var Default = Medium

// Limits returns the search limits of the level: Depth and Time, one line (no MultiPV), no
// node limit.
func (l Level) Limits() gamesearch.Limits {
	return gamesearch.Limits{Depth: l.Depth, Time: l.Time}
}

// String returns the level's name.
func (l Level) String() string { return l.Name }

// Describe returns a one-line summary such as "Hard (depth ≤ 3, 1.2s)".
func (l Level) Describe() string {
	if l.Depth == 0 {
		return fmt.Sprintf("%s (no depth cap, %v)", l.Name, l.Time)
	}
	return fmt.Sprintf("%s (depth ≤ %d, %v)", l.Name, l.Depth, l.Time)
}

// Parse returns the level named name, case-insensitively ("easy", "Medium", ...). It also
// accepts the level's number from 1 (Easy) to 4 (Master). An unknown name is an error that
// lists the valid names.
func Parse(name string) (Level, error) {
	s := strings.TrimSpace(name)
	if n, err := strconv.Atoi(s); err == nil {
		if n >= 1 && n <= len(All()) {
			return All()[n-1], nil
		}
		return Level{}, fmt.Errorf("levels: level number %d out of range 1..%d", n, len(All()))
	}
	for _, l := range All() {
		if strings.EqualFold(s, l.Name) {
			return l, nil
		}
	}
	return Level{}, fmt.Errorf("levels: unknown level %q (want easy, medium, hard or master)", name)
}
