package fp

import (
	"math"

	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/ptx"
)

// Host floating-point fast paths of sinhf, coshf, expm1f, cbrtf, rcbrtf,
// hypotf, rhypotf, norm3df and rnorm3df (fastkern.go's scheme): each runs
// its kernel's PTX sequence on normal arguments with fmaF, mulF and host
// float32 adds, accumulates their oks and reports ok = false where any step
// must be decided by the instruction itself; the MUFU steps are the ptx
// functions. Every operand the steps see is normal or zero and every result
// they accept is at least 2^-125 in magnitude, so .ftz changes none of them:
// the fast answers hold under both -ftz settings. hyp_test.go compares each
// fast path with its sequence under both.

var fv = math.Float32frombits

// hypExpFast is hypExp for a normal x, on the host:
//
//	a = |x|                                  a sign clear (x normal)
//	t = mul.rn(a, log2 e)                    mulF
//	k = cvt.rzi(t), clamped to 126           math.Trunc (exact); t ≥ 0, so k = +0 for t < 1
//	r = fma.rn(k, −ln2 hi, a), fma.rn(k, ln2 lo, r), mul.rn(r, log2 e)   fmaF, mulF
//	j = add(k, 0x1.8000fap+23)               12583037 + k, exact (an integer in [2^23, 2^24))
//	s = j << 23                              (125 + k) << 23 = 2^(k−2): k ≤ 126 keeps 125 + k below 2^8
//	e = ex2.approx.ftz(r)·s                  ptx.Ex2Approx, mulF
//
// fmaF accepts k = +0 (a zero operand): +0·c + a = a.
func hypExpFast(x uint32) (e, a float32, ok bool) {
	a = fv(x & f32.AbsMask)
	t, ok := mulF(a, fv(log2e))
	k := min(float32(math.Trunc(float64(t))), 126)
	r, ok1 := fmaF(k, fv(hypLn2Hi), a)
	r, ok2 := fmaF(k, fv(hypLn2Lo), r)
	r, ok3 := mulF(r, fv(log2e))
	s := fv((125 + uint32(k)) << 23)
	e, ok4 := mulF(fv(ptx.Ex2Approx(math.Float32bits(r), true)), s)
	return e, a, ok && ok1 && ok2 && ok3 && ok4 && normalArg(x)
}

// hypHuge is the magnitude, 90, from which sinhf and coshf are ±Inf in
// closed form (±Inf included): k = trunc(|x|·log2 e) ≥ 129 clamps to 126,
// r ≥ (90 − 126·0x1.62e43p-01)·log2 e > 3.8 up to roundings, so e =
// ex2.approx(r)·2^124 > 2^127.8, and fma.rn(2, e, ±0.125/e) rounds the exact
// 2e > 2^128.8 plus a tiny term to +Inf, with or without .ftz.
const hypHuge = 0x42b40000

// coshfFast is coshfSeq for normal x (+Inf from |x| ≥ 90 on): 2e + div.approx.ftz(0.125, e) with
// fmaF (the quotient is ptx.DivApprox itself, normal or a flushed zero).
func coshfFast(x uint32) (uint32, bool) {
	if a := x & f32.AbsMask; a >= hypHuge && a <= f32.InfBits {
		return f32.InfBits, true
	}
	e, _, ok := hypExpFast(x)
	d := fv(ptx.DivApprox(hypQuarter, math.Float32bits(e), true))
	z, ok1 := fmaF(2, e, d)
	return math.Float32bits(z), ok && ok1
}

