package ptx

import (
	"github.com/cudafp/cudafp/internal/f64"
	"github.com/cudafp/cudafp/rounding"
)

// The exact binary64 instructions of CUDA's double library (fabs, fmax,
// copysign, ceil, round, modf, nextafter, …: kernels fabs_, fmax_, … of
// gpu/ref/funcs64): abs, min, max, copysign, setp, testp and the cvt forms
// with a .f64 source. None of them rounds; each works on the encodings with
// integer operations only. .f64 has no .ftz form: subnormals are kept.

// AbsF64 is abs.f64 d, a (SASS DADD d, -RZ, |a|): a with its sign bit
// cleared.
//
// Special cases are:
//
//	AbsF64(±0) = +0
//	AbsF64(NaN) = a quieted: its sign and payload kept, the quiet bit set
//	(DADD's NaN rule: the |a| modifier does not reach a NaN; device-measured
//	through fabs, testdata/golden/*/fabs)
func AbsF64(a uint64) uint64 {
	if f64.IsNaN(a) {
		return a | f64.QuietBit
	}
	return a &^ f64.SignMask
}

// MinF64 is min.f64 d, a, b (SASS DSETP.MIN and selects).
//
// Special cases are (in order):
//
//	MinF64(NaN, NaN) = b quieted (sign and payload kept)
//	MinF64(x, NaN) = MinF64(NaN, x) = x (as given: not quieted)
//	MinF64(-0, +0) = MinF64(+0, -0) = -0
func MinF64(a, b uint64) uint64 { return minMaxF64(a, b, true) }

// MaxF64 is max.f64 d, a, b; its special cases mirror MinF64's
// (MaxF64(-0, +0) = +0).
func MaxF64(a, b uint64) uint64 { return minMaxF64(a, b, false) }

func minMaxF64(a, b uint64, min bool) uint64 {
	switch an, bn := f64.IsNaN(a), f64.IsNaN(b); {
	case an && bn:
		return b | f64.QuietBit
	case an:
		return b
	case bn:
		return a
	}
	ka, kb := f64.Key(a), f64.Key(b)
	less := ka < kb || ka == kb && a&f64.SignMask != 0 // -0 < +0
	if less == min {
		return a
	}
	return b
}

// CopysignF64 returns the magnitude of x with the sign of y, as C's
// copysign; the PTX instruction copysign.f64 d, a, b takes the sign from a
// and the magnitude from b, so CopysignF64(x, y) is copysign.f64 d, y, x
// (SASS LOP3 on the high words). NaN payloads are kept, not quieted.
func CopysignF64(x, y uint64) uint64 { return x&^f64.SignMask | y&f64.SignMask }

// SetpF64 is setp.cmp.f64 p, a, b. -0 and +0 compare equal; the ordered
// comparisons are false and the unordered ones (…U) true when either
// operand is NaN.
func SetpF64(c Cmp, a, b uint64) bool {
	unordered := f64.IsNaN(a) || f64.IsNaN(b)
	switch c {
	case NUM:
		return !unordered
	case NAN:
		return unordered
	}
	if unordered {
		return c >= EQU
	}
	ka, kb := f64.Key(a), f64.Key(b)
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

// CvtRoundF64 is cvt.{rni,rzi,rmi,rpi}.f64.f64 (SASS FRND.F64): x rounded
// to an integral value in mode m (ceil, floor, trunc, rint, nearbyint).
//
// Special cases are:
//
//	CvtRoundF64(±0) = ±0, CvtRoundF64(±Inf) = ±Inf
//	CvtRoundF64(NaN) = NaN: sign and payload kept, the quiet bit set
//	CvtRoundF64(x) = ±0, the sign of x, when x rounds to zero
func CvtRoundF64(x uint64, m rounding.Mode) uint64 { return rounding.RoundInt64(x, m) }

// CvtS64F64 is cvt.{rni,rzi,rmi,rpi}.s64.f64: x rounded to an integer in
// mode m, saturated to the int64 range; NaN gives -1<<63.
func CvtS64F64(x uint64, m rounding.Mode) int64 { return rounding.F64ToI64(x, m) }

// CvtF64S32 is cvt.rn.f64.s32 (exact).
func CvtF64S32(v int32) uint64 { return rounding.I32ToF64(v) }
