package fp

import (
	"math"

	"github.com/cudafp/cudafp/ptx"
)

// CUDA's double error functions (issue 18): erf, erfc, erfcx, normcdf,
// erfinv, erfcinv and normcdfinv follow kernels erf_, erfc_, erfcx_,
// normcdf_, erfinv_, erfcinv_ and normcdfinv_ of gpu/ref/funcs64/*.ptx.xz
// (CUDA 13.0.88, sm_90), with the host's float64 arithmetic for their
// binary64 fma.rn, add, mul and div.rn as in lib64_exp.go, and
// rcp.approx.ftz.f64 from package ptx. ptxas contracts none of their
// mul/add: each kernel's SASS has as many DFMA beyond the PTX's fma.rn as
// the inlined divisions and logarithms account for, under -fmad=true and
// -fmad=false alike. Where -fmad=false changes the PTX (nvcc's own
// contraction of a product into an fma.rn), the emulation takes the
// -fmad=false form under Flags.NoFMAD. The float32 instructions inside
// (erf's exponential, the range tests of erfcx, erfinv, erfcinv and
// normcdfinv on a high word read as a float32) take their .ftz forms under
// -ftz=true and -use_fast_math; each function's doc comment says whether
// that changes a result.

// cvtF32F64 is cvt.rn{.ftz}.f32.f64: the host's float32 conversion (RN), the
// result flushed to a signed zero under ftz where it is subnormal.
func cvtF32F64(x float64, ftz bool) uint32 {
	u := math.Float32bits(float32(x))
	if ftz && u&0x7f800000 == 0 {
		u &= signBit
	}
	return u
}

// cvtF64F32 is cvt{.ftz}.f64.f32: exact, a subnormal operand flushed to a
// signed zero under ftz.
func cvtF64F32(u uint32, ftz bool) float64 {
	if ftz && u&0x7f800000 == 0 {
		u &= signBit
	}
	return float64(math.Float32frombits(u))
}

// cvtRniF32 is cvt.rni.f32.f32: round to the nearest integer, ties to even
// (the float64 rounding of a float32 value is exact and gives the same
// integer; NaN and ±Inf pass through, NaN quieted).
func cvtRniF32(u uint32) uint32 {
	return math.Float32bits(float32(math.RoundToEven(float64(math.Float32frombits(u)))))
}

// hiWordF32 is the high word of x as the float32 that the kernels' range
// tests read.
func hiWordF32(x float64) float32 { return math.Float32frombits(uint32(math.Float64bits(x) >> 32)) }

// Erf returns the error function of x as CUDA's erf computes it under fl.
//
// Special cases are:
//
//	Erf(±Inf) = ±1
//	Erf(NaN) = NaN 0x7fffffffe0000000 with x's sign
//	Erf(±0) = ±0
//	Erf(x) = ±1 for |x| ≥ 0x1.7afb48dc96626p+02 (≈ 5.9215871957945065)
//
// Accuracy: bit-exact with the H100's erf (sm_90, CUDA 13.0) under each of
// the six captured flag sets. Documented (CUDA C++ Programming Guide 13.0,
// Mathematical Functions, Table 18): "2 (full range)".
//
// Flags: none changes the result. -ftz=true and -use_fast_math give its
// float32 instructions (e^-t as 2^n·e^r with n = rint(float32(t)·-log2(e))
// and ex2.approx.ftz.f32(n)) their .ftz forms and -fmad=false its mul and
// add their .rn forms, which ptxas does not contract anyway: a float32(t)
// flushed to zero gives n = -0 as the unflushed one does.
func (fl Flags) Erf(x float64) float64 { return erf64(x, fl.FTZ) }

// Erf returns erf(x) under nvcc's default flags (Flags{}.Erf).
func Erf(x float64) float64 { return erf64(x, false) }

