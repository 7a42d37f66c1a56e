package ulp

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/cudafp/cudafp/internal/f32"
)

// drawTrigPi draws an argument of sinpi or cospi, of either sign: within a
// few ulps of n/2 (n < 2^25: results near 0 and ±1, the exact cases
// themselves), tiny and subnormal (sinpi(x) ≈ πx, cospi(x) ≈ 1), or
// log-uniform over the binades below 2^25.
func drawTrigPi(r *rand.Rand) uint32 {
	var u uint32
	switch r.IntN(3) {
	case 0:
		n := r.Int64N(1 << r.IntN(26))
		v := int64(math.Float32bits(float32(n)/2)) + int64(r.IntN(1<<r.IntN(8))-r.IntN(1<<r.IntN(8)))
		u = uint32(max(v, 0))
	case 1:
		u = uint32(r.IntN(f32.Bias-11))<<f32.FracBits | r.Uint32()&f32.FracMask
	default:
		u = uint32(r.IntN(f32.Bias+25))<<f32.FracBits | r.Uint32()&f32.FracMask
	}
	return u | r.Uint32()&f32.SignMask
}

// trigPiInputs returns the hard points of sinpi and cospi, in both signs:
// the neighbours of integers and halves up to 2^24 and the exact cases
// themselves, quarters, the ends of the kernel's classes (2^-12, 2^19,
// 2^23, 2^24), tiny and subnormal arguments; then n seeded draws.
func trigPiInputs(t *testing.T, n int, stream uint64) []uint32 {
	r := newRand(t, stream)
	b := math.Float32bits
	var xs []uint32
	for _, v := range []float32{0.5, 1, 1.5, 2, 3, 7.5, 100, 1000.5, 0x1p19, 0x1p21 + 0.5, 0x1p22, 0x1p23 - 0.5, 0x1p23, 0x1p24, 0x1p24 + 2} {
		u := b(v)
		xs = append(xs, u-2, u-1, u, u+1, u+2)
	}
	xs = append(xs, 0, 1, 2, 3, 0x7fffff, 0x800000, 0x800001, b(0.25), b(0.75), b(1.25), b(0x1p22+0.25),
		b(0x1p-12), b(0x1p-12)-1, b(0x1p-6), b(0x1p-6)-1, b(1.0/64+1.0/128), b(1.0/3), b(1.0/6), b(2.0/3), b(5.0/6),
		b(0x1.fffffep127))
	for range n {
		xs = append(xs, drawTrigPi(r))
	}
	for i := range xs {
		xs = append(xs, xs[i]^f32.SignMask)
	}
	return xs
}

// TestTrigPiRefs checks Sinpi's and Cospi's fast path with fallback against
// the oracle's Ziv loop in all four modes, and the kernels' error bound and
// ValueBits against a 256-bit enclosure, on trigPiInputs (checkUnaryRef).
func TestTrigPiRefs(t *testing.T) {
	for i, ref := range []*Ref{Sinpi, Cospi} {
		t.Run(ref.name, func(t *testing.T) {
			checkUnaryRef(t, ref, trigPiInputs(t, 600, uint64(60+i)))
		})
	}
}
