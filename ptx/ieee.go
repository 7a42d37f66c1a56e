package ptx

import (
	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/rounding"
)

// The IEEE instruction forms are the correctly rounded operations of package
// rounding under their PTX names; m is the rounding modifier (.rn, .rz, .rp
// → rounding.RU, .rm → rounding.RD) and ftz the .ftz modifier. A PTX add,
// sub or mul without a rounding modifier is .rn (but see Contract in package
// fp: ptxas may fuse it with a neighbour into an fma).

// Add is add{.rnd}{.ftz}.f32 d, a, b.
func Add(a, b uint32, m rounding.Mode, ftz bool) uint32 { return rounding.Add32(a, b, m, ftz) }

// Sub is sub{.rnd}{.ftz}.f32 d, a, b.
func Sub(a, b uint32, m rounding.Mode, ftz bool) uint32 { return rounding.Sub32(a, b, m, ftz) }

// Mul is mul{.rnd}{.ftz}.f32 d, a, b.
func Mul(a, b uint32, m rounding.Mode, ftz bool) uint32 { return rounding.Mul32(a, b, m, ftz) }

// Fma is fma.rnd{.ftz}.f32 d, a, b, c: a·b + c with one rounding.
func Fma(a, b, c uint32, m rounding.Mode, ftz bool) uint32 { return rounding.Fma32(a, b, c, m, ftz) }

// Div is div.rnd{.ftz}.f32 d, a, b, correctly rounded (div.approx and
// div.full are DivApprox and DivFull).
func Div(a, b uint32, m rounding.Mode, ftz bool) uint32 { return rounding.Div32(a, b, m, ftz) }

// Rcp is rcp.rnd{.ftz}.f32 d, a, correctly rounded (rcp.approx is RcpApprox).
func Rcp(a uint32, m rounding.Mode, ftz bool) uint32 { return rounding.Rcp32(a, m, ftz) }

// Sqrt is sqrt.rnd{.ftz}.f32 d, a, correctly rounded (sqrt.approx is SqrtApprox).
func Sqrt(a uint32, m rounding.Mode, ftz bool) uint32 { return rounding.Sqrt32(a, m, ftz) }

// Sat applies the .sat modifier to a result: it clamps to [+0, 1].
//
// Special cases are:
//
//	Sat(NaN) = +0
//	Sat(x) = +0 for x ≤ 0 (-0 included)
//	Sat(x) = 1 for x ≥ 1 (+Inf included)
func Sat(a uint32) uint32 {
	switch {
	case f32.IsNaN(a), a&f32.SignMask != 0:
		return f32.ZeroBits
	case a >= f32.OneBits:
		return f32.OneBits
	}
	return a
}

// Abs is abs{.ftz}.f32 d, a.
//
// Special cases are:
//
//	Abs(NaN) = NaN (canonical 0x7fffffff: device-measured through fabsf)
//	Abs(x) = +0 for subnormal x with ftz
func Abs(a uint32, ftz bool) uint32 {
	if f32.IsNaN(a) {
		return f32.CanonicalNaNBits
	}
	if ftz {
		a = f32.FlushSubnormal(a)
	}
	return a &^ f32.SignMask
}

// Neg is neg{.ftz}.f32 d, a: the sign bit flipped (subnormals flushed first
// with ftz). A NaN gives the canonical NaN, as Abs does.
func Neg(a uint32, ftz bool) uint32 {
	if f32.IsNaN(a) {
		return f32.CanonicalNaNBits
	}
	if ftz {
		a = f32.FlushSubnormal(a)
	}
	return a ^ f32.SignMask
}

// Min is min{.ftz}.f32 d, a, b.
//
// Special cases are (in order):
//
//	Min(NaN, NaN) = NaN (canonical)
//	Min(x, NaN) = Min(NaN, x) = x
//	Min(-0, +0) = Min(+0, -0) = -0
//
// With ftz subnormal inputs are read as zeros of their sign.
func Min(a, b uint32, ftz bool) uint32 { return minMax(a, b, ftz, true) }

// Max is max{.ftz}.f32 d, a, b; its special cases mirror Min's
// (Max(-0, +0) = +0).
func Max(a, b uint32, ftz bool) uint32 { return minMax(a, b, ftz, false) }

func minMax(a, b uint32, ftz, min bool) uint32 {
	if ftz {
		a, b = f32.FlushSubnormal(a), f32.FlushSubnormal(b)
	}
	switch an, bn := f32.IsNaN(a), f32.IsNaN(b); {
	case an && bn:
		return f32.CanonicalNaNBits
	case an:
		return b
	case bn:
		return a
	}
	less := f32.Key(a) < f32.Key(b) || f32.Key(a) == f32.Key(b) && a&f32.SignMask != 0 // -0 < +0
	if less == min {
		return a
	}
	return b
}

