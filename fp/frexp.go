package fp

import (
	"math"
	"math/bits"

	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/ptx"
	"github.com/cudafp/cudafp/rounding"
)

// logbf, ilogbf, frexpf, modff, ldexpf, scalbnf, scalblnf and nextafterf as
// nvcc (CUDA 13.0, sm_90) compiles them: kernels logbf_, ilogbf_, frexpf_,
// modff_, ldexpf_, scalbnf_ and nextafterf_ of ../shared/reference/ptx/*.ptx.
// Integer steps are Go integer arithmetic; every float result comes out of
// the same PTX instruction as on the device. -fmad=false only respells
// mul.f32/add.f32/sub.f32 as .rn (no multiply feeds an add), -prec-div and
// -prec-sqrt do not reach them, and -use_fast_math acts through -ftz=true.

// Logbf returns the unbiased exponent of x as a float, as CUDA's logbf.
//
// Special cases are (in order):
//
//	Logbf(±0) = -Inf
//	Logbf(x) = -127 - (leading zeros of the 23-bit fraction) for subnormal x (-149 for ±0x1p-149)
//	Logbf(±Inf) = +Inf
//	Logbf(NaN) = NaN (canonical 0x7fffffff)
//
// Accuracy: exact (bit-exact with the device's golden data under every
// captured flag set). Documented (CUDA C++ Programming Guide 13.0,
// Mathematical Functions, Table 17): "0 ulp (correctly rounded)".
//
// Flags: -ftz=true (and -use_fast_math): abs.ftz.f32 and setp.eq.ftz.f32
// read a subnormal x as ±0, so Logbf(subnormal) = -Inf. Independent of the
// other flags.
func (fl Flags) Logbf(x float32) float32 { return fromBits(logbf(toBits(x), fl.FTZ)) }

// Logbf returns logbf(x) (Flags{}.Logbf).
func Logbf(x float32) float32 { return Flags{}.Logbf(x) }

func logbf(x uint32, ftz bool) uint32 {
	a := ptx.Abs(x, ftz)
	if a < f32.MinNormalBits {
		if ptx.Setp(ptx.EQ, x, 0, ftz) {
			return f32.NegInfBits
		}
		return ptx.CvtF32S32(-118-int32(bits.LeadingZeros32(a)), rounding.RN)
	}
	if a > f32.MaxFiniteBits { // Inf, NaN: x·x
		return mul(x, x, ftz)
	}
	return ptx.CvtF32S32(int32(a>>f32.FracBits)-f32.Bias, rounding.RN)
}

// Ilogbf returns the unbiased exponent of x, as CUDA's ilogbf.
//
// Special cases are (in order):
//
//	Ilogbf(±0) = -2147483648 (FP_ILOGB0 = INT_MIN)
//	Ilogbf(x) = -127 - (leading zeros of the 23-bit fraction) for subnormal x
//	Ilogbf(±Inf) = 2147483647 (INT_MAX)
//	Ilogbf(NaN) = -2147483648 (FP_ILOGBNAN = INT_MIN)
//
// Accuracy: exact (bit-exact with the device's golden data under every
// captured flag set). Documented (CUDA C++ Programming Guide 13.0,
// Mathematical Functions, Table 17): "0 ulp (correctly rounded)".
//
// Flags: -ftz=true (and -use_fast_math): abs.ftz.f32 reads a subnormal x as
// ±0, so Ilogbf(subnormal) = -2147483648. Independent of the other flags.
func (fl Flags) Ilogbf(x float32) int32 { return ilogbf(toBits(x), fl.FTZ) }

// Ilogbf returns ilogbf(x) (Flags{}.Ilogbf).
func Ilogbf(x float32) int32 { return Flags{}.Ilogbf(x) }

func ilogbf(x uint32, ftz bool) int32 {
	a := ptx.Abs(x, ftz)
	switch {
	case a == 0:
		return math.MinInt32
	case a < f32.MinNormalBits:
		return -118 - int32(bits.LeadingZeros32(a))
	case a == f32.InfBits:
		return math.MaxInt32
	case a > f32.InfBits:
		return math.MinInt32
	}
	return int32(a>>f32.FracBits) - f32.Bias
}

