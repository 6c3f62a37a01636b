//go:build !unix

package benchutil

import "time"

// CPU returns 0: this system's CPU time is not read here, and nodes/cpu-s is not reported.
func CPU() time.Duration { return 0 }
