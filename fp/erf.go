package fp

import (
	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/ptx"
	"github.com/cudafp/cudafp/rounding"
)

// The kernels below are the PTX of kernels erff_, erfcf_, erfcxf_,
// normcdff_, erfinvf_, erfcinvf_ and normcdfinvf_ in
// ../shared/reference/ptx/default.ptx (CUDA 13.0.88 libdevice, sm_90), one
// Go statement per PTX instruction. With ftz every float instruction takes
// its .ftz form (ftz.ptx; fast.ptx is the same text: none of the seven is
// among -use_fast_math's swaps) except cvt.rzi, which has no .ftz in any
// build, and the MUFU instructions, which are .ftz in every build but the
// lg2.approx of the tails of erfcinvf and normcdfinvf and erfcxf's
// div.approx. precdiv0.ptx and precsqrt0.ptx are default.ptx's text.
// fmad0.ptx spells mul.f32, add.f32 and sub.f32 as .rn forms; the one pair
// the default build contracts is erfcxf's 2^k·e + 2^k·e (fma.rn of the
// product with its own rounded copy), which fmad0.ptx writes as mul.rn then
// add.rn (mulAdd). In every other kernel no plain mul feeds an add (the SASS
// of the default build has the FMUL, FADD and FFMA of the PTX), so -fmad=false
// changes nothing else.
//
// Algorithms (libdevice):
//   - erff: for |x| < 0x1.00c1fcp+00 (≈ 1.0059) x + x·P(x²) with a
//     degree-6 P; beyond, 1 − 2^(Q(|x|)·(−|x|) − |x|) with the sign of x, Q
//     of degree 6 (ex2.approx.ftz).
//   - erfcf, erfcxf, normcdff: with a = |x|, z = (a − 4)/(a + 4) (rcp.approx
//     refined by one fma step), h = P(z)/(1 + 2a) with P of degree 10 (the
//     quotient refined by one step): erfcx(a) ≈ h. erfcf multiplies h by
//     e^(−a²) (k = trunc(−a²·log2 e) clamped to ±126, e^(−a²) = 2^k·2^(r·log2
//     e) with r = −a² − k·ln 2 in two fmas, corrected by the low part of a²),
//     gives 0 beyond a > 0x1.41c29p+03 (≈ 10.055) and 2 − y for x < 0.
//     erfcxf uses the asymptotic series (1/(a√π))·(1 − 1/(2a²) + 3/(4a⁴) −
//     15/(8a⁶) + 105/(16a⁸)) from 10.055 on, and for x < 0 returns 2e^(x²) −
//     erfcx(a) with e^(x²) computed as expf does (plus the low part of x²).
//     normcdff is erfc(−x/√2)/2 with −x/√2 split into a head and a tail (x
//     clamped to ±14.5); for x < −1 the tail t corrects the result by
//     y·(1 − 2z·t), z the head.
//   - erfinvf: with l = log2(1 − x²), x·P(−l) (P of degree 9) for l ≥ −8.2,
//     otherwise √(−l)·Q(1/√(−l)) (rsqrt.approx.ftz) with the sign of x.
//   - erfcinvf, normcdfinvf (on y = 2p): for 0x1.bda512p-09 ≤ y ≤
//     0x1.ff212ep+00, P(−log2((2 − y)·y))·(1 − y) with erfinvf's P;
//     beyond, ±√(−l)·Q(1/√(−l)) with l = log2 of y or 2 − y, whichever is
//     smaller. normcdfinvf multiplies by −√2 (fma.rn with +0).

