package fp

// The error functions and the normal distribution. Their kernels are in
// erf.go. None of them is among -use_fast_math's library swaps, and
// -prec-div and -prec-sqrt do not reach them (the PTX of each is the same
// under those flags): -ftz=true changes all seven, and -fmad=false changes
// erfcxf alone.

// Erff returns the error function of x as CUDA's erff computes it under fl.
//
// Special cases are:
//
//	Erff(±0) = ±0
//	Erff(±Inf) = ±1
//	Erff(x) = ±1 for |x| ≥ 0x1.f500fep+01 (≈ 3.914), with the sign of x
//	Erff(NaN) = NaN (canonical 0x7fffffff)
//
// Accuracy: bit-exact with the H100's erff (sm_90, CUDA 13.0) under each of
// the six captured flag sets. Documented (CUDA C++ Programming Guide 13.0,
// Mathematical Functions, Table 17): "maximum ulp error 2 (full range)".
//
// Flags: -ftz=true (and -use_fast_math, through it): the .ftz forms
// throughout, so a subnormal x gives ±0 instead of ≈ 1.128·x. -fmad=false:
// mul.rn and sub.rn in place of mul and sub, with the same results.
// -prec-div and -prec-sqrt do not change it.
func (fl Flags) Erff(x float32) float32 { return fromBits(erff(toBits(x), fl.FTZ)) }

// Erff returns erff(x) under nvcc's default flags (Flags{}.Erff).
func Erff(x float32) float32 { return fromBits(erff(toBits(x), false)) }

// Erfcf returns the complementary error function 1 − erf(x) of x as CUDA's
// erfcf computes it under fl.
//
// Special cases are:
//
//	Erfcf(±0) = 1
//	Erfcf(+Inf) = +0
//	Erfcf(-Inf) = 2
//	Erfcf(x) = +0 for x > 0x1.41c29p+03 (≈ 10.055)
//	Erfcf(NaN) = NaN (canonical 0x7fffffff)
//
// Accuracy: bit-exact with the H100's erfcf (sm_90, CUDA 13.0) under each
// of the six captured flag sets. Documented (CUDA C++ Programming Guide
// 13.0, Mathematical Functions, Table 17): "maximum ulp error 4 (full
// range)".
//
// Flags: -ftz=true (and -use_fast_math, through it): the .ftz forms
// throughout, so the results of x ≥ 0x1.2639cp+03 (≈ 9.195),
// subnormal under -ftz=false, are +0.
// -fmad=false: mul.rn, add.rn and sub.rn in place of mul, add and sub,
// with the same results. -prec-div and -prec-sqrt do not change it.
func (fl Flags) Erfcf(x float32) float32 { return fromBits(erfcf(toBits(x), fl.FTZ)) }

// Erfcf returns erfcf(x) under nvcc's default flags (Flags{}.Erfcf).
func Erfcf(x float32) float32 { return fromBits(erfcf(toBits(x), false)) }

// Erfcxf returns the scaled complementary error function e^(x²)·erfc(x) of
// x as CUDA's erfcxf computes it under fl.
//
// Special cases are:
//
//	Erfcxf(±0) = 1
//	Erfcxf(+Inf) = +0
//	Erfcxf(-Inf) = +Inf
//	Erfcxf(x) = +Inf for x ≤ -0x1.2c3cbep+03 (≈ -9.382; e^(x²) overflows)
//	Erfcxf(NaN) = NaN (canonical 0x7fffffff)
//
// Accuracy: bit-exact with the H100's erfcxf (sm_90, CUDA 13.0) under each
// of the six captured flag sets. Documented (CUDA C++ Programming Guide
// 13.0, Mathematical Functions, Table 17): "maximum ulp error 4 (full
// range)".
//
// Flags: -ftz=true (and -use_fast_math, through it): the .ftz forms
// throughout, div.approx.ftz included, so the results of x ≥
// 0x1.20dd78p+125, subnormal under -ftz=false, are +0. -fmad=false: for x < 0 the doubled exponential
// 2·e^(x²) is mul.rn then add.rn of the product with itself instead of one
// fma.rn of the product with its rounded copy, which differs where the
// product is subnormal (under -ftz=false); elsewhere mul.rn, add.rn and
// sub.rn in place of mul, add and sub, with the same results. -prec-div and
// -prec-sqrt do not change it.
func (fl Flags) Erfcxf(x float32) float32 {
	return fromBits(erfcxf(toBits(x), fl.FTZ, !fl.NoFMAD))
}

// Erfcxf returns erfcxf(x) under nvcc's default flags (Flags{}.Erfcxf).
func Erfcxf(x float32) float32 { return fromBits(erfcxf(toBits(x), false, true)) }

// Erfinvf returns the inverse error function of x as CUDA's erfinvf
// computes it under fl.
//
// Special cases are:
//
//	Erfinvf(±0) = ±0
//	Erfinvf(±1) = ±Inf
//	Erfinvf(x) = NaN for |x| > 1, ±Inf included (canonical 0x7fffffff)
//	Erfinvf(NaN) = NaN (canonical 0x7fffffff)
//
// Accuracy: bit-exact with the H100's erfinvf (sm_90, CUDA 13.0) under each
// of the six captured flag sets. Documented (CUDA C++ Programming Guide
// 13.0, Mathematical Functions, Table 17): "maximum ulp error 2 (full
// range)".
//
// Flags: -ftz=true (and -use_fast_math, through it): the .ftz forms
// throughout, so a subnormal x gives ±0. -fmad=false: mul.rn in place of
// mul, with the same results. -prec-div and -prec-sqrt do not change it.
func (fl Flags) Erfinvf(x float32) float32 { return fromBits(erfinvf(toBits(x), fl.FTZ)) }

