package oracle

import (
	"math/big"
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

// onePlus returns 1 + a exactly: the sums are formed at a precision that
// holds them whole (exactSum).
func onePlus(a ival) ival {
	one := big.NewFloat(1)
	return ival{exactSum(a.lo, one), exactSum(a.hi, one)}
}

// log1pIval returns an enclosure of {ln(1 + u) : u ∈ a}, a > -1, of relative
// width about 2^-p even for tiny u (1 + u is formed exactly, and logPoint has
// no cancellation next to 1).
func log1pIval(a ival, p uint) ival { return logIval(onePlus(a), p) }

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
		d := onePlus(sqrtIval(onePlus(t.sqr(wp)), wp))
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
var Atan = &Func{Name: "atan", Arity: 1, eval: eval32(atanEval)}

// f64Atan is Atan for binary64 (Func64).
var f64Atan = &Func64{Name: "atan", Arity: 1, eval: eval64(atanEval)}

func atanEval(fm *format, x, _ uint64) evalCase {
	switch {
	case fm.isNaN(x):
		return fm.nanCase()
	case fm.isZero(x):
		return fixed64(x)
	}
	neg := fm.isNeg(x)
	return zivCase(always(func(p uint) ival {
		var v ival
		if fm.isInf(x) {
			v = piIval(p + 8).scale(-1)
		} else {
			v = atanIval(pt(fm.value(fm.abs(x))), p)
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
var Asin = &Func{Name: "asin", Arity: 1, eval: eval32(asinEval)}

// f64Asin is Asin for binary64 (Func64).
var f64Asin = &Func64{Name: "asin", Arity: 1, eval: eval64(asinEval)}

func asinEval(fm *format, x, _ uint64) evalCase {
	ax := fm.abs(x)
	switch {
	case fm.isNaN(x):
		return fm.nanCase()
	case fm.isZero(x):
		return fixed64(x)
	case ax > fm.one:
		return fm.nanCase()
	}
	neg := fm.isNeg(x)
	return zivCase(always(func(p uint) ival {
		wp := p + 16
		a := fm.value(ax)
		q := new(big.Float).SetPrec(128).Mul(a, a) // exact: at most 106 bits
		q = exactDiff(big.NewFloat(1), q)
		d := onePlus(sqrtPoint(q, wp))
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
var Acos = &Func{Name: "acos", Arity: 1, eval: eval32(acosEval)}

// f64Acos is Acos for binary64 (Func64).
var f64Acos = &Func64{Name: "acos", Arity: 1, eval: eval64(acosEval)}

func acosEval(fm *format, x, _ uint64) evalCase {
	switch {
	case fm.isNaN(x):
		return fm.nanCase()
	case fm.abs(x) > fm.one:
		return fm.nanCase()
	case x == fm.one:
		return exactCase(new(big.Float))
	case x == fm.one|fm.sign:
		return zivCase(always(piIval))
	}
	return zivCase(always(func(p uint) ival {
		wp := p + 16
		a := fm.value(x)
		num := exactDiff(big.NewFloat(1), a)
		den := exactSum(big.NewFloat(1), a)
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
var Atan2 = &Func{Name: "atan2", Arity: 2, eval: eval32(atan2Eval)}

// f64Atan2 is Atan2 for binary64 (Func64).
var f64Atan2 = &Func64{Name: "atan2", Arity: 2, eval: eval64(atan2Eval)}

func atan2Eval(fm *format, y, x uint64) evalCase {
	sy := fm.signOf(y)
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
	case fm.isNaN(x), fm.isNaN(y):
		return fm.nanCase()
	case fm.isZero(y) && !fm.isNeg(x):
		return fixed64(sy)
	case fm.isZero(y):
		return signed(pi(1, 1))
	case fm.isZero(x):
		return signed(pi(1, 2))
	case fm.isInf(y) && x == fm.inf:
		return signed(pi(1, 4))
	case fm.isInf(y) && x == fm.negInf():
		return signed(pi(3, 4))
	case fm.isInf(y):
		return signed(pi(1, 2))
	case x == fm.inf:
		return fixed64(sy)
	case x == fm.negInf():
		return signed(pi(1, 1))
	}
	return signed(func(p uint) ival {
		wp := p + 16
		q, _ := pt(fm.value(fm.abs(y))).div(pt(fm.value(fm.abs(x))), wp)
		a := atanIval(q, wp)
		if fm.isNeg(x) {
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
var Log1p = &Func{Name: "log1p", Arity: 1, eval: eval32(log1pEval)}

// f64Log1p is Log1p for binary64 (Func64).
var f64Log1p = &Func64{Name: "log1p", Arity: 1, eval: eval64(log1pEval)}

func log1pEval(fm *format, x, _ uint64) evalCase {
	switch {
	case fm.isNaN(x):
		return fm.nanCase()
	case fm.isZero(x):
		return fixed64(x)
	case x == fm.one|fm.sign:
		return fixed64(fm.negInf())
	case fm.isNeg(x) && fm.abs(x) > fm.one:
		return fm.nanCase()
	case x == fm.inf:
		return fixed64(fm.inf)
	}
	return zivCase(always(func(p uint) ival { return log1pIval(pt(fm.value(x)), p) }))
}

// Asinh is the reference of the inverse hyperbolic sine:
// asinh x = ±log1p(|x| + x²/(1 + √(1 + x²))).
//
// Special cases are:
//
//	Asinh(NaN) = NaN
//	Asinh(±0) = ±0
//	Asinh(±Inf) = ±Inf
var Asinh = &Func{Name: "asinh", Arity: 1, eval: eval32(asinhEval)}

// f64Asinh is Asinh for binary64 (Func64).
var f64Asinh = &Func64{Name: "asinh", Arity: 1, eval: eval64(asinhEval)}

func asinhEval(fm *format, x, _ uint64) evalCase {
	switch {
	case fm.isNaN(x):
		return fm.nanCase()
	case fm.isZero(x), fm.isInf(x):
		return fixed64(x)
	}
	neg := fm.isNeg(x)
	return zivCase(always(func(p uint) ival {
		wp := p + 16
		a := fm.value(fm.abs(x))
		q := pt(new(big.Float).SetPrec(128).Mul(a, a)) // exact
		d := onePlus(sqrtIval(onePlus(q), wp))
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
var Acosh = &Func{Name: "acosh", Arity: 1, eval: eval32(acoshEval)}

// f64Acosh is Acosh for binary64 (Func64).
var f64Acosh = &Func64{Name: "acosh", Arity: 1, eval: eval64(acoshEval)}

func acoshEval(fm *format, x, _ uint64) evalCase {
	switch {
	case fm.isNaN(x):
		return fm.nanCase()
	case fm.isNeg(x) || x < fm.one:
		return fm.nanCase()
	case x == fm.one:
		return exactCase(new(big.Float))
	case x == fm.inf:
		return fixed64(fm.inf)
	}
	return zivCase(always(func(p uint) ival {
		wp := p + 16
		a := fm.value(x)
		m := exactDiff(a, big.NewFloat(1))
		n := exactSum(a, big.NewFloat(1))
		q := new(big.Float).SetPrec(m.Prec()+n.Prec()).Mul(m, n) // exact
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
var Atanh = &Func{Name: "atanh", Arity: 1, eval: eval32(atanhEval)}

// f64Atanh is Atanh for binary64 (Func64).
var f64Atanh = &Func64{Name: "atanh", Arity: 1, eval: eval64(atanhEval)}

func atanhEval(fm *format, x, _ uint64) evalCase {
	ax := fm.abs(x)
	switch {
	case fm.isNaN(x):
		return fm.nanCase()
	case fm.isZero(x):
		return fixed64(x)
	case ax == fm.one:
		return fixed64(fm.signOf(x) | fm.inf)
	case ax > fm.one:
		return fm.nanCase()
	}
	neg := fm.isNeg(x)
	return zivCase(always(func(p uint) ival {
		wp := p + 16
		a := fm.value(ax)
		d := exactDiff(big.NewFloat(1), a)
		q, _ := pt(new(big.Float).SetMantExp(a, 1)).div(pt(d), wp)
		v := log1pIval(q, wp).scale(-1)
		if neg {
			v = v.neg()
		}
		return v
	}))
}