func erf64(x float64, ftz bool) float64 {
	if x != x {
		// The last fma's NaN is 2^n's: float32's canonical NaN, widened.
		return math.Copysign(math.Float64frombits(0x7fffffffe0000000), x)
	}
	a := math.Abs(x)
	// erf(a) = 1 − e^−t with t = a + a·p(a) = th + tl.
	p := math.FMA(-0x1.0679afba6f279p-48, a, 0x1.7088fdb46fa5fp-43)
	p = math.FMA(p, a, -0x1.df9f9b976a9b2p-39)
	p = math.FMA(p, a, 0x1.7f1f5590cc332p-35)
	p = math.FMA(p, a, -0x1.a28a3cd2d56c4p-32)
	p = math.FMA(p, a, 0x1.485ee67835925p-29)
	p = math.FMA(p, a, -0x1.76db45919f583p-27)
	p = math.FMA(p, a, 0x1.2d698d98c8d71p-25)
	p = math.FMA(p, a, -0x1.20a2c7155d5c6p-24)
	p = math.FMA(p, a, -0x1.1d29b37ca1397p-27)
	p = math.FMA(p, a, 0x1.2ef6cc0f67a49p-21)
	p = math.FMA(p, a, -0x1.102b892333b6fp-19)
	p = math.FMA(p, a, 0x1.a30375ba9a84ep-19)
	p = math.FMA(p, a, 0x1.aad18dedea43ep-19)
	p = math.FMA(p, a, -0x1.f05355bc5b225p-16)
	p = math.FMA(p, a, 0x1.0e37a3108bc8bp-14)
	p = math.FMA(p, a, 0x1.b292d828e5cb2p-16)
	p = math.FMA(p, a, -0x1.356626ebf9bfap-11)
	p = math.FMA(p, a, 0x1.bca68f73d6afcp-10)
	p = math.FMA(p, a, -0x1.b6b69ebbc280bp-13)
	p = math.FMA(p, a, -0x1.396685912a453p-06)
	p = math.FMA(p, a, 0x1.a4f4e2a1abef8p-04)
	p = math.FMA(p, a, 0x1.45f306dc9c8bbp-01)
	p = math.FMA(p, a, 0x1.06eba8214db69p-03)
	th := math.FMA(p, a, a)
	tl := math.FMA(p, a, a-th)
	// e^−t = 2^n·e^r, n = rint(float32(th)·−log2(e)) in float32, and
	// 1 − 2^n·e^r = (1 − 2^n) − 2^n·(e^r − 1).
	n := cvtRniF32(mul(cvtF32F64(th, ftz), 0xbfb8aa3b, ftz))
	nd := cvtF64F32(n, ftz)
	r := math.FMA(-nd, exp64Ln2Hi, -th)
	q := expm1Poly64(r)
	e := r + math.FMA(float64(r*q), r, -tl)
	s := cvtF64F32(ptx.Ex2Approx(n, true), ftz)
	y := math.FMA(-e, s, 1-s)
	if a >= 0x1.7afb48dc96626p+02 {
		y = 1
	}
	return math.Copysign(y, x)
}

// erfRcp64 is the reciprocal of the erf and gamma kernels:
// rcp.approx.ftz.f64 refined by e = 1 − d·r, r + r·(e + e²).
func erfRcp64(d float64) float64 {
	r := math.Float64frombits(ptx.RcpApproxFTZF64(math.Float64bits(d)))
	e := math.FMA(-d, r, 1)
	e = math.FMA(e, e, e)
	return math.FMA(e, r, r)
}

