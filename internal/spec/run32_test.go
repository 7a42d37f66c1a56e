package spec_test

import (
	"testing"

	"github.com/cudafp/cudafp/internal/spec"
)

// TestRun32 holds every Run32 to the function's Kernel under each captured
// flag set: on runs that start at the encodings of ±0, 1, the largest
// finite value, +Inf and a NaN, and on a run that wraps past 2^32 − 1
// (Run32's inputs are x0 + i modulo 2^32).
func TestRun32(t *testing.T) {
	starts := []uint32{0, 0x80000000 - 7, 0x3f800000 - 100, 0x7f7fffff - 50, 0x7f800000 - 3, 0xffffffff - 200}
	const n = 300
	runs := 0
	for _, f := range spec.All() {
		for _, fl := range spec.FlagSets {
			run, ok := f.Run32(fl)
			if !ok {
				continue
			}
			k, ok := f.Impl(fl)
			if !ok {
				t.Fatalf("%s: a Run32 without a Kernel", f.Name)
			}
			runs++
			out := make([]uint32, n)
			for _, x0 := range starts {
				run(x0, out)
				for i, got := range out {
					x := x0 + uint32(i)
					in := spec.Args{uint64(x)}
					if want := uint32(k(&in)); got != want {
						t.Fatalf("%s under %v: Run32 from %#08x gives %#08x at %#08x, the Kernel %#08x", f.Name, fl, x0, got, x, want)
					}
				}
			}
		}
	}
	// The catalogue's float32 functions of one encoding (fp's methods, the
	// intrinsics, the MUFU forms, the conversions on 32 bits) have one each.
	if runs < 500 {
		t.Errorf("%d (function, flag set) pairs have a Run32, want at least 500", runs)
	}
	t.Logf("%d (function, flag set) pairs checked", runs)
}
