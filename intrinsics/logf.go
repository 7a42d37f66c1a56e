package intrinsics

import (
	"github.com/cudafp/cudafp/ptx"
	"github.com/cudafp/cudafp/rounding"
)

// Constants of the logarithm intrinsics, as nvcc writes them in the PTX
// (../shared/reference/ptx/default.ptx, kernels i_logf and i_log10f).
const (
	ln2Bits    uint32 = 0x3f317218 // 0x1.62e43p-01, ln(2) rounded to float32
	log102Bits uint32 = 0x3e9a209b // 0x1.344136p-02, log10(2) rounded to float32
)

// Log2f approximates log2(x). It emulates __log2f, which nvcc compiles to
// lg2.approx.f32 (lg2.approx.ftz.f32 with -ftz=true). In SASS the non-ftz
// form is MUFU.LG2 with a fix-up for subnormal x (scaled by 2^24 first, 24
// subtracted after).
//
// Special cases are (in order):
//
//	Log2f(NaN) = NaN (canonical 0x7fffffff)
//	Log2f(±0) = -Inf; with FTZ, Log2f(±subnormal) = -Inf too
//	Log2f(x) = NaN (canonical 0x7fffffff) for x < 0, -Inf included (a negative subnormal with FTZ reads as -0)
//	Log2f(1) = +0
//	Log2f(+Inf) = +Inf
//
// Accuracy: bit-exact with the device. Documented (CUDA C++ Programming
// Guide 13.0, Mathematical Functions, Table 21 (single-precision
// intrinsics)): "For x in [0.5, 2], the maximum absolute error is 2^-22,
// otherwise, the maximum ulp error is 2."
//
// Flags: with Target.FTZ (-ftz=true) a subnormal input reads as the zero of
// its sign.
func Log2f(x float32) float32 { return Target{}.Log2f(x) }

// Log2f is __log2f compiled for t: with t.FTZ it is the -ftz=true build; see
// the function Log2f.
func (t Target) Log2f(x float32) float32 { return fromBits(ptx.Lg2Approx(bits(x), t.FTZ)) }

// Logf approximates the natural logarithm of x. It emulates __logf, which
// nvcc compiles to lg2.approx.f32 t, x; mul.f32 t, 0x3f317218 (ln(2))
// (the .ftz forms with -ftz=true); in SASS the multiply is a lone FMUL.
//
// Special cases are (in order):
//
//	Logf(NaN) = NaN (canonical 0x7fffffff)
//	Logf(±0) = -Inf; with FTZ, Logf(±subnormal) = -Inf too
//	Logf(x) = NaN (canonical 0x7fffffff) for x < 0, -Inf included (a negative subnormal with FTZ reads as -0)
//	Logf(1) = +0
//	Logf(+Inf) = +Inf
//
// Accuracy: bit-exact with the device. Documented (CUDA C++ Programming
// Guide 13.0, Mathematical Functions, Table 21 (single-precision
// intrinsics)): "For x in [0.5, 2], the maximum absolute error is 2^-21.41,
// otherwise, the maximum ulp error is 3."
//
// Flags: with Target.FTZ (-ftz=true) a subnormal input reads as the zero of
// its sign, and the multiply flushes subnormal products.
func Logf(x float32) float32 { return Target{}.Logf(x) }

// Logf is __logf compiled for t: with t.FTZ it is the -ftz=true build; see
// the function Logf.
func (t Target) Logf(x float32) float32 {
	return fromBits(ptx.Mul(ptx.Lg2Approx(bits(x), t.FTZ), ln2Bits, rounding.RN, t.FTZ))
}

// Log10f approximates log10(x). It emulates __log10f, which nvcc compiles
// to lg2.approx.f32 t, x; mul.f32 t, 0x3e9a209b (log10(2)) (the .ftz forms
// with -ftz=true); in SASS the multiply is a lone FMUL.
//
// Special cases are (in order):
//
//	Log10f(NaN) = NaN (canonical 0x7fffffff)
//	Log10f(±0) = -Inf; with FTZ, Log10f(±subnormal) = -Inf too
//	Log10f(x) = NaN (canonical 0x7fffffff) for x < 0, -Inf included (a negative subnormal with FTZ reads as -0)
//	Log10f(1) = +0
//	Log10f(+Inf) = +Inf
//
// Accuracy: bit-exact with the device. Documented (CUDA C++ Programming
// Guide 13.0, Mathematical Functions, Table 21 (single-precision
// intrinsics)): "For x in [0.5, 2], the maximum absolute error is 2^-24,
// otherwise, the maximum ulp error is 3."
//
// Flags: with Target.FTZ (-ftz=true) a subnormal input reads as the zero of
// its sign, and the multiply flushes subnormal products.
func Log10f(x float32) float32 { return Target{}.Log10f(x) }

// Log10f is __log10f compiled for t: with t.FTZ it is the -ftz=true build;
// see the function Log10f.
func (t Target) Log10f(x float32) float32 {
	return fromBits(ptx.Mul(ptx.Lg2Approx(bits(x), t.FTZ), log102Bits, rounding.RN, t.FTZ))
}
