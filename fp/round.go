package fp

import (
	"math"

	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/ptx"
	"github.com/cudafp/cudafp/rounding"
)

// roundf, nearbyintf, lrintf, llrintf, lroundf and llroundf as nvcc (CUDA
// 13.0, sm_90) compiles them: kernels roundf_, nearbyintf_, lrintf_,
// llrintf_, lroundf_ and llroundf_ of ../shared/reference/ptx/*.ptx. CUDA's
// long is 64 bits wide on this target, so lrintf and llrintf (lroundf and
// llroundf) are the same code. -fmad, -prec-div and -prec-sqrt reach none of
// them; -use_fast_math acts through its -ftz=true only.

// Roundf returns x rounded to the nearest integral value, halfway cases away
// from zero, as CUDA's roundf: add.rz.f32 of x and copysign(0.5, x), then
// cvt.rzi.f32.f32.
//
// Special cases are:
//
//	Roundf(±0) = ±0
//	Roundf(±Inf) = ±Inf
//	Roundf(NaN) = NaN (canonical 0x7fffffff)
//	Roundf(±0.5) = ±1, Roundf(±2.5) = ±3 (ties away from zero; Rintf gives ±0 and ±2)
//	Roundf(x) = ±0 for 0 < |x| < 0.5, with the sign of x
//	Roundf(0x1.fffffep-2) = +0 (the sum 0.5 + 0x1.fffffep-2 is rounded toward zero, below 1)
//
// Accuracy: exact (bit-exact with the device's golden data under every
// captured flag set). Documented (CUDA C++ Programming Guide 13.0,
// Mathematical Functions, Table 17): "0 ulp (correctly rounded)".
//
// Flags: -ftz=true (and -use_fast_math): add.rz.ftz.f32, a subnormal x is
// read as ±0; the result is the same (±0) either way. Independent of the
// other flags.
func (fl Flags) Roundf(x float32) float32 { return fromBits(roundf(toBits(x), fl.FTZ)) }

// Roundf returns roundf(x) (Flags{}.Roundf).
func Roundf(x float32) float32 { return Flags{}.Roundf(x) }

func roundf(x uint32, ftz bool) uint32 {
	h := ptx.Copysign(0x3f000000, x)     // copysign.f32 h, x, 0.5
	t := ptx.Add(x, h, rounding.RZ, ftz) // add.rz{.ftz}.f32
	return ptx.CvtRoundF32(t, rounding.RZ, false)
}

// Nearbyintf returns x rounded to an integral value, ties to even, as CUDA's
// nearbyintf: cvt.rni.f32.f32, the same instruction as rintf (the device has
// no inexact flag to keep clear).
//
// Special cases are:
//
//	Nearbyintf(±0) = ±0
//	Nearbyintf(±Inf) = ±Inf
//	Nearbyintf(NaN) = NaN (canonical 0x7fffffff)
//	Nearbyintf(±0.5) = ±0, Nearbyintf(±1.5) = ±2 (ties to even)
//
// Accuracy: exact (bit-exact with the device's golden data under every
// captured flag set). Documented (CUDA C++ Programming Guide 13.0,
// Mathematical Functions, Table 17): "0 ulp (correctly rounded)".
//
// Flags: independent of Flags (cvt.rni.f32.f32 without .ftz even with
// -ftz=true: a subnormal x gives ±0 by rounding).
func (fl Flags) Nearbyintf(x float32) float32 {
	return fromBits(ptx.CvtRoundF32(toBits(x), rounding.RN, false))
}

// Nearbyintf returns nearbyintf(x) (Flags{}.Nearbyintf).
func Nearbyintf(x float32) float32 { return Flags{}.Nearbyintf(x) }

// Lrintf returns x rounded to the nearest integer, ties to even, as CUDA's
// lrintf: cvt.rni.s64.f32 (long is 64 bits wide).
//
// Special cases are:
//
//	Lrintf(NaN) = -9223372036854775808 (0x8000000000000000)
//	Lrintf(x) = 9223372036854775807 for x ≥ 2^63 (+Inf included)
//	Lrintf(x) = -9223372036854775808 for x ≤ -2^63 (-Inf included)
//	Lrintf(±0.5) = 0, Lrintf(±2.5) = ±2 (ties to even)
//
// Accuracy: exact (bit-exact with the device's golden data under every
// captured flag set). Documented (CUDA C++ Programming Guide 13.0,
// Mathematical Functions, Table 17): "0 ulp (correctly rounded)".
//
// Flags: -ftz=true (and -use_fast_math): cvt.rni.ftz.s64.f32, a subnormal x
// is read as ±0 (the result is 0 either way). Independent of the other flags.
func (fl Flags) Lrintf(x float32) int64 { return ptx.CvtS64(toBits(x), rounding.RN, fl.FTZ) }

// Lrintf returns lrintf(x) (Flags{}.Lrintf).
func Lrintf(x float32) int64 { return Flags{}.Lrintf(x) }

