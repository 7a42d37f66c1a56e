package intrinsics

import (
	"github.com/cudafp/cudafp/ptx"
	"github.com/cudafp/cudafp/rounding"
)

// Constants of the exponential intrinsics, as nvcc writes them in the PTX
// (../shared/reference/ptx/default.ptx, kernels i_expf and i_exp10f).
const (
	log2eBits  uint32 = 0x3fb8aa3b // 0x1.715476p+00, log2(e) rounded to float32
	log210Bits uint32 = 0x40549a78 // 0x1.a934fp+01, log2(10) rounded to float32
)

// Expf approximates e^x. It emulates __expf, which nvcc compiles to
// mul.f32 t, x, 0x3fb8aa3b (log2(e)); ex2.approx.f32 t (mul.ftz.f32 and
// ex2.approx.ftz.f32 with -ftz=true). In SASS the multiply is a lone FMUL,
// never fused, and the non-ftz ex2.approx is MUFU.EX2 with a fix-up for
// t < -126 (ex2(t/2)², so that results may be subnormal).
//
// Special cases are (in order):
//
//	Expf(NaN) = NaN (canonical 0x7fffffff)
//	Expf(±0) = Expf(±subnormal) = 1
//	Expf(+Inf) = +Inf
//	Expf(-Inf) = +0
//	Expf(x) = +Inf for x ≥ 0x1.62e43p+06 (x·log2(e) rounds to 128 or more)
//	Expf(x) = +0 for x ≤ -0x1.9fe36ap+06 (x·log2(e) rounds to -150 or less); with FTZ, +0 wherever the result would be subnormal
//
// Accuracy: bit-exact with the device. Documented (CUDA C++ Programming
// Guide 13.0, Mathematical Functions, Table 21 (single-precision
// intrinsics)): "The maximum ulp error is 2 + floor(abs(1.173 * x))." The
// error grows with |x| because the rounding error of x·log2(e) is scaled by
// the exponential.
//
// Flags: with Target.FTZ (-ftz=true) the multiply and ex2.approx flush
// subnormal inputs and results to zeros of their sign, so results below
// 2^-126 become +0.
func Expf(x float32) float32 { return Target{}.Expf(x) }

// Expf is __expf compiled for t: with t.FTZ it is the -ftz=true build; see
// the function Expf.
func (t Target) Expf(x float32) float32 {
	return fromBits(ptx.Ex2Approx(ptx.Mul(bits(x), log2eBits, rounding.RN, t.FTZ), t.FTZ))
}

// Exp10f approximates 10^x. It emulates __exp10f, which nvcc compiles to
// mul.f32 t, x, 0x40549a78 (log2(10)); ex2.approx.f32 t (mul.ftz.f32 and
// ex2.approx.ftz.f32 with -ftz=true), the same sequence as Expf with
// another constant.
//
// Special cases are (in order):
//
//	Exp10f(NaN) = NaN (canonical 0x7fffffff)
//	Exp10f(±0) = Exp10f(±subnormal) = 1
//	Exp10f(+Inf) = +Inf
//	Exp10f(-Inf) = +0
//	Exp10f(x) = +Inf if x·log2(10) rounds to 128 or more
//	Exp10f(x) = +0 if x·log2(10) rounds to -150 or less; with FTZ, +0 wherever the result would be subnormal
//
// Accuracy: bit-exact with the device. Documented (CUDA C++ Programming
// Guide 13.0, Mathematical Functions, Table 21 (single-precision
// intrinsics)): "The maximum ulp error is 2 + floor(abs(2.97 * x))."
//
// Flags: with Target.FTZ (-ftz=true) the multiply and ex2.approx flush
// subnormal inputs and results to zeros of their sign.
func Exp10f(x float32) float32 { return Target{}.Exp10f(x) }

// Exp10f is __exp10f compiled for t: with t.FTZ it is the -ftz=true build;
// see the function Exp10f.
func (t Target) Exp10f(x float32) float32 {
	return fromBits(ptx.Ex2Approx(ptx.Mul(bits(x), log210Bits, rounding.RN, t.FTZ), t.FTZ))
}
