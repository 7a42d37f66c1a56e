package fp

import (
	"math/bits"

	"github.com/cudafp/cudafp/internal/f64"
	"github.com/cudafp/cudafp/rounding"
)

// fmod, remainder and remquo of double as nvcc (CUDA 13.0, sm_90) compiles
// them: kernels fmod_, remainder_ and remquo_ of gpu/ref/funcs64/*.ptx.xz.
// The device divides the 53-bit significands bit by bit (one shift and
// trial subtraction per bit of exponent difference, up to 2,099 of them)
// and packs the exact remainder; remainder and remquo then round the
// quotient to nearest, ties to even (2r > |y|, or 2r = |y| with an odd
// quotient: r − |y|). The remainder is exact, so any exact division gives
// the device's bits: remDiv64 divides 64 bits at a time (bits.Div64) and
// keeps the quotient's low 32 bits, as the device's quotient register.
// The PTX of the six captured flag sets differs only in mul.f64 respelled
// mul.rn.f64: none of them depends on the flags.

// Fmod returns the remainder of x/y rounded toward zero, x − trunc(x/y)·y
// with the sign of x, as CUDA's fmod.
//
// Special cases are (in order):
//
//	Fmod(x, NaN) = Fmod(NaN, y) = NaN (as x + y: package rounding's NaN rule; of two NaNs,
//	y's as written, x's where ptxas exchanged the operands: internal/spec.NaNOrders)
//	Fmod(±Inf, y) = NaN (0xfff8000000000000)
//	Fmod(x, ±Inf) = x for finite x
//	Fmod(x, ±0) = NaN (0xfff8000000000000)
//	Fmod(x, y) = x for |x| < |y|
//	Fmod(x, y) = ±0, the sign of x, when y divides x
//
// Accuracy: exact. Documented (CUDA C++ Programming Guide 13.0,
// Mathematical Functions, Table 18): "0 (full range)".
//
// Flags: independent of Flags.
func (fl Flags) Fmod(x, y float64) float64 { return Fmod(x, y) }

// Fmod returns fmod(x, y) (Flags{}.Fmod).
func Fmod(x, y float64) float64 {
	r, _, _ := rem64(b64(x), b64(y), false)
	return f64b(r)
}

// Remainder returns x − n·y with n the integer nearest x/y, ties to even,
// as CUDA's remainder (IEEE 754 remainder).
//
// Special cases are (in order):
//
//	Remainder(x, NaN) = Remainder(NaN, y) = NaN (as Fmod's)
//	Remainder(±Inf, y) = NaN (0xfff8000000000000)
//	Remainder(x, ±Inf) = x for finite x
//	Remainder(x, ±0) = NaN (0xfff8000000000000)
//	Remainder(x, y) = ±0, the sign of x, when y divides x
//
// Accuracy: exact. Documented (CUDA C++ Programming Guide 13.0,
// Mathematical Functions, Table 18): "0 (full range)".
//
// Flags: independent of Flags.
func (fl Flags) Remainder(x, y float64) float64 { return Remainder(x, y) }

// Remainder returns remainder(x, y) (Flags{}.Remainder).
func Remainder(x, y float64) float64 {
	r, _, _ := rem64(b64(x), b64(y), true)
	return f64b(r)
}

// Remquo returns Remainder(x, y) and the low three bits of the rounded
// quotient n, negated when x and y have opposite signs, as CUDA's remquo.
//
// Special cases are (in order):
//
//	Remquo(x, y) = NaN, 0 for a NaN operand, x = ±Inf or y = ±0 (as Remainder)
//	Remquo(x, ±Inf) = x, 0 for finite x
//	Remquo(x, y) = r, ±(n mod 8) otherwise, the sign of x/y
//
// Accuracy: exact. Documented (CUDA C++ Programming Guide 13.0,
// Mathematical Functions, Table 18): "0 (full range)".
//
// Flags: independent of Flags.
func (fl Flags) Remquo(x, y float64) (float64, int32) { return Remquo(x, y) }

