package fp

import (
	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/ptx"
	"github.com/cudafp/cudafp/rounding"
)

// The kernels below are the PTX of kernels lgammaf_ and tgammaf_ in
// ../shared/reference/ptx/default.ptx (CUDA 13.0.88 libdevice, sm_90), one
// Go statement per PTX instruction; with ftz every float instruction takes
// its .ftz form (ftz.ptx), except the cvt.rni roundings and tgammaf's
// cvt.rzi of 2|x| and of x, which stay without .ftz. -fmad=false spells
// their mul.f32, add.f32 and sub.f32 as .rn (fmad0.ptx); the one multiply
// that feeds a subtraction without a rounding modifier (tgammaf's u =
// 2(m−1)·rcp(m+1), then (m−1) − u) is not fused in any build (the SASS has
// FMUL then FADD), so -fmad=false gives the same results. -prec-div and
// -prec-sqrt leave the PTX as it is: tgammaf's quotients are div.approx in
// every build.
//
// lgammaf (libdevice): for a = |x| a polynomial in a − 2 on [1.5, 3), in
// 1 − a on [0.7, 1.5), −log(a + a²·P(a)) below 0.7, a rational function of
// a − 3 on [3, 7.8) and Stirling's series (a − 1/2)·log a − a + P(1/a)
// above (log a is logf's sequence of log.go, inlined). For negative x the
// reflection lgamma(x) = log(π/|x·sin(πx)|) − lgamma(|x|): sin(π·x) from
// a quadrant and a polynomial in the reduced argument (sinpif's scheme),
// log π as the constant 0x1.250d04p+00; +Inf at the negative integers and
// −log|x| for −0x1.d83c94p-64 < x < 0 (where lgamma(x) = −log|x| to float
// precision).
//
// tgammaf (libdevice): for |x| < 1.5, 1/(f·P(f)) (or its reflection) with
// f = x − rint(x); above, e^((a−1/2)·log a − a)·√(2π)·(1 + P(1/a)) with
// the exponent in double-float (log2 a as a head and tail, the product
// with a − 1/2 by fma error terms), a = min(|x|, 41.1); for x ≤ −1.5 the
// reflection π/(x·sin(πx)·Γ(|x|)) with the power split as 2^48 · 2^-48 for
// |x| > 33 so that it does not overflow before the division. Negative
// integers give NaN, and x < −41.1 gives ±0 (the sign of Γ(x)).

// Constants of lgammaf_ and tgammaf_ (PTX immediates).
const (
	lgThree       uint32 = 0x40400000 // 3
	lgStirling    uint32 = 0x40f9999a // 0x1.f33334p+02 ≈ 7.8: Stirling's series from here
	lgNearOne     uint32 = 0x3f333333 // 0x1.666666p-01 ≈ 0.7
	gmThreeHalves uint32 = 0x3fc00000 // 1.5
	lgTiny        uint32 = 0x1fec1e4a // 0x1.d83c94p-64: lgamma(x) = −log|x| below
	lgLogPi       uint32 = 0x3f928682 // 0x1.250d04p+00: log π rounded
	gmPi          uint32 = 0x40490fdb // 0x1.921fb6p+01: π rounded
	gmNegHalf     uint32 = 0xbf000000 // -0.5
	lgNegThree    uint32 = 0xc0400000 // -3
	lgNegTwo      uint32 = 0xc0000000 // -2
	tgMax         uint32 = 0x42246666 // 0x1.48ccccp+05 ≈ 41.1: a is clamped to it
	tgMin         uint32 = 0xc2246666 // -0x1.48ccccp+05: ±0 below
	tgSplit       uint32 = 0x42040000 // 33: split the power of a above
	tgHi48        uint32 = 0x42400000 // 48
	tgM48         uint32 = 0x27800000 // 0x1p-48
	tgSqrt2Pi     uint32 = 0x40206c99 // 0x1.40d932p+01: √(2π) rounded
	tgLog2eLo     uint32 = 0x32a55e34 // 0x1.4abc68p-26: the tail of log2 e in log2 a's series (a little below the true tail, tgLog2eLo2)
	tgLog2eLo2    uint32 = 0x32a57060 // 0x1.4ae0cp-26: log2(e) − 0x1.715476p+00 rounded, the tail in a·log2 e
	tgTwoM24      uint32 = 0x4b800000 // 0x1p+24
	tgMinus24     uint32 = 0xc1c00000 // -24
	tgExpBias     uint32 = 0x7f000000 // 2^127's encoding: the first factor of 2^k for k > 0
	tgExpShift    uint32 = 0x83000000 // −250·2^23 as an int32: for k ≤ 0, 2^k = 2^-123 · 2^(k+123)
	tgLog2Offset  uint32 = 0x3f3504f3 // 0x1.6a09e6p-01 ≈ 1/√2: log2's reduction interval starts here
	lgLogfOffset  uint32 = 0x3f2aaaab // 0x1.555556p-01 ≈ 2/3: logf's
	gmZero        uint32 = f32.ZeroBits
	gmNegZero     uint32 = f32.NegZeroBits
)

