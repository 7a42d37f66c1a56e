package fp

import (
	"math"
	"math/bits"

	"github.com/cudafp/cudafp/internal/f64"
	"github.com/cudafp/cudafp/ptx"
	"github.com/cudafp/cudafp/rounding"
)

// fabs, copysign, fmax, fmin, fdim, nextafter, fma, sqrt, ldexp, scalbn,
// ilogb, logb, frexp and modf of double as nvcc (CUDA 13.0, sm_90) compiles
// them: kernels fabs_, copysign_, … of gpu/ref/funcs64/*.ptx.xz. Integer
// steps are Go integer arithmetic; every float result comes out of the same
// PTX instruction as on the device (package ptx, and package rounding for
// the binary64 add, sub, mul, fma and sqrt with the device's NaN rules).
// None of them depends on the flags: .f64 has no .ftz form, -prec-div and
// -prec-sqrt select float code only, and -fmad=false only respells their
// mul.f64/add.f64/sub.f64 as .rn (no multiply feeds an add; the PTX of the
// six captured flag sets differs in nothing else).

// Documented bound of the exact functions: Table 18 lists "0 (full range)"
// for most and does not list fabs, fmax, fmin, copysign and nextafter.

const (
	halfBits64  uint64 = 0x3fe0000000000000 // 0.5
	twoP54Bits  uint64 = 0x4350000000000000 // 2^54: frexp's scale of a subnormal x
	ilogbZero   int32  = math.MinInt32      // FP_ILOGB0, and FP_ILOGBNAN
	ilogbInf    int32  = math.MaxInt32
	minSubBits  uint64 = f64.MinSubnormalBits
	expMaskHi32        = 0x7ff00000 // the exponent field in the high word
)

// Fabs returns the absolute value of x, as CUDA's fabs: abs.f64 (SASS
// DADD |x|, -0).
//
// Special cases are:
//
//	Fabs(±0) = +0
//	Fabs(±Inf) = +Inf
//	Fabs(NaN) = x quieted: its sign and payload kept (the sign is not cleared)
//
// Accuracy: exact. Not listed in Table 18 of the CUDA C++ Programming
// Guide 13.0.
//
// Flags: independent of Flags.
func (fl Flags) Fabs(x float64) float64 { return Fabs(x) }

// Fabs returns fabs(x) (Flags{}.Fabs).
func Fabs(x float64) float64 { return f64b(ptx.AbsF64(b64(x))) }

// Copysign returns the magnitude of x with the sign of y, as CUDA's
// copysign: copysign.f64 d, y, x (SASS LOP3 on the high words).
//
// Special cases are:
//
//	Copysign(x, y) = x with y's sign bit, for every encoding of x and y
//	Copysign(NaN, y) = that NaN (payload kept, not quieted) with y's sign bit
//
// Accuracy: exact. Not listed in Table 18 of the CUDA C++ Programming
// Guide 13.0.
//
// Flags: independent of Flags.
func (fl Flags) Copysign(x, y float64) float64 { return Copysign(x, y) }

// Copysign returns copysign(x, y) (Flags{}.Copysign).
func Copysign(x, y float64) float64 { return f64b(ptx.CopysignF64(b64(x), b64(y))) }

// Fmin returns the smaller of x and y, as CUDA's fmin: min.f64 (SASS
// DSETP.MIN and selects).
//
// Special cases are (in order):
//
//	Fmin(NaN, NaN) = y quieted (sign and payload kept): the operand order as written; a kernel
//	whose DSETP ptxas wrote with x and y exchanged returns x's (internal/spec.NaNOrders)
//	Fmin(x, NaN) = Fmin(NaN, x) = x
//	Fmin(-0, +0) = Fmin(+0, -0) = -0
//
// Accuracy: exact. Not listed in Table 18 of the CUDA C++ Programming
// Guide 13.0.
//
// Flags: independent of Flags.
func (fl Flags) Fmin(x, y float64) float64 { return Fmin(x, y) }

// Fmin returns fmin(x, y) (Flags{}.Fmin).
func Fmin(x, y float64) float64 { return f64b(ptx.MinF64(b64(x), b64(y))) }

