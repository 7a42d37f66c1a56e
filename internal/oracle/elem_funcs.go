package oracle

import (
	"math/big"

	"github.com/cudafp/cudafp/internal/f32"
)

// The unary references. Each doc table lists the special cases in the order
// the evaluation checks them (C99 Annex F; CUDA's float functions follow it).

// Exp is the reference of e^x.
//
// Special cases are:
//
//	Exp(NaN) = NaN
//	Exp(+Inf) = +Inf
//	Exp(-Inf) = +0
//	Exp(±0) = 1 (exact; the only exact case: e^x is transcendental for rational x ≠ 0)
var Exp = &Func{Name: "exp", Arity: 1, eval: expEval}

func expEval(x, _ uint32) evalCase {
	return expFamily(x, 100, -110, nil, func(p uint) ival { return expPoint(Value(x), p) })
}

// Exp2 is the reference of 2^x.
//
// Special cases are:
//
//	Exp2(NaN) = NaN
//	Exp2(+Inf) = +Inf
//	Exp2(-Inf) = +0
//	Exp2(±0) = 1
//	Exp2(n) = 2^n exactly for an integer n (2^(p/q) is irrational for q > 1)
var Exp2 = &Func{Name: "exp2", Arity: 1, eval: exp2Eval}

func exp2Eval(x, _ uint32) evalCase {
	exact := func() (*big.Float, bool) {
		if isInt, _ := intClass(x); !isInt || cmpValue(x&f32.AbsMask, 1000) > 0 {
			return nil, false
		}
		n, _ := Value(x).Int64()
		return pow2(int(n)), true
	}
	return expFamily(x, 130, -160, exact, func(p uint) ival {
		return expIval(ln2Ival(p+160).mulExact(Value(x), p+160), p)
	})
}

// Exp10 is the reference of 10^x.
//
// Special cases are:
//
//	Exp10(NaN) = NaN
//	Exp10(+Inf) = +Inf
//	Exp10(-Inf) = +0
//	Exp10(±0) = 1
//	Exp10(n) = 10^n exactly for an integer 0 < n ≤ 40 (binary32 numbers for n ≤ 10;
//	  10^-n is not dyadic and 10^(p/q), q > 1, is irrational, so neither is ever a rounding boundary)
var Exp10 = &Func{Name: "exp10", Arity: 1, eval: exp10Eval}

func exp10Eval(x, _ uint32) evalCase {
	exact := func() (*big.Float, bool) {
		if isInt, _ := intClass(x); !isInt || isNeg(x) || cmpValue(x, 40) > 0 {
			return nil, false
		}
		n, _ := Value(x).Int64()
		v := new(big.Int).Exp(big.NewInt(10), big.NewInt(n), nil)
		return new(big.Float).SetInt(v), true
	}
	return expFamily(x, 40, -50, exact, func(p uint) ival {
		return expIval(ln10Ival(p+160).mulExact(Value(x), p+160), p)
	})
}

// expFamily handles the special cases and ranges shared by exp, exp2 and
// exp10: f(x) > 2^129 for x > hi, 0 < f(x) < 2^-151 for x < lo.
func expFamily(x uint32, hi, lo float64, exact func() (*big.Float, bool), enc func(uint) ival) evalCase {
	switch {
	case f32.IsNaN(x):
		return nanCase
	case x == f32.InfBits:
		return fixed(f32.InfBits)
	case x == f32.NegInfBits:
		return fixed(f32.ZeroBits)
	case f32.IsZero(x):
		return exactCase(big.NewFloat(1))
	}
	if exact != nil {
		if v, ok := exact(); ok {
			return exactCase(v)
		}
	}
	var e func(uint) (ival, bool)
	if cmpValue(x&f32.AbsMask, 1<<20) <= 0 {
		e = always(enc)
	}
	switch {
	case cmpValue(x, hi) > 0:
		return hugeCase(false, e)
	case cmpValue(x, lo) < 0:
		return tinyCase(false, e)
	}
	return zivCase(e)
}

