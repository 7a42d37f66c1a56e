package intrinsics

import "github.com/cudafp/cudafp/ptx"

// Tanhf approximates the hyperbolic tangent of x. It emulates __tanhf,
// which nvcc compiles to tanh.approx.f32 (MUFU.TANH) in every build.
//
// Special cases are (in order):
//
//	Tanhf(NaN) = NaN (canonical 0x7fffffff)
//	Tanhf(±0) = ±0
//	Tanhf(x) = x for subnormal x, in both builds
//	Tanhf(±Inf) = ±1
//	Tanhf(x) = ±1 for |x| ≥ 8
//
// Accuracy: bit-exact with the device. Documented (CUDA C++ Programming
// Guide 13.0, Mathematical Functions, Table 21 (single-precision
// intrinsics)): "The maximum relative error is 2^-11. Subnormal results are
// not flushed to zero even under -ftz=true."
//
// Flags: independent of Target: tanh.approx.f32 has no .ftz form and nvcc
// emits the same instruction with -ftz=true.
func Tanhf(x float32) float32 { return Target{}.Tanhf(x) }

// Tanhf is __tanhf compiled for t; t does not change it; see the function
// Tanhf.
func (t Target) Tanhf(x float32) float32 { return fromBits(ptx.TanhApprox(bits(x))) }
