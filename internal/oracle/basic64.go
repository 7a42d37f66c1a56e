package oracle

import (
	"math"
	"math/big"

	"github.com/cudafp/cudafp/internal/f64"
	"github.com/cudafp/cudafp/rounding"
)

// References for rounding's binary64 operations: the exact result on
// math/big (or the certified stand-ins of quo and sqrtCertified, whose
// 64-bit grid holds every binary64 rounding boundary), rounded once with
// Round64. The CUDA policy is restated independently of rounding/cuda.go:
//
//	NaN:  a NaN operand propagates, sign and payload kept, quiet bit set;
//	      with several, y then x wins in add, sub (y as given) and mul,
//	      x then y in div, y then z then x in fma; an invalid operation
//	      without a NaN operand gives 0xfff8000000000000. (Measured on the
//	      H100 by gpu/probe_f64.cu: testdata/golden/f64probe.)
//	zero: an exact zero sum of nonzero terms, or of zeros of opposite
//	      signs, is +0, or -0 in RD (IEEE 754 §6.3).
//	no .ftz: binary64 operations keep subnormals.

// exactPrec64 is a precision at which every sum or fused sum of binary64
// values is exact: the terms' bits span at most 2^2048 (a product of two
// MaxFinite) down to 2^-2148 (a product of two MinSubnormal), 4196 bits.
const exactPrec64 = 4288

func exact64() *big.Float { return new(big.Float).SetPrec(exactPrec64).SetMode(big.ToZero) }

// invalidNaN64 is the NaN of an invalid binary64 operation (see above).
const invalidNaN64 uint64 = 0xfff8000000000000

// NaN64 is the reference NaN rule of a binary64 operation (see above): the
// first NaN of ops, which the caller lists in the operation's priority
// order, quieted; invalidNaN64 if none is a NaN.
func NaN64(ops ...uint64) uint64 {
	for _, u := range ops {
		if f64.IsNaN(u) {
			return u | f64.QuietBit
		}
	}
	return invalidNaN64
}

func zeroSum64(m rounding.Mode) uint64 {
	if m == rounding.RD {
		return f64.SignMask
	}
	return 0
}

// Round64 rounds x to binary64 in mode m with IEEE semantics: gradual
// underflow (a result in the subnormal range is rounded once, at the
// subnormal's own precision), overflow to ±Inf or ±MaxFinite as the mode
// dictates, and the sign of zero kept. big.Float.Float64 rounds to nearest
// even only; here it converts a value already rounded, exactly.
func Round64(x *big.Float, m rounding.Mode) uint64 {
	var sign uint64
	if x.Signbit() {
		sign = f64.SignMask
	}
	if x.IsInf() {
		return sign | f64.InfBits
	}
	if x.Sign() == 0 {
		return sign
	}
	e := x.MantExp(nil) - 1 // the binade of x is 2^e
	prec := 53
	if e < f64.Emin {
		prec = 53 - (f64.Emin - e)
	}
	neg := sign != 0
	if prec <= 0 { // |x| < 2^-1074
		up := false
		switch m {
		case rounding.RU:
			up = !neg
		case rounding.RD:
			up = neg
		case rounding.RN: // 2^-1075 is the tie (to the even 0)
			half := new(big.Float).SetMantExp(big.NewFloat(1), f64.Dmin-1)
			up = new(big.Float).Abs(x).Cmp(half) > 0
		}
		if up {
			return sign | f64.MinSubnormalBits
		}
		return sign
	}
	r := new(big.Float).SetMode(BigMode(m)).SetPrec(uint(prec)).Set(x)
	if r.MantExp(nil)-1 > f64.Emax {
		switch {
		case m == rounding.RN, m == rounding.RU && !neg, m == rounding.RD && neg:
			return sign | f64.InfBits
		}
		return sign | f64.MaxFiniteBits
	}
	v, acc := r.Float64()
	if acc != big.Exact {
		panic("oracle: Round64's rounded value is not a binary64")
	}
	return sign | Float64bitsAbs(v)
}

// Float64bitsAbs returns the encoding of |v|.
func Float64bitsAbs(v float64) uint64 {
	if v < 0 {
		v = -v
	}
	return float64bits(v) &^ f64.SignMask
}

// Add64 is the reference of rounding.Add64.
func Add64(x, y uint64, m rounding.Mode) uint64 {
	if f64.IsNaN(x) || f64.IsNaN(y) {
		return NaN64(y, x)
	}
	if f64.IsInf(x) && f64.IsInf(y) && x != y {
		return NaN64()
	}
	if f64.IsZero(x) && f64.IsZero(y) {
		if x == y {
			return x
		}
		return zeroSum64(m)
	}
	s := exact64().Add(Value64(x), Value64(y))
	if s.Sign() == 0 && !s.IsInf() {
		return zeroSum64(m)
	}
	return Round64(s, m)
}

