package fp

// The inverse trigonometric and hyperbolic functions and log1pf. Their
// kernels are in atan.go and log1p.go. None of them is among
// -use_fast_math's library swaps, and -prec-div and -prec-sqrt do not reach
// them (the PTX of each is the same under those flags): only -ftz=true
// changes their results.

// Asinf returns the arcsine of x, in radians, as CUDA's asinf computes it
// under fl.
//
// Special cases are:
//
//	Asinf(±0) = ±0
//	Asinf(±1) = ±0x1.921fb6p+00 (π/2 rounded)
//	Asinf(x) = NaN for |x| > 1, ±Inf included (canonical 0x7fffffff)
//	Asinf(NaN) = NaN (canonical 0x7fffffff)
//
// Accuracy: bit-exact with the H100's asinf (sm_90, CUDA 13.0) under each
// of the six captured flag sets. Documented (CUDA C++ Programming Guide
// 13.0, Mathematical Functions, Table 17): "maximum ulp error 2 (full
// range)".
//
// Flags: -ftz=true (and -use_fast_math, through it): the .ftz forms
// throughout, so a subnormal x gives ±0 (the zero of its sign) instead of
// x. -fmad=false: mul.rn in place of mul, with the same results (no pair is
// contracted: see atan.go). -prec-div and -prec-sqrt do not change it.
func (fl Flags) Asinf(x float32) float32 { return fromBits(asinf(toBits(x), fl.FTZ)) }

// Asinf returns asinf(x) under nvcc's default flags (Flags{}.Asinf).
func Asinf(x float32) float32 { return fromBits(asinf(toBits(x), false)) }

// Acosf returns the arccosine of x, in radians, as CUDA's acosf computes
// it under fl.
//
// Special cases are:
//
//	Acosf(±0) = 0x1.921fb6p+00 (π/2 rounded)
//	Acosf(1) = +0
//	Acosf(-1) = 0x1.921fb6p+01 (π rounded)
//	Acosf(x) = NaN for |x| > 1, ±Inf included (canonical 0x7fffffff)
//	Acosf(NaN) = NaN (canonical 0x7fffffff)
//
// Accuracy: bit-exact with the H100's acosf (sm_90, CUDA 13.0) under each
// of the six captured flag sets. Documented (CUDA C++ Programming Guide
// 13.0, Mathematical Functions, Table 17): "maximum ulp error 2 (full
// range)".
//
// Flags: -ftz=true (and -use_fast_math, through it): the .ftz forms
// throughout (a subnormal x is read as ±0; Acosf is π/2 either way).
// -fmad=false: mul.rn and add.rn in place of mul and add, with the same
// results. -prec-div and -prec-sqrt do not change it.
func (fl Flags) Acosf(x float32) float32 { return fromBits(acosf(toBits(x), fl.FTZ)) }

// Acosf returns acosf(x) under nvcc's default flags (Flags{}.Acosf).
func Acosf(x float32) float32 { return fromBits(acosf(toBits(x), false)) }

// Atanf returns the arctangent of x, in radians, as CUDA's atanf computes
// it under fl.
//
// Special cases are:
//
//	Atanf(±0) = ±0
//	Atanf(±1) = ±0x1.921fb6p-01 (π/4 rounded)
//	Atanf(±Inf) = ±0x1.921fb6p+00 (π/2 rounded)
//	Atanf(NaN) = NaN (canonical 0x7fffffff)
//
// Accuracy: bit-exact with the H100's atanf (sm_90, CUDA 13.0) under each
// of the six captured flag sets. Documented (CUDA C++ Programming Guide
// 13.0, Mathematical Functions, Table 17): "maximum ulp error 2 (full
// range)".
//
// Flags: -ftz=true (and -use_fast_math, through it): the .ftz forms
// throughout, so a subnormal x gives ±0. -fmad=false: mul.rn in place of
// mul, with the same results. -prec-div and -prec-sqrt do not change it.
func (fl Flags) Atanf(x float32) float32 { return fromBits(atanf(toBits(x), fl.FTZ)) }

