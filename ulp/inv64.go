package ulp

import (
	"math"
	"math/big"
)

// Binary64 kernels of atan, asin, acos and atan2.
//
// All rest on atanCore: atan t for 0 ≤ t ≤ 1 as atan(c) + atan(u), c = j/64
// (j = round(64t)), u = (t − c)/(1 + t·c), |u| ≤ 2^-7 (atan(j/64) from
// atanTab, gen_tables64.go, within 2^-105 relatively), atan u by its
// alternating series. Arguments above 1 use atan t = π/2 − atan(1/t).

// atanCof[k] = (−1)^k/(2k+1): atan u = u·Σ atanCof[k]·(u²)^k.
var atanCof = ratTable(30, func(k int64) *big.Rat {
	r := big.NewRat(1, 2*k+1)
	if k%2 == 1 {
		r.Neg(r)
	}
	return r
})

// xpiHalf and xpi are π/2 and π (piOver32 times 16 and 32: exact scalings).
var (
	xpiHalf = xconst(16*piOver32Hi, 16*piOver32Lo, 0x1p-105)
	xpi     = xconst(32*piOver32Hi, 32*piOver32Lo, 0x1p-105)
)

// atanSeries returns atan u for an xdd u within 2^-6 of 0: u·Σ_{k<K}
// (−u²)^k/(2k+1), an alternating series of decreasing terms: the remainder
// is at most the first omitted term, ρ^(2K)/(2K+1) relative to |u|.
func atanSeries(u xdd) xdd {
	rho := (math.Abs(u.hi) + math.Abs(u.lo) + u.err) * errUp
	k := seriesTerms(rho*rho, len(atanCof))
	v := xpoly(u.sqr(), atanCof[:k])
	v.err += math.Pow(rho, float64(2*k)) / float64(2*k+1) * errUp
	return v.mul(u)
}

// atanCore returns atan t for an xdd t in [0, 1] (enclosure included, up to
// rounding: j is clamped to [0, 64]). t − c is exact in the xdd sense (its
// bound covers it), 1 + t·c ≥ 1, so |u| ≤ |t − c| ≤ 2^-7 + t.err.
func atanCore(t xdd) xdd {
	j := max(0, min(64, int(math.RoundToEven(t.hi*64))))
	if j == 0 {
		return atanSeries(t)
	}
	c := float64(j) / 64
	u := t.addD(-c).div(t.mulD(c).addD(1))
	a := atanTab[j]
	return xconst(a[0], a[1], 0x1p-105).add(atanSeries(u))
}

// atanRatio returns atan(n/d) for xdd n, d > 0 (enclosures positive):
// atanCore(n/d) when n ≤ d, π/2 − atanCore(d/n) otherwise.
func atanRatio(n, d xdd) xdd {
	if n.hi <= d.hi {
		return atanCore(n.div(d))
	}
	return xpiHalf.sub(atanCore(d.div(n)))
}

// atanKernel64: atan x.
//
//	NaN, ±0: themselves; ±Inf: ±π/2
//	|x| < 2^-27: x − x³/3 + … : x − ε·sign(x)
//	otherwise: ±atanRatio(|x|, 1)
func atanKernel64(x uint64) kres64 {
	xf := math.Float64frombits(x)
	switch {
	case xf != xf, xf == 0:
		return exact64(xf)
	case math.IsInf(xf, 0):
		return kres64{v: signed(xpiHalf, xf < 0)}
	case math.Abs(xf) < 0x1p-27:
		return sided(xf, -sign8(xf))
	}
	return kres64{v: signed(atanRatio(xexact(math.Abs(xf)), xexact(1)), xf < 0)}
}

func signed(v xdd, neg bool) xdd {
	if neg {
		return v.neg()
	}
	return v
}

// oneMinusSq returns (1 − a)(1 + a) = 1 − a² for 0 ≤ a ≤ 1 as an xdd: 1 − a
// and 1 + a are formed by twoSum (exact), their product by xdd.mul.
func oneMinusSq(a float64) xdd { return xexact(1).addD(-a).mul(xexact(1).addD(a)) }

// asinKernel64: asin x.
//
//	NaN, ±0: themselves; |x| > 1: NaN; ±1: ±π/2
//	|x| < 2^-27: x + x³/6 + … : x + ε·sign(x)
//	otherwise: ±atan(|x|/√(1 − x²)) (atanRatio)
func asinKernel64(x uint64) kres64 {
	xf := math.Float64frombits(x)
	a := math.Abs(xf)
	switch {
	case xf != xf, xf == 0:
		return exact64(xf)
	case a > 1:
		return exact64(math.NaN())
	case a == 1:
		return kres64{v: signed(xpiHalf, xf < 0)}
	case a < 0x1p-27:
		return sided(xf, sign8(xf))
	}
	return kres64{v: signed(atanRatio(xexact(a), oneMinusSq(a).sqrt()), xf < 0)}
}