// Copysign returns the magnitude of x with the sign of y, as C's copysignf;
// the PTX instruction copysign.f32 d, a, b takes the sign from a and the
// magnitude from b, so Copysign(x, y) is copysign.f32 d, y, x. NaN payloads
// are kept (device-measured through copysignf).
func Copysign(x, y uint32) uint32 { return x&^f32.SignMask | y&f32.SignMask }

// Cmp is the comparison operator of setp.
type Cmp uint8

// The setp comparison operators. The ordered ones are false when either
// operand is NaN; the unordered ones (…U) are true then.
const (
	EQ Cmp = iota
	NE
	LT
	LE
	GT
	GE
	EQU
	NEU
	LTU
	LEU
	GTU
	GEU
	NUM // both operands are numbers
	NAN // either operand is NaN
)

// Setp is setp.cmp{.ftz}.f32 p, a, b. -0 and +0 compare equal; with ftz
// subnormal operands are read as zero.
func Setp(c Cmp, a, b uint32, ftz bool) bool {
	if ftz {
		a, b = f32.FlushSubnormal(a), f32.FlushSubnormal(b)
	}
	unordered := f32.IsNaN(a) || f32.IsNaN(b)
	switch c {
	case NUM:
		return !unordered
	case NAN:
		return unordered
	}
	if unordered {
		return c >= EQU
	}
	ka, kb := f32.Key(a), f32.Key(b)
	switch c {
	case EQ, EQU:
		return ka == kb
	case NE, NEU:
		return ka != kb
	case LT, LTU:
		return ka < kb
	case LE, LEU:
		return ka <= kb
	case GT, GTU:
		return ka > kb
	case GE, GEU:
		return ka >= kb
	}
	panic("ptx: invalid Cmp")
}

// Conversions (cvt). Float-to-integer forms saturate, and a NaN converts to 0
// for 32-bit destinations and to 1<<63 for 64-bit ones (package rounding).

// CvtS32 is cvt.{rni,rzi,rmi,rpi}{.ftz}.s32.f32.
func CvtS32(a uint32, m rounding.Mode, ftz bool) int32 { return rounding.F32ToI32(a, m, ftz) }

// CvtU32 is cvt.{rni,rzi,rmi,rpi}{.ftz}.u32.f32.
func CvtU32(a uint32, m rounding.Mode, ftz bool) uint32 { return rounding.F32ToU32(a, m, ftz) }

// CvtS64 is cvt.{rni,rzi,rmi,rpi}{.ftz}.s64.f32.
func CvtS64(a uint32, m rounding.Mode, ftz bool) int64 { return rounding.F32ToI64(a, m, ftz) }

// CvtU64 is cvt.{rni,rzi,rmi,rpi}{.ftz}.u64.f32.
func CvtU64(a uint32, m rounding.Mode, ftz bool) uint64 { return rounding.F32ToU64(a, m, ftz) }

// CvtF32S32 is cvt.rnd.f32.s32.
func CvtF32S32(v int32, m rounding.Mode) uint32 { return rounding.I32ToF32(v, m) }

// CvtF32U32 is cvt.rnd.f32.u32.
func CvtF32U32(v uint32, m rounding.Mode) uint32 { return rounding.U32ToF32(v, m) }

// CvtF32S64 is cvt.rnd.f32.s64.
func CvtF32S64(v int64, m rounding.Mode) uint32 { return rounding.I64ToF32(v, m) }

// CvtF32U64 is cvt.rnd.f32.u64.
func CvtF32U64(v uint64, m rounding.Mode) uint32 { return rounding.U64ToF32(v, m) }

// CvtF32F64 is cvt.rnd{.ftz}.f32.f64.
func CvtF32F64(v uint64, m rounding.Mode, ftz bool) uint32 { return rounding.F64ToF32(v, m, ftz) }

// CvtF64F32 is cvt{.ftz}.f64.f32 (exact).
func CvtF64F32(a uint32, ftz bool) uint64 { return rounding.F32ToF64(a, ftz) }

// CvtRoundF32 is cvt.{rni,rzi,rmi,rpi}{.ftz}.f32.f32: rounding to an
// integral value (rintf, truncf, floorf, ceilf).
func CvtRoundF32(a uint32, m rounding.Mode, ftz bool) uint32 { return rounding.RoundInt32(a, m, ftz) }

// CvtSat is cvt{.ftz}.sat.f32.f32: Sat of the (flushed) input.
func CvtSat(a uint32, ftz bool) uint32 {
	if ftz {
		a = f32.FlushSubnormal(a)
	}
	return Sat(a)
}
