package oracle

import (
	"math/big"
)

// The references of sin(πx) and cos(πx) (C23 sinpi, cospi; IEEE 754-2019
// §9.2 sinPi, cosPi).
//
// Reduction, exact in integers: |x| = m·2^e with m odd; n = round(2|x|)
// and f = |x| − n/2 = d·2^e with d = m − n·2^-(e+1) an integer, |f| ≤ 1/4.
// Then π|x| = n·π/2 + πf, and with q = n mod 4
//
//	q:          0        1        2         3
//	sin(π|x|):  sin πf   cos πf   −sin πf   −cos πf
//	cos(π|x|):  cos πf   −sin πf  −cos πf   sin πf
//
// sin πf and cos πf come from sinCosSmall on the enclosure of π·f (piIval
// times the exact f), |πf| ≤ π/4 < 1; sinpi is odd and cospi even.
//
// Exact cases: f = 0, that is 2x an integer (every |x| ≥ 2^23 among them):
// sinpi is ±0 or ±1, cospi ±1 or +0. These are the only ones: by Niven's
// theorem sin(πx) and cos(πx) for a rational x are rational only when they
// are 0, ±1/2 or ±1, and ±1/2 needs x ≡ ±1/6 or ±1/3 (mod 1), which no
// binary32 number is; an irrational value is never a rounding boundary, so
// the Ziv loop stops.

// Sinpi is the reference of sin(πx).
//
// Special cases are (C23 Annex F's sinpi, IEEE 754-2019 9.2.1 sinPi):
//
//	Sinpi(NaN) = NaN
//	Sinpi(±Inf) = NaN
//	Sinpi(±0) = ±0
//	Sinpi(n) = +0, Sinpi(−n) = −0 for an integer n > 0, in every mode
//	Sinpi(±(n + 1/2)) = ±(−1)^n for an integer n ≥ 0
var Sinpi = &Func{Name: "sinpi", Arity: 1, eval: eval32(sinpiEval)}

// f64Sinpi is Sinpi for binary64 (Func64); the argument for the exact cases
// holds for binary64 numbers too (every |x| ≥ 2^52 among them).
var f64Sinpi = &Func64{Name: "sinpi", Arity: 1, eval: eval64(sinpiEval)}

func sinpiEval(fm *format, x, _ uint64) evalCase {
	if c, ok := trigSpecial(fm, x, x); ok {
		return c
	}
	q, f := reduceHalf(fm, x)
	neg := fm.isNeg(x)
	if f == nil {
		// sin(qπ/2): +0, 1, +0, −1, times the sign of x (the zeros too).
		return fixed64([4]uint64{0, fm.one, 0, fm.one | fm.sign}[q] ^ fm.signOf(x))
	}
	return zivCase(always(func(p uint) ival {
		v := sinCosPiQuadrant(q, f, p, false)
		if neg {
			v = v.neg()
		}
		return v
	}))
}

// Cospi is the reference of cos(πx).
//
// Special cases are (C23 Annex F's cospi, IEEE 754-2019 9.2.1 cosPi):
//
//	Cospi(NaN) = NaN
//	Cospi(±Inf) = NaN
//	Cospi(±0) = 1
//	Cospi(±n) = (−1)^n for an integer n
//	Cospi(±(n + 1/2)) = +0 for an integer n ≥ 0, in every mode
var Cospi = &Func{Name: "cospi", Arity: 1, eval: eval32(cospiEval)}

// f64Cospi is Cospi for binary64 (Func64).
var f64Cospi = &Func64{Name: "cospi", Arity: 1, eval: eval64(cospiEval)}

func cospiEval(fm *format, x, _ uint64) evalCase {
	if c, ok := trigSpecial(fm, x, fm.one); ok {
		return c
	}
	q, f := reduceHalf(fm, x)
	if f == nil {
		// cos(qπ/2): 1, +0, −1, +0.
		return fixed64([4]uint64{fm.one, 0, fm.one | fm.sign, 0}[q])
	}
	return zivCase(always(func(p uint) ival { return sinCosPiQuadrant(q, f, p, true) }))
}

// reduceHalf returns q = n mod 4 and f = |x| − n/2 exactly for n =
// round(2|x|) (a tie, |x| an odd multiple of 1/4, rounds up; either n is
// correct), for a finite nonzero x; f is nil when it is 0, that is when 2x
// is an integer.
func reduceHalf(fm *format, x uint64) (q int, f *big.Float) {
	m, e := fm.decompose(x)
	switch {
	case e >= 1: // an even integer: 2|x| ≡ 0 (mod 4)
		return 0, nil
	case e == 0: // an odd integer
		return 2, nil
	case e == -1: // a half-integer m/2: n = m
		return int(m & 3), nil
	case e <= -(fm.fracBits + 3): // 2|x| < 2^(fracBits+2+e) ≤ 2^-1: n = 0
		return 0, fm.value(fm.abs(x))
	}
	s := uint(-e - 1) // 2|x| = m/2^s, 1 ≤ s ≤ fracBits+1
	n := (m + 1<<(s-1)) >> s
	d := int64(m) - int64(n<<s) // odd, |d| ≤ 2^(s−1)
	return int(n & 3), new(big.Float).SetMantExp(new(big.Float).SetInt64(d), e)
}

// sinCosPiQuadrant returns an enclosure of sin(qπ/2 + πf) (cos(…) when cos
// is set) for |f| ≤ 1/4 exact and nonzero.
func sinCosPiQuadrant(q int, f *big.Float, p uint, cos bool) ival {
	wp := p + 32
	r := piIval(wp).mulExact(f, wp)
	s, c := sinCosSmall(r, p)
	if cos {
		q++
	}
	switch q & 3 {
	case 0:
		return s
	case 1:
		return c
	case 2:
		return s.neg()
	}
	return c.neg()
}