// Polynomials of lgammaf_ and tgammaf_ in Horner order (p = c0·t + c1, then
// p = p·t + c).
var (
	lgTiny7 = [...]uint32{ // a < 0.7: a + a²·P(a)
		0x3b6b1c86, 0xbbb34878, 0xbd36caef, 0x3e2b5555, 0xbd2c96c7, 0xbf27e6eb, 0x3f13c463,
	}
	lgNear1 = [...]uint32{ // [0.7, 1.5): (1 − a)·P(1 − a)
		0x3d3bef76, 0x3dd47577, 0x3dfb8079, 0x3e0295b5, 0x3e12a765, 0x3e2d6867, 0x3e5462bf,
		0x3e8a8a72, 0x3ecd26a4, 0x3f528d32, 0x3f13c468,
	}
	lgNear2 = [...]uint32{ // [1.5, 3): (a − 2)·P(a − 2)
		0x385007fa, 0xb967a002, 0x3a0de6fc, 0xba9de0e2, 0x3b3d05b7, 0xbbf1eb10, 0x3ca89a28,
		0xbd89f01a, 0x3ea51a66, 0x3ed87730,
	}
	lgRatNum = [...]uint32{0xc43b38fb, 0xc640f6f8, 0xc7206560, 0xc73cb6aa, 0xc80bae5a} // [3, 7.8): numerator
	lgRatDen = [...]uint32{0xc381a020, 0xc62864b8, 0xc7b50686, 0xc8498465}             // denominator, t + c0 first
	tgSmall  = [...]uint32{                                                            // |x| < 1.5: 1/Γ(1 + f) ≈ 1 + f·P(f)
		0xba8c9f66, 0x3be903d7, 0xbc1e00b0, 0xbd2cc522, 0x3e2a89b3, 0xbd2c0c05, 0xbf27e7a2, 0x3f13c468,
	}
	tgLog2 = [...]uint32{0x3a2c32e4, 0x3b52e7db, 0x3c93bb73, 0x3df6384f}                                                 // log2 a's odd series in u²
	tgExp2 = [...]uint32{0x391fcb8e, 0x3aaf85ed, 0x3c1d9856, 0x3d6357bb, 0x3e75fdec, 0x3f317218, oneBits}                // 2^f
	tgStir = [...]uint32{0x388f7971, 0xb8543ed8, 0xb9dda6be, 0x3a820abe, 0xb9920afd, 0xbb2f4d64, 0x3b638732, 0x3daaaaac} // Stirling's series in 1/a
)

// lgammaLog is logf's sequence as lgammaf_ inlines it (log.go's logfSeq
// without its last step): r = log x, and the encoding xs of x as scaled
// (subnormals times 2^23), whose zero the caller tests.
func lgammaLog(x uint32, ftz bool) (r, xs uint32) {
	f, e, xs := logReduce(x, lgLogfOffset, ftz)
	r = fma(e, ln2, logPoly(f, ftz), ftz) // fma.rn e·ln 2 + poly
	return logSpecial(xs, r, ftz), xs
}

