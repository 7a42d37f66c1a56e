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
	// halved: x < -126 without ftz, replaced by x·0.5 (FSETP.GEU x, -126;
	// @!P FMUL x, 0.5; MUFU.EX2; @!P FMUL r, r). The function calls
	// nothing, so that it needs no stack frame.
	halved := false
again:
	a := x & f32.AbsMask
	bexp := a >> f32.FracBits
	// One unsigned comparison sends |x| < 2^-23 (fixed point 0), |x| ≥ 128,
	// ±Inf and NaN to the special cases.
	if bexp-(f32.Bias-ex2FracBits) > ex2IntBits-1+ex2FracBits {
		switch {
		case a > f32.InfBits:
			return canonicalNaN
		case bexp < f32.Bias-ex2FracBits: // ±0 and the subnormals (read as ±0), and |x| < 2^-23: 2^0
			return f32.OneBits
		case x&f32.SignMask == 0: // x ≥ 128, +Inf included
			return f32.InfBits
		case ftz || bexp > f32.Bias+ex2IntBits:
			// x ≤ -128 with ftz, x ≤ -256 (-Inf included) without: the
			// flushed 2^x, or 2^(x/2) ≤ 2^-128 (flushed) squared, +0.
			return f32.ZeroBits
		}
		// FMUL x, 0.5 for -256 < x ≤ -128: exact, into (-128, -64].
		x, halved = x-1<<f32.FracBits, true
		goto again
	}
	// t = |x|·2^23 truncated: a right shift by 1 to 30 of the significand.
	t := (a&f32.FracMask | f32.HiddenBit) << ex2IntBits >> ((f32.Bias + ex2IntBits - bexp) & 31)
	// Negative x: the ones' complement of t, plus 1 where its fraction is
	// zero (there the two's complement), in 32-bit two's complement: the
	// integer part k is its arithmetic shift, the fraction f its low 23
	// bits. Branch-free: the sign is unpredictable.
	neg := x >> 31
	v := t ^ -neg + neg&((t&f32.FracMask-1)>>31)
	k := int32(v) >> ex2FracBits
	f := v & f32.FracMask
	rexp := f32.Bias + k
	if rexp <= 0 { // below 2^-126: x < -126
		if ftz || halved {
			return f32.ZeroBits // flushed (and 0·0 = +0)
		}
		// FMUL x, 0.5: exact (x is normal, -128 < x < -126).
		x, halved = x-1<<f32.FracBits, true
		goto again
	}
	// rexp ≤ 254 since k ≤ 127.
	c := &ex2Segs[f>>ex2LowBits]
	xl := f & (1<<ex2LowBits - 1)
	s := c.k0 + c.k1*uint64(xl) + c.k2*mufuSquare(xl)
	// S lies in [2^57, 2^58): the result's significand.
	r := uint32(rexp)<<f32.FracBits | uint32(s>>(ex2SumOne-ex2FracBits))&f32.FracMask
	if halved {
		// FMUL r, r: r in [2^-64, 2^-63), so r·r is a subnormal that host
		// binary32 multiplication rounds to nearest (DESIGN.md, fact 1).
		return rounding.Mul32RN(r, r)
	}
	return r
}

// ex2Segs is ex2Table as the datapath evaluates it (mufuSeg).
var ex2Segs = func() (t [len(ex2Table)]mufuSeg) {
	mufuSegs(t[:], ex2Table[:], ex2C0Shift, ex2C1Shift, false, false, ex2Bias)
	return t
}()

// Fixed-point layout of ex2's argument.
const (
	ex2FracBits = f32.FracBits               // 23 fraction bits of |x|
	ex2IntBits  = 7                          // |x| < 128 reaches the datapath
	ex2LowBits  = ex2FracBits - ex2IndexBits // 17 bits of xl
	ex2SumOne   = 57                         // the weight of 1 in S: C0 ∈ [2^25, 2^26) stands for [1, 2)
)
