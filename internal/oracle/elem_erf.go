package oracle

import (
	"math"
	"math/big"

	"github.com/cudafp/cudafp/internal/f32"
)

// References of the error functions and the normal distribution: erf,
// erfc, erfcx, their inverses erfinv and erfcinv, and normcdf, normcdfinv.
//
// Enclosures. Everything rests on one series with positive terms (Abramowitz
// and Stegun 7.1.6):
//
//	erf a = (2/√π)·e^(−a²)·S(a),  S(a) = Σ_{n≥0} t_n,  t_0 = a,  t_{n+1} = t_n·2a²/(2n+3)
//
// for a ≥ 0. The ratios 2a²/(2n+3) decrease with n, so once one is at most
// 1/2 the remainder after the terms t_0 … t_{N−1} is at most t_N/(1 − 1/2)
// = 2·t_N (a geometric majorant): erfSeries sums until that bound is below
// 2^-(p+8) of the partial sum and widens the upper end by it. Every step is
// interval arithmetic with outward rounding (elem_ival.go), e^(−a²) is
// expPoint's enclosure and √π is sqrtPoint of piIval's ends, so each
// enclosure contains the exact value whatever the precision. Then
//
//	erfc a = 1 − erf a, and erfcx a = e^(a²) − (2/√π)·S(a) for 0 ≤ a < 26,
//
// formed at p + ⌈a²·log2 e⌉ + 24 bits so that the cancellation (erfc a ≥
// e^(−a²)/(a + √(a² + 2))·2/√π, A&S 7.1.13) leaves about p bits; the Ziv
// loop raises p if it does not. For a ≥ 12 erfcx first tries the asymptotic series
// (A&S 7.1.23) 1/(a√π)·Σ_{n<N} (−1)^n·(2n−1)!!/(2a²)^n, whose remainder for
// real a > 0 is smaller in magnitude than the first omitted term (A&S
// 7.1.24); erfcxAsym widens by that term, with N chosen while the terms
// still decrease (n < a²). For x < 0, erfcx x = e^(x²) + (2/√π)·S(|x|) and
// erfc x = 1 + erf|x| have no cancellation.
//
// The inverses solve erf y = t or erfc y = c for y ≥ 0 (c = 1 − t is exact
// for a binary32 t ≥ 1/2): Newton's iteration on big.Float from a float64
// start gives a candidate y, and the enclosure [y − δ, y + δ] with δ =
// y·2^-(p+2) is accepted only when the forward enclosures at its ends
// bracket the target (erf increases, erfc decreases), which proves that the
// root lies inside; otherwise ok = false and the Ziv loop retries at twice
// the precision.
//
// Exact cases: the zeros of erf, erfinv, erfcinv and normcdfinv, and
// erfc(0) = erfcx(0) = 1, normcdf(0) = 1/2. No proof is known that erf of a
// nonzero rational is irrational, so unlike the elementary functions'
// loops these rest on the observation that no binary32 argument has been
// found whose value is a binary32 number or midpoint; such an argument
// would make the loop panic at maxZivPrec bits instead of returning a
// wrong result.

// erfSeries returns an enclosure of S(a) for an exact a ≥ 0.
func erfSeries(a *big.Float, p uint) ival {
	if a.Sign() == 0 {
		return pt(new(big.Float))
	}
	wp := p + 16
	q := pt(new(big.Float).SetPrec(2*a.Prec()+2).Mul(a, a)).scale(1) // 2a², exact
	t := pt(a)
	s := pt(new(big.Float))
	for n := int64(0); ; n++ {
		s = s.add(t, wp)
		t = t.mul(q, wp).divInt(2*n+3, wp)
		// t is now t_{n+1}; the ratio after it is 2a²/(2n+5).
		if halfOrLess(q.hi, 2*n+5) && down(wp).Mul(s.lo, pow2(-int(p)-8)).Cmp(t.hi) > 0 {
			return s.widenUp(up(wp).Mul(t.hi, exactInt(2)), wp)
		}
	}
}

// halfOrLess reports whether q/m ≤ 1/2, q ≥ 0 exact, m > 0.
func halfOrLess(q *big.Float, m int64) bool {
	return new(big.Float).SetMantExp(q, 1).Cmp(exactInt(m)) <= 0
}

// twoOverSqrtPi returns an enclosure of 2/√π.
func twoOverSqrtPi(p uint) ival {
	pi := piIval(p + 8)
	s := ival{sqrtPoint(pi.lo, p+8).lo, sqrtPoint(pi.hi, p+8).hi}
	r, _ := s.recip(p + 8)
	return r.scale(1)
}

