package oracle

import (
	"fmt"
	"math/big"

	"github.com/cudafp/cudafp/internal/bf16"
	"github.com/cudafp/cudafp/internal/f16"
	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/rounding"
)

// References for the 16-bit formats, binary16 and bfloat16: the exact
// result on math/big rounded once by Round16. The policy, restated
// independently of rounding/cuda.go (assumptions there until the 16-bit
// golden data):
//
//	NaN:  every NaN result of arithmetic, and of a conversion from float32
//	      to a 16-bit format, is 0x7fff; from float64, the sign and top
//	      payload bits are kept, quieted; cvt.f32.f16 of a NaN is 0x7fffffff,
//	      cvt.f32.bf16 keeps the bits (x<<16); cvt to an integer of a NaN
//	      is 0, or 1<<63 for 64-bit destinations.
//	FTZ:  as binary32's, at the 16-bit format's precision and 2^Emin.
//	relu: a negative result, -0 included, is +0; a NaN is 0x7fff.

// Format16 is a 16-bit binary format.
type Format16 struct {
	Name     string
	FracBits int
	Bias     int
}

// The 16-bit formats.
var (
	F16  = Format16{"binary16", f16.FracBits, f16.Bias}
	BF16 = Format16{"bfloat16", bf16.FracBits, bf16.Bias}
)

// NaN16 is the NaN of every 16-bit arithmetic result.
const NaN16 uint16 = 0x7fff

func (f Format16) maxBexp() int        { return 2*f.Bias + 1 }
func (f Format16) inf() uint16         { return uint16(f.maxBexp()) << f.FracBits }
func (f Format16) emin() int           { return 1 - f.Bias }
func (f Format16) IsNaN(u uint16) bool { return u&0x7fff > f.inf() }
func (f Format16) isSub(u uint16) bool {
	return u&0x7fff != 0 && u&0x7fff < 1<<f.FracBits
}

// Value16 returns the exact value of a non-NaN encoding of f.
func (f Format16) Value16(u uint16) *big.Float {
	if f.IsNaN(u) {
		panic("oracle: Value16 of a NaN")
	}
	z := new(big.Float).SetPrec(24)
	neg := u&0x8000 != 0
	a := u & 0x7fff
	switch {
	case a == f.inf():
		z.SetInf(neg)
		return z
	case a == 0:
		if neg {
			z.Neg(z)
		}
		return z
	}
	sig := uint64(a & (1<<f.FracBits - 1))
	exp := int(a >> f.FracBits)
	if exp == 0 {
		exp = 1
	} else {
		sig |= 1 << f.FracBits
	}
	z.SetUint64(sig)
	z.SetMantExp(z, exp-f.Bias-f.FracBits)
	if neg {
		z.Neg(z)
	}
	return z
}

// Round16 rounds x to f in mode m with IEEE semantics (gradual underflow,
// overflow by mode, the sign of zero kept), as Round32 does for binary32.
func (f Format16) Round16(x *big.Float, m rounding.Mode) uint16 {
	var sign uint16
	if x.Signbit() {
		sign = 0x8000
	}
	neg := sign != 0
	if x.IsInf() {
		return sign | f.inf()
	}
	if x.Sign() == 0 {
		return sign
	}
	p := f.FracBits + 1
	dmin := f.emin() - f.FracBits
	e := x.MantExp(nil) - 1
	prec := p
	if e < f.emin() {
		prec = p - (f.emin() - e)
	}
	if prec <= 0 { // |x| < 2^dmin
		up := false
		switch m {
		case rounding.RU:
			up = !neg
		case rounding.RD:
			up = neg
		case rounding.RN: // 2^(dmin-1) is the tie (to the even 0)
			half := new(big.Float).SetMantExp(big.NewFloat(1), dmin-1)
			up = new(big.Float).Abs(x).Cmp(half) > 0
		}
		if up {
			return sign | 1
		}
		return sign
	}
	r := new(big.Float).SetMode(BigMode(m)).SetPrec(uint(prec)).Set(x)
	re := r.MantExp(nil) - 1
	if re > f.Bias {
		switch {
		case m == rounding.RN, m == rounding.RU && !neg, m == rounding.RD && neg:
			return sign | f.inf()
		}
		return sign | (f.inf() - 1)
	}
	shift := f.FracBits - re
	if re < f.emin() {
		shift = -dmin
	}
	sig, _ := new(big.Float).SetMantExp(r, shift).Int(nil)
	s := uint16(sig.Uint64())
	if re < f.emin() {
		return sign | s
	}
	return sign | uint16(re+f.Bias)<<f.FracBits | s&(1<<f.FracBits-1)
}