// sinhfFast is sinhfSeq for normal x: ±Inf from |x| ≥ 90 on (hypHuge), x
// below 2^-20; for |x| ≥ 1, 2e − 0.125/e with x's sign (a bit copy); below, the polynomial
// with mulF and fmaF.
func sinhfFast(x uint32) (uint32, bool) {
	if a := x & f32.AbsMask; a >= hypHuge && a <= f32.InfBits {
		return x&f32.SignMask | f32.InfBits, true
	}
	if a := x & f32.AbsMask; a < 0x35800000 { // |x| < 2^-20
		// s = x² ≤ 2^-40 (or its flush), p·s ≤ 0.17·2^-40, and fma.rn(p·s,
		// x, x) is x·(1 + p·s) with |p·s| < 2^-42, within half an ulp of x
		// (≥ 2^-25·|x|): x itself, also when .ftz flushes s or p·s to zero.
		return x, normalArg(x)
	}
	if x&f32.AbsMask >= f32.OneBits {
		e, _, ok := hypExpFast(x)
		d := fv(ptx.DivApprox(hypNegQ, math.Float32bits(e), true))
		z, ok1 := fmaF(2, e, d)
		return math.Float32bits(z)&f32.AbsMask | x&f32.SignMask, ok && ok1
	}
	xf := fv(x)
	s, ok := mulF(xf, xf)
	p, ok1 := fmaF(fv(sinhP0), s, fv(sinhP1))
	p, ok2 := fmaF(p, s, fv(sinhP2))
	p, ok3 := fmaF(p, s, fv(sinhP3))
	p, ok4 := mulF(s, p)
	z, ok5 := fmaF(p, xf, xf)
	return math.Float32bits(z), ok && ok1 && ok2 && ok3 && ok4 && ok5 && normalArg(x)
}

// expm1fFast is expm1fSeq for normal x:
//
//	t = mul.rn(x, log2 e)                    mulF
//	n = cvt.rni(t), 0 for |x| < 0.41         math.RoundToEven (exact)
//	m = n − 1 for n = 128, else n            exact
//	m > 128: +Inf; m < −25: −1               the selections, in closed form
//	r = fma.rn(−n, ln2 hi, x), fma.rn(−n, ln2 lo, r)    fmaF (−0·c + x = x for n = 0)
//	q = polynomial, mul.rn, fma.rn           fmaF, mulF
//	e = ex2.approx(m) = 2^m exactly          m is an integer in [−25, 127], where
//	                                         ex2.approx{.ftz} is exact (Exp2f's table)
//	e − 1                                    a host add: exact or normal; 0 for m = 0 (addZ)
//	z = fma.rn(q, e, e − 1); z + z for n = 128   fmaF, addF
func expm1fFast(x uint32) (uint32, bool) {
	xf := fv(x)
	t, ok := mulF(xf, fv(log2e))
	n := float32(math.RoundToEven(float64(t)))
	if x&f32.AbsMask < em1Small {
		n = 0
	}
	m := n
	if n == 128 {
		m = 127
	}
	switch {
	case m > 128:
		return f32.InfBits, ok && normalArg(x)
	case m < -25:
		return f32.NegOneBits, ok && normalArg(x)
	}
	r, ok1 := fmaF(-n, fv(em1Ln2Hi), xf)
	r, ok2 := fmaF(-n, fv(em1Ln2Lo), r)
	p, ok3 := fmaF(fv(em1P0), r, fv(em1P1))
	p, ok4 := fmaF(p, r, fv(em1P2))
	p, ok5 := fmaF(p, r, fv(em1P3))
	p, ok6 := fmaF(p, r, fv(em1P4))
	p, ok7 := mulF(r, p)
	q, ok8 := fmaF(p, r, r)
	e := fv(uint32(int32(m)+127) << 23)
	em1, ok9 := addZ(e, -1)
	z, ok10 := fmaF(q, e, em1)
	ok11 := true
	if n == 128 {
		z, ok11 = addF(z, z)
	}
	return math.Float32bits(z), ok && ok1 && ok2 && ok3 && ok4 && ok5 && ok6 && ok7 && ok8 && ok9 && ok10 && ok11 && normalArg(x)
}

// cbrtStartFast returns |x| and ex2.approx.ftz(lg2.approx(|x|)·c) for a
// normal x: lg2.approx of a normal argument is the same with or without
// .ftz (its results are 0 for 1, else at least 2^-24 in magnitude, never
// subnormal), and mulF rejects the zero.
func cbrtStartFast(x uint32, c uint32) (a, e float32, ok bool) {
	a = fv(x & f32.AbsMask)
	l := fv(ptx.Lg2Approx(x&f32.AbsMask, true))
	t, ok := mulF(l, fv(c))
	return a, fv(ptx.Ex2Approx(math.Float32bits(t), true)), ok && normalArg(x)
}

// cbrtfFast is cbrtfSeq for normal x: the Newton step with mulF and fmaF
// (neg.f32 of a normal value is a sign flip), the sign of x copied on (the
// kernel's neg of its normal result), and x + x ≠ x for every normal x.
func cbrtfFast(x uint32) (uint32, bool) {
	a, e, ok := cbrtStartFast(x, cbrtNegTwoThirds)
	y, ok1 := mulF(a, e)
	q, ok2 := mulF(e, y)
	h, ok3 := fmaF(y, -q, 1)
	h, ok4 := mulF(h, fv(cbrtThird))
	r, ok5 := fmaF(y, h, y)
	return math.Float32bits(r) | x&f32.SignMask, ok && ok1 && ok2 && ok3 && ok4 && ok5
}