// Log is the reference of the natural logarithm.
//
// Special cases are:
//
//	Log(NaN) = NaN
//	Log(±0) = -Inf
//	Log(x < 0) = NaN (-Inf included)
//	Log(+Inf) = +Inf
//	Log(1) = +0 (exact; ln x is transcendental for rational x ≠ 1)
var Log = &Func{Name: "log", Arity: 1, eval: logEval}

func logEval(x, _ uint32) evalCase {
	return logFamily(x, nil, func(p uint) ival { return logPoint(Value(x), p) })
}

// Log2 is the reference of the base-2 logarithm.
//
// Special cases are:
//
//	Log2(NaN) = NaN
//	Log2(±0) = -Inf
//	Log2(x < 0) = NaN
//	Log2(+Inf) = +Inf
//	Log2(1) = +0
//	Log2(2^k) = k exactly (log2 x is irrational for other rational x)
var Log2 = &Func{Name: "log2", Arity: 1, eval: log2Eval}

func log2Eval(x, _ uint32) evalCase {
	exact := func() (*big.Float, bool) {
		if m, e := oddDecompose(x); m == 1 {
			return exactInt(int64(e)), true
		}
		return nil, false
	}
	return logFamily(x, exact, func(p uint) ival {
		v, _ := logPoint(Value(x), p+8).div(ln2Ival(p+8), p+8)
		return v
	})
}

// Log10 is the reference of the base-10 logarithm.
//
// Special cases are:
//
//	Log10(NaN) = NaN
//	Log10(±0) = -Inf
//	Log10(x < 0) = NaN
//	Log10(+Inf) = +Inf
//	Log10(1) = +0
//	Log10(10^n) = n exactly for 1 ≤ n ≤ 10, the powers of ten that are binary32
//	  numbers (log10 x is irrational for every other rational x)
var Log10 = &Func{Name: "log10", Arity: 1, eval: log10Eval}

func log10Eval(x, _ uint32) evalCase {
	exact := func() (*big.Float, bool) {
		v := Value(x)
		p := new(big.Float).SetInt64(10)
		for n := int64(1); n <= 10; n++ {
			if v.Cmp(p) == 0 {
				return exactInt(n), true
			}
			p.Mul(p, big.NewFloat(10)) // exact: 10^11 has 37 bits, p has 64
		}
		return nil, false
	}
	return logFamily(x, exact, func(p uint) ival {
		v, _ := logPoint(Value(x), p+8).div(ln10Ival(p+8), p+8)
		return v
	})
}

func logFamily(x uint32, exact func() (*big.Float, bool), enc func(uint) ival) evalCase {
	switch {
	case f32.IsNaN(x):
		return nanCase
	case f32.IsZero(x):
		return fixed(f32.NegInfBits)
	case isNeg(x):
		return nanCase
	case x == f32.InfBits:
		return fixed(f32.InfBits)
	case x == f32.OneBits:
		return exactCase(new(big.Float)) // +0 in every mode
	}
	if exact != nil {
		if v, ok := exact(); ok {
			return exactCase(v)
		}
	}
	return zivCase(always(enc))
}

// Sin is the reference of the sine.
//
// Special cases are:
//
//	Sin(NaN) = NaN
//	Sin(±Inf) = NaN
//	Sin(±0) = ±0 (sin x is transcendental for algebraic x ≠ 0)
var Sin = &Func{Name: "sin", Arity: 1, eval: sinEval}

func sinEval(x, _ uint32) evalCase {
	if c, ok := trigSpecial(x, x); ok {
		return c
	}
	return zivCase(always(func(p uint) ival { s, _ := sinCosPoint(Value(x), p); return s }))
}

// Cos is the reference of the cosine.
//
// Special cases are:
//
//	Cos(NaN) = NaN
//	Cos(±Inf) = NaN
//	Cos(±0) = 1
var Cos = &Func{Name: "cos", Arity: 1, eval: cosEval}

