package fp

import "math"

// CUDA's double exponentials (issue 18): exp, exp2, exp10 and expm1 follow
// kernels exp_, exp2_, exp10_ and expm1_ of gpu/ref/funcs64/*.ptx.xz (CUDA
// 13.0.88, sm_90). Their binary64 fma.rn, add and mul are IEEE operations
// rounded to nearest, which the host's float64 arithmetic performs
// identically (math.FMA for fma.rn.f64; a lone product in float64(...) so
// that no port fuses it); where a NaN can reach an operation the kernels
// below return the device's NaN explicitly. ptxas contracts none of the
// PTX's mul/add (the SASS has the same DFMA, DMUL and DADD), so -fmad=false
// (mul.rn/add.rn in place of mul/add) changes no result. -ftz=true and
// -use_fast_math give the few float32 compares on the operand's high word
// their .ftz forms; a high word read as a float32 subnormal compares as
// zero, on the same side of every threshold, so they change no result
// either. The golden data of all six flag sets checks both claims.

// The shared reduction constants: the round-to-integer shifter 1.5·2^52,
// log2(e), and ln(2) = ln2Hi + ln2Lo.
const (
	exp64Shifter = 0x1.8p52
	exp64Log2e   = 0x1.71547652b82fep+00
	exp64Ln2Hi   = 0x1.62e42fefa39efp-01
	exp64Ln2Lo   = 0x1.abc9e3b39803fp-56
)

// exp64Poly returns the degree-11 polynomial of e^r (|r| ≤ ln(2)/2) of
// kernels exp_, exp2_ and exp10_: Horner's scheme in fma.rn.f64.
func exp64Poly(r float64) float64 {
	p := math.FMA(0x1.ade1569ce2bdfp-26, r, 0x1.28af3fca213eap-22)
	p = math.FMA(p, r, 0x1.71dee62401315p-19)
	p = math.FMA(p, r, 0x1.a01997c89eb71p-16)
	p = math.FMA(p, r, 0x1.a01a014761f65p-13)
	p = math.FMA(p, r, 0x1.6c16c1852b7afp-10)
	p = math.FMA(p, r, 0x1.1111111122322p-07)
	p = math.FMA(p, r, 0x1.55555555502a1p-05)
	p = math.FMA(p, r, 0x1.5555555555511p-03)
	p = math.FMA(p, r, 0x1.000000000000bp-01)
	p = math.FMA(p, r, 1)
	return math.FMA(p, r, 1)
}

// exp64Scale returns p·2^k as the kernels scale it, for the operand x with
// high word magnitude a: k added to p's high word when a < fast; otherwise
// x quieted for a NaN x, +0 for x < 0 and +Inf for x > 0 when a ≥ slow,
// and in between p·2^(k/2) · 2^(k−k/2) (k/2 truncated) with one rounded
// multiply, which rounds a subnormal result once.
func exp64Scale(p float64, k int32, x float64, a, fast, slow uint32) float64 {
	if a < fast {
		return math.Float64frombits(math.Float64bits(p) + uint64(uint32(k)<<20)<<32)
	}
	if a >= slow {
		switch {
		case x != x:
			return math.Float64frombits(math.Float64bits(x) | 1<<51)
		case x < 0:
			return 0
		}
		return math.Inf(1)
	}
	k2 := (k + int32(uint32(k)>>31)) >> 1
	hi := math.Float64frombits(math.Float64bits(p) + uint64(uint32(k2)<<20)<<32)
	s := math.Float64frombits(uint64(uint32(k-k2)<<20+0x3ff00000) << 32)
	// mul.f64 of two finite doubles: the host product is the same IEEE
	// binary64 multiplication, subnormal results included.
	return float64(hi * s)
}

// hiAbs64 returns the high word of |x|.
func hiAbs64(x float64) uint32 { return uint32(math.Float64bits(x)>>32) &^ (1 << 31) }

