package fp

import (
	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/ptx"
	"github.com/cudafp/cudafp/rounding"
)

// The kernels below are the PTX of kernels logf_, log2f_ and log10f_ in
// ../shared/reference/ptx/default.ptx (CUDA 13.0.88 libdevice, sm_90), one
// Go statement per PTX instruction; with ftz every float instruction takes
// its .ftz form (ftz.ptx). Algorithm (libdevice): scale subnormals by 2^23;
// split x = 2^e·m with m in [2/3, 4/3) (logf, log10f) or [1/√2, √2) (log2f)
// by integer arithmetic on the encoding; evaluate libdevice's polynomial in
// f = m − 1 by Horner's rule with fma; add e·ln 2 (e·1 for log2f). A special
// path handles x ≥ +Inf as an unsigned encoding (+Inf, NaN and every
// negative x): x·Inf + Inf is +Inf for +Inf and NaN for the others. x = ±0
// (after the flush with ftz) gives -Inf last.

// Constants of the reduction (hex-float values in the comments).
const (
	twoM126  = 0x00800000 // 0x1p-126, the smallest normal
	two23    = 0x4b000000 // 0x1p+23, scales a subnormal to a normal
	minus23  = 0xc1b80000 // -23
	twoM23   = 0x34000000 // 0x1p-23, scales the integer exponent field
	minusOne = 0xbf800000 // -1
	ln2      = 0x3f317218 // 0x1.62e43p-01, ln 2 rounded to float
	log2e    = 0x3fb8aa3b // 0x1.715476p+00, log2(e) rounded to float
	log10e   = 0x3ede5bd9 // 0x1.bcb7b2p-02, log10(e) rounded to float
	infBits  = f32.InfBits
	ninfBits = f32.NegInfBits
)

// logReduce returns the reduced argument f = m − 1 and the exponent e (as a
// float, already including the -23 of a scaled subnormal), and the
// (possibly scaled) x whose encoding decides the special cases. offset is
// the encoding of the lower end of m's interval (0x3f2aaaab = 0x1.555556p-01 ≈ 2/3
// for logf and log10f, 0x3f3504f3 = 0x1.6a09e6p-01 ≈ 1/√2 for log2f).
func logReduce(x uint32, offset uint32, ftz bool) (f, e, xs uint32) {
	// setp.lt.f32 p1, x, 0x1p-126; mul.f32 t, x, 0x1p+23; selp x, e0.
	xs, e0 := x, uint32(f32.ZeroBits)
	if ptx.Setp(ptx.LT, x, twoM126, ftz) {
		xs, e0 = mul(x, two23, ftz), minus23
	}
	r3 := xs - offset                           // add.s32 r3, r2, -offset
	r4 := r3 & 0xff800000                       // and.b32: the exponent, as a multiple of 2^23
	r5 := xs - r4                               // sub.s32: m, the significand in its interval
	fe := ptx.CvtF32S32(int32(r4), rounding.RN) // cvt.rn.f32.s32 (exact)
	e = fma(fe, twoM23, e0, ftz)
	f = add(r5, minusOne, ftz)
	return f, e, xs
}

// logCoef and log2Coef are the polynomials of logPoly and log2f in
// Horner order, as the PTX's fma chains use them: p = c0·f + c1, then p =
// p·f + c for each further c.
var (
	logCoef = [...]uint32{
		0xbe055027, // -0x1.0aa04ep-03
		0x3e1039f6, // 0x1.2073ecp-03
		0xbdf8cdcc, // -0x1.f19b98p-04
		0x3e0f2955, // 0x1.1e52aap-03
		0xbe2ad8b9, // -0x1.55b172p-03
		0x3e4ced0b, // 0x1.99da16p-03
		0xbe7fff22, // -0x1.fffe44p-03
		0x3eaaaa78, // 0x1.5554fp-02
		0xbf000000, // -0.5
	}
	log2Coef = [...]uint32{
		0x3dc6b27f, // 0x1.8d64fep-04
		0xbe2c7f30, // -0x1.58fe6p-03
		0x3e2fcf2a, // 0x1.5f9e54p-03
		0xbe374e43, // -0x1.6e9c86p-03
		0x3e520bf4, // 0x1.a417e8p-03
		0xbe763c8b, // -0x1.ec7916p-03
		0x3e93bf99, // 0x1.277f32p-02
		0xbeb8aa49, // -0x1.715492p-02
		0x3ef6384a, // 0x1.ec7094p-02
		0xbf38aa3b, // -0x1.715476p-01
	}
)

