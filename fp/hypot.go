package fp

import (
	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/ptx"
	"github.com/cudafp/cudafp/rounding"
)

// The kernels below are the PTX of kernels hypotf_, rhypotf_, norm3df_ and
// rnorm3df_ in ../shared/reference/ptx/default.ptx (CUDA 13.0.88 libdevice,
// sm_90), one Go statement per PTX instruction; with ftz every float
// instruction takes its .ftz form (ftz.ptx), and -prec-sqrt=false turns
// hypotf's and norm3df's sqrt.rn.f32 into sqrt.approx.f32 (precsqrt0.ptx,
// fast.ptx). -fmad=false spells the mul.f32 and add.f32 as mul.rn and
// add.rn: the squares feed fma addends, which ptxas does not fuse again, and
// the SASS has exactly the PTX's fmas besides those of sqrt.rn's expansion,
// so the results are the same.
//
// Algorithm (libdevice): with m the largest magnitude (integer max of the
// encodings for hypotf, max.f32 for the norms) and E4 its exponent field
// rounded down to a multiple of 4 (m & 0xfe000000), the magnitudes are
// scaled by s = 2^(126 − E4) (encoding 0x7e800000 − E4<<23, a power of two
// that brings m into [1/2, 8) without overflow or underflow of its square);
// the sum of squares is accumulated smallest first with fma, its square
// root (or reciprocal square root) taken and scaled back by 2^(E4 − 126)
// (or by s).
// Special selections: hypotf returns m when the smaller magnitude is 0 and
// +Inf when it is +Inf; the norms return the plain sum |x| + |y| + |z| when
// it is not above m (all but one zero, or a NaN) and +Inf (0 for rnorm3df)
// when m is +Inf.

const (
	hypScaleBase uint32 = 0x7e800000 // 0x1p+126, the encoding s is subtracted from
	hypScaleMask uint32 = 0xfe000000 // the sign and the exponent field's six top bits
)

// hypotScale returns s = 2^(126 − E4) (PTX: and.b32, sub.s32; m's E4 ≤ 252
// keeps s normal for every m below +Inf, and m = +Inf or NaN gives E4 = 252)
// and the back-scaling factor 2^(E4 − 126) = E4<<23 | 0x800000 (or.b32).
func hypotScale(m uint32) (s, back uint32) {
	e := m & hypScaleMask                 // and.b32 m & 0xfe000000
	return hypScaleBase - e, e | 0x800000 // sub.s32, or.b32
}

// hypotSeq is kernel hypotf_ (rsqrt: rhypotf_), instruction by instruction.
func hypotSeq(x, y uint32, fl Flags, rsqrt bool) uint32 {
	ftz := fl.FTZ
	a := ptx.Abs(x, ftz)                  // abs.f32
	b := ptx.Abs(y, ftz)                  // abs.f32
	lo := uint32(min(int32(b), int32(a))) // min.s32 on the encodings
	hi := uint32(max(int32(b), int32(a))) // max.s32
	s, back := hypotScale(hi)
	l := mul(lo, s, ftz)  // mul.f32
	h := mul(hi, s, ftz)  // mul.f32
	q := mul(l, l, ftz)   // mul.f32 l²
	q = fma(h, h, q, ftz) // fma.rn h² + l²
	if rsqrt {
		r := mul(ptx.RsqrtApprox(q, ftz), s, ftz) // rsqrt.approx{.ftz}.f32, mul.f32
		if ptx.Setp(ptx.EQ, lo, f32.InfBits, ftz) {
			r = f32.ZeroBits // setp.eq lo = +Inf, selp
		}
		return r
	}
	r := mul(fl.sqrtOp(q), back, ftz)            // sqrt, mul.f32
	if ptx.Setp(ptx.EQ, lo, f32.ZeroBits, ftz) { // setp.eq lo = 0, selp
		r = hi
	}
	if ptx.Setp(ptx.EQ, lo, f32.InfBits, ftz) { // setp.eq lo = +Inf, selp
		r = f32.InfBits
	}
	return r
}

