package fp

import "github.com/cudafp/cudafp/ptx"

// The kernels below are the PTX of kernels cyl_bessel_i0f_ and
// cyl_bessel_i1f_ in ../shared/reference/ptx/default.ptx (CUDA 13.0.88
// libdevice, sm_90), one Go statement per PTX instruction; with ftz every
// float instruction takes its .ftz form (ftz.ptx; rcp.approx and
// rsqrt.approx are .ftz in every build). -fmad=false spells their mul.f32
// and add.f32 as mul.rn and add.rn (fmad0.ptx): no multiply feeds an add,
// so the results are the same. -prec-div and -prec-sqrt leave the PTX as
// it is.
//
// Algorithm (libdevice): for |x| below a threshold (9 for I0, 0x1.02b852p+3
// ≈ 8.085 for I1), NaN and ±Inf included, a polynomial in s = x²: I0 =
// P(s) with P(0) = 1, I1 = x·s·Q(s) + x/2. From the threshold on,
// I_n(|x|) = q(1/|x|)·rsqrt(|x|)·e^|x| with q a degree-5 polynomial in
// rcp.approx(|x|); e^|x| is formed as (e + 1)² = e·(e + 2) + 1 from e =
// expm1f(|x|/2), the inlined expm1f_ sequence (sinh.go's expm1fSeq), so
// that the product overflows only where I_n does: the result is t·e·(e + 2)
// + t with t = q·rsqrt(|x|). I1 copies the sign of x onto it.

// Constants of cyl_bessel_i0f_ and cyl_bessel_i1f_ (PTX immediates).
const (
	i0Big uint32 = 0x41100000 // 9: the large-argument threshold of I0
	i1Big uint32 = 0x41015c29 // 0x1.02b852p+03 ≈ 8.085: that of I1
)

// i0Small and i1Small are the small-argument polynomials in x² (Horner
// order: p = c0·s + c1, then p = p·s + c).
var (
	i0Small = [...]uint32{
		0x20372901, // 0x1.6e5202p-63
		0x2385ab76, // 0x1.0b56ecp-56
		0x28408812, // 0x1.811024p-47
		0x2c244edb, // 0x1.489db6p-39
		0x30020914, // 0x1.041228p-31
		0x33918d5a, // 0x1.231ab4p-24
		0x36e3919c, // 0x1.c72338p-18
		0x39e38df6, // 0x1.c71becp-12
		0x3c800002, // 0x1.000004p-06
		0x3e800000, // 0.25
		0x3f800000, // 1
	}
	i1Small = [...]uint32{
		0x224d7bdd, // 0x1.9af7bap-59
		0x25c54ac1, // 0x1.8a9582p-52
		0x2a370c80, // 0x1.6e19p-43
		0x2e11c2c5, // 0x1.23858ap-35
		0x31c296ae, // 0x1.852d5cp-28
		0x3535fffe, // 0x1.6bfffcp-21
		0x38638f95, // 0x1.c71f2ap-15
		0x3b2aaa97, // 0x1.55552ep-09
		0x3d800001, // 0x1.000002p-04
	}
	i0Large = [...]uint32{
		0x3eb28ba6, // 0x1.65174cp-02
		0xbbb2cb0d, // -0x1.65961ap-08
		0x3d089707, // 0x1.112e0ep-05
		0x3ce477e2, // 0x1.c8efc4p-06
		0x3d4c4525, // 0x1.988a4ap-05
		0x3ecc4229, // 0x1.988452p-02
	}
	i1Large = [...]uint32{
		0xbf00bcd4, // -0x1.0179a8p-01
		0x3ce93d2e, // 0x1.d27a5cp-06
		0xbd47a025, // -0x1.8f404ap-05
		0xbd3e1ea9, // -0x1.7c3d52p-05
		0xbe19334b, // -0x1.326696p-03
		0x3ecc422b, // 0x1.988456p-02
	}
)

// besselILarge is the large-argument branch shared by both kernels: a =
// |x|, c the polynomial in rcp.approx.ftz(a).
func besselILarge(a uint32, c []uint32, ftz bool) uint32 {
	r := ptx.RcpApprox(a, true) // rcp.approx.ftz.f32 1/|x|
	q := horner(c, r, ftz)      // fma.rn chain
	s := ptx.RsqrtApprox(a, true)
	t := mul(q, s, ftz)                // mul.f32 q·rsqrt(|x|)
	h := mul(a, halfBits, ftz)         // mul.f32 |x|·0.5
	e := expm1fInline(h, ftz)          // the inlined expm1f_ sequence
	u := mul(t, e, ftz)                // mul.rn.f32 t·e
	v := add(e, two, ftz)              // add.rn.f32 e + 2
	return add(mul(u, v, ftz), t, ftz) // mul.rn.f32 u·v, add.rn.f32 + t
}

