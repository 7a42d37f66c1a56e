package ulp

import (
	"math"
	"math/big"
)

// Binary64 kernels of e^x, 2^x, 10^x and e^x − 1.
//
// All reduce to 2^(e + j/128)·e^r with integers e, j (0 ≤ j < 128) and |r| ≤
// ln2/256·(1 + 2^-40) < 2^-8.5, r an xdd, and evaluate e^r by its Taylor
// polynomial (expCore64). The split constants come from gen_tables64.go,
// 2^(j/128) from gen_tables.go (expTab).

// Series coefficients, exact rationals rounded to double-doubles once, at
// initialisation (ddRat): each within 2^-105 of its value, relatively.
var (
	invFact  = ratTable(28, func(n int64) *big.Rat { return new(big.Rat).SetFrac(big.NewInt(1), factorial(n)) })
	expm1Cof = ratTable(10, func(n int64) *big.Rat { return new(big.Rat).SetFrac(big.NewInt(1), factorial(n+1)) })
)

func factorial(n int64) *big.Int { return new(big.Int).MulRange(1, max(n, 1)) }

// ratTable returns the double-doubles of f(0), …, f(n−1) (ddRat).
func ratTable(n int, f func(int64) *big.Rat) []xdd {
	t := make([]xdd, n)
	for i := range t {
		t[i] = ddRat(f(int64(i)))
	}
	return t
}

// ddRat returns the double-double of the rational r: hi = RN53(r), lo =
// RN53(r − hi) (big.Rat.Float64 is correctly rounded), so |hi + lo − r| ≤
// 2^-53·|r − hi| ≤ 2^-106·|r|·(1 + 2^-52); err is 2^-105·|hi| (0 when hi +
// lo is r).
func ddRat(r *big.Rat) xdd {
	hi, _ := r.Float64()
	rest := new(big.Rat).Sub(r, new(big.Rat).SetFloat64(hi))
	lo, exact := rest.Float64()
	if exact {
		return xdd{hi: hi, lo: lo}
	}
	return xdd{hi, lo, 0x1p-105 * math.Abs(hi)}
}

// expCore64 returns an enclosure of 2^(j/128)·e^r for 0 ≤ j < 128 and an
// xdd r within 2^-8.5 of 0 (its error included).
//
// e^r = Σ_{n≤9} r^n/n! + R with |R| ≤ ρ^10/10!·e^ρ (Lagrange; ρ ≥ |r| bounds
// every point of r's enclosure) ≤ 2^-85·2^-21.79·1.003 < 2^-106.7; the
// polynomial's own errors are carried by the xdd operations, and r's error
// propagates through them. T = 2^(j/128) is expTab's double-double,
// within 2^-105 relatively (gen_tables.go; the 400-bit enclosure adds
// 2^-390).
func expCore64(j int, r xdd) xdd {
	rho := (math.Abs(r.hi) + math.Abs(r.lo) + r.err) * errUp
	p := xpoly(r, invFact[:10])
	rho2 := rho * rho
	rho10 := rho2 * rho2 * rho2 * rho2 * rho2
	p.err += rho10 * (1.0 / 3628800) * 1.01
	t := expTab[j]
	if j == 0 {
		return p
	}
	return p.mul(xconst(t[0], t[1], 0x1p-105))
}

// expSplit returns k = round(t·128/ln2), j = k mod 128 and e = ⌊k/128⌋ for a
// float64 t with |t| < 746.
func expSplit(t float64) (kf float64, j, e int) {
	k := roundHalf(t * invLn2N)
	return float64(k), k & 127, k >> 7
}