// Fmax returns the larger of x and y, as CUDA's fmax: max.f64 (SASS
// DSETP.MAX and selects).
//
// Special cases are (in order):
//
//	Fmax(NaN, NaN) = y quieted (sign and payload kept), or x's: as Fmin
//	Fmax(x, NaN) = Fmax(NaN, x) = x
//	Fmax(-0, +0) = Fmax(+0, -0) = +0
//
// Accuracy: exact. Not listed in Table 18 of the CUDA C++ Programming
// Guide 13.0.
//
// Flags: independent of Flags.
func (fl Flags) Fmax(x, y float64) float64 { return Fmax(x, y) }

// Fmax returns fmax(x, y) (Flags{}.Fmax).
func Fmax(x, y float64) float64 { return f64b(ptx.MaxF64(b64(x), b64(y))) }

// Fdim returns the positive difference of x and y, as CUDA's fdim: x − y
// (sub.rn.f64) when x > y or either is NaN, +0 otherwise (setp.le.f64,
// selp).
//
// Special cases are (in order):
//
//	Fdim(x, y) = +0 for x ≤ y (-0 and +0 included)
//	Fdim(x, NaN) = Fdim(NaN, y) = NaN (as x − y: package rounding's NaN rule; of two
//	NaNs, y's as written, x's where ptxas exchanged the operands: internal/spec.NaNOrders)
//	Fdim(+Inf, y) = +Inf for y < +Inf
//
// Accuracy: correctly rounded. Documented (CUDA C++ Programming Guide
// 13.0, Mathematical Functions, Table 18): "0 (full range)".
//
// Flags: independent of Flags.
func (fl Flags) Fdim(x, y float64) float64 { return Fdim(x, y) }

// Fdim returns fdim(x, y) (Flags{}.Fdim).
func Fdim(x, y float64) float64 { return f64b(fdim64(b64(x), b64(y))) }

func fdim64(x, y uint64) uint64 {
	d := rounding.Sub64RN(x, y)
	if ptx.SetpF64(ptx.LE, x, y) {
		return f64.ZeroBits
	}
	return d
}

// Nextafter returns the next double after x in the direction of y, as
// CUDA's nextafter: x + y for a NaN operand, y for two zeros, the smallest
// subnormal with y's sign for x = ±0, otherwise x's encoding ± 1.
//
// Special cases are (in order):
//
//	Nextafter(x, NaN) = Nextafter(NaN, y) = NaN (as x + y: package rounding's NaN rule; of two
//	NaNs, y's as written, x's where ptxas exchanged the operands: internal/spec.NaNOrders)
//	Nextafter(±0, ±0) = y
//	Nextafter(±0, y) = ±0x1p-1074, the sign of y
//	Nextafter(x, x) = x
//	Nextafter(±Inf, y) = ±MaxFloat64 for finite y
//	Nextafter(±MaxFloat64, ±Inf) = ±Inf
//
// Accuracy: exact. Not listed in Table 18 of the CUDA C++ Programming
// Guide 13.0.
//
// Flags: independent of Flags.
func (fl Flags) Nextafter(x, y float64) float64 { return Nextafter(x, y) }

// Nextafter returns nextafter(x, y) (Flags{}.Nextafter).
func Nextafter(x, y float64) float64 { return f64b(nextafter64(b64(x), b64(y))) }

func nextafter64(x, y uint64) uint64 {
	if f64.IsNaN(x) || f64.IsNaN(y) {
		return rounding.Add64RN(x, y)
	}
	if (x|y)&f64.AbsMask == 0 {
		return y
	}
	if x&f64.AbsMask == 0 {
		return ptx.CopysignF64(minSubBits, y)
	}
	lt, gt := ptx.SetpF64(ptx.LT, x, y), ptx.SetpF64(ptx.GT, x, y)
	neg, pos := ptx.SetpF64(ptx.LT, x, 0), ptx.SetpF64(ptx.GT, x, 0)
	r := x
	if neg && lt || pos && gt {
		r--
	}
	if pos && lt || neg && gt {
		r++
	}
	return r
}

// Fma returns x·y + z rounded once, as CUDA's fma: fma.rn.f64.
//
// Special cases are (in order):
//
//	Fma(x, y, z) = NaN if x, y or z is NaN: y's, z's or x's, the first that is NaN (package
//	rounding's NaN rule; x's, z's, y's where ptxas exchanged x and y: internal/spec.NaNOrders)
//	Fma(±0, ±Inf, z) = Fma(±Inf, ±0, z) = NaN (0xfff8000000000000)
//	Fma(x, y, z) = NaN (0xfff8000000000000) if x·y is an infinity and z the opposite one
//	Fma(x, y, ±0) = x·y when x·y ≠ 0; (+0) + (-0) = +0
//
// Accuracy: correctly rounded. Documented (CUDA C++ Programming Guide
// 13.0, Mathematical Functions, Table 18): "0 (IEEE-754
// round-to-nearest-even)".
//
// Flags: independent of Flags (fma is one fma.rn.f64 under -fmad=false too).
func (fl Flags) Fma(x, y, z float64) float64 { return Fma(x, y, z) }

