// Package oracle holds cudafp's correctly rounded references on math/big and
// ALTree/bigfloat: exact values of encodings, the one certified path from a
// big.Float to binary32 in every rounding mode, and the Ziv-loop references
// of the elementary functions.
//
// The oracle is independent of what it judges: it imports no emulation
// package but rounding (for the Mode vocabulary) and internal/f32.
package oracle

import (
	"math/big"

	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/rounding"
)

// BigMode returns the math/big rounding mode of m.
func BigMode(m rounding.Mode) big.RoundingMode {
	switch m {
	case rounding.RN:
		return big.ToNearestEven
	case rounding.RZ:
		return big.ToZero
	case rounding.RU:
		return big.ToPositiveInf
	case rounding.RD:
		return big.ToNegativeInf
	}
	panic("oracle: invalid rounding.Mode")
}

// Value returns the exact value of a non-NaN encoding (±Inf included) as a
// big.Float of precision 24. It panics on a NaN, which has no value.
func Value(u uint32) *big.Float {
	if f32.IsNaN(u) {
		panic("oracle: Value of a NaN")
	}
	z := new(big.Float).SetPrec(24)
	neg := u&f32.SignMask != 0
	switch {
	case f32.IsInf(u):
		z.SetInf(neg)
		return z
	case f32.IsZero(u):
		if neg {
			z.Neg(z)
		}
		return z
	}
	sig := uint64(u & f32.FracMask)
	exp := int(f32.Bexp(u))
	if exp == 0 {
		exp = 1 // subnormal: no hidden bit, exponent emin
	} else {
		sig |= uint64(f32.HiddenBit)
	}
	z.SetUint64(sig)
	z.SetMantExp(z, exp-f32.Bias-f32.FracBits)
	if neg {
		z.Neg(z)
	}
	return z
}

// Round32 rounds x to binary32 in mode m with IEEE semantics: gradual
// underflow (a result in the subnormal range is rounded once, at the
// subnormal's own precision), overflow to ±Inf or ±MaxFinite as the mode
// dictates, and the sign of zero kept. It is the only path from big.Float to
// binary32 in cudafp: big.Float.Float32 rounds to nearest even only.
func Round32(x *big.Float, m rounding.Mode) uint32 {
	var sign uint32
	if x.Signbit() {
		sign = f32.SignMask
	}
	if x.IsInf() {
		return sign | f32.InfBits
	}
	if x.Sign() == 0 {
		return sign
	}
	// x = mant × 2^e, mant in [0.5, 1): the binade of x is 2^(e-1).
	e := x.MantExp(nil) - 1
	prec := 24
	if e < f32.Emin {
		prec = 24 - (f32.Emin - e) // precision left in the subnormal range
	}
	if prec <= 0 {
		return sign | roundBelowHalfMinSub(x, e, m, sign != 0)
	}
	r := new(big.Float).SetMode(BigMode(m)).SetPrec(uint(prec)).Set(x)
	re := r.MantExp(nil) - 1 // rounding may have carried into the next binade
	if re > f32.Emax {
		return sign | overflow(m, sign != 0)
	}
	// Scale to an integer significand: normal results carry the hidden bit.
	shift := f32.FracBits - re
	if re < f32.Emin {
		shift = -f32.Dmin // 149: the subnormal grid
	}
	sig, _ := new(big.Float).SetMantExp(r, shift).Int(nil)
	s := uint32(sig.Uint64()) // |r| < 2^24 on its grid: exact
	if re < f32.Emin {
		return sign | s // subnormal (or MinNormal after carry: s == 1<<23 encodes it)
	}
	return sign | uint32(re+f32.Bias)<<f32.FracBits | s&f32.FracMask
}

// roundBelowHalfMinSub rounds a nonzero |x| < 2^-149 (binade 2^e, e ≤ -150).
func roundBelowHalfMinSub(x *big.Float, e int, m rounding.Mode, neg bool) uint32 {
	switch m {
	case rounding.RZ:
		return 0
	case rounding.RU:
		if neg {
			return 0
		}
		return f32.MinSubnormalBits
	case rounding.RD:
		if !neg {
			return 0
		}
		return f32.MinSubnormalBits
	}
	// RN: 2^-150 is the tie (to the even 0); above it rounds to 2^-149.
	if e < f32.Dmin-1 {
		return 0
	}
	half := new(big.Float).SetMantExp(big.NewFloat(1), f32.Dmin-1)
	if new(big.Float).Abs(x).Cmp(half) > 0 {
		return f32.MinSubnormalBits
	}
	return 0
}

func overflow(m rounding.Mode, neg bool) uint32 {
	switch {
	case m == rounding.RN,
		m == rounding.RU && !neg,
		m == rounding.RD && neg:
		return f32.InfBits
	}
	return f32.MaxFiniteBits
}