// Constants of the error-function kernels (PTX immediates).
const (
	erfSplit  uint32 = 0x3f8060fe // 0x1.00c1fcp+00: erff's switch to the exponential form
	erfcBig   uint32 = 0x4120e148 // 0x1.41c29p+03 ≈ 10.055: erfcf is 0 beyond, erfcxf asymptotic
	four      uint32 = 0x40800000 // 4
	minusFour uint32 = 0xc0800000 // -4
	minusTwo  uint32 = 0xc0000000 // -2
	erfcShift uint32 = 0x4b40007f // 0x1.8000fep+23: adds k + 127 to the encoding's low bits
	erfcxRcpS uint32 = 0x3f106ebb // 0x1.20dd76p-01 ≈ 1/√π
	ncdfClamp uint32 = 0x41680000 // 14.5: normcdff's clamp of |x|
	ncdfHi    uint32 = 0xbf3504f3 // -0x1.6a09e6p-01: −1/√2 rounded
	ncdfLo    uint32 = 0xb24fe77a // -0x1.9fcef4p-27: −1/√2 − ncdfHi, rounded
	erfinvL   uint32 = 0xc1033333 // -0x1.066666p+03 = -8.2: erfinvf's switch on log2(1 − x²)
	erfcinvLo uint32 = 0x3b5ed289 // 0x1.bda512p-09: lower end of erfcinvf's central range
	erfcinvHi uint32 = 0x3fff9097 // 0x1.ff212ep+00: upper end
	minusRt2  uint32 = 0xbfb504f3 // -0x1.6a09e6p+00: −√2 rounded
)

var (
	// erff's coefficients, highest first: erfSmall for |x| < erfSplit (in
	// x²), erfLarge beyond (in |x|).
	erfSmall = [...]uint32{0x38b1e96a, 0xba574d20, 0x3baad5ea, 0xbcdc1be7, 0x3de718af, 0xbec093ac, 0x3e0375d3}
	erfLarge = [...]uint32{0x38eb4c3a, 0xbaae005b, 0x3c09919f, 0xbd24d99a, 0x3e235519, 0x3f69b4f9, 0x3f210a14}
	// erfcxCoef is P of the erfc kernels, highest first, in z = (a−4)/(a+4).
	erfcxCoef = [...]uint32{
		0x3a69a091, 0x3be6e05b, 0xbc81fb4b, 0x3d15373b, 0xbd887c5a, 0x3dc021d5,
		0xbdced424, 0x3d8b74de, 0x3c7bf170, 0xbe0ef8d4, 0x3f9dd2c9,
	}
	// erfcxAsym is erfcxf's asymptotic polynomial in 1/a², highest first:
	// 105/16, −15/8, 3/4, −1/2, 1.
	erfcxAsym = [...]uint32{0x40d20000, 0xbff00000, 0x3f400000, 0xbf000000, oneBits}
	// erfinvCoef is P of erfinvf and the central range of erfcinvf, highest
	// first, in −log2(1 − x²).
	erfinvCoef = [...]uint32{
		0xaf8a6370, 0x3221f645, 0xb4016fda, 0x3468f846, 0x370742aa,
		0xb804db4d, 0xba4afea1, 0x3bb5c027, 0x3e24ae0f, 0x3f62dfc4,
	}
	// erfinvTail is Q of erfinvf's tail, highest first, in 1/√(−l).
	erfinvTail = [...]uint32{0xbf1704a1, 0xbf29baa5, 0x3fcc6adc, 0xbf2cdaed, 0xbdc30537, 0x3f55d9b9}
	// erfcinvTail is Q of the tails of erfcinvf and normcdfinvf.
	erfcinvTail = [...]uint32{
		0xc27c73f1, 0x42fef829, 0xc2e4361c, 0x42714d9b, 0xc1ae51b3,
		0x40cef504, 0xbfea9e05, 0xbcf871f4, 0x3f553775,
	}
)

// erff is kernel erff_. The PTX computes the polynomial for both ranges
// with selp on p2; the branch picks the same operands.
func erff(x uint32, ftz bool) uint32 {
	a := ptx.Abs(x, ftz)                      // abs.f32
	p1 := ptx.Setp(ptx.LTU, a, erfSplit, ftz) // setp.ltu.f32 |x| < split or NaN
	p2 := ptx.Setp(ptx.GE, a, erfSplit, ftz)  // setp.ge.f32
	s := mul(x, x, ftz)                       // mul.f32 x²
	c, t, u := erfSmall[:], s, x              // selp.f32 (every operand)
	if p2 {
		c, t, u = erfLarge[:], a, ptx.Neg(a, ftz) // neg.f32 −|x|
	}
	p := horner(c, t, ftz) // fma.rn ×6
	r := fma(p, u, u, ftz) // fma.rn u·P + u
	if p1 {
		return r
	}
	e := ptx.Ex2Approx(r, true) // ex2.approx.ftz.f32
	d := sub(oneBits, e, ftz)   // sub.f32 1 − e
	return ptx.Copysign(d, x)   // copysign.f32 x, d
}

