package oracle

import (
	"math"
	"math/big"
)

// Enclosures of exp, expm1, log, sin, cos and tan of big.Float arguments.
// Each returns an interval that contains the exact value; its relative width
// is about 2^-prec (less near zeros of sin/cos/tan, where the Ziv loop
// raises the precision).

// maxExpArg bounds the arguments of expPoint: e^(2^30) is far inside
// big.Float's exponent range (|exp| < 2^31).
const maxExpArg = 1 << 30

// expPoint returns an enclosure of e^a for an exact a with |a| ≤ maxExpArg.
//
// Method: a = k·ln2 + r with k = round(a/ln2) (any integer k is correct; the
// rounding only keeps r small), r' = r/2^s, e^r' by its Taylor polynomial of
// degree n−1 evaluated by Horner in interval arithmetic, plus the Lagrange
// remainder e^ξ·r'^n/n! with |ξ| ≤ |r'| ≤ 1/2, so |R| ≤ 2·|r'|^n/n!; then s
// squarings and the exact scaling by 2^k. Squaring doubles the relative width
// s times, so the working precision carries s + 32 guard bits.
func expPoint(a *big.Float, prec uint) ival {
	if a.Sign() == 0 {
		return one()
	}
	af, _ := a.Float64()
	if math.Abs(af) > maxExpArg {
		panic("oracle: expPoint argument out of range")
	}
	k := int64(math.Round(af / math.Ln2))
	const s = 12
	wp := prec + s + 32
	var r ival
	if k == 0 {
		r = pt(a)
	} else {
		kb := exactInt(k)
		l2 := ln2Ival(wp + 40)
		r = pt(a).sub(l2.mulExact(kb, wp+40), wp+40)
	}
	r = r.scale(-s)
	rho := r.mag() // |r'| ≤ rho ≤ 0.35·2^-12 + width
	n := termsFor(rho, wp, 1)
	y := one()
	for i := n - 1; i >= 1; i-- {
		y = y.mul(r, wp).divInt(int64(i), wp).add(one(), wp)
	}
	rem := up(wp).Mul(powOverFactUp(rho, n, wp), exactInt(2))
	y = y.widen(rem, wp)
	for range s {
		y = y.sqr(wp)
	}
	// e^a > 0: clamp a lower end that the remainder pushed below zero.
	if y.lo.Sign() <= 0 {
		y.lo = new(big.Float)
	}
	return y.scale(int(k))
}

// termsFor returns a term count n such that rho^n/n! ≤ 2^-(prec+8) when the
// series advances by `step` powers of rho per factorial step (1 for exp,
// 2 for sin and cos, which use (2n)! and rho^(2n)). It only chooses n; the
// remainder itself is bounded rigorously by the caller.
func termsFor(rho *big.Float, prec uint, step int) int {
	lr := log2Big(rho)
	if math.IsInf(lr, -1) {
		return 1
	}
	target := -float64(prec) - 8
	acc := 0.0
	for n := 1; n < 100000; n++ {
		if step == 2 {
			acc += 2*lr - math.Log2(float64(2*n)) - math.Log2(float64(2*n-1))
		} else {
			acc += lr - math.Log2(float64(n))
		}
		if acc < target {
			return n + 1
		}
	}
	panic("oracle: series does not converge")
}

// log2Big returns log2 |x| (−Inf for 0), to float64 accuracy, without
// underflow: from the exponent and the leading digits of x, so that term
// counts work for arguments far below the float64 range (the binary64
// references' 2^-1086).
func log2Big(x *big.Float) float64 {
	if x.Sign() == 0 {
		return math.Inf(-1)
	}
	mant := new(big.Float)
	e := x.MantExp(mant) // |x| = mant·2^e, mant ∈ [0.5, 1)
	m, _ := mant.Float64()
	return math.Log2(math.Abs(m)) + float64(e)
}

