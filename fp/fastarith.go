package fp

import (
	"math/bits"

	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/ptx"
	"github.com/cudafp/cudafp/rounding"
)

// Fast paths of fma.rn, mul.rn and add.rn for the common case of the
// library kernels: normal operands and a normal result. They compute the
// exact result in a 64-bit integer with a sticky bit and round it once to
// nearest even; every other case (a zero, subnormal, infinite or NaN
// operand, an exact zero sum, a result outside the normal range) falls back
// to the general ptx instruction, which is also what ftz would change. The
// fast paths are tested against the ptx forms in fastarith_test.go.
//
// Scale: a normal float with biased exponent e and significand m (hidden bit
// included, m in [2^23, 2^24)) is held as M = m<<37 in [2^60, 2^61), worth
// M·2^(e−187); a product of two normals with biased exponents ea, eb as
// P = ma·mb<<14 in [2^60, 2^62), worth P·2^(ea+eb−127−187). A sum of two
// such terms is below 2^63, so rounding can add to it without overflow.

// fma is fma.rn{.ftz}.f32 d, a, b, c. Its fast path is sumRound written
// out (about a fifth faster than the call, in the kernels' Horner chains).
func fma(a, b, c uint32, ftz bool) uint32 {
	ea, eb, ec := a>>23&0xff, b>>23&0xff, c>>23&0xff
	if ea-1 < 254 && eb-1 < 254 && ec-1 < 254 { // all three normal
		X := uint64(a&0x7fffff|0x800000) * uint64(b&0x7fffff|0x800000) << 14
		ex, sx := int32(ea+eb)-127, (a^b)&signBit
		Y := uint64(c&0x7fffff|0x800000) << 37
		ey, sy := int32(ec), c&signBit
		if ex < ey || ex == ey && X < Y {
			sx, ex, X, sy, ey, Y = sy, ey, Y, sx, ex, X
		}
		d := uint32(ex - ey)
		y := Y >> (d & 63)
		if d >= 64 {
			y = 0
		}
		if d >= 64 || y<<(d&63) != Y {
			y |= 1 // sticky
		}
		s, sign := X, sx
		if sx == sy {
			s += y
		} else if X >= y {
			s -= y
		} else {
			s, sign = y-X, sy
		}
		if s != 0 {
			t := 63 - bits.LeadingZeros64(s)
			if er := ex + int32(t) - 60; er >= 1 && er <= 253 && t > 23 {
				return sign | uint32(er-1)<<23 + uint32(f32.ShiftRightEven(s, uint(t-23)))
			}
		}
	}
	return ptx.Fma(a, b, c, rounding.RN, ftz)
}

// mul is mul{.rn}{.ftz}.f32 d, a, b. A mul without a rounding modifier that
// ptxas contracted with an add is mulAdd, not mul then add.
func mul(a, b uint32, ftz bool) uint32 {
	ea, eb := a>>23&0xff, b>>23&0xff
	if ea-1 < 254 && eb-1 < 254 {
		p := uint64(a&0x7fffff|0x800000) * uint64(b&0x7fffff|0x800000) // [2^46, 2^48)
		t := 63 - bits.LeadingZeros64(p)                               // 46 or 47
		er := int32(ea+eb) - 127 - 46 + int32(t)                       // biased exponent before rounding
		if er >= 1 && er <= 253 {
			return (a^b)&signBit | roundRN(p, t, er)
		}
	}
	return ptx.Mul(a, b, rounding.RN, ftz)
}

// add is add{.rn}{.ftz}.f32 d, a, b.
func add(a, b uint32, ftz bool) uint32 {
	ea, eb := a>>23&0xff, b>>23&0xff
	if ea-1 < 254 && eb-1 < 254 {
		if r, ok := sumRound(a&signBit, int32(ea), uint64(a&0x7fffff|0x800000)<<37, b&signBit, int32(eb), uint64(b&0x7fffff|0x800000)<<37); ok {
			return r
		}
	}
	return ptx.Add(a, b, rounding.RN, ftz)
}

// sub is sub{.rn}{.ftz}.f32 d, a, b: a + (−b), which rounds alike (every NaN
// result is the canonical NaN, and the sign of an exact zero follows the
// same rule).
func sub(a, b uint32, ftz bool) uint32 {
	ea, eb := a>>23&0xff, b>>23&0xff
	if ea-1 < 254 && eb-1 < 254 {
		if r, ok := sumRound(a&signBit, int32(ea), uint64(a&0x7fffff|0x800000)<<37, ^b&signBit, int32(eb), uint64(b&0x7fffff|0x800000)<<37); ok {
			return r
		}
	}
	return ptx.Sub(a, b, rounding.RN, ftz)
}

const signBit = 0x80000000

// sumRound returns the RN rounding of (−1)^sx·X·2^(ex−187) + (−1)^sy·Y·2^(ey−187)
// for X, Y in [2^60, 2^62), and ok = false when the result is zero or not a
// normal float (the caller then takes the general path).
func sumRound(sx uint32, ex int32, X uint64, sy uint32, ey int32, Y uint64) (uint32, bool) {
	if ex < ey || ex == ey && X < Y {
		sx, ex, X, sy, ey, Y = sy, ey, Y, sx, ex, X
	}
	// The x term has the larger exponent, or the same exponent and the
	// larger significand; y (below) may still exceed X when d = 1 and the
	// terms have opposite signs, which the subtraction handles.
	d := uint32(ex - ey)
	var y uint64
	switch {
	case d == 0:
		y = Y
	case d < 64:
		y = Y >> d
		if Y<<(64-d) != 0 {
			y |= 1 // sticky: only when d > 14, where it stays far below the rounding position
		}
	default:
		y = 1 // Y ≠ 0
	}
	s, sign := X, sx
	if sx == sy {
		s += y // < 2^63
	} else if X >= y {
		s -= y
	} else {
		s, sign = y-X, sy
	}
	if s == 0 {
		return 0, false
	}
	t := 63 - bits.LeadingZeros64(s)
	er := ex + int32(t) - 60 // biased exponent before rounding
	if er < 1 || er > 253 {
		return 0, false
	}
	return sign | roundRN(s, t, er), true
}

// roundRN rounds v < 2^63, whose leading one is bit t, to 24 bits, ties to
// even, and packs it with biased exponent er (1 ≤ er ≤ 253): a round-up that
// carries into bit 24 bumps the exponent. Adding half−1 plus the kept lsb
// before truncating (f32.ShiftRightEven) rounds to nearest even without a
// branch.
func roundRN(v uint64, t int, er int32) uint32 {
	if t <= 23 {
		return uint32(er-1)<<23 + uint32(v<<uint(23-t)) // exact
	}
	return uint32(er-1)<<23 + uint32(f32.ShiftRightEven(v, uint(t-23)))
}
