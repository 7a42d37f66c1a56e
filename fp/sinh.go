package fp

import (
	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/ptx"
	"github.com/cudafp/cudafp/rounding"
)

// The kernels below are the PTX of kernels sinhf_, coshf_ and expm1f_ in
// ../shared/reference/ptx/default.ptx (CUDA 13.0.88 libdevice, sm_90), one
// Go statement per PTX instruction; with ftz every float instruction but
// the cvt.rzi/cvt.rni roundings (which stay without .ftz) takes its .ftz
// form (ftz.ptx). -fmad=false spells their mul.f32 and add.f32 as mul.rn and
// add.rn: no multiply feeds an add (the SASS of the default and fast builds
// has exactly the PTX's fmas), so the results are the same.
//
// sinhf and coshf (libdevice): e = e^|x|/4 as ex2.approx.ftz(r)·2^(k−2),
// with k = trunc(|x|·log2 e) clamped to 126 and r = (|x| − k·ln 2)·log2 e
// (ln 2 split hi + lo); coshf is 2e + 0.125/e, sinhf for |x| ≥ 1 is
// 2e − 0.125/e with the sign of x copied on (div.approx.ftz: MUFU.RCP, then
// FMUL.FTZ), and for |x| < 1 the odd polynomial x + x³·p(x²).
//
// expm1f: n = rni(x·log2 e) (0 for |x| < 0.41), r = x − n·ln 2 (two fmas),
// q = r + r²·p(r); the result is q·2^n + (2^n − 1) with 2^n = ex2.approx(n)
// (n = 128 computed as 2·(q·2^127 + 2^127 − 1)), +Inf above n = 128, −1
// below n = −25, and x + x for x = ±0.

// Constants of sinhf_, coshf_ and expm1f_ (PTX immediates).
const (
	hypLn2Hi   uint32 = 0xbf317218 // -0x1.62e43p-01: −ln 2 rounded to float
	hypLn2Lo   uint32 = 0x3102e308 // 0x1.05c61p-29: ln 2 − 0x1.62e43p-01, rounded
	hypKMax    uint32 = 0x42fc0000 // 126: the clamp of k
	hypShift   uint32 = 0x4b40007d // 0x1.8000fap+23: adds k + 125 to the encoding's low bits
	hypQuarter uint32 = 0x3e000000 // 0.125
	hypNegQ    uint32 = 0xbe000000 // -0.125
	two        uint32 = 0x40000000 // 2
	sinhP0     uint32 = 0x363d0ada // 0x1.7a15b4p-19
	sinhP1     uint32 = 0x394fff49 // 0x1.9ffe92p-13
	sinhP2     uint32 = 0x3c08889a // 0x1.111134p-07
	sinhP3     uint32 = 0x3e2aaaab // 0x1.555556p-03

	em1Small uint32 = 0x3ed1eb85 // 0x1.a3d70ap-02 ≈ 0.41: n = 0 below
	em1Ln2Hi uint32 = 0x3f317200 // 0x1.62e4p-01: ln 2's 16 leading bits
	em1Ln2Lo uint32 = 0x35bfbe8e // 0x1.7f7d1cp-20: ln 2 − 0x1.62e4p-01, rounded
	em1N128  uint32 = 0x43000000 // 128
	em1NMin  uint32 = 0xc1c80000 // -25
	em1P0    uint32 = 0x3ab5ebe6 // 0x1.6bd7ccp-10
	em1P1    uint32 = 0x3c095663 // 0x1.12acc6p-07
	em1P2    uint32 = 0x3d2aabe3 // 0x1.5557c6p-05
	em1P3    uint32 = 0x3e2aa9f6 // 0x1.5553ecp-03
	em1P4    uint32 = 0x3efffffe // 0x1.fffffcp-02
)

// hypExp is the part sinhf_ and coshf_ share: e^|x|/4 as
// ex2.approx.ftz(r)·2^(k−2), and |x|.
func hypExp(x uint32, ftz bool) (e, a uint32) {
	a = ptx.Abs(x, ftz)                                  // abs.f32
	t := mul(a, log2e, ftz)                              // mul.rn.f32 |x|·log2(e)
	k := ptx.CvtRoundF32(t, rounding.RZ, false)          // cvt.rzi.f32.f32 (no .ftz in any build)
	if ptx.Setp(ptx.GT, ptx.Abs(k, ftz), hypKMax, ftz) { // abs, setp.gt |k| > 126
		k = ptx.Copysign(hypKMax, k) // copysign.f32, selp: ±126
	}
	r := fma(k, hypLn2Hi, a, ftz)           // fma.rn k·(−ln2 hi) + |x|
	r = fma(k, hypLn2Lo, r, ftz)            // fma.rn k·ln2 lo + r
	r = mul(r, log2e, ftz)                  // mul.f32 r·log2(e)
	j := add(k, hypShift, ftz)              // add.f32 k + 0x1.8000fap+23
	s := j << 23                            // shl.b32: 2^(k−2)
	e = mul(ptx.Ex2Approx(r, true), s, ftz) // ex2.approx.ftz.f32, mul.f32
	return e, a
}