// Sub64 is the reference of rounding.Sub64: x + (-y), with the NaN rule
// on the operands as given.
func Sub64(x, y uint64, m rounding.Mode) uint64 {
	if f64.IsNaN(x) || f64.IsNaN(y) {
		return NaN64(y, x)
	}
	return Add64(x, y^f64.SignMask, m)
}

// Mul64 is the reference of rounding.Mul64.
func Mul64(x, y uint64, m rounding.Mode) uint64 {
	if f64.IsNaN(x) || f64.IsNaN(y) {
		return NaN64(y, x)
	}
	sign := (x ^ y) & f64.SignMask
	switch {
	case f64.IsInf(x) && f64.IsZero(y), f64.IsZero(x) && f64.IsInf(y):
		return NaN64()
	case f64.IsZero(x) || f64.IsZero(y):
		return sign
	}
	return Round64(exact64().Mul(Value64(x), Value64(y)), m)
}

// Fma64 is the reference of rounding.Fma64: x·y + z rounded once.
func Fma64(x, y, z uint64, m rounding.Mode) uint64 {
	if f64.IsNaN(x) || f64.IsNaN(y) || f64.IsNaN(z) {
		return NaN64(y, z, x)
	}
	signP := (x ^ y) & f64.SignMask
	inf := f64.IsInf(x) || f64.IsInf(y)
	switch {
	case inf && (f64.IsZero(x) || f64.IsZero(y)):
		return NaN64()
	case inf && f64.IsInf(z) && z&f64.SignMask != signP:
		return NaN64()
	case inf:
		return signP | f64.InfBits
	case f64.IsInf(z):
		return z
	case (f64.IsZero(x) || f64.IsZero(y)) && f64.IsZero(z):
		if signP == z&f64.SignMask {
			return z
		}
		return zeroSum64(m)
	}
	p := exact64().Mul(Value64(x), Value64(y))
	s := exact64().Add(p, Value64(z))
	if s.Sign() == 0 {
		return zeroSum64(m)
	}
	return Round64(s, m)
}

// Div64 is the reference of rounding.Div64.
func Div64(x, y uint64, m rounding.Mode) uint64 {
	if f64.IsNaN(x) || f64.IsNaN(y) {
		return NaN64(x, y)
	}
	sign := (x ^ y) & f64.SignMask
	switch {
	case f64.IsInf(x) && f64.IsInf(y), f64.IsZero(x) && f64.IsZero(y):
		return NaN64()
	case f64.IsInf(x), f64.IsZero(y):
		return sign | f64.InfBits
	case f64.IsInf(y), f64.IsZero(x):
		return sign
	}
	return Round64(quo(Value64(x), Value64(y)), m)
}

// Rcp64 is the reference of rounding.Rcp64: 1/x.
func Rcp64(x uint64, m rounding.Mode) uint64 {
	if f64.IsNaN(x) {
		return NaN64(x)
	}
	return Div64(f64.OneBits, x, m)
}

// Sqrt64 is the reference of rounding.Sqrt64.
func Sqrt64(x uint64, m rounding.Mode) uint64 {
	switch {
	case f64.IsNaN(x):
		return NaN64(x)
	case f64.IsZero(x):
		return x
	case x&f64.SignMask != 0:
		return NaN64()
	case f64.IsInf(x):
		return x
	}
	return Round64(sqrtCertified(Value64(x)), m)
}

// RoundInt64 is the reference of rounding.RoundInt64: x rounded to an
// integer in mode m, as a float64 (exact: every integer below 2^53 is one,
// and a larger x is returned unchanged); NaN by the rule above.
func RoundInt64(x uint64, m rounding.Mode) uint64 {
	switch {
	case f64.IsNaN(x):
		return NaN64(x)
	case f64.IsInf(x):
		return x
	}
	n := RoundValueToInt(Value64(x), m)
	if n.Sign() == 0 {
		return x & f64.SignMask
	}
	return Round64(new(big.Float).SetInt(n), m)
}

// IntToF64 is the reference of rounding's integer-to-float64 conversions.
func IntToF64(v *big.Int, m rounding.Mode) uint64 {
	if v.Sign() == 0 {
		return 0
	}
	return Round64(new(big.Float).SetPrec(128).SetInt(v), m)
}

func float64bits(v float64) uint64 { return math.Float64bits(v) }
