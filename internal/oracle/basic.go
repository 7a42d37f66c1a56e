package oracle

import (
	"math/big"

	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/rounding"
)

// References for the correctly rounded basic operations and conversions of
// package rounding: compute the exact result on math/big (or, where it is
// not finite, a certified stand-in that rounds the same way), then round it
// once with Round32.
//
// The CUDA policy is restated here independently of rounding/cuda.go, so
// that a change on one side fails the property tests until the other
// agrees:
//
//	NaN:  every NaN result of an arithmetic operation is 0x7fffffff
//	      (f32.CanonicalNaNBits); F64ToF32 keeps the sign and top 22
//	      payload bits, quieted.
//	FTZ:  with ftz, a subnormal input is read as the zero of its sign, and
//	      a result whose rounding to 24 bits with an unbounded exponent (in
//	      the operation's mode) is below 2^-126 in magnitude is replaced by
//	      the zero of its sign (tininess after rounding).
//	zero: an exact zero sum of nonzero terms, or of zeros of opposite
//	      signs, is +0, or -0 in RD (IEEE 754 §6.3).

// exactPrec is a precision at which every sum or fused sum of float32
// values is exact: the terms' bits span at most 2^255 (a product of two
// MaxFinite) down to 2^-298 (a product of two MinSubnormal), 554 bits.
const exactPrec = 640

// NaN is the canonical NaN the arithmetic references return.
const NaN = f32.CanonicalNaNBits

func flushIn(u uint32, ftz bool) uint32 {
	if ftz && f32.IsSubnormal(u) {
		return u & f32.SignMask
	}
	return u
}

// finish rounds the nonzero, finite or infinite exact value v to binary32
// in mode m, applying the result flush of ftz.
func finish(v *big.Float, m rounding.Mode, ftz bool) uint32 {
	if ftz && !v.IsInf() {
		r := new(big.Float).SetMode(BigMode(m)).SetPrec(24).Set(v) // unbounded exponent
		tiny := new(big.Float).SetMantExp(big.NewFloat(1), f32.Emin)
		if new(big.Float).Abs(r).Cmp(tiny) < 0 {
			if v.Signbit() {
				return f32.SignMask
			}
			return 0
		}
	}
	return Round32(v, m)
}

func zeroSum(m rounding.Mode) uint32 {
	if m == rounding.RD {
		return f32.SignMask
	}
	return 0
}

func exact() *big.Float { return new(big.Float).SetPrec(exactPrec).SetMode(big.ToZero) }

// Add32 is the reference of rounding.Add32.
func Add32(x, y uint32, m rounding.Mode, ftz bool) uint32 {
	if f32.IsNaN(x) || f32.IsNaN(y) {
		return NaN
	}
	x, y = flushIn(x, ftz), flushIn(y, ftz)
	if f32.IsInf(x) && f32.IsInf(y) && x != y {
		return NaN
	}
	if f32.IsZero(x) && f32.IsZero(y) {
		if x == y {
			return x
		}
		return zeroSum(m)
	}
	s := exact().Add(Value(x), Value(y))
	if s.Sign() == 0 {
		return zeroSum(m)
	}
	return finish(s, m, ftz)
}

// Sub32 is the reference of rounding.Sub32: x + (-y).
func Sub32(x, y uint32, m rounding.Mode, ftz bool) uint32 {
	if f32.IsNaN(y) {
		return NaN
	}
	return Add32(x, y^f32.SignMask, m, ftz)
}

// Mul32 is the reference of rounding.Mul32.
func Mul32(x, y uint32, m rounding.Mode, ftz bool) uint32 {
	if f32.IsNaN(x) || f32.IsNaN(y) {
		return NaN
	}
	x, y = flushIn(x, ftz), flushIn(y, ftz)
	sign := (x ^ y) & f32.SignMask
	switch {
	case f32.IsInf(x) && f32.IsZero(y), f32.IsZero(x) && f32.IsInf(y):
		return NaN
	case f32.IsZero(x) || f32.IsZero(y):
		return sign
	}
	return finish(exact().Mul(Value(x), Value(y)), m, ftz)
}

// Fma32 is the reference of rounding.Fma32: x·y + z rounded once.
func Fma32(x, y, z uint32, m rounding.Mode, ftz bool) uint32 {
	if f32.IsNaN(x) || f32.IsNaN(y) || f32.IsNaN(z) {
		return NaN
	}
	x, y, z = flushIn(x, ftz), flushIn(y, ftz), flushIn(z, ftz)
	signP := (x ^ y) & f32.SignMask
	inf := f32.IsInf(x) || f32.IsInf(y)
	switch {
	case inf && (f32.IsZero(x) || f32.IsZero(y)):
		return NaN
	case inf && f32.IsInf(z) && z&f32.SignMask != signP:
		return NaN
	case inf:
		return signP | f32.InfBits
	case f32.IsInf(z):
		return z
	case (f32.IsZero(x) || f32.IsZero(y)) && f32.IsZero(z):
		if signP == z&f32.SignMask {
			return z
		}
		return zeroSum(m)
	}
	p := exact().Mul(Value(x), Value(y))
	s := exact().Add(p, Value(z))
	if s.Sign() == 0 {
		return zeroSum(m)
	}
	return finish(s, m, ftz)
}