// negLogOrInf is −log x, or +Inf where x (scaled) is zero: neg.f32, setp.eq, selp.
func negLogOrInf(x uint32, ftz bool) uint32 {
	r, xs := lgammaLog(x, ftz)
	r = ptx.Neg(r, ftz)
	if ptx.Setp(ptx.EQ, xs, gmZero, ftz) {
		r = infBits
	}
	return r
}

// lgammaPos is lgammaf_'s value for |x| (block $L__BB39_13's input).
func lgammaPos(a uint32, ftz bool) uint32 {
	if !ptx.Setp(ptx.LTU, a, lgThree, ftz) { // setp.ltu |x| < 3 (true for NaN), branch when false
		if !ptx.Setp(ptx.LTU, a, lgStirling, ftz) {
			// Stirling: (a − 1/2)·log a − a + P(1/a).
			r, xs := lgammaLog(a, ftz)
			q := ptx.RcpApprox(a, true) // rcp.approx.ftz.f32 1/a
			q2 := mul(q, q, ftz)        // mul.f32
			h := mul(r, halfBits, ftz)  // mul.f32 log(a)/2
			if ptx.Setp(ptx.EQ, xs, gmZero, ftz) {
				h = ninfBits // setp.eq, selp −Inf
			}
			g := add(a, gmNegHalf, ftz) // add.f32 a − 1/2
			m := mul(h, g, ftz)         // mul.rn.f32
			d := sub(m, a, ftz)         // sub.f32 m − a
			p := fma(0x3a4be755, q2, 0xbb360953, ftz)
			p = fma(p, q2, 0x3daaaaa3, ftz)
			p = fma(p, q, 0x3f6b3f8e, ftz) // fma.rn p·(1/a) + c
			s := add(m, p, ftz)            // add.rn.f32 m + p
			z := add(d, s, ftz)            // add.f32 d + s
			if ptx.Setp(ptx.EQ, a, infBits, ftz) {
				z = a // setp.eq a = +Inf, selp
			}
			return z
		}
		// [3, 7.8): t + N(t)/D(t), t = a − 3.
		t := add(a, lgNegThree, ftz) // add.f32 a − 3
		n := horner(lgRatNum[:], t, ftz)
		d := add(t, lgRatDen[0], ftz) // add.f32 t + c
		for _, c := range lgRatDen[1:] {
			d = fma(d, t, c, ftz)
		}
		rd := ptx.RcpApprox(d, true) // rcp.approx.ftz.f32
		return fma(n, rd, t, ftz)    // fma.rn n·(1/d) + t
	}
	if !ptx.Setp(ptx.LTU, a, gmThreeHalves, ftz) {
		t := add(a, lgNegTwo, ftz) // add.f32 a − 2
		return mul(t, horner(lgNear2[:], t, ftz), ftz)
	}
	if !ptx.Setp(ptx.LTU, a, lgNearOne, ftz) {
		t := sub(oneBits, a, ftz) // sub.f32 1 − a
		return mul(t, horner(lgNear1[:], t, ftz), ftz)
	}
	p := horner(lgTiny7[:], a, ftz)
	p = mul(a, p, ftz)     // mul.f32 a·p
	u := fma(p, a, a, ftz) // fma.rn p·a + a
	return negLogOrInf(u, ftz)
}