// negSquare returns −a² exactly.
func negSquare(a *big.Float) *big.Float {
	return new(big.Float).SetPrec(2*a.Prec() + 2).Neg(new(big.Float).SetPrec(2*a.Prec()+2).Mul(a, a))
}

// erfPoint returns an enclosure of erf a for an exact a ≥ 0.
func erfPoint(a *big.Float, p uint) ival {
	if a.Sign() == 0 {
		return pt(new(big.Float))
	}
	wp := p + 24
	e := expPoint(negSquare(a), wp)
	return twoOverSqrtPi(wp).mul(e, wp).mul(erfSeries(a, wp), wp)
}

// cancelBits returns the guard bits for erfc and erfcx at a ≥ 0: about
// a²·log2 e bits cancel in 1 − erf a and in e^(a²) − (2/√π)·S(a).
func cancelBits(a *big.Float) uint {
	af, _ := a.Float64()
	return uint(af*af*1.4427) + 24
}

// erfcPoint returns an enclosure of erfc a = 1 − erf a for an exact a ≥ 0.
func erfcPoint(a *big.Float, p uint) ival {
	wp := p + cancelBits(a)
	return one().sub(erfPoint(a, wp), wp)
}

// erfcxLarge is where erfcxPoint tries the asymptotic series first (it
// reaches about a²·1.44 bits; beyond, the cancelling form takes over).
const erfcxLarge = 12

// erfcxPoint returns an enclosure of erfcx a = e^(a²)·erfc a for an exact a
// ≥ 0; ok is false only for a beyond 2^14 when the asymptotic series
// cannot reach p bits (a² beyond expPoint's range).
func erfcxPoint(a *big.Float, p uint) (ival, bool) {
	if a.Cmp(big.NewFloat(erfcxLarge)) >= 0 {
		if v, ok := erfcxAsym(a, p); ok {
			return v, true
		}
	}
	if a.Cmp(big.NewFloat(1<<14)) > 0 {
		return ival{}, false
	}
	wp := p + cancelBits(a)
	e := expPoint(new(big.Float).Neg(negSquare(a)), wp)
	return e.sub(twoOverSqrtPi(wp).mul(erfSeries(a, wp), wp), wp), true
}

// erfcxAsym returns an enclosure of erfcx a for an exact a ≥ erfcxLarge by
// the asymptotic series: the sum of the terms u_n = (−1)^n·(2n−1)!!/(2a²)^n
// for n < N, widened by |u_N| (A&S 7.1.24), times 1/(a√π). The terms
// decrease while 2n + 1 < 2a²; ok is false if |u_N| has not fallen below
// 2^-(p+8) by then.
func erfcxAsym(a *big.Float, p uint) (ival, bool) {
	wp := p + 24
	q := pt(new(big.Float).SetPrec(2*a.Prec()+2).Mul(a, a)).scale(1) // 2a², exact
	qf, _ := q.lo.Float64()
	u := one()
	s := pt(new(big.Float))
	for n := int64(0); ; n++ {
		s = s.add(u, wp)
		u, _ = u.mul(pt(exactInt(2*n+1)), wp).div(q, wp) // q > 0
		u = u.neg()                                      // u_{n+1}
		if u.mag().Cmp(pow2(-int(p)-8)) < 0 {
			break
		}
		if float64(2*n+3) >= qf {
			return ival{}, false
		}
	}
	s = s.widen(u.mag(), wp)
	sp := twoOverSqrtPi(wp).scale(-1) // 1/√π
	r, _ := sp.div(pt(a), wp)
	return s.mul(r, wp), true
}

// Erf is the reference of the error function.
//
// Special cases are:
//
//	Erf(NaN) = NaN
//	Erf(±0) = ±0
//	Erf(±Inf) = ±1
//	Erf(x) for |x| > 4.5 rounds as ±(1 − 2^-200) (erfc 4.5 < 2^-31)
var Erf = &Func{Name: "erf", Arity: 1, eval: erfEval}

// erfNearOne is the |x| beyond which erf x lies within 2^-31 of ±1:
// erfc 4.5 < e^(−20.25)/(4.5·√π) < 2^-31 (A&S 7.1.13); TestErfBounds checks
// the enclosure.
const erfNearOne = 4.5

// nearOne returns 1 − 2^-200, the representative of (1 − 2^-26, 1).
func nearOne() *big.Float { return new(big.Float).SetPrec(256).Sub(big.NewFloat(1), pow2(-200)) }

// erfEncMax bounds the arguments whose enclosure erf's rep cases still
// offer to Enclose: S(a) needs about e·a² terms.
const erfEncMax = 26

