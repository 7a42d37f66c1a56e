//go:build unix

package bench

import (
	"syscall"
	"time"
)

// cpuTime returns the CPU time (user and system) the process has used. On a
// shared machine it does not count other processes' time slices, which the
// wall clock does.
func cpuTime() time.Duration {
	var r syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &r); err != nil {
		return 0
	}
	return time.Duration(r.Utime.Nano() + r.Stime.Nano())
}