// acosKernel64: acos x.
//
//	NaN: NaN; |x| > 1: NaN; 1: +0; -1: π; ±0: π/2
//	x > 0: atan(√(1 − x²)/x) (atanRatio); x < 0: π − acos(|x|) (≥ π/2: no
//	  cancellation)
func acosKernel64(x uint64) kres64 {
	xf := math.Float64frombits(x)
	a := math.Abs(xf)
	switch {
	case xf != xf, a > 1:
		return exact64(math.NaN())
	case xf == 1:
		return exact64(0)
	case xf == -1:
		return kres64{v: xpi}
	case xf == 0:
		return kres64{v: xpiHalf}
	}
	v := atanRatio(oneMinusSq(a).sqrt(), xexact(a))
	if xf < 0 {
		v = xpi.sub(v)
	}
	return kres64{v: v}
}

// atan2Kernel64: atan2(y, x), with the special cases of the oracle's Atan2
// (C99 F.9.1.4), in order:
//
//	NaN if x or y is NaN
//	atan2(±0, x) = ±0 for x ≥ +0, ±π for x ≤ -0
//	atan2(y, ±0) = ±π/2 for y ≠ 0
//	atan2(±Inf, +Inf) = ±π/4, atan2(±Inf, -Inf) = ±3π/4, atan2(±Inf, x) = ±π/2
//	atan2(y, +Inf) = ±0, atan2(y, -Inf) = ±π for finite y
//
// Otherwise, with a = |y|, b = |x| and d = ⌊log2 a⌋ − ⌊log2 b⌋:
//
//	d > 60: atan(a/b) = π/2 − atan(b/a), atan(b/a) ∈ [q − q³/3, q] for q =
//	  b/a < 2^-59 (for d > 1100, q < 2^-1099 is left in the bound)
//	d < −60: atan(a/b) = q − q³/3 + … for q = a/b < 2^-59, computed scaled
//	  (a·2^-ea and b·2^-eb are exact, q·2^-d in [2^-1, 2^1]), relative
//	  error q²/3 < 2^-119 added
//	otherwise: atanRatio on a and b scaled by the same power of two (exact)
//
// then π − v for x < 0, and the sign of y.
func atan2Kernel64(y, x uint64) kres64 {
	yf, xf := math.Float64frombits(y), math.Float64frombits(x)
	ny := yf < 0 || yf == 0 && math.Signbit(yf)
	nx := xf < 0 || xf == 0 && math.Signbit(xf)
	pis := func(num, den float64) kres64 { // ±π·num/den, num/den ∈ {1, 1/2, 1/4, 3/4}
		return kres64{v: signed(xpi.mulD(num/den), ny)}
	}
	switch {
	case xf != xf || yf != yf:
		return exact64(math.NaN())
	case yf == 0 && !nx:
		return exact64(yf)
	case yf == 0:
		return pis(1, 1)
	case xf == 0:
		return pis(1, 2)
	case math.IsInf(yf, 0) && math.IsInf(xf, 1):
		return pis(1, 4)
	case math.IsInf(yf, 0) && math.IsInf(xf, -1):
		return pis(3, 4)
	case math.IsInf(yf, 0):
		return pis(1, 2)
	case math.IsInf(xf, 1):
		return exact64(math.Copysign(0, yf))
	case math.IsInf(xf, -1):
		return pis(1, 1)
	}
	a, b := math.Abs(yf), math.Abs(xf)
	ma, ea := math.Frexp(a)
	mb, eb := math.Frexp(b)
	d := ea - eb
	var v xdd
	switch {
	case d > 60:
		var q xdd
		if d > 1100 {
			q = xdd{0, 0, 0x1p-1099}
		} else {
			q = xexact(mb).div(xexact(ma)).ldexp(-d)
			q.err += math.Abs(q.hi) * 0x1p-118
		}
		v = xpiHalf.sub(q)
	case d < -60:
		q := xexact(ma).div(xexact(mb))
		q.err += math.Abs(q.hi) * 0x1p-118
		if !nx {
			return kres64{v: signed(q, ny), scale: d}
		}
		if d < -1100 {
			q = xdd{0, 0, 0x1p-1099}
		} else {
			q = q.ldexp(d)
		}
		v = q
	default:
		v = atanRatio(xexact(math.Ldexp(ma, d)), xexact(mb))
	}
	if nx {
		v = xpi.sub(v)
	}
	return kres64{v: signed(v, ny)}
}