// logSpecial is the tail shared by the three kernels: for an encoding xs at
// or above +Inf as unsigned (+Inf, NaN, negative numbers) the result is
// fma.rn(xs, +Inf, +Inf); r is the result otherwise.
func logSpecial(xs, r uint32, ftz bool) uint32 {
	if xs >= infBits { // setp.lt.u32 p2, r2, 0x7f800000 (branch when false)
		r = fma(xs, infBits, infBits, ftz)
	}
	return r
}

// logPoly evaluates logf's polynomial: f + f²·P(f), P of degree 8 (Horner
// with fma), as in logf_ and log10f_.
func logPoly(f uint32, ftz bool) uint32 {
	p := fma(logCoef[0], f, logCoef[1], ftz)
	for _, c := range logCoef[2:] {
		p = fma(p, f, c, ftz)
	}
	p = mul(f, p, ftz) // mul.f32 (feeds an fma: not contracted)
	return fma(p, f, f, ftz)
}

// logf is kernel logf_.
func logf(x uint32, ftz bool) uint32 {
	if r, ok := logfFast(x, false); ok { // fastkern.go
		return r
	}
	return logfSeq(x, ftz)
}

// logfSeq is logf's sequence, instruction by instruction.
func logfSeq(x uint32, ftz bool) uint32 {
	f, e, xs := logReduce(x, 0x3f2aaaab, ftz)
	r := fma(e, ln2, logPoly(f, ftz), ftz)
	r = logSpecial(xs, r, ftz)
	if ptx.Setp(ptx.EQ, xs, f32.ZeroBits, ftz) {
		return ninfBits
	}
	return r
}

// log10f is kernel log10f_: logf's value times log10(e).
func log10f(x uint32, ftz bool) uint32 {
	if r, ok := logfFast(x, true); ok { // fastkern.go
		return r
	}
	return log10fSeq(x, ftz)
}

// log10fSeq is log10f's sequence, instruction by instruction.
func log10fSeq(x uint32, ftz bool) uint32 {
	f, e, xs := logReduce(x, 0x3f2aaaab, ftz)
	r := fma(e, ln2, logPoly(f, ftz), ftz)
	r = logSpecial(xs, r, ftz)
	r = mul(r, log10e, ftz)
	if ptx.Setp(ptx.EQ, xs, f32.ZeroBits, ftz) {
		return ninfBits
	}
	return r
}

// log2f is kernel log2f_: f·log2(e) + f²·Q(f) + e, Q of degree 8.
func log2f(x uint32, ftz bool) uint32 {
	if r, ok := log2fFast(x); ok { // fastkern.go
		return r
	}
	return log2fSeq(x, ftz)
}

// log2fSeq is log2f's sequence, instruction by instruction.
func log2fSeq(x uint32, ftz bool) uint32 {
	f, e, xs := logReduce(x, 0x3f3504f3, ftz)
	q := fma(log2Coef[0], f, log2Coef[1], ftz)
	for _, c := range log2Coef[2:] {
		q = fma(q, f, c, ftz)
	}
	q = mul(f, q, ftz)
	q = mul(f, q, ftz)
	r := fma(f, log2e, q, ftz)
	r = add(e, r, ftz) // add.f32: its operands are an fma and a cvt, nothing to contract
	r = logSpecial(xs, r, ftz)
	if ptx.Setp(ptx.EQ, xs, f32.ZeroBits, ftz) {
		return ninfBits
	}
	return r
}
