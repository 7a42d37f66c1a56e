//go:build !unix

package bench

import "time"

// cpuTime is unavailable: the cpu-ns metrics are left out.
func cpuTime() time.Duration { return 0 }
