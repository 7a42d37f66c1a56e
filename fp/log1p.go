package fp

import (
	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/ptx"
	"github.com/cudafp/cudafp/rounding"
)

// The kernels below are the PTX of kernels log1pf_, asinhf_, acoshf_ and
// atanhf_ in ../shared/reference/ptx/default.ptx (CUDA 13.0.88 libdevice,
// sm_90), one Go statement per PTX instruction; with ftz every float
// instruction takes its .ftz form (ftz.ptx; fast.ptx is the same text, none
// of the four is among -use_fast_math's swaps), and fmad0.ptx spells each
// mul.f32, add.f32 and sub.f32 as mul.rn, add.rn and sub.rn: no multiply of
// these kernels feeds an add (the SASS of the default build has the same
// FMUL, FADD and FFMA as the PTX), so the results are the same.
//
// Algorithm (libdevice): log1p(u) splits 1 + u = 2^e·m, m in [0.75, 1.5),
// reading e from the encoding of add.rz(u, 1) biased by 0x3f400000 (0.75)
// and computing m − 1 = (u − 2^e·(m − 1) stays exact) as (2^-e − 1) + u·2^-e
// on the encodings; a polynomial in f = m − 1 (Horner with fma) and e·ln 2
// give the result. Arguments at or above +Inf as unsigned encodings (+Inf,
// NaN and every negative u) take a special path: those below -1 and +Inf
// and NaN get fma.rn(u, +Inf, +Inf) (NaN, +Inf, NaN), and a zero (-0, or a
// negative subnormal with ftz) gives -0. asinhf, acoshf and atanhf compute
// an argument for this log1p sequence, inlined in each kernel.

// log1pCoef is the polynomial of log1pCore in Horner order: p = c0·f + c1,
// then p = p·f + c for each further c.
var log1pCoef = [...]uint32{
	0xbd39bf78, // -0x1.737efp-05
	0x3dd80012, // 0x1.b00024p-04
	0xbe0778e0, // -0x1.0ef1cp-03
	0x3e146475, // 0x1.28c8eap-03
	0xbe2a68dd, // -0x1.54d1bap-03
	0x3e4caf9e, // 0x1.995f3cp-03
	0xbe800042, // -0x1.000084p-02
	0x3eaaaae6, // 0x1.5555ccp-02
	0xbf000000, // -0.5
}

const (
	quarter   = 0x3e800000  // 0.25
	negZero   = 0x80000000  // -0
	negOneInt = -1082130431 // int32 encoding of -0x1.000002p+00, the largest negative encoding below -1
)

// log1pCore is libdevice's log1p sequence on u, as kernel log1pf_ has it
// and asinhf_, acoshf_ and atanhf_ inline it.
func log1pCore(u uint32, ftz bool) uint32 {
	t := ptx.Add(u, oneBits, rounding.RZ, ftz) // add.rz.f32 t, u, 1
	r5 := (t - 0x3f400000) & 0xff800000        // add.s32, and.b32: e, as a multiple of 2^23
	m := u - r5                                // sub.s32: u·2^-e
	s := 0x40800000 - r5                       // sub.s32: 4·2^-e
	f := fma(quarter, s, minusOne, ftz)        // fma.rn 0.25·s − 1 = 2^-e − 1
	f = add(f, m, ftz)                         // add.f32: f = m − 1
	e := ptx.CvtF32S32(int32(r5), rounding.RN) // cvt.rn.f32.s32 (exact)
	e = mul(e, twoM23, ftz)                    // mul.f32 e·2^-23
	p := fma(log1pCoef[0], f, log1pCoef[1], ftz)
	for _, c := range log1pCoef[2:] {
		p = fma(p, f, c, ftz)
	}
	p = mul(f, p, ftz)    // mul.f32 (feeds an fma's multiplicand: not contracted)
	p = fma(p, f, f, ftz) // fma.rn f + f²·P(f)
	r := fma(e, ln2, p, ftz)
	if u < infBits { // setp.lt.u32 (branch when true)
		return r
	}
	if int32(u) >= negOneInt { // setp.lt.s32 (branch when true): +Inf, NaN, u < -1
		r = fma(u, infBits, infBits, ftz)
	}
	if ptx.Setp(ptx.EQ, u, f32.ZeroBits, ftz) {
		r = negZero
	}
	return r
}

