package oracle

import (
	"math/big"

	"github.com/cudafp/cudafp/internal/f32"
)

// References of the inverse trigonometric and hyperbolic functions and
// log1p. Exact cases: each of these functions is transcendental at every
// algebraic argument other than its zero (asin, atan, asinh, atanh, log1p at
// 0; acos and acosh at 1; Lindemann–Weierstrass: e^a and e^(ia) are
// transcendental for algebraic a ≠ 0), so after the zeros are taken out the
// Ziv loop terminates.

// sqrtIval returns an enclosure of {√x : x ∈ a}, a ≥ 0 (√ increases).
func sqrtIval(a ival, p uint) ival {
	if a.point() {
		return sqrtPoint(a.lo, p)
	}
	return ival{sqrtPoint(a.lo, p).lo, sqrtPoint(a.hi, p).hi}
}

// onePlus returns 1 + a exactly, for an interval a whose ends are ≥ 2^-600
// in magnitude or zero and have at most p bits: the sums are formed at a
// precision that holds them whole.
func onePlus(a ival, p uint) ival {
	wp := p + 640
	return ival{new(big.Float).SetPrec(wp).Add(a.lo, big.NewFloat(1)), new(big.Float).SetPrec(wp).Add(a.hi, big.NewFloat(1))}
}

// log1pIval returns an enclosure of {ln(1 + u) : u ∈ a}, a > -1, of relative
// width about 2^-p even for tiny u (1 + u is formed exactly, and logPoint has
// no cancellation next to 1).
func log1pIval(a ival, p uint) ival { return logIval(onePlus(a, p), p) }

// atanSmall returns an enclosure of {atan t : t ∈ a} for 0 ≤ a ≤ 1/4 by
// the alternating series Σ (−1)^k t^(2k+1)/(2k+1) of K terms (Horner in w =
// t²) plus the remainder, at most ρ^(2K+1)/(2K+1) in magnitude (ρ = max t;
// the terms decrease).
func atanSmall(a ival, p uint) ival {
	rho := a.mag()
	if rho.Sign() == 0 {
		return pt(new(big.Float))
	}
	K := termsAtanh(rho, p)
	w := a.sqr(p)
	acc := recipInt(int64(2*K-1), p)
	if (K-1)%2 == 1 {
		acc = acc.neg()
	}
	for k := K - 2; k >= 0; k-- {
		c := recipInt(int64(2*k+1), p)
		if k%2 == 1 {
			c = c.neg()
		}
		acc = acc.mul(w, p).add(c, p)
	}
	s := acc.mul(a, p)
	rem := up(p).SetInt64(1)
	for range 2*K + 1 {
		rem = up(p).Mul(rem, rho)
	}
	rem = up(p).Quo(rem, exactInt(int64(2*K+1)))
	return s.widen(rem, p)
}

// atanIval returns an enclosure of {atan t : t ∈ a} for a ≥ 0. Above 1,
// atan t = π/2 − atan(1/t); then two halvings t → t/(1 + √(1 + t²))
// (atan t = 2·atan of it) bring t ≤ 1 below tan(π/16) < 1/4.
func atanIval(a ival, p uint) ival {
	wp := p + 16
	if a.hi.Sign() == 0 {
		return pt(new(big.Float))
	}
	if a.lo.Cmp(big.NewFloat(1)) > 0 {
		r, _ := a.recip(wp)
		return piIval(wp).scale(-1).sub(atanIval(r, wp), wp)
	}
	if a.hi.Cmp(big.NewFloat(1)) > 0 { // straddles 1: enclose each end
		return ival{atanIval(pt(a.lo), p).lo, atanIval(pt(a.hi), p).hi}
	}
	t := a
	for range 2 {
		d := onePlus(sqrtIval(onePlus(t.sqr(wp), wp), wp), wp)
		t, _ = t.div(d, wp)
	}
	return atanSmall(t, wp).scale(2)
}

// Atan is the reference of the arctangent.
//
// Special cases are:
//
//	Atan(NaN) = NaN
//	Atan(±0) = ±0
//	Atan(±Inf) = ±π/2
var Atan = &Func{Name: "atan", Arity: 1, eval: atanEval}

func atanEval(x, _ uint32) evalCase {
	switch {
	case f32.IsNaN(x):
		return nanCase
	case f32.IsZero(x):
		return fixed(x)
	}
	neg := isNeg(x)
	return zivCase(always(func(p uint) ival {
		var v ival
		if f32.IsInf(x) {
			v = piIval(p + 8).scale(-1)
		} else {
			v = atanIval(pt(Value(x&f32.AbsMask)), p)
		}
		if neg {
			v = v.neg()
		}
		return v
	}))
}