// Div32 is the reference of rounding.Div32.
func Div32(x, y uint32, m rounding.Mode, ftz bool) uint32 {
	if f32.IsNaN(x) || f32.IsNaN(y) {
		return NaN
	}
	x, y = flushIn(x, ftz), flushIn(y, ftz)
	sign := (x ^ y) & f32.SignMask
	switch {
	case f32.IsInf(x) && f32.IsInf(y), f32.IsZero(x) && f32.IsZero(y):
		return NaN
	case f32.IsInf(x), f32.IsZero(y):
		return sign | f32.InfBits
	case f32.IsInf(y), f32.IsZero(x):
		return sign
	}
	return finish(quo(Value(x), Value(y)), m, ftz)
}

// Rcp32 is the reference of rounding.Rcp32: 1/x.
func Rcp32(x uint32, m rounding.Mode, ftz bool) uint32 {
	return Div32(f32.OneBits, x, m, ftz)
}

// guardPrec is the working precision of quo and sqrt: far more than the 25
// bits (24 and a round bit) that any binary32 rounding boundary needs.
const guardPrec = 64

// sticky returns t moved strictly inside (t, t + ulp) away from zero, where
// ulp is the unit in t's last place at guardPrec bits: the exact value v,
// known to lie strictly in that open interval, rounds to binary32 in every
// mode as the returned value does, since every binary32 rounding boundary
// near v (an encoding or a midpoint, even on the subnormal grid) lies on
// t's grid and so not strictly inside the interval.
func sticky(t *big.Float) *big.Float {
	ulp := new(big.Float).SetMantExp(big.NewFloat(1), t.MantExp(nil)-guardPrec-1) // half an ulp
	if t.Signbit() {
		ulp.Neg(ulp)
	}
	return new(big.Float).SetPrec(guardPrec+1).Add(t, ulp) // exact at guardPrec+1 bits
}

// quo returns x/y (finite, nonzero) or its certified stand-in: the quotient
// truncated to guardPrec bits, checked exact by multiplying back, else
// moved to the middle of its last place by sticky.
func quo(x, y *big.Float) *big.Float {
	t := new(big.Float).SetPrec(guardPrec).SetMode(big.ToZero).Quo(x, y)
	back := exact().Mul(t, y)
	switch c := back.Cmp(x); {
	case c == 0:
		return t
	case (c < 0) != x.Signbit():
		// |t·y| < |x|: t is the truncation, as asked; the exact quotient
		// lies strictly above |t| and below |t| + ulp.
		return sticky(t)
	}
	panic("oracle: truncated quotient above the exact one")
}

// Sqrt32 is the reference of rounding.Sqrt32.
func Sqrt32(x uint32, m rounding.Mode, ftz bool) uint32 {
	if f32.IsNaN(x) {
		return NaN
	}
	x = flushIn(x, ftz)
	switch {
	case f32.IsZero(x):
		return x
	case x&f32.SignMask != 0:
		return NaN
	case f32.IsInf(x):
		return x
	}
	return finish(sqrtCertified(Value(x)), m, ftz)
}

// sqrtCertified returns sqrt(v) for v > 0 finite, or a certified stand-in:
// t = sqrt(v) truncated to guardPrec bits, established by the exact tests
// t² ≤ v < (t+ulp)² (big.Float.Sqrt's own rounding is not relied on: its
// result only seeds the search), then exact or moved by sticky.
func sqrtCertified(v *big.Float) *big.Float {
	trunc := func() *big.Float { return new(big.Float).SetPrec(guardPrec).SetMode(big.ToZero) }
	ulp := func(a *big.Float) *big.Float { // of a at guardPrec bits
		return new(big.Float).SetMantExp(big.NewFloat(1), a.MantExp(nil)-guardPrec)
	}
	sq := func(a *big.Float) *big.Float { return exact().Mul(a, a) }
	t := trunc().Sqrt(v)
	for sq(t).Cmp(v) > 0 {
		// The predecessor of t at guardPrec bits: t - ulp/4 truncated
		// (t - ulp, or t - ulp/2 when t is a power of two).
		t = trunc().Sub(t, new(big.Float).SetMantExp(ulp(t), -2))
	}
	for {
		next := trunc().Add(t, ulp(t)) // exact: the successor of t
		if sq(next).Cmp(v) > 0 {
			break
		}
		t = next
	}
	if sq(t).Cmp(v) == 0 {
		return t
	}
	return sticky(t)
}

