package fp

import (
	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/ptx"
	"github.com/cudafp/cudafp/rounding"
)

// The kernels below are the PTX of kernels asinf_, acosf_, atanf_ and
// atan2f_ in ../shared/reference/ptx/default.ptx (CUDA 13.0.88 libdevice,
// sm_90), one Go statement per PTX instruction; with ftz every float
// instruction takes its .ftz form (ftz.ptx; fast.ptx is the same text, none
// of the four is among -use_fast_math's swaps), and fmad0.ptx spells each
// mul.f32 and add.f32 as mul.rn and add.rn: no multiply of these kernels
// feeds an add (the SASS of the default build has the same FMUL, FADD and
// FFMA as the PTX), so the results are the same.
//
// Algorithm (libdevice): asinf and acosf evaluate an odd polynomial of
// asin on [0, 0.56] (0x3f0f5c29), and beyond it on √((1 − |x|)/2), with
// asin|x| = π/2 − 2·asin√((1 − |x|)/2); the square root is rsqrt.approx
// refined by one Newton step. atanf evaluates an odd polynomial of atan on
// |x| ≤ 1, and π/2 − atan(1/|x|) with rcp.approx beyond; atan2f divides the
// smaller magnitude by the larger (div.rn) and places the angle in its
// octant. π/2 is the product 0x1.ddcb02p+00·0x1.ae9d66p-01 (3π/4 with
// 0x1.ddcb02p+01), rounded once by the fma that adds the correction.

// π/2 split as the product of two floats; piH2 is 2·piH1.
const (
	piF1  = 0x3f6ee581 // 0x1.ddcb02p-01
	piF2  = 0x3fd774eb // 0x1.ae9d66p+00
	piF1x = 0x3feee581 // 0x1.ddcb02p+00 = 2·piF1
)

var (
	asinCoef = [...]uint32{
		0x3d4dd2f7, // 0x1.9ba5eep-05
		0x3c99ca97, // 0x1.33952ep-06
		0x3d3f90e8, // 0x1.7f21dp-05
		0x3d993ccf, // 0x1.32799ep-04
		0x3e2aac04, // 0x1.555808p-03
	}
	acosCoef = [...]uint32{
		0x3d10ecef, // 0x1.21d9dep-05
		0x3c8b1abb, // 0x1.163576p-06
		0x3cfc028c, // 0x1.f80518p-06
		0x3d372139, // 0x1.6e4272p-05
		0x3d9993db, // 0x1.3327b6p-04
		0x3e2aaac6, // 0x1.55558cp-03
	}
	atanCoef = [...]uint32{
		0x3b2090aa, // 0x1.412154p-09
		0xbc6be14f, // -0x1.d7c29ep-07
		0x3d23397e, // 0x1.4672fcp-05
		0xbd948a7a, // -0x1.2914f4p-04
		0x3dd76b21, // 0x1.aed642p-04
		0xbe111e88, // -0x1.223d1p-03
		0x3e4caf60, // 0x1.995ecp-03
		0xbeaaaa27, // -0x1.55544ep-02
	}
	atan2Coef = [...]uint32{
		0x3b33710b, // 0x1.66e216p-09
		0xbc807748, // -0x1.00ee9p-06
		0x3d2cdab2, // 0x1.59b564p-05
		0xbd992d10, // -0x1.325a2p-04
		0x3dd9ea6c, // 0x1.b3d4d8p-04
		0xbe117cb1, // -0x1.22f962p-03
		0x3e4cbce0, // 0x1.9979cp-03
		0xbeaaaa7d, // -0x1.5554fap-02
	}
)

// horner returns the polynomial c in s: p = c0·s + c1, then p = p·s + c.
func horner(c []uint32, s uint32, ftz bool) uint32 {
	p := fma(c[0], s, c[1], ftz)
	for _, k := range c[2:] {
		p = fma(p, s, k, ftz)
	}
	return p
}

// asinHalfRoot is the opening shared by asinf_ and acosf_: a = |x| and the
// argument t of the polynomial, √((1 − a)/2) for a > 0x1.1eb852p-01 (0.56,
// with big set) and a otherwise.
func asinHalfRoot(x uint32, ftz bool) (a, t uint32, big bool) {
	a = ptx.Abs(x, ftz)                                // abs.f32
	h := fma(halfBits, ptx.Neg(a, ftz), halfBits, ftz) // neg.f32, fma.rn 0.5·(−a) + 0.5
	r := ptx.RsqrtApprox(h, true)                      // rsqrt.approx.ftz.f32
	s := mul(h, r, ftz)                                // mul.f32 √h ≈ h·r
	hr := mul(r, halfBits, ftz)                        // mul.f32 r/2
	c := fma(ptx.Neg(s, ftz), hr, halfBits, ftz)       // neg.f32, fma.rn 0.5 − s·r/2
	s = fma(s, c, s, ftz)                              // fma.rn s + s·c
	if ptx.Setp(ptx.EQ, a, oneBits, ftz) {
		s = f32.ZeroBits
	}
	big = ptx.Setp(ptx.GT, a, 0x3f0f5c29, ftz) // setp.gt.f32 a > 0x1.1eb852p-01
	if big {
		return a, s, true
	}
	return a, a, false
}