// expReduce64 returns r = t − k·ln2/128 as an xdd, for t = th + tl (an xdd
// with |th| < 746) and kf = round(th·128/ln2).
//
// r1 = th − k·ln2N64a is exact: k·ln2N64a is exact (35 + 18 bits, |k| <
// 2^18); for k ≠ 0, |th| > 2^-8.6, a multiple of 2^-61, and so is k·ln2N64a
// (its last bit weighs 2^-42): |r1| < 2^-8 is a multiple of 2^-61 below 2^-8,
// which 53 bits hold. twoProd(k, ln2N64b) is exact; q = fl(k·ln2N64c) errs
// by at most 2^-53·|q|; the split's own error, |k|·2^-53·|ln2N64c| <
// 2^-132, is added.
func expReduce64(t xdd, kf float64) xdd {
	r1 := t.hi - kf*ln2N64a
	p, pe := twoProd(kf, ln2N64b)
	q := kf * ln2N64c
	r := xdd{r1, 0, 0}.add(xdd{-p, -pe, 0}).add(xdd{-q, 0, 0x1p-52 * math.Abs(q)})
	// t.lo and t.err: |t.lo| ≤ 2^-53·|th| < 2^-43.
	if t.lo != 0 || t.err != 0 {
		r = r.add(xdd{t.lo, 0, t.err})
	}
	return r
}

// expX returns an enclosure of e^t = 2^scale·v for an xdd t with |t.hi| <
// 745.2 (so |k| < 2^18 and the reduced r stays within 2^-8.5: |t·128/ln2 −
// k| ≤ 1/2 + 2^-40).
func expX(t xdd) (v xdd, scale int) {
	kf, j, e := expSplit(t.hi)
	return expCore64(j, expReduce64(t, kf)), e
}

// expKernel64: e^x.
//
//	x > 709.79: e^x > 2^1024.01, rounds as 2^2000 (Value: a representative)
//	x < -745.2: 0 < e^x < 2^-1075.09, rounds as 2^-3000
//	|x| < 2^-54: e^x = 1 + x + δ, 0 < δ < x²: 1 + ε on the side of x (the
//	  nearest binary64 numbers are 1 ± 2^-53 and 1 − 2^-52; |x| + x² < 2^-53)
//	otherwise: expX; its error as derived there
func expKernel64(x uint64) kres64 {
	xf := math.Float64frombits(x)
	if r, ok := expSpecial64(xf); ok {
		return r
	}
	switch {
	case xf > 709.79:
		return hugeRes
	case xf < -745.2:
		return tinyRes
	case math.Abs(xf) < 0x1p-54:
		return sided(1, sign8(xf))
	}
	v, e := expX(xexact(xf))
	return kres64{v: v, scale: e}
}

// expSpecial64 handles the special cases shared by the exponentials.
//
// Special cases are:
//
//	f(NaN) = NaN
//	f(+Inf) = +Inf
//	f(-Inf) = +0
//	f(±0) = 1
func expSpecial64(x float64) (kres64, bool) {
	switch {
	case x != x:
		return exact64(x), true
	case math.IsInf(x, 1):
		return exact64(x), true
	case math.IsInf(x, -1):
		return exact64(0), true
	case x == 0:
		return exact64(1), true
	}
	return kres64{}, false
}

func sign8(x float64) int8 {
	if x < 0 {
		return -1
	}
	return 1
}

// exp2Kernel64: 2^x.
//
//	x an integer: 2^x exactly
//	x > 1024: 2^x > 2^1024, rounds as 2^2000; x < -1075: rounds as 2^-3000
//	|x| < 2^-55: 2^x = 1 + x·ln2 + δ, 0 < δ < x²: 1 + ε on the side of x
//	otherwise: k = round(128·x), r = x − k/128 exact (for k ≠ 0, |x| ≥ 2^-8,
//	  a multiple of 2^-60; |r| ≤ 2^-8), s = r·ln2 (xdd), expCore64
func exp2Kernel64(x uint64) kres64 {
	xf := math.Float64frombits(x)
	if r, ok := expSpecial64(xf); ok {
		return r
	}
	switch ax := math.Abs(xf); {
	case xf == math.Trunc(xf) && ax <= 2000:
		n := int(xf)
		if n >= -1074 && n <= 1023 {
			return exact64(math.Ldexp(1, n))
		}
		return kres64{v: xexact(1), scale: n}
	case xf > 1024:
		return hugeRes
	case xf < -1075:
		return tinyRes
	case ax < 0x1p-55:
		return sided(1, sign8(xf))
	}
	k := roundHalf(xf * 128)
	r := xf - float64(k)*(1.0/128)
	s := xconst(ln2Hi, ln2Lo, 0x1p-105).mulD(r)
	return kres64{v: expCore64(k&127, s), scale: k >> 7}
}

