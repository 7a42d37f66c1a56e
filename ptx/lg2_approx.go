package ptx

import (
	"math/bits"

	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/rounding"
)

// Lg2Approx returns an approximation of log2(x). It emulates lg2.approx.f32
// (ftz false) and lg2.approx.ftz.f32 (ftz true) as sm_90 executes them.
//
// Special cases are (in order):
//
//	Lg2Approx(NaN, ftz) = NaN (canonical 0x7fffffff)
//	Lg2Approx(±0, ftz) = -Inf
//	Lg2Approx(x, true) = -Inf for subnormal x (read as ±0)
//	Lg2Approx(x, false) = Lg2Approx(x·2^24, true) - 24 for subnormal x (NaN for negative x)
//	Lg2Approx(x, ftz) = NaN for x < 0, -Inf included
//	Lg2Approx(+Inf, ftz) = +Inf
//	Lg2Approx(1, ftz) = +0
//
// Other powers of two are not exact below 1: Lg2Approx(0.5) is -(1-2^-23).
//
// Accuracy: bit-exact with the H100 (sm_90, CUDA 13.0): the device results
// in testdata/mufu and the golden data of both forms (all 2^32 inputs in the
// exhaustive tier). Documented (PTX ISA 9.1 §9.7.3, as recorded in
// internal/spec): "max absolute error is 2^-22 for x in (0.5, 2); max
// relative error 2^-22 for other positive finite x".
//
// Flags: ftz selects the .ftz form, the MUFU.LG2 operation alone. Without it
// ptxas scales subnormal x by 2^24 first and adds -24 to the result
// (FSETP.GEU |x|, 0x1p-126; @!P FMUL x, 0x1p24; MUFU.LG2; @!P FADD r, -24),
// both rounded to nearest.
//
// Model: for x = 2^e·(1+f), the top 6 bits of f select one of 64 segments of
// P = C0·2^30 + C1·xl·2^18 − C2·sq(xl) + bias over its low 17 bits xl, in
// units of 2^-56; the unit forms e·2^56 + P in two's complement, takes its
// magnitude, drops the low 20 bits, and normalizes, keeping 24 significant
// bits (truncation); the sign is that of the sum.
func Lg2Approx(x uint32, ftz bool) uint32 {
	// scaled: x is a subnormal times 2^24 (FMUL x, 0x1p24; MUFU.LG2; FADD r, -24).
	scaled := false
	if x-f32.MinNormalBits >= f32.InfBits-f32.MinNormalBits { // not a positive normal number
		a := x & f32.AbsMask
		switch {
		case a > f32.InfBits:
			return canonicalNaN
		case a < f32.MinNormalBits: // ±0 and the subnormals, read as ±0 by MUFU.LG2
			switch {
			case a == 0 || ftz:
				return f32.NegInfBits
			case x&f32.SignMask != 0: // MUFU.LG2 of the negative x·2^24
				return canonicalNaN
			}
			x, scaled = subnormalTimes2p24(x), true
		case x&f32.SignMask != 0:
			return canonicalNaN
		default:
			return f32.InfBits // +Inf
		}
	}
	if x == f32.OneBits {
		return f32.ZeroBits
	}
	e := int64(x>>f32.FracBits) - f32.Bias
	f := x & f32.FracMask
	c := &lg2Segs[f>>lg2LowBits]
	xl := f & (1<<lg2LowBits - 1)
	p := c.k0 + c.k1*uint64(xl) + c.k2*mufuSquare(xl)
	s := e<<lg2SumOne + int64(p) // |s| < 2^63: |e| ≤ 127 and 0 ≤ P < 2^56
	neg := s >> 63               // -1 for x < 1, without a branch (its direction is as random as x)
	sign := uint32(neg) & f32.SignMask
	// |s| without its low lg2Drop bits: nonzero for x ≠ 1, so that the
	// result is normal. For e ≥ 1 s ≥ 2^56 and for e ≤ -2 s < -2^56; for
	// x in [0.5, 2) the golden data's default tier checks every x (block
	// 0x3f of TestMufuGoldenBlocks).
	m := uint64(s^neg-neg) &^ (1<<lg2Drop - 1)
	lz := bits.LeadingZeros64(m)
	rexp := uint32(f32.Bias + 63 - lz - lg2SumOne)
	r := sign | rexp<<f32.FracBits | uint32(m<<(lz&63)>>(63-f32.FracBits))&f32.FracMask
	if scaled {
		// FADD r, -24: host binary32 addition rounds to nearest
		// (DESIGN.md, fact 1).
		return rounding.Add32RN(r, minus24Bits)
	}
	return r
}

// lg2Segs is lg2Table as the datapath evaluates it (mufuSeg).
var lg2Segs = func() (t [len(lg2Table)]mufuSeg) {
	mufuSegs(t[:], lg2Table[:], lg2C0Shift, lg2C1Shift, false, true, lg2Bias)
	return t
}()

const (
	lg2LowBits = f32.FracBits - lg2IndexBits // 17 bits of xl
	lg2SumOne  = 56                          // the weight of 1 in the sum
)
