package oracle

import (
	"math"
	"math/big"

	"github.com/cudafp/cudafp/internal/f64"
	"github.com/cudafp/cudafp/rounding"
)

// The exact references of the double library functions whose result is
// exact (round, ldexp, frexp, fmod, …): the C standard's result on the
// exact value of the arguments, on math/big, never an emulation's
// algorithm. Package reports measures the double library against them and
// package fp's tests check it with them.

// Abs64 is C's fabs: x without its sign; a NaN comes back as it is.
func Abs64(x uint64) uint64 {
	if f64.IsNaN(x) {
		return x
	}
	return x &^ f64.SignMask
}

// RoundAway64 is C's round: the integer nearest x, halfway cases away
// from zero, with the sign of x.
func RoundAway64(x uint64) uint64 {
	if !f64.IsFinite(x) || f64.IsZero(x) {
		return x
	}
	n := roundAwayInt64(x)
	return x&f64.SignMask | IntToF64(n.Abs(n), rounding.RN) // exact: |n| ≤ 2^1024 has at most 53 significant bits
}

// roundAwayInt64 returns the integer nearest the finite x, ties away from 0.
func roundAwayInt64(x uint64) *big.Int {
	v := Value64(x)
	half := big.NewFloat(0.5)
	if v.Sign() < 0 {
		half.Neg(half)
	}
	return RoundValueToInt(new(big.Float).SetPrec(2000).Add(v, half), rounding.RZ)
}

// Lround64 is C's llround as an int64 bit pattern: the integer nearest x,
// halfway cases away from zero, saturated; NaN gives INT64_MIN.
func Lround64(x uint64) uint64 {
	switch {
	case f64.IsNaN(x):
		return 1 << 63
	case x == f64.InfBits:
		return math.MaxInt64
	case x == f64.NegInfBits:
		return 1 << 63
	}
	return uint64(Saturate(roundAwayInt64(x), big.NewInt(math.MinInt64), big.NewInt(math.MaxInt64)).Int64())
}

// Ldexp64 is x·2^n rounded to nearest even once.
func Ldexp64(x uint64, n int32) uint64 {
	if !f64.IsFinite(x) || f64.IsZero(x) {
		return x
	}
	v := Value64(x)
	return Round64(v.SetMantExp(v, int(n)), rounding.RN)
}

// Ilogb64 is C's ilogb: ⌊log2 |x|⌋; FP_ILOGB0 and FP_ILOGBNAN are
// INT_MIN, an infinity INT_MAX.
func Ilogb64(x uint64) int32 {
	switch {
	case f64.IsNaN(x), f64.IsZero(x):
		return math.MinInt32
	case f64.IsInf(x):
		return math.MaxInt32
	}
	return int32(Value64(x).MantExp(nil) - 1)
}

// Logb64 is C's logb: ⌊log2 |x|⌋ as a double; -Inf for ±0, +Inf for ±Inf.
func Logb64(x uint64) uint64 {
	switch {
	case f64.IsNaN(x):
		return x
	case f64.IsZero(x):
		return f64.NegInfBits
	case f64.IsInf(x):
		return f64.InfBits
	}
	return IntToF64(big.NewInt(int64(Ilogb64(x))), rounding.RN)
}

// Frexp64 is C's frexp: m in [0.5, 1) with x = m·2^e; ±0, ±Inf and NaN
// come back with e = 0.
func Frexp64(x uint64) (uint64, int32) {
	if !f64.IsFinite(x) || f64.IsZero(x) {
		return x, 0
	}
	m := new(big.Float)
	e := Value64(x).MantExp(m)
	return Round64(m, rounding.RN), int32(e) // m is exact: x's significand
}

// Modf64 is C's modf: the fractional and the integral part, both with
// the sign of x (±0 and ±Inf: ±0 and x).
func Modf64(x uint64) (frac, integral uint64) {
	switch {
	case f64.IsNaN(x):
		return x, x
	case f64.IsInf(x):
		return x & f64.SignMask, x
	}
	integral = RoundInt64(x, rounding.RZ)
	d := new(big.Float).SetPrec(2100).Sub(Value64(x), Value64(integral))
	frac = Round64(d, rounding.RN) // exact: the fraction bits of x
	if d.Sign() == 0 {
		frac = x & f64.SignMask
	}
	return frac | x&f64.SignMask, integral
}