// Exp returns e^x as CUDA's exp computes it under fl.
//
// Special cases are:
//
//	Exp(+Inf) = +Inf
//	Exp(-Inf) = +0
//	Exp(NaN) = NaN: x quieted, sign and payload kept
//	Exp(±0) = 1
//	Exp(x) = +Inf for x ≥ 0x1.62e42fefa39fp+09 (≈ 709.7827128933841)
//	Exp(x) = +0 for x ≤ -745
//
// Accuracy: bit-exact with the H100's exp (sm_90, CUDA 13.0) under each of
// the six captured flag sets. Documented (CUDA C++ Programming Guide 13.0,
// Mathematical Functions, Table 18): "1 (full range)".
//
// Flags: none changes the result (-fmad=false and -ftz=true change the
// PTX, not its results: see lib64_exp.go).
func (fl Flags) Exp(x float64) float64 { return Exp(x) }

// Exp returns exp(x) under nvcc's default flags (Flags{}.Exp).
func Exp(x float64) float64 {
	// t = fma(x, log2(e), 1.5·2^52) holds k = rint(x·log2(e)) in its low
	// word; r = x − k·ln(2) in two fmas.
	t := math.FMA(x, exp64Log2e, exp64Shifter)
	k := int32(uint32(math.Float64bits(t)))
	kf := t - exp64Shifter
	r := math.FMA(kf, -exp64Ln2Hi, x)
	r = math.FMA(kf, -exp64Ln2Lo, r)
	return exp64Scale(exp64Poly(r), k, x, hiAbs64(x), 0x4086232b, 0x40874800)
}

// Exp2 returns 2^x as CUDA's exp2 computes it under fl.
//
// Special cases are:
//
//	Exp2(+Inf) = +Inf
//	Exp2(-Inf) = +0
//	Exp2(NaN) = NaN: x quieted, sign and payload kept
//	Exp2(±0) = 1
//	Exp2(x) = +Inf for x ≥ 1024
//	Exp2(x) = +0 for x ≤ -1075
//
// Accuracy: bit-exact with the H100's exp2 (sm_90, CUDA 13.0) under each of
// the six captured flag sets. Documented (CUDA C++ Programming Guide 13.0,
// Mathematical Functions, Table 18): "1 (full range)".
//
// Flags: none changes the result (see lib64_exp.go).
func (fl Flags) Exp2(x float64) float64 { return Exp2(x) }

// Exp2 returns exp2(x) under nvcc's default flags (Flags{}.Exp2).
func Exp2(x float64) float64 {
	// t = x + 1.5·2^52 holds k = rint(x) in its low word; r = (x − k)·ln(2)
	// as a product and one fma with ln(2) = hi + lo.
	t := x + exp64Shifter
	k := int32(uint32(math.Float64bits(t)))
	d := x - (t - exp64Shifter)
	r := math.FMA(d, exp64Ln2Hi, float64(d*exp64Ln2Lo))
	return exp64Scale(exp64Poly(r), k, x, hiAbs64(x), 0x408ff000, 0x4090cc00)
}

// Exp10 returns 10^x as CUDA's exp10 computes it under fl.
//
// Special cases are:
//
//	Exp10(+Inf) = +Inf
//	Exp10(-Inf) = +0
//	Exp10(NaN) = NaN: x quieted, sign and payload kept
//	Exp10(±0) = 1
//	Exp10(x) = +Inf for x ≥ 0x1.34413509f79ffp+08 (≈ 308.25471555991675)
//	Exp10(x) = +0 for x ≤ -0x1.439b746e36b53p+08 (≈ -323.6072453387798)
//
// Accuracy: bit-exact with the H100's exp10 (sm_90, CUDA 13.0) under each
// of the six captured flag sets. Documented (CUDA C++ Programming Guide
// 13.0, Mathematical Functions, Table 18): "1 (full range)".
//
// Flags: none changes the result (see lib64_exp.go).
func (fl Flags) Exp10(x float64) float64 { return Exp10(x) }

// Exp10 returns exp10(x) under nvcc's default flags (Flags{}.Exp10).
func Exp10(x float64) float64 {
	// k = rint(x·log2(10)); d = x − k·log10(2) in two fmas; r = d·ln(10)
	// as a product and one fma with ln(10) = hi + lo.
	t := math.FMA(x, 0x1.a934f0979a371p+01, exp64Shifter)
	k := int32(uint32(math.Float64bits(t)))
	kf := t - exp64Shifter
	d := math.FMA(kf, -0x1.34413509f79ffp-02, x)
	d = math.FMA(kf, 0x1.9dc1da994fd21p-59, d)
	r := math.FMA(d, 0x1.26bb1bbb55516p+01, float64(d*-0x1.f48ad494ea3e9p-53))
	return exp64Scale(exp64Poly(r), k, x, hiAbs64(x), 0x40733a71, 0x407439b8)
}

