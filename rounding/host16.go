package rounding

import "math"

// Host paths of the 16-bit arithmetic: the exact result, or its binary64
// rounding with the exact error, from host float64 arithmetic, rounded once
// to the 16-bit format by the funnel (Go has no 16-bit float, so the last
// rounding stays integer). Operands that are zeros, subnormals, Infs or
// NaNs, and exact zero sums, go to the integer kernels of half.go, which
// are also the oracle these paths are tested against (host16_test.go: all
// 2^32 operand pairs under CUDAFP_EXHAUSTIVE).
//
// Facts (DESIGN.md, "Host floating point"):
//
//  1. wide16 is exact: every binary16 and bfloat16 value is a binary32
//     value (widen16, integer), and float32 → float64 is exact.
//  2. A product of two normal 16-bit values is exact in binary64: at most
//     11+11 (binary16) or 8+8 (bfloat16) significant bits, and its
//     magnitude lies in [2^-28, 2^32) or [2^-252, 2^256), inside binary64's
//     normal range.
//  3. A sum of two normal binary16 values is exact in binary64: both are
//     integer multiples of 2^-24 (the ulp of the binade 2^-14) below 2^16,
//     so the sum is an integer multiple of 2^-24 below 2^17, an integer
//     below 2^41 ≤ 2^53 times a power of two.
//  4. Otherwise (bfloat16 sums; fma's product plus z) s = a + b in binary64
//     and TwoSum's e = (a + b) − s are exact (Knuth; no overflow: every
//     term is below 2^256), and s + e is the exact result. No product is
//     written beside an addition without a float64(...) conversion, so no
//     port may fuse them.

// wide16 returns the non-NaN x of format f as a float64, exactly (fact 1).
func wide16(f format, x uint16) float64 {
	return float64(math.Float32frombits(widen16(f, x)))
}

// isRare16 reports a zero, a subnormal, an Inf or a NaN.
func isRare16(f format, x uint16) bool {
	b := int32(x>>f.fracBits) & f.maxBexp()
	return uint32(b-1) >= uint32(f.maxBexp()-1)
}

// round64To16 rounds v = s + e to format f in mode m (.ftz by ftz), for
// s = v rounded to binary64, finite and nonzero and normal, and e = v − s
// exactly (0 when s is exact). The funnel's significand is s's, with 10
// zero bits below; a nonzero e is the sticky information: one unit (of
// that significand's bit 0) added when e has s's sign, half a unit to one
// unit taken away when it has the other. In units, s is a multiple of
// 2^10 and |e| ≤ 2^9 (half s's ulp), so v and the adjusted significand
// lie on the same side of s, strictly within 2^10 of it: in an open
// interval that holds no rounding boundary of a format of at most 53 bits,
// on the normal or the subnormal grid, and so they round alike.
func round64To16(f format, s, e float64, m Mode, ftz bool) uint16 {
	b := math.Float64bits(s)
	sign := b >> 63
	bexp := int32(b>>f64FracBits) & f64MaxBexp
	sig := (b&f64FracMask | 1<<f64FracBits) << (sigTop - f64FracBits)
	if e != 0 {
		if math.Signbit(e) == (sign == 1) {
			sig |= 1
		} else if sig == 1<<sigTop { // s a power of two: v lies in the binade below
			sig, bexp = 1<<(sigTop+1)-1, bexp-1
		} else {
			sig--
		}
	}
	return uint16(roundPackF(f, sign, bexp-f64Bias+f.bias, sig, m, ftz))
}

// addHost16 is add16 on the host (facts 1, 3, 4).
func addHost16(f format, x, y uint16, m Mode, ftz bool) uint16 {
	if isRare16(f, x) || isRare16(f, y) {
		return add16(f, x, y, m, ftz)
	}
	a, b := wide16(f, x), wide16(f, y)
	s := a + b
	if s == 0 { // x = -y: the mode decides the zero's sign
		return add16(f, x, y, m, ftz)
	}
	var e float64
	if f.bias != fmtF16.bias { // bfloat16: fact 4; binary16 sums are exact (fact 3)
		e = twoSumErr(a, b, s)
	}
	return round64To16(f, s, e, m, ftz)
}

// mulHost16 is mul16 on the host (facts 1, 2).
func mulHost16(f format, x, y uint16, m Mode, ftz bool) uint16 {
	if isRare16(f, x) || isRare16(f, y) {
		return mul16(f, x, y, m, ftz)
	}
	return round64To16(f, wide16(f, x)*wide16(f, y), 0, m, ftz)
}

// fmaHost16 is fma16 on the host (facts 1, 2, 4).
func fmaHost16(f format, x, y, z uint16, m Mode, ftz bool) uint16 {
	if isRare16(f, x) || isRare16(f, y) || isRare16(f, z) {
		return fma16(f, x, y, z, m, ftz)
	}
	p := float64(wide16(f, x) * wide16(f, y)) // exact (fact 2); the conversion forbids fusing
	c := wide16(f, z)
	s := p + c
	if s == 0 { // x·y = -z: the mode decides the zero's sign
		return fma16(f, x, y, z, m, ftz)
	}
	return round64To16(f, s, twoSumErr(p, c, s), m, ftz)
}
