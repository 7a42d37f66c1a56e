package fp

import (
	"math"

	"github.com/cudafp/cudafp/ptx"
)

// CUDA's double hyperbolic functions (issue 18): sinh, cosh and tanh follow
// kernels sinh_, cosh_ and tanh_ of gpu/ref/funcs64/*.ptx.xz (CUDA 13.0.88,
// sm_90) with the host's float64 arithmetic for their binary64 operations,
// as in lib64_exp.go. The SASS contracts none of their mul/add. tanh's few
// float32 instructions (cvt.rn.f32.f64, mul.f32, cvt.rni.f32.f32 and
// ex2.approx.ftz.f32 of an integer) take their .ftz forms under -ftz=true
// and mul.rn under -fmad=false, but on the path that uses them their
// operands are at least 1.3 and the ex2 operand an integer in [2, 56], so
// no flag changes a result of the three.

// quiet64 returns the NaN x quieted, sign and payload kept.
func quiet64(x float64) float64 { return math.Float64frombits(math.Float64bits(x) | 1<<51) }

// Sinh returns the hyperbolic sine of x as CUDA's sinh computes it under fl.
//
// Special cases are:
//
//	Sinh(±Inf) = ±Inf
//	Sinh(NaN) = NaN: x quieted, sign and payload kept
//	Sinh(±0) = ±0
//	Sinh(x) = ±Inf for |x| ≥ 0x1.633ce8fb9f87ep+09 (≈ 710.475860073944)
//
// Accuracy: bit-exact with the H100's sinh (sm_90, CUDA 13.0) under each of
// the six captured flag sets. Documented (CUDA C++ Programming Guide 13.0,
// Mathematical Functions, Table 18): "2 (full range)".
//
// Flags: none changes the result.
func (fl Flags) Sinh(x float64) float64 { return Sinh(x) }

// Sinh returns sinh(x) under nvcc's default flags (Flags{}.Sinh).
func Sinh(x float64) float64 {
	b := math.Float64bits(x)
	a := math.Float64frombits(b &^ (1 << 63))
	h := uint32(b>>32) &^ (1 << 31)
	var y float64
	switch {
	case h < 0x3ff00000: // |x| < 1: an odd polynomial
		s := float64(a * a)
		p := math.FMA(0x1.b4c75ab274c53p-41, s, 0x1.611a561d87defp-33)
		p = math.FMA(p, s, 0x1.ae64671b18f5cp-26)
		p = math.FMA(p, s, 0x1.71de3a465b1e4p-19)
		p = math.FMA(p, s, 0x1.a01a01a02899dp-13)
		p = math.FMA(p, s, 0x1.11111111110a6p-07)
		p = math.FMA(p, s, 0x1.5555555555556p-03)
		y = math.FMA(float64(s*p), a, a)
	case a != a:
		return quiet64(x)
	case a >= 0x1.633ce8fb9f87ep+09:
		y = math.Inf(1)
	default:
		// E = (e^a − 1)/2; sinh(a) = E + E/(2E+1), with a correctly
		// rounded division (div.rn.f64: the host's is the same).
		e := expm1Kernel(a, h, true)
		y = e + e/math.FMA(2, e, 1)
	}
	return math.Float64frombits(math.Float64bits(y) | b&(1<<63))
}

// Cosh returns the hyperbolic cosine of x as CUDA's cosh computes it under
// fl.
//
// Special cases are:
//
//	Cosh(±Inf) = +Inf
//	Cosh(NaN) = NaN: x quieted, sign and payload kept
//	Cosh(±0) = 1
//	Cosh(x) = +Inf for |x| ≥ 0x1.633ce8fb9f87ep+09 (≈ 710.475860073944)
//
// Accuracy: bit-exact with the H100's cosh (sm_90, CUDA 13.0) under each of
// the six captured flag sets. Documented (CUDA C++ Programming Guide 13.0,
// Mathematical Functions, Table 18): "1 (full range)".
//
// Flags: none changes the result.
func (fl Flags) Cosh(x float64) float64 { return Cosh(x) }

// Cosh returns cosh(x) under nvcc's default flags (Flags{}.Cosh).
func Cosh(x float64) float64 {
	b := math.Float64bits(x)
	a := math.Float64frombits(b &^ (1 << 63))
	if uint32(b>>32)&^(1<<31) >= 0x408633cf {
		if a != a {
			return quiet64(x)
		}
		return math.Inf(1)
	}
	// y = e^a/4 (exp's reduction and polynomial, scaled by 2^(k-2) on the
	// high word); cosh(a) = 2·(y + 1/(16y)) with a refined
	// rcp.approx.ftz.f64 of y.
	t := math.FMA(a, exp64Log2e, exp64Shifter)
	k := uint32(math.Float64bits(t))
	kf := t - exp64Shifter
	r := math.FMA(kf, -exp64Ln2Hi, a)
	r = math.FMA(kf, -exp64Ln2Lo, r)
	y := math.Float64frombits(math.Float64bits(exp64Poly(r)) + uint64(k<<20-0x200000)<<32)
	rc := math.Float64frombits(ptx.RcpApproxFTZF64(math.Float64bits(y)))
	d := math.FMA(-y, rc, 1)
	d = math.FMA(d, d, d)
	rc = math.FMA(d, rc, rc)
	y = math.FMA(rc, 0x1p-4, y)
	return y + y
}