// Fma returns fma(x, y, z) (Flags{}.Fma).
func Fma(x, y, z float64) float64 { return f64b(rounding.Fma64RN(b64(x), b64(y), b64(z))) }

// Sqrt returns the square root of x, as CUDA's sqrt: sqrt.rn.f64, the
// operator f64:sqrt(x) (Sqrt64).
//
// Special cases are:
//
//	Sqrt(±0) = ±0
//	Sqrt(+Inf) = +Inf
//	Sqrt(x) = NaN (0xfff8000000000000) for x < 0, -Inf included
//	Sqrt(NaN) = NaN quieted (sign and payload kept)
//
// Accuracy: correctly rounded. Documented (CUDA C++ Programming Guide
// 13.0, Mathematical Functions, Table 18): "0 (IEEE-754
// round-to-nearest-even)".
//
// Flags: independent of Flags (-prec-sqrt=false selects float code only).
func (fl Flags) Sqrt(x float64) float64 { return Sqrt(x) }

// Sqrt returns sqrt(x) (Flags{}.Sqrt).
func Sqrt(x float64) float64 { return Sqrt64(x) }

// Ldexp returns x·2^n, as CUDA's ldexp: n clamped to [-2099, 2099], then
// x multiplied (mul.rn.f64) by 2^n when |n| < 217, otherwise by 2^(n-3k)
// and three times by 2^k with k = ⌊(n+4092)/4⌋ - 1023.
//
// Special cases are (in order):
//
//	Ldexp(±0, n) = ±0
//	Ldexp(±Inf, n) = ±Inf
//	Ldexp(NaN, n) = NaN quieted (sign and payload kept)
//	Ldexp(x, n) = Ldexp(x, ±2099) for |n| > 2099
//
// Accuracy: correctly rounded: only the last product can round (for
// |n| ≥ 217 the factors are all above or all below 1, so a product before
// the last that were subnormal, or infinite, would make the last one round
// to ±0, or overflow, as x·2^n does). Documented (CUDA C++ Programming
// Guide 13.0, Mathematical Functions, Table 18): "0 (full range)".
//
// Flags: independent of Flags.
func (fl Flags) Ldexp(x float64, n int32) float64 { return Ldexp(x, n) }

// Ldexp returns ldexp(x, n) (Flags{}.Ldexp).
func Ldexp(x float64, n int32) float64 { return f64b(ldexp64(b64(x), n)) }

// Scalbn returns x·2^n, as CUDA's scalbn: the same code as ldexp (see
// Ldexp for the special cases and accuracy).
//
// Flags: independent of Flags.
func (fl Flags) Scalbn(x float64, n int32) float64 { return Ldexp(x, n) }

// Scalbn returns scalbn(x, n) (Flags{}.Scalbn).
func Scalbn(x float64, n int32) float64 { return Ldexp(x, n) }

func ldexp64(x uint64, n int32) uint64 {
	n = max(min(n, 2099), -2099)
	r5 := uint32(n + 4092)
	r6 := r5 >> 2
	r7 := r5 - 3*r6
	e1, e2 := uint32(n+1023), r6 // biased exponents of the factors
	if n >= 217 || n <= -217 {
		e1 = r7
	} else {
		e2 = 0x3ff
	}
	f1, f2 := uint64(e1)<<f64.FracBits, uint64(e2)<<f64.FracBits
	r := rounding.Mul64RN(x, f1)
	r = rounding.Mul64RN(r, f2)
	r = rounding.Mul64RN(r, f2)
	return rounding.Mul64RN(r, f2)
}

// Ilogb returns the unbiased exponent of x, as CUDA's ilogb.
//
// Special cases are (in order):
//
//	Ilogb(NaN) = -2147483648 (FP_ILOGBNAN = INT_MIN)
//	Ilogb(±Inf) = 2147483647 (INT_MAX)
//	Ilogb(±0) = -2147483648 (FP_ILOGB0 = INT_MIN)
//	Ilogb(x) = -1011 - (leading zeros of the 64-bit encoding of |x|) for subnormal x (-1074 for ±0x1p-1074)
//
// Accuracy: exact. Documented (CUDA C++ Programming Guide 13.0,
// Mathematical Functions, Table 18): "0 (full range)".
//
// Flags: independent of Flags.
func (fl Flags) Ilogb(x float64) int32 { return Ilogb(x) }

