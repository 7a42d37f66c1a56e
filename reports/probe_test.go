package reports

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/internal/spec"
	"github.com/cudafp/cudafp/rounding"
	"github.com/cudafp/cudafp/ulp"
)

// TestObserveOrderedBatches checks the ordered-batch statistics of an
// ulp-only bound (observeULP's threshold loop, with and without the slope
// in |x|) against record's input-by-input path on the same measurements:
// results the reference's rounding moved by 0 to 40 encodings, so that
// distances tie the largest one, exceed the bound and set new maxima, in
// consecutive batches of one probe, whose first input sets the largest
// distance. expf's bound is 2 ulp; __expf's
// 2 + ⌊1.173·|x|⌋ ulp.
func TestObserveOrderedBatches(t *testing.T) {
	const seed = 20261127
	t.Logf("seed %d", seed)
	for _, name := range []string{"expf", "__expf"} {
		f, ok := spec.Lookup(name)
		if !ok {
			t.Fatalf("no %s in the catalog", name)
		}
		_, sweeps, err := plan(Config{Funcs: []*spec.Func{f}, Samples: 1 << 10})
		if err != nil {
			t.Fatal(err)
		}
		s := sweeps[0]
		newProbe := func() *probe {
			return &probe{ref: s.comp.ref, got: s.newGot(nil), chk: &s.chk, axis: Axis{s.f.In[0]}, ex: newExtra()}
		}
		batched, byInput := newProbe(), newProbe()
		r := rand.New(rand.NewPCG(seed, 0))
		const n = 512
		// Batches across 1, [2, 4) and [64, 128), where the slope matters.
		for _, x0 := range []uint32{0x3f800000, 0x3f800000 + n, 0x40000000, 0x42800000, 0x42800000 + n, 0xc2800000} {
			bt := &ulp.Batch{Lo: x0, Ordered: true,
				Got: make([]uint32, n), Want: make([]uint32, n), Val: make([]ulp.DD, n), Dist: make([]uint32, n), Err: make([]float64, n)}
			for i := range n {
				in := ulp.Input{X: x0 + uint32(i)}
				want, v, _ := s.comp.ref.Eval(in, rounding.RN)
				got := want
				if !f32.IsNaN(want) && want&f32.AbsMask < f32.InfBits-64 {
					got += uint32(r.IntN(4)) // mostly within the bound
					if r.IntN(64) == 0 {
						got += uint32(r.IntN(40))
					}
					if x0 == 0x3f800000 && i == 0 {
						got = want + 100 // the probe's first input sets the largest distance at once
					}
				}
				bt.Got[i], bt.Want[i], bt.Val[i] = got, want, v
				bt.Dist[i], bt.Err[i] = ulp.Dist(got, want), ulp.Err(got, v)
				byInput.record(in, got, want, v)
			}
			batched.observe(bt)
		}
		if !reflect.DeepEqual(batched.ex, byInput.ex) {
			t.Errorf("%s: ordered batches\n%+v\ninput by input\n%+v", name, batched.ex, byInput.ex)
		}
		if byInput.ex.Over == 0 || byInput.ex.MaxDist != 100 {
			t.Errorf("%s: %d inputs over the bound, largest distance %d: the test reaches neither", name, byInput.ex.Over, byInput.ex.MaxDist)
		}
	}
}