// erfcxPoly is the part erfcf_, erfcxf_ and normcdff_ share: P(z)/(1 + 2a)
// ≈ erfcx(a) for a = |x| ≥ 0.
func erfcxPoly(a uint32, ftz bool) uint32 {
	n := add(a, minusFour, ftz)         // add.f32 a − 4
	d := add(a, four, ftz)              // add.f32 a + 4
	r := ptx.RcpApprox(d, true)         // rcp.approx.ftz.f32
	q := mul(n, r, ftz)                 // mul.rn.f32 (a − 4)·r
	e := add(q, oneBits, ftz)           // add.f32 q + 1
	e = fma(minusFour, e, a, ftz)       // fma.rn −4(q + 1) + a
	e = fma(ptx.Neg(q, ftz), a, e, ftz) // neg.f32, fma.rn −q·a + e
	z := fma(r, e, q, ftz)              // fma.rn r·e + q
	p := horner(erfcxCoef[:], z, ftz)   // fma.rn ×10
	w := fma(two, a, oneBits, ftz)      // fma.rn 2a + 1
	rw := ptx.RcpApprox(w, true)        // rcp.approx.ftz.f32
	h := mul(p, rw, ftz)                // mul.rn.f32 p·rw
	g := mul(h, minusTwo, ftz)          // mul.f32 −2h
	g = fma(a, g, p, ftz)               // fma.rn a·(−2h) + p
	g = sub(g, h, ftz)                  // sub.f32 g − h
	return fma(g, rw, h, ftz)           // fma.rn g·rw + h
}

// erfcTail is the rest of erfcf_ and normcdff_ after erfcxPoly: h·e^(−a²),
// 0 for a > erfcBig, and 2 − that for a negative sign (neg, the setp.lt of
// the argument against 0).
func erfcTail(a, h uint32, neg, ftz bool) uint32 {
	s := mul(a, a, ftz)                                  // mul.f32 a²
	ns := ptx.Neg(s, ftz)                                // neg.f32
	t := mul(ns, log2e, ftz)                             // mul.rn.f32 −a²·log2(e)
	k := ptx.CvtRoundF32(t, rounding.RZ, false)          // cvt.rzi.f32.f32 (no .ftz in any build)
	if ptx.Setp(ptx.GT, ptx.Abs(k, ftz), hypKMax, ftz) { // abs, setp.gt |k| > 126
		k = ptx.Copysign(hypKMax, k) // copysign.f32, selp: ±126
	}
	r := fma(k, hypLn2Hi, ns, ftz)               // fma.rn k·(−ln2 hi) − a²
	r = fma(k, hypLn2Lo, r, ftz)                 // fma.rn k·ln2 lo + r
	r = mul(r, log2e, ftz)                       // mul.f32 r·log2(e)
	j := add(k, erfcShift, ftz)                  // add.f32 k + 0x1.8000fep+23
	e := mul(ptx.Ex2Approx(r, true), j<<23, ftz) // shl.b32 2^k, ex2.approx.ftz.f32, mul.f32
	l := fma(ptx.Neg(a, ftz), a, s, ftz)         // neg.f32, fma.rn −a·a + a² (−low part)
	e = fma(e, l, e, ftz)                        // fma.rn e·l + e
	y := mul(h, e, ftz)                          // mul.f32
	if ptx.Setp(ptx.GT, a, erfcBig, ftz) {       // setp.gt.f32, selp
		y = f32.ZeroBits
	}
	if neg {
		y = sub(two, y, ftz) // sub.f32 2 − y, selp
	}
	return y
}