func erfEval(x, _ uint32) evalCase {
	ax := x & f32.AbsMask
	switch {
	case f32.IsNaN(x):
		return nanCase
	case f32.IsZero(x):
		return fixed(x)
	case f32.IsInf(x):
		return fixed(x&f32.SignMask | f32.OneBits)
	}
	neg := isNeg(x)
	enc := always(func(p uint) ival {
		v := erfPoint(Value(ax), p)
		if neg {
			v = v.neg()
		}
		return v
	})
	if cmpValue(ax, erfNearOne) > 0 {
		if cmpValue(ax, erfEncMax) > 0 {
			enc = nil
		}
		return repCase(nearOne(), neg, enc)
	}
	return zivCase(enc)
}

// Erfc is the reference of the complementary error function 1 − erf x.
//
// Special cases are:
//
//	Erfc(NaN) = NaN
//	Erfc(+Inf) = +0
//	Erfc(-Inf) = 2
//	Erfc(±0) = 1
//	Erfc(x) for x > 10.1 rounds as 2^-300 (erfc 10.1 < 2^-151)
//	Erfc(x) for x < -4.5 rounds as 2 − 2^-200
var Erfc = &Func{Name: "erfc", Arity: 1, eval: erfcEval}

// erfcTiny is the x beyond which erfc x < 2^-151: erfc 10.1 <
// e^(−102.01)/(10.1·√π) < 2^-151 (A&S 7.1.13).
const erfcTiny = 10.1

func erfcEval(x, _ uint32) evalCase {
	ax := x & f32.AbsMask
	switch {
	case f32.IsNaN(x):
		return nanCase
	case x == f32.InfBits:
		return fixed(f32.ZeroBits)
	case x == f32.NegInfBits:
		return fixed(0x40000000)
	case f32.IsZero(x):
		return exactCase(big.NewFloat(1))
	}
	if isNeg(x) {
		enc := always(func(p uint) ival { return one().add(erfPoint(Value(ax), p+4), p+4) })
		if cmpValue(ax, erfNearOne) > 0 {
			if cmpValue(ax, erfEncMax) > 0 {
				enc = nil
			}
			return repCase(new(big.Float).SetPrec(256).Sub(big.NewFloat(2), pow2(-200)), false, enc)
		}
		return zivCase(enc)
	}
	if cmpValue(ax, erfcTiny) > 0 {
		var enc func(uint) (ival, bool)
		if cmpValue(ax, erfEncMax) < 0 { // erfc by cancellation costs a²·1.44 bits: bounded here
			enc = always(func(p uint) ival { return erfcPoint(Value(ax), p) })
		}
		return tinyCase(false, enc)
	}
	return zivCase(always(func(p uint) ival { return erfcPoint(Value(ax), p) }))
}

// Erfcx is the reference of the scaled complementary error function
// e^(x²)·erfc x.
//
// Special cases are:
//
//	Erfcx(NaN) = NaN
//	Erfcx(+Inf) = +0
//	Erfcx(-Inf) = +Inf
//	Erfcx(±0) = 1
//	Erfcx(x) for x < -10 rounds as 2^200 (erfcx x > e^100 > 2^144)
var Erfcx = &Func{Name: "erfcx", Arity: 1, eval: erfcxEval}

func erfcxEval(x, _ uint32) evalCase {
	ax := x & f32.AbsMask
	switch {
	case f32.IsNaN(x):
		return nanCase
	case x == f32.InfBits:
		return fixed(f32.ZeroBits)
	case x == f32.NegInfBits:
		return fixed(f32.InfBits)
	case f32.IsZero(x):
		return exactCase(big.NewFloat(1))
	}
	if isNeg(x) {
		// erfcx(−a) = e^(a²) + (2/√π)·S(a), both positive.
		enc := always(func(p uint) ival {
			a := Value(ax)
			wp := p + 8
			e := expPoint(new(big.Float).Neg(negSquare(a)), wp)
			return e.add(twoOverSqrtPi(wp).mul(erfSeries(a, wp), wp), wp)
		})
		if cmpValue(ax, 10) > 0 {
			if cmpValue(ax, 40) > 0 {
				enc = nil // S(a) needs about e·a² terms: Enclose gives up beyond
			}
			return hugeCase(false, enc)
		}
		return zivCase(enc)
	}
	return zivCase(func(p uint) (ival, bool) { return erfcxPoint(Value(ax), p) })
}