// erfcxCore returns erfcx(a) = e^(a²)·erfc(a) for finite a ≥ 0 as kernels
// erfc_, erfcx_ and normcdf_ compute it: p(z)/(1 + 2a), z = (a − 4)/(a + 4),
// with a degree-21 polynomial p.
func erfcxCore(a float64) float64 {
	rc := erfRcp64(a + 4)
	q := float64((a - 4) * rc)
	e := math.FMA(-4, q+1, a)
	e = math.FMA(-q, a, e)
	z := math.FMA(rc, e, q)
	p := math.FMA(-0x1.8774ad4e0bfd7p-32, z, -0x1.4e1c6fd03d328p-27)
	p = math.FMA(p, z, -0x1.330149f7a56b6p-27)
	p = math.FMA(p, z, 0x1.bedded8376273p-24)
	p = math.FMA(p, z, 0x1.f9254c3abf22bp-25)
	p = math.FMA(p, z, -0x1.b9068c2148cf0p-21)
	p = math.FMA(p, z, 0x1.4c6454db34009p-22)
	p = math.FMA(p, z, 0x1.7f1c378f2311dp-18)
	p = math.FMA(p, z, -0x1.78e051c6d5c58p-17)
	p = math.FMA(p, z, -0x1.995b4ead14a90p-16)
	p = math.FMA(p, z, 0x1.3be27cf0a29b2p-13)
	p = math.FMA(p, z, -0x1.a1def3e81672ep-13)
	p = math.FMA(p, z, -0x1.8d4abe68c1713p-11)
	p = math.FMA(p, z, 0x1.49c67210dd6b4p-08)
	p = math.FMA(p, z, -0x1.096238568e357p-06)
	p = math.FMA(p, z, 0x1.3079edf8c2dc9p-05)
	p = math.FMA(p, z, -0x1.0fb06dff601fcp-04)
	p = math.FMA(p, z, 0x1.7fee004dfbcdcp-04)
	p = math.FMA(p, z, -0x1.9ddb23c3db8c6p-04)
	p = math.FMA(p, z, 0x1.16ecefcfa5fdap-04)
	p = math.FMA(p, z, 0x1.f7f5df66fb6d6p-07)
	p = math.FMA(p, z, -0x1.1df1ad154a29dp-03)
	p = math.FMA(p, z, 0x1.3ba5916e9fd7fp+00)
	rd := erfRcp64(math.FMA(2, a, 1))
	y := float64(p * rd)
	t := math.FMA(a, float64(y*-2), p)
	return math.FMA(t+(-y), rd, y)
}

// expNegSq64 returns e^(−a²) as kernels erfc_ and normcdf_ compute it:
// e^(−s), s = RN(a²), by exp's reduction and polynomial (lib64_exp.go),
// always scaled in two steps (exp64Scale with no fast or overflow range),
// times 1 + (s − a²), s's rounding error.
func expNegSq64(a float64) float64 {
	s := float64(a * a)
	t := math.FMA(-s, exp64Log2e, exp64Shifter)
	k := int32(uint32(math.Float64bits(t)))
	kf := t - exp64Shifter
	r := math.FMA(kf, -exp64Ln2Hi, -s)
	r = math.FMA(kf, -exp64Ln2Lo, r)
	e := exp64Scale(exp64Poly(r), k, 0, 0, 0, math.MaxUint32)
	return math.FMA(e, math.FMA(-a, a, s), e)
}

// erfc64 is kernel erfc_, which normcdf_ inlines.
func erfc64(x float64) float64 {
	b := math.Float64bits(x)
	h := uint32(b >> 32)
	ha := h &^ (1 << 31)
	if ha >= 0x7ff00000 {
		switch {
		case ha == 0x7ff00000 && uint32(b) == 0 && h>>31 != 0:
			return 2
		case ha == 0x7ff00000 && uint32(b) == 0:
			return 0
		}
		return quiet64(x)
	}
	a := math.Abs(x)
	y := float64(erfcxCore(a) * expNegSq64(a))
	if ha > 0x403b4000 { // a > 27.25
		y = 0
	}
	if h>>31 != 0 {
		return 2 - y
	}
	return y
}

// Erfc returns the complementary error function 1 − erf(x) as CUDA's erfc
// computes it under fl.
//
// Special cases are:
//
//	Erfc(+Inf) = +0
//	Erfc(-Inf) = 2
//	Erfc(NaN) = NaN: x quieted, sign and payload kept
//	Erfc(±0) = 1
//	Erfc(x) = +0 for x > 27.25
//
// Accuracy: bit-exact with the H100's erfc (sm_90, CUDA 13.0) under each of
// the six captured flag sets. Documented (CUDA C++ Programming Guide 13.0,
// Mathematical Functions, Table 18): "5 (full range)".
//
// Flags: none changes the result (-fmad=false changes the PTX's mul and add
// to .rn forms, which ptxas does not contract anyway).
func (fl Flags) Erfc(x float64) float64 { return erfc64(x) }

// Erfc returns erfc(x) under nvcc's default flags (Flags{}.Erfc).
func Erfc(x float64) float64 { return erfc64(x) }