// expIval returns an enclosure of {e^x : x ∈ a}: e^x increases.
func expIval(a ival, prec uint) ival {
	if a.point() {
		return expPoint(a.lo, prec)
	}
	return ival{expPoint(a.lo, prec).lo, expPoint(a.hi, prec).hi}
}

// expm1Point returns an enclosure of e^a − 1 for an exact a with |a| ≤ 1,
// without cancellation: a·(1 + a/2·(1 + a/3·(…))) of degree n−1 plus the
// Lagrange remainder e^ξ·a^n/n!, |ξ| ≤ 1, so |R| ≤ 3·|a|^n/n!.
func expm1Point(a *big.Float, prec uint) ival {
	if a.Sign() == 0 {
		return pt(new(big.Float))
	}
	if new(big.Float).Abs(a).Cmp(big.NewFloat(1)) > 0 {
		panic("oracle: expm1Point argument out of range")
	}
	wp := prec + 32
	r := pt(a)
	rho := new(big.Float).Abs(a)
	n := termsFor(rho, wp, 1)
	if n < 2 {
		n = 2
	}
	y := one()
	for i := n - 1; i >= 2; i-- {
		y = y.mul(r, wp).divInt(int64(i), wp).add(one(), wp)
	}
	y = y.mul(r, wp)
	rem := up(wp).Mul(powOverFactUp(rho, n, wp), exactInt(3))
	return y.widen(rem, wp)
}

// logPoint returns an enclosure of ln a for an exact a > 0.
//
// Method: a = m·2^e with m in [3/4, 3/2); ln a = e·ln2 + 2·atanh(z) with
// z = (m−1)/(m+1), |z| ≤ 1/5. The atanh series Σ z^(2k+1)/(2k+1) after K
// terms leaves a remainder of the sign of z and magnitude at most
// |z|^(2K+1)/((2K+1)(1−z²)) ≤ 1.05·|z|^(2K+1)/(2K+1); the enclosure is
// widened by that on both sides. With e = 0 near a = 1 there is no
// cancellation: the result is 2·atanh(z) with z ≈ (a−1)/2.
func logPoint(a *big.Float, prec uint) ival {
	if a.Sign() <= 0 {
		panic("oracle: logPoint of a non-positive value")
	}
	wp := prec + 32
	m := new(big.Float)
	e := a.MantExp(m) // a = m·2^e, m in [0.5, 1)
	m.SetMantExp(m, 1)
	e--
	if m.Cmp(big.NewFloat(1.5)) >= 0 {
		m.SetMantExp(m, -1)
		e++
	}
	// m in [3/4, 3/2); m±1 exact at precision prec(m)+2.
	mp := m.Prec() + 4
	num := new(big.Float).SetPrec(mp).Sub(m, big.NewFloat(1))
	den := new(big.Float).SetPrec(mp).Add(m, big.NewFloat(1))
	var s ival
	if num.Sign() == 0 {
		s = pt(new(big.Float))
	} else {
		z, _ := pt(num).div(pt(den), wp)
		w := z.sqr(wp)
		rho := z.mag()
		// Terms: z^(2k+1)/(2k+1) for k < K.
		K := termsAtanh(rho, wp)
		acc := recipInt(int64(2*K-1), wp)
		for k := K - 2; k >= 0; k-- {
			acc = acc.mul(w, wp).add(recipInt(int64(2*k+1), wp), wp)
		}
		s = acc.mul(z, wp)
		// remainder ≤ rho^(2K+1)/((2K+1)(1−rho²)), rho ≤ 1/5 + tiny: use factor 1.05 ≤ 21/20.
		rem := up(wp).SetInt64(1)
		for range 2*K + 1 {
			rem = up(wp).Mul(rem, rho)
		}
		rem = up(wp).Quo(up(wp).Mul(rem, exactInt(21)), exactInt(int64(20*(2*K+1))))
		s = s.widen(rem, wp).scale(1)
	}
	if e == 0 {
		return s
	}
	l2 := ln2Ival(wp + 16)
	return l2.mulExact(exactInt(int64(e)), wp).add(s, wp)
}