// finish16 is finish for f: Round16 with the result flush of ftz.
func (f Format16) finish16(v *big.Float, m rounding.Mode, ftz bool) uint16 {
	if ftz && !v.IsInf() && v.Sign() != 0 {
		r := new(big.Float).SetMode(BigMode(m)).SetPrec(uint(f.FracBits + 1)).Set(v)
		tiny := new(big.Float).SetMantExp(big.NewFloat(1), f.emin())
		if new(big.Float).Abs(r).Cmp(tiny) < 0 {
			if v.Signbit() {
				return 0x8000
			}
			return 0
		}
	}
	return f.Round16(v, m)
}

func (f Format16) flushIn(u uint16, ftz bool) uint16 {
	if ftz && f.isSub(u) {
		return u & 0x8000
	}
	return u
}

func zeroSum16(m rounding.Mode) uint16 {
	if m == rounding.RD {
		return 0x8000
	}
	return 0
}

// Add16 is the reference of rounding.AddF16 and AddBF16.
func (f Format16) Add16(x, y uint16, m rounding.Mode, ftz bool) uint16 {
	if f.IsNaN(x) || f.IsNaN(y) {
		return NaN16
	}
	x, y = f.flushIn(x, ftz), f.flushIn(y, ftz)
	vx, vy := f.Value16(x), f.Value16(y)
	if vx.IsInf() && vy.IsInf() && vx.Signbit() != vy.Signbit() {
		return NaN16
	}
	s := exact().Add(vx, vy)
	if s.Sign() == 0 && !s.IsInf() {
		if x == y { // two zeros of one sign
			return x
		}
		return zeroSum16(m)
	}
	return f.finish16(s, m, ftz)
}

// Mul16 is the reference of rounding.MulF16 and MulBF16.
func (f Format16) Mul16(x, y uint16, m rounding.Mode, ftz bool) uint16 {
	if f.IsNaN(x) || f.IsNaN(y) {
		return NaN16
	}
	x, y = f.flushIn(x, ftz), f.flushIn(y, ftz)
	vx, vy := f.Value16(x), f.Value16(y)
	if vx.IsInf() && vy.Sign() == 0 || vy.IsInf() && vx.Sign() == 0 {
		return NaN16
	}
	p := exact().Mul(vx, vy)
	if p.Sign() == 0 {
		return (x ^ y) & 0x8000
	}
	return f.finish16(p, m, ftz)
}

// Fma16 is the reference of rounding.FmaF16 and FmaBF16.
func (f Format16) Fma16(x, y, z uint16, m rounding.Mode, ftz bool) uint16 {
	if f.IsNaN(x) || f.IsNaN(y) || f.IsNaN(z) {
		return NaN16
	}
	x, y, z = f.flushIn(x, ftz), f.flushIn(y, ftz), f.flushIn(z, ftz)
	vx, vy, vz := f.Value16(x), f.Value16(y), f.Value16(z)
	if vx.IsInf() && vy.Sign() == 0 || vy.IsInf() && vx.Sign() == 0 {
		return NaN16
	}
	signP := (x ^ y) & 0x8000
	if vx.IsInf() || vy.IsInf() {
		if vz.IsInf() && (z&0x8000 != signP) {
			return NaN16
		}
		return signP | f.inf()
	}
	if vz.IsInf() {
		return z
	}
	p := exact().Mul(vx, vy)
	s := exact().Add(p, vz)
	if s.Sign() == 0 {
		if p.Sign() == 0 && vz.Sign() == 0 && signP == z&0x8000 {
			return z
		}
		return zeroSum16(m)
	}
	return f.finish16(s, m, ftz)
}

// Relu16 is the reference of the .relu modifier.
func (f Format16) Relu16(x uint16) uint16 {
	switch {
	case f.IsNaN(x):
		return NaN16
	case x&0x8000 != 0:
		return 0
	}
	return x
}

// Sat16 is the reference of the .sat modifier.
func (f Format16) Sat16(x uint16) uint16 {
	if f.IsNaN(x) {
		return 0
	}
	v := f.Value16(x)
	switch {
	case v.Sign() <= 0:
		return 0
	case v.Cmp(big.NewFloat(1)) >= 0:
		return uint16(f.Bias) << f.FracBits
	}
	return x
}

// Cmp16 is the reference of rounding.CmpF16 and CmpBF16 (PTX setp on
// 16-bit operands): the order of the values, -0 = +0; ordered is false
// when x or y is NaN.
func (f Format16) Cmp16(x, y uint16) (c int, ordered bool) {
	if f.IsNaN(x) || f.IsNaN(y) {
		return 0, false
	}
	return f.Value16(x).Cmp(f.Value16(y)), true
}