// lgammaf is kernel lgammaf_.
func lgammaf(x uint32, ftz bool) uint32 {
	a := ptx.Abs(x, ftz) // abs.f32
	z := lgammaPos(a, ftz)
	if ptx.Setp(ptx.GE, x, gmZero, ftz) { // setp.ge x ≥ 0 (false for NaN)
		return z
	}
	if ptx.Setp(ptx.EQ, a, ptx.CvtRoundF32(a, rounding.RD, ftz), ftz) {
		return infBits // cvt.rmi, setp.eq: a negative integer
	}
	if ptx.Setp(ptx.LT, a, lgTiny, ftz) {
		return negLogOrInf(a, ftz)
	}
	// sin(π·a) by quadrant: n = rint(2a), f = a − n/2, y = π·f.
	d := add(a, a, ftz)                         // add.f32 2a
	n := ptx.CvtRoundF32(d, rounding.RN, false) // cvt.rni.f32.f32 (no .ftz)
	i := ptx.CvtS32(n, rounding.RZ, ftz)        // cvt.rzi.s32.f32
	f := fma(ptx.Neg(n, ftz), halfBits, a, ftz) // neg.f32, fma.rn −n·0.5 + a
	y := mul(f, gmPi, ftz)                      // mul.f32 f·π
	y2 := mul(y, y, ftz)                        // mul.rn.f32
	even := i&1 == 0                            // and.b32, setp.eq
	s := uint32(oneBits)
	p := uint32(0xb94d4153)
	c1, c2 := uint32(0x3d2aaabb), uint32(0xbeffffff) // cos's coefficients
	if even {
		s, c1, c2 = y, 0x3c0885e4, 0xbe2aaaa8 // sin's (selp)
	} else {
		p = fma(0x37cbac00, y2, 0xbab607ed, ftz)
	}
	p = fma(p, y2, c1, ftz)
	p = fma(p, y2, c2, ftz)
	w := fma(y2, s, gmZero, ftz) // fma.rn y²·s + 0
	v := fma(p, w, s, ftz)
	if i&2 != 0 {
		v = fma(v, f32.NegOneBits, gmZero, ftz) // fma.rn v·(−1) + 0
	}
	b := mul(a, ptx.Abs(v, ftz), ftz) // abs.f32, mul.f32 |x·sin(πx)|/π·…
	r, xs := lgammaLog(b, ftz)
	k := sub(lgLogPi, r, ftz) // sub.f32 log π − log b
	if ptx.Setp(ptx.EQ, xs, gmZero, ftz) {
		k = infBits
	}
	return fma(k, oneBits, ptx.Neg(z, ftz), ftz) // neg.f32, fma.rn k·1 − lgamma(|x|)
}

