package ptx

import (
	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/rounding"
)

// Ex2Approx returns an approximation of 2^x. It emulates ex2.approx.f32
// (ftz false) and ex2.approx.ftz.f32 (ftz true) as sm_90 executes them.
//
// Special cases are (in order):
//
//	Ex2Approx(NaN, ftz) = NaN (canonical 0x7fffffff)
//	Ex2Approx(±0, ftz) = 1, and 1 for subnormal x (the unit reads them as ±0)
//	Ex2Approx(x, ftz) = +Inf for x ≥ 128, +Inf included
//	Ex2Approx(x, true) = +0 for x < -126, -Inf included
//	Ex2Approx(x, false) = r·r for x < -126, r = Ex2Approx(x·0.5, true), both products rounded to nearest (so +0 for -Inf)
//
// Accuracy: bit-exact with the H100 (sm_90, CUDA 13.0): the device results
// in testdata/mufu and the golden data of both forms (all 2^32 inputs in the
// exhaustive tier). Documented (PTX ISA 9.1 §9.7.3, as recorded in
// internal/spec): "max ulp error is 2 ulp from correctly rounded result
// across the full range".
//
// Flags: ftz selects the .ftz form, the MUFU.EX2 operation alone, whose
// results below 2^-126 are +0. Without it ptxas wraps the unit
// (FSETP.GEU x, -126; @!P FMUL x, 0.5; MUFU.EX2; @!P FMUL r, r) so that
// results down to the subnormal range come out; subnormal inputs still give 1.
//
// Model: x becomes fixed point with 7 integer and 23 fraction bits, its
// magnitude truncated; a negative x with a nonzero fraction f takes the
// ones' complement (integer part -(n+1), fraction 2^23-1-f), so
// Ex2Approx(-0.5) is 2^-1·2^(0.5-2^-23). The fraction's top 6 bits select
// one of 64 segments of S = C0·2^32 + C1·xl·2^19 + C2·sq(xl) + bias over its
// low 17 bits xl; bits 34…56 of S are the result's fraction and the integer
// part its exponent.
func Ex2Approx(x uint32, ftz bool) uint32 {
	// FSETP.GEU x, -126 is false for x < -126 only (NaN compares unordered).
	if !ftz && x > minus126Bits && x <= f32.NegInfBits {
		return ex2Wrapped(x)
	}
	// MUFU.EX2, the .ftz form.
	a := x & f32.AbsMask
	bexp := a >> f32.FracBits
	switch {
	case a > f32.InfBits:
		return canonicalNaN
	case bexp == 0: // ±0 and the subnormals, read as ±0
		return f32.OneBits
	case bexp >= f32.Bias+ex2IntBits: // |x| ≥ 128, ±Inf included
		if x&f32.SignMask != 0 {
			return f32.ZeroBits
		}
		return f32.InfBits
	}
	// fx = |x|·2^23 truncated, for bexp ≤ Bias+6 (shifts of 64 or more give 0).
	sig := uint64(a&f32.FracMask | f32.HiddenBit)
	fx := uint32(sig << ex2IntBits >> (f32.Bias + ex2IntBits - bexp))
	k := int32(fx >> ex2FracBits) // the integer part
	f := fx & f32.FracMask
	// Negative x: k = -k, or with a nonzero fraction k = -k-1 and the ones'
	// complement of f (branch-free: the sign is unpredictable).
	neg := x >> 31
	cpl := neg & ((0 - f) >> 31) // 1 for negative x with f ≠ 0
	f ^= -cpl & f32.FracMask
	k = int32(uint32(k)^-neg) + int32(neg) - int32(cpl)
	rexp := f32.Bias + k
	if rexp <= 0 { // below 2^-126: flushed
		return f32.ZeroBits
	}
	// rexp ≤ 254 since k ≤ 127.
	c := &ex2Table[f>>ex2LowBits]
	xl := f & (1<<ex2LowBits - 1)
	s := uint64(c.c0)<<ex2C0Shift + uint64(c.c1)*uint64(xl)<<ex2C1Shift + uint64(c.c2)*mufuSquare(xl) + ex2Bias
	// S lies in [2^57, 2^58): the result's significand.
	return uint32(rexp)<<f32.FracBits | uint32(s>>(ex2SumOne-ex2FracBits))&f32.FracMask
}

// ex2Wrapped is ex2.approx.f32 for x < -126: FMUL x, 0.5; MUFU.EX2;
// FMUL r, r.
func ex2Wrapped(x uint32) uint32 {
	r := Ex2Approx(rounding.Mul32(x, halfBits, rn, false), true)
	return rounding.Mul32(r, r, rn, false)
}

// Fixed-point layout of ex2's argument.
const (
	ex2FracBits = f32.FracBits               // 23 fraction bits of |x|
	ex2IntBits  = 7                          // |x| < 128 reaches the datapath
	ex2LowBits  = ex2FracBits - ex2IndexBits // 17 bits of xl
	ex2SumOne   = 57                         // the weight of 1 in S: C0 ∈ [2^25, 2^26) stands for [1, 2)
)