// Tanh returns the hyperbolic tangent of x as CUDA's tanh computes it under
// fl.
//
// Special cases are:
//
//	Tanh(±Inf) = ±1
//	Tanh(NaN) = NaN: x quieted, sign and payload kept
//	Tanh(±0) = ±0
//	Tanh(x) = ±1 for |x| ≥ 0x1.30fc1931f09cap+04 (≈ 19.061547465398498)
//
// Accuracy: bit-exact with the H100's tanh (sm_90, CUDA 13.0) under each of
// the six captured flag sets. Documented (CUDA C++ Programming Guide 13.0,
// Mathematical Functions, Table 18): "1 (full range)".
//
// Flags: none changes the result (see lib64_hyp.go).
func (fl Flags) Tanh(x float64) float64 { return Tanh(x) }

// Tanh returns tanh(x) under nvcc's default flags (Flags{}.Tanh).
func Tanh(x float64) float64 {
	b := math.Float64bits(x)
	a := math.Float64frombits(b &^ (1 << 63))
	h := uint32(b>>32) &^ (1 << 31)
	if !(a >= 0x1.4f92224dd2f1ap-01) { // |x| < 0.655 or NaN: an odd polynomial
		if a != a {
			return quiet64(x)
		}
		s := float64(x * x)
		p := math.FMA(-0x1.0bc46e2f5e964p-16, s, 0x1.4359f420afc3dp-14)
		p = math.FMA(p, s, -0x1.df9f0728c5d84p-13)
		p = math.FMA(p, s, 0x1.337d1cec4f033p-11)
		p = math.FMA(p, s, -0x1.7d6e9674335b3p-10)
		p = math.FMA(p, s, 0x1.d6d000d7aad3dp-09)
		p = math.FMA(p, s, -0x1.226e1f3cf1ef5p-07)
		p = math.FMA(p, s, 0x1.664f47ec0c8cfp-06)
		p = math.FMA(p, s, -0x1.ba1ba1b80ab40p-05)
		p = math.FMA(p, s, 0x1.111111110fa4ap-03)
		p = math.FMA(p, s, -0x1.5555555555550p-02)
		p = math.FMA(p, s, 0)
		return math.FMA(p, x, x)
	}
	y := 1.0
	if h <= 0x40330fc1 {
		// 1 − 2/(e^(2a) + 1), e^(2a) = 2^n·e^r with n = rint(float32(2a)·log2(e))
		// in float32. 2a in [1.3, 38.2]: cvt.rn.f32.f64 and mul.f32 are the
		// host's float32 conversion and product (RN, normal results) and
		// n in [2, 56] an integer, so ex2.approx.ftz.f32(n) = 2^n exactly
		// (ex2.approx is exact on integers: Exp2f).
		d := a + a
		n := math.RoundToEven(float64(float32(float32(d) * 0x1.715476p+00)))
		r := math.FMA(-n, exp64Ln2Hi, d)
		q := expm1Poly64(r)
		e := math.FMA(float64(r*q), r, r) // e^r − 1
		s := math.Float64frombits(uint64(1023+int64(n)) << 52)
		v := 2 - math.FMA(-e, s, 1-s) // e^(2a) + 1
		rc := math.Float64frombits(ptx.RcpApproxFTZF64(math.Float64bits(v)))
		dd := math.FMA(-v, rc, 1)
		dd = math.FMA(dd, dd, dd)
		rc = math.FMA(dd, rc, rc)
		y = math.FMA(2, -rc, 1)
	}
	return math.Float64frombits(math.Float64bits(y) | b&(1<<63))
}

// expm1Poly64 is q(r) of the double kernels' e^r − 1 = r + r²·q(r) (tanh_
// and the erf family): the degree-8 polynomial of their PTX, in fma.rn, Horner's
// order.
func expm1Poly64(r float64) float64 {
	q := math.FMA(0x1.ae904a4741b81p-26, r, 0x1.28a27f89b6999p-22)
	q = math.FMA(q, r, 0x1.71de715ff7e07p-19)
	q = math.FMA(q, r, 0x1.a019a6b0ac45ap-16)
	q = math.FMA(q, r, 0x1.a01a017eed94fp-13)
	q = math.FMA(q, r, 0x1.6c16c17f2a71bp-10)
	q = math.FMA(q, r, 0x1.11111111173c4p-07)
	q = math.FMA(q, r, 0x1.555555555211ap-05)
	q = math.FMA(q, r, 0x1.5555555555540p-03)
	return math.FMA(q, r, 0x1.0000000000005p-01)
}
