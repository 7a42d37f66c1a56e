package ulp

import (
	"math"
	"math/big"
)

// Binary64 kernels of sinh, cosh, tanh, asinh, acosh and atanh: e^|x| from
// expX, ln from logD, logX and log1pX, and a Taylor series where both would
// cancel.

var sinhCof = ratTable(16, func(k int64) *big.Rat { return new(big.Rat).SetFrac(big.NewInt(1), factorial(2*k+1)) })

// expPair returns e^a and e^-a as unscaled xdds for 0 ≤ a ≤ 40 (e^40 < 2^58).
func expPair(a float64) (e, r xdd) {
	v, s := expX(xexact(a))
	e = v.ldexp(s)
	return e, e.recip()
}

// sinhKernel64: sinh x.
//
//	NaN, ±0, ±Inf: themselves
//	|x| < 2^-26: x + x³/6 + … : x + ε·sign(x) (x²/6 < 2^-54.5)
//	|x| > 710.48: |sinh x| > e^|x|/2·(1 − 2^-1000) > 2^1024: ±2^2000
//	|x| < 1/8: x·Σ_{k<K} w^k/(2k+1)! (w = x²), positive terms: the remainder
//	  is at most ρ^(2K)/(2K+1)!·Σ_{i≥0} (ρ²/((2K+2)(2K+3)))^i ≤ 1.01·ρ^(2K)/(2K+1)!
//	  relative to |x|
//	|x| ≤ 40: (e^a − e^-a)/2: the cancellation factor coth a ≤ coth(1/8) < 8.1
//	otherwise: e^a/2·(1 − e^-2a), e^-2a < 2^-115: added to the bound
func sinhKernel64(x uint64) kres64 {
	xf := math.Float64frombits(x)
	a := math.Abs(xf)
	switch {
	case xf != xf, xf == 0, math.IsInf(xf, 0):
		return exact64(xf)
	case a < 0x1p-26:
		return sided(xf, sign8(xf))
	case a > 710.48:
		if xf < 0 {
			return negHugeRes
		}
		return hugeRes
	case a < 0.125:
		k := seriesTerms(a*a, len(sinhCof))
		v := xpoly(xexact(a).sqr(), sinhCof[:k])
		v.err += math.Pow(a, float64(2*k)) / fact(2*k+1) * 1.01 * errUp
		return kres64{v: signed(v.mulD(a), xf < 0)}
	case a <= 40:
		e, r := expPair(a)
		return kres64{v: signed(e.sub(r).ldexp(-1), xf < 0)}
	}
	v, s := expX(xexact(a))
	v.err += math.Abs(v.hi) * 0x1p-114
	return kres64{v: signed(v, xf < 0), scale: s - 1}
}

// coshKernel64: cosh x.
//
//	NaN: NaN; ±Inf: +Inf; ±0: 1
//	|x| < 2^-27: 1 + x²/2 + … : 1 + ε (x²/2 < 2^-55)
//	|x| > 710.48: 2^2000
//	|x| ≤ 40: (e^a + e^-a)/2, a sum of positive terms
//	otherwise: e^a/2·(1 + e^-2a), e^-2a < 2^-115: added to the bound
func coshKernel64(x uint64) kres64 {
	xf := math.Float64frombits(x)
	a := math.Abs(xf)
	switch {
	case xf != xf:
		return exact64(xf)
	case math.IsInf(xf, 0):
		return exact64(a)
	case xf == 0:
		return exact64(1)
	case a < 0x1p-27:
		return sided(1, 1)
	case a > 710.48:
		return hugeRes
	case a <= 40:
		e, r := expPair(a)
		return kres64{v: e.add(r).ldexp(-1)}
	}
	v, s := expX(xexact(a))
	v.err += math.Abs(v.hi) * 0x1p-114
	return kres64{v: v, scale: s - 1}
}

// expm1Small returns e^a − 1 for 2^-60 ≤ a ≤ 40 as an unscaled xdd (the
// expm1Kernel64 paths: the series below 2^-10, e^a − 1 above).
func expm1Small(a float64) xdd {
	if a < 0x1p-10 {
		v := xpoly(xexact(a), expm1Cof[:9]).mulD(a)
		v.err += a * 0x1p-111
		return v
	}
	v, s := expX(xexact(a))
	return v.ldexp(s).addD(-1)
}