// erfcf is kernel erfcf_.
func erfcf(x uint32, ftz bool) uint32 {
	a := ptx.Abs(x, ftz) // abs.f32
	h := erfcxPoly(a, ftz)
	return erfcTail(a, h, ptx.Setp(ptx.LT, x, f32.ZeroBits, ftz), ftz) // setp.lt.f32 x < 0
}

// erfcxf is kernel erfcxf_.
func erfcxf(x uint32, ftz, fmad bool) uint32 {
	a := ptx.Abs(x, ftz) // abs.f32
	var h uint32
	if ptx.Setp(ptx.LT, a, erfcBig, ftz) { // setp.lt.f32 |x| < 10.055
		h = erfcxPoly(a, ftz)
	} else {
		q := mul(a, 0x3e800000, ftz)            // mul.f32 a/4
		q = ptx.DivApprox(0x3e800000, q, ftz)   // div.approx.f32 0.25/(a/4)
		q2 := mul(q, q, ftz)                    // mul.f32 1/a²
		p := horner(erfcxAsym[:], q2, ftz)      // fma.rn ×4
		h = mul(mul(q, erfcxRcpS, ftz), p, ftz) // mul.f32 (1/a)/√π, mul.f32 ·p
	}
	if !ptx.Setp(ptx.GEU, x, f32.ZeroBits, ftz) { // setp.geu.f32 x ≥ 0 or NaN (branch)
		s := ptx.Mul(a, a, rounding.RZ, ftz)                      // mul.rz.f32 a²
		l := fma(a, a, ptx.Neg(s, ftz), ftz)                      // neg.f32, fma.rn a·a − s
		t := fma(s, expfConst.scale, halfBits, ftz)               // fma.rn s·log2(e)/252 + 0.5
		t = ptx.CvtSat(t, ftz)                                    // cvt.sat.f32.f32
		j := ptx.Fma(t, 0x437c0000, 0x4b400001, rounding.RD, ftz) // fma.rm t·252 + 0x1.800002p+23
		k := add(j, 0xcb40007f, ftz)                              // add.f32 j − 0x1.8000fep+23
		r := fma(s, expfConst.hi, ptx.Neg(k, ftz), ftz)           // neg.f32, fma.rn s·log2(e) hi − k
		r = fma(s, expfConst.lo, r, ftz)                          // fma.rn s·log2(e) lo + r
		e := ptx.Ex2Approx(r, true)                               // shl.b32 2^k, ex2.approx.ftz.f32
		e2 := mulAdd(e, j<<23, mul(e, j<<23, ftz), ftz, fmad)     // mul.f32 e·2^k; fma.rn e·2^k + that (mul.rn, add.rn)
		v := fma(e2, l, e2, ftz)                                  // fma.rn e2·l + e2
		d := sub(v, h, ftz)                                       // sub.f32 v − h
		if ptx.Setp(ptx.EQ, e2, infBits, ftz) {                   // setp.eq.f32 e2 = +Inf, selp
			return e2
		}
		return d
	}
	return h
}

// normcdff is kernel normcdff_.
func normcdff(x uint32, ftz bool) uint32 {
	xc := x
	if ptx.Setp(ptx.GT, ptx.Abs(x, ftz), ncdfClamp, ftz) { // abs.f32, setp.gt.f32 |x| > 14.5
		xc = ptx.Copysign(ncdfClamp, x) // copysign.f32, selp
	}
	hi := mul(xc, ncdfHi, ftz)                   // mul.rn.f32 x·(−1/√2)
	lo := fma(xc, ncdfHi, ptx.Neg(hi, ftz), ftz) // neg.f32, fma.rn x·c − hi
	lo = fma(xc, ncdfLo, lo, ftz)                // fma.rn x·c lo + lo
	z := add(hi, lo, ftz)                        // add.rn.f32
	a := ptx.Abs(z, ftz)                         // abs.f32
	h := erfcxPoly(a, ftz)
	y := erfcTail(a, h, ptx.Setp(ptx.LT, z, f32.ZeroBits, ftz), ftz) // setp.lt.f32 z < 0
	if !ptx.Setp(ptx.GEU, xc, minusOne, ftz) {                       // setp.geu.f32 x ≥ −1 or NaN (branch)
		t := sub(hi, z, ftz)       // sub.f32 hi − z
		t = add(t, lo, ftz)        // add.rn.f32 + lo: the tail of z
		m := mul(z, minusTwo, ftz) // mul.f32 −2z
		m = mul(m, y, ftz)         // mul.f32 ·y
		y = fma(m, t, y, ftz)      // fma.rn m·t + y
	}
	return mul(y, halfBits, ftz) // mul.f32 y/2
}

