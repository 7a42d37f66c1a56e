package fp

import (
	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/ptx"
	"github.com/cudafp/cudafp/rounding"
)

// The library functions that nvcc compiles to one PTX instruction (or, for
// fdimf, three), for completeness: their results are those of the
// instruction under each flag set.

// Rintf returns x rounded to an integral value, ties to even, as CUDA's
// rintf: cvt.rni.f32.f32.
//
// Special cases are:
//
//	Rintf(±0) = ±0
//	Rintf(±Inf) = ±Inf
//	Rintf(NaN) = NaN (canonical 0x7fffffff)
//	Rintf(x) = ±0 for 0 < |x| ≤ 0.5, with the sign of x
//
// Accuracy: exact. Documented (CUDA C++ Programming Guide 13.0, Mathematical
// Functions, Table 17): "0 ulp (correctly rounded)".
//
// Flags: independent of Flags. nvcc emits cvt.rni.f32.f32 without .ftz even
// with -ftz=true, so a subnormal x gives ±0 by rounding, not by flushing.
func (fl Flags) Rintf(x float32) float32 {
	return fromBits(ptx.CvtRoundF32(toBits(x), rounding.RN, false))
}

// Rintf returns rintf(x) (Flags{}.Rintf).
func Rintf(x float32) float32 { return Flags{}.Rintf(x) }

// Truncf returns x rounded toward zero to an integral value, as CUDA's
// truncf: cvt.rzi.f32.f32.
//
// Special cases are:
//
//	Truncf(±0) = ±0
//	Truncf(±Inf) = ±Inf
//	Truncf(NaN) = NaN (canonical 0x7fffffff)
//	Truncf(x) = ±0 for 0 < |x| < 1, with the sign of x
//
// Accuracy: exact. Documented (CUDA C++ Programming Guide 13.0, Mathematical
// Functions, Table 17): "0 ulp (correctly rounded)".
//
// Flags: independent of Flags (cvt.rzi.f32.f32 without .ftz even with
// -ftz=true).
func (fl Flags) Truncf(x float32) float32 {
	return fromBits(ptx.CvtRoundF32(toBits(x), rounding.RZ, false))
}

// Truncf returns truncf(x) (Flags{}.Truncf).
func Truncf(x float32) float32 { return Flags{}.Truncf(x) }

// Floorf returns the greatest integral value not greater than x, as CUDA's
// floorf: cvt.rmi.f32.f32.
//
// Special cases are:
//
//	Floorf(±0) = ±0
//	Floorf(±Inf) = ±Inf
//	Floorf(NaN) = NaN (canonical 0x7fffffff)
//	Floorf(x) = +0 for 0 < x < 1; Floorf(x) = -1 for -1 ≤ x < 0
//
// Accuracy: exact. Documented (CUDA C++ Programming Guide 13.0, Mathematical
// Functions, Table 17): "0 ulp (correctly rounded)".
//
// Flags: -ftz=true: cvt.rmi.ftz.f32.f32, a subnormal x is read as ±0
// (Floorf(-0x1p-149) = -0, not -1). Independent of the other flags.
func (fl Flags) Floorf(x float32) float32 {
	return fromBits(ptx.CvtRoundF32(toBits(x), rounding.RD, fl.FTZ))
}

// Floorf returns floorf(x) (Flags{}.Floorf).
func Floorf(x float32) float32 { return Flags{}.Floorf(x) }

// Ceilf returns the least integral value not less than x, as CUDA's ceilf:
// cvt.rpi.f32.f32.
//
// Special cases are:
//
//	Ceilf(±0) = ±0
//	Ceilf(±Inf) = ±Inf
//	Ceilf(NaN) = NaN (canonical 0x7fffffff)
//	Ceilf(x) = 1 for 0 < x ≤ 1; Ceilf(x) = -0 for -1 < x < 0
//
// Accuracy: exact. Documented (CUDA C++ Programming Guide 13.0, Mathematical
// Functions, Table 17): "0 ulp (correctly rounded)".
//
// Flags: -ftz=true: cvt.rpi.ftz.f32.f32, a subnormal x is read as ±0
// (Ceilf(0x1p-149) = +0, not 1). Independent of the other flags.
func (fl Flags) Ceilf(x float32) float32 {
	return fromBits(ptx.CvtRoundF32(toBits(x), rounding.RU, fl.FTZ))
}

// Ceilf returns ceilf(x) (Flags{}.Ceilf).
func Ceilf(x float32) float32 { return Flags{}.Ceilf(x) }

// Fabsf returns the absolute value of x, as CUDA's fabsf: abs.f32 (SASS
// FADD |x|, -0).
//
// Special cases are:
//
//	Fabsf(±0) = +0
//	Fabsf(±Inf) = +Inf
//	Fabsf(NaN) = NaN (canonical 0x7fffffff, whatever the sign and payload)
//
// Accuracy: exact. Documented (CUDA C++ Programming Guide 13.0, Mathematical
// Functions, Table 17): "0 ulp (correctly rounded)".
//
// Flags: -ftz=true: abs.ftz.f32, a subnormal x gives +0. Independent of the
// other flags.
func (fl Flags) Fabsf(x float32) float32 { return fromBits(ptx.Abs(toBits(x), fl.FTZ)) }

// Fabsf returns fabsf(x) (Flags{}.Fabsf).
func Fabsf(x float32) float32 { return Flags{}.Fabsf(x) }