// pow10Exact64[n] = 10^n, the powers of ten that are binary64 numbers (n ≤
// 22: 10^n = 5^n·2^n and 5^22 < 2^53).
var pow10Exact64 = func() (p [23]float64) {
	v := 1.0
	for n := range p {
		p[n] = v
		v *= 10 // exact: 5^n·2^n with 5^n < 2^53
	}
	return p
}()

// exp10Kernel64: 10^x.
//
//	x an integer in [0, 22]: 10^x exactly; x = 23: 10^23 is a midpoint
//	  (5^23 has 54 bits): the oracle rounds it (other integers give values
//	  that are not rounding boundaries, non-integers irrational ones)
//	x > 308.26: 10^x > 2^1024, rounds as 2^2000; x < -323.61: rounds as 2^-3000
//	|x| < 2^-56: 10^x = 1 + x·ln10 + δ, 0 < δ < 3x²: 1 + ε on the side of x
//	otherwise: k = round(x·128·log2(10)), r = x − k·log10(2)/128 as in
//	  expReduce64 (lg2N64a has 35 bits, its last of weight 2^-43; for k ≠
//	  0, |x| > 2^-9.8, a multiple of 2^-62, |r1| < 2^-9), s = r·ln10 (xdd),
//	  expCore64
func exp10Kernel64(x uint64) kres64 {
	xf := math.Float64frombits(x)
	if r, ok := expSpecial64(xf); ok {
		return r
	}
	switch {
	case xf == math.Trunc(xf) && xf >= 0 && xf <= 22:
		return exact64(pow10Exact64[int(xf)])
	case xf == 23:
		return slowRes
	case xf > 308.26:
		return hugeRes
	case xf < -323.61:
		return tinyRes
	case math.Abs(xf) < 0x1p-56:
		return sided(1, sign8(xf))
	}
	k := roundHalf(xf * log2of10N)
	kf := float64(k)
	r1 := xf - kf*lg2N64a
	p, pe := twoProd(kf, lg2N64b)
	q := kf * lg2N64c
	r := xdd{r1, 0, 0}.add(xdd{-p, -pe, 0}).add(xdd{-q, 0, 0x1p-52 * math.Abs(q)})
	s := r.mul(xconst(ln10Hi, ln10Lo, 0x1p-105))
	return kres64{v: expCore64(k&127, s), scale: k >> 7}
}

// expm1Kernel64: e^x − 1.
//
//	NaN, ±Inf, ±0: NaN, +Inf, -1, ±0
//	|x| < 2^-54: x + x²/2 + … : x + ε (x²/2 < 2^-55·|x|)
//	x > 709.79: rounds as 2^2000
//	x < -38.5: −1 < e^x − 1 < −1 + 2^-55.5: −1 + ε
//	|x| < 2^-10: x·Σ_{n≤8} x^n/(n+1)!, remainder ≤ |x|·|x|^9/10!·e^|x| <
//	  2^-111.7·|x|
//	x > 700: e^x·(1 − e^-x), e^-x < 2^-1009: the factor widens the bound
//	otherwise: expX(x)·2^scale − 1; |e^x − 1| ≥ 2^-10, so the absolute
//	  error of e^x (2^-104·e^x) is relatively at most 2^-93
func expm1Kernel64(x uint64) kres64 {
	xf := math.Float64frombits(x)
	switch {
	case xf != xf, xf == 0, math.IsInf(xf, 1):
		return exact64(xf)
	case math.IsInf(xf, -1):
		return exact64(-1)
	case math.Abs(xf) < 0x1p-54:
		return sided(xf, 1)
	case xf > 709.79:
		return hugeRes
	case xf < -38.5:
		return sided(-1, 1)
	case math.Abs(xf) < 0x1p-10:
		v := xpoly(xexact(xf), expm1Cof[:9]).mulD(xf)
		v.err += math.Abs(xf) * 0x1p-111
		return kres64{v: v}
	}
	v, e := expX(xexact(xf))
	if xf > 700 {
		v.err += math.Abs(v.hi) * 0x1p-1000
		return kres64{v: v, scale: e}
	}
	return kres64{v: v.ldexp(e).addD(-1)}
}