// Erfcx returns the scaled complementary error function e^(x²)·erfc(x) as
// CUDA's erfcx computes it under fl.
//
// Special cases are:
//
//	Erfcx(+Inf) = +0
//	Erfcx(-Inf) = +Inf
//	Erfcx(NaN) = NaN: x quieted, sign and payload kept
//	Erfcx(±0) = 1
//
// Accuracy: bit-exact with the H100's erfcx (sm_90, CUDA 13.0) under each
// of the six captured flag sets. Documented (CUDA C++ Programming Guide
// 13.0, Mathematical Functions, Table 18): "4 (full range)".
//
// Flags: none changes the result. -ftz=true and -use_fast_math give the
// range tests on the high words of x and x² (read as float32) their .ftz
// forms: a high word that reads as a float32 subnormal belongs to a double
// below 2^-1014, on the same side of every threshold flushed or not.
func (fl Flags) Erfcx(x float64) float64 { return Erfcx(x) }

// Erfcx returns erfcx(x) under nvcc's default flags (Flags{}.Erfcx).
func Erfcx(x float64) float64 {
	var y float64
	if hiWordF32(x) < 3 && hiWordF32(x) > -3 { // |x| < 32
		y = erfcxCore(math.Abs(x))
	} else { // 1/(x·√π) · (1 − 1/(2x²) + 3/(4x⁴) − …)
		r := 1 / x // rcp.rn.f64
		r2 := float64(r * r)
		p := math.FMA(-0x1.d88p+04, r2, 0x1.a4p+02)
		p = math.FMA(p, r2, -0x1.ep+00)
		p = math.FMA(p, r2, 0x1.8p-01)
		p = math.FMA(p, r2, -0x1p-01)
		p = math.FMA(p, r2, 1)
		y = float64(float64(r*0x1.20dd750429b6dp-01) * p)
	}
	if math.Float64bits(x)>>63 == 0 {
		return y
	}
	// x < 0: 2·e^(x²) − erfcx(−x).
	s := float64(x * x)
	t := math.FMA(s, exp64Log2e, exp64Shifter)
	k := int32(uint32(math.Float64bits(t)))
	kf := t - exp64Shifter
	r := math.FMA(kf, -exp64Ln2Hi, s)
	r = math.FMA(kf, -exp64Ln2Lo, r)
	e := exp64Scale(exp64Poly(r), k, s, hiAbs64(s), 0x4086232b, 0x40874800)
	e2 := e + e
	if e2 == math.Inf(1) {
		return e2
	}
	return math.FMA(e2, math.FMA(x, x, -s), e2) - y
}

// Normcdf returns the standard normal cumulative distribution function
// erfc(−x/√2)/2 as CUDA's normcdf computes it under fl.
//
// Special cases are:
//
//	Normcdf(+Inf) = 1
//	Normcdf(-Inf) = +0
//	Normcdf(NaN) = NaN: x quieted, sign and payload kept
//	Normcdf(±0) = 0.5
//
// Accuracy: bit-exact with the H100's normcdf (sm_90, CUDA 13.0) under each
// of the six captured flag sets. Documented (CUDA C++ Programming Guide
// 13.0, Mathematical Functions, Table 18): "5 (full range)".
//
// Flags: none changes the result (-fmad=false changes the PTX's mul and add
// to .rn forms, which ptxas does not contract anyway).
func (fl Flags) Normcdf(x float64) float64 { return Normcdf(x) }

// Normcdf returns normcdf(x) under nvcc's default flags (Flags{}.Normcdf).
func Normcdf(x float64) float64 {
	if math.Abs(x) > 38.5 {
		x = math.Copysign(38.5, x)
	}
	// u = −x/√2 = hi + lo as a rounded product and its error.
	hi := float64(x * -0x1.6a09e667f3bcdp-01)
	lo := math.FMA(x, 0x1.bdd3413b26456p-55, math.FMA(x, -0x1.6a09e667f3bcdp-01, -hi))
	u := hi + lo
	y := erfc64(u)
	if uint32(math.Float64bits(x)>>32) >= 0xbff00001 { // x < -1 (or a negative NaN)
		// erfc(u + d) ≈ erfc(u)·(1 − 2u·d), d = (hi − u) + lo.
		d := (hi - u) + lo
		y = math.FMA(float64(float64(u*-2)*y), d, y)
	}
	return float64(y * 0.5)
}