// Ilogb returns ilogb(x) (Flags{}.Ilogb).
func Ilogb(x float64) int32 { return ilogb64(b64(x)) }

func ilogb64(x uint64) int32 {
	a := x & f64.AbsMask
	switch {
	case a > f64.InfBits:
		return ilogbZero
	case a == f64.InfBits:
		return ilogbInf
	case a == 0:
		return ilogbZero
	case a >= f64.MinNormalBits:
		return int32(a>>f64.FracBits) - f64.Bias
	}
	return -1011 - int32(bits.LeadingZeros64(a))
}

// Logb returns the unbiased exponent of x as a double, as CUDA's logb.
//
// Special cases are (in order):
//
//	Logb(NaN) = NaN (x + x: quieted, sign and payload kept)
//	Logb(±Inf) = +Inf
//	Logb(±0) = -Inf
//	Logb(x) = Ilogb(x) for finite nonzero x, converted exactly
//
// Accuracy: exact. Documented (CUDA C++ Programming Guide 13.0,
// Mathematical Functions, Table 18): "0 (full range)".
//
// Flags: independent of Flags.
func (fl Flags) Logb(x float64) float64 { return Logb(x) }

// Logb returns logb(x) (Flags{}.Logb).
func Logb(x float64) float64 { return f64b(logb64(b64(x))) }

func logb64(x uint64) uint64 {
	a := x & f64.AbsMask
	switch {
	case a > f64.InfBits:
		return rounding.Add64RN(x, x)
	case a == f64.InfBits:
		return f64.InfBits
	case a == 0:
		return f64.NegInfBits
	}
	return ptx.CvtF64S32(ilogb64(x))
}

// Frexp returns m and e with x = m·2^e and 0.5 ≤ |m| < 1, as CUDA's frexp.
//
// Special cases are (in order):
//
//	Frexp(±0) = ±0, 0
//	Frexp(±Inf) = ±Inf, 0
//	Frexp(NaN) = NaN (x + x: quieted, sign and payload kept), 0
//
// Accuracy: exact. Documented (CUDA C++ Programming Guide 13.0,
// Mathematical Functions, Table 18): "0 (full range)".
//
// Flags: independent of Flags.
func (fl Flags) Frexp(x float64) (float64, int32) { return Frexp(x) }

// Frexp returns frexp(x) (Flags{}.Frexp).
func Frexp(x float64) (float64, int32) {
	m, e := frexp64(b64(x))
	return f64b(m), e
}

func frexp64(x uint64) (uint64, int32) {
	e := uint32(x>>32) & expMaskHi32
	if e == 0 {
		x = rounding.Mul64RN(x, twoP54Bits) // exact: x subnormal or zero
		e = uint32(x>>32)&expMaskHi32 - 54<<20
	}
	if int32(e) > 0x7fefffff || x&f64.AbsMask == 0 {
		return rounding.Add64RN(x, x), 0
	}
	return x&(f64.SignMask|f64.FracMask) | halfBits64, int32(e-0x3fe00000) >> 20
}

// Modf returns the fractional and the integral part of x, both with the
// sign of x, as CUDA's modf: the integral part t = cvt.rzi.f64.f64 x, the
// fractional part ±0 where t = x and x − t (sub.f64) otherwise.
//
// Special cases are:
//
//	Modf(±Inf) = ±0, ±Inf
//	Modf(±0) = ±0, ±0
//	Modf(NaN) = NaN, NaN (both x quieted)
//
// Accuracy: exact. Documented (CUDA C++ Programming Guide 13.0,
// Mathematical Functions, Table 18): "0 (full range)".
//
// Flags: independent of Flags.
func (fl Flags) Modf(x float64) (frac, integral float64) { return Modf(x) }

// Modf returns modf(x) (Flags{}.Modf).
func Modf(x float64) (frac, integral float64) {
	f, i := modf64(b64(x))
	return f64b(f), f64b(i)
}

func modf64(x uint64) (frac, integral uint64) {
	t := ptx.CvtRoundF64(x, rounding.RZ)
	if ptx.SetpF64(ptx.EQ, t, x) {
		return x & f64.SignMask, t
	}
	return rounding.Sub64RN(x, t), t
}
