package intrinsics

import (
	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/ptx"
	"github.com/cudafp/cudafp/rounding"
)

// FrsqrtRN returns 1/√x rounded to nearest, ties to even. It emulates
// __frsqrt_rn, which nvcc expands inline (there is no rsqrt.rn
// instruction); the sequence is in the Target method below.
//
// Special cases are (in order):
//
//	FrsqrtRN(NaN) = NaN (canonical 0x7fffffff)
//	FrsqrtRN(±0) = ±Inf; with FTZ, FrsqrtRN(±subnormal) = ±Inf too
//	FrsqrtRN(x) = NaN (canonical 0x7fffffff) for x < 0, -Inf included (a negative subnormal with FTZ reads as -0)
//	FrsqrtRN(+Inf) = +0
//	FrsqrtRN(4^k) = 2^-k exactly
//
// Accuracy: correctly rounded, and bit-exact with the device. Documented
// (CUDA C++ Programming Guide 13.0, Mathematical Functions, Table 21
// (single-precision intrinsics)): "IEEE-compliant (0 ulp): the correctly
// rounded reciprocal square root."
//
// Flags: with Target.FTZ (-ftz=true) a subnormal input reads as the zero of
// its sign; without it, subnormal inputs are scaled by 2^24 first, so their
// results are finite.
func FrsqrtRN(x float32) float32 { return Target{}.FrsqrtRN(x) }

// Constants of the __frsqrt_rn sequence, as nvcc writes them in the PTX
// (../shared/reference/ptx/default.ptx, kernel i_frsqrt_rn).
const (
	two24Bits      uint32 = 0x4b800000 // 0x1p+24, the subnormal pre-scale
	threeEighths   uint32 = 0x3ec00000 // 0x1.8p-02 = 3/8, second-order Newton coefficient
	halfBits       uint32 = 0x3f000000 // 0x1p-01
	rsqrtMantMask  uint32 = 0x00ffffff // fraction and the exponent's parity bit
	rsqrtMantBexp  uint32 = 0x3f000000 // m = that, with biased exponent 126 or 127: m in [0.5, 2)
	rsqrtScaleBexp int32  = 24 << 23   // 0x0c000000: 2^24 of the pre-scale in the exponent field, halved by the shift
)

// FrsqrtRN is __frsqrt_rn compiled for t: with t.FTZ it is the -ftz=true
// build; see the function FrsqrtRN.
//
// The sequence (PTX kernel i_frsqrt_rn, default and ftz builds; SASS
// funcs_{default,ftz}.sass): in the default build a subnormal x is scaled by
// 2^24 (mul.f32, exact). An input a that is not a positive normal number
// goes to rsqrt.approx.ftz.f32 a, whose special cases give the results
// above. Otherwise a = m·2^(2k) with m in [0.5, 2) formed by replacing the
// exponent field, r = rsqrt.approx.ftz(m), and with d = 1 - m·r² computed
// with an exact square (r² = r2 + err, err = fma(r, r, -r2)):
//
//	d  = fma(err, -m, fma(r2, -m, 1))
//	r' = fma(fma(3/8, d, 1/2), r·d, r)    // r·(1 + d/2 + 3d²/8): Newton–Raphson of order 2
//
// and the exponent difference between m and a, halved (arithmetic shift),
// is added to r' in the exponent field. The rounded multiplies are mul.f32
// (mul.ftz.f32), kept separate by ptxas (FMUL, then FFMA).
func (t Target) FrsqrtRN(x float32) float32 {
	ftz := t.FTZ
	a := bits(x)
	scaled := false
	// abs.f32; setp.lt.f32 |x|, 0x1p-126; mul.f32 x, 0x1p+24; selp (default build only).
	if !ftz && a&f32.AbsMask < f32.MinNormalBits {
		a = ptx.Mul(a, two24Bits, rounding.RN, false)
		scaled = true
	}
	// add.s32 a, -0x00800000; setp.lt.u32 … 0x7f000000: a positive normal?
	if a-f32.MinNormalBits >= f32.InfBits-f32.MinNormalBits {
		return fromBits(ptx.RsqrtApprox(a, true))
	}
	m := a&rsqrtMantMask | rsqrtMantBexp
	e := int32(m - a)
	if scaled {
		e += rsqrtScaleBexp
	}
	r := ptx.RsqrtApprox(m, true)
	r2 := ptx.Mul(r, r, rounding.RN, ftz)
	err := ptx.Fma(r, r, ptx.Neg(r2, ftz), rounding.RN, ftz)
	negM := ptx.Neg(m, ftz)
	d := ptx.Fma(r2, negM, f32.OneBits, rounding.RN, ftz)
	d = ptx.Fma(err, negM, d, rounding.RN, ftz)
	p := ptx.Fma(threeEighths, d, halfBits, rounding.RN, ftz)
	q := ptx.Mul(r, d, rounding.RN, ftz)
	s := ptx.Fma(p, q, r, rounding.RN, ftz)
	return fromBits(uint32(e>>1 + int32(s)))
}