// tgammaf is kernel tgammaf_.
func tgammaf(x uint32, ftz bool) uint32 {
	a := ptx.Abs(x, ftz)                          // abs.f32
	if ptx.Setp(ptx.LTU, a, gmThreeHalves, ftz) { // setp.ltu |x| < 1.5 (true for NaN)
		z := tgammaSmall(x, ftz)
		if ptx.Setp(ptx.GEU, x, gmZero, ftz) { // setp.geu x ≥ 0 (true for NaN)
			return z
		}
		return tgammaNeg(x, z, ftz)
	}
	neg := ptx.Setp(ptx.LT, x, gmZero, ftz) // setp.lt x < 0
	big := ptx.Setp(ptx.GT, a, tgMax, ftz)  // setp.gt |x| > 41.1
	x3 := x
	if big {
		x3 = tgMax // selp: +41.1
	}
	a4 := ptx.Abs(x3, ftz) // abs.f32
	// log2(a) = s + l in double-float (the ftz build leaves out the
	// subnormal scaling, which a ≥ 1.5 never takes).
	as, e0 := a4, gmZero
	if ptx.Setp(ptx.LT, a4, twoM126, ftz) {
		as, e0 = mul(a4, tgTwoM24, ftz), tgMinus24 // mul.f32 a·2^24, selp −24
	}
	r3 := as - tgLog2Offset                     // add.s32
	r4 := r3 & 0xff800000                       // and.b32
	m := as - r4                                // sub.s32
	fe := ptx.CvtF32S32(int32(r4), rounding.RN) // cvt.rn.f32.s32
	e := fma(fe, twoM23, e0, ftz)
	fm1 := add(m, minusOne, ftz)          // add.f32 m − 1
	fp1 := add(m, oneBits, ftz)           // add.f32 m + 1
	rc := ptx.RcpApprox(fp1, true)        // rcp.approx.ftz.f32
	t2 := add(fm1, fm1, ftz)              // add.f32
	u := mul(t2, rc, ftz)                 // mul.f32 u = 2(m−1)/(m+1)
	u2 := mul(u, u, ftz)                  // mul.f32
	w := sub(fm1, u, ftz)                 // sub.f32 (FMUL then FADD in the SASS: not fused)
	w = add(w, w, ftz)                    // add.f32
	w = fma(ptx.Neg(u, ftz), fm1, w, ftz) // neg.f32, fma.rn −u·(m−1) + w
	ul := mul(rc, w, ftz)                 // mul.rn.f32: u's tail
	pp := horner(tgLog2[:], u2, ftz)
	pp = mul(pp, u2, ftz)       // mul.rn.f32
	hi := fma(u, log2e, e, ftz) // fma.rn u·log2 e + e
	lo := sub(e, hi, ftz)       // sub.f32
	lo = fma(u, log2e, lo, ftz)
	lo = fma(ul, log2e, lo, ftz)
	lo = fma(u, tgLog2eLo, lo, ftz)
	lo = fma(pp, u, lo, ftz)
	s := add(hi, lo, ftz)              // add.rn.f32
	t := add(s, ptx.Neg(hi, ftz), ftz) // neg.f32, add.rn.f32
	l := add(lo, ptx.Neg(t, ftz), ftz) // neg.f32, add.rn.f32
	// (a − 1/2)·log2 a − a·log2 e, in double-float.
	g := add(a4, gmNegHalf, ftz)           // add.f32 a − 1/2
	ph := mul(s, g, ftz)                   // mul.rn.f32
	pl := fma(s, g, ptx.Neg(ph, ftz), ftz) // neg.f32, fma.rn: ph's error
	pl = fma(l, g, pl, ftz)
	q := mul(log2e, a4, ftz)      // mul.rn.f32 a·log2 e
	nq := ptx.Neg(q, ftz)         // neg.f32
	ql := fma(log2e, a4, nq, ftz) // fma.rn: q's error
	ql = fma(tgLog2eLo2, a4, ql, ftz)
	h65 := add(ph, nq, ftz)                     // add.rn.f32
	h66 := add(h65, q, ftz)                     // add.rn.f32
	n66 := ptx.Neg(h66, ftz)                    // neg.f32
	h68 := add(h65, n66, ftz)                   // add.rn.f32
	h69 := add(ph, n66, ftz)                    // add.rn.f32
	h71 := add(nq, ptx.Neg(h68, ftz), ftz)      // neg.f32, add.rn.f32
	h72 := add(h69, h71, ftz)                   // add.rn.f32
	h73 := sub(pl, ql, ftz)                     // sub.f32
	h74 := add(h73, h72, ftz)                   // add.f32
	n74 := ptx.Neg(h74, ftz)                    // neg.f32
	split := ptx.Setp(ptx.GT, a4, tgSplit, ftz) // setp.gt a > 33
	c76 := gmNegZero
	if split {
		c76 = tgHi48 // selp 48 or −0
	}
	hh, ll := h65, h74
	if neg {
		hh, ll = sub(c76, h65, ftz), n74 // sub.f32 c − h, selps
	}
	// 2^(hh + ll) as 2^k·2^f.
	k := ptx.CvtRoundF32(hh, rounding.RN, false) // cvt.rni.f32.f32 (no .ftz)
	fr := sub(hh, k, ftz)                        // sub.f32
	fr = add(fr, ll, ftz)                        // add.f32
	p2 := horner(tgExp2[:], fr, ftz)
	ki := ptx.CvtS32(k, rounding.RZ, ftz) // cvt.rzi.s32.f32
	r7 := tgExpShift
	if ptx.Setp(ptx.GT, k, gmZero, ftz) {
		r7 = 0 // setp.gt k > 0, selp.b32
	}
	f95 := r7 + tgExpBias                          // add.s32
	v := mul(p2, f95, ftz)                         // mul.f32
	v = mul(v, uint32(ki)<<23-r7, ftz)             // shl.b32, sub.s32, mul.f32
	f5 := mul(v, tgSqrt2Pi, ftz)                   // mul.f32 ·√(2π)
	rq := ptx.RcpApprox(a4, true)                  // rcp.approx.ftz.f32 1/a
	f6 := mul(rq, horner(tgStir[:], rq, ftz), ftz) // mul.f32
	if !neg {
		return fma(f6, f5, f5, ftz) // fma.rn f6·f5 + f5
	}
	// π/(x·sin(πx)·Γ(|x|)).
	d := add(a4, a4, ftz)                       // add.f32 2a
	n := ptx.CvtRoundF32(d, rounding.RN, false) // cvt.rni.f32.f32
	i := ptx.CvtS32(n, rounding.RZ, false)      // cvt.rzi.s32.f32 (no .ftz)
	f := fma(n, gmNegHalf, a4, ftz)             // fma.rn n·(−0.5) + a
	f2 := mul(f, f, ftz)                        // mul.rn.f32
	p122 := fma(0xbf17acc9, f2, 0x40233590, ftz)
	p125 := fma(0x3e684e12, f2, 0xbfaad2e0, ftz)
	p127 := fma(p122, f2, 0xc0a55df6, ftz)
	p129 := fma(p125, f2, 0x4081e0cf, ftz)
	p131 := fma(f2, f, gmZero, ftz)
	p133 := fma(p129, f2, 0xc09de9e6, ftz)
	p134 := fma(p127, p131, gmZero, ftz)
	p136 := fma(p133, f2, oneBits, ftz) // cos(πf)
	p138 := fma(gmPi, f, p134, ftz)     // sin(πf)
	sv := p138
	if i&1 == 1 {
		sv = p136 // and.b32, setp.eq, selp
	}
	if i&2 != 0 {
		sv = sub(gmZero, sv, ftz) // sub.f32 0 − v, selp
	}
	w2 := fma(f6, x3, x3, ftz)              // fma.rn f6·x + x
	h := mul(w2, sv, ftz)                   // mul.rn.f32
	hl := fma(w2, sv, ptx.Neg(h, ftz), ftz) // neg.f32, fma.rn: h's error
	r := ptx.DivApprox(oneBits, h, ftz)     // div.approx.f32 1/h
	r2 := mul(r, r, ftz)                    // mul.f32
	tt := mul(hl, r2, ftz)                  // mul.f32
	tt = mul(f5, tt, ftz)                   // mul.f32
	y := fma(f5, r, ptx.Neg(tt, ftz), ftz)  // neg.f32, fma.rn f5·r − tt
	y = mul(y, halfBits, ftz)               // mul.f32 ·0.5
	if split {
		y = mul(y, tgM48, ftz) // mul.f32 ·2^-48, selp
	}
	return tgammaNeg(x, y, ftz)
}

