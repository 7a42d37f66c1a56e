package ulp

import "math"

// Double-double arithmetic with a running error bound: the arithmetic of
// the binary64 references' fast paths.
//
// An xdd is a real known to lie within err of the double-double hi + lo.
// Each operation returns the double-double of its result together with a
// bound that covers the inputs' own errors, propagated, and the operation's
// rounding error; so a kernel built from these operations carries a proven
// bound by construction, and only the mathematics a kernel adds (a
// truncated series, a reduction identity) needs its own argument, beside the
// kernel. Nothing here decides a result bit: decide64 rounds the enclosure
// [hi + lo − err, hi + lo + err] only when no rounding boundary lies in it.
//
// Notation: u = 2^-53, the unit roundoff of binary64. Every xdd is
// normalized, |lo| ≤ u·|hi| (lo is at most half an ulp of hi), because each
// operation ends in an error-free transformation (twoSum or fastTwoSum).
// The bounds on rounding errors below hold for results in the normal
// range; the error-free transformations stay exact as long as no product
// falls below 2^-969 (twoProd's error term must not underflow). Every bound
// adds errFloor, 2^-1071, which covers the absolute error (at most 2^-1075)
// of each of the few operations on a subnormal intermediate; the kernels
// keep their values far above 2^-900, where that floor is negligible.
//
// The bounds are computed in binary64 with rounding to nearest: a sum of k
// nonnegative terms computed so is at most (1+u)^k times the exact sum, so
// each bound is multiplied by errUp = 1 + 2^-50 ≥ (1+u)^8.
type xdd struct {
	hi, lo, err float64
}

const (
	errUp    = 1 + 0x1p-50
	errFloor = 0x1p-1071
)

// xexact returns the exact value v.
func xexact(v float64) xdd { return xdd{hi: v} }

// xconst returns the double-double hi + lo of a constant within rel·|hi| of
// it (the tables of gen_tables64.go: rel = 2^-105, which covers the
// double-double's 2^-106 and the enclosure the generator rounded).
func xconst(hi, lo, rel float64) xdd { return xdd{hi, lo, rel * math.Abs(hi)} }

// val returns hi + lo rounded to float64.
func (a xdd) val() float64 { return a.hi + a.lo }

// neg returns −a, exactly.
func (a xdd) neg() xdd { return xdd{-a.hi, -a.lo, a.err} }

// abs returns |a| for a whose enclosure does not contain 0 in its interior
// (the sign of hi is the sign of every point of it when |hi| > 2·err).
func (a xdd) abs() xdd {
	if a.hi < 0 {
		return a.neg()
	}
	return a
}

// ldexp returns a·2^k, exactly when no part leaves the normal range.
func (a xdd) ldexp(k int) xdd {
	return xdd{math.Ldexp(a.hi, k), math.Ldexp(a.lo, k), math.Ldexp(a.err, k) + errFloor}
}

// add returns a + b.
//
// (s, e) = twoSum(a.hi, b.hi) is exact; t = fl(a.lo + b.lo) errs by at
// most u·(|a.lo| + |b.lo|); w = fl(e + t) by at most u·(|e| + |t|) ≤
// u·(u·|s| + (1+u)·(|a.lo| + |b.lo|)); twoSum(s, w) is exact. In all:
// (2u + u²)·(|a.lo| + |b.lo|) + u²·|s|, and since hi = s + w with |w| ≤
// u·|s| + |t|, u²·|s| ≤ u²·(1 + 2u)·(|hi| + |t|): at most 2^-105·|hi| +
// 2^-105·(|a.lo| + |b.lo|), which the slack of 0x1.01p-52 over 2u + u²
// absorbs.
func (a xdd) add(b xdd) xdd {
	s, e := twoSum(a.hi, b.hi)
	t := a.lo + b.lo
	hi, lo := twoSum(s, e+t)
	err := (a.err + b.err + 0x1.01p-52*(math.Abs(a.lo)+math.Abs(b.lo)) + 0x1p-105*math.Abs(hi)) * errUp
	return xdd{hi, lo, err + errFloor}
}