// Asin is the reference of the arcsine: asin x = 2·atan(x/(1 + √(1 − x²))).
//
// Special cases are:
//
//	Asin(NaN) = NaN
//	Asin(±0) = ±0
//	Asin(x) = NaN for |x| > 1, ±Inf included
var Asin = &Func{Name: "asin", Arity: 1, eval: asinEval}

func asinEval(x, _ uint32) evalCase {
	ax := x & f32.AbsMask
	switch {
	case f32.IsNaN(x):
		return nanCase
	case f32.IsZero(x):
		return fixed(x)
	case ax > f32.OneBits:
		return nanCase
	}
	neg := isNeg(x)
	return zivCase(always(func(p uint) ival {
		wp := p + 16
		a := Value(ax)
		q := new(big.Float).SetPrec(64).Mul(a, a)               // exact: 48 bits
		q = new(big.Float).SetPrec(700).Sub(big.NewFloat(1), q) // exact: a² ≥ 2^-298 has 48 bits
		d := onePlus(sqrtPoint(q, wp), wp)
		t, _ := pt(a).div(d, wp)
		v := atanIval(t, wp).scale(1)
		if neg {
			v = v.neg()
		}
		return v
	}))
}

// Acos is the reference of the arccosine: acos x = 2·atan(√((1 − x)/(1 + x))).
//
// Special cases are:
//
//	Acos(NaN) = NaN
//	Acos(x) = NaN for |x| > 1, ±Inf included
//	Acos(1) = +0
//	Acos(-1) = π
var Acos = &Func{Name: "acos", Arity: 1, eval: acosEval}

func acosEval(x, _ uint32) evalCase {
	switch {
	case f32.IsNaN(x):
		return nanCase
	case x&f32.AbsMask > f32.OneBits:
		return nanCase
	case x == f32.OneBits:
		return exactCase(new(big.Float))
	case x == f32.OneBits|f32.SignMask:
		return zivCase(always(piIval))
	}
	return zivCase(always(func(p uint) ival {
		wp := p + 16
		a := Value(x)
		num := new(big.Float).SetPrec(200).Sub(big.NewFloat(1), a) // exact
		den := new(big.Float).SetPrec(200).Add(big.NewFloat(1), a) // exact
		q, _ := pt(num).div(pt(den), wp)
		return atanIval(sqrtIval(q, wp), wp).scale(1)
	}))
}

// Atan2 is the reference of atan2(y, x) (binary: Round2(y, x)), the angle of
// the point (x, y) in (−π, π].
//
// Special cases are (in order; C99 F.9.1.4):
//
//	Atan2(y, x) = NaN if x or y is NaN
//	Atan2(±0, x) = ±0 for x ≥ +0, ±π for x ≤ -0
//	Atan2(y, ±0) = ±π/2 for y ≠ 0, with the sign of y
//	Atan2(±Inf, +Inf) = ±π/4
//	Atan2(±Inf, -Inf) = ±3π/4
//	Atan2(±Inf, x) = ±π/2 for finite x
//	Atan2(y, +Inf) = ±0 for finite y, with the sign of y
//	Atan2(y, -Inf) = ±π for finite y, with the sign of y
var Atan2 = &Func{Name: "atan2", Arity: 2, eval: atan2Eval}

func atan2Eval(y, x uint32) evalCase {
	sy := y & f32.SignMask
	neg := sy != 0
	signed := func(f func(uint) ival) evalCase {
		return zivCase(always(func(p uint) ival {
			v := f(p)
			if neg {
				v = v.neg()
			}
			return v
		}))
	}
	pi := func(k int, div int64) func(uint) ival { // k·π/div
		return func(p uint) ival { return piIval(p+8).mulExact(exactInt(int64(k)), p+8).divInt(div, p+4) }
	}
	switch {
	case f32.IsNaN(x), f32.IsNaN(y):
		return nanCase
	case f32.IsZero(y) && !isNeg(x):
		return fixed(sy)
	case f32.IsZero(y):
		return signed(pi(1, 1))
	case f32.IsZero(x):
		return signed(pi(1, 2))
	case f32.IsInf(y) && x == f32.InfBits:
		return signed(pi(1, 4))
	case f32.IsInf(y) && x == f32.NegInfBits:
		return signed(pi(3, 4))
	case f32.IsInf(y):
		return signed(pi(1, 2))
	case x == f32.InfBits:
		return fixed(sy)
	case x == f32.NegInfBits:
		return signed(pi(1, 1))
	}
	return signed(func(p uint) ival {
		wp := p + 16
		q, _ := pt(Value(y&f32.AbsMask)).div(pt(Value(x&f32.AbsMask)), wp)
		a := atanIval(q, wp)
		if isNeg(x) {
			a = piIval(wp).sub(a, wp)
		}
		return a
	})
}