func cosEval(x, _ uint32) evalCase {
	if c, ok := trigSpecial(x, f32.OneBits); ok {
		return c
	}
	return zivCase(always(func(p uint) ival { _, c := sinCosPoint(Value(x), p); return c }))
}

// Tan is the reference of the tangent.
//
// Special cases are:
//
//	Tan(NaN) = NaN
//	Tan(±Inf) = NaN
//	Tan(±0) = ±0
var Tan = &Func{Name: "tan", Arity: 1, eval: tanEval}

func tanEval(x, _ uint32) evalCase {
	if c, ok := trigSpecial(x, x); ok {
		return c
	}
	return zivCase(func(p uint) (ival, bool) {
		s, c := sinCosPoint(Value(x), p)
		return s.div(c, p+32)
	})
}

func trigSpecial(x, zero uint32) (evalCase, bool) {
	switch {
	case f32.IsNaN(x), f32.IsInf(x):
		return nanCase, true
	case f32.IsZero(x):
		return fixed(zero), true
	}
	return evalCase{}, false
}

// Tanh is the reference of the hyperbolic tangent.
//
// Special cases are:
//
//	Tanh(NaN) = NaN
//	Tanh(±Inf) = ±1
//	Tanh(±0) = ±0
//	Tanh(x) for |x| ≥ 40 rounds as ±(1 − 2^-200): 1 − |tanh x| = 2/(e^(2|x|)+1) < 2^-115
var Tanh = &Func{Name: "tanh", Arity: 1, eval: tanhEval}

func tanhEval(x, _ uint32) evalCase {
	neg := isNeg(x)
	switch {
	case f32.IsNaN(x):
		return nanCase
	case f32.IsInf(x):
		return fixed(x&f32.SignMask | f32.OneBits)
	case f32.IsZero(x):
		return fixed(x)
	}
	ax := x & f32.AbsMask
	enc := func(p uint) (ival, bool) {
		wp := p + 16
		var t ival
		if cmpValue(ax, 0.5) < 0 {
			// tanh a = em/(em + 2), em = e^(2a) − 1, no cancellation.
			em := expm1Point(new(big.Float).SetMantExp(Value(ax), 1), wp)
			t, _ = em.div(em.add(pt(big.NewFloat(2)), wp), wp)
		} else {
			// tanh a = 1 − 2/(e^(2a) + 1) ≥ 0.46.
			e := expPoint(new(big.Float).SetMantExp(Value(ax), 1), wp)
			q, _ := pt(big.NewFloat(2)).div(e.add(one(), wp), wp)
			t = one().sub(q, wp)
		}
		if neg {
			t = t.neg()
		}
		return t, true
	}
	if cmpValue(ax, 40) >= 0 {
		if cmpValue(ax, 1<<20) > 0 {
			enc = nil
		}
		return repCase(new(big.Float).SetPrec(256).Sub(big.NewFloat(1), pow2(-200)), neg, enc)
	}
	return zivCase(enc)
}

// Sqrt is the reference of the square root.
//
// Special cases are:
//
//	Sqrt(NaN) = NaN
//	Sqrt(±0) = ±0
//	Sqrt(x < 0) = NaN (-Inf included)
//	Sqrt(+Inf) = +Inf
//
// Exact square roots are found by the enclosure itself (a point interval).
var Sqrt = &Func{Name: "sqrt", Arity: 1, eval: sqrtEval}

func sqrtEval(x, _ uint32) evalCase {
	switch {
	case f32.IsNaN(x):
		return nanCase
	case f32.IsZero(x):
		return fixed(x)
	case isNeg(x):
		return nanCase
	case x == f32.InfBits:
		return fixed(f32.InfBits)
	}
	return zivCase(always(func(p uint) ival { return sqrtPoint(Value(x), p) }))
}