// rcbrtfFast is rcbrtfSeq for normal x.
func rcbrtfFast(x uint32) (uint32, bool) {
	a, e, ok := cbrtStartFast(x, cbrtNegThird)
	e2, ok1 := mulF(e, e)
	q, ok2 := mulF(a, e)
	h, ok3 := fmaF(e2, -q, 1)
	w, ok4 := mulF(e, fv(cbrtThird))
	r, ok5 := fmaF(h, w, e)
	return math.Float32bits(r) | x&f32.SignMask, ok && ok1 && ok2 && ok3 && ok4 && ok5
}

// normRoot is the square root step of the norms on a normal q:
// sqrt.rn as float32(math.Sqrt(float64(q))) (correctly rounded: DESIGN.md,
// double rounding through binary64 is innocuous for √), or ptx.SqrtApprox,
// whose normal results are the same with or without .ftz.
func normRoot(q float32, approx bool) float32 {
	if approx {
		return fv(ptx.SqrtApprox(math.Float32bits(q), true))
	}
	return float32(math.Sqrt(float64(q)))
}

// hypotFast is hypotSeq for normal x and y (rsqrt: rhypotf): the smaller
// magnitude is then neither 0 nor +Inf, so the selections keep the scaled
// root; the scale s and the back-scaling factor are powers of two (integer
// arithmetic as in the PTX); the squares and the fma with mulF and fmaF;
// rsqrt.approx of a normal argument is the same with or without .ftz.
func hypotFast(x, y uint32, approx, rsqrt bool) (uint32, bool) {
	a, b := x&f32.AbsMask, y&f32.AbsMask
	lo, hi := min(a, b), max(a, b)
	s, back := hypotScale(hi)
	l, ok := mulF(fv(lo), fv(s))
	h, ok1 := mulF(fv(hi), fv(s))
	q, ok2 := mulF(l, l)
	q, ok3 := fmaF(h, h, q)
	ok = ok && ok1 && ok2 && ok3 && normalArg(x) && normalArg(y)
	if rsqrt {
		r, ok4 := mulF(fv(ptx.RsqrtApprox(math.Float32bits(q), true)), fv(s))
		return math.Float32bits(r), ok && ok4
	}
	r, ok4 := mulF(normRoot(q, approx), fv(back))
	return math.Float32bits(r), ok && ok4
}

// norm3Fast is norm3Seq for normal x, y, z (rsqrt: rnorm3df): min.f32 and
// max.f32 of positive normal values order them as their encodings; the sum
// a + b + c is finite and positive (addF), so the NaN selection of rnorm3df
// is not taken, and norm3df returns the sum itself when it is not above the
// largest magnitude (the other two absorbed by rounding).
func norm3Fast(x, y, z uint32, approx, rsqrt bool) (uint32, bool) {
	a, b, c := x&f32.AbsMask, y&f32.AbsMask, z&f32.AbsMask
	sum, ok := addF(fv(a), fv(b))
	sum, ok1 := addF(sum, fv(c))
	m1, m2 := min(a, b), max(a, b)
	mid, hi := min(m2, c), max(m2, c)
	s, back := hypotScale(hi)
	u, ok2 := mulF(fv(mid), fv(s))
	v, ok3 := mulF(fv(m1), fv(s))
	w, ok4 := mulF(fv(hi), fv(s))
	q, ok5 := mulF(u, u)
	q, ok6 := fmaF(v, v, q)
	q, ok7 := fmaF(w, w, q)
	ok = ok && ok1 && ok2 && ok3 && ok4 && ok5 && ok6 && ok7 && normalArg(x) && normalArg(y) && normalArg(z)
	if rsqrt {
		r, ok8 := mulF(fv(ptx.RsqrtApprox(math.Float32bits(q), true)), fv(s))
		return math.Float32bits(r), ok && ok8
	}
	if !(sum > fv(hi)) {
		return math.Float32bits(sum), ok
	}
	r, ok8 := mulF(normRoot(q, approx), fv(back))
	return math.Float32bits(r), ok && ok8
}
