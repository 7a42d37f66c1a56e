package fp

import (
	"github.com/cudafp/cudafp/ptx"
	"github.com/cudafp/cudafp/rounding"
)

// ceil, floor, trunc, round, rint, nearbyint, lrint, llrint, lround and
// llround of double as nvcc (CUDA 13.0, sm_90) compiles them: kernels
// ceil_, …, llround_ of gpu/ref/funcs64/*.ptx.xz, each a cvt with a .f64
// source (SASS FRND.F64, F2I.S64.F64) and, for the round family, an
// add.rz.f64 of copysign(0.5, x) before it. CUDA's long is 64 bits wide on
// this target, so lrint and llrint (lround and llround) are the same code.
// The PTX of the six captured flag sets is the same: none of them depends
// on the flags.

// Ceil returns the least integral value not below x, as CUDA's ceil:
// cvt.rpi.f64.f64.
//
// Special cases are:
//
//	Ceil(±0) = ±0, Ceil(±Inf) = ±Inf
//	Ceil(NaN) = NaN quieted (sign and payload kept)
//	Ceil(x) = -0 for -1 < x < 0
//
// Accuracy: exact. Documented (CUDA C++ Programming Guide 13.0,
// Mathematical Functions, Table 18): "0 (full range)".
//
// Flags: independent of Flags.
func (fl Flags) Ceil(x float64) float64 { return Ceil(x) }

// Ceil returns ceil(x) (Flags{}.Ceil).
func Ceil(x float64) float64 { return f64b(ptx.CvtRoundF64(b64(x), rounding.RU)) }

// Floor returns the greatest integral value not above x, as CUDA's floor:
// cvt.rmi.f64.f64.
//
// Special cases are:
//
//	Floor(±0) = ±0, Floor(±Inf) = ±Inf
//	Floor(NaN) = NaN quieted (sign and payload kept)
//	Floor(x) = +0 for 0 < x < 1
//
// Accuracy: exact. Documented (CUDA C++ Programming Guide 13.0,
// Mathematical Functions, Table 18): "0 (full range)".
//
// Flags: independent of Flags.
func (fl Flags) Floor(x float64) float64 { return Floor(x) }

// Floor returns floor(x) (Flags{}.Floor).
func Floor(x float64) float64 { return f64b(ptx.CvtRoundF64(b64(x), rounding.RD)) }

// Trunc returns x rounded toward zero to an integral value, as CUDA's
// trunc: cvt.rzi.f64.f64.
//
// Special cases are:
//
//	Trunc(±0) = ±0, Trunc(±Inf) = ±Inf
//	Trunc(NaN) = NaN quieted (sign and payload kept)
//	Trunc(x) = ±0 for |x| < 1, the sign of x
//
// Accuracy: exact. Documented (CUDA C++ Programming Guide 13.0,
// Mathematical Functions, Table 18): "0 (full range)".
//
// Flags: independent of Flags.
func (fl Flags) Trunc(x float64) float64 { return Trunc(x) }

// Trunc returns trunc(x) (Flags{}.Trunc).
func Trunc(x float64) float64 { return f64b(ptx.CvtRoundF64(b64(x), rounding.RZ)) }

// Round returns x rounded to the nearest integral value, halfway cases
// away from zero, as CUDA's round: add.rz.f64 of x and copysign(0.5, x),
// then cvt.rzi.f64.f64.
//
// Special cases are:
//
//	Round(±0) = ±0, Round(±Inf) = ±Inf
//	Round(NaN) = NaN quieted (sign and payload kept)
//	Round(±0.5) = ±1, Round(±2.5) = ±3 (ties away from zero; Rint gives ±0 and ±2)
//	Round(x) = ±0 for 0 < |x| < 0.5, the sign of x
//	Round(0x1.fffffffffffffp-2) = +0 (0.5 + x rounded toward zero is below 1)
//
// Accuracy: exact. Documented (CUDA C++ Programming Guide 13.0,
// Mathematical Functions, Table 18): "0 (full range)".
//
// Flags: independent of Flags.
func (fl Flags) Round(x float64) float64 { return Round(x) }

// Round returns round(x) (Flags{}.Round).
func Round(x float64) float64 { return f64b(round64(b64(x))) }

