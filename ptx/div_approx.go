package ptx

import (
	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/rounding"
)

// DivApprox returns an approximation of x/y computed as x·(1/y). It
// emulates div.approx.f32 (ftz false) and div.approx.ftz.f32 (ftz true) as
// sm_90 executes them: MUFU.RCP of y, then an IEEE multiply by x rounded to
// nearest (FMUL.FTZ for the .ftz form).
//
// Special cases are (in order):
//
//	DivApprox(x, y, false) = DivApprox(x·2^24, y·2^24, true) without flushing, for |y| < 2^-126 (±0 included)
//	DivApprox(x, y, ftz) = x·RcpApprox(y, true), rounded to nearest (NaN if either is NaN, 0·Inf = NaN)
//
// so that DivApprox(x, y, ftz) = ±0 for finite x and 2^126 < |y| < 2^128,
// and NaN for infinite x there, as PTX documents; x/±0 is ±Inf for finite
// nonzero x (with ftz, also for subnormal y) and 0/0 is NaN.
//
// Accuracy: bit-exact with the H100 (sm_90, CUDA 13.0) on the golden data
// of both forms (2^24 generated pairs in the exhaustive tier). Documented
// (PTX ISA 9.1 §9.7.3, as recorded in internal/spec): "computed as a*(1/b);
// max ulp error 2 for |b| in [2^-126, 2^126]; for 2^126 < |b| < 2^128 the
// result is 0 (NaN if a is ∞)".
//
// Flags: ftz selects the .ftz form: MUFU.RCP and FMUL.FTZ, which flush
// subnormal operands and results. Without it ptxas scales both operands by
// 2^24 when |y| < 2^-126 (FSETP.GEU |y|, 0x1p-126; @!P FMUL x, 0x1p24;
// @!P FMUL y, 0x1p24) and multiplies without flushing.
func DivApprox(x, y uint32, ftz bool) uint32 { return rcpMul(x, y, ftz, false) }

// DivFull returns an approximation of x/y, computed as x·(1/y) on operands
// scaled into MUFU.RCP's range. It emulates div.full.f32 (ftz false) and
// div.full.ftz.f32 (ftz true) as sm_90 executes them.
//
// Special cases are (in order):
//
//	DivFull(x, y, ftz) = DivFull(x/4, y/4, ftz) for 2^126 < |y| < 2^128 and ±Inf, both quotients rounded to nearest (flushed with ftz)
//	DivFull(x, y, false) = DivFull(x·2^24, y·2^24, false) for |y| < 2^-126 (±0 included)
//	DivFull(x, y, ftz) = x·RcpApprox(y, true), rounded to nearest (flushed with ftz)
//
// So x/±Inf is ±0 for finite x and NaN for infinite x, x/±0 is ±Inf for
// finite nonzero x and NaN for x = ±0, and NaN operands give NaN (canonical
// 0x7fffffff).
//
// Accuracy: bit-exact with the H100 (sm_90, CUDA 13.0) on the golden data
// of both forms (2^24 generated pairs in the exhaustive tier). Documented
// (PTX ISA 9.1 §9.7.3, as recorded in internal/spec): "a relatively fast,
// full-range approximation that scales operands; max ulp error 2 across the
// full range".
//
// Flags: ftz selects the .ftz form (FSETP.GT.FTZ |y|, 0x1p126; @P FMUL.FTZ
// y, 0.25; @P FMUL.FTZ x, 0.25; MUFU.RCP; FMUL.FTZ), where subnormal
// operands and results are flushed. Without it ptxas also scales both
// operands by 2^24 when |y| < 2^-126, and no multiply flushes.
func DivFull(x, y uint32, ftz bool) uint32 { return rcpMul(x, y, ftz, true) }