// F32ToF64 is the reference of rounding.F32ToF64, built from the value.
func F32ToF64(x uint32, ftz bool) uint64 {
	if f32.IsNaN(x) {
		if ftz { // cvt.ftz.f64.f32: the canonical NaN (testdata/golden16/ftz/bf16_cast_to_double)
			return 0x7fffffffe0000000
		}
		return uint64(x&f32.SignMask)<<32 | 0x7ff8000000000000 | uint64(x&f32.FracMask)<<29
	}
	x = flushIn(x, ftz)
	v := Value(x)
	sign := uint64(x&f32.SignMask) << 32
	switch {
	case v.IsInf():
		return sign | 0x7ff0000000000000
	case v.Sign() == 0:
		return sign
	}
	mant := new(big.Float)
	e := v.MantExp(mant) - 1 // |v| = 2^e · 1.f
	mant.Abs(mant).SetMantExp(mant, 53)
	u, _ := mant.Uint64() // 53-bit integer significand, exact
	return sign | uint64(e+1023)<<52 | u&(1<<52-1)
}

// Value64 returns the exact value of a non-NaN float64 encoding.
func Value64(u uint64) *big.Float {
	z := new(big.Float).SetPrec(53)
	neg := u>>63 != 0
	b := int(u>>52) & 0x7ff
	frac := u & (1<<52 - 1)
	switch {
	case b == 0x7ff && frac == 0:
		return z.SetInf(neg)
	case b == 0x7ff:
		panic("oracle: Value64 of a NaN")
	case b == 0:
		b = 1
	default:
		frac |= 1 << 52
	}
	z.SetUint64(frac).SetMantExp(z, b-1023-52)
	if neg {
		z.Neg(z)
	}
	return z
}

// F64ToF32 is the reference of rounding.F64ToF32.
func F64ToF32(x uint64, m rounding.Mode, ftz bool) uint32 {
	if x&0x7ff0000000000000 == 0x7ff0000000000000 && x&(1<<52-1) != 0 {
		return uint32(x>>32)&f32.SignMask | 0x7fc00000 | uint32(x>>29)&0x003fffff
	}
	v := Value64(x)
	if v.Sign() == 0 {
		return uint32(x>>32) & f32.SignMask
	}
	return finish(v, m, ftz)
}

// IntToF32 is the reference of rounding's integer-to-float conversions.
func IntToF32(v *big.Int, m rounding.Mode) uint32 {
	if v.Sign() == 0 {
		return 0
	}
	return Round32(new(big.Float).SetPrec(128).SetInt(v), m)
}

// RoundToInt returns x (finite, not NaN) rounded to an integer in mode m,
// after the input flush of ftz.
func RoundToInt(x uint32, m rounding.Mode, ftz bool) *big.Int {
	return RoundValueToInt(Value(flushIn(x, ftz)), m)
}

// RoundValueToInt returns the finite v rounded to an integer in mode m.
func RoundValueToInt(v *big.Float, m rounding.Mode) *big.Int {
	fl, _ := v.Int(nil) // truncated toward zero
	t := new(big.Float).SetInt(fl)
	if t.Cmp(v) == 0 {
		return fl
	}
	// v is strictly between fl and fl ± 1 (away from zero).
	away := new(big.Int).Set(fl)
	if v.Signbit() {
		away.Sub(away, big.NewInt(1))
	} else {
		away.Add(away, big.NewInt(1))
	}
	switch m {
	case rounding.RZ:
		return fl
	case rounding.RU:
		if v.Signbit() {
			return fl
		}
		return away
	case rounding.RD:
		if v.Signbit() {
			return away
		}
		return fl
	}
	// RN: compare |v - fl| with 1/2.
	d := exact().Sub(v, t)
	d.Abs(d)
	switch d.Cmp(big.NewFloat(0.5)) {
	case -1:
		return fl
	case 1:
		return away
	}
	if fl.Bit(0) == 0 {
		return fl
	}
	return away
}

// RoundInt32 is the reference of rounding.RoundInt32.
func RoundInt32(x uint32, m rounding.Mode, ftz bool) uint32 {
	if f32.IsNaN(x) {
		return NaN
	}
	x = flushIn(x, ftz)
	if f32.IsInf(x) {
		return x
	}
	n := RoundToInt(x, m, false)
	if n.Sign() == 0 {
		return x & f32.SignMask
	}
	return Round32(new(big.Float).SetInt(n), m) // n is a float32 value: exact
}

// Saturate clamps n to [lo, hi].
func Saturate(n, lo, hi *big.Int) *big.Int {
	switch {
	case n.Cmp(lo) < 0:
		return lo
	case n.Cmp(hi) > 0:
		return hi
	}
	return n
}