// hypot is hypotSeq with its fast path first (hypfast.go).
func (fl Flags) hypot(x, y uint32, rsqrt bool) uint32 {
	if z, ok := hypotFast(x, y, fl.ApproxSqrt, rsqrt); ok {
		return z
	}
	return hypotSeq(x, y, fl, rsqrt)
}

// norm3 is norm3Seq with its fast path first (hypfast.go).
func (fl Flags) norm3(x, y, z uint32, rsqrt bool) uint32 {
	if r, ok := norm3Fast(x, y, z, fl.ApproxSqrt, rsqrt); ok {
		return r
	}
	return norm3Seq(x, y, z, fl, rsqrt)
}

// sqrtOp is the square root of the norms: sqrt.rn{.ftz}.f32, or
// sqrt.approx{.ftz}.f32 with -prec-sqrt=false.
func (fl Flags) sqrtOp(q uint32) uint32 {
	if fl.ApproxSqrt {
		return ptx.SqrtApprox(q, fl.FTZ)
	}
	return ptx.Sqrt(q, rounding.RN, fl.FTZ)
}

// norm3Seq is kernel norm3df_ (rsqrt: rnorm3df_), instruction by instruction.
func norm3Seq(x, y, z uint32, fl Flags, rsqrt bool) uint32 {
	ftz := fl.FTZ
	a := ptx.Abs(x, ftz)       // abs.f32
	b := ptx.Abs(y, ftz)       // abs.f32
	c := ptx.Abs(z, ftz)       // abs.f32
	sum := add(a, b, ftz)      // add.f32
	sum = add(sum, c, ftz)     // add.f32
	m1 := ptx.Min(a, b, ftz)   // min.f32
	m2 := ptx.Max(a, b, ftz)   // max.f32
	mid := ptx.Min(m2, c, ftz) // min.f32
	hi := ptx.Max(m2, c, ftz)  // max.f32
	s, back := hypotScale(hi)
	u := mul(mid, s, ftz) // mul.f32
	v := mul(m1, s, ftz)  // mul.f32
	w := mul(hi, s, ftz)  // mul.f32
	q := mul(u, u, ftz)   // mul.f32
	q = fma(v, v, q, ftz) // fma.rn
	q = fma(w, w, q, ftz) // fma.rn
	return normFinish(q, s, back, sum, hi, fl, rsqrt)
}

// Hypotf returns √(x² + y²) as CUDA's hypotf computes it under fl.
//
// Special cases are (in order):
//
//	Hypotf(±Inf, y) = Hypotf(x, ±Inf) = +Inf, even for a NaN argument
//	Hypotf(NaN, y) = Hypotf(x, NaN) = NaN (canonical 0x7fffffff)
//	Hypotf(x, ±0) = Hypotf(±0, x) = |x|
//
// Accuracy: bit-exact with the H100's hypotf (sm_90, CUDA 13.0) under each
// of the six captured flag sets. Documented (CUDA C++ Programming Guide
// 13.0, Mathematical Functions, Table 17): "maximum ulp error 3 (full
// range)".
//
// Flags: -prec-sqrt=false (and -use_fast_math): sqrt.approx.f32 in place of
// sqrt.rn.f32. -ftz=true (and -use_fast_math): the .ftz forms, so subnormal
// arguments read as zeros. -fmad=false: mul.rn in place of mul, with the
// same results. -prec-div does not change it.
func (fl Flags) Hypotf(x, y float32) float32 {
	return fromBits(fl.hypot(toBits(x), toBits(y), false))
}

// Hypotf returns hypotf(x, y) under nvcc's default flags (Flags{}.Hypotf).
func Hypotf(x, y float32) float32 { return Flags{}.Hypotf(x, y) }

