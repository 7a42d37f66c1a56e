package golden

import (
	"testing"

	"github.com/cudafp/cudafp/fp"
	"github.com/cudafp/cudafp/internal/spec"
)

// TestHashRangeAllocations checks that hashing a range of inputs allocates a
// few times at most (the argument array the kernels read), not once per input:
// per-input allocation made the exhaustive tier scale with the garbage
// collector rather than with the cores.
func TestHashRangeAllocations(t *testing.T) {
	for _, id := range []string{"f16_hadd", "expf", "__double2half", "f16_hfma", "powf", "__float2half_rn", "llrintf"} {
		f, ok := spec.Lookup(id)
		if !ok {
			f, ok = spec.Lookup16(id)
		}
		if !ok {
			t.Fatalf("%s is not in the catalog", id)
		}
		k, ok := f.ImplOrdered(fp.Flags{}, spec.NaNOrders{})
		if !ok {
			t.Fatalf("%s is not implemented", id)
		}
		const n = 4096
		allocs := testing.AllocsPerRun(3, func() { hashRange(f, k, fp.Flags{}, true, 0, n) })
		if allocs > 8 {
			t.Errorf("%s: hashRange over %d inputs allocated %.0f times", id, n, allocs)
		}
	}
}