// MinMax16 is the reference of PTX min and max (min selects which) on
// 16-bit operands, with .NaN when nan is set: the operand of the smaller
// (larger) value, −0 ordered below +0; without .NaN a NaN operand gives
// the other one, with .NaN it gives NaN16; two NaNs give NaN16.
func (f Format16) MinMax16(x, y uint16, min, nan bool) uint16 {
	switch xn, yn := f.IsNaN(x), f.IsNaN(y); {
	case xn && yn, nan && (xn || yn):
		return NaN16
	case xn:
		return y
	case yn:
		return x
	}
	c, _ := f.Cmp16(x, y)
	switch {
	case c == 0 && min:
		return x | y&0x8000
	case c == 0:
		return x & (y | 0x7fff)
	case (c < 0) == min:
		return x
	}
	return y
}

// FromF32 is the reference of rounding.F32ToF16 and F32ToBF16.
func (f Format16) FromF32(x uint32, m rounding.Mode) uint16 {
	if x&0x7fffffff > 0x7f800000 {
		return NaN16
	}
	return f.Round16(Value(x), m)
}

// FromF64 is the reference of rounding.F64ToF16 and F64ToBF16.
func (f Format16) FromF64(x uint64, m rounding.Mode) uint16 {
	if x&^(1<<63) > 0x7ff0000000000000 { // sign and top payload bits kept, quieted
		return uint16(x>>48)&0x8000 | f.inf() | 1<<(f.FracBits-1) | uint16(x>>(52-f.FracBits))&(1<<f.FracBits-1)
	}
	return f.Round16(Value64(x), m)
}

// ToF32 is the reference of rounding.F16ToF32 and BF16ToF32.
func (f Format16) ToF32(x uint16) uint32 {
	if f.IsNaN(x) {
		if f == BF16 {
			return uint32(x) << 16
		}
		return NaN
	}
	return Round32(f.Value16(x), rounding.RN) // exact
}

// FromInt is the reference of rounding's integer-to-16-bit conversions.
func (f Format16) FromInt(v *big.Int, m rounding.Mode) uint16 {
	if v.Sign() == 0 {
		return 0
	}
	return f.Round16(new(big.Float).SetPrec(128).SetInt(v), m)
}

// ToInt is the reference of rounding's 16-bit-to-integer conversions to a
// destination of n bits, signed or not: the value saturated to the
// destination's range, as the destination's bits zero-extended.
func (f Format16) ToInt(x uint16, m rounding.Mode, n uint, signed bool) uint64 {
	if f.IsNaN(x) {
		if n == 64 {
			return 1 << 63
		}
		return 0
	}
	lo, hi := new(big.Int), new(big.Int).Lsh(big.NewInt(1), n)
	if signed {
		hi.Rsh(hi, 1)
		lo.Neg(hi)
	}
	hi.Sub(hi, big.NewInt(1))
	v := f.Value16(x)
	var r *big.Int
	switch {
	case v.IsInf() && v.Signbit():
		r = lo
	case v.IsInf():
		r = hi
	default:
		r = Saturate(RoundValueToInt(v, m), lo, hi)
	}
	mask := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), n), big.NewInt(1))
	return new(big.Int).And(r, mask).Uint64()
}

// RoundInt16 is the reference of rounding.RoundIntF16 and RoundIntBF16.
func (f Format16) RoundInt16(x uint16, m rounding.Mode) uint16 {
	if f.IsNaN(x) {
		return NaN16
	}
	v := f.Value16(x)
	if v.IsInf() {
		return x
	}
	n := RoundValueToInt(v, m)
	if n.Sign() == 0 {
		return x & 0x8000
	}
	return f.Round16(new(big.Float).SetInt(n), rounding.RN)
}

// Round16 returns f(x) (y ignored for unary f) correctly rounded to the
// 16-bit format fm in mode m: the reference of the 16-bit library functions
// (hexp, hlog, hsqrt, …), whose arguments are binary32 encodings (every
// 16-bit value is one exactly: ToF32). It follows Func.Round with Round16 in
// place of Round32: the fixed results (NaN, ±Inf, ±0, ±1, x itself) are
// 16-bit values or NaN16, and Func's representatives (2^200, 2^-300,
// 1 − 2^-200) stand for ranges on which rounding to a 16-bit format, whose
// range and precision lie within binary32's, is constant as well.
func (f *Func) Round16(fm Format16, x, y uint32, m rounding.Mode) uint16 {
	c := f.eval(x, y)
	switch c.kind {
	case kindFixed:
		if f32.IsNaN(uint32(c.bits)) {
			return NaN16
		}
		return fm.Round16(Value(uint32(c.bits)), m)
	case kindExact, kindRep:
		return fm.Round16(c.v, m)
	}
	if r, ok := ziv(c.enc, func(v *big.Float) uint16 { return fm.Round16(v, m) }, zivStartPrec, maxZivPrec); ok {
		return r
	}
	panic(fmt.Sprintf("oracle: Ziv loop of %s(%s, %s) to %s in %v did not converge at %d bits: an exact case the oracle does not know (a bug)",
		f.Name, f32.Format(x), f32.Format(y), fm.Name, m, maxZivPrec))
}
