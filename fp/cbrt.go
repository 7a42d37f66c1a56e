package fp

import (
	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/ptx"
)

// The kernels below are the PTX of kernels cbrtf_ and rcbrtf_ in
// ../shared/reference/ptx/default.ptx (CUDA 13.0.88 libdevice, sm_90), one
// Go statement per PTX instruction; with ftz every float instruction takes
// its .ftz form (ftz.ptx), lg2.approx included. -fmad=false spells the
// mul.f32 and add.f32 as mul.rn and add.rn: every product feeds an fma's
// multiplicand, never an add (the SASS has exactly the PTX's two FFMAs), so
// the results are the same.
//
// Algorithm (libdevice): a first approximation of |x|^(−2/3) (cbrtf) or
// |x|^(−1/3) (rcbrtf) is ex2.approx.ftz(lg2.approx(|x|)·(−2/3 or −1/3));
// one Newton step on y³ = |x| (or y³·|x| = 1) refines it with an fma, and
// the sign of x is copied on. The arguments with x + x = x (±0, ±Inf) give
// x + x for cbrtf and (x + x) with the exponent field inverted (±Inf for
// ±0, ±0 for ±Inf) for rcbrtf.

// Constants of cbrtf_ and rcbrtf_ (PTX immediates).
const (
	cbrtNegTwoThirds uint32 = 0xbf2aaaab // -0x1.555556p-01 ≈ −2/3
	cbrtNegThird     uint32 = 0xbeaaaaab // -0x1.555556p-02 ≈ −1/3
	cbrtThird        uint32 = 0x3eaaaaab // 0x1.555556p-02 ≈ 1/3
)

// cbrtfSeq is kernel cbrtf_, instruction by instruction.
func cbrtfSeq(x uint32, ftz bool) uint32 {
	a := ptx.Abs(x, ftz)                        // abs.f32
	l := ptx.Lg2Approx(a, ftz)                  // lg2.approx{.ftz}.f32
	t := mul(l, cbrtNegTwoThirds, ftz)          // mul.f32 ·(−2/3)
	e := ptx.Ex2Approx(t, true)                 // ex2.approx.ftz.f32: |x|^(−2/3)
	y := mul(a, e, ftz)                         // mul.f32: |x|^(1/3)
	q := ptx.Neg(mul(e, y, ftz), ftz)           // mul.f32, neg.f32
	h := fma(y, q, oneBits, ftz)                // fma.rn 1 − y·e·y
	h = mul(h, cbrtThird, ftz)                  // mul.f32 ·1/3
	r := fma(y, h, y, ftz)                      // fma.rn y + y·h
	if ptx.Setp(ptx.LT, x, f32.ZeroBits, ftz) { // setp.lt x < 0
		r = ptx.Neg(r, ftz) // neg.f32, selp
	}
	d := add(x, x, ftz)              // add.f32 x + x
	if ptx.Setp(ptx.EQ, d, x, ftz) { // setp.eq: ±0, ±Inf
		r = d // selp
	}
	return r
}

// rcbrtfSeq is kernel rcbrtf_, instruction by instruction.
func rcbrtfSeq(x uint32, ftz bool) uint32 {
	a := ptx.Abs(x, ftz)                        // abs.f32
	l := ptx.Lg2Approx(a, ftz)                  // lg2.approx{.ftz}.f32
	t := mul(l, cbrtNegThird, ftz)              // mul.f32 ·(−1/3)
	e := ptx.Ex2Approx(t, true)                 // ex2.approx.ftz.f32: |x|^(−1/3)
	e2 := mul(e, e, ftz)                        // mul.f32 e²
	q := ptx.Neg(mul(a, e, ftz), ftz)           // mul.f32, neg.f32
	h := fma(e2, q, oneBits, ftz)               // fma.rn 1 − e²·|x|·e
	w := mul(e, cbrtThird, ftz)                 // mul.f32 e/3
	r := fma(h, w, e, ftz)                      // fma.rn e + h·e/3
	if ptx.Setp(ptx.LT, x, f32.ZeroBits, ftz) { // setp.lt x < 0
		r = ptx.Neg(r, ftz) // neg.f32, selp
	}
	d := add(x, x, ftz)              // add.f32 x + x
	if ptx.Setp(ptx.EQ, d, x, ftz) { // setp.eq: ±0, ±Inf
		r = d ^ f32.ExpMask // xor.b32 0x7f800000, selp: ±Inf for ±0, ±0 for ±Inf
	}
	return r
}

// Cbrtf returns the cube root of x as CUDA's cbrtf computes it under fl.
//
// Special cases are:
//
//	Cbrtf(±0) = ±0
//	Cbrtf(±Inf) = ±Inf
//	Cbrtf(NaN) = NaN (canonical 0x7fffffff)
//	Cbrtf(x) = ±0 for subnormal x with -ftz=true
//
// Accuracy: bit-exact with the H100's cbrtf (sm_90, CUDA 13.0) under each of
// the six captured flag sets. Documented (CUDA C++ Programming Guide 13.0,
// Mathematical Functions, Table 17): "maximum ulp error 1 (full range)".
//
// Flags: -ftz=true (and -use_fast_math, which has no library swap for
// cbrtf): the .ftz forms, lg2.approx.ftz.f32 included, so subnormal
// arguments read as ±0. -fmad=false: mul.rn/add.rn in place of mul/add,
// with the same results (no multiply feeds an add). -prec-div and
// -prec-sqrt do not change it.
func (fl Flags) Cbrtf(x float32) float32 {
	if z, ok := cbrtfFast(toBits(x)); ok { // hypfast.go
		return fromBits(z)
	}
	return fromBits(cbrtfSeq(toBits(x), fl.FTZ))
}

// Cbrtf returns cbrtf(x) under nvcc's default flags (Flags{}.Cbrtf).
func Cbrtf(x float32) float32 { return Flags{}.Cbrtf(x) }

// Rcbrtf returns 1/∛x as CUDA's rcbrtf computes it under fl.
//
// Special cases are:
//
//	Rcbrtf(±0) = ±Inf
//	Rcbrtf(±Inf) = ±0
//	Rcbrtf(NaN) = NaN (canonical 0x7fffffff)
//	Rcbrtf(x) = ±Inf for subnormal x with -ftz=true
//
// Accuracy: bit-exact with the H100's rcbrtf (sm_90, CUDA 13.0) under each
// of the six captured flag sets. Documented (CUDA C++ Programming Guide
// 13.0, Mathematical Functions, Table 17): "maximum ulp error 1 (full
// range)".
//
// Flags: -ftz=true (and -use_fast_math, which has no library swap for
// rcbrtf): the .ftz forms, lg2.approx.ftz.f32 included, so subnormal
// arguments read as ±0. -fmad=false: mul.rn/add.rn in place of mul/add,
// with the same results. -prec-div and -prec-sqrt do not change it.
func (fl Flags) Rcbrtf(x float32) float32 {
	if z, ok := rcbrtfFast(toBits(x)); ok { // hypfast.go
		return fromBits(z)
	}
	return fromBits(rcbrtfSeq(toBits(x), fl.FTZ))
}

// Rcbrtf returns rcbrtf(x) under nvcc's default flags (Flags{}.Rcbrtf).
func Rcbrtf(x float32) float32 { return Flags{}.Rcbrtf(x) }
