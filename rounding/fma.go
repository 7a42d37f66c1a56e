package rounding

import (
	"math/bits"

	"github.com/cudafp/cudafp/internal/f32"
)

// Fma32 returns x × y + z computed exactly and rounded once in mode m. It
// emulates PTX fma{.rn,.rz,.rp,.rm}{.ftz}.f32 (__fmaf_rn, __fmaf_rz,
// __fmaf_ru, __fmaf_rd, fmaf, and x*y+z contracted under -fmad=true).
//
// Special cases are (in order):
//
//	Fma32(x, y, z) = NaN (canonical 0x7fffffff) if x, y or z is NaN
//	Fma32(±Inf, ±0, z) = Fma32(±0, ±Inf, z) = NaN
//	Fma32(x, y, z) = NaN if x×y is an Inf and z the Inf of the other sign
//	Fma32(x, y, z) = ±Inf if x or y is an Inf, sign = sign(x) XOR sign(y)
//	Fma32(x, y, ±Inf) = ±Inf for finite x, y
//	Fma32(x, y, ±0) = ±0 if x or y is zero and sign(x) XOR sign(y) = sign(z)
//	Fma32(x, y, ±0) = +0, or -0 in RD, if x or y is zero and the signs differ
//	Fma32(x, y, z) = z if x or y is zero and z ≠ 0
//	Fma32(x, y, ±0) = Mul32(x, y) for x, y ≠ 0
//	Fma32(x, y, z) = +0, or -0 in RD, when x×y = -z ≠ 0 exactly
//
// Accuracy: correctly rounded (the mode-m rounding of the exact x·y + z).
//
// Flags: with ftz, subnormal inputs are read as zeros of the same sign
// before the table above applies, the exact product is never flushed, and
// a tiny result is flushed to the zero of its sign.
func Fma32(x, y, z uint32, m Mode, ftz bool) uint32 { return fmaHost(x, y, z, m, ftz) }

// fma32 is Fma32's integer kernel, the oracle of its host path (host.go).
func fma32(x, y, z uint32, m Mode, ftz bool) uint32 {
	bx, sx := unpack(x)
	by, sy := unpack(y)
	bz, sz := unpack(z)
	if isRare(bx) || isRare(by) || isRare(bz) {
		var r uint32
		var done bool
		if r, done, x, y, z, bx, sx, by, sy, bz, sz = fmaSpecial(x, y, z, m, ftz); done {
			return r
		}
	}
	// All three finite and nonzero, significands normalised.
	signP := (x ^ y) & f32.SignMask
	signZ := z & f32.SignMask
	p := uint64(sx) * uint64(sy) // exact, in [2^46, 2^48)
	c := p >> 47
	bp := bx + by - f32.Bias + int32(c)
	p <<= sigTop - 46 - c // leading 1 at sigTop; bits 14…0 zero
	q := uint64(sz) << roundBits
	// Order by magnitude: (sign, bexp, sig) of the larger and the smaller.
	sign, bl, l, bs, s := signP, bp, p, bz, q
	if bz > bp || bz == bp && q > p {
		sign, bl, l, bs, s = signZ, bz, q, bp, p
	}
	s = f32.ShiftRightJam(s, uint(uint32(bl-bs)))
	if signP == signZ {
		sum := l + s // < 2^64
		c := sum >> (sigTop + 1)
		return roundPack(sign, bl+int32(c), sum>>c|sum&c, m, ftz)
	}
	// Effective subtraction, exact when bl-bs ≤ 1 (the product has 15 and
	// z 39 zero bits at the bottom); otherwise at most one leading bit
	// cancels and the sticky bit stays below the round bit.
	d := l - s
	if d == 0 {
		return exactZeroSign(m)
	}
	n := bits.LeadingZeros64(d) - (63 - sigTop)
	return roundPack(sign, bl-int32(n), d<<n, m, ftz)
}

// fmaSpecial handles Fma32's operands with a zero, subnormal, Inf or NaN.
// It returns done with the result, or the (flushed) operands with their
// normalised exponents and significands when all three are finite and
// nonzero.
func fmaSpecial(x, y, z uint32, m Mode, ftz bool) (r uint32, done bool, x2, y2, z2 uint32, bx int32, sx uint32, by int32, sy uint32, bz int32, sz uint32) {
	if f32.IsNaN(x) || f32.IsNaN(y) || f32.IsNaN(z) {
		return canonicalNaN, true, x, y, z, 0, 0, 0, 0, 0, 0
	}
	if ftz {
		x, y, z = ftzInput(x), ftzInput(y), ftzInput(z)
	}
	signP := (x ^ y) & f32.SignMask
	switch {
	case f32.IsInf(x) || f32.IsInf(y):
		if f32.IsZero(x) || f32.IsZero(y) || z == (signP^f32.SignMask)|f32.InfBits {
			return canonicalNaN, true, x, y, z, 0, 0, 0, 0, 0, 0
		}
		return signP | f32.InfBits, true, x, y, z, 0, 0, 0, 0, 0, 0
	case f32.IsInf(z):
		return z, true, x, y, z, 0, 0, 0, 0, 0, 0
	case f32.IsZero(x) || f32.IsZero(y):
		if !f32.IsZero(z) || z == signP {
			return z, true, x, y, z, 0, 0, 0, 0, 0, 0
		}
		return exactZeroSign(m), true, x, y, z, 0, 0, 0, 0, 0, 0
	}
	bx, sx = unpack(x)
	by, sy = unpack(y)
	if bx == 0 {
		bx, sx = normSubnormal(x & f32.FracMask)
	}
	if by == 0 {
		by, sy = normSubnormal(y & f32.FracMask)
	}
	if f32.IsZero(z) { // the product, rounded once: x·y + 0 keeps the product's sign
		return mulCore(signP, bx, sx, by, sy, m, ftz), true, x, y, z, 0, 0, 0, 0, 0, 0
	}
	bz, sz = unpack(z)
	if bz == 0 {
		bz, sz = normSubnormal(z & f32.FracMask)
	}
	return 0, false, x, y, z, bx, sx, by, sy, bz, sz
}