// tgammaSmall is tgammaf_'s branch for |x| < 1.5 (and NaN): 1/(s + s·f·P(f)).
func tgammaSmall(x uint32, ftz bool) uint32 {
	f := x
	if !ptx.Setp(ptx.EQ, x, gmZero, ftz) { // setp.eq x = 0, branch when true
		f = sub(x, ptx.CvtRoundF32(x, rounding.RN, false), ftz) // cvt.rni.f32.f32, sub.f32
	}
	s := uint32(oneBits)
	if ptx.Setp(ptx.LT, x, gmNegHalf, ftz) {
		s = x // setp.lt x < −0.5, selp
	}
	m := mul(s, f, ftz) // mul.f32
	if ptx.Setp(ptx.LE, x, halfBits, ftz) {
		s = m // setp.le x ≤ 0.5, selp
	}
	p := horner(tgSmall[:], f, ftz)
	q := fma(p, s, gmZero, ftz)           // fma.rn p·s + 0
	d := fma(q, f, s, ftz)                // fma.rn q·f + s
	return ptx.DivApprox(oneBits, d, ftz) // div.approx.f32 1/d
}

// tgammaNeg is tgammaf_'s tail for x < 0: NaN at the integers, ±0 (the sign
// of Γ between them is that of sin(πx), which z carries) below −41.1.
func tgammaNeg(x, z uint32, ftz bool) uint32 {
	if ptx.Setp(ptx.EQ, ptx.CvtRoundF32(x, rounding.RZ, false), x, ftz) {
		return f32.CanonicalNaNBits // cvt.rzi.f32.f32, setp.eq, 0x7fffffff
	}
	if ptx.Setp(ptx.GEU, x, tgMin, ftz) { // setp.geu x ≥ −41.1
		return z
	}
	if ptx.CvtS32(x, rounding.RZ, false)&1 == 1 { // cvt.rzi.s32.f32, and.b32, setp.eq
		return gmZero
	}
	return z
}