// sub returns a − b.
func (a xdd) sub(b xdd) xdd { return a.add(b.neg()) }

// addD returns a + d for an exact float64 d: add with b.lo = b.err = 0.
func (a xdd) addD(d float64) xdd { return a.add(xdd{hi: d}) }

// mul returns a·b.
//
// (p, e) = twoProd(a.hi, b.hi) is exact; c = fl(a.hi·b.lo) and d =
// fl(a.lo·b.hi) err by at most u·|c|, u·|d| ≤ u²·P each (P = |a.hi·b.hi|);
// fl(c + d) by u·(|c| + |d|) ≤ 2.01u²·P; fl(e + (c + d)) by u·(|e| +
// |c + d|) ≤ u·(u·P + 2u(1+u)²·P) ≤ 3.01u²·P; the omitted a.lo·b.lo ≤ u²·P;
// fastTwoSum(p, ·) is exact (|p| ≥ 2^5·|e + c + d|). In all ≤ (1 + 1 + 2.01
// + 3.01 + 1)·u²·P = 8.02u²·P ≤ 2^-103·1.003·P, and P ≤ |hi|·(1 + 2^-50):
// 0x1.1p-103·|hi| covers it. The inputs' errors propagate as |a|·b.err +
// |b|·a.err + a.err·b.err, with |a| ≤ |a.hi|·(1 + u).
func (a xdd) mul(b xdd) xdd {
	p, e := twoProd(a.hi, b.hi)
	c := float64(a.hi*b.lo) + float64(a.lo*b.hi)
	hi, lo := fastTwoSum(p, e+c)
	err := ((math.Abs(a.hi)*b.err+math.Abs(b.hi)*a.err)*(1+0x1p-52) + a.err*b.err + 0x1.1p-103*math.Abs(hi)) * errUp
	return xdd{hi, lo, err + errFloor}
}

// mulD returns a·d for an exact float64 d.
//
// (p, e) = twoProd(a.hi, d) exact; fl(a.lo·d) errs by ≤ u²·P (P = |a.hi·d|);
// fl(e + ·) by ≤ u·(u·P + u(1+u)·P) ≤ 2.01u²·P; fastTwoSum exact. In all ≤
// 3.01u²·P ≤ 2^-104.4·|hi|·(1 + 2^-50); a.err propagates as |d|·a.err.
func (a xdd) mulD(d float64) xdd {
	p, e := twoProd(a.hi, d)
	hi, lo := fastTwoSum(p, e+float64(a.lo*d))
	err := (math.Abs(d)*a.err + 0x1p-104*math.Abs(hi)) * errUp
	return xdd{hi, lo, err + errFloor}
}

// sqr returns a².
func (a xdd) sqr() xdd { return a.mul(a) }

// div returns a/b for b whose enclosure excludes 0 (|b.hi| > 4·b.err;
// otherwise the result has an infinite error bound).
//
// The quotient q = q1 + q2 (q1 = a.hi/b.hi, q2 = the leading part of the
// residual's quotient) is only an approximation; its bound is a posteriori.
// For A and B within a.err and b.err of a and b, A/B − q = (A − q·B)/B, and
// |A − q·B| ≤ |a − q·b| + a.err + |q|·b.err, |B| ≥ |b| − b.err; a − q·b is
// the xdd r, whose own bound r.err covers its rounding: so |A/B − q| ≤
// (|r| + r.err + a.err + |q|·b.err)/(|b.hi|·(1 − u) − b.err).
func (a xdd) div(b xdd) xdd {
	bm := math.Abs(b.hi)*(1-0x1p-52) - b.err
	if !(bm > 3*b.err) {
		return xdd{a.hi / b.hi, 0, math.Inf(1)}
	}
	q1 := a.hi / b.hi
	r1 := a.sub(b.mulD(q1))
	q2 := r1.hi / b.hi
	hi, lo := fastTwoSum(q1, q2)
	q := xdd{hi: hi, lo: lo}
	r := xdd{a.hi, a.lo, 0}.sub(xdd{b.hi, b.lo, 0}.mul(q))
	num := (math.Abs(r.hi)*(1+0x1p-52) + r.err + a.err + math.Abs(hi)*(1+0x1p-52)*b.err) * errUp
	q.err = num/bm*errUp + errFloor
	return q
}

