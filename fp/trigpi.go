package fp

import (
	"math"

	"github.com/cudafp/cudafp/ptx"
	"github.com/cudafp/cudafp/rounding"
)

// sinpif, cospif and sincospif as nvcc (CUDA 13.0, sm_90) compiles them
// (kernels sinpif_, cospif_, sincospif_ of ../shared/reference/ptx/*.ptx):
// x = q/2 + r with q = rint(2x) and |r| ≤ 1/4 exact, then polynomials in r
// evaluated with fma.rn for sin(πr) and cos(πr), selected and negated by
// quadrant. -ftz=true (and -use_fast_math, which swaps none of these for an
// intrinsic and so equals -ftz=true here) turns every float instruction
// into its .ftz form; -fmad=false spells add.f32 and sub.f32 as add.rn and
// sub.rn, which changes nothing: no multiplication feeds them, and the SASS
// of the default and -fmad=false builds is identical.

// The polynomial coefficients (PTX immediates). On [-1/4, 1/4], with s = r²:
// sin(πr) ≈ π·r + r·s·(p2 + s·(p1 + s·p0)),
// cos(πr) ≈ 1 + s·(q3 + s·(q2 + s·(q1 + s·q0))).
const (
	sinpiP0 uint32 = 0xbf17acc9 // -0x1.2f5992p-1
	sinpiP1 uint32 = 0x40233590 // 0x1.466b2p+1
	sinpiP2 uint32 = 0xc0a55df6 // -0x1.4abbecp+2
	piF32   uint32 = 0x40490fdb // 0x1.921fb6p+1 ≈ π
	cospiQ0 uint32 = 0x3e684e12 // 0x1.d09c24p-3
	cospiQ1 uint32 = 0xbfaad2e0 // -0x1.55a5cp+0
	cospiQ2 uint32 = 0x4081e0cf // 0x1.03c19ep+2
	cospiQ3 uint32 = 0xc09de9e6 // -0x1.3bd3ccp+2

	halfBits   uint32 = 0x3f000000 // 0.5
	two24Bits  uint32 = 0x4b800000 // 0x1p24
	zeroBits32 uint32 = 0x00000000 // +0
)

// reducePi returns the quadrant q = rint(2x), r = x - q/2 (exact) and
// x2 = r·r, as the PTX computes them.
func reducePi(ux uint32, ftz bool) (q, r, x2 uint32) {
	t := twiceRN(ux, ftz)
	n, qi := rintRN(t, ftz) // cvt.rni.f32.f32, cvt.rzi.s32.f32
	// neg.f32 n: n is integral, never subnormal; a NaN n makes the fma
	// return the canonical NaN whatever its sign.
	r = fmaRN(n^0x80000000, halfBits, ux, ftz)
	return uint32(qi), r, mulRN(r, r, ftz)
}

// sinPi is the PTX's polynomial for sin(πr); cosPi its polynomial for
// cos(πr). The PTX interleaves the two chains and selects one result (selp);
// each chain's operations are independent of the other's, so computing only
// the selected one gives the same result.
func sinPi(r, x2 uint32, ftz bool) uint32 {
	sp := fmaRN(sinpiP0, x2, sinpiP1, ftz)
	sp = fmaRN(sp, x2, sinpiP2, ftz)
	r3 := fmaRN(x2, r, zeroBits32, ftz)
	sp = fmaRN(sp, r3, zeroBits32, ftz)
	return fmaRN(piF32, r, sp, ftz)
}

func cosPi(x2 uint32, ftz bool) uint32 {
	cp := fmaRN(cospiQ0, x2, cospiQ1, ftz)
	cp = fmaRN(cp, x2, cospiQ2, ftz)
	cp = fmaRN(cp, x2, cospiQ3, ftz)
	return fmaRN(cp, x2, oneBits, ftz)
}

func sinpifBits(ux uint32, ftz bool) uint32 {
	// Integers (and ±Inf) give x·0: a zero of x's sign (NaN for ±Inf); the
	// PTX computes the polynomial first and then discards it.
	if isIntegral(ux, ftz) {
		return mulRN(ux, zeroBits32, ftz)
	}
	q, r, x2 := reducePi(ux, ftz)
	var y uint32
	if q&1 != 0 {
		y = cosPi(x2, ftz)
	} else {
		y = sinPi(r, x2, ftz)
	}
	if q&2 != 0 {
		y = negSubRN(y, ftz)
	}
	return y
}

func cospifBits(ux uint32, ftz bool) uint32 {
	// |x| > 2^24 (and ±Inf) is replaced by x·0 (±0, or NaN for ±Inf).
	if absAbove(ux, two24Bits) {
		ux = mulRN(ux, zeroBits32, ftz)
	}
	q, r, x2 := reducePi(ux, ftz)
	q++
	var y uint32
	if q&1 != 0 {
		y = cosPi(x2, ftz)
	} else {
		y = sinPi(r, x2, ftz)
	}
	if q&2 != 0 {
		y = negSubRN(y, ftz)
	}
	return y
}