func round64(x uint64) uint64 {
	h := ptx.CopysignF64(halfBits64, x) // copysign.f64 h, x, 0.5
	t := rounding.Add64(x, h, rounding.RZ)
	return ptx.CvtRoundF64(t, rounding.RZ)
}

// Rint returns x rounded to an integral value, ties to even, as CUDA's
// rint: cvt.rni.f64.f64.
//
// Special cases are:
//
//	Rint(±0) = ±0, Rint(±Inf) = ±Inf
//	Rint(NaN) = NaN quieted (sign and payload kept)
//	Rint(±0.5) = ±0, Rint(±1.5) = ±2 (ties to even)
//
// Accuracy: exact. Documented (CUDA C++ Programming Guide 13.0,
// Mathematical Functions, Table 18): "0 (full range)".
//
// Flags: independent of Flags.
func (fl Flags) Rint(x float64) float64 { return Rint(x) }

// Rint returns rint(x) (Flags{}.Rint).
func Rint(x float64) float64 { return f64b(ptx.CvtRoundF64(b64(x), rounding.RN)) }

// Nearbyint returns x rounded to an integral value, ties to even, as
// CUDA's nearbyint: cvt.rni.f64.f64, the same instruction as rint (see
// Rint for the special cases).
//
// Accuracy: exact. Documented (CUDA C++ Programming Guide 13.0,
// Mathematical Functions, Table 18): "0 (full range)".
//
// Flags: independent of Flags.
func (fl Flags) Nearbyint(x float64) float64 { return Rint(x) }

// Nearbyint returns nearbyint(x) (Flags{}.Nearbyint).
func Nearbyint(x float64) float64 { return Rint(x) }

// Lrint returns x rounded to a 64-bit integer, ties to even, as CUDA's
// lrint: cvt.rni.s64.f64 (SASS F2I.S64.F64).
//
// Special cases are:
//
//	Lrint(NaN) = -9223372036854775808 (1 << 63)
//	Lrint(x) = 9223372036854775807 for x ≥ 2^63, +Inf included
//	Lrint(x) = -9223372036854775808 for x < -2^63, -Inf included
//
// Accuracy: exact within the int64 range. Documented (CUDA C++
// Programming Guide 13.0, Mathematical Functions, Table 18): "0 (full
// range)".
//
// Flags: independent of Flags.
func (fl Flags) Lrint(x float64) int64 { return Lrint(x) }

// Lrint returns lrint(x) (Flags{}.Lrint).
func Lrint(x float64) int64 { return ptx.CvtS64F64(b64(x), rounding.RN) }

// Llrint returns x rounded to a 64-bit integer, as CUDA's llrint: the same
// code as lrint (see Lrint).
//
// Flags: independent of Flags.
func (fl Flags) Llrint(x float64) int64 { return Lrint(x) }

// Llrint returns llrint(x) (Flags{}.Llrint).
func Llrint(x float64) int64 { return Lrint(x) }

// Lround returns x rounded to a 64-bit integer, halfway cases away from
// zero, as CUDA's lround: Round's add.rz.f64 and cvt.rzi.f64.f64, then
// cvt.rzi.s64.f64.
//
// Special cases are:
//
//	Lround(NaN) = -9223372036854775808 (1 << 63)
//	Lround(x) = 9223372036854775807 for x ≥ 2^63, +Inf included
//	Lround(x) = -9223372036854775808 for x ≤ -2^63, -Inf included
//	Lround(±2.5) = ±3
//
// Accuracy: exact within the int64 range. Documented (CUDA C++
// Programming Guide 13.0, Mathematical Functions, Table 18): "0 (full
// range)".
//
// Flags: independent of Flags.
func (fl Flags) Lround(x float64) int64 { return Lround(x) }

// Lround returns lround(x) (Flags{}.Lround).
func Lround(x float64) int64 { return ptx.CvtS64F64(round64(b64(x)), rounding.RZ) }

// Llround returns x rounded to a 64-bit integer, as CUDA's llround: the
// same code as lround (see Lround).
//
// Flags: independent of Flags.
func (fl Flags) Llround(x float64) int64 { return Lround(x) }

// Llround returns llround(x) (Flags{}.Llround).
func Llround(x float64) int64 { return Lround(x) }
