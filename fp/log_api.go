package fp

import "github.com/cudafp/cudafp/intrinsics"

// Logf returns the natural logarithm of x as CUDA's logf computes it under
// fl.
//
// Special cases are:
//
//	Logf(+Inf) = +Inf
//	Logf(±0) = -Inf
//	Logf(x) = NaN for x < 0 (canonical 0x7fffffff)
//	Logf(NaN) = NaN (canonical 0x7fffffff)
//	Logf(1) = +0
//
// Accuracy: bit-exact with the H100's logf (sm_90, CUDA 13.0) under each of
// the six captured flag sets. Documented (CUDA C++ Programming Guide 13.0,
// Mathematical Functions, Table 17): "maximum ulp error 1 (full range)".
// Under -use_fast_math it is __logf, documented (Table 21): "For x in
// [0.5, 2], the maximum absolute error is 2^-21.41, otherwise, the maximum
// ulp error is 3".
//
// Flags: -use_fast_math: __logf (lg2.approx.ftz.f32 then a multiply by
// ln 2; intrinsics.Target.Logf). -ftz=true: the .ftz forms throughout, and a
// subnormal x is read as ±0 (Logf = -Inf) instead of being scaled by 2^23.
// -fmad=false: mul.rn/add.rn in place of mul/add, with the same results (no
// pair is contracted: see arith.go). -prec-div and -prec-sqrt do not change
// it.
func (fl Flags) Logf(x float32) float32 {
	if fl.FastLib {
		return intrinsics.Target{FTZ: fl.FTZ}.Logf(x)
	}
	// logf written out: one call fewer on the common path.
	if z, ok := logfFast(toBits(x), false); ok { // fastkern.go
		return fromBits(z)
	}
	return fromBits(logfSeq(toBits(x), fl.FTZ))
}

// Logf returns logf(x) under nvcc's default flags (Flags{}.Logf).
func Logf(x float32) float32 { return Flags{}.Logf(x) }

// Log2f returns the base-2 logarithm of x as CUDA's log2f computes it under
// fl.
//
// Special cases are:
//
//	Log2f(+Inf) = +Inf
//	Log2f(±0) = -Inf
//	Log2f(x) = NaN for x < 0 (canonical 0x7fffffff)
//	Log2f(NaN) = NaN (canonical 0x7fffffff)
//	Log2f(2^k) = k for integer k, -149 ≤ k ≤ 127 (-126 ≤ k with -ftz=true)
//
// Accuracy: bit-exact with the H100's log2f (sm_90, CUDA 13.0) under each of
// the six captured flag sets. Documented (CUDA C++ Programming Guide 13.0,
// Mathematical Functions, Table 17): "maximum ulp error 1 (full range)".
// Under -use_fast_math it is __log2f, documented (Table 21): "For x in
// [0.5, 2], the maximum absolute error is 2^-22, otherwise, the maximum ulp
// error is 2".
//
// Flags: -use_fast_math: __log2f (lg2.approx.ftz.f32;
// intrinsics.Target.Log2f). -ftz=true: the .ftz forms throughout, and a
// subnormal x is read as ±0 (Log2f = -Inf). -fmad=false: mul.rn/add.rn in
// place of mul/add, with the same results. -prec-div and -prec-sqrt do not
// change it.
func (fl Flags) Log2f(x float32) float32 {
	if fl.FastLib {
		return intrinsics.Target{FTZ: fl.FTZ}.Log2f(x)
	}
	return fromBits(log2f(toBits(x), fl.FTZ))
}

// Log2f returns log2f(x) under nvcc's default flags (Flags{}.Log2f).
func Log2f(x float32) float32 { return Flags{}.Log2f(x) }

// Log10f returns the base-10 logarithm of x as CUDA's log10f computes it
// under fl.
//
// Special cases are:
//
//	Log10f(+Inf) = +Inf
//	Log10f(±0) = -Inf
//	Log10f(x) = NaN for x < 0 (canonical 0x7fffffff)
//	Log10f(NaN) = NaN (canonical 0x7fffffff)
//	Log10f(1) = +0
//
// Accuracy: bit-exact with the H100's log10f (sm_90, CUDA 13.0) under each
// of the six captured flag sets. Documented (CUDA C++ Programming Guide
// 13.0, Mathematical Functions, Table 17): "maximum ulp error 2 (full
// range)". Under -use_fast_math it is __log10f, documented (Table 21): "For
// x in [0.5, 2], the maximum absolute error is 2^-24, otherwise, the maximum
// ulp error is 3".
//
// Flags: -use_fast_math: __log10f (lg2.approx.ftz.f32 then a multiply by
// log10(2); intrinsics.Target.Log10f). -ftz=true: the .ftz forms throughout,
// and a subnormal x is read as ±0 (Log10f = -Inf). -fmad=false: mul.rn/add.rn
// in place of mul/add, with the same results. -prec-div and -prec-sqrt do not
// change it.
func (fl Flags) Log10f(x float32) float32 {
	if fl.FastLib {
		return intrinsics.Target{FTZ: fl.FTZ}.Log10f(x)
	}
	return fromBits(log10f(toBits(x), fl.FTZ))
}

// Log10f returns log10f(x) under nvcc's default flags (Flags{}.Log10f).
func Log10f(x float32) float32 { return Flags{}.Log10f(x) }
