package oracle

import (
	"math/big"
	"math/bits"
)

// Pow is the reference of x^y (C99 pow, CUDA powf).
//
// Special cases are (in order; C99 F.9.4.4):
//
//	Pow(x, ±0) = 1 for any x, even NaN
//	Pow(+1, y) = 1 for any y, even NaN
//	Pow(NaN, y) = Pow(x, NaN) = NaN
//	Pow(±0, y) = ±Inf for y an odd integer < 0
//	Pow(±0, y) = +Inf for y < 0 and not an odd integer (-Inf included)
//	Pow(±0, y) = ±0 for y an odd integer > 0
//	Pow(±0, y) = +0 for y > 0 and not an odd integer (+Inf included)
//	Pow(-1, ±Inf) = 1
//	Pow(x, -Inf) = +Inf for |x| < 1, +0 for |x| > 1
//	Pow(x, +Inf) = +0 for |x| < 1, +Inf for |x| > 1
//	Pow(-Inf, y) = -0 for y an odd integer < 0, +0 for other y < 0
//	Pow(-Inf, y) = -Inf for y an odd integer > 0, +Inf for other y > 0
//	Pow(+Inf, y) = +0 for y < 0, +Inf for y > 0
//	Pow(x, y) = NaN for finite x < 0 and finite non-integer y
//	Pow(x, y) = -|x|^y for finite x < 0 and an odd integer y, |x|^y for an even one
//
// Exact cases (rounded from their exact value; see powExact): |x|^y for
// integer y when |x| is a power of two or y ≤ 16, and for y = n/2^g when
// |x| = s^(2^g)·2^(k·2^g). Every other finite result is irrational or a
// non-dyadic rational, never a rounding boundary.
var Pow = &Func{Name: "pow", Arity: 2, eval: eval32(powEval)}

// f64Pow is Pow for binary64 (Func64), with powExact's exact cases for
// binary64: integer y ≤ 34 (3^35 > 2^55) and g ≤ 5 (3^(2^6) > 2^53).
var f64Pow = &Func64{Name: "pow", Arity: 2, eval: eval64(powEval)}

func powEval(fm *format, x, y uint64) evalCase {
	switch {
	case fm.isZero(y), x == fm.one:
		return fixed64(fm.one)
	case fm.isNaN(x), fm.isNaN(y):
		return fm.nanCase()
	}
	yInt, yOdd := fm.intClass(y)
	yNeg := fm.isNeg(y)
	if fm.isInf(y) {
		yInt, yOdd = false, false
	}
	switch {
	case fm.isZero(x):
		switch {
		case yNeg && yOdd:
			return fixed64(fm.signOf(x) | fm.inf)
		case yNeg:
			return fixed64(fm.inf)
		case yOdd:
			return fixed64(x)
		}
		return fixed64(0)
	case fm.isInf(y):
		ax := fm.abs(x)
		switch {
		case ax == fm.one:
			return fixed64(fm.one)
		case (ax < fm.one) == yNeg: // |x| < 1 with y = -Inf, |x| > 1 with +Inf
			return fixed64(fm.inf)
		}
		return fixed64(0)
	case x == fm.negInf():
		switch {
		case yNeg && yOdd:
			return fixed64(fm.sign)
		case yNeg:
			return fixed64(0)
		case yOdd:
			return fixed64(fm.negInf())
		}
		return fixed64(fm.inf)
	case x == fm.inf:
		if yNeg {
			return fixed64(0)
		}
		return fixed64(fm.inf)
	}
	// x, y finite and nonzero.
	neg := false
	if fm.isNeg(x) {
		if !yInt {
			return fm.nanCase()
		}
		neg = yOdd
	}
	ax := fm.abs(x)
	if c, ok := powExact(fm, ax, y, neg); ok {
		return c
	}
	// |t| = |y·ln|x|| < 2^128·89 (2^1024·745): ln|x| carries 140 (1040)
	// more bits than the result for the absolute error of t to be 2^-p.
	extra := uint(fm.pick(140, 1040))
	enc := func(p uint) (ival, bool) {
		t := logPoint(fm.value(ax), p+extra).mulExact(fm.value(y), p+extra)
		if t.mag().Cmp(big.NewFloat(maxExpArg)) > 0 {
			return ival{}, false
		}
		v := expIval(t, p)
		if neg {
			v = v.neg()
		}
		return v, true
	}
	// Range: e^t > 2^129 (2^1025) for t > 90 (711), e^t < 2^-151 (2^-1076)
	// for t < -105 (-746).
	t := logPoint(fm.value(ax), 64).mulExact(fm.value(y), 64)
	switch {
	case t.lo.Cmp(big.NewFloat(fm.pick(90, 711))) > 0:
		return fm.hugeCase(neg, enc)
	case t.hi.Cmp(big.NewFloat(fm.pick(-105, -746))) < 0:
		return fm.tinyCase(neg, enc)
	}
	return zivCase(enc)
}

