package ptx_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/internal/testflag"
	"github.com/cudafp/cudafp/ptx"
	"github.com/cudafp/cudafp/rounding"
)

// TestMulRNFTZ compares the division forms' FMUL.FTZ on host floating point,
// with x flushed as its callers do, with rounding.Mul32(x, y, RN, true) for
// y not subnormal (the reciprocals,
// the zeros, infinities and NaN that MUFU.RCP returns, and 0.25): every
// special operand against random ones, every exact product n·2^-151 with n
// within 64 of 2^25 (2^-126), and random pairs of every exponent and of
// exponents whose product lies near 2^-126 (seed from CUDAFP_SEED; 2^22
// pairs each, 2^26 with CUDAFP_EXHAUSTIVE=1).
func TestMulRNFTZ(t *testing.T) {
	seed := testflag.Seed()
	t.Logf("seed %d (CUDAFP_SEED)", seed)
	rng := rand.New(rand.NewPCG(seed, seed^0x6d756c66747a))
	bad := 0
	check := func(x, y uint32) {
		t.Helper()
		if y&0x7f800000 == 0 && y&0x7fffffff != 0 {
			return // subnormal y: not an operand of the division forms' FMUL.FTZ
		}
		if got, want := ptx.MulRNFTZ(f32.FlushSubnormal(x), y), rounding.Mul32(x, y, rounding.RN, true); got != want {
			if bad++; bad <= 10 {
				t.Errorf("mulRNFTZ(%s, %s) = %s, rounding.Mul32 %s", fmtBits(x), fmtBits(y), fmtBits(got), fmtBits(want))
			}
		}
	}
	specials := []uint32{0, 1, 0x007fffff, 0x00800000, 0x00800001, 0x3e800000, 0x3f800000, 0x7f7fffff, 0x7f800000, 0x7f800001, 0x7fc00000, 0x7fffffff}
	for _, a := range specials {
		for _, b := range specials {
			for _, s := range [4][2]uint32{{0, 0}, {1 << 31, 0}, {0, 1 << 31}, {1 << 31, 1 << 31}} {
				check(a|s[0], b|s[1])
			}
		}
		for range 1 << 10 {
			r := rng.Uint32()
			check(a, r)
			check(r, a)
		}
	}
	// Exact products n·2^-151 around 2^-126 = 2^25·2^-151, from every
	// factorisation n = a·b: x = a·2^-70 and y = b·2^-81, both normal. They
	// include 2^-126 - 2^-151 (n = 2^25 - 1 = 31·601·1801), the tie that
	// rounds up to 2^-126, and 2^-126 - 2^-150 (n = 2^25 - 2), the largest
	// binary32 value below 2^-126 at 24 bits, which is flushed.
	for n := 1<<25 - 64; n <= 1<<25+64; n++ {
		for a := 1; a*a <= n; a++ {
			if n%a != 0 {
				continue
			}
			x := math.Float32bits(float32(math.Ldexp(float64(a), -70)))
			y := math.Float32bits(float32(math.Ldexp(float64(n/a), -81)))
			for _, s := range []uint32{0, 1 << 31} {
				check(x|s, y)
				check(y, x|s)
			}
		}
	}
	n := 1 << 22
	if testflag.Exhaustive() {
		n = 1 << 26
	}
	for range n {
		x, y := rng.Uint32(), rng.Uint32()
		check(x, y)
		// Biased exponents ex + ey = 126 + k: a product in
		// [2^(k-128), 2^(k-126)), around 2^-126.
		ex := 1 + rng.Int32N(254)
		if ey := 126 + rng.Int32N(3) - ex; ey >= 1 {
			check(x&0x807fffff|uint32(ex)<<23, y&0x807fffff|uint32(ey)<<23)
		}
	}
	if bad > 0 {
		t.Errorf("%d mismatches", bad)
	}
}