// Erfinvf returns erfinvf(x) under nvcc's default flags (Flags{}.Erfinvf).
func Erfinvf(x float32) float32 { return fromBits(erfinvf(toBits(x), false)) }

// Erfcinvf returns the inverse complementary error function of x (the y
// with erfc(y) = x) as CUDA's erfcinvf computes it under fl.
//
// Special cases are:
//
//	Erfcinvf(±0) = +Inf
//	Erfcinvf(1) = +0
//	Erfcinvf(2) = -Inf
//	Erfcinvf(x) = NaN for x < -0 or x > 2, ±Inf included (canonical 0x7fffffff)
//	Erfcinvf(NaN) = NaN (canonical 0x7fffffff)
//
// Accuracy: bit-exact with the H100's erfcinvf (sm_90, CUDA 13.0) under
// each of the six captured flag sets. Documented (CUDA C++ Programming
// Guide 13.0, Mathematical Functions, Table 17): "maximum ulp error 4 (full
// range)".
//
// Flags: -ftz=true (and -use_fast_math, through it): the .ftz forms
// throughout (lg2.approx.ftz in the tail), so a subnormal x is read as ±0
// and gives +Inf (under -ftz=false a negative subnormal gives NaN).
// -fmad=false: mul.rn in place of mul, with the same results. -prec-div
// and -prec-sqrt do not change it.
func (fl Flags) Erfcinvf(x float32) float32 { return fromBits(erfcinvf(toBits(x), fl.FTZ)) }

// Erfcinvf returns erfcinvf(x) under nvcc's default flags (Flags{}.Erfcinvf).
func Erfcinvf(x float32) float32 { return fromBits(erfcinvf(toBits(x), false)) }

// Normcdff returns the standard normal cumulative distribution function
// Φ(x) = erfc(−x/√2)/2 as CUDA's normcdff computes it under fl.
//
// Special cases are:
//
//	Normcdff(±0) = 0.5
//	Normcdff(+Inf) = 1
//	Normcdff(-Inf) = +0
//	Normcdff(x) = 1 for x ≥ 0x1.5ae102p+02 (≈ 5.42)
//	Normcdff(x) = +0 for x ≤ -0x1.c48d6ap+03 (≈ -14.14)
//	Normcdff(NaN) = NaN (canonical 0x7fffffff)
//
// Accuracy: bit-exact with the H100's normcdff (sm_90, CUDA 13.0) under
// each of the six captured flag sets. Documented (CUDA C++ Programming
// Guide 13.0, Mathematical Functions, Table 17): "maximum ulp error 5 (full
// range)".
//
// Flags: -ftz=true (and -use_fast_math, through it): the .ftz forms
// throughout, so the results of x ≤ -0x1.9e6604p+03 (≈ -12.95),
// subnormal under -ftz=false, are +0. -fmad=false:
// mul.rn, add.rn and sub.rn in place of mul, add and sub, with the same
// results. -prec-div and -prec-sqrt do not change it.
func (fl Flags) Normcdff(x float32) float32 { return fromBits(normcdff(toBits(x), fl.FTZ)) }

// Normcdff returns normcdff(x) under nvcc's default flags (Flags{}.Normcdff).
func Normcdff(x float32) float32 { return fromBits(normcdff(toBits(x), false)) }

// Normcdfinvf returns the inverse of the standard normal cumulative
// distribution function, −√2·erfcinv(2x), as CUDA's normcdfinvf computes it
// under fl.
//
// Special cases are:
//
//	Normcdfinvf(±0) = -Inf
//	Normcdfinvf(0.5) = +0
//	Normcdfinvf(1) = +Inf
//	Normcdfinvf(x) = NaN for x < -0 or x > 1, ±Inf included (canonical 0x7fffffff)
//	Normcdfinvf(NaN) = NaN (canonical 0x7fffffff)
//
// Accuracy: bit-exact with the H100's normcdfinvf (sm_90, CUDA 13.0) under
// each of the six captured flag sets. Documented (CUDA C++ Programming
// Guide 13.0, Mathematical Functions, Table 17): "maximum ulp error 5 (full
// range)".
//
// Flags: -ftz=true (and -use_fast_math, through it): the .ftz forms
// throughout, so a subnormal x (and 2x subnormal) is read as ±0 and gives
// -Inf (under -ftz=false a negative subnormal gives NaN). -fmad=false:
// add.rn and mul.rn in place of add and mul, with the same results.
// -prec-div and -prec-sqrt do not change it.
func (fl Flags) Normcdfinvf(x float32) float32 { return fromBits(normcdfinvf(toBits(x), fl.FTZ)) }

// Normcdfinvf returns normcdfinvf(x) under nvcc's default flags
// (Flags{}.Normcdfinvf).
func Normcdfinvf(x float32) float32 { return fromBits(normcdfinvf(toBits(x), false)) }