func sincospifBits(ux uint32, ftz bool) (s, c uint32) {
	q, r, x2 := reducePi(ux, ftz)
	sp, cp := sinPi(r, x2, ftz), cosPi(x2, ftz)
	s, c = sp, cp
	if q&1 != 0 {
		s, c = cp, sp
	}
	if q&2 != 0 {
		s = ptx.Neg(s, ftz)
	}
	if (q+1)&2 != 0 {
		c = negRN(c, ftz)
	}
	if isIntegral(ux, ftz) {
		s = mulRN(ux, zeroBits32, ftz)
	}
	if absAbove(ux, two24Bits) {
		c = ptx.Add(s, oneBits, rounding.RN, ftz)
	}
	return s, c
}

// Sinpif returns sin(πx) under the default nvcc flags; see Flags.Sinpif.
func Sinpif(x float32) float32 { return Flags{}.Sinpif(x) }

// Sinpif returns sin(πx) as CUDA's sinpif computes it on sm_90 (CUDA 13.0)
// when compiled with the nvcc flags fl.
//
// Special cases are (in order):
//
//	Sinpif(n) = ±0 for integer n (sign of n), ±0 included; |x| ≥ 2^23 is an integer
//	Sinpif(±Inf) = NaN
//	Sinpif(NaN) = NaN (canonical 0x7fffffff)
//
// Accuracy: bit-exact with the device (testdata/golden/*/sinpif.txt.gz, all
// 2^32 inputs, sm_90, CUDA 13.0). Documented bound (CUDA C++ Programming
// Guide, Mathematical Functions, single-precision table, CUDA 13.0):
// "sinpif(x): 1 (full range)" maximum ulp error.
//
// Flags: FTZ (also implied by FastMath, which swaps no intrinsic in for
// sinpif) reads subnormal inputs and intermediate results as zeros of their
// sign, so Sinpif(subnormal) = ±0; NoFMAD, ApproxDiv and ApproxSqrt do not
// change the result.
func (fl Flags) Sinpif(x float32) float32 {
	return math.Float32frombits(sinpifBits(math.Float32bits(x), fl.FTZ))
}

// Cospif returns cos(πx) under the default nvcc flags; see Flags.Cospif.
func Cospif(x float32) float32 { return Flags{}.Cospif(x) }

// Cospif returns cos(πx) as CUDA's cospif computes it on sm_90 (CUDA 13.0)
// when compiled with the nvcc flags fl.
//
// Special cases are (in order):
//
//	Cospif(x) = 1 for |x| > 2^24 (x is replaced by x·0)
//	Cospif(±Inf) = NaN
//	Cospif(NaN) = NaN (canonical 0x7fffffff)
//	Cospif(n + 0.5) = +0 for integer n
//	Cospif(±0) = 1
//
// Accuracy: bit-exact with the device (testdata/golden/*/cospif.txt.gz, all
// 2^32 inputs, sm_90, CUDA 13.0). Documented bound (CUDA C++ Programming
// Guide, Mathematical Functions, single-precision table, CUDA 13.0):
// "cospif(x): 1 (full range)" maximum ulp error.
//
// Flags: FTZ (also implied by FastMath) selects the .ftz forms, which give
// the same results on every input (a subnormal x gives 1 either way);
// NoFMAD, ApproxDiv and ApproxSqrt do not change the result.
func (fl Flags) Cospif(x float32) float32 {
	return math.Float32frombits(cospifBits(math.Float32bits(x), fl.FTZ))
}

// Sincospif returns sin(πx) and cos(πx) under the default nvcc flags; see
// Flags.Sincospif.
func Sincospif(x float32) (s, c float32) { return Flags{}.Sincospif(x) }

// Sincospif returns sin(πx) and cos(πx) as CUDA's sincospif computes them
// on sm_90 (CUDA 13.0) when compiled with the nvcc flags fl. The sine can
// differ from Sinpif(x) in the sign of a zero (sincospif negates with
// neg.f32 where sinpif computes 0 - y); the cosine is Cospif(x), although
// sincospif reaches it differently (an fma by -1 to negate, and sin + 1 for
// |x| > 2^24).
//
// Special cases are (in order):
//
//	Sincospif(n) = ±0, ±1 for integer n, ±0 included (sine with the sign of n)
//	Sincospif(x) = ±0, 1 for |x| > 2^24
//	Sincospif(±Inf) = NaN, NaN
//	Sincospif(NaN) = NaN, NaN (canonical 0x7fffffff)
//
// Accuracy: bit-exact with the device (testdata/golden/*/sincospif.txt.gz,
// all 2^32 inputs, sm_90, CUDA 13.0). Documented bound (CUDA C++
// Programming Guide, Mathematical Functions, single-precision table, CUDA
// 13.0): "sincospif(x,sptr,cptr): 1 (full range)" maximum ulp error.
//
// Flags: FTZ (also implied by FastMath) reads subnormal inputs and
// intermediate results as zeros of their sign; NoFMAD, ApproxDiv and
// ApproxSqrt do not change the results.
func (fl Flags) Sincospif(x float32) (s, c float32) {
	us, uc := sincospifBits(math.Float32bits(x), fl.FTZ)
	return math.Float32frombits(us), math.Float32frombits(uc)
}
