//go:build unix

package benchutil

import (
	"syscall"
	"time"
)

// CPU returns this process's user and system CPU time (0 if the system cannot say).
func CPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