// negDADD is neg.f64 as ptxas writes it, DADD −0, −x: −x, but a NaN x
// quieted with its sign kept (the device's DADD returns the NaN operand's
// own bits, its negation modifier ignored).
func negDADD(x float64) float64 {
	if x != x {
		return quiet64(x)
	}
	return -x
}

// subDADD is a − b as DADD a, −b: a NaN b quieted with its sign kept.
func subDADD(a, b float64) float64 {
	if b != b && a == a {
		return quiet64(b)
	}
	return a - b
}

// log1mx2 returns ln(1 − x²) for |x| < 1 as kernels erfinv_, erfcinv_
// and normcdfinv_ compute it: t = fma(x, −x, 1) = 2^e·m with m in
// [0.5, 2) (the exponent's low bit kept in m), and ln(m) = 2·atanh(u),
// u = (m − 1)/(m + 1), as an odd polynomial.
func log1mx2(x float64) float64 { return logInv64(math.FMA(x, -x, 1)) }

// logInv64 is the logarithm of kernels erfinv_, erfcinv_ and normcdfinv_
// for a positive normal t.
func logInv64(t float64) float64 {
	b := math.Float64bits(t)
	h := uint32(b >> 32)
	// e as the difference of two doubles 2^52 + 2^31 + e and 2^52 + 2^31.
	e := math.Float64frombits(0x43300000<<32|uint64((h>>20)&0x7fe+0x7ffffc02)) -
		math.Float64frombits(0x43300000<<32|0x80000000)
	m := math.Float64frombits(uint64(h&0x801fffff|0x3fe00000)<<32 | b&0xffffffff)
	d := m - 1
	rc := erfRcp64(m + 1)
	u := float64(d * rc)
	v := math.FMA(-2, u, d)
	v = math.FMA(-u, d, v)
	u = math.FMA(v, rc, u)
	s := float64(u * u)
	p := math.FMA(0x1.5c5c218c775c9p-04, s, 0x1.55cf59cdc5d89p-05)
	p = math.FMA(p, s, 0x1.efd18cf6ebb9cp-05)
	p = math.FMA(p, s, 0x1.10682edcb8d1bp-04)
	p = math.FMA(p, s, 0x1.3b1dd3ac7fc96p-04)
	p = math.FMA(p, s, 0x1.745cb459b54a6p-04)
	p = math.FMA(p, s, 0x1.c71c741a0669fp-04)
	p = math.FMA(p, s, 0x1.249249209112ep-03)
	p = math.FMA(p, s, 0x1.99999999a06c1p-03)
	p = math.FMA(p, s, 0x1.5555555555535p-02)
	l := math.FMA(float64(s*p), u, u)
	return math.FMA(e, exp64Ln2Hi, l+l)
}