// erfinvf is kernel erfinvf_.
func erfinvf(x uint32, ftz bool) uint32 {
	w := fma(x, ptx.Neg(x, ftz), oneBits, ftz) // neg.f32, fma.rn x·(−x) + 1
	l := ptx.Lg2Approx(w, true)                // lg2.approx.ftz.f32
	nl := ptx.Neg(l, ftz)                      // neg.f32
	p := horner(erfinvCoef[:], nl, ftz)        // fma.rn ×9
	r := mul(x, p, ftz)                        // mul.f32 x·P
	if ptx.Setp(ptx.GEU, l, erfinvL, ftz) {    // setp.geu.f32 l ≥ −8.2 or NaN (branch)
		return r
	}
	rs := ptx.RsqrtApprox(nl, true)         // rsqrt.approx.ftz.f32
	q := horner(erfinvTail[:], rs, ftz)     // fma.rn ×5
	u := mul(mul(rs, nl, ftz), q, ftz)      // mul.f32 √(−l), mul.f32 ·Q
	if ptx.Setp(ptx.EQ, l, ninfBits, ftz) { // setp.eq.f32 l = −Inf, selp
		u = nl
	}
	return ptx.Copysign(u, x) // copysign.f32 x, u
}

// erfcinvKernel is the body of erfcinvf_ and normcdfinvf_ on y (x, or
// 2p for normcdfinvf).
func erfcinvKernel(y uint32, ftz bool) uint32 {
	ny := ptx.Neg(y, ftz)                                                           // neg.f32
	t := add(two, ny, ftz)                                                          // add.rn.f32 2 − y
	if ptx.Setp(ptx.GE, y, erfcinvLo, ftz) && ptx.Setp(ptx.LE, y, erfcinvHi, ftz) { // setp.ge, setp.le, and.pred
		m := mul(t, y, ftz)                              // mul.rn.f32 (2 − y)·y
		l := ptx.Lg2Approx(m, true)                      // lg2.approx.ftz.f32
		p := horner(erfinvCoef[:], ptx.Neg(l, ftz), ftz) // neg.f32, fma.rn ×9
		return fma(p, ny, p, ftz)                        // fma.rn P·(−y) + P
	}
	hi := ptx.Setp(ptx.GT, y, oneBits, ftz) // setp.gt.f32 y > 1
	s := y
	if hi {
		s = t // selp.f32
	}
	l := ptx.Lg2Approx(s, ftz)              // lg2.approx.f32 (.ftz with ftz)
	nl := ptx.Neg(l, ftz)                   // neg.f32
	rs := ptx.RsqrtApprox(nl, true)         // rsqrt.approx.ftz.f32
	q := horner(erfcinvTail[:], rs, ftz)    // fma.rn ×8
	u := mul(rs, nl, ftz)                   // mul.f32 √(−l)
	if ptx.Setp(ptx.EQ, l, ninfBits, ftz) { // setp.eq.f32 l = −Inf, selp
		u = nl
	}
	if hi {
		u = ptx.Neg(u, ftz) // neg.f32, selp
	}
	return mul(q, u, ftz) // mul.rn.f32
}

// erfcinvf is kernel erfcinvf_.
func erfcinvf(x uint32, ftz bool) uint32 { return erfcinvKernel(x, ftz) }

// normcdfinvf is kernel normcdfinvf_.
func normcdfinvf(x uint32, ftz bool) uint32 {
	y := add(x, x, ftz)                                            // add.f32 2p
	return fma(minusRt2, erfcinvKernel(y, ftz), f32.ZeroBits, ftz) // fma.rn −√2·r + 0
}