// asinf is kernel asinf_.
func asinf(x uint32, ftz bool) uint32 {
	_, t, big := asinHalfRoot(x, ftz)
	s := mul(t, t, ftz) // mul.f32
	p := horner(asinCoef[:], s, ftz)
	p = mul(s, p, ftz)     // mul.f32
	r := fma(p, t, t, ftz) // fma.rn t + t·s·P(s)
	if big {
		r = fma(piF1, piF2, mul(r, 0xc0000000, ftz), ftz) // mul.f32 −2r, fma.rn π/2 − 2r
	}
	if ptx.Setp(ptx.LE, r, infBits, ftz) { // setp.le.f32: not NaN
		r = ptx.Copysign(r, x) // copysign.f32 x, r
	}
	return r
}

// acosf is kernel acosf_.
func acosf(x uint32, ftz bool) uint32 {
	_, t, big := asinHalfRoot(x, ftz)
	t = ptx.Copysign(t, x) // copysign.f32 x, t
	s := mul(t, t, ftz)    // mul.f32
	p := horner(acosCoef[:], s, ftz)
	p = mul(s, p, ftz)     // mul.f32
	r := fma(p, t, t, ftz) // fma.rn t + t·s·P(s)
	n := ptx.Neg(r, ftz)   // neg.f32
	if big {
		n = r
	}
	n = fma(piF1, piF2, n, ftz) // fma.rn π/2 ∓ r
	if ptx.Setp(ptx.GT, x, 0x3f0f5c29, ftz) {
		n = r
	}
	if big {
		n = add(n, n, ftz) // add.f32
	}
	return n
}

// atanf is kernel atanf_.
func atanf(x uint32, ftz bool) uint32 {
	a := ptx.Abs(x, ftz)                        // abs.f32
	small := ptx.Setp(ptx.LEU, a, oneBits, ftz) // setp.leu.f32 a ≤ 1 or NaN
	t := a
	if ptx.Setp(ptx.GT, a, oneBits, ftz) {
		t = ptx.RcpApprox(a, true) // rcp.approx.ftz.f32
	}
	s := mul(t, t, ftz) // mul.f32
	p := horner(atanCoef[:], s, ftz)
	p = mul(s, p, ftz)     // mul.f32
	r := fma(p, t, t, ftz) // fma.rn t + t·s·P(s)
	if !small {
		r = fma(piF1, piF2, ptx.Neg(r, ftz), ftz) // neg.f32, fma.rn π/2 − r
	}
	if ptx.Setp(ptx.LE, a, infBits, ftz) { // setp.le.f32: not NaN
		r = ptx.Copysign(r, x)
	}
	return r
}

// atan2f is kernel atan2f_ for atan2f(y, x).
func atan2f(y, x uint32, ftz bool) uint32 {
	ax := ptx.Abs(x, ftz)                  // abs.f32
	ay := ptx.Abs(y, ftz)                  // abs.f32
	steep := ptx.Setp(ptx.GT, ay, ax, ftz) // setp.gt.f32 |y| > |x|
	hi, lo := ax, ay
	if steep {
		hi, lo = ay, ax
	}
	q := ptx.Div(lo, hi, rounding.RN, ftz) // div.rn.f32
	s := mul(q, q, ftz)                    // mul.f32
	p := horner(atan2Coef[:], s, ftz)
	p = mul(s, p, ftz)     // mul.f32
	r := fma(p, q, q, ftz) // fma.rn q + q·s·P(s)
	xneg := int32(x) < 0   // setp.lt.s32 on x's encoding
	switch {
	case steep && xneg:
		r = fma(piF1, piF2, r, ftz) // π/2 + r
	case steep:
		r = fma(piF1, piF2, ptx.Neg(r, ftz), ftz) // π/2 − r
	case xneg:
		r = fma(piF1x, piF2, ptx.Neg(r, ftz), ftz) // π − r
	}
	zero, diag := uint32(f32.ZeroBits), uint32(0x3f490fdb) // 0, π/4
	if xneg {
		zero, diag = 0x40490fdb, 0x4016cbe4 // π, 3π/4
	}
	if ptx.Setp(ptx.EQ, ax, ay, ftz) {
		r = diag
	}
	if ptx.Setp(ptx.EQ, hi, f32.ZeroBits, ftz) {
		r = zero
	}
	sum := add(ax, ay, ftz)                                 // add.f32 |x| + |y|
	if ptx.Setp(ptx.GTU, ptx.Abs(sum, ftz), infBits, ftz) { // abs.f32, setp.gtu.f32: NaN
		return sum
	}
	return ptx.Copysign(r, y) // copysign.f32 y, r
}
