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
	c := &lg2Table[f>>lg2LowBits]
	xl := f & (1<<lg2LowBits - 1)
	p := uint64(c.c0)<<lg2C0Shift + uint64(c.c1)*uint64(xl)<<lg2C1Shift - uint64(c.c2)*mufuSquare(xl) + lg2Bias
	s := e<<lg2SumOne + int64(p) // |s| < 2^63: |e| ≤ 127 and 0 ≤ P < 2^56
	neg := s >> 63               // -1 for x < 1, without a branch (its direction is as random as x)
	sign := uint32(neg) & f32.SignMask
	m := uint64(s^neg-neg) &^ (1<<lg2Drop - 1) // |s|
	if m == 0 {
		return sign
	}
	// m ≥ 2^20: the result is normal.
	lz := bits.LeadingZeros64(m)
	rexp := uint32(f32.Bias + 63 - lz - lg2SumOne)
	r := sign | rexp<<f32.FracBits | uint32(m<<(lz&63)>>(63-f32.FracBits))&f32.FracMask
	if scaled {
		return lg2Minus24(r)
	}
	return r
}

// lg2Minus24 returns r + (-24) rounded to nearest (FADD r, -24) for
// r = MUFU.LG2(x·2^24) of a positive subnormal x. r lies in [-126, -102]:
// with its binade [-128, -64] the sum is computed in units of 2^-17 (24 is
// 3·2^20 of them), exact below 128 in magnitude and rounded by one bit
// above. Other r take rounding.Add32.
func lg2Minus24(r uint32) uint32 {
	const bexp = f32.Bias + 6 // the binade [-128, -64]
	if r>>f32.FracBits != 1<<8|bexp {
		return rounding.Add32(r, minus24Bits, rn, false)
	}
	sum := (r&f32.FracMask | f32.HiddenBit) + 3<<20 // < 2^25
	if sum < 1<<24 {
		return f32.SignMask | ((bexp-1)<<f32.FracBits + sum)
	}
	// One bit drops: ties to even (adding the kept last bit carries a tie
	// to the even neighbour and leaves the rest as they are).
	return f32.SignMask | (bexp<<f32.FracBits + (sum+(sum>>1&1))>>1)
}

const (
	lg2LowBits = f32.FracBits - lg2IndexBits // 17 bits of xl
	lg2SumOne  = 56                          // the weight of 1 in the sum
)
