package intrinsics_test

import (
	"slices"
	"testing"

	"github.com/cudafp/cudafp/internal/spec"
	"github.com/cudafp/cudafp/intrinsics"
)

// A benchFunc calls one intrinsic on every argument tuple of in (encodings
// packed as in spec.Kernel) and folds the results into s, which the
// benchmark keeps alive.
type benchFunc struct {
	name, id string
	run      func(t intrinsics.Target, in [][3]uint64) (s uint64)
}

// handBench holds the loops of the hand-written intrinsics; their test
// files add to it.
var handBench = []benchFunc{
	{"Saturatef", "i_saturatef", func(t intrinsics.Target, in [][3]uint64) (s uint64) {
		for _, a := range in {
			s ^= f2b(t.Saturatef(b2f(uint32(a[0]))))
		}
		return s
	}},
}

func allBench() []benchFunc { return slices.Concat(generatedBench, handBench) }

// benchInputs are the first n inputs the device capture used for f: the
// sampled inputs of an exhaustive function (one per 2^22 encodings, so every
// exponent and sign) or the generated ones of the others (the strata of
// spec.Func.Input). They mix special values with ordinary ones, as the
// golden data does.
func benchInputs(f *spec.Func, n int) [][3]uint64 {
	in := make([][3]uint64, n)
	for i := range in {
		if f.Exhaustive() {
			in[i][0] = uint64(spec.SampleInput(uint64(i % spec.SampleCount)))
			continue
		}
		a := f.Input(uint64(i))
		in[i] = [3]uint64(a[:3])
	}
	return in
}

var sink uint64

// BenchmarkIntrinsics measures every intrinsic in both builds:
// BenchmarkIntrinsics/FmulRZ/default reports ns/call, the time of one call
// averaged over the 1,024 precomputed inputs of benchInputs. Run one with
// -bench 'Intrinsics/Powf/'.
func BenchmarkIntrinsics(b *testing.B) {
	const n = 1024
	for _, bf := range allBench() {
		f, ok := spec.Lookup(bf.id)
		if !ok {
			b.Fatalf("%s: no catalog entry %s", bf.name, bf.id)
		}
		in := benchInputs(f, n)
		for _, bd := range builds2 {
			b.Run(bf.name+"/"+bd.name, func(b *testing.B) {
				b.ReportAllocs()
				var s uint64
				for b.Loop() {
					s ^= bf.run(bd.t, in)
				}
				sink = s
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/call")
				b.ReportMetric(0, "ns/op") // one op is n calls: ns/call is the figure
			})
		}
	}
}

// TestNoAllocs checks that no intrinsic allocates.
func TestNoAllocs(t *testing.T) {
	for _, bf := range allBench() {
		f, _ := spec.Lookup(bf.id)
		in := benchInputs(f, 64)
		for _, bd := range builds2 {
			if n := testing.AllocsPerRun(10, func() { sink ^= bf.run(bd.t, in) }); n != 0 {
				t.Errorf("%s -ftz=%v: %v allocations per run", bf.name, bd.t.FTZ, n)
			}
		}
	}
}