// rcpMul is DivApprox (full false) and DivFull (full true). Where
// 2^-126 ≤ |y| < 2^126 neither form scales its operands, MUFU.RCP(y) is
// normal, and for normal x the FMUL (.FTZ or not) is the rounding to
// nearest of x·MUFU.RCP(y): that case, nearly every quotient, is computed
// here in one piece, the reciprocal's significand (RcpApprox's datapath)
// multiplied by x's without packing it; rcpMulTiny rounds the products
// that are tiny. Every other case goes to divScaled, the instruction
// sequence step by step.
func rcpMul(x, y uint32, ftz, full bool) uint32 {
	bx, by := x>>f32.FracBits&f32.MaxBexp, y>>f32.FracBits&f32.MaxBexp
	if bx-1 >= f32.MaxBexp-1 || by-1 >= f32.MaxBexp-3 { // x not normal, or by outside [1, 252]
		return divScaled(x, y, ftz, full)
	}
	f := y & f32.FracMask
	c := &rcpTable[f>>rcpLowBits]
	xl := f & (1<<rcpLowBits - 1)
	s := uint64(c.c0)<<rcpC0Shift - uint64(c.c1)*uint64(xl)<<rcpC1Shift + uint64(c.c2)*(mufuSquare(xl<<1)>>2) + rcpBias
	// S in (2^55, 2^56]: normalised, its top 24 bits are the significand
	// of MUFU.RCP(y) (truncated), whose biased exponent 254-by-n ≥ 1.
	n := 1 - uint32(s>>rcpSumOne)
	s <<= n & 1
	p := uint64(x&f32.FracMask|f32.HiddenBit) * (s >> (rcpSumOne - f32.FracBits)) // [2^46, 2^48)
	k := uint32(p >> 47)                                                          // 1 when the product's leading 1 is at bit 47
	p <<= (1 - k) & 1                                                             // leading 1 at bit 47
	// The product's biased exponent before rounding, less 1, from
	// MUFU.RCP(y)'s 2·bias-by-n: in [-127, 380].
	e := int32(bx+(2*f32.Bias-by-n)+k) - f32.Bias - 1
	sign := (x ^ y) & f32.SignMask
	if e < 0 { // tiny before rounding
		return rcpMulTiny(sign, e+1, p, ftz)
	}
	// The kept 24 bits, hidden bit at 23, added to e<<23: a carry into bit
	// 24 bumps the exponent (to 255, Inf, from 254). A product of 2^128 or
	// more is ±Inf, selected without a branch: a quarter of the quotients
	// of arbitrary operands are out of range.
	r := sign | (uint32(e)<<f32.FracBits + uint32(f32.ShiftRightEven(p, 24)))
	if e >= f32.MaxBexp-1 {
		r = sign | f32.InfBits
	}
	return r
}

// rcpMulTiny rounds rcpMul's product sign·p·2^(e-bias-47) (p's leading 1
// at bit 47) where it is tiny (biased exponent e ≤ 0) before rounding, as
// FMUL (ftz false) and FMUL.FTZ (ftz true) round to nearest: with ftz the
// zero of its sign unless it rounds up to 2^-126 (tininess after rounding,
// as rounding.Mul32); without, rounded once on the subnormal grid.
func rcpMulTiny(sign uint32, e int32, p uint64, ftz bool) uint32 {
	if ftz {
		if e == 0 && f32.ShiftRightEven(p, 24) == 1<<24 {
			return sign | f32.MinNormalBits
		}
		return sign
	}
	// Shift right by 1-e more bits, what falls off kept as a sticky bit;
	// a carry into bit 23 makes it MinNormal.
	return sign | uint32(f32.ShiftRightEven(f32.ShiftRightJam(p, uint(1-e)), 24))
}

// divScaled is DivApprox (full false) and DivFull (full true) as the SASS
// sequences compute them, operand scaling included.
func divScaled(x, y uint32, ftz, full bool) uint32 {
	huge, tiny := hugeMag(y), tinyMag(y) // both tested on the original y
	if huge && full {
		x = rounding.Mul32(x, quarterBits, rn, ftz)
		y = rounding.Mul32(y, quarterBits, rn, ftz)
	}
	if tiny && !ftz {
		x = rounding.Mul32(x, twoP24Bits, rn, false)
		y = rounding.Mul32(y, twoP24Bits, rn, false)
	}
	// FMUL{.FTZ} x, MUFU.RCP(y), rounded to nearest (the multiplication
	// commutes, NaN results included).
	return rounding.Mul32(x, mufuRcp(y), rn, ftz)
}