// Rhypotf returns 1/√(x² + y²) as CUDA's rhypotf computes it under fl.
//
// Special cases are (in order):
//
//	Rhypotf(±Inf, y) = Rhypotf(x, ±Inf) = +0, even for a NaN argument
//	Rhypotf(NaN, y) = Rhypotf(x, NaN) = NaN (canonical 0x7fffffff)
//	Rhypotf(±0, ±0) = +Inf
//
// Accuracy: bit-exact with the H100's rhypotf (sm_90, CUDA 13.0) under each
// of the six captured flag sets. Documented (CUDA C++ Programming Guide
// 13.0, Mathematical Functions, Table 17): "maximum ulp error 2 (full
// range)".
//
// Flags: -ftz=true (and -use_fast_math): the .ftz forms, rsqrt.approx.ftz
// included, so subnormal arguments read as zeros and subnormal results
// flush. -fmad=false: mul.rn in place of mul, with the same results.
// -prec-div and -prec-sqrt do not change it (rsqrt.approx in every build).
func (fl Flags) Rhypotf(x, y float32) float32 {
	return fromBits(fl.hypot(toBits(x), toBits(y), true))
}

// Rhypotf returns rhypotf(x, y) under nvcc's default flags (Flags{}.Rhypotf).
func Rhypotf(x, y float32) float32 { return Flags{}.Rhypotf(x, y) }

// Norm3df returns √(x² + y² + z²) as CUDA's norm3df computes it under fl.
//
// Special cases are (in order):
//
//	Norm3df(x, y, z) = +Inf if an argument is ±Inf, even with a NaN
//	Norm3df(x, y, z) = NaN if an argument is NaN (canonical 0x7fffffff)
//	Norm3df(x, y, z) = |x| + |y| + |z| when at most one argument is nonzero
//
// Accuracy: bit-exact with the H100's norm3df (sm_90, CUDA 13.0) under each
// of the six captured flag sets. Documented (CUDA C++ Programming Guide
// 13.0, Mathematical Functions, Table 17): "maximum ulp error 3 (full
// range)".
//
// Flags: -prec-sqrt=false (and -use_fast_math): sqrt.approx.f32 in place of
// sqrt.rn.f32. -ftz=true (and -use_fast_math): the .ftz forms, so subnormal
// arguments read as zeros. -fmad=false: mul.rn/add.rn in place of mul/add,
// with the same results. -prec-div does not change it.
func (fl Flags) Norm3df(x, y, z float32) float32 {
	return fromBits(fl.norm3(toBits(x), toBits(y), toBits(z), false))
}

// Norm3df returns norm3df(x, y, z) under nvcc's default flags (Flags{}.Norm3df).
func Norm3df(x, y, z float32) float32 { return Flags{}.Norm3df(x, y, z) }

// Rnorm3df returns 1/√(x² + y² + z²) as CUDA's rnorm3df computes it under fl.
//
// Special cases are (in order):
//
//	Rnorm3df(x, y, z) = +0 if an argument is ±Inf, even with a NaN
//	Rnorm3df(x, y, z) = NaN if an argument is NaN (canonical 0x7fffffff)
//	Rnorm3df(±0, ±0, ±0) = +Inf
//
// Accuracy: bit-exact with the H100's rnorm3df (sm_90, CUDA 13.0) under each
// of the six captured flag sets. Documented (CUDA C++ Programming Guide
// 13.0, Mathematical Functions, Table 17): "maximum ulp error 2 (full
// range)".
//
// Flags: -ftz=true (and -use_fast_math): the .ftz forms, rsqrt.approx.ftz
// included, so subnormal arguments read as zeros and subnormal results
// flush. -fmad=false: mul.rn/add.rn in place of mul/add, with the same
// results. -prec-div and -prec-sqrt do not change it (rsqrt.approx in every
// build).
func (fl Flags) Rnorm3df(x, y, z float32) float32 {
	return fromBits(fl.norm3(toBits(x), toBits(y), toBits(z), true))
}

// Rnorm3df returns rnorm3df(x, y, z) under nvcc's default flags (Flags{}.Rnorm3df).
func Rnorm3df(x, y, z float32) float32 { return Flags{}.Rnorm3df(x, y, z) }