// erfinvCore returns erfinv(x)/x for |x| < 1 from l = ln(1 − x²) as
// kernel erfinv_ computes it: a polynomial in −3.125 − l for l > −6.25,
// else in √−l − 3.25 or √−l − 5.
func erfinvCore(l float64) float64 {
	if uint32(math.Float64bits(l)>>32) < 0xc0190000 {
		return erfinvPoly(-0x1.9p+01 - l)
	}
	s := math.Sqrt(-l)                               // sqrt.rn.f64
	if int32(math.Float64bits(s)>>32) < 0x40100000 { // √−l < 4
		w := s + -0x1.ap+01
		p := math.FMA(0x1.3040f87dbd932p-29, w, 0x1.85cbe52878635p-24)
		p = math.FMA(p, w, -0x1.2777453dd3955p-22)
		p = math.FMA(p, w, 0x1.395abcd554c6cp-26)
		p = math.FMA(p, w, 0x1.936388a3790adp-20)
		p = math.FMA(p, w, -0x1.0d5db812b5083p-18)
		p = math.FMA(p, w, 0x1.8860cd5d652f6p-19)
		p = math.FMA(p, w, 0x1.a29a0cacdfb23p-17)
		p = math.FMA(p, w, -0x1.8cef1f80281f2p-15)
		p = math.FMA(p, w, 0x1.1e684d0b9188ap-14)
		p = math.FMA(p, w, 0x1.932cd54c8a222p-16)
		p = math.FMA(p, w, -0x1.7448a89ef8aa3p-12)
		p = math.FMA(p, w, 0x1.f3cc55ad40c25p-11)
		p = math.FMA(p, w, -0x1.ba924132f38b1p-10)
		p = math.FMA(p, w, 0x1.468eeca533cf8p-09)
		p = math.FMA(p, w, -0x1.ebadabb891bbdp-09)
		p = math.FMA(p, w, 0x1.5ffcfe5b76afcp-08)
		p = math.FMA(p, w, 0x1.0158a6d641d39p+00)
		return math.FMA(p, w, 0x1.8abcc380d5a48p+01)
	}
	w := s + -5
	p := math.FMA(-0x1.dcec3a7785389p-36, w, -0x1.18feec0e38727p-32)
	p = math.FMA(p, w, 0x1.9e6bf2dda45e3p-30)
	p = math.FMA(p, w, -0x1.0468fb24e2f5fp-28)
	p = math.FMA(p, w, 0x1.05ac6a8fba182p-27)
	p = math.FMA(p, w, -0x1.0102e495fb9c0p-26)
	p = math.FMA(p, w, 0x1.f4c20e1334af8p-26)
	p = math.FMA(p, w, -0x1.22d220fdf9c3ep-24)
	p = math.FMA(p, w, 0x1.ebc8bb824cb54p-23)
	p = math.FMA(p, w, -0x1.0a8d40ea372ccp-20)
	p = math.FMA(p, w, 0x1.2fbd29d093d2bp-18)
	p = math.FMA(p, w, -0x1.4a3497e1e0facp-16)
	p = math.FMA(p, w, 0x1.3ebf4eb00938fp-14)
	p = math.FMA(p, w, -0x1.c2f36a8fc5d53p-13)
	p = math.FMA(p, w, -0x1.22ea5df04047cp-13)
	p = math.FMA(p, w, 0x1.02a30d1fba0dcp+00)
	return math.FMA(p, w, 0x1.3664ddd1ad7fbp+02)
}

// Erfinv returns the inverse error function of x as CUDA's erfinv computes
// it under fl.
//
// Special cases are:
//
//	Erfinv(±1) = ±Inf
//	Erfinv(x) = NaN (0xfff8000000000000) for |x| > 1, ±Inf included
//	Erfinv(NaN) = NaN: x quieted, sign and payload kept
//	Erfinv(±0) = ±0
//
// Accuracy: bit-exact with the H100's erfinv (sm_90, CUDA 13.0) under each
// of the six captured flag sets. Documented (CUDA C++ Programming Guide
// 13.0, Mathematical Functions, Table 18): "5 (full range)".
//
// Flags: none changes the result. -ftz=true and -use_fast_math give the
// range test |x| < 1 on x's high word read as a float32 its .ftz form; a
// high word that reads as a float32 subnormal (|x| < 2^-1014) is below the
// threshold flushed or not.
func (fl Flags) Erfinv(x float64) float64 { return Erfinv(x) }

// Erfinv returns erfinv(x) under nvcc's default flags (Flags{}.Erfinv).
func Erfinv(x float64) float64 {
	if hiWordF32(x) < 1.875 && hiWordF32(x) > -1.875 { // |x| < 1
		return float64(x * erfinvCore(log1mx2(x)))
	}
	switch a := math.Abs(x); {
	case a != a:
		return quiet64(x)
	case a == 1:
		return math.Copysign(math.Inf(1), x)
	}
	return math.Float64frombits(0xfff8000000000000)
}

