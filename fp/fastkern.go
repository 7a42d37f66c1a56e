package fp

import (
	"math"

	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/ptx"
)

// Fast paths of the library kernels. Each runs its kernel's PTX sequence on
// the common arguments with the call-free fast paths of fastarith.go
// (fmaF, mulF, host float32 adds), accumulates their oks, and reports
// ok = false when any step must be decided by the general instruction (a
// binary64 sum on a binary32 midpoint, a result that is zero, tiny,
// infinite or NaN); the caller then runs the kernel as written, step by
// step. Where the fast path replaces an instruction by closed-form host
// arithmetic, a comment proves the two equal on the arguments that reach it.
// fastarith_test.go compares every fast path with its kernel.

// normalArg reports whether x is a normal float32 (under .ftz the fast
// paths' operands must be normal: fmaF).
func normalArg(x uint32) bool { return x&f32.ExpMask-f32.MinNormalBits < f32.ExpMask-f32.MinNormalBits }

// expFast is expKernel's fast path for normal x, the same sequence:
//
//	t = fma.rn(x, scale, 0.5)                fmaF
//	t = cvt.sat(t)                           a clamp (t is not NaN)
//	j = fma.rm(t, 252, 0x1.800002p+23)       12582913 + ⌊252·t⌋, see below
//	k = add(j, -0x1.8000fep+23)              exact (integers below 2^24)
//	r = fma.rn(x, hi, -k); r = fma.rn(x, lo, r)
//	ex2.approx.ftz(r) · 2^k                  mulF
//
// fma.rm: after cvt.sat, t is +0 or in [2^-125, 1] (fmaF's ok excludes
// smaller magnitudes, so .ftz does not change t), the exact 252·t +
// 12582913 lies in [2^23, 2^24), where binary32's spacing is 1, so rounding
// it down is 12582913 + ⌊252·t⌋; 252·t is exact in binary64 (32 bits).
//
// Arguments of magnitude 128 or more (±Inf included) end in closed form:
// for x ≥ 128, t ≥ 128·scale + 1/2 > 1 saturates, k = 126, r = x·hi − 126 ≥
// 58 (hi ≥ log2 e), ex2(r) ≥ 2^58 and the product overflows to +Inf; for
// x ≤ −128, t saturates to 0, k = −126, r ≤ −58, and ex2(r)·2^-126 ≤ 2^-184
// rounds to +0 (flushed or not).
func expFast(x uint32, c expConsts) (uint32, bool) {
	if a := x & f32.AbsMask; a >= 0x43000000 && a <= f32.InfBits { // 128 ≤ |x| ≤ Inf
		if x < f32.SignMask {
			return f32.InfBits, true
		}
		return f32.ZeroBits, true
	}
	ok := normalArg(x)
	xf := math.Float32frombits(x)
	t, ok1 := fmaF(xf, math.Float32frombits(c.scale), 0.5)
	t = max(0, min(t, 1)) // cvt.sat: t is not NaN
	jf := float32(12582913 + math.Floor(float64(t)*252))
	k := jf + math.Float32frombits(0xcb40007f)
	r, ok2 := fmaF(xf, math.Float32frombits(c.hi), -k)
	r, ok3 := fmaF(xf, math.Float32frombits(c.lo), r)
	e := math.Float32frombits(ptx.Ex2Approx(math.Float32bits(r), true))
	z, ok4 := mulF(e, math.Float32frombits(math.Float32bits(jf)<<23))
	return math.Float32bits(z), ok && ok1 && ok2 && ok3 && ok4
}

// logReduceFast is logReduce for normal positive finite x, where its
// subnormal scaling and logSpecial's branch are not taken:
//
//	r4 = (x − offset) & 0xff800000, m = x − r4   integer, as the PTX
//	e = fma.rn(cvt.rn.f32.s32(r4), 2^-23, +0)    exact: r4 has at most 9 significant bits
//	f = add.f32(m, −1)                           host binary32 add
//
// f is zero for x = 1 and may be tiny near 1: ok requires it normal, so that
// the polynomial's fmaF steps see normal operands under .ftz.
func logReduceFast(x, offset uint32) (f, e float32, ok bool) {
	// The callers answer x ≥ +Inf and negative x first (logEdge).
	r4 := (x - offset) & 0xff800000
	e = float32(int32(r4)) * 0x1p-23
	f = math.Float32frombits(x-r4) - 1
	return f, e, normalArg(x) && x < f32.SignMask && normalArg(math.Float32bits(f))
}

// hornerFast is the chain p = fma.rn(c0, f, c1), p = fma.rn(p, f, c) for
// each further c, with fmaF.
func hornerFast(f float32, c []uint32) (float32, bool) {
	p, ok := fmaF(math.Float32frombits(c[0]), f, math.Float32frombits(c[1]))
	for _, ci := range c[2:] {
		var oki bool
		p, oki = fmaF(p, f, math.Float32frombits(ci))
		ok = ok && oki
	}
	return p, ok
}

// addF is add.rn.f32 on the host of two operands that are not subnormal,
// ok for sums from 2^-125 up to MaxFinite (no zero, tiny, infinite or NaN
// sum).
func addF(a, b float32) (float32, bool) {
	z := a + b
	return z, math.Float32bits(z)&f32.AbsMask-2<<23 < f32.InfBits-2<<23
}

// logEdge answers the logarithms' arguments that end in logSpecial's
// fma(xs, +Inf, +Inf) (the PTX's unsigned test xs ≥ 0x7f800000): +Inf for
// +Inf, the canonical NaN for NaNs and for negative x that are neither
// zero nor subnormal (a negative normal stays negative through logReduce's
// scaling; subnormals and -0 go to the sequence, where .ftz decides). log10f's
// final multiply keeps both.
func logEdge(x uint32) (uint32, bool) {
	switch {
	case x == f32.InfBits:
		return f32.InfBits, true
	case x > f32.InfBits && x&f32.ExpMask != 0: // +NaN, or negative normal, -Inf or -NaN
		return f32.CanonicalNaNBits, true
	}
	return 0, false
}

// logfFast is logf (and, with log10, log10f) for normal positive finite x:
// logReduceFast, logPoly, fma.rn(e, ln 2, p), then mul.f32 by log10(e).
func logfFast(x uint32, log10 bool) (uint32, bool) {
	if r, ok := logEdge(x); ok {
		return r, true
	}
	f, e, ok := logReduceFast(x, 0x3f2aaaab)
	p, ok1 := hornerFast(f, logCoef[:])
	p, ok2 := mulF(f, p)
	p, ok3 := fmaF(p, f, f)
	r, ok4 := fmaF(e, math.Float32frombits(ln2), p) // e may be +0: not subnormal, so fmaF holds under .ftz
	ok5 := true
	if log10 {
		r, ok5 = mulF(r, math.Float32frombits(log10e))
	}
	return math.Float32bits(r), ok && ok1 && ok2 && ok3 && ok4 && ok5
}

// log2fFast is log2f for normal positive finite x.
func log2fFast(x uint32) (uint32, bool) {
	if r, ok := logEdge(x); ok {
		return r, true
	}
	f, e, ok := logReduceFast(x, 0x3f3504f3)
	q, ok1 := hornerFast(f, log2Coef[:])
	q, ok2 := mulF(f, q)
	q, ok3 := mulF(f, q)
	r, ok4 := fmaF(f, math.Float32frombits(log2e), q)
	r, ok5 := addF(e, r) // e may be +0
	return math.Float32bits(r), ok && ok1 && ok2 && ok3 && ok4 && ok5
}