// powExact returns the exact |x|^y (negated when neg) for x > 0 finite and y
// finite nonzero when it is a dyadic rational, or a range representative when
// it is a power of two far outside the format's range. Write x = m·2^e and
// |y| = n·2^f with m, n odd; P = 25 for binary32 and 54 for binary64 is the
// most significant bits a number or a midpoint of the format has.
//
//   - y an integer (f ≥ 0): m = 1 gives 2^(e·y); m ≥ 3 and y > 0 gives
//     m^y·2^(e·y), computed when y ≤ yMax = 16 (34) (for larger y, m^y ≥
//     3^(yMax+1) > 2^(P+1) has too many bits to be a number or midpoint, so
//     the Ziv loop ends on it); m ≥ 3 and y < 0 gives a non-dyadic rational.
//   - y = ±n/2^g, g ≥ 1: x^y is rational only if m = s^(2^g) and 2^g | e·n,
//     that is 2^g | e (m = 1 needs only 2^g | e·n). Then x^y = s^(±n)·2^(±e·n/2^g),
//     dyadic only for a positive exponent or s = 1. s ≥ 3 needs 3^(2^g) ≤ m <
//     2^24 (2^53), so g ≤ 4 (g ≤ 5).
func powExact(fm *format, x, y uint64, neg bool) (evalCase, bool) {
	m, e := fm.decompose(x)
	n, f := fm.decompose(y)
	yNeg := fm.isNeg(y)
	sgn := func(v *big.Float) *big.Float {
		if neg {
			v.Neg(v)
		}
		return v
	}
	// pow2Case returns ±2^E for E = num/2^g (num·2^-g an integer).
	pow2Case := func(E *big.Int) (evalCase, bool) {
		switch {
		case E.CmpAbs(big.NewInt(int64(fm.pick(2000, 5000)))) <= 0:
			return exactCase(sgn(pow2(int(E.Int64())))), true
		case E.Sign() > 0:
			return fm.hugeCase(neg, nil), true
		}
		return fm.tinyCase(neg, nil), true
	}
	if f >= 0 {
		Y := new(big.Int).Lsh(new(big.Int).SetUint64(n), uint(f)) // |y|
		if yNeg {
			Y.Neg(Y)
		}
		if m == 1 {
			return pow2Case(new(big.Int).Mul(big.NewInt(int64(e)), Y))
		}
		if yNeg || Y.Cmp(big.NewInt(int64(fm.pick(16, 34)))) > 0 {
			return evalCase{}, false
		}
		k := Y.Int64()
		v := new(big.Int).Exp(new(big.Int).SetUint64(m), Y, nil)
		r := new(big.Float).SetInt(v)
		return exactCase(sgn(r.SetMantExp(r, e*int(k)))), true
	}
	g := uint(-f)
	if m == 1 {
		num := new(big.Int).Mul(big.NewInt(int64(e)), new(big.Int).SetUint64(n))
		mask := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), g), big.NewInt(1))
		if new(big.Int).And(num, mask).Sign() != 0 {
			return evalCase{}, false // 2^(odd/2^g): irrational
		}
		num.Rsh(num, g) // exact division
		if yNeg {
			num.Neg(num)
		}
		return pow2Case(num)
	}
	if g > uint(fm.pick(4, 5)) || yNeg || e%(1<<g) != 0 {
		return evalCase{}, false
	}
	s, ok := intRoot(m, g)
	if !ok || n > 64 {
		// Not a perfect power: irrational. n > 64: s^n ≥ 3^65 has more than
		// 55 significant bits: not a boundary.
		return evalCase{}, false
	}
	v := new(big.Int).Exp(new(big.Int).SetUint64(s), big.NewInt(int64(n)), nil)
	r := new(big.Float).SetInt(v)
	return exactCase(sgn(r.SetMantExp(r, e/(1<<g)*int(n)))), true
}

// intRoot returns s with s^(2^g) = m, if there is one (m < 2^53).
func intRoot(m uint64, g uint) (uint64, bool) {
	s := m
	for range g {
		// integer square root by Newton's method
		r := s
		if r > 1 {
			r = 1 << ((bits.Len64(s) + 1) / 2)
			for {
				nr := (r + s/r) / 2
				if nr >= r {
					break
				}
				r = nr
			}
		}
		if r*r != s {
			return 0, false
		}
		s = r
	}
	return s, true
}