// erfinvPoly is the polynomial of kernels erfinv_ and erfcinv_ in
// w = −3.125 − ln(1 − x²).
func erfinvPoly(w float64) float64 {
	p := math.FMA(-0x1.135d2e746e627p-68, w, -0x1.8ddf93324d327p-63)
	p = math.FMA(p, w, 0x1.7b83eef0b7c9fp-60)
	p = math.FMA(p, w, 0x1.9ba72cd589b91p-57)
	p = math.FMA(p, w, -0x1.33689090a6b96p-53)
	p = math.FMA(p, w, 0x1.82e11898132e0p-56)
	p = math.FMA(p, w, 0x1.de4acfd9e26bap-48)
	p = math.FMA(p, w, -0x1.6d33eed66c487p-45)
	p = math.FMA(p, w, -0x1.6f2167040d8e2p-44)
	p = math.FMA(p, w, 0x1.72a22c2d77e20p-39)
	p = math.FMA(p, w, -0x1.c8859c4e5c0afp-37)
	p = math.FMA(p, w, -0x1.dc583d118a561p-35)
	p = math.FMA(p, w, 0x1.20f47ccf46b3cp-30)
	p = math.FMA(p, w, -0x1.1a9e38dc84d60p-28)
	p = math.FMA(p, w, -0x1.f36cd6d3d46a9p-26)
	p = math.FMA(p, w, 0x1.c6b4f5d03b787p-22)
	p = math.FMA(p, w, -0x1.6e8a5434ae8a2p-20)
	p = math.FMA(p, w, -0x1.d1d1f7b8736f6p-17)
	p = math.FMA(p, w, 0x1.879c2a212f024p-13)
	p = math.FMA(p, w, -0x1.845769484fca8p-11)
	p = math.FMA(p, w, -0x1.8b6c33114f909p-08)
	p = math.FMA(p, w, 0x1.ebd80d9b13e28p-03)
	return math.FMA(p, w, 0x1.a755e7c99ae86p+00)
}

// erfcinv64Tail returns erfcinv(t) for 0 ≤ t < 0x1.fa4d2ad8f904dp-11 (and
// the NaN or negative t the kernel's range test lets through) as kernels
// erfcinv_ and normcdfinv_ compute it from l = ln t: for t ≥ 2^-333 (high
// word read as a float32 ≥ 0x1.57fe5ep-41), a rational function of s =
// 1/√−l (rsqrt.approx.ftz.f64 and one Newton step) after the erfinv
// logarithm; below, or for a NaN, the full logarithm (log64Core, whose
// special path reads -ftz) and a rational function of rsqrt.approx.f64
// (rsqrtApprox64) of −ln t.
func erfcinv64Tail(t float64, ftz, noFMAD bool) float64 {
	if hiWordF32(t) >= 0x1.57fe5ep-41 { // setp.ltu.f32: NaN takes the logarithm

		l := logInv64(t)
		r := math.Float64frombits(ptx.RsqrtApproxFTZF64(math.Float64bits(-l)))
		e := math.FMA(-l, -float64(r*r), 1)
		s := math.FMA(math.FMA(0x1.8p-02, e, 0x1p-01), float64(e*r), r)
		n := math.FMA(0x1.be9222591afabp-01, s, 0x1.0a0e7333839aap+01)
		n = math.FMA(n, s, 0x1.8768cf7e57d5cp+01)
		n = math.FMA(n, s, 0x1.b77e7e28da583p+01)
		n = math.FMA(n, s, 0x1.34f26a4f99cf9p+00)
		n = math.FMA(n, s, 0x1.1f674adb019edp-03)
		n = math.FMA(n, s, 0x1.5ddae9506431dp-08)
		n = math.FMA(n, s, 0x1.ada49aa32489cp-15)
		d := math.FMA(s+0x1.1e90ff51c2197p+01, s, 0x1.11ea3a7cf3820p+02)
		d = math.FMA(d, s, 0x1.1a0e4a4749594p+02)
		d = math.FMA(d, s, 0x1.d4e977d38c14dp+01)
		d = math.FMA(d, s, 0x1.37fd567ec0d5fp+00)
		d = math.FMA(d, s, 0x1.1fb9d7f676033p-03)
		d = math.FMA(d, s, 0x1.5ddcdf98946e4p-08)
		d = math.FMA(d, s, 0x1.ada42d79d8dbbp-15)
		return n / float64(s*d)
	}
	s := f64b(ptx.RsqrtApproxF64(b64(negDADD(log64Core(t, ftz, noFMAD)))))
	n := math.FMA(0x1.8e2101c71b0bfp-01, s, 0x1.a2013964e259cp+00)
	n = math.FMA(n, s, 0x1.abfe90921be68p-02)
	n = math.FMA(n, s, 0x1.7e41314de00d4p-06)
	n = math.FMA(n, s, 0x1.11bd487102e94p-12)
	d := math.FMA(s+0x1.59895c30baa54p+00, s, 0x1.ae8e5956a143fp+00)
	d = math.FMA(d, s, 0x1.acce85ff7383dp-02)
	d = math.FMA(d, s, 0x1.7e43b6cac34fep-06)
	d = math.FMA(d, s, 0x1.11bd08289eb12p-12)
	return n / float64(s*d)
}