// Frexpf splits x into a fraction in [0.5, 1) and a power of two,
// x = frac·2^exp, as CUDA's frexpf: a subnormal x is first scaled by 2^24
// (mul.f32), then the exponent field is replaced by that of 0.5.
//
// Special cases are (in order):
//
//	Frexpf(±0) = ±0, 0
//	Frexpf(±Inf) = ±Inf, 0
//	Frexpf(NaN) = NaN (canonical 0x7fffffff), 0
//	Frexpf(±0x1p-149) = ±0.5, -148
//
// Accuracy: exact (bit-exact with the device's golden data under every
// captured flag set). Documented (CUDA C++ Programming Guide 13.0,
// Mathematical Functions, Table 17): "0 ulp (correctly rounded)".
//
// Flags: -ftz=true (and -use_fast_math): abs.ftz, setp.ftz, mul.ftz and
// add.ftz read a subnormal x as ±0, so Frexpf(subnormal) = ±0, 0.
// Independent of the other flags.
func (fl Flags) Frexpf(x float32) (frac float32, exp int32) {
	f, e := frexpf(toBits(x), fl.FTZ)
	return fromBits(f), e
}

// Frexpf returns frexpf(x) (Flags{}.Frexpf).
func Frexpf(x float32) (frac float32, exp int32) { return Flags{}.Frexpf(x) }

func frexpf(x uint32, ftz bool) (uint32, int32) {
	a := ptx.Abs(x, ftz)
	tiny := ptx.Setp(ptx.LT, a, f32.MinNormalBits, ftz)
	v := x
	if tiny {
		v = mul(x, 0x4b800000, ftz) // x·2^24
	}
	bexp := int32(v>>f32.FracBits) & 0xff
	if ptx.Setp(ptx.EQ, a, 0, ftz) || bexp == f32.MaxBexp {
		return add(v, v, ftz), 0
	}
	e := bexp - 126
	if tiny {
		e = bexp - 150
	}
	return v&0x807fffff | 0x3f000000, e
}

// Modff splits x into its fractional and integral parts, both with the sign
// of x, as CUDA's modff: the integral part is cvt.rzi.f32.f32, the
// fractional part x − trunc(x) (sub.f32), or ±0 when x is integral.
//
// Special cases are (in order):
//
//	Modff(±Inf) = ±0, ±Inf
//	Modff(NaN) = NaN, NaN (canonical 0x7fffffff)
//	Modff(x) = ±0, x for integral x (±0 included)
//	Modff(x) = x, ±0 for 0 < |x| < 1
//
// Accuracy: exact (bit-exact with the device's golden data under every
// captured flag set). Documented (CUDA C++ Programming Guide 13.0,
// Mathematical Functions, Table 17): "0 ulp (correctly rounded)".
//
// Flags: -ftz=true (and -use_fast_math): setp.eq.ftz compares trunc(x) = ±0
// with a subnormal x read as ±0, so Modff(subnormal) = ±0, ±0 (the
// cvt.rzi keeps no .ftz). Independent of the other flags.
func (fl Flags) Modff(x float32) (frac, ipart float32) {
	f, i := modff(toBits(x), fl.FTZ)
	return fromBits(f), fromBits(i)
}

// Modff returns modff(x) (Flags{}.Modff).
func Modff(x float32) (frac, ipart float32) { return Flags{}.Modff(x) }

func modff(x uint32, ftz bool) (frac, ipart uint32) {
	t := ptx.CvtRoundF32(x, rounding.RZ, false)
	if ptx.Setp(ptx.EQ, t, x, ftz) {
		return x & f32.SignMask, t
	}
	return sub(x, t, ftz), t
}

