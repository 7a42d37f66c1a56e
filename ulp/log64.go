package ulp

import (
	"math"
	"math/big"
)

// Binary64 kernels of ln x, log2 x, log10 x and ln(1 + x).
//
// x = 2^e·m, m ∈ [1, 2) exact; i = the top 7 fraction bits; c = logC[i] (12
// bits, gen_tables.go); twoProd(m, c) = p + pe exactly, p − 1 is exact
// (Sterbenz: p ∈ [1 − 2^-7, 1 + 2^-7]), so r = (p − 1) + pe = m·c − 1 exactly,
// as a double-double; |r| < 2^-7 (cells 0 and 127 have c = 1 and 1/2, the
// others |m·c − 1| ≤ 2^-8 + 2^-13). Then ln x = e·ln2 + T_i + log1p(r), T_i =
// −ln c = logT[i] (within 2^-105 relatively, gen_tables.go), and log1p r
// by its alternating series (log1pSeries).

// log1pCof[n] = (−1)^n/(n+1): log1p(r) = r·Σ log1pCof[n]·r^n.
var log1pCof = ratTable(40, func(n int64) *big.Rat {
	r := big.NewRat(1, n+1)
	if n%2 == 1 {
		r.Neg(r)
	}
	return r
})

// seriesTerms returns the number N of terms of a series whose n-th term is
// at most ρ^n (times a factor at most 1) for the omitted part to be near
// 2^-110 relatively, capped at max; the caller bounds the remainder of the
// N it gets.
func seriesTerms(rho float64, max int) int {
	if rho == 0 {
		return 1
	}
	_, e := math.Frexp(rho) // ρ < 2^e
	if e >= 0 {
		return max
	}
	return min(max, 110/(-e)+1)
}

// log1pSeries returns log1p(r) for an xdd r within 2^-6 of 0 (its error
// included): r·Σ_{n<N} (−r)^n/(n+1). The omitted terms, (−r)^n/(n+1) for n ≥
// N, are at most ρ^N/(N+1)·1/(1 − ρ) ≤ ρ^N/(N+1)·1.02 together (ρ ≥ |r|
// over r's enclosure; a geometric bound, valid for either sign); relative to
// |r| that is ρ^(N)·1.02/(N+1).
func log1pSeries(r xdd) xdd {
	rho := (math.Abs(r.hi) + math.Abs(r.lo) + r.err) * errUp
	n := seriesTerms(rho, len(log1pCof))
	v := xpoly(r, log1pCof[:n])
	v.err += math.Pow(rho, float64(n)) * 1.02 / float64(n+1) * errUp
	return v.mul(r)
}

// logParts returns e, i and the exact r (an xdd with err 0) of a positive
// finite x (subnormals normalized).
func logParts(x float64) (e, i int, r xdd) {
	b := math.Float64bits(x)
	if b < 1<<52 { // subnormal: scale by 2^54 (exact)
		b = math.Float64bits(x * 0x1p54)
		e = -54
	}
	e += int(b>>52) - 1023
	frac := b & fracMask64
	m := math.Float64frombits(0x3ff<<52 | frac)
	i = int(frac >> 45)
	p, pe := twoProd(m, logC[i])
	hi, lo := twoSum(p-1, pe)
	return e, i, xdd{hi: hi, lo: lo}
}

// logTerms returns ln x = e·ln2 + t for a positive finite x: t = T_i +
// log1p(r). When e = −1 and i = 127 (x ∈ [1 − 2^-8, 1)), −ln2 + T_127 = −ln2 +
// ln2 = 0 exactly and is left out (e = 0, t = log1p(r)), so that no absolute
// error of the tables remains next to 1.
func logTerms(x float64) (e int, t xdd) {
	e, i, r := logParts(x)
	t = log1pSeries(r)
	if e == -1 && i == 127 {
		return 0, t
	}
	if i != 0 {
		t = xconst(logT[i][0], logT[i][1], 0x1p-105).add(t)
	}
	return e, t
}

var (
	xln2    = xconst(ln2Hi, ln2Lo, 0x1p-105)
	xinvLn2 = xconst(invLn2Hi, invLn2Lo, 0x1p-105)
	xinvL10 = xconst(invLn10Hi, invLn10Lo, 0x1p-105)
)

