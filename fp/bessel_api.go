package fp

// The Bessel functions of the first and second kind of orders 0 and 1.
// Their kernels are in bessel.go. None of them is among -use_fast_math's
// library swaps and -prec-sqrt does not reach them; -prec-div changes y1f
// alone (its quotients −(2/π)/x and −1/x).

// J0f returns the Bessel function of the first kind of order 0 of x as
// CUDA's j0f computes it under fl.
//
// Special cases are:
//
//	J0f(±Inf) = +0
//	J0f(NaN) = NaN (canonical 0x7fffffff)
//
// J0f(±0) is J0's polynomial at 0, 0x1p+00 (1) on the device; J0f is even:
// J0f(-x) = J0f(x) for every x.
//
// Accuracy: bit-exact with the H100's j0f (sm_90, CUDA 13.0) under each of
// the six captured flag sets. Documented (CUDA C++ Programming Guide 13.0,
// Mathematical Functions, Table 17): "9 ulp for |x| < 8, otherwise the
// maximum absolute error is 2.2 x 10^-6".
//
// Flags: -ftz=true (and -use_fast_math, through it): the .ftz forms
// throughout, so a subnormal x is read as ±0. -fmad=false: mul.rn and
// add.rn in place of mul and add, with the same results (no pair is
// contracted: see bessel.go). -prec-div and -prec-sqrt do not change it.
func (fl Flags) J0f(x float32) float32 { return fromBits(j0f(toBits(x), fl.FTZ)) }

// J0f returns j0f(x) under nvcc's default flags (Flags{}.J0f).
func J0f(x float32) float32 { return fromBits(j0f(toBits(x), false)) }

// J1f returns the Bessel function of the first kind of order 1 of x as
// CUDA's j1f computes it under fl.
//
// Special cases are:
//
//	J1f(±0) = ±0
//	J1f(±Inf) = ±0
//	J1f(NaN) = NaN (canonical 0x7fffffff)
//
// J1f is odd: J1f(-x) = -J1f(x) for every x that is not NaN, and for
// |x| < 0x1.4484cp-100 the result takes the sign of x even where it
// underflows to zero.
//
// Accuracy: bit-exact with the H100's j1f (sm_90, CUDA 13.0) under each of
// the six captured flag sets. Documented (CUDA C++ Programming Guide 13.0,
// Mathematical Functions, Table 17): "9 ulp for |x| < 8, otherwise the
// maximum absolute error is 2.2 x 10^-6".
//
// Flags: -ftz=true (and -use_fast_math, through it): the .ftz forms
// throughout, so a subnormal x gives ±0. -fmad=false: mul.rn and add.rn in
// place of mul and add, with the same results. -prec-div and -prec-sqrt do
// not change it.
func (fl Flags) J1f(x float32) float32 { return fromBits(j1f(toBits(x), fl.FTZ)) }

// J1f returns j1f(x) under nvcc's default flags (Flags{}.J1f).
func J1f(x float32) float32 { return fromBits(j1f(toBits(x), false)) }

// Y0f returns the Bessel function of the second kind of order 0 of x as
// CUDA's y0f computes it under fl.
//
// Special cases are (in order):
//
//	Y0f(±0) = -Inf
//	Y0f(+Inf) = +0
//	Y0f(x) = NaN for x < 0, -Inf included (0x7fffffff)
//	Y0f(NaN) = NaN (canonical 0x7fffffff)
//
// Accuracy: bit-exact with the H100's y0f (sm_90, CUDA 13.0) under each of
// the six captured flag sets. Documented (CUDA C++ Programming Guide 13.0,
// Mathematical Functions, Table 17): "9 ulp for |x| < 8, otherwise the
// maximum absolute error is 2.2 x 10^-6".
//
// Flags: -ftz=true (and -use_fast_math, through it): the .ftz forms
// throughout, so a subnormal x is read as ±0 and gives -Inf. -fmad=false:
// mul.rn and add.rn in place of mul and add, with the same results.
// -prec-div and -prec-sqrt do not change it.
func (fl Flags) Y0f(x float32) float32 { return fromBits(y0f(toBits(x), fl.FTZ)) }

// Y0f returns y0f(x) under nvcc's default flags (Flags{}.Y0f).
func Y0f(x float32) float32 { return fromBits(y0f(toBits(x), false)) }

// Y1f returns the Bessel function of the second kind of order 1 of x as
// CUDA's y1f computes it under fl.
//
// Special cases are (in order):
//
//	Y1f(±0) = -Inf
//	Y1f(x) = -(2/π)/x for subnormal x: -Inf for the smallest ones
//	Y1f(+Inf) = +0
//	Y1f(x) = NaN for x < 0, -Inf included (0x7fffffff)
//	Y1f(NaN) = NaN (canonical 0x7fffffff)
//
// Accuracy: bit-exact with the H100's y1f (sm_90, CUDA 13.0) under each of
// the six captured flag sets. Documented (CUDA C++ Programming Guide 13.0,
// Mathematical Functions, Table 17): "9 ulp for |x| < 8, otherwise the
// maximum absolute error is 2.2 x 10^-6".
//
// Flags: -prec-div=false (and -use_fast_math): the quotients −(2/π)/x (for
// |x| < 2^-126) and −1/x (for |x| ≤ 0x1.b2d588p+00) are div.full.f32 instead
// of div.rn.f32. -ftz=true (and -use_fast_math): the .ftz forms
// throughout, so a subnormal x is read as ±0 and gives -Inf. -fmad=false:
// mul.rn and add.rn in place of mul and add, with the same results.
// -prec-sqrt does not change it.
func (fl Flags) Y1f(x float32) float32 { return fromBits(y1f(toBits(x), fl)) }

// Y1f returns y1f(x) under nvcc's default flags (Flags{}.Y1f).
func Y1f(x float32) float32 { return fromBits(y1f(toBits(x), Flags{})) }