// Ldexpf returns x·2^n, as CUDA's ldexpf: n is clamped to [-278, 278]; for
// |n| < 101 one mul.rn.f32 by 2^n, otherwise x·2^a·2^b·2^b·2^b with
// a + 3b = n (four mul.rn.f32, in this order).
//
// Special cases are (in order):
//
//	Ldexpf(±0, n) = ±0
//	Ldexpf(±Inf, n) = ±Inf
//	Ldexpf(NaN, n) = NaN (canonical 0x7fffffff)
//	Ldexpf(x, n) = Ldexpf(x, ±278) for |n| > 278 (enough to overflow or underflow any x ≠ 0)
//	Ldexpf(x, n) = x·2^n rounded once to nearest even (subnormal results included)
//
// Accuracy: correctly rounded: only the last product can round (with
// |n| ≥ 101 the factors are applied in one direction, so a product before
// the last that were subnormal, or infinite, would make the last one round
// to ±0, or overflow, as x·2^n does). The same products as the PTX; no
// golden data is captured yet for ldexpf, scalbnf and scalblnf (gpu/capture.sh).
// Documented (CUDA C++ Programming Guide 13.0, Mathematical Functions,
// Table 17): "0 ulp (correctly rounded)".
//
// Flags: -ftz=true (and -use_fast_math): mul.rn.ftz.f32, a subnormal x
// reads as ±0 and a result that is tiny after rounding (below 2^-126 when
// rounded to 24 bits with an unbounded exponent) is flushed to ±0:
// Ldexpf(0x1.fffffep-1, -126) = +0, not 0x1p-126 as without -ftz.
// Independent of the other flags.
func (fl Flags) Ldexpf(x float32, n int32) float32 { return fromBits(ldexpf(toBits(x), n, fl.FTZ)) }

// Ldexpf returns ldexpf(x, n) (Flags{}.Ldexpf).
func Ldexpf(x float32, n int32) float32 { return Flags{}.Ldexpf(x, n) }

// Scalbnf returns x·2^n, as CUDA's scalbnf: the same code as ldexpf.
//
// Special cases are (in order):
//
//	Scalbnf(±0, n) = ±0
//	Scalbnf(±Inf, n) = ±Inf
//	Scalbnf(NaN, n) = NaN (canonical 0x7fffffff)
//	Scalbnf(x, n) = Scalbnf(x, ±278) for |n| > 278
//
// Accuracy: as Ldexpf. Documented (CUDA C++ Programming Guide 13.0,
// Mathematical Functions, Table 17): "0 ulp (correctly rounded)".
//
// Flags: as Ldexpf.
func (fl Flags) Scalbnf(x float32, n int32) float32 { return fromBits(ldexpf(toBits(x), n, fl.FTZ)) }

// Scalbnf returns scalbnf(x, n) (Flags{}.Scalbnf).
func Scalbnf(x float32, n int32) float32 { return Flags{}.Scalbnf(x, n) }

// Scalblnf returns x·2^n for a long n, as CUDA's scalblnf: n saturated to
// the int range, then scalbnf. ../shared/reference/ptx/funcs.cu has no
// scalblnf kernel, so this reading of libdevice's __nv_scalblnf waits for
// the device capture (gpu/capture.sh; no golden data yet). Any saturation
// bound of magnitude ≥ 278 gives the same results; truncation to 32 bits
// would not (n = 2^32+1 would scale by 2).
//
// Special cases are (in order):
//
//	Scalblnf(±0, n) = ±0
//	Scalblnf(±Inf, n) = ±Inf
//	Scalblnf(NaN, n) = NaN (canonical 0x7fffffff)
//	Scalblnf(x, n) = Scalbnf(x, ±278) for |n| > 278 (2^32+1 is not read as 1)
//
// Accuracy: as Ldexpf. Documented (CUDA C++ Programming Guide 13.0,
// Mathematical Functions, Table 17): "0 ulp (correctly rounded)".
//
// Flags: as Ldexpf.
func (fl Flags) Scalblnf(x float32, n int64) float32 {
	return fromBits(ldexpf(toBits(x), int32(max(min(n, math.MaxInt32), math.MinInt32)), fl.FTZ))
}