// logD returns ln x for a positive finite float64 x.
func logD(x float64) xdd {
	e, t := logTerms(x)
	if e == 0 {
		return t
	}
	return xln2.mulD(float64(e)).add(t)
}

// logX returns ln a for an xdd a > 0 whose enclosure stays positive: ln a.hi
// + ln(1 + δ) with δ = a.lo/a.hi exactly, |δ| ≤ 2^-53: the computed δ errs
// by at most 2^-53·|δ|, and |ln(1 + δ) − δ| ≤ δ²·0.51; a.err propagates as
// a.err/min(a) (ln's derivative), min(a) ≥ |a.hi|·(1 − 2^-52) − a.err.
func logX(a xdd) xdd {
	if !(a.hi > 4*a.err) {
		return xdd{math.Log(a.hi), 0, math.Inf(1)}
	}
	v := logD(a.hi)
	if a.lo == 0 && a.err == 0 {
		return v
	}
	d := a.lo / a.hi
	return v.add(xdd{d, 0, (0x1p-52*math.Abs(d)+d*d+a.err/(a.hi*(1-0x1p-52)-a.err))*errUp + errFloor})
}

// log1pX returns ln(1 + u) for an xdd u > −1: log1pSeries for |u| < 2^-7,
// logX(1 + u) otherwise (|ln(1 + u)| > 2^-7.1 there, so the absolute errors
// of 1 + u stay relatively small).
func log1pX(u xdd) xdd {
	if math.Abs(u.hi) < 0x1p-7 {
		return log1pSeries(u)
	}
	return logX(u.addD(1))
}

// logSpecial64 handles the special cases shared by the logarithms.
//
// Special cases are:
//
//	f(NaN) = NaN
//	f(±0) = -Inf
//	f(x < 0) = NaN
//	f(+Inf) = +Inf
//	f(1) = +0
func logSpecial64(x float64) (kres64, bool) {
	switch {
	case x != x:
		return exact64(x), true
	case x == 0:
		return exact64(math.Inf(-1)), true
	case x < 0:
		return exact64(math.NaN()), true
	case math.IsInf(x, 1):
		return exact64(x), true
	case x == 1:
		return exact64(0), true
	}
	return kres64{}, false
}

// logKernel64: ln x (logD).
func logKernel64(x uint64) kres64 {
	xf := math.Float64frombits(x)
	if r, ok := logSpecial64(xf); ok {
		return r
	}
	return kres64{v: logD(xf)}
}

// log2Kernel64: log2 x = e + t/ln2 (logTerms), exact (e) for x = 2^e.
func log2Kernel64(x uint64) kres64 {
	xf := math.Float64frombits(x)
	if r, ok := logSpecial64(xf); ok {
		return r
	}
	e, i, r := logParts(xf)
	if i == 0 && r.hi == 0 {
		return exact64(float64(e))
	}
	e, t := logTerms(xf)
	v := t.mul(xinvLn2)
	if e != 0 {
		v = v.addD(float64(e))
	}
	return kres64{v: v}
}

// log10Kernel64: log10 x = ln x/ln 10, exact (n) for x = 10^n, 1 ≤ n ≤ 22
// (the powers of ten that are binary64 numbers; log10 is irrational at
// every other rational).
func log10Kernel64(x uint64) kres64 {
	xf := math.Float64frombits(x)
	if r, ok := logSpecial64(xf); ok {
		return r
	}
	if xf >= 10 && xf <= 1e22 && xf == math.Trunc(xf) {
		for n, p := range pow10Exact64 {
			if p == xf {
				return exact64(float64(n))
			}
		}
	}
	return kres64{v: logD(xf).mul(xinvL10)}
}

// log1pKernel64: ln(1 + x).
//
//	NaN, ±0, +Inf: themselves; -1: -Inf; x < -1: NaN
//	|x| < 2^-54: x − x²/2 + … : x − ε (x²/2 < 2^-55·|x|)
//	otherwise: log1pX(x)
func log1pKernel64(x uint64) kres64 {
	xf := math.Float64frombits(x)
	switch {
	case xf != xf, xf == 0, math.IsInf(xf, 1):
		return exact64(xf)
	case xf == -1:
		return exact64(math.Inf(-1))
	case xf < -1:
		return exact64(math.NaN())
	case math.Abs(xf) < 0x1p-54:
		return sided(xf, -1)
	}
	return kres64{v: log1pX(xexact(xf))}
}
