package intrinsics

import "github.com/cudafp/cudafp/ptx"

// Fdividef approximates x / y as x · (1/y). It emulates __fdividef, which
// nvcc compiles to div.approx.f32 (div.approx.ftz.f32 with -ftz=true): in
// SASS MUFU.RCP of y and an FMUL, the non-ftz form first scaling both
// operands by 2^24 when |y| < 2^-126.
//
// Special cases are (in order):
//
//	Fdividef(x, NaN) = Fdividef(NaN, y) = NaN (canonical 0x7fffffff)
//	Fdividef(±0, ±0) = NaN (canonical 0x7fffffff); with FTZ a subnormal y counts as a zero
//	Fdividef(±Inf, y) = NaN (canonical 0x7fffffff) for |y| > 2^126, ±Inf included
//	Fdividef(x, y) = ±0 for finite x and |y| > 2^126 (1/y is flushed to zero), signed with the XOR of the signs
//	Fdividef(x, ±0) = ±Inf for x ≠ 0 not NaN, signed with the XOR of the signs
//	Fdividef(±0, y) = ±0 for y ≠ 0 not NaN, signed with the XOR of the signs
//
// Accuracy: bit-exact with the device. Documented (CUDA C++ Programming
// Guide 13.0, Mathematical Functions, Table 21 (single-precision
// intrinsics)): "For abs(y) in [2^-126, 2^126], the maximum ulp error is 2.
// For 2^126 < abs(y) < 2^128, __fdividef(x, y) returns 0, or NaN if x is
// infinity."
//
// Flags: with Target.FTZ (-ftz=true) subnormal inputs read as zeros of
// their sign and subnormal results are flushed; without it a subnormal y is
// handled exactly by the 2^24 scaling, so 1/y may be finite.
func Fdividef(x, y float32) float32 { return Target{}.Fdividef(x, y) }

// Fdividef is __fdividef compiled for t: with t.FTZ it is the -ftz=true
// build; see the function Fdividef.
func (t Target) Fdividef(x, y float32) float32 {
	return fromBits(ptx.DivApprox(bits(x), bits(y), t.FTZ))
}