// Llrintf returns x rounded to the nearest integer, ties to even, as CUDA's
// llrintf: cvt.rni.s64.f32, the same code as lrintf.
//
// Special cases are:
//
//	Llrintf(NaN) = -9223372036854775808 (0x8000000000000000)
//	Llrintf(x) = 9223372036854775807 for x ≥ 2^63 (+Inf included)
//	Llrintf(x) = -9223372036854775808 for x ≤ -2^63 (-Inf included)
//	Llrintf(±0.5) = 0, Llrintf(±2.5) = ±2 (ties to even)
//
// Accuracy: exact (bit-exact with the device's golden data under every
// captured flag set). Documented (CUDA C++ Programming Guide 13.0,
// Mathematical Functions, Table 17): "0 ulp (correctly rounded)".
//
// Flags: -ftz=true (and -use_fast_math): cvt.rni.ftz.s64.f32 (the same
// results). Independent of the other flags.
func (fl Flags) Llrintf(x float32) int64 { return ptx.CvtS64(toBits(x), rounding.RN, fl.FTZ) }

// Llrintf returns llrintf(x) (Flags{}.Llrintf).
func Llrintf(x float32) int64 { return Flags{}.Llrintf(x) }

// Lroundf returns x rounded to the nearest integer, halfway cases away from
// zero, as CUDA's lroundf: a NaN and range check with setp.f32, then integer
// code that shifts the significand, adds the bit below the binary point and
// applies the sign.
//
// Special cases are (in order):
//
//	Lroundf(NaN) = -9223372036854775808 (0x8000000000000000)
//	Lroundf(x) = 9223372036854775807 for x ≥ 2^63 (+Inf included)
//	Lroundf(x) = -9223372036854775808 for x ≤ -2^63 (-Inf included)
//	Lroundf(±0.5) = ±1, Lroundf(±2.5) = ±3 (ties away from zero)
//	Lroundf(x) = 0 for |x| < 0.5 (subnormals included)
//
// Accuracy: exact (bit-exact with the device's golden data under every
// captured flag set). Documented (CUDA C++ Programming Guide 13.0,
// Mathematical Functions, Table 17): "0 ulp (correctly rounded)".
//
// Flags: -ftz=true (and -use_fast_math): abs.ftz and setp.ftz in the range
// check (the same results). Independent of the other flags.
func (fl Flags) Lroundf(x float32) int64 { return lroundf(toBits(x), fl.FTZ) }

// Lroundf returns lroundf(x) (Flags{}.Lroundf).
func Lroundf(x float32) int64 { return Flags{}.Lroundf(x) }

// Llroundf returns x rounded to the nearest integer, halfway cases away from
// zero, as CUDA's llroundf: the same code as lroundf.
//
// Special cases are (in order):
//
//	Llroundf(NaN) = -9223372036854775808 (0x8000000000000000)
//	Llroundf(x) = 9223372036854775807 for x ≥ 2^63 (+Inf included)
//	Llroundf(x) = -9223372036854775808 for x ≤ -2^63 (-Inf included)
//	Llroundf(±0.5) = ±1, Llroundf(±2.5) = ±3 (ties away from zero)
//
// Accuracy: exact (bit-exact with the device's golden data under every
// captured flag set). Documented (CUDA C++ Programming Guide 13.0,
// Mathematical Functions, Table 17): "0 ulp (correctly rounded)".
//
// Flags: -ftz=true (and -use_fast_math): abs.ftz and setp.ftz in the range
// check (the same results). Independent of the other flags.
func (fl Flags) Llroundf(x float32) int64 { return lroundf(toBits(x), fl.FTZ) }

// Llroundf returns llroundf(x) (Flags{}.Llroundf).
func Llroundf(x float32) int64 { return Flags{}.Llroundf(x) }

func lroundf(x uint32, ftz bool) int64 {
	switch {
	case ptx.Setp(ptx.GTU, ptx.Abs(x, ftz), f32.InfBits, ftz): // NaN
		return math.MinInt64
	case ptx.Setp(ptx.GE, x, 0x5f000000, ftz): // x ≥ 2^63
		return math.MaxInt64
	case ptx.Setp(ptx.LE, x, 0xdf000000, ftz): // x ≤ -2^63
		return math.MinInt64
	}
	// The significand with its hidden bit at bit 62 (the lowest exponent
	// bit lands on the hidden bit, which is set anyway): |x| = sig·2^(bexp-189).
	sh := 189 - int32(x>>f32.FracBits&0xff) // 0 ≤ sh: |x| < 2^63
	sig := uint64(x<<8>>1)<<32 | 1<<62
	var n uint64
	if sh <= 63 {
		n = sig >> uint(sh)
		if sh == 0 {
			sig = 0
		} else {
			sig <<= uint(64 - sh) // the fraction, its half bit at bit 63
		}
	}
	n += sig >> 63
	if int32(x) < 0 {
		return -int64(n)
	}
	return int64(n)
}