// Log1p is the reference of ln(1 + x).
//
// Special cases are:
//
//	Log1p(NaN) = NaN
//	Log1p(±0) = ±0
//	Log1p(-1) = -Inf
//	Log1p(x) = NaN for x < -1, -Inf included
//	Log1p(+Inf) = +Inf
var Log1p = &Func{Name: "log1p", Arity: 1, eval: log1pEval}

func log1pEval(x, _ uint32) evalCase {
	switch {
	case f32.IsNaN(x):
		return nanCase
	case f32.IsZero(x):
		return fixed(x)
	case x == f32.OneBits|f32.SignMask:
		return fixed(f32.NegInfBits)
	case isNeg(x) && x&f32.AbsMask > f32.OneBits:
		return nanCase
	case x == f32.InfBits:
		return fixed(f32.InfBits)
	}
	return zivCase(always(func(p uint) ival { return log1pIval(pt(Value(x)), p) }))
}

// Asinh is the reference of the inverse hyperbolic sine:
// asinh x = ±log1p(|x| + x²/(1 + √(1 + x²))).
//
// Special cases are:
//
//	Asinh(NaN) = NaN
//	Asinh(±0) = ±0
//	Asinh(±Inf) = ±Inf
var Asinh = &Func{Name: "asinh", Arity: 1, eval: asinhEval}

func asinhEval(x, _ uint32) evalCase {
	switch {
	case f32.IsNaN(x):
		return nanCase
	case f32.IsZero(x), f32.IsInf(x):
		return fixed(x)
	}
	neg := isNeg(x)
	return zivCase(always(func(p uint) ival {
		wp := p + 16
		a := Value(x & f32.AbsMask)
		q := pt(new(big.Float).SetPrec(64).Mul(a, a)) // exact
		d := onePlus(sqrtIval(onePlus(q, wp), wp), wp)
		t, _ := q.div(d, wp)
		v := log1pIval(t.add(pt(a), wp), wp)
		if neg {
			v = v.neg()
		}
		return v
	}))
}

// Acosh is the reference of the inverse hyperbolic cosine:
// acosh x = log1p((x − 1) + √((x − 1)(x + 1))).
//
// Special cases are:
//
//	Acosh(NaN) = NaN
//	Acosh(x) = NaN for x < 1, -Inf included
//	Acosh(1) = +0
//	Acosh(+Inf) = +Inf
var Acosh = &Func{Name: "acosh", Arity: 1, eval: acoshEval}

func acoshEval(x, _ uint32) evalCase {
	switch {
	case f32.IsNaN(x):
		return nanCase
	case isNeg(x) || x < f32.OneBits:
		return nanCase
	case x == f32.OneBits:
		return exactCase(new(big.Float))
	case x == f32.InfBits:
		return fixed(f32.InfBits)
	}
	return zivCase(always(func(p uint) ival {
		wp := p + 16
		a := Value(x)
		m := new(big.Float).SetPrec(300).Sub(a, big.NewFloat(1)) // exact
		n := new(big.Float).SetPrec(300).Add(a, big.NewFloat(1)) // exact
		q := new(big.Float).SetPrec(600).Mul(m, n)               // exact
		return log1pIval(sqrtPoint(q, wp).add(pt(m), wp), wp)
	}))
}

// Atanh is the reference of the inverse hyperbolic tangent:
// atanh x = ±log1p(2|x|/(1 − |x|))/2.
//
// Special cases are:
//
//	Atanh(NaN) = NaN
//	Atanh(±0) = ±0
//	Atanh(±1) = ±Inf
//	Atanh(x) = NaN for |x| > 1, ±Inf included
var Atanh = &Func{Name: "atanh", Arity: 1, eval: atanhEval}

func atanhEval(x, _ uint32) evalCase {
	ax := x & f32.AbsMask
	switch {
	case f32.IsNaN(x):
		return nanCase
	case f32.IsZero(x):
		return fixed(x)
	case ax == f32.OneBits:
		return fixed(x&f32.SignMask | f32.InfBits)
	case ax > f32.OneBits:
		return nanCase
	}
	neg := isNeg(x)
	return zivCase(always(func(p uint) ival {
		wp := p + 16
		a := Value(ax)
		d := new(big.Float).SetPrec(200).Sub(big.NewFloat(1), a) // exact
		q, _ := pt(new(big.Float).SetMantExp(a, 1)).div(pt(d), wp)
		v := log1pIval(q, wp).scale(-1)
		if neg {
			v = v.neg()
		}
		return v
	}))
}
