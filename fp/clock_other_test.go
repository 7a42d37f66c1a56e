//go:build !linux

package fp_test

import "time"

var benchEpoch = time.Now()

// benchClock returns wall-clock time where no per-thread CPU clock is read.
func benchClock() time.Duration { return time.Since(benchEpoch) }

const benchClockName = "wall-clock time"

func lockClock() (unlock func()) { return func() {} }