// Atanf returns atanf(x) under nvcc's default flags (Flags{}.Atanf).
func Atanf(x float32) float32 { return fromBits(atanf(toBits(x), false)) }

// Atan2f returns the arctangent of y/x, in radians, using the signs of both
// to choose the quadrant, as CUDA's atan2f(y, x) computes it under fl.
//
// Special cases are (in order):
//
//	Atan2f(y, x) = NaN if x or y is NaN (canonical 0x7fffffff)
//	Atan2f(±0, x) = ±0 for x ≥ +0, ±0x1.921fb6p+01 (π rounded) for x ≤ -0
//	Atan2f(y, ±0) = ±0x1.921fb6p+00 (π/2 rounded) for y ≠ 0, with the sign of y
//	Atan2f(±Inf, +Inf) = ±0x1.921fb6p-01 (π/4 rounded)
//	Atan2f(±Inf, -Inf) = ±0x1.2d97c8p+01 (3π/4 rounded)
//	Atan2f(±Inf, x) = ±0x1.921fb6p+00 for finite x
//	Atan2f(y, +Inf) = ±0 for finite y, with the sign of y
//	Atan2f(y, -Inf) = ±0x1.921fb6p+01 for finite y, with the sign of y
//	Atan2f(y, x) = ±0x1.921fb6p-01 for |y| = |x| and x > 0, ±0x1.2d97c8p+01 for x < 0
//
// Accuracy: bit-exact with the H100's atan2f (sm_90, CUDA 13.0) under each
// of the six captured flag sets, on the device's special-value grid and
// 2^24 generated inputs. Documented (CUDA C++ Programming Guide 13.0,
// Mathematical Functions, Table 17): "maximum ulp error 3 (full range)".
//
// Flags: -ftz=true (and -use_fast_math, through it): the .ftz forms
// throughout, div.rn.ftz included, so subnormal arguments are read as zeros
// of their sign. -fmad=false: mul.rn and add.rn in place of mul and add,
// with the same results. -prec-div does not change it: the quotient is the
// library's own div.rn.f32 under every flag set. -prec-sqrt does not change
// it.
func (fl Flags) Atan2f(y, x float32) float32 {
	return fromBits(atan2f(toBits(y), toBits(x), fl.FTZ))
}

// Atan2f returns atan2f(y, x) under nvcc's default flags (Flags{}.Atan2f).
func Atan2f(y, x float32) float32 { return fromBits(atan2f(toBits(y), toBits(x), false)) }

// Asinhf returns the inverse hyperbolic sine of x as CUDA's asinhf computes
// it under fl.
//
// Special cases are:
//
//	Asinhf(±0) = ±0
//	Asinhf(±Inf) = ±Inf
//	Asinhf(NaN) = NaN (canonical 0x7fffffff)
//
// Accuracy: bit-exact with the H100's asinhf (sm_90, CUDA 13.0) under each
// of the six captured flag sets. Documented (CUDA C++ Programming Guide
// 13.0, Mathematical Functions, Table 17): "maximum ulp error 3 (full
// range)".
//
// Flags: -ftz=true (and -use_fast_math, through it): the .ftz forms
// throughout, so a subnormal x gives ±0. -fmad=false: mul.rn and add.rn in
// place of mul and add, with the same results (no pair is contracted: see
// log1p.go). -prec-div and -prec-sqrt do not change it.
func (fl Flags) Asinhf(x float32) float32 { return fromBits(asinhf(toBits(x), fl.FTZ)) }

// Asinhf returns asinhf(x) under nvcc's default flags (Flags{}.Asinhf).
func Asinhf(x float32) float32 { return fromBits(asinhf(toBits(x), false)) }

