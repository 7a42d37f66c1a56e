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

// Jnf returns the Bessel function of the first kind of order n of x as
// CUDA's jnf(n, x) computes it under fl.
//
// Special cases are (in order):
//
//	Jnf(0, x) = J0f(x) and Jnf(1, x) = J1f(x) for every x (inlined copies)
//	Jnf(n, x) = NaN for n < 0 (0x7fffffff)
//	Jnf(n, NaN) = NaN (canonical 0x7fffffff)
//
// For n ≥ 2, |x| above n (n + 1 for n > 4) takes the forward recurrence from
// J0f and J1f; other x, ±0 and ±Inf included, take Miller's backward
// recurrence (see besseln.go).
//
// Accuracy: the PTX of jnf_ (sm_90, CUDA 13.0) statement for statement; the
// device capture of jnf is pending, so bit-exactness is established for
// n = 0 and 1 only (through j0f and j1f's golden data). Documented (CUDA
// C++ Programming Guide 13.0, Mathematical Functions, Table 17): "For n =
// 128, the maximum absolute error is 2.2 x 10^-6".
//
// Flags: -prec-div=false (and -use_fast_math): every quotient (2/x, 2j/x,
// the normalisation) is div.full.f32 instead of div.rn.f32. -prec-sqrt=false
// (and -use_fast_math): the √(40n) of the starting order is sqrt.approx.f32.
// -fmad=false: the backward recurrence's b·q − p rounds the product first
// (mul.rn and sub.rn instead of one FFMA). -ftz=true (and -use_fast_math):
// the .ftz forms throughout.
func (fl Flags) Jnf(n int32, x float32) float32 { return fromBits(jnf(n, toBits(x), fl)) }

// Jnf returns jnf(n, x) under nvcc's default flags (Flags{}.Jnf).
func Jnf(n int32, x float32) float32 { return fromBits(jnf(n, toBits(x), Flags{})) }

// Ynf returns the Bessel function of the second kind of order n of x as
// CUDA's ynf(n, x) computes it under fl.
//
// Special cases are (in order):
//
//	Ynf(0, x) = Y0f(x) and Ynf(1, x) = Y1f(x) for every x (inlined copies)
//	Ynf(n, x) = NaN for n < 0, and for x < 0 or NaN (0x7fffffff)
//	Ynf(n, x) = -1e9/x for 0 ≤ x < 2^-126: -Inf at +0
//	Ynf(n, +Inf) = +0
//	Ynf(n, x) = -Inf where the recurrence overflows into NaN
//
// Accuracy: the PTX of ynf_ (sm_90, CUDA 13.0) statement for statement; the
// device capture of ynf is pending, so bit-exactness is established for
// n = 0 and 1 only (through y0f and y1f's golden data). Documented (CUDA
// C++ Programming Guide 13.0, Mathematical Functions, Table 17): "ceil(2 +
// 2.5n) for |x| < n, otherwise the maximum absolute error is 2.2 x 10^-6".
//
// Flags: -prec-div=false (and -use_fast_math): every quotient (y1f's, 2/x,
// −1e9/x) is div.full.f32 instead of div.rn.f32. -ftz=true (and
// -use_fast_math): the .ftz forms throughout, so a subnormal x gives -Inf.
// -fmad=false: mul.rn and add.rn in place of mul and add, with the same
// results (no multiply feeds an add). -prec-sqrt does not change it.
func (fl Flags) Ynf(n int32, x float32) float32 { return fromBits(ynf(n, toBits(x), fl)) }

// Ynf returns ynf(n, x) under nvcc's default flags (Flags{}.Ynf).
func Ynf(n int32, x float32) float32 { return fromBits(ynf(n, toBits(x), Flags{})) }
