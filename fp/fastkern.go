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
//	t = cvt.sat(t)                           }
//	j = fma.rm(t, 252, 0x1.800002p+23)       } n = min(max(trunc(252·t), 0), 252)
//	k = add(j, -0x1.8000fep+23)              k = n − 126, exact
//	r = fma.rn(x, hi, -k); r = fma.rn(x, lo, r)
//	ex2.approx.ftz(r) · 2^k                  exact where normal: k·2^23 added to the encoding
//
// cvt.sat and fma.rm: after the clamp, t is +0 or in [2^-125, 1] (fmaF's ok
// excludes smaller magnitudes, so .ftz does not change t), the exact 252·t
// + 12582913 lies in [2^23, 2^24), where binary32's spacing is 1, so
// rounding it down is j = 12582913 + n, n = ⌊252·t⌋ ∈ [0, 252], and k = j −
// 12583039 = n − 126 exactly; j's encoding shifted left by 23 keeps the low
// 9 bits of its significand, 1 + n, in the exponent field: 2^k. ⌊252·t⌋ is
// monotonic in t, so clamping it to [0, 252] is clamping t to [0, 1] first;
// 252·t is exact in binary64 (at most 30 bits) and below 2^31 in magnitude
// (|t| < 2 for |x| < 128), and its truncation toward zero equals ⌊252·t⌋
// wherever the clamp keeps it (t ≥ 0).
//
// Arguments of magnitude below 2^-26 (±0 and subnormals included, read as
// zeros or not), of magnitude 128 or more (±Inf included), and NaNs end in
// closed form. Below 2^-26, t rounds to 1/2, so k = 0, and |r| ≤ 4·2^-26 <
// 2^-23 (log2(b) < 4), whose ex2.approx is 1: the result is 1. A NaN makes
// t NaN, cvt.sat 0, r NaN, and the NaN result canonical. For x ≥ 128, t ≥ 128·scale + 1/2 > 1 saturates, k = 126, r = x·hi − 126 ≥
// 58 (hi ≥ log2 e), ex2(r) ≥ 2^58 and the product overflows to +Inf; for
// x ≤ −128, t saturates to 0, k = −126, r ≤ −58, and ex2(r)·2^-126 ≤ 2^-184
// rounds to +0 (flushed or not).
func expFast(x uint32, c expConsts) (uint32, bool) {
	if a := x & f32.AbsMask; a-0x32800000 >= 0x43000000-0x32800000 { // |x| < 2^-26, |x| ≥ 128, NaN
		switch {
		case a > f32.InfBits:
			return f32.CanonicalNaNBits, true
		case a < 0x32800000:
			return f32.OneBits, true
		case x < f32.SignMask:
			return f32.InfBits, true
		}
		return f32.ZeroBits, true
	}
	ok := normalArg(x)
	xf := math.Float32frombits(x)
	t, ok1 := fmaF(xf, math.Float32frombits(c.scale), 0.5)
	n := min(max(int32(float64(t)*252), 0), 252)
	r, ok2 := fmaW(xf, math.Float32frombits(c.hi), float64(126-n))
	r, ok3 := fmaF(xf, math.Float32frombits(c.lo), r)
	// The product of ex2(r) by 2^k, k = n − 126, is exact where it is
	// normal: the integer sum of k·2^23 and ex2's encoding, whose exponent
	// field must lie in [2, 254] as mulF's result does.
	z := ptx.Ex2Approx(math.Float32bits(r), true) + uint32(n-126)<<23
	return z, ok && ok1 && ok2 && ok3 && z>>23-2 < 0xff-2
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

// fmaExact is fma.rn on the host where the binary64 sum of the exact
// product and c is itself exact and in binary32's normal range: float32 of
// it is then the correctly rounded result, .ftz or not, with nothing to
// check. Its callers' arguments are the enumerations of
// TestLogChainsExact, which run every reachable operand through the chain.
// math.FMA (correctly rounded on every port) rounds the exact a·b + c
// once, to the binary64 sum of the exact product and c that the product
// (exact in binary64) and an add would give: the same value, in one
// instruction where the CPU has one.
func fmaExact(a, b, c float32) float32 { return float32(math.FMA(float64(a), float64(b), float64(c))) }

// mulExact is mul.rn on the host where the product (exact in binary64) is
// known to lie in binary32's normal range: one rounding, nothing to check.
func mulExact(a, b float32) float32 { return float32(float64(a) * float64(b)) }

// logHorner and log2Horner are the chains p = fma.rn(c0, f, c1), p =
// fma.rn(p, f, c) for each further c of logCoef and log2Coef, each fma as
// fmaExact computes it: every sum of the logarithms' polynomials is exact
// in binary64 and of magnitude at least 1/16 for every reduced argument f
// (TestLogChainsExact). Written out: the chain is the kernels' critical
// path.
func logHorner(f float32) float32 {
	c, fd := &logCoef64, float64(f)
	p := float32(math.FMA(c[0], fd, c[1]))
	p = float32(math.FMA(float64(p), fd, c[2]))
	p = float32(math.FMA(float64(p), fd, c[3]))
	p = float32(math.FMA(float64(p), fd, c[4]))
	p = float32(math.FMA(float64(p), fd, c[5]))
	p = float32(math.FMA(float64(p), fd, c[6]))
	p = float32(math.FMA(float64(p), fd, c[7]))
	return float32(math.FMA(float64(p), fd, c[8]))
}

func log2Horner(f float32) float32 {
	c, fd := &log2Coef64, float64(f)
	p := float32(math.FMA(c[0], fd, c[1]))
	p = float32(math.FMA(float64(p), fd, c[2]))
	p = float32(math.FMA(float64(p), fd, c[3]))
	p = float32(math.FMA(float64(p), fd, c[4]))
	p = float32(math.FMA(float64(p), fd, c[5]))
	p = float32(math.FMA(float64(p), fd, c[6]))
	p = float32(math.FMA(float64(p), fd, c[7]))
	p = float32(math.FMA(float64(p), fd, c[8]))
	return float32(math.FMA(float64(p), fd, c[9]))
}

// logCoef64 and log2Coef64 are logCoef and log2Coef as float64 values.
var (
	logCoef64  = [len(logCoef)]float64(widen(logCoef[:]))
	log2Coef64 = [len(log2Coef)]float64(widen(log2Coef[:]))
)

func widen(c []uint32) []float64 {
	w := make([]float64, len(c))
	for i, u := range c {
		w[i] = float64(math.Float32frombits(u))
	}
	return w
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
// logPoly's chain (the polynomial, mul.f32 f·p, fma.rn(p, f, f)) is exact
// in binary64 at every step (logHorner, TestLogChainsExact); the last fma
// adds e·ln 2 and is checked.
func logfFast(x uint32, log10 bool) (uint32, bool) {
	if r, ok := logEdge(x); ok {
		return r, true
	}
	f, e, ok := logReduceFast(x, 0x3f2aaaab)
	p := logHorner(f)
	p = mulExact(f, p)
	p = fmaExact(p, f, f)
	r, ok1 := fmaF(e, math.Float32frombits(ln2), p) // e may be +0: not subnormal, so fmaF holds under .ftz
	ok2 := true
	if log10 {
		r, ok2 = mulF(r, math.Float32frombits(log10e))
	}
	return math.Float32bits(r), ok && ok1 && ok2
}

// log2fFast is log2f for normal positive finite x: the polynomial and the
// two mul.f32 are exact in binary64 (TestLogChainsExact); the fma with
// log2(e) and the add of e are checked.
func log2fFast(x uint32) (uint32, bool) {
	if r, ok := logEdge(x); ok {
		return r, true
	}
	f, e, ok := logReduceFast(x, 0x3f3504f3)
	q := log2Horner(f)
	q = mulExact(f, q)
	q = mulExact(f, q)
	r, ok1 := fmaF(f, math.Float32frombits(log2e), q)
	r, ok2 := addF(e, r) // e may be +0
	return math.Float32bits(r), ok && ok1 && ok2
}

// sincosPolyFast is sinfBits, cosfBits and sincosfBits for normal x with
// |x| < 105615 up to the quadrant's selection: the reduction (trigReduce's
// Cody–Waite branch) and both polynomials on host floating point, in one
// body so that the fast paths make one call:
//
//	t = mul.rn(x, 2/π)                       mulF
//	q = cvt.rni.s32.f32(t)                   math.RoundToEven: exact, |t| < 2^17
//	qf = cvt.rn.f32.s32(q)                   exact, |q| < 2^24
//	r = fma.rn(qf, -π/2 hi, x), then mid, lo fmaF
//	s ≈ sin r, c ≈ cos r                     fmaF, mulF
//
// For q = 0 trigReduce answers r = x at once; the fmas give x too (+0·c +
// x = x for x ≠ 0), so no branch is needed. Both polynomials are computed
// (quadrant selects among them without a branch that the random quadrant
// would mispredict). fma.rn(x2, r, +0) is mul.rn(x2, r): equal for the
// nonzero products mulF accepts.
func sincosPolyFast(x uint32) (s, c float32, q uint32, ok bool) {
	xf := math.Float32frombits(x)
	t, ok0 := mulF(xf, math.Float32frombits(twoOverPiF32))
	qi := int32(math.RoundToEven(float64(t)))
	qf := float32(qi)
	r, okr1 := fmaF(qf, math.Float32frombits(negPio2Hi), xf)
	r, okr2 := fmaF(qf, math.Float32frombits(negPio2Mid), r)
	r, okr3 := fmaF(qf, math.Float32frombits(negPio2Lo), r)
	q = uint32(qi)
	ok0 = ok0 && okr1 && okr2 && okr3 && normalArg(x) && x&f32.AbsMask < trigSlowMin
	x2, ok := mulF(r, r)
	cp, ok1 := fmaF(math.Float32frombits(cosC0), x2, math.Float32frombits(cosC1))
	cp, ok2 := fmaF(cp, x2, math.Float32frombits(cosC2))
	cp, ok3 := fmaF(cp, x2, math.Float32frombits(cosC3))
	cp, ok4 := fmaF(cp, x2, 1)
	t, ok5 := mulF(x2, r)
	sp, ok6 := fmaF(math.Float32frombits(sinC0), x2, math.Float32frombits(sinC1))
	sp, ok7 := fmaF(sp, x2, math.Float32frombits(sinC2))
	sp, ok8 := fmaF(sp, t, r)
	return sp, cp, q, ok0 && ok && ok1 && ok2 && ok3 && ok4 && ok5 && ok6 && ok7 && ok8
}

// quadrant returns the results of sinf (q) or cosf (q+1) from the
// polynomials' s and c: c when q is odd, s when even, negated (a sign flip:
// the fast paths' values are normal) when q&2 is set.
func quadrant(s, c float32, q uint32) uint32 {
	z := math.Float32bits(s)
	if q&1 != 0 {
		z = math.Float32bits(c)
	}
	return z ^ q>>1<<31
}

// sinfFast is sinfBits for normal x with |x| < 105615.
func sinfFast(x uint32) (uint32, bool) {
	s, c, q, ok := sincosPolyFast(x)
	return quadrant(s, c, q), ok
}

// cosfFast is cosfBits for normal x with |x| < 105615.
func cosfFast(x uint32) (uint32, bool) {
	s, c, q, ok := sincosPolyFast(x)
	return quadrant(s, c, q+1), ok
}

// sincosfFast is sincosfBits for normal x with |x| < 105615.
func sincosfFast(x uint32) (s, c uint32, ok bool) {
	sp, cp, q, ok := sincosPolyFast(x)
	return quadrant(sp, cp, q), quadrant(sp, cp, q+1), ok
}

// addZ is addF that also accepts an exact zero sum: a binary32 sum of
// operands that are not subnormal is zero only when it is exact, and the
// host's zero has IEEE 754's sign in RN (+0 unless both operands are −0),
// as add.rn's has; .ftz does not touch a zero.
func addZ(a, b float32) (float32, bool) {
	z := a + b
	u := math.Float32bits(z) & f32.AbsMask
	return z, u-2<<23 < f32.InfBits-2<<23 || u == 0
}

// fmaZ is fmaF that also accepts an exact zero result and decides the
// binary32 midpoints that fmaF hands back. The product p = a·b is exact in
// binary64 and s = p + c is its rounded sum (fmaW). An exact zero (p + c =
// 0: binary64 does not underflow on these operands, so s = 0 only then)
// has IEEE 754's sign in RN, as fma.rn's does, and the float32 conversion
// keeps it. Where s lies on a binary32 midpoint (its 29 bits below
// binary32's last place are 1000…0), TwoSum gives the exact error e = p +
// c − s (Knuth; binary64 RN, no overflow at these magnitudes): for e = 0,
// s is the exact sum and its conversion rounds it to nearest even, as
// fma.rn does; otherwise the exact sum lies strictly on e's side of the
// midpoint, within half a binary64 unit of s, and so does s moved one
// binary64 unit toward it (in the same binade: the midpoint pattern is far
// from its ends), whose conversion is then the rounding of the exact sum.
// The sums of powf's double-float steps cancel and have few significant
// bits, so that they fall on midpoints often.
func fmaZ(a, b, c float32) (float32, bool) {
	const lo = 1023 - 125                 // binary64 biased exponent of 2^-125
	p := float64(float64(a) * float64(b)) // exact; the conversion keeps it from fusing with the add
	cw := float64(c)
	s := p + cw
	u := math.Float64bits(s)
	if u&(1<<29-1) == 1<<28 {
		d := s - p
		if e := (p - (s - d)) + (cw - d); e != 0 { // TwoSum: s + e = p + c
			if (e > 0) == (s > 0) {
				u++
			} else {
				u--
			}
		}
	}
	return float32(math.Float64frombits(u)), u>>52&0x7ff-lo < 1023+128-lo || u<<1 == 0
}

// powfFast is powf for positive normal x ≠ 1 and normal y, where the
// kernel's special-case selection returns its main result r: the same
// sequence on the host (fmaF, mulF, addZ), with
//
//	xs = |x|, e0 = 0                         x is normal: no scaling
//	e = fma.rn(cvt.rn.f32.s32(r4), 2^-23, 0) exact: r4 has at most 9 significant bits
//	cvt.rni.f32.f32 z                        math.RoundToEven (exact)
//	cvt.rzi.s32.f32 n                        a conversion of an integer with |n| ≤ 152
//	|z| > 152                                +Inf for z > 0, +0 for z < 0, as the kernel
//	neg.f32                                  a sign flip (its operands here are normal or zero)
//
// rcp.approx.ftz is ptx.RcpApprox itself.
func powfFast(x, y uint32) (uint32, bool) {
	ok := normalArg(x) && x < f32.SignMask && x != f32.OneBits && normalArg(y)
	fv := math.Float32frombits
	r4 := (x - 0x3f3504f3) & 0xff800000
	m := fv(x - r4)
	e := float32(int32(r4)) * 0x1p-23
	fm1 := m - 1 // exact (Sterbenz), zero when x is a power of 2
	mp1 := m + 1 // in [1.7, 2.5): normal
	rc := fv(ptx.RcpApprox(math.Float32bits(mp1), true))
	u, ok1 := mulF(fm1+fm1, rc) // fm1 + fm1 exact
	u2, ok2 := mulF(u, u)
	t, ok3 := addZ(fm1, -u)
	t, ok4 := fmaZ(-u, fm1, t+t) // t + t exact
	ul, ok5 := mulF(rc, t)
	p, ok6 := fmaF(fv(0x3a2c32e4), u2, fv(0x3b52e7db))
	p, ok7 := fmaF(p, u2, fv(0x3c93bb73))
	p, ok8 := fmaF(p, u2, fv(0x3df6384f))
	p, ok9 := mulF(p, u2)
	hi, ok10 := fmaF(u, fv(log2e), e)
	eh, ok11 := addZ(e, -hi)
	s, ok12 := fmaZ(u, fv(log2e), eh)
	s, ok13 := fmaZ(ul, fv(log2e), s)
	s, ok14 := fmaZ(u, fv(0x32a55e34), s)
	p3, ok15 := mulF(p, 3)
	s, ok16 := fmaZ(p3, ul, s)
	lo, ok17 := fmaZ(p, u, s)
	l, ok18 := addZ(hi, lo)
	lh, ok19 := addZ(l, -hi)
	ll, ok20 := addZ(lo, -lh)
	ok = ok && ok1 && ok2 && ok3 && ok4 && ok5 && ok6 && ok7 && ok8 && ok9 && ok10 &&
		ok11 && ok12 && ok13 && ok14 && ok15 && ok16 && ok17 && ok18 && ok19 && ok20

	yf := fv(y)
	z, ok1 := mulF(l, yf)
	zl, ok2 := fmaZ(l, yf, -z)
	zl, ok3 = fmaZ(ll, yf, zl)
	n := float32(math.RoundToEven(float64(z)))
	zn, ok4 := addZ(z, -n)
	fr, ok5 := addZ(zl, zn)
	q, ok6 := fmaF(fv(0x391fcb8e), fr, fv(0x3aaf85ed))
	q, ok7 = fmaF(q, fr, fv(0x3c1d9856))
	q, ok8 = fmaF(q, fr, fv(0x3d6357bb))
	q, ok9 = fmaF(q, fr, fv(0x3e75fdec))
	q, ok10 = fmaF(q, fr, fv(ln2))
	q, ok11 = fmaF(q, fr, 1)
	ok = ok && ok1 && ok2 && ok3 && ok4 && ok5 && ok6 && ok7 && ok8 && ok9 && ok10 && ok11
	if math.Float32bits(z)&f32.AbsMask > 0x43180000 { // |z| > 152
		if z < 0 {
			return f32.ZeroBits, ok
		}
		return f32.InfBits, ok
	}
	ni := uint32(int32(n))
	b := uint32(0x83000000) // -0x1p-121 as an exponent offset
	if n > 0 {
		b = 0
	}
	r, ok12 := mulF(q, fv(b+0x7f000000))
	r = r * fv(ni<<23-b) // mul.rn of normal operands: see below
	rb := math.Float32bits(r)
	// The last multiply may overflow or underflow: +Inf and ±0 are the
	// rounding of the exact product with .ftz or without (an exact result
	// that rounds to zero is flushed to zero too), a subnormal result is
	// not (mulF's range). Its operands are normal: r by ok12, and the power
	// of two whose biased exponent is n for 0 < n ≤ 152, n + 250 for
	// −152 ≤ n ≤ 0.
	ok13 = rb&f32.AbsMask-2<<23 < f32.InfBits-2<<23 || rb&f32.AbsMask == f32.InfBits || rb&f32.AbsMask == 0
	return rb, ok && ok12 && ok13
}
