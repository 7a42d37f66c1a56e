package oracle

import (
	"math/big"

	"github.com/cudafp/cudafp/internal/f32"
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
var Pow = &Func{Name: "pow", Arity: 2, eval: powEval}

func powEval(x, y uint32) evalCase {
	switch {
	case f32.IsZero(y), x == f32.OneBits:
		return fixed(f32.OneBits)
	case f32.IsNaN(x), f32.IsNaN(y):
		return nanCase
	}
	yInt, yOdd := intClass(y)
	yNeg := isNeg(y)
	if f32.IsInf(y) {
		yInt, yOdd = false, false
	}
	switch {
	case f32.IsZero(x):
		switch {
		case yNeg && yOdd:
			return fixed(x&f32.SignMask | f32.InfBits)
		case yNeg:
			return fixed(f32.InfBits)
		case yOdd:
			return fixed(x)
		}
		return fixed(f32.ZeroBits)
	case f32.IsInf(y):
		ax := x & f32.AbsMask
		switch {
		case ax == f32.OneBits:
			return fixed(f32.OneBits)
		case (ax < f32.OneBits) == yNeg: // |x| < 1 with y = -Inf, |x| > 1 with +Inf
			return fixed(f32.InfBits)
		}
		return fixed(f32.ZeroBits)
	case x == f32.NegInfBits:
		switch {
		case yNeg && yOdd:
			return fixed(f32.NegZeroBits)
		case yNeg:
			return fixed(f32.ZeroBits)
		case yOdd:
			return fixed(f32.NegInfBits)
		}
		return fixed(f32.InfBits)
	case x == f32.InfBits:
		if yNeg {
			return fixed(f32.ZeroBits)
		}
		return fixed(f32.InfBits)
	}
	// x, y finite and nonzero.
	neg := false
	if isNeg(x) {
		if !yInt {
			return nanCase
		}
		neg = yOdd
	}
	ax := x & f32.AbsMask
	if c, ok := powExact(ax, y, neg); ok {
		return c
	}
	enc := func(p uint) (ival, bool) {
		// |x|^y = e^t, t = y·ln|x|. |t| ≤ 2^128·89, so ln|x| carries 140 more
		// bits than the result for the absolute error of t to be 2^-p.
		t := logPoint(Value(ax), p+140).mulExact(Value(y), p+140)
		if t.mag().Cmp(big.NewFloat(maxExpArg)) > 0 {
			return ival{}, false
		}
		v := expIval(t, p)
		if neg {
			v = v.neg()
		}
		return v, true
	}
	// Range: e^t > 2^129 for t > 90, e^t < 2^-151 for t < -105.
	t := logPoint(Value(ax), 64).mulExact(Value(y), 64)
	switch {
	case t.lo.Cmp(big.NewFloat(90)) > 0:
		return hugeCase(neg, enc)
	case t.hi.Cmp(big.NewFloat(-105)) < 0:
		return tinyCase(neg, enc)
	}
	return zivCase(enc)
}

// powExact returns the exact |x|^y (negated when neg) for x > 0 finite and y
// finite nonzero when it is a dyadic rational, or a range representative when
// it is a power of two far outside the binary32 range. Write x = m·2^e and
// |y| = n·2^f with m, n odd.
//
//   - y an integer (f ≥ 0): m = 1 gives 2^(e·y); m ≥ 3 and y > 0 gives
//     m^y·2^(e·y), computed when y ≤ 16 (for y ≥ 17, m^y ≥ 3^17 > 2^25 has
//     too many bits to be a binary32 number or midpoint, so the Ziv loop
//     ends on it); m ≥ 3 and y < 0 gives a non-dyadic rational.
//   - y = ±n/2^g, g ≥ 1: x^y is rational only if m = s^(2^g) and 2^g | e·n,
//     that is 2^g | e (m = 1 needs only 2^g | e·n). Then x^y = s^(±n)·2^(±e·n/2^g),
//     dyadic only for a positive exponent or s = 1. s ≥ 3 needs 3^(2^g) ≤ m < 2^24,
//     so g ≤ 4.
func powExact(x, y uint32, neg bool) (evalCase, bool) {
	m, e := oddDecompose(x)
	n, f := oddDecompose(y)
	yNeg := isNeg(y)
	sgn := func(v *big.Float) *big.Float {
		if neg {
			v.Neg(v)
		}
		return v
	}
	// pow2Case returns ±2^E for E = num/2^g (num·2^-g an integer).
	pow2Case := func(E *big.Int) (evalCase, bool) {
		switch {
		case E.CmpAbs(big.NewInt(2000)) <= 0:
			return exactCase(sgn(pow2(int(E.Int64())))), true
		case E.Sign() > 0:
			return hugeCase(neg, nil), true
		}
		return tinyCase(neg, nil), true
	}
	if f >= 0 {
		Y := new(big.Int).Lsh(big.NewInt(int64(n)), uint(f)) // |y|
		if yNeg {
			Y.Neg(Y)
		}
		if m == 1 {
			return pow2Case(new(big.Int).Mul(big.NewInt(int64(e)), Y))
		}
		if yNeg || Y.Cmp(big.NewInt(16)) > 0 {
			return evalCase{}, false
		}
		k := Y.Int64()
		v := new(big.Int).Exp(big.NewInt(int64(m)), Y, nil)
		r := new(big.Float).SetInt(v)
		return exactCase(sgn(r.SetMantExp(r, e*int(k)))), true
	}
	g := uint(-f)
	if m == 1 {
		num := new(big.Int).Mul(big.NewInt(int64(e)), big.NewInt(int64(n)))
		if new(big.Int).And(num, big.NewInt(1<<g-1)).Sign() != 0 {
			return evalCase{}, false // 2^(odd/2^g): irrational
		}
		num.Rsh(num, g) // exact division
		if yNeg {
			num.Neg(num)
		}
		return pow2Case(num)
	}
	if g > 4 || yNeg || e%(1<<g) != 0 {
		return evalCase{}, false
	}
	s, ok := intRoot(m, g)
	if !ok || n > 64 {
		// Not a perfect power: irrational. n > 64: s^n ≥ 3^65 has more than
		// 25 significant bits: not a boundary.
		return evalCase{}, false
	}
	v := new(big.Int).Exp(big.NewInt(int64(s)), big.NewInt(int64(n)), nil)
	r := new(big.Float).SetInt(v)
	return exactCase(sgn(r.SetMantExp(r, e/(1<<g)*int(n)))), true
}

// intRoot returns s with s^(2^g) = m, if there is one.
func intRoot(m uint32, g uint) (uint32, bool) {
	s := uint64(m)
	for range g {
		// integer square root by Newton's method
		r := s
		if r > 1 {
			r = 1 << ((bitLen(s) + 1) / 2)
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
	return uint32(s), true
}

func bitLen(x uint64) int {
	n := 0
	for x != 0 {
		x >>= 1
		n++
	}
	return n
}