// Erfcinv returns the inverse complementary error function of x as CUDA's
// erfcinv computes it under fl.
//
// Special cases are:
//
//	Erfcinv(±0) = +Inf
//	Erfcinv(2) = -Inf
//	Erfcinv(x) = NaN for x < 0 or x > 2, ±Inf included; +Inf for -2^-1069 < x < 0 with -ftz=true
//	Erfcinv(NaN) = NaN
//	Erfcinv(1) = +0
//
// Accuracy: bit-exact with the H100's erfcinv (sm_90, CUDA 13.0) under each
// of the six captured flag sets. Documented (CUDA C++ Programming Guide
// 13.0, Mathematical Functions, Table 18): "6 (full range)".
//
// Flags: -ftz=true and -use_fast_math: the zero test of the logarithm's
// special path compares a high word as a float32 with .ftz (log64Special),
// so -2^-1069 < x < 0, whose high word after the logarithm's 2^54 prescale
// reads as a float32 subnormal, gives ln = -Inf and the result +Inf, not
// NaN. -fmad=false changes one fma of that logarithm to mul.rn and add.rn
// (lib64_log.go), which changes no result of the golden data.
func (fl Flags) Erfcinv(x float64) float64 { return erfcinv64(x, fl.FTZ, fl.NoFMAD) }

// Erfcinv returns erfcinv(x) under nvcc's default flags (Flags{}.Erfcinv).
func Erfcinv(x float64) float64 { return erfcinv64(x, false, false) }

func erfcinv64(x float64, ftz, noFMAD bool) float64 {
	y := subDADD(2, x) // add.rn.f64 2, −x
	if x >= 0x1.fa4d2ad8f904dp-11 && x <= 0x1.ffc0b65aa4e0ep+00 {
		// erfinv(1 − x), 1 − (1 − x)² = (2 − x)·x.
		p := erfinvPoly(-0x1.9p+01 - logInv64(float64(y*x)))
		return math.FMA(p, -x, p)
	}
	// The tail t = min(x, 2 − x), erfcinv(2 − t) = −erfcinv(t).
	if int32(math.Float64bits(x)>>32) > 0x3fefffff {
		return negDADD(erfcinv64Tail(y, ftz, noFMAD))
	}
	return erfcinv64Tail(x, ftz, noFMAD)
}

// Normcdfinv returns the inverse of the standard normal cumulative
// distribution function, −√2·erfcinv(2x), as CUDA's normcdfinv computes it
// under fl: kernel normcdfinv_ is erfcinv_ on x + x, times −√2 as a
// product and an fma with √2 = hi + lo, plus +0.
//
// Special cases are:
//
//	Normcdfinv(±0) = -Inf
//	Normcdfinv(1) = +Inf
//	Normcdfinv(x) = NaN for x < 0 or x > 1, ±Inf included; -Inf for -2^-1070 < x < 0 with -ftz=true
//	Normcdfinv(NaN) = NaN
//	Normcdfinv(0.5) = +0
//
// Accuracy: bit-exact with the H100's normcdfinv (sm_90, CUDA 13.0) under
// each of the six captured flag sets. Documented (CUDA C++ Programming
// Guide 13.0, Mathematical Functions, Table 18): "8 (full range)".
//
// Flags: as Erfcinv's: -ftz=true and -use_fast_math give -Inf instead of
// NaN for -2^-1070 < x < 0; -fmad=false changes one fma of the logarithm
// (no result of the golden data).
func (fl Flags) Normcdfinv(x float64) float64 { return normcdfinv64(x, fl.FTZ, fl.NoFMAD) }

// Normcdfinv returns normcdfinv(x) under nvcc's default flags
// (Flags{}.Normcdfinv).
func Normcdfinv(x float64) float64 { return normcdfinv64(x, false, false) }

func normcdfinv64(x float64, ftz, noFMAD bool) float64 {
	r := erfcinv64(x+x, ftz, noFMAD)
	return math.FMA(-0x1.6a09e667f3bccp+00, r, float64(r*-0x1.21165f626cdd5p-53)) + 0
}