// sinhfSeq is kernel sinhf_, instruction by instruction. The PTX computes
// both branches and selects one; computing the selected one alone gives the
// same result.
func sinhfSeq(x uint32, ftz bool) uint32 {
	e, a := hypExp(x, ftz)
	if ptx.Setp(ptx.GE, a, oneBits, ftz) { // setp.ge |x| ≥ 1 (false for NaN)
		d := ptx.DivApprox(hypNegQ, e, true) // div.approx.ftz.f32 −0.125/e
		big := fma(two, e, d, ftz)           // fma.rn 2·e + d
		return ptx.Copysign(big, x)          // copysign.f32 (sign of x onto big)
	}
	s := mul(x, x, ftz)              // mul.f32 x²
	p := fma(sinhP0, s, sinhP1, ftz) // fma.rn
	p = fma(p, s, sinhP2, ftz)
	p = fma(p, s, sinhP3, ftz)
	p = mul(s, p, ftz)       // mul.f32
	return fma(p, x, x, ftz) // fma.rn p·x + x
}

// coshfSeq is kernel coshf_, instruction by instruction.
func coshfSeq(x uint32, ftz bool) uint32 {
	e, _ := hypExp(x, ftz)
	d := ptx.DivApprox(hypQuarter, e, true) // div.approx.ftz.f32 0.125/e
	return fma(two, e, d, ftz)              // fma.rn 2·e + d
}

// expm1fSeq is kernel expm1f_, instruction by instruction (the PTX's selps
// as branches on the same predicates).
func expm1fSeq(x uint32, ftz bool) uint32 {
	t := mul(x, log2e, ftz)                     // mul.f32 x·log2(e)
	n := ptx.CvtRoundF32(t, rounding.RN, false) // cvt.rni.f32.f32 (no .ftz in any build)
	if ptx.Setp(ptx.LT, ptx.Abs(x, ftz), em1Small, ftz) {
		n = f32.ZeroBits // abs, setp.lt |x| < 0.41, selp
	}
	nn := ptx.Neg(n, ftz)                    // neg.f32
	r := fma(nn, em1Ln2Hi, x, ftz)           // fma.rn −n·ln2 hi + x
	r = fma(nn, em1Ln2Lo, r, ftz)            // fma.rn −n·ln2 lo + r
	top := ptx.Setp(ptx.EQ, n, em1N128, ftz) // setp.eq n = 128
	m := n
	if top {
		m = add(n, f32.NegOneBits, ftz) // add.f32 n − 1, selp
	}
	p := fma(em1P0, r, em1P1, ftz) // fma.rn
	p = fma(p, r, em1P2, ftz)
	p = fma(p, r, em1P3, ftz)
	p = fma(p, r, em1P4, ftz)
	p = mul(r, p, ftz)                 // mul.f32
	q := fma(p, r, r, ftz)             // fma.rn p·r + r
	e := ptx.Ex2Approx(m, ftz)         // ex2.approx{.ftz}.f32 2^m
	em1 := add(e, f32.NegOneBits, ftz) // add.f32 2^m − 1
	z := fma(q, e, em1, ftz)           // fma.rn q·2^m + (2^m − 1)
	if top {
		z = add(z, z, ftz) // add.f32 z + z, selp
	}
	if ptx.Setp(ptx.GT, m, em1N128, ftz) {
		z = f32.InfBits // setp.gt m > 128, selp +Inf
	}
	if ptx.Setp(ptx.LT, m, em1NMin, ftz) {
		z = f32.NegOneBits // setp.lt m < −25, selp −1
	}
	if ptx.Setp(ptx.EQ, x, f32.ZeroBits, ftz) {
		z = add(x, x, ftz) // setp.eq x = 0, add.f32 x + x, selp
	}
	return z
}