// tanhKernel64: tanh x.
//
//	NaN, ±0: themselves; ±Inf: ±1
//	|x| < 2^-27: x − x³/3 + … : x − ε·sign(x)
//	|x| > 20: 1 − tanh|x| = 2/(e^2|x| + 1) < 2^-56.7: ±(1 − ε)
//	|x| < 1/2: em/(em + 2), em = e^2|x| − 1 (expm1Small): no cancellation
//	otherwise: 1 − 2/(e^2|x| + 1) ≥ 0.46
func tanhKernel64(x uint64) kres64 {
	xf := math.Float64frombits(x)
	a := math.Abs(xf)
	switch {
	case xf != xf, xf == 0:
		return exact64(xf)
	case math.IsInf(xf, 0):
		return exact64(math.Copysign(1, xf))
	case a < 0x1p-27:
		return sided(xf, -sign8(xf))
	case a > 20:
		return sided(math.Copysign(1, xf), -sign8(xf))
	}
	var v xdd
	if a < 0.5 {
		em := expm1Small(2 * a)
		v = em.div(em.addD(2))
	} else {
		e, s := expX(xexact(2 * a))
		v = xexact(1).sub(xexact(2).div(e.ldexp(s).addD(1)))
	}
	return kres64{v: signed(v, xf < 0)}
}

// asinhKernel64: asinh x.
//
//	NaN, ±0, ±Inf: themselves
//	|x| < 2^-26: x − x³/6 + … : x − ε·sign(x)
//	|x| > 2^28: ln(2a) + 1/(4a²) − …, the omitted terms below 3/(32a⁴) < 2^-114·ln(2a)
//	|x| < 1/2: log1p(a + a²/(1 + √(1 + a²)))
//	otherwise: ln(a + √(a² + 1))
func asinhKernel64(x uint64) kres64 {
	xf := math.Float64frombits(x)
	a := math.Abs(xf)
	switch {
	case xf != xf, xf == 0, math.IsInf(xf, 0):
		return exact64(xf)
	case a < 0x1p-26:
		return sided(xf, -sign8(xf))
	}
	var v xdd
	switch {
	case a > 0x1p28:
		v = logD(a).add(xln2)
		q := 0.25 / a / a
		v = v.add(xdd{q, 0, q*0x1p-50 + 0x1p-1060})
		v.err += math.Abs(v.hi) * 0x1p-114
	case a < 0.5:
		q := xexact(a).sqr()
		v = log1pX(q.div(q.addD(1).sqrt().addD(1)).addD(a))
	default:
		v = logX(xexact(a).sqr().addD(1).sqrt().addD(a))
	}
	return kres64{v: signed(v, xf < 0)}
}

// acoshKernel64: acosh x.
//
//	NaN: NaN; x < 1: NaN; 1: +0; +Inf: +Inf
//	x > 2^28: ln(2x) − 1/(4x²) − …, the omitted terms below 3/(32x⁴)
//	x < 2: log1p((x − 1) + √((x − 1)(x + 1))), x − 1 exact (Sterbenz)
//	otherwise: ln(x + √(x² − 1))
func acoshKernel64(x uint64) kres64 {
	xf := math.Float64frombits(x)
	switch {
	case xf != xf, xf < 1:
		return exact64(math.NaN())
	case xf == 1:
		return exact64(0)
	case math.IsInf(xf, 1):
		return exact64(xf)
	}
	var v xdd
	switch {
	case xf > 0x1p28:
		v = logD(xf).add(xln2)
		q := 0.25 / xf / xf
		v = v.add(xdd{-q, 0, q*0x1p-50 + 0x1p-1060})
		v.err += math.Abs(v.hi) * 0x1p-114
	case xf < 2:
		m := xf - 1
		v = log1pX(xexact(m).mul(xexact(xf).addD(1)).sqrt().addD(m))
	default:
		v = logX(xexact(xf).sqr().addD(-1).sqrt().addD(xf))
	}
	return kres64{v: v}
}

// atanhKernel64: atanh x.
//
//	NaN, ±0: themselves; ±1: ±Inf; |x| > 1: NaN
//	|x| < 2^-27: x + x³/3 + … : x + ε·sign(x)
//	otherwise: ±log1p(2a/(1 − a))/2, 1 − a by twoSum (exact)
func atanhKernel64(x uint64) kres64 {
	xf := math.Float64frombits(x)
	a := math.Abs(xf)
	switch {
	case xf != xf, xf == 0:
		return exact64(xf)
	case a == 1:
		return exact64(math.Inf(int(sign8(xf))))
	case a > 1:
		return exact64(math.NaN())
	case a < 0x1p-27:
		return sided(xf, sign8(xf))
	}
	v := log1pX(xexact(2 * a).div(xexact(1).addD(-a))).ldexp(-1)
	return kres64{v: signed(v, xf < 0)}
}