// Acoshf returns the inverse hyperbolic cosine of x as CUDA's acoshf
// computes it under fl.
//
// Special cases are:
//
//	Acoshf(1) = +0
//	Acoshf(x) = NaN for x < 1, -Inf and ±0 included (canonical 0x7fffffff)
//	Acoshf(+Inf) = +Inf
//	Acoshf(NaN) = NaN (canonical 0x7fffffff)
//
// Accuracy: bit-exact with the H100's acoshf (sm_90, CUDA 13.0) under each
// of the six captured flag sets. Documented (CUDA C++ Programming Guide
// 13.0, Mathematical Functions, Table 17): "maximum ulp error 4 (full
// range)".
//
// Flags: -ftz=true (and -use_fast_math, through it): the .ftz forms
// throughout (no result changes on the device's grid: acoshf has no
// subnormal results and NaN for subnormal x). -fmad=false: mul.rn, add.rn
// and sub.rn in place of mul, add and sub, with the same results.
// -prec-div and -prec-sqrt do not change it.
func (fl Flags) Acoshf(x float32) float32 { return fromBits(acoshf(toBits(x), fl.FTZ)) }

// Acoshf returns acoshf(x) under nvcc's default flags (Flags{}.Acoshf).
func Acoshf(x float32) float32 { return fromBits(acoshf(toBits(x), false)) }

// Atanhf returns the inverse hyperbolic tangent of x as CUDA's atanhf
// computes it under fl.
//
// Special cases are:
//
//	Atanhf(±0) = ±0
//	Atanhf(±1) = ±Inf
//	Atanhf(x) = NaN for |x| > 1, ±Inf included (canonical 0x7fffffff)
//	Atanhf(NaN) = NaN (canonical 0x7fffffff)
//
// Accuracy: bit-exact with the H100's atanhf (sm_90, CUDA 13.0) under each
// of the six captured flag sets. Documented (CUDA C++ Programming Guide
// 13.0, Mathematical Functions, Table 17): "maximum ulp error 3 (full
// range)".
//
// Flags: -ftz=true (and -use_fast_math, through it): the .ftz forms
// throughout, so a subnormal x gives ±0. -fmad=false: mul.rn, add.rn and
// sub.rn in place of mul, add and sub, with the same results. -prec-div and
// -prec-sqrt do not change it (1/(1 − |x|) is the library's own
// rcp.approx.ftz.f32 under every flag set).
func (fl Flags) Atanhf(x float32) float32 { return fromBits(atanhf(toBits(x), fl.FTZ)) }

// Atanhf returns atanhf(x) under nvcc's default flags (Flags{}.Atanhf).
func Atanhf(x float32) float32 { return fromBits(atanhf(toBits(x), false)) }

// Log1pf returns ln(1 + x) as CUDA's log1pf computes it under fl.
//
// Special cases are:
//
//	Log1pf(±0) = ±0
//	Log1pf(-1) = -Inf
//	Log1pf(x) = NaN for x < -1, -Inf included (canonical 0x7fffffff)
//	Log1pf(+Inf) = +Inf
//	Log1pf(NaN) = NaN (canonical 0x7fffffff)
//
// Accuracy: bit-exact with the H100's log1pf (sm_90, CUDA 13.0) under each
// of the six captured flag sets. Documented (CUDA C++ Programming Guide
// 13.0, Mathematical Functions, Table 17): "maximum ulp error 1 (full
// range)".
//
// Flags: -ftz=true (and -use_fast_math, through it): the .ftz forms
// throughout, so a subnormal x gives ±0. log1pf is not among
// -use_fast_math's library swaps. -fmad=false: mul.rn and add.rn in place of
// mul and add, with the same results. -prec-div and -prec-sqrt do not change
// it.
func (fl Flags) Log1pf(x float32) float32 { return fromBits(log1pf(toBits(x), fl.FTZ)) }

// Log1pf returns log1pf(x) under nvcc's default flags (Flags{}.Log1pf).
func Log1pf(x float32) float32 { return fromBits(log1pf(toBits(x), false)) }
