//go:build linux

package fp_test

import (
	"runtime"
	"syscall"
	"time"
	"unsafe"
)

// benchClock returns the CPU time of the calling thread (clock_gettime
// CLOCK_THREAD_CPUTIME_ID), so that benchmark ratios do not count the time
// the thread waited for a CPU on a loaded machine. The caller locks itself
// to its thread (lockClock) for the measurement to mean anything.
func benchClock() time.Duration {
	const clockThreadCPUTimeID = 3
	var ts syscall.Timespec
	syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTimeID, uintptr(unsafe.Pointer(&ts)), 0)
	return time.Duration(ts.Nano())
}

const benchClockName = "thread CPU time"

func lockClock() (unlock func()) {
	runtime.LockOSThread()
	return runtime.UnlockOSThread
}