// log1pf is kernel log1pf_.
func log1pf(x uint32, ftz bool) uint32 { return log1pCore(x, ftz) }

// asinhf is kernel asinhf_: log1p(|x| + x²/(1 + √(1 + x²))) with the sign
// of x, and log1p(|x|) + ln 2 for |x| > 2^23.
func asinhf(x uint32, ftz bool) uint32 {
	a := ptx.Abs(x, ftz)                   // abs.f32
	q := fma(x, x, oneBits, ftz)           // fma.rn x·x + 1
	r := ptx.RsqrtApprox(q, true)          // rsqrt.approx.ftz.f32
	d := fma(q, r, oneBits, ftz)           // fma.rn q·r + 1 = 1 + √q
	d = ptx.RcpApprox(d, true)             // rcp.approx.ftz.f32
	t := mul(a, d, ftz)                    // mul.f32 |x|/(1 + √q)
	t = fma(a, t, a, ftz)                  // fma.rn |x|·t + |x|
	big := ptx.Setp(ptx.GT, a, two23, ftz) // setp.gt.f32 |x| > 2^23
	if big {
		t = a
	}
	l := log1pCore(t, ftz)
	if big {
		l = add(l, ln2, ftz) // add.f32 l + ln 2
	}
	if ptx.Setp(ptx.LE, a, infBits, ftz) { // setp.le.f32: not NaN
		l = ptx.Copysign(l, x) // copysign.f32 l, x: the sign of x
	}
	return l
}

// acoshf is kernel acoshf_: log1p((x − 1) + √(x² − 1)), and log1p((x − 1) −
// (1 + 2^-23)) + ln 2 where x − 1 > 2^23 or x − 1 is negative (an unsigned
// comparison of its encoding).
func acoshf(x uint32, ftz bool) uint32 {
	xm := ptx.Sub(x, oneBits, rounding.RN, ftz) // sub.rn.f32 x − 1
	big := xm > two23                           // setp.gt.u32
	q := fma(x, x, minusOne, ftz)               // fma.rn x·x − 1
	r := ptx.RsqrtApprox(q, true)               // rsqrt.approx.ftz.f32
	s := mul(q, r, ftz)                         // mul.f32 √q ≈ q·r
	h := mul(r, halfBits, ftz)                  // mul.f32 r/2
	c := fma(ptx.Neg(s, ftz), s, q, ftz)        // neg.f32, fma.rn q − s²
	s = fma(c, h, s, ftz)                       // fma.rn s + (q − s²)·r/2
	if ptx.Setp(ptx.EQ, q, f32.ZeroBits, ftz) {
		s = f32.ZeroBits
	}
	if big {
		s = 0xbf800001 // -0x1.000002p+00
	}
	u := add(xm, s, ftz) // add.f32
	l := log1pCore(u, ftz)
	if big {
		l = add(l, ln2, ftz) // add.f32 l + ln 2
	}
	return l
}

// atanhf is kernel atanhf_: log1p(2|x|/(1 − |x|))/2 with the sign of x, the
// quotient as |x|·(2·rcp.approx(1 − |x|)), and log1p(-2) (NaN) for |x| >
// 2^126.
func atanhf(x uint32, ftz bool) uint32 {
	a := ptx.Abs(x, ftz)                      // abs.f32
	d := sub(oneBits, a, ftz)                 // sub.f32 1 − |x|
	d = ptx.RcpApprox(d, true)                // rcp.approx.ftz.f32
	d = add(d, d, ftz)                        // add.f32 2·rcp
	u := mul(a, d, ftz)                       // mul.f32
	if ptx.Setp(ptx.GT, a, 0x7e800000, ftz) { // setp.gt.f32 |x| > 2^126
		u = 0xc0000000 // -2
	}
	l := log1pCore(u, ftz)
	h := ptx.Copysign(halfBits, x) // copysign.f32 x, 0.5
	return mul(h, l, ftz)          // mul.f32
}