// termsAtanh returns K with rho^(2K+1) ≤ 2^-(prec+8).
func termsAtanh(rho *big.Float, prec uint) int {
	lr := log2Big(rho)
	if math.IsInf(lr, -1) || lr >= 0 {
		return 1
	}
	k := int(math.Ceil((-float64(prec)-8)/lr-1)/2) + 1
	if k < 1 {
		k = 1
	}
	return k
}

// logIval returns an enclosure of {ln x : x ∈ a}, a > 0.
func logIval(a ival, prec uint) ival {
	if a.point() {
		return logPoint(a.lo, prec)
	}
	return ival{logPoint(a.lo, prec).lo, logPoint(a.hi, prec).hi}
}

// reduceHalfPi returns r and q with a = k·π/2 + r exactly for some integer k
// ≡ q (mod 4), r enclosed in the returned interval (|r| ≲ π/4). The product
// k·π/2 uses π at prec + (exponent of a) + 64 bits, so that its absolute
// error stays far below 2^-prec even for |a| near 2^128.
func reduceHalfPi(a *big.Float, prec uint) (ival, int) {
	if new(big.Float).Abs(a).Cmp(big.NewFloat(0.78)) < 0 {
		return pt(a), 0
	}
	ea := a.MantExp(nil)
	pp := prec + uint(max(ea, 0)) + 64
	hp := piIval(pp).scale(-1)
	// k = round(a/(π/2)) from the midpoint: any integer is correct.
	mid := new(big.Float).SetPrec(pp).Quo(a, hp.lo)
	kf := new(big.Float).SetPrec(pp).Add(mid, big.NewFloat(0.5))
	if mid.Sign() < 0 {
		kf.Sub(mid, big.NewFloat(0.5))
	}
	k, _ := kf.Int(nil) // truncation of mid ± 1/2: round half away from zero
	kb := new(big.Float).SetInt(k)
	r := pt(a).sub(hp.mulExact(kb, pp), pp)
	q := new(big.Int).And(k, big.NewInt(3)).Int64() // k mod 4 (two's complement And is mod 4)
	return r, int(q)
}

// sinCosSmall returns enclosures of sin r and cos r for |r| ≤ 1 by their
// Taylor polynomials in w = r², plus the Lagrange remainders |r|^(2n+1)/(2n+1)!
// and |r|^(2n)/(2n)! (every derivative of sin and cos is bounded by 1).
func sinCosSmall(r ival, prec uint) (ival, ival) {
	wp := prec + 32
	rho := r.mag()
	w := r.sqr(wp)
	n := termsFor(rho, wp, 2)
	// sin r = r·Σ_{i<n} (−w)^i/(2i+1)!
	s := one()
	for i := n - 1; i >= 1; i-- {
		s = one().sub(s.mul(w, wp).divInt(int64(2*i*(2*i+1)), wp), wp)
	}
	s = s.mul(r, wp).widen(powOverFactUp(rho, 2*n+1, wp), wp)
	// cos r = Σ_{i<n} (−w)^i/(2i)!
	c := one()
	for i := n - 1; i >= 1; i-- {
		c = one().sub(c.mul(w, wp).divInt(int64((2*i-1)*(2*i)), wp), wp)
	}
	c = c.widen(powOverFactUp(rho, 2*n, wp), wp)
	return s, c
}

// sinCosPoint returns enclosures of sin a and cos a for an exact a.
func sinCosPoint(a *big.Float, prec uint) (sin, cos ival) {
	r, q := reduceHalfPi(a, prec)
	s, c := sinCosSmall(r, prec)
	switch q {
	case 0:
		return s, c
	case 1:
		return c, s.neg()
	case 2:
		return s.neg(), c.neg()
	}
	return c.neg(), s
}