// Lgammaf returns the natural logarithm of the absolute value of the gamma
// function of x as CUDA's lgammaf computes it under fl.
//
// Special cases are:
//
//	Lgammaf(+Inf) = +Inf
//	Lgammaf(-Inf) = +Inf
//	Lgammaf(NaN) = NaN (canonical 0x7fffffff)
//	Lgammaf(±0) = +Inf
//	Lgammaf(x) = +Inf for x a negative integer (a pole)
//	Lgammaf(1) = Lgammaf(2) = +0
//	Lgammaf(x) = −log x rounded for subnormal x > 0; +Inf with -ftz=true (x reads as +0)
//	Lgammaf(x) = +Inf for x ≥ 0x1.895f1cp+121
//
// Accuracy: bit-exact with the H100's lgammaf (sm_90, CUDA 13.0) under each
// of the six captured flag sets. Documented (CUDA C++ Programming Guide
// 13.0, Mathematical Functions, Table 17): "maximum ulp error 6 (outside
// interval -10.001 ... -2.264; larger inside)".
//
// Flags: -ftz=true (and -use_fast_math, which has no library swap for
// lgammaf): the .ftz forms, so a subnormal x reads as ±0 and gives +Inf.
// -fmad=false: mul.rn/add.rn/sub.rn in place of mul/add/sub, with the same
// results (no pair is contracted). -prec-div and -prec-sqrt do not change
// it.
func (fl Flags) Lgammaf(x float32) float32 { return fromBits(lgammaf(toBits(x), fl.FTZ)) }

// Lgammaf returns lgammaf(x) under nvcc's default flags (Flags{}.Lgammaf).
func Lgammaf(x float32) float32 { return fromBits(lgammaf(toBits(x), false)) }

// Tgammaf returns the gamma function of x as CUDA's tgammaf computes it
// under fl.
//
// Special cases are:
//
//	Tgammaf(+Inf) = +Inf
//	Tgammaf(-Inf) = NaN (canonical 0x7fffffff)
//	Tgammaf(NaN) = NaN (canonical 0x7fffffff)
//	Tgammaf(±0) = ±Inf
//	Tgammaf(x) = NaN for x a negative integer (canonical 0x7fffffff)
//	Tgammaf(x) = +Inf for x ≥ 0x1.18522p+05 (≈ 35.04) and for subnormal x > 0
//	Tgammaf(x) = ±Inf for subnormal x with -ftz=true (x reads as ±0)
//	Tgammaf(x) = ±0 for non-integers x < −0x1.48ccccp+05 (≈ −41.1), the sign of Γ(x)
//
// Accuracy: bit-exact with the H100's tgammaf (sm_90, CUDA 13.0) under each
// of the six captured flag sets. Documented (CUDA C++ Programming Guide
// 13.0, Mathematical Functions, Table 17): "maximum ulp error 5 (full
// range)".
//
// Flags: -ftz=true (and -use_fast_math, which has no library swap for
// tgammaf): the .ftz forms, div.approx.ftz included, so a subnormal x reads
// as ±0 (Tgammaf = ±Inf) and subnormal results flush. -fmad=false:
// mul.rn/add.rn/sub.rn in place of mul/add/sub, with the same results (the
// one multiply feeding a subtraction is not fused in any build).
// -prec-div and -prec-sqrt do not change it.
func (fl Flags) Tgammaf(x float32) float32 { return fromBits(tgammaf(toBits(x), fl.FTZ)) }

// Tgammaf returns tgammaf(x) under nvcc's default flags (Flags{}.Tgammaf).
func Tgammaf(x float32) float32 { return fromBits(tgammaf(toBits(x), false)) }
