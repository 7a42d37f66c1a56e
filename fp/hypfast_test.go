package fp

import (
	"math/rand/v2"
	"testing"

	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/internal/testflag"
)

// TestHypFastUnary compares the fast paths of sinhf, coshf, expm1f, cbrtf
// and rcbrtf with their sequences under both .ftz settings on every 1021st
// encoding (every encoding in the exhaustive tier), and requires each fast
// path to answer a good share of the inputs (a fast path that never
// answers would pass the comparison vacuously).
func TestHypFastUnary(t *testing.T) {
	compareFastKernels(t, []fastKernel{
		{"sinhf", sinhfFast, sinhfSeq},
		{"coshf", coshfFast, coshfSeq},
		{"expm1f", expm1fFast, expm1fSeq},
		{"cbrtf", cbrtfFast, cbrtfSeq},
		{"rcbrtf", rcbrtfFast, rcbrtfSeq},
	}, 1021, 0.25) // ~4 s on two cores
}

// TestHypFastNorms compares the fast paths of hypotf, rhypotf, norm3df and
// rnorm3df with their sequences, under both .ftz settings and both
// -prec-sqrt settings, on random arguments of nearby binades, of far
// binades (squares that underflow or overflow) and arbitrary bit patterns
// (fastArithN triples; 64 times as many in the exhaustive tier).
func TestHypFastNorms(t *testing.T) {
	seed := testflag.Seed()
	t.Logf("seed %d", seed)
	r := rand.New(rand.NewPCG(seed, 0x6879706f74))
	n := fastArithN / 4
	if testflag.Exhaustive() {
		n <<= 6
	}
	b := func(lo, hi int) uint32 { return uint32(lo+r.IntN(hi-lo+1))<<23 | r.Uint32()&0x807fffff }
	var fails, fast [4]int
	names := [4]string{"hypotf", "rhypotf", "norm3df", "rnorm3df"}
	for range n {
		var x, y, z uint32
		switch r.IntN(3) {
		case 0:
			x, y, z = r.Uint32(), r.Uint32(), r.Uint32()
		case 1:
			e := r.IntN(255)
			lo, hi := max(e-3, 0), min(e+3, 254)
			x, y, z = b(lo, hi), b(lo, hi), b(lo, hi)
		default:
			x, y, z = b(0, 254), b(0, 254), b(0, 254)
		}
		for i := range 4 {
			for _, approx := range []bool{false, true} {
				var got uint32
				var ok bool
				if i < 2 {
					got, ok = hypotFast(x, y, approx, i == 1)
				} else {
					got, ok = norm3Fast(x, y, z, approx, i == 3)
				}
				if !ok {
					continue
				}
				fast[i]++
				for _, ftz := range []bool{false, true} {
					fl := Flags{FTZ: ftz, ApproxSqrt: approx}
					var want uint32
					if i < 2 {
						want = hypotSeq(x, y, fl, i == 1)
					} else {
						want = norm3Seq(x, y, z, fl, i == 3)
					}
					if got != want && fails[i] < 10 {
						fails[i]++
						t.Errorf("%s fast path(%s, %s, %s) %s = %s, sequence %s (seed %d)", names[i], f32.Format(x), f32.Format(y), f32.Format(z), fl, f32.Format(got), f32.Format(want), seed)
					}
				}
			}
		}
	}
	for i, name := range names {
		t.Logf("%s: fast path taken on %d of %d", name, fast[i], 2*n)
		if fast[i] < n/2 {
			t.Errorf("%s: fast path taken on only %d of %d", name, fast[i], 2*n)
		}
	}
}
