package intrinsics

import "github.com/cudafp/cudafp/ptx"

// Sinf approximates the sine of x (radians). It emulates __sinf, which nvcc
// compiles to sin.approx.f32 (sin.approx.ftz.f32 with -ftz=true); in SASS
// both are FMUL.RZ x, 1/(2π) followed by MUFU.SIN.
//
// Special cases are (in order):
//
//	Sinf(NaN) = NaN (canonical 0x7fffffff)
//	Sinf(±Inf) = NaN (canonical 0x7fffffff)
//	Sinf(±0) = ±0
//	Sinf(±subnormal) = ±0, in both builds (MUFU.SIN flushes the scaled argument)
//	Sinf(x) = +0 for x ≥ 2^27 and -0 for x ≤ -2^27 (x·(1/2π) is then an even integer)
//
// Accuracy: bit-exact with the device. Documented (CUDA C++ Programming
// Guide 13.0, Mathematical Functions, Table 21 (single-precision
// intrinsics)): "For x in [-π, π], the maximum absolute error is 2^-21.41,
// and larger otherwise."
//
// Flags: the same results with and without Target.FTZ: the hardware
// sequence flushes subnormals in both builds.
func Sinf(x float32) float32 { return Target{}.Sinf(x) }

// Sinf is __sinf compiled for t: with t.FTZ it is the -ftz=true build; see
// the function Sinf.
func (t Target) Sinf(x float32) float32 { return fromBits(ptx.SinApprox(bits(x), t.FTZ)) }

// Cosf approximates the cosine of x (radians). It emulates __cosf, which
// nvcc compiles to cos.approx.f32 (cos.approx.ftz.f32 with -ftz=true); in
// SASS both are FMUL.RZ x, 1/(2π) followed by MUFU.COS.
//
// Special cases are (in order):
//
//	Cosf(NaN) = NaN (canonical 0x7fffffff)
//	Cosf(±Inf) = NaN (canonical 0x7fffffff)
//	Cosf(±0) = Cosf(±subnormal) = 1
//	Cosf(x) = 1 for |x| ≥ 2^27
//
// Accuracy: bit-exact with the device. Documented (CUDA C++ Programming
// Guide 13.0, Mathematical Functions, Table 21 (single-precision
// intrinsics)): "For x in [-π, π], the maximum absolute error is 2^-21.19,
// and larger otherwise."
//
// Flags: the same results with and without Target.FTZ.
func Cosf(x float32) float32 { return Target{}.Cosf(x) }

// Cosf is __cosf compiled for t: with t.FTZ it is the -ftz=true build; see
// the function Cosf.
func (t Target) Cosf(x float32) float32 { return fromBits(ptx.CosApprox(bits(x), t.FTZ)) }

// Sincosf returns Sinf(x) and Cosf(x). It emulates __sincosf, which nvcc
// compiles to sin.approx.f32 and cos.approx.f32 of the same x (the .ftz
// forms with -ftz=true); in SASS one FMUL.RZ feeds MUFU.SIN and MUFU.COS.
//
// Special cases are (in order):
//
//	Sincosf(NaN) = NaN, NaN (canonical 0x7fffffff)
//	Sincosf(±Inf) = NaN, NaN (canonical 0x7fffffff)
//	Sincosf(±0) = Sincosf(±subnormal) = ±0, 1
//	Sincosf(x) = ±0, 1 for |x| ≥ 2^27
//
// Accuracy: bit-exact with the device. Documented (CUDA C++ Programming
// Guide 13.0, Mathematical Functions, Table 21 (single-precision
// intrinsics)): "For x in [-π, π], the maximum absolute error is 2^-21.41
// (sine) and 2^-21.19 (cosine), and larger otherwise."
//
// Flags: the same results with and without Target.FTZ.
func Sincosf(x float32) (s, c float32) { return Target{}.Sincosf(x) }

// Sincosf is __sincosf compiled for t: with t.FTZ it is the -ftz=true
// build; see the function Sincosf.
func (t Target) Sincosf(x float32) (s, c float32) {
	ux := bits(x)
	return fromBits(ptx.SinApprox(ux, t.FTZ)), fromBits(ptx.CosApprox(ux, t.FTZ))
}

// Tanf approximates the tangent of x (radians). It emulates __tanf, which
// nvcc compiles to sin.approx.f32 s, x; cos.approx.f32 c, x;
// div.approx.f32 s, c (the .ftz forms with -ftz=true): in SASS MUFU.SIN,
// MUFU.COS, MUFU.RCP of c and an FMUL, with the non-ftz division scaling
// both operands by 2^24 when |c| < 2^-126.
//
// Special cases are (in order):
//
//	Tanf(NaN) = NaN (canonical 0x7fffffff)
//	Tanf(±Inf) = NaN (canonical 0x7fffffff)
//	Tanf(±0) = Tanf(±subnormal) = ±0
//	Tanf(x) = +0 for x ≥ 2^27 and -0 for x ≤ -2^27
//
// Accuracy: bit-exact with the device. Documented (CUDA C++ Programming
// Guide 13.0, Mathematical Functions, Table 21 (single-precision
// intrinsics)): "Derived from its implementation as __sinf(x) *
// (1/__cosf(x))."
//
// Flags: with Target.FTZ (-ftz=true) the division is div.approx.ftz.f32,
// which does not rescale a subnormal cosine.
func Tanf(x float32) float32 { return Target{}.Tanf(x) }

// Tanf is __tanf compiled for t: with t.FTZ it is the -ftz=true build; see
// the function Tanf.
func (t Target) Tanf(x float32) float32 {
	ux := bits(x)
	return fromBits(ptx.DivApprox(ptx.SinApprox(ux, t.FTZ), ptx.CosApprox(ux, t.FTZ), t.FTZ))
}