// expm1fInline is expm1f_'s sequence as libdevice inlines it, with
// expm1f's host fast path in front (the same bits: hyp_test.go).
func expm1fInline(x uint32, ftz bool) uint32 {
	if z, ok := expm1fFast(x); ok {
		return z
	}
	return expm1fSeq(x, ftz)
}

// cylBesselI0f is kernel cyl_bessel_i0f_.
func cylBesselI0f(x uint32, ftz bool) uint32 {
	a := ptx.Abs(x, ftz) // abs.f32
	// setp.ge |x| ≥ 9, setp.lt |x| < Inf, and.pred (false for NaN)
	if ptx.Setp(ptx.GE, a, i0Big, ftz) && ptx.Setp(ptx.LT, a, infBits, ftz) {
		return besselILarge(a, i0Large[:], ftz)
	}
	s := mul(a, a, ftz) // mul.f32 |x|²
	return horner(i0Small[:], s, ftz)
}

// cylBesselI1f is kernel cyl_bessel_i1f_.
func cylBesselI1f(x uint32, ftz bool) uint32 {
	a := ptx.Abs(x, ftz) // abs.f32
	if ptx.Setp(ptx.GE, a, i1Big, ftz) && ptx.Setp(ptx.LT, a, infBits, ftz) {
		return ptx.Copysign(besselILarge(a, i1Large[:], ftz), x) // copysign.f32 (sign of x)
	}
	s := mul(x, x, ftz)             // mul.f32 x²
	p := horner(i1Small[:], s, ftz) // fma.rn chain
	p = mul(s, p, ftz)              // mul.f32 s·p
	h := mul(x, halfBits, ftz)      // mul.f32 x·0.5
	return fma(x, p, h, ftz)        // fma.rn x·p + x/2
}

// CylBesselI0f returns the modified Bessel function of the first kind of
// order 0, I0(x), as CUDA's cyl_bessel_i0f computes it under fl.
//
// Special cases are:
//
//	CylBesselI0f(±0) = 1
//	CylBesselI0f(x) = 1 for subnormal x
//	CylBesselI0f(±Inf) = +Inf
//	CylBesselI0f(NaN) = NaN (canonical 0x7fffffff)
//	CylBesselI0f(x) = +Inf for |x| ≥ 0x1.6f9a64p+06 (≈ 91.9)
//
// Accuracy: bit-exact with the H100's cyl_bessel_i0f (sm_90, CUDA 13.0)
// under each of the six captured flag sets. Documented (CUDA C++
// Programming Guide 13.0, Mathematical Functions, Table 17): "maximum ulp
// error 6 (full range)".
//
// Flags: -ftz=true (and -use_fast_math, which has no library swap for it):
// the .ftz forms of every float instruction, ex2.approx included.
// -fmad=false: mul.rn/add.rn in place of mul/add, with the same results (no
// multiply feeds an add). -prec-div and -prec-sqrt do not change it.
func (fl Flags) CylBesselI0f(x float32) float32 { return fromBits(cylBesselI0f(toBits(x), fl.FTZ)) }

// CylBesselI0f returns cyl_bessel_i0f(x) under nvcc's default flags
// (Flags{}.CylBesselI0f).
func CylBesselI0f(x float32) float32 { return fromBits(cylBesselI0f(toBits(x), false)) }

// CylBesselI1f returns the modified Bessel function of the first kind of
// order 1, I1(x), as CUDA's cyl_bessel_i1f computes it under fl.
//
// Special cases are:
//
//	CylBesselI1f(±0) = ±0
//	CylBesselI1f(x) = x/2 rounded for subnormal x (±0 for ±0x1p-149); ±0 with -ftz=true
//	CylBesselI1f(±Inf) = ±Inf
//	CylBesselI1f(NaN) = NaN (canonical 0x7fffffff)
//	CylBesselI1f(x) = ±Inf for |x| ≥ 0x1.6fa004p+06 (≈ 91.9)
//
// Accuracy: bit-exact with the H100's cyl_bessel_i1f (sm_90, CUDA 13.0)
// under each of the six captured flag sets. Documented (CUDA C++
// Programming Guide 13.0, Mathematical Functions, Table 17): "maximum ulp
// error 6 (full range)".
//
// Flags: -ftz=true (and -use_fast_math, which has no library swap for it):
// the .ftz forms of every float instruction, so a subnormal x gives ±0.
// -fmad=false: mul.rn/add.rn in place of mul/add, with the same results (no
// multiply feeds an add). -prec-div and -prec-sqrt do not change it.
func (fl Flags) CylBesselI1f(x float32) float32 { return fromBits(cylBesselI1f(toBits(x), fl.FTZ)) }

// CylBesselI1f returns cyl_bessel_i1f(x) under nvcc's default flags
// (Flags{}.CylBesselI1f).
func CylBesselI1f(x float32) float32 { return fromBits(cylBesselI1f(toBits(x), false)) }