// Expm1 returns e^x − 1 as CUDA's expm1 computes it under fl.
//
// Special cases are:
//
//	Expm1(+Inf) = +Inf
//	Expm1(-Inf) = -1
//	Expm1(NaN) = NaN: x quieted, sign and payload kept
//	Expm1(±0) = ±0
//	Expm1(x) = x for 0 < x < 0x1.6a09e667f3bcdp-53
//	Expm1(x) = +Inf for x ≥ 0x1.62e42fefa39fp+09 (≈ 709.7827128933841)
//	Expm1(x) = -1 for x ≤ -0x1.28aac01252c6fp+05 (≈ -37.08337415995708)
//
// Accuracy: bit-exact with the H100's expm1 (sm_90, CUDA 13.0) under each
// of the six captured flag sets. Documented (CUDA C++ Programming Guide
// 13.0, Mathematical Functions, Table 18): "1 (full range)".
//
// Flags: none changes the result (see lib64_exp.go).
func (fl Flags) Expm1(x float64) float64 { return Expm1(x) }

// Expm1 returns expm1(x) under nvcc's default flags (Flags{}.Expm1).
func Expm1(x float64) float64 {
	h := uint32(math.Float64bits(x) >> 32)
	// The kernel compares the high word read as a float32 (a NaN there
	// fails both compares): the fast path covers about -53 < x < 709.78.
	if hf := math.Float32frombits(h); !(hf < 0x1.0c5c86p+02 && hf > -0x1.95p+01) {
		switch {
		case x != x:
			return math.Float64frombits(math.Float64bits(x) | 1<<51)
		case int32(h) < 0:
			return -1
		}
		return math.Inf(1)
	}
	return expm1Kernel(x, h, false)
}

// expm1Kernel is the body of kernel expm1_ for x in its main range, h the
// high word of x: e^x − 1 = 2^k − 1 + 2^k·(e^r − 1). Kernel sinh_ inlines
// the same code for |x| ≥ 1 with k−1 in place of k and 2^(k−1) − 1/2 in
// place of 2^k − 1, giving (e^x − 1)/2: half selects that form.
func expm1Kernel(x float64, h uint32, half bool) float64 {
	t := math.FMA(x, exp64Log2e, exp64Shifter)
	k := int32(uint32(math.Float64bits(t)))
	one := 1.0
	if half {
		k, one = k-1, 0.5
	}
	kf := t - exp64Shifter
	r := math.FMA(kf, -exp64Ln2Hi, x)
	r = math.FMA(kf, -exp64Ln2Lo, r)
	h2 := h << 1
	if h2 < 0x7fb3e647 { // |x| < 0x1.9f323p-2 (high word): no reduction
		r, k = x, 0
	}
	q := math.FMA(0x1.1f4076acd15b6p-29, r, 0x1.af86d8ebd13cdp-26)
	q = math.FMA(q, r, 0x1.27e5092ba033dp-22)
	q = math.FMA(q, r, 0x1.71dde6c5f9da1p-19)
	q = math.FMA(q, r, 0x1.a01a018d034e6p-16)
	q = math.FMA(q, r, 0x1.a01a01b3b6940p-13)
	q = math.FMA(q, r, 0x1.6c16c16c1b5ddp-10)
	q = math.FMA(q, r, 0x1.111111110f74dp-07)
	q = math.FMA(q, r, 0x1.555555555554dp-05)
	q = math.FMA(q, r, 0x1.5555555555557p-03)
	q = math.FMA(q, r, 0.5)
	e := math.FMA(float64(r*q), r, r) // e^r − 1
	// k = 1024 is taken as 2·2^1023.
	top := k == 1024
	if top {
		k--
	}
	s := math.Float64frombits(uint64(uint32(k)<<20+0x3ff00000) << 32)
	y := math.FMA(e, s, s-one)
	if top {
		y += y
	}
	if h2 == 0 {
		return r
	}
	return y
}