// Normcdf is the reference of the standard normal distribution function
// Φ(x) = erfc(−x/√2)/2.
//
// Special cases are:
//
//	Normcdf(NaN) = NaN
//	Normcdf(+Inf) = 1
//	Normcdf(-Inf) = +0
//	Normcdf(±0) = 1/2
//	Normcdf(x) for x > 6.5 rounds as 1 − 2^-200 (erfc(6.5/√2)/2 < 2^-33)
//	Normcdf(x) for x < -15 rounds as 2^-300 (erfc(15/√2)/2 < 2^-155)
var Normcdf = &Func{Name: "normcdf", Arity: 1, eval: normcdfEval}

func normcdfEval(x, _ uint32) evalCase {
	ax := x & f32.AbsMask
	switch {
	case f32.IsNaN(x):
		return nanCase
	case x == f32.InfBits:
		return fixed(f32.OneBits)
	case x == f32.NegInfBits:
		return fixed(f32.ZeroBits)
	case f32.IsZero(x):
		return exactCase(big.NewFloat(0.5))
	}
	neg := isNeg(x)
	enc := always(func(p uint) ival {
		wp := p + 8
		// A = |x|/√2 ⊂ [lo, hi]; erf increases and erfc decreases, so each
		// is enclosed by its values at the two ends.
		r2 := sqrtPoint(big.NewFloat(2), wp+8)
		A, _ := pt(Value(ax)).div(r2, wp+8)
		if neg { // Φ(x) = erfc(A)/2
			return ival{erfcPoint(A.hi, wp).lo, erfcPoint(A.lo, wp).hi}.scale(-1)
		}
		// Φ(x) = (1 + erf A)/2
		return one().add(ival{erfPoint(A.lo, wp).lo, erfPoint(A.hi, wp).hi}, wp).scale(-1)
	})
	switch {
	case !neg && cmpValue(ax, 6.5) > 0:
		if cmpValue(ax, 2*erfEncMax) > 0 {
			enc = nil
		}
		return repCase(nearOne(), false, enc)
	case neg && cmpValue(ax, 15) > 0:
		if cmpValue(ax, 2*erfEncMax) > 0 {
			enc = nil
		}
		return tinyCase(false, enc)
	}
	return zivCase(enc)
}

// erfcinvPos returns an enclosure of the y ≥ 0 with erfc y = c for an
// exact c in (0, 1): y solves erfc y = c for c ≤ 1/2 and erf y = 1 − c
// (exact) above. ok is false when the bracket check fails at this
// precision.
func erfcinvPos(c *big.Float, p uint) (ival, bool) {
	wp := p + 16
	cf, _ := c.Float64()
	useErf := cf > 0.5
	var target *big.Float
	var y0 float64
	if useErf {
		target = new(big.Float).SetPrec(c.Prec()+2).Sub(big.NewFloat(1), c) // exact: 1/2 < c < 1
		tf, _ := target.Float64()
		y0 = math.Erfinv(tf)
	} else {
		target = c
		y0 = ErfcinvStart(cf)
	}
	f := func(y *big.Float, q uint) ival {
		if useErf {
			return erfPoint(y, q)
		}
		return erfcPoint(y, q)
	}
	// Newton: y ← y − (F(y) − target)/F'(y), F' = ±(2/√π)·e^(−y²); the
	// iterate is only a candidate, so the midpoints of the enclosures do.
	y := new(big.Float).SetPrec(wp).SetFloat64(y0)
	for range 64 {
		v := f(y, wp)
		r := new(big.Float).SetPrec(wp).Sub(v.lo, target)
		d := twoOverSqrtPi(wp).mul(expPoint(negSquare(y), wp), wp)
		step := new(big.Float).SetPrec(wp).Quo(r, d.lo)
		if !useErf {
			step.Neg(step)
		}
		y.Sub(y, step)
		if step.Sign() == 0 || step.MantExp(nil) < y.MantExp(nil)-int(wp)+4 {
			break
		}
	}
	delta := new(big.Float).SetMantExp(new(big.Float).Abs(y), -int(p)-2)
	lo := down(wp).Sub(y, delta)
	hi := up(wp).Add(y, delta)
	if lo.Sign() <= 0 {
		return ival{}, false
	}
	fl, fh := f(lo, wp), f(hi, wp)
	if useErf { // increasing: F(lo) < t < F(hi)
		if fl.hi.Cmp(target) >= 0 || fh.lo.Cmp(target) <= 0 {
			return ival{}, false
		}
	} else if fl.lo.Cmp(target) <= 0 || fh.hi.Cmp(target) >= 0 { // decreasing
		return ival{}, false
	}
	return ival{lo, hi}, true
}