// recip returns 1/a (div).
func (a xdd) recip() xdd { return xexact(1).div(a) }

// sqrt returns √a for a > 0 whose enclosure stays positive (a.hi > 4·a.err;
// otherwise the bound is infinite).
//
// s = s1 + (a − s1²)/(2·s1) with s1 = √a.hi is an approximation; a
// posteriori, for A within a.err of a, |√A − s| = |A − s²|/(√A + s) ≤
// (|a − s²| + a.err)/s, and a − s² is the xdd r, within r.err.
func (a xdd) sqrt() xdd {
	if !(a.hi > 4*a.err) {
		return xdd{math.Sqrt(a.hi), 0, math.Inf(1)}
	}
	s1 := math.Sqrt(a.hi)
	p, e := twoProd(s1, s1)
	d := ((a.hi - p) - e + a.lo) / (2 * s1)
	hi, lo := fastTwoSum(s1, d)
	s := xdd{hi: hi, lo: lo}
	r := xdd{a.hi, a.lo, 0}.sub(s.sqr())
	s.err = (math.Abs(r.hi)*(1+0x1p-52)+r.err+a.err)*errUp/(hi*(1-0x1p-52))*errUp + errFloor
	return s
}

// xhorner returns c[0] + w·(c[1] + w·(c[2] + …)).
func xhorner(w xdd, c []xdd) xdd {
	acc := c[len(c)-1]
	for i := len(c) - 2; i >= 0; i-- {
		acc = acc.mul(w).add(c[i])
	}
	return acc
}

// xpoly returns c[0] + w·(c[1] + w·(c[2] + …)), with ρ ≥ |w| over w's
// enclosure: the leading terms in xdd arithmetic, the tail, from
// the first k with |c[k]|·ρ^k ≤ 2^-50, by Horner's rule in float64 on c.hi
// and w.hi, whose result Q̂ is within
//
//	S·(2^-52 + m·δ/ρ + 2m·2^-53·1.01)·1.01,  S = Σ_{j≤m} |c[k+j].hi|·ρ^j,
//
// of Q = Σ_j c[k+j]·w^j: the coefficients' low parts and errors (at most
// 2^-52·|c.hi|), w − w.hi (δ = |w.lo| + w.err, through the derivative
// Σ j·|c|·ρ^(j−1)), and the 2m roundings of Horner's rule (Higham, Accuracy
// and Stability of Numerical Algorithms, §5.1: γ_2m; an FMA-fused step
// rounds once and is covered). The tail's error is then carried as an xdd
// bound through the leading steps.
func xpoly(w xdd, c []xdd) xdd {
	rho := (math.Abs(w.hi) + math.Abs(w.lo) + w.err) * errUp
	if rho == 0 {
		return xhorner(w, c)
	}
	k, pk := 1, rho
	for ; k < len(c) && math.Abs(c[k].hi)*pk > 0x1p-50; k++ {
		pk *= rho
	}
	if k >= len(c)-1 {
		return xhorner(w, c)
	}
	m := len(c) - 1 - k
	q := c[len(c)-1].hi
	sum := math.Abs(q)
	for i := len(c) - 2; i >= k; i-- {
		q = q*w.hi + c[i].hi
		sum = sum*rho + math.Abs(c[i].hi)
	}
	delta := math.Abs(w.lo) + w.err
	fm := float64(m)
	acc := xdd{q, 0, sum*(0x1p-52+fm*delta/rho+fm*0x1.03p-52)*1.02 + errFloor}
	for i := k - 1; i >= 0; i-- {
		acc = acc.mul(w).add(c[i])
	}
	return acc
}

// relErr returns err/|hi|, the relative error bound of a (+Inf for hi = 0).
func (a xdd) relErr() float64 { return a.err / math.Abs(a.hi) }
