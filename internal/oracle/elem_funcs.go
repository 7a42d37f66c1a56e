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
var Exp = &Func{Name: "exp", Arity: 1, eval: eval32(expEval)}

// f64Exp is Exp for binary64 (Func64).
var f64Exp = &Func64{Name: "exp", Arity: 1, eval: eval64(expEval)}

// e^x > 2^129 (2^1025) for x > 100 (711), 0 < e^x < 2^-151 (2^-1076) for x < -110 (-746).
func expEval(fm *format, x, _ uint64) evalCase {
	return expFamily(fm, x, fm.pick(100, 711), fm.pick(-110, -746), nil, func(p uint) ival { return expPoint(fm.value(x), p) })
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
var Exp2 = &Func{Name: "exp2", Arity: 1, eval: eval32(exp2Eval)}

// f64Exp2 is Exp2 for binary64 (Func64).
var f64Exp2 = &Func64{Name: "exp2", Arity: 1, eval: eval64(exp2Eval)}

func exp2Eval(fm *format, x, _ uint64) evalCase {
	exact := func() (*big.Float, bool) {
		if isInt, _ := fm.intClass(x); !isInt || fm.cmp(fm.abs(x), fm.pick(1000, 5000)) > 0 {
			return nil, false
		}
		n, _ := fm.value(x).Int64()
		return pow2(int(n)), true
	}
	return expFamily(fm, x, fm.pick(130, 1026), fm.pick(-160, -1077), exact, func(p uint) ival {
		return expIval(ln2Ival(p+160).mulExact(fm.value(x), p+160), p)
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
var Exp10 = &Func{Name: "exp10", Arity: 1, eval: eval32(exp10Eval)}

// f64Exp10 is Exp10 for binary64 (Func64), exact for integers 0 < n ≤ 400:
// binary64 numbers for n ≤ 22, a midpoint for n = 23 (5^23 has 54 bits),
// neither for n ≥ 24 (5^n has more than 54 bits).
var f64Exp10 = &Func64{Name: "exp10", Arity: 1, eval: eval64(exp10Eval)}

func exp10Eval(fm *format, x, _ uint64) evalCase {
	exact := func() (*big.Float, bool) {
		if isInt, _ := fm.intClass(x); !isInt || fm.isNeg(x) || fm.cmp(x, fm.pick(40, 400)) > 0 {
			return nil, false
		}
		n, _ := fm.value(x).Int64()
		v := new(big.Int).Exp(big.NewInt(10), big.NewInt(n), nil)
		return new(big.Float).SetInt(v), true
	}
	return expFamily(fm, x, fm.pick(40, 310), fm.pick(-50, -325), exact, func(p uint) ival {
		return expIval(ln10Ival(p+160).mulExact(fm.value(x), p+160), p)
	})
}

// expFamily handles the special cases and ranges shared by exp, exp2 and
// exp10: f(x) > 2^129 for x > hi, 0 < f(x) < 2^-151 for x < lo.
func expFamily(fm *format, x uint64, hi, lo float64, exact func() (*big.Float, bool), enc func(uint) ival) evalCase {
	switch {
	case fm.isNaN(x):
		return fm.nanCase()
	case x == fm.inf:
		return fixed64(fm.inf)
	case x == fm.negInf():
		return fixed64(0)
	case fm.isZero(x):
		return exactCase(big.NewFloat(1))
	}
	if exact != nil {
		if v, ok := exact(); ok {
			return exactCase(v)
		}
	}
	e := fm.encIf(x, 1<<20, enc)
	switch {
	case fm.cmp(x, hi) > 0:
		return fm.hugeCase(false, e)
	case fm.cmp(x, lo) < 0:
		return fm.tinyCase(false, e)
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
var Log = &Func{Name: "log", Arity: 1, eval: eval32(logEval)}

// f64Log is Log for binary64 (Func64).
var f64Log = &Func64{Name: "log", Arity: 1, eval: eval64(logEval)}

func logEval(fm *format, x, _ uint64) evalCase {
	return logFamily(fm, x, nil, func(p uint) ival { return logPoint(fm.value(x), p) })
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
var Log2 = &Func{Name: "log2", Arity: 1, eval: eval32(log2Eval)}

// f64Log2 is Log2 for binary64 (Func64).
var f64Log2 = &Func64{Name: "log2", Arity: 1, eval: eval64(log2Eval)}

func log2Eval(fm *format, x, _ uint64) evalCase {
	exact := func() (*big.Float, bool) {
		if m, e := fm.decompose(x); m == 1 {
			return exactInt(int64(e)), true
		}
		return nil, false
	}
	return logFamily(fm, x, exact, func(p uint) ival {
		v, _ := logPoint(fm.value(x), p+8).div(ln2Ival(p+8), p+8)
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
var Log10 = &Func{Name: "log10", Arity: 1, eval: eval32(log10Eval)}

// f64Log10 is Log10 for binary64 (Func64), exact for 10^n, 1 ≤ n ≤ 22 (the
// powers of ten that are binary64 numbers).
var f64Log10 = &Func64{Name: "log10", Arity: 1, eval: eval64(log10Eval)}

func log10Eval(fm *format, x, _ uint64) evalCase {
	exact := func() (*big.Float, bool) {
		v := fm.value(x)
		p := new(big.Float).SetPrec(128).SetInt64(10)
		for n := int64(1); n <= int64(fm.pick(10, 22)); n++ {
			if v.Cmp(p) == 0 {
				return exactInt(n), true
			}
			p.Mul(p, big.NewFloat(10)) // exact: 10^23 has 77 bits, p has 128
		}
		return nil, false
	}
	return logFamily(fm, x, exact, func(p uint) ival {
		v, _ := logPoint(fm.value(x), p+8).div(ln10Ival(p+8), p+8)
		return v
	})
}

func logFamily(fm *format, x uint64, exact func() (*big.Float, bool), enc func(uint) ival) evalCase {
	switch {
	case fm.isNaN(x):
		return fm.nanCase()
	case fm.isZero(x):
		return fixed64(fm.negInf())
	case fm.isNeg(x):
		return fm.nanCase()
	case x == fm.inf:
		return fixed64(fm.inf)
	case x == fm.one:
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
var Sin = &Func{Name: "sin", Arity: 1, eval: eval32(sinEval)}

// f64Sin is Sin for binary64 (Func64).
var f64Sin = &Func64{Name: "sin", Arity: 1, eval: eval64(sinEval)}

func sinEval(fm *format, x, _ uint64) evalCase {
	if c, ok := trigSpecial(fm, x, x); ok {
		return c
	}
	return zivCase(always(func(p uint) ival { s, _ := sinCosPoint(fm.value(x), p); return s }))
}

// Cos is the reference of the cosine.
//
// Special cases are:
//
//	Cos(NaN) = NaN
//	Cos(±Inf) = NaN
//	Cos(±0) = 1
var Cos = &Func{Name: "cos", Arity: 1, eval: eval32(cosEval)}

// f64Cos is Cos for binary64 (Func64).
var f64Cos = &Func64{Name: "cos", Arity: 1, eval: eval64(cosEval)}

func cosEval(fm *format, x, _ uint64) evalCase {
	if c, ok := trigSpecial(fm, x, fm.one); ok {
		return c
	}
	return zivCase(always(func(p uint) ival { _, c := sinCosPoint(fm.value(x), p); return c }))
}

// Tan is the reference of the tangent.
//
// Special cases are:
//
//	Tan(NaN) = NaN
//	Tan(±Inf) = NaN
//	Tan(±0) = ±0
var Tan = &Func{Name: "tan", Arity: 1, eval: eval32(tanEval)}

// f64Tan is Tan for binary64 (Func64).
var f64Tan = &Func64{Name: "tan", Arity: 1, eval: eval64(tanEval)}

func tanEval(fm *format, x, _ uint64) evalCase {
	if c, ok := trigSpecial(fm, x, x); ok {
		return c
	}
	return zivCase(func(p uint) (ival, bool) {
		s, c := sinCosPoint(fm.value(x), p)
		return s.div(c, p+32)
	})
}

func trigSpecial(fm *format, x, zero uint64) (evalCase, bool) {
	switch {
	case fm.isNaN(x), fm.isInf(x):
		return fm.nanCase(), true
	case fm.isZero(x):
		return fixed64(zero), true
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
var Tanh = &Func{Name: "tanh", Arity: 1, eval: eval32(tanhEval)}

// f64Tanh is Tanh for binary64 (Func64): 1 − |tanh x| < 2^-115 < 2^-55 for
// |x| ≥ 40 as well.
var f64Tanh = &Func64{Name: "tanh", Arity: 1, eval: eval64(tanhEval)}

func tanhEval(fm *format, x, _ uint64) evalCase {
	neg := fm.isNeg(x)
	switch {
	case fm.isNaN(x):
		return fm.nanCase()
	case fm.isInf(x):
		return fixed64(fm.signOf(x) | fm.one)
	case fm.isZero(x):
		return fixed64(x)
	}
	ax := fm.abs(x)
	enc := func(p uint) ival {
		wp := p + 16
		var t ival
		if fm.cmp(ax, 0.5) < 0 {
			// tanh a = em/(em + 2), em = e^(2a) − 1, no cancellation.
			em := expm1Point(new(big.Float).SetMantExp(fm.value(ax), 1), wp)
			t, _ = em.div(em.add(pt(big.NewFloat(2)), wp), wp)
		} else {
			// tanh a = 1 − 2/(e^(2a) + 1) ≥ 0.46.
			e := expPoint(new(big.Float).SetMantExp(fm.value(ax), 1), wp)
			q, _ := pt(big.NewFloat(2)).div(e.add(one(), wp), wp)
			t = one().sub(q, wp)
		}
		if neg {
			t = t.neg()
		}
		return t
	}
	if fm.cmp(ax, 40) >= 0 {
		return belowOneCase(neg, fm.encIf(ax, 1<<20, enc))
	}
	return zivCase(always(enc))
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
var Rsqrt = &Func{Name: "rsqrt", Arity: 1, eval: eval32(rsqrtEval)}

// f64Rsqrt is Rsqrt for binary64 (Func64). 1/√x is exact (a point
// enclosure) for x = 2^(2k) and otherwise irrational or not dyadic.
var f64Rsqrt = &Func64{Name: "rsqrt", Arity: 1, eval: eval64(rsqrtEval)}

func rsqrtEval(fm *format, x, _ uint64) evalCase {
	switch {
	case fm.isNaN(x):
		return fm.nanCase()
	case fm.isZero(x):
		return fixed64(fm.signOf(x) | fm.inf)
	case fm.isNeg(x):
		return fm.nanCase()
	case x == fm.inf:
		return fixed64(0)
	}
	return zivCase(func(p uint) (ival, bool) { return sqrtPoint(fm.value(x), p+8).recip(p + 8) })
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