// Rsqrt is the reference of 1/√x.
//
// Special cases are:
//
//	Rsqrt(NaN) = NaN
//	Rsqrt(±0) = ±Inf
//	Rsqrt(x < 0) = NaN
//	Rsqrt(+Inf) = +0
var Rsqrt = &Func{Name: "rsqrt", Arity: 1, eval: rsqrtEval}

func rsqrtEval(x, _ uint32) evalCase {
	switch {
	case f32.IsNaN(x):
		return nanCase
	case f32.IsZero(x):
		return fixed(x&f32.SignMask | f32.InfBits)
	case isNeg(x):
		return nanCase
	case x == f32.InfBits:
		return fixed(f32.ZeroBits)
	}
	return zivCase(func(p uint) (ival, bool) { return sqrtPoint(Value(x), p+8).recip(p + 8) })
}

// Rcp is the reference of 1/x.
//
// Special cases are:
//
//	Rcp(NaN) = NaN
//	Rcp(±0) = ±Inf
//	Rcp(±Inf) = ±0
var Rcp = &Func{Name: "rcp", Arity: 1, eval: rcpEval}

func rcpEval(x, _ uint32) evalCase {
	switch {
	case f32.IsNaN(x):
		return nanCase
	case f32.IsZero(x):
		return fixed(x&f32.SignMask | f32.InfBits)
	case f32.IsInf(x):
		return fixed(x & f32.SignMask)
	}
	return zivCase(func(p uint) (ival, bool) { return pt(Value(x)).recip(p) })
}

// Div is the reference of x/y.
//
// Special cases are:
//
//	Div(NaN, y) = Div(x, NaN) = NaN
//	Div(±0, ±0) = NaN
//	Div(±Inf, ±Inf) = NaN
//	Div(x, ±0) = ±Inf for x ≠ 0, sign(x) XOR sign(y)
//	Div(±Inf, y) = ±Inf for finite y, sign(x) XOR sign(y)
//	Div(x, ±Inf) = ±0 for finite x, sign(x) XOR sign(y)
//	Div(±0, y) = ±0 for y ≠ 0, sign(x) XOR sign(y)
var Div = &Func{Name: "div", Arity: 2, eval: divEval}

func divEval(x, y uint32) evalCase {
	s := (x ^ y) & f32.SignMask
	switch {
	case f32.IsNaN(x), f32.IsNaN(y):
		return nanCase
	case f32.IsZero(x) && f32.IsZero(y), f32.IsInf(x) && f32.IsInf(y):
		return nanCase
	case f32.IsZero(y), f32.IsInf(x):
		return fixed(s | f32.InfBits)
	case f32.IsInf(y), f32.IsZero(x):
		return fixed(s)
	}
	return zivCase(func(p uint) (ival, bool) { return pt(Value(x)).div(pt(Value(y)), p) })
}

// sqrtPoint returns an enclosure of √a for an exact a > 0: s = Sqrt(a) at p
// bits (math/big does not promise a direction), then a bracket [lo, hi]
// around s certified by squaring with directed rounding: RU(lo²) ≤ a implies
// lo ≤ √a, RD(hi²) ≥ a implies hi ≥ √a. An exact root gives a point.
func sqrtPoint(a *big.Float, p uint) ival {
	s := new(big.Float).SetPrec(p).Sqrt(a)
	if sq := new(big.Float).SetPrec(2*p+2).Mul(s, s); sq.Cmp(a) == 0 {
		return pt(s)
	}
	for k := 2; ; k *= 2 {
		d := pow2(s.MantExp(nil) - int(p) + k)
		lo := down(p).Sub(s, d)
		hi := up(p).Add(s, d)
		if lo.Sign() < 0 {
			lo = new(big.Float)
		}
		if up(2*p+2).Mul(lo, lo).Cmp(a) <= 0 && down(2*p+2).Mul(hi, hi).Cmp(a) >= 0 {
			return ival{lo, hi}
		}
	}
}
