package oracle

import (
	"math/big"

	"github.com/cudafp/cudafp/internal/f32"
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
var Sinpi = &Func{Name: "sinpi", Arity: 1, eval: sinpiEval}

func sinpiEval(x, _ uint32) evalCase {
	if c, ok := trigSpecial(x, x); ok {
		return c
	}
	q, f := reduceHalf(x)
	neg := isNeg(x)
	if f == nil {
		// sin(qπ/2): +0, 1, +0, −1, times the sign of x (the zeros too).
		return fixed([4]uint32{0, f32.OneBits, 0, f32.OneBits | f32.SignMask}[q] ^ x&f32.SignMask)
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
var Cospi = &Func{Name: "cospi", Arity: 1, eval: cospiEval}

func cospiEval(x, _ uint32) evalCase {
	if c, ok := trigSpecial(x, f32.OneBits); ok {
		return c
	}
	q, f := reduceHalf(x)
	if f == nil {
		// cos(qπ/2): 1, +0, −1, +0.
		return fixed([4]uint32{f32.OneBits, 0, f32.OneBits | f32.SignMask, 0}[q])
	}
	return zivCase(always(func(p uint) ival { return sinCosPiQuadrant(q, f, p, true) }))
}

// reduceHalf returns q = n mod 4 and f = |x| − n/2 exactly for n =
// round(2|x|) (a tie, |x| an odd multiple of 1/4, rounds up; either n is
// correct), for a finite nonzero x; f is nil when it is 0, that is when 2x
// is an integer.
func reduceHalf(x uint32) (q int, f *big.Float) {
	m, e := oddDecompose(x)
	switch {
	case e >= 1: // an even integer: 2|x| ≡ 0 (mod 4)
		return 0, nil
	case e == 0: // an odd integer
		return 2, nil
	case e == -1: // a half-integer m/2: n = m
		return int(m & 3), nil
	case e <= -26: // 2|x| < 2^(24+e+1) ≤ 2^-1: n = 0
		return 0, Value(x & f32.AbsMask)
	}
	s := uint(-e - 1) // 2|x| = m/2^s, s ≥ 1
	n := (uint64(m) + 1<<(s-1)) >> s
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