// Scalblnf returns scalblnf(x, n) (Flags{}.Scalblnf).
func Scalblnf(x float32, n int64) float32 { return Flags{}.Scalblnf(x, n) }

func ldexpf(x uint32, n int32, ftz bool) uint32 {
	n = max(min(n, 278), -278)
	r5 := n + 508        // in [230, 786]
	b := uint32(r5) >> 2 // in [57, 196]
	a := r5 - 3*int32(b) // in [57, 199]: a + 3b - 508 = n
	sa, sb := uint32(a)<<23, b<<23
	if n > -101 && n < 101 {
		sa, sb = uint32(n+f32.Bias)<<23, f32.OneBits
	}
	v := mul(x, sa, ftz) // mul.rn{.ftz}.f32
	v = mul(v, sb, ftz)
	v = mul(v, sb, ftz)
	return mul(v, sb, ftz)
}

// Nextafterf returns the next float after x in the direction of y, as
// CUDA's nextafterf: integer ±1 on the encoding of x, selected by setp.f32
// comparisons.
//
// Special cases are (in order):
//
//	Nextafterf(x, NaN) = Nextafterf(NaN, y) = NaN (canonical 0x7fffffff, from x+y)
//	Nextafterf(±0, ±0) = y
//	Nextafterf(±0, y) = ±0x1p-149 with the sign of y
//	Nextafterf(x, x) = x
//	Nextafterf(±MaxFloat32, ±Inf) = ±Inf
//
// Accuracy: exact (bit-exact with the device's golden data under every
// captured flag set). Documented (CUDA C++ Programming Guide 13.0,
// Mathematical Functions, Table 17): "0 ulp (correctly rounded)".
//
// Flags: -ftz=true (and -use_fast_math) compiles other code: x and y are
// flushed to zeros of their sign first, Nextafterf(±0, y) = ±0x1p-126 with
// the sign of y, and a step into the subnormal range gives a zero of x's
// sign (Nextafterf(0x1p-126, 0) = +0). Independent of the other flags.
func (fl Flags) Nextafterf(x, y float32) float32 {
	return fromBits(nextafterf(toBits(x), toBits(y), fl.FTZ))
}

// Nextafterf returns nextafterf(x, y) (Flags{}.Nextafterf).
func Nextafterf(x, y float32) float32 { return Flags{}.Nextafterf(x, y) }

func nextafterf(x, y uint32, ftz bool) uint32 {
	rx, ry := x, y
	if ftz { // shl 1; setp.lt.u32 …, 2^24; selp: keep the sign of a subnormal
		if x<<1 < 1<<24 {
			rx = x & f32.SignMask
		}
		if y<<1 < 1<<24 {
			ry = y & f32.SignMask
		}
	}
	if ptx.Setp(ptx.GTU, ptx.Abs(x, ftz), f32.InfBits, ftz) || ptx.Setp(ptx.GTU, ptx.Abs(y, ftz), f32.InfBits, ftz) {
		return add(x, y, ftz)
	}
	if ptx.Setp(ptx.EQ, ry|rx, 0, ftz) {
		return ry
	}
	if ptx.Setp(ptx.EQ, rx, 0, ftz) {
		if ftz {
			return ptx.Copysign(f32.MinNormalBits, y)
		}
		return ptx.Copysign(f32.MinSubnormalBits, y)
	}
	lt, gt := ptx.Setp(ptx.LT, x, y, ftz), ptx.Setp(ptx.GT, x, y, ftz)
	neg, pos := ptx.Setp(ptx.LT, x, 0, ftz), ptx.Setp(ptx.GT, x, 0, ftz)
	r := rx
	if neg && lt {
		r--
	}
	if pos && lt {
		r++
	}
	if neg && gt {
		r++
	}
	if pos && gt {
		r--
	}
	if ftz && ptx.Setp(ptx.EQ, r, 0, true) {
		return r & f32.SignMask
	}
	return r
}