// Remquo returns remquo(x, y) (Flags{}.Remquo).
func Remquo(x, y float64) (float64, int32) {
	r, q, ok := rem64(b64(x), b64(y), true)
	if !ok {
		return f64b(r), 0
	}
	quo := int32(q & 7)
	if (b64(x)^b64(y))&f64.SignMask != 0 {
		quo = -quo
	}
	return f64b(r), quo
}

// rem64 returns fmod(x, y) (near false) or remainder(x, y) (near true) and
// the low 32 bits of the quotient the remainder belongs to (rounded to
// nearest with near); ok is false for the special cases whose quotient the
// device reports as 0 (a NaN or infinite operand, y = 0).
func rem64(x, y uint64, near bool) (r uint64, q uint32, ok bool) {
	ax, ay := x&f64.AbsMask, y&f64.AbsMask
	if ax >= f64.InfBits || ay >= f64.InfBits {
		if ax <= f64.InfBits && ay <= f64.InfBits { // no NaN
			if ax == f64.InfBits {
				return defNaN64, 0, false
			}
			return x, 0, false
		}
		return rounding.Add64RN(x, y), 0, false
	}
	if ay == 0 {
		return defNaN64, 0, false
	}
	if ax < ay && !near {
		return x, 0, true
	}
	mx, ux := sigUnit64(ax)
	my, uy := sigUnit64(ay)
	var rm, m uint64 // the remainder and |y| in units of 2^u
	var u int32
	if ax < ay { // the quotient is 0, the remainder x itself
		if uy-ux >= 2 { // y is normal and |y| ≥ 2^52·2^uy ≥ 2^54·2^ux > 2|x|
			return x, 0, true
		}
		u = min(ux, uy)
		rm, m = mx<<uint(ux-u), my<<uint(uy-u) // below 2^54
	} else {
		rm, q = remDiv64(mx, my, uint(ux-uy)) // ux ≥ uy as |x| ≥ |y|
		m, u = my, uy
	}
	sign := x & f64.SignMask
	if near && (2*rm > m || 2*rm == m && q&1 != 0) {
		rm = m - rm // r − |y|: exact (Sterbenz), the sign flipped
		sign ^= f64.SignMask
		q++
	}
	return sign | pack64(rm, u), q, true
}

// defNaN64 is the NaN fmod, remainder and remquo return for x = ±Inf or
// y = ±0 (the constant 0dFFF8000000000000 of their PTX).
const defNaN64 uint64 = 0xfff8000000000000

// sigUnit64 returns the integer significand m and the exponent u of a
// finite nonzero magnitude a = m·2^u: 53 bits with the hidden bit for a
// normal a, the fraction for a subnormal one (u = -1074).
func sigUnit64(a uint64) (m uint64, u int32) {
	b := int32(a >> f64.FracBits)
	if b == 0 {
		return a, f64.Dmin
	}
	return a&f64.FracMask | f64.HiddenBit, b - f64.Bias - f64.FracBits
}

// remDiv64 returns (mx·2^d) mod my and the low 32 bits of ⌊mx·2^d / my⌋,
// for mx, my < 2^53 and my > 0.
func remDiv64(mx, my uint64, d uint) (r uint64, q uint32) {
	q0 := mx / my
	r, q = mx-q0*my, uint32(q0)
	for d > 0 {
		s := min(d, 64)
		// r < my < 2^53, so the high word of r·2^s is below my.
		// (Go's shifts by 64 give 0.)
		var qs uint64
		qs, r = bits.Div64(r>>(64-s), r<<s, my)
		q = uint32(uint64(q)<<s) + uint32(qs) // q·2^s + qs mod 2^32

		d -= s
	}
	return r, q
}

// pack64 returns the encoding of rm·2^u, which must be exact: rm < 2^53 and
// u ≥ -1074.
func pack64(rm uint64, u int32) uint64 {
	if rm == 0 {
		return 0
	}
	p := int32(bits.Len64(rm)) - 1     // rm's leading bit
	if b := p + u + f64.Bias; b >= 1 { // normal: the hidden bit adds one to b-1
		return uint64(b-1)<<f64.FracBits + rm<<uint(f64.FracBits-p)
	}
	return rm << uint(u-f64.Dmin) // subnormal
}