// ErfcinvStart returns a float64 approximation of erfcinv c for 0 < c ≤
// 1/2, a start for Newton's iteration (here and in package ulp's fast path;
// the result is only a candidate until a bracket check proves it): math.Erfinv(1 − c) while 1 − c keeps c's bits,
// and y ≈ √(−ln(c·√π·y)) iterated from the asymptotic form erfc y ≈
// e^(−y²)/(y√π) below.
func ErfcinvStart(c float64) float64 {
	if c > 0x1p-20 {
		return math.Erfinv(1 - c)
	}
	y := math.Sqrt(-math.Log(c))
	for range 4 {
		y = math.Sqrt(-math.Log(c * math.SqrtPi * y))
	}
	return y
}

// Erfinv is the reference of the inverse error function.
//
// Special cases are:
//
//	Erfinv(NaN) = NaN
//	Erfinv(±0) = ±0
//	Erfinv(±1) = ±Inf
//	Erfinv(x) = NaN for |x| > 1, ±Inf included
var Erfinv = &Func{Name: "erfinv", Arity: 1, eval: erfinvEval}

func erfinvEval(x, _ uint32) evalCase {
	ax := x & f32.AbsMask
	switch {
	case f32.IsNaN(x) || ax > f32.OneBits:
		return nanCase
	case f32.IsZero(x):
		return fixed(x)
	case ax == f32.OneBits:
		return fixed(x&f32.SignMask | f32.InfBits)
	}
	neg := isNeg(x)
	return zivCase(func(p uint) (ival, bool) {
		c := new(big.Float).SetPrec(200).Sub(big.NewFloat(1), Value(ax)) // exact: ax ≥ 2^-149
		v, ok := erfcinvPos(c, p)
		if neg {
			v = v.neg()
		}
		return v, ok
	})
}

// Erfcinv is the reference of the inverse complementary error function.
//
// Special cases are:
//
//	Erfcinv(NaN) = NaN
//	Erfcinv(±0) = +Inf
//	Erfcinv(1) = +0
//	Erfcinv(2) = -Inf
//	Erfcinv(x) = NaN for x < 0 or x > 2, ±Inf included
var Erfcinv = &Func{Name: "erfcinv", Arity: 1, eval: erfcinvEval}

func erfcinvEval(x, _ uint32) evalCase {
	switch {
	case f32.IsNaN(x):
		return nanCase
	case f32.IsZero(x):
		return fixed(f32.InfBits)
	case isNeg(x) || x > 0x40000000:
		return nanCase
	case x == f32.OneBits:
		return fixed(f32.ZeroBits)
	case x == 0x40000000:
		return fixed(f32.NegInfBits)
	}
	return zivCase(func(p uint) (ival, bool) {
		c, neg := reflectTwo(Value(x))
		v, ok := erfcinvPos(c, p)
		if neg {
			v = v.neg()
		}
		return v, ok
	})
}

// reflectTwo returns c = min(v, 2 − v) for 0 < v < 2, v ≠ 1, and whether
// it reflected (erfcinv(v) = −erfcinv(2 − v)); 2 − v is exact.
func reflectTwo(v *big.Float) (*big.Float, bool) {
	if v.Cmp(big.NewFloat(1)) < 0 {
		return v, false
	}
	return new(big.Float).SetPrec(64).Sub(big.NewFloat(2), v), true
}

// Normcdfinv is the reference of the inverse of the standard normal
// distribution function, −√2·erfcinv(2x).
//
// Special cases are:
//
//	Normcdfinv(NaN) = NaN
//	Normcdfinv(±0) = -Inf
//	Normcdfinv(1/2) = +0
//	Normcdfinv(1) = +Inf
//	Normcdfinv(x) = NaN for x < 0 or x > 1, ±Inf included
var Normcdfinv = &Func{Name: "normcdfinv", Arity: 1, eval: normcdfinvEval}

func normcdfinvEval(x, _ uint32) evalCase {
	switch {
	case f32.IsNaN(x):
		return nanCase
	case f32.IsZero(x):
		return fixed(f32.NegInfBits)
	case isNeg(x) || x > f32.OneBits:
		return nanCase
	case x == 0x3f000000:
		return fixed(f32.ZeroBits)
	case x == f32.OneBits:
		return fixed(f32.InfBits)
	}
	return zivCase(func(p uint) (ival, bool) {
		wp := p + 8
		c, reflected := reflectTwo(new(big.Float).SetMantExp(Value(x), 1)) // 2x, exact
		v, ok := erfcinvPos(c, wp)
		if !ok {
			return ival{}, false
		}
		v = v.mul(sqrtPoint(big.NewFloat(2), wp), wp)
		if !reflected { // 2x < 1: erfcinv(2x) > 0, the result is negative
			v = v.neg()
		}
		return v, true
	})
}
