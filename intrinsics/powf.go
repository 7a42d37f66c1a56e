package intrinsics

import (
	"github.com/cudafp/cudafp/ptx"
	"github.com/cudafp/cudafp/rounding"
)

// Powf approximates x^y as 2^(y·log2(x)). It emulates __powf, which nvcc
// compiles to lg2.approx.f32 t, x; mul.f32 t, y, t; ex2.approx.f32 t (the
// .ftz forms with -ftz=true); in SASS MUFU.LG2, a lone FMUL and MUFU.EX2,
// with the non-ftz fix-ups of lg2 (subnormal x) and ex2 (y·log2(x) < -126).
//
// Special cases are (in order):
//
//	Powf(x, NaN) = Powf(NaN, y) = NaN (canonical 0x7fffffff)
//	Powf(x, y) = NaN for x < 0, -Inf included (with FTZ a negative subnormal x reads as -0)
//	Powf(±0, ±0) = NaN; with FTZ a subnormal x or y counts as a zero
//	Powf(±0, y) = +0 for y > 0 and +Inf for y < 0
//	Powf(1, ±Inf) = NaN, and Powf(1, y) = 1 for finite y
//	Powf(+Inf, ±0) = NaN, and Powf(x, ±0) = 1 for finite x > 0
//	Powf(+Inf, y) = +Inf for y > 0 and +0 for y < 0
//	Powf(x, +Inf) = +Inf for x > 1 and +0 for 0 < x < 1
//	Powf(x, -Inf) = +0 for x > 1 and +Inf for 0 < x < 1
//
// Accuracy: bit-exact with the device. Documented (CUDA C++ Programming
// Guide 13.0, Mathematical Functions, Table 21 (single-precision
// intrinsics)): "Derived from its implementation as exp2f(y *
// __log2f(x))."
//
// Flags: with Target.FTZ (-ftz=true) every step flushes subnormal inputs
// and results to zeros of their sign.
func Powf(x, y float32) float32 { return Target{}.Powf(x, y) }

// Powf is __powf compiled for t: with t.FTZ it is the -ftz=true build; see
// the function Powf.
func (t Target) Powf(x, y float32) float32 {
	l := ptx.Lg2Approx(bits(x), t.FTZ)
	return fromBits(ptx.Ex2Approx(ptx.Mul(bits(y), l, rounding.RN, t.FTZ), t.FTZ))
}