// Sinhf returns the hyperbolic sine of x as CUDA's sinhf computes it under fl.
//
// Special cases are:
//
//	Sinhf(±Inf) = ±Inf
//	Sinhf(NaN) = NaN (canonical 0x7fffffff)
//	Sinhf(±0) = ±0
//	Sinhf(x) = x for subnormal x; ±0 with -ftz=true
//	Sinhf(x) = ±Inf for |x| ≥ 0x1.65a9fap+06 (≈ 89.41599)
//
// Accuracy: bit-exact with the H100's sinhf (sm_90, CUDA 13.0) under each of
// the six captured flag sets. Documented (CUDA C++ Programming Guide 13.0,
// Mathematical Functions, Table 17): "maximum ulp error 3 (full range)".
//
// Flags: -ftz=true (and -use_fast_math, which has no library swap for
// sinhf): the .ftz forms of abs, mul, fma, add and setp, so subnormal
// arguments read as ±0 and subnormal intermediate results flush (ex2 and the
// division are .ftz in every build). -fmad=false: mul.rn/add.rn in place of
// mul/add, with the same results (no multiply feeds an add). -prec-div and
// -prec-sqrt do not change it.
func (fl Flags) Sinhf(x float32) float32 {
	if z, ok := sinhfFast(toBits(x)); ok { // hypfast.go
		return fromBits(z)
	}
	return fromBits(sinhfSeq(toBits(x), fl.FTZ))
}

// Sinhf returns sinhf(x) under nvcc's default flags (Flags{}.Sinhf).
func Sinhf(x float32) float32 { return Flags{}.Sinhf(x) }

// Coshf returns the hyperbolic cosine of x as CUDA's coshf computes it under fl.
//
// Special cases are:
//
//	Coshf(±Inf) = +Inf
//	Coshf(NaN) = NaN (canonical 0x7fffffff)
//	Coshf(±0) = 1
//	Coshf(x) = 1 for subnormal x
//	Coshf(x) = +Inf for |x| ≥ 0x1.65a9fap+06 (≈ 89.41599)
//
// Accuracy: bit-exact with the H100's coshf (sm_90, CUDA 13.0) under each of
// the six captured flag sets. Documented (CUDA C++ Programming Guide 13.0,
// Mathematical Functions, Table 17): "maximum ulp error 2 (full range)".
//
// Flags: -ftz=true (and -use_fast_math, which has no library swap for
// coshf): the .ftz forms of abs, mul, fma, add and setp, so subnormal
// arguments read as ±0. -fmad=false: mul.rn/add.rn in place of mul/add, with the same results.
// -prec-div and -prec-sqrt do not change it.
func (fl Flags) Coshf(x float32) float32 {
	if z, ok := coshfFast(toBits(x)); ok { // hypfast.go
		return fromBits(z)
	}
	return fromBits(coshfSeq(toBits(x), fl.FTZ))
}

// Coshf returns coshf(x) under nvcc's default flags (Flags{}.Coshf).
func Coshf(x float32) float32 { return Flags{}.Coshf(x) }

// Expm1f returns e^x − 1 as CUDA's expm1f computes it under fl.
//
// Special cases are:
//
//	Expm1f(+Inf) = +Inf
//	Expm1f(-Inf) = -1
//	Expm1f(NaN) = NaN (canonical 0x7fffffff)
//	Expm1f(±0) = ±0
//	Expm1f(x) = x for subnormal x; ±0 with -ftz=true
//	Expm1f(x) = +Inf for x ≥ 0x1.62e43p+06 (≈ 88.72284)
//	Expm1f(x) = -1 for x ≤ -0x1.0fb6b6p+04 (≈ -16.982107)
//
// Accuracy: bit-exact with the H100's expm1f (sm_90, CUDA 13.0) under each
// of the six captured flag sets. Documented (CUDA C++ Programming Guide
// 13.0, Mathematical Functions, Table 17): "maximum ulp error 1 (full
// range)".
//
// Flags: -ftz=true (and -use_fast_math, which has no library swap for
// expm1f): the .ftz forms, ex2.approx.ftz.f32 included, so subnormal
// arguments read as ±0 and subnormal results flush. -fmad=false:
// mul.rn/add.rn in place of mul/add, with the same results. -prec-div and
// -prec-sqrt do not change it.
func (fl Flags) Expm1f(x float32) float32 {
	if z, ok := expm1fFast(toBits(x)); ok { // hypfast.go
		return fromBits(z)
	}
	return fromBits(expm1fSeq(toBits(x), fl.FTZ))
}

// Expm1f returns expm1f(x) under nvcc's default flags (Flags{}.Expm1f).
func Expm1f(x float32) float32 { return Flags{}.Expm1f(x) }