// Fminf returns the smaller of x and y, as CUDA's fminf: min.f32.
//
// Special cases are (in order):
//
//	Fminf(NaN, NaN) = NaN (canonical 0x7fffffff)
//	Fminf(x, NaN) = Fminf(NaN, x) = x
//	Fminf(-0, +0) = Fminf(+0, -0) = -0
//
// Accuracy: exact. Documented (CUDA C++ Programming Guide 13.0, Mathematical
// Functions, Table 17): "0 ulp (correctly rounded)".
//
// Flags: -ftz=true: min.ftz.f32, subnormal operands are read (and returned)
// as zeros of their sign. Independent of the other flags.
func (fl Flags) Fminf(x, y float32) float32 { return fromBits(ptx.Min(toBits(x), toBits(y), fl.FTZ)) }

// Fminf returns fminf(x, y) (Flags{}.Fminf).
func Fminf(x, y float32) float32 { return Flags{}.Fminf(x, y) }

// Fmaxf returns the larger of x and y, as CUDA's fmaxf: max.f32.
//
// Special cases are (in order):
//
//	Fmaxf(NaN, NaN) = NaN (canonical 0x7fffffff)
//	Fmaxf(x, NaN) = Fmaxf(NaN, x) = x
//	Fmaxf(-0, +0) = Fmaxf(+0, -0) = +0
//
// Accuracy: exact. Documented (CUDA C++ Programming Guide 13.0, Mathematical
// Functions, Table 17): "0 ulp (correctly rounded)".
//
// Flags: -ftz=true: max.ftz.f32, subnormal operands are read (and returned)
// as zeros of their sign. Independent of the other flags.
func (fl Flags) Fmaxf(x, y float32) float32 { return fromBits(ptx.Max(toBits(x), toBits(y), fl.FTZ)) }

// Fmaxf returns fmaxf(x, y) (Flags{}.Fmaxf).
func Fmaxf(x, y float32) float32 { return Flags{}.Fmaxf(x, y) }

// Copysignf returns the magnitude of x with the sign of y, as CUDA's
// copysignf: copysign.f32 d, y, x (SASS LOP3: a bit select).
//
// Special cases are:
//
//	Copysignf(x, y) = x with y's sign bit, for every encoding of x and y
//	Copysignf(NaN, y) = that NaN (payload kept) with y's sign bit
//
// Accuracy: exact. Documented (CUDA C++ Programming Guide 13.0, Mathematical
// Functions, Table 17): "0 ulp (correctly rounded)".
//
// Flags: independent of Flags (no .ftz form: subnormals are kept even with
// -ftz=true).
func (fl Flags) Copysignf(x, y float32) float32 { return fromBits(ptx.Copysign(toBits(x), toBits(y))) }

// Copysignf returns copysignf(x, y) (Flags{}.Copysignf).
func Copysignf(x, y float32) float32 { return Flags{}.Copysignf(x, y) }

// Fmaf returns x·y + z rounded once, as CUDA's fmaf: fma.rn.f32.
//
// Special cases are (in order):
//
//	Fmaf(x, y, z) = NaN if x, y or z is NaN (canonical 0x7fffffff)
//	Fmaf(±0, ±Inf, z) = Fmaf(±Inf, ±0, z) = NaN
//	Fmaf(x, y, z) = NaN if x·y is an infinity and z the opposite infinity
//	Fmaf(x, y, ±0) = x·y when x·y ≠ 0; (+0) + (-0) = +0
//
// Accuracy: correctly rounded. Documented (CUDA C++ Programming Guide 13.0,
// Mathematical Functions, Table 17): "0 ulp (correctly rounded)".
//
// Flags: -ftz=true: fma.rn.ftz.f32 (subnormal operands and results flushed
// to zeros of their sign). -fmad=false does not change it: fmaf is always
// one fma.
func (fl Flags) Fmaf(x, y, z float32) float32 {
	return fromBits(fma(toBits(x), toBits(y), toBits(z), fl.FTZ))
}

// Fmaf returns fmaf(x, y, z) (Flags{}.Fmaf): rounding's one-call entry.
func Fmaf(x, y, z float32) float32 { return rounding.FmaMode(x, y, z, rounding.RN) }

// Fdimf returns the positive difference of x and y, as CUDA's fdimf:
// x − y (sub.rn.f32) when x > y, +0 otherwise (setp.le.f32, selp).
//
// Special cases are (in order):
//
//	Fdimf(x, y) = +0 for x ≤ y (-0 and +0 included)
//	Fdimf(x, NaN) = Fdimf(NaN, y) = NaN (canonical 0x7fffffff)
//	Fdimf(+Inf, y) = +Inf for y < +Inf
//
// Accuracy: correctly rounded. Documented (CUDA C++ Programming Guide 13.0,
// Mathematical Functions, Table 17): "0 ulp (correctly rounded)".
//
// Flags: -ftz=true: sub.rn.ftz.f32 and setp.le.ftz.f32, subnormal operands
// read as zeros of their sign (so Fdimf(0x1p-149, 0) = +0). Independent of
// the other flags.
func (fl Flags) Fdimf(x, y float32) float32 { return fromBits(fdimf(toBits(x), toBits(y), fl.FTZ)) }

// Fdimf returns fdimf(x, y) (Flags{}.Fdimf).
func Fdimf(x, y float32) float32 { return Flags{}.Fdimf(x, y) }

func fdimf(x, y uint32, ftz bool) uint32 {
	d := sub(x, y, ftz) // sub.rn{.ftz}.f32
	if ptx.Setp(ptx.LE, x, y, ftz) {
		return f32.ZeroBits
	}
	return d
}