// cmpValue64 compares two non-NaN encodings by value (-0 = +0).
func cmpValue64(x, y uint64) int {
	switch {
	case f64.IsInf(x) || f64.IsInf(y):
		kx, ky := f64.Key(x), f64.Key(y)
		switch {
		case kx < ky:
			return -1
		case kx > ky:
			return 1
		}
		return 0
	}
	return Value64(x).Cmp(Value64(y))
}

// MinMax64 is C's fmin (min) or fmax: the number when one argument is
// NaN, −0 ordered below +0 (PTX min and max).
func MinMax64(x, y uint64, min bool) uint64 {
	switch {
	case f64.IsNaN(x):
		return y
	case f64.IsNaN(y):
		return x
	}
	c := cmpValue64(x, y)
	if c == 0 && min {
		return x | y&f64.SignMask
	}
	if c == 0 {
		return x & (y | f64.AbsMask)
	}
	if (c < 0) == min {
		return x
	}
	return y
}

// Fdim64 is C's fdim: x − y rounded to nearest when x > y, +0 when
// x ≤ y, NaN for a NaN argument.
func Fdim64(x, y uint64) uint64 {
	if !f64.IsNaN(x) && !f64.IsNaN(y) && cmpValue64(x, y) <= 0 {
		return f64.ZeroBits
	}
	return Sub64(x, y, rounding.RN)
}

// Nextafter64 is C's nextafter: y when x = y, else the double next to
// x toward y.
func Nextafter64(x, y uint64) uint64 {
	if f64.IsNaN(x) || f64.IsNaN(y) {
		return NaN64(y, x)
	}
	switch c := cmpValue64(x, y); {
	case c == 0:
		return y
	case c < 0:
		return f64.NextUp(x)
	}
	return f64.NextDown(x)
}

// Rem64 is C's fmod (near false: the quotient truncated) or remainder
// (near true: rounded to nearest, ties to even) on big.Int, and remquo's
// quotient: the low three bits of the rounded quotient with the sign of
// x/y, 0 when the remainder is NaN.
func Rem64(x, y uint64, near bool) (uint64, int32) {
	switch {
	case f64.IsNaN(x) || f64.IsNaN(y):
		return NaN64(y, x), 0
	case f64.IsInf(x) || f64.IsZero(y):
		return NaN64(), 0
	case f64.IsInf(y):
		return x, 0
	}
	vx, vy := new(big.Float).Abs(Value64(x)), new(big.Float).Abs(Value64(y))
	// Both are integers times 2^e, e the smaller exponent of their ulps.
	e := min(ulpExp64(x), ulpExp64(y))
	X, _ := new(big.Float).SetMantExp(vx, -e).Int(nil)
	Y, _ := new(big.Float).SetMantExp(vy, -e).Int(nil)
	q, r := new(big.Int).QuoRem(X, Y, new(big.Int))
	neg := x&f64.SignMask != 0
	if near {
		if c := new(big.Int).Lsh(r, 1).Cmp(Y); c > 0 || c == 0 && q.Bit(0) == 1 {
			r.Sub(Y, r)
			neg = !neg
			q.Add(q, big.NewInt(1))
		}
	}
	quo := int32(new(big.Int).And(q, big.NewInt(7)).Int64())
	if (x^y)&f64.SignMask != 0 {
		quo = -quo
	}
	if r.Sign() == 0 {
		return x & f64.SignMask, quo
	}
	v := new(big.Float).SetPrec(2200).SetInt(r)
	v.SetMantExp(v, e)
	if neg {
		v.Neg(v)
	}
	return Round64(v, rounding.RN), quo // exact: |r|·2^e < |y|
}

// ulpExp64 returns e with ulp(x) = 2^e for a finite nonzero x.
func ulpExp64(x uint64) int {
	if b := int(f64.Bexp(x)); b > 0 {
		return b - f64.Bias - f64.FracBits
	}
	return f64.Dmin
}
