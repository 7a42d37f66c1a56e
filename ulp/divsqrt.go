package ulp

import (
	"math"

	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/rounding"
)

// Division, reciprocal, square root and reciprocal square root decide their
// rounding exactly: from a float64 approximation q of the exact v > 0 (within
// a few ulps of float64), the binary32 cell [t, t+q) holding v is located and
// the position of v against the boundaries t, t + q/2 is found by an exact
// sign test cmp(b) = sign(v − b), for b a binary32 number or midpoint (25
// significant bits):
//
//	div:   sign(|x| − b·|y|)   b·|y| has ≤ 49 bits: exact; the subtraction keeps the sign
//	rcp:   sign(1 − b·|x|)
//	sqrt:  sign(x − b²)        b² has ≤ 50 bits: exact
//	rsqrt: sign(1 − x·b²)      one FMA of exact operands: the sign of the exact value
//
// The products stay in the normal float64 range (b ∈ [2^-150, 2^128],
// operands in [2^-149, 2^128)). No fallback is ever needed.

// cmpFunc returns sign(v − b) for the exact v.
type cmpFunc func(b float64) float64

// roundExact returns the binary32 rounding of v > 0 in direction d, given an
// approximation q ∈ (v·(1 − 2^-40), v·(1 + 2^-40)) and an exact comparison.
func roundExact(q float64, cmp cmpFunc, d direction, sign uint32) uint32 {
	if q >= 0x1p127 {
		// Near or beyond overflow: decide against MaxFinite and 2^128 first.
		if cmp(overflow32) >= 0 {
			return overflowBits(d, sign)
		}
		if cmp(maxFinite32) >= 0 {
			c := cmp(maxFinite32)
			switch {
			case c == 0 || d == toZero:
				return f32.MaxFiniteBits | sign
			case d == away:
				return f32.InfBits | sign
			}
			// RN: the midpoint is 2^128 − 2^103.
			if cmp(0x1p128-0x1p103) >= 0 { // a tie goes to "even" Inf
				return f32.InfBits | sign
			}
			return f32.MaxFiniteBits | sign
		}
		q = math.Min(q, maxFinite32)
	}
	t, qq := grid(q)
	// Move to the cell with t ≤ v < t + qq (one step at most: q is within
	// 2^-40 of v, far less than a binary32 ulp).
	if t > 0 && cmp(t) < 0 {
		tb := math.Float32bits(float32(t)) - 1
		t = float64(math.Float32frombits(tb))
		qq = float64(math.Float32frombits(tb+1)) - t
	} else if c := cmp(t + qq); c >= 0 {
		t += qq
		qq = float64(math.Float32frombits(math.Float32bits(float32(t))+1)) - t
	}
	c0 := cmp(t)
	if c0 == 0 {
		return bits32(t, sign)
	}
	switch d {
	case toZero:
		return bits32(t, sign)
	case away:
		return bits32(t+qq, sign)
	}
	switch c := cmp(t + qq/2); {
	case c > 0:
		return bits32(t+qq, sign)
	case c < 0:
		return bits32(t, sign)
	}
	if math.Float32bits(float32(t))&1 == 0 {
		return bits32(t, sign)
	}
	return bits32(t+qq, sign)
}

func f64(u uint32) float64 { return float64(math.Float32frombits(u)) }

// divSpecial handles the special cases of x/y.
//
// Special cases are:
//
//	div(NaN, y) = div(x, NaN) = NaN
//	div(±0, ±0) = NaN
//	div(±Inf, ±Inf) = NaN
//	div(x, ±0) = ±Inf for x ≠ 0, sign(x) XOR sign(y)
//	div(±Inf, y) = ±Inf for finite y, sign(x) XOR sign(y)
//	div(x, ±Inf) = ±0 for finite x, sign(x) XOR sign(y)
//	div(±0, y) = ±0 for y ≠ 0, sign(x) XOR sign(y)
func divSpecial(x, y uint32) (uint32, bool) {
	s := (x ^ y) & f32.SignMask
	switch {
	case f32.IsNaN(x), f32.IsNaN(y):
		return f32.CanonicalNaNBits, true
	case f32.IsZero(x) && f32.IsZero(y), f32.IsInf(x) && f32.IsInf(y):
		return f32.CanonicalNaNBits, true
	case f32.IsZero(y), f32.IsInf(x):
		return s | f32.InfBits, true
	case f32.IsInf(y), f32.IsZero(x):
		return s, true
	}
	return 0, false
}

// specialValue returns the float64 value of a special result encoding.
func specialValue(u uint32) float64 {
	if f32.IsNaN(u) {
		return math.NaN()
	}
	return f64(u)
}

func divRound(x, y uint32, m rounding.Mode) uint32 {
	if b, ok := divSpecial(x, y); ok {
		return b
	}
	sign := (x ^ y) & f32.SignMask
	ax, ay := math.Abs(f64(x)), math.Abs(f64(y))
	return roundExact(ax/ay, func(b float64) float64 { return ax - b*ay }, dirOf(m, sign != 0), sign)
}

// divKernel: x/y as q + (x − q·y)/y, the remainder exact by FMA: relative error
// ≤ 2^-104.
func divKernel(x, y uint32) kres {
	if b, ok := divSpecial(x, y); ok {
		return exactRes(specialValue(b))
	}
	xf, yf := f64(x), f64(y)
	q := xf / yf
	return kres{v: DD{q, math.FMA(-q, yf, xf) / yf}, err: 0x1p-104 * math.Abs(q)}
}

// rcpSpecial handles the special cases of 1/x.
//
// Special cases are:
//
//	rcp(NaN) = NaN
//	rcp(±0) = ±Inf
//	rcp(±Inf) = ±0
func rcpSpecial(x uint32) (uint32, bool) {
	switch {
	case f32.IsNaN(x):
		return f32.CanonicalNaNBits, true
	case f32.IsZero(x):
		return x&f32.SignMask | f32.InfBits, true
	case f32.IsInf(x):
		return x & f32.SignMask, true
	}
	return 0, false
}

func rcpRound(x uint32, m rounding.Mode) uint32 {
	if b, ok := rcpSpecial(x); ok {
		return b
	}
	sign := x & f32.SignMask
	ax := math.Abs(f64(x))
	return roundExact(1/ax, func(b float64) float64 { return 1 - b*ax }, dirOf(m, sign != 0), sign)
}

func rcpKernel(x uint32) kres {
	if b, ok := rcpSpecial(x); ok {
		return exactRes(specialValue(b))
	}
	xf := f64(x)
	q := 1 / xf
	return kres{v: DD{q, math.FMA(-q, xf, 1) / xf}, err: 0x1p-104 * math.Abs(q)}
}

// sqrtSpecial handles the special cases of √x.
//
// Special cases are:
//
//	sqrt(NaN) = NaN
//	sqrt(±0) = ±0
//	sqrt(x < 0) = NaN
//	sqrt(+Inf) = +Inf
func sqrtSpecial(x uint32) (uint32, bool) {
	switch {
	case f32.IsNaN(x):
		return f32.CanonicalNaNBits, true
	case f32.IsZero(x):
		return x, true
	case x&f32.SignMask != 0:
		return f32.CanonicalNaNBits, true
	case x == f32.InfBits:
		return f32.InfBits, true
	}
	return 0, false
}

func sqrtRound(x uint32, m rounding.Mode) uint32 {
	if b, ok := sqrtSpecial(x); ok {
		return b
	}
	xf := f64(x)
	return roundExact(math.Sqrt(xf), func(b float64) float64 { return xf - b*b }, dirOf(m, false), 0)
}

// sqrtKernel: √x as s + (x − s²)/(2s), s = RN(√x), the remainder exact by FMA:
// relative error ≤ 2^-104.
func sqrtKernel(x uint32) kres {
	if b, ok := sqrtSpecial(x); ok {
		return exactRes(specialValue(b))
	}
	xf := f64(x)
	s := math.Sqrt(xf)
	return kres{v: DD{s, math.FMA(-s, s, xf) / (2 * s)}, err: 0x1p-104 * s}
}

// rsqrtSpecial handles the special cases of 1/√x.
//
// Special cases are:
//
//	rsqrt(NaN) = NaN
//	rsqrt(±0) = ±Inf
//	rsqrt(x < 0) = NaN
//	rsqrt(+Inf) = +0
func rsqrtSpecial(x uint32) (uint32, bool) {
	switch {
	case f32.IsNaN(x):
		return f32.CanonicalNaNBits, true
	case f32.IsZero(x):
		return x&f32.SignMask | f32.InfBits, true
	case x&f32.SignMask != 0:
		return f32.CanonicalNaNBits, true
	case x == f32.InfBits:
		return f32.ZeroBits, true
	}
	return 0, false
}

func rsqrtRound(x uint32, m rounding.Mode) uint32 {
	if b, ok := rsqrtSpecial(x); ok {
		return b
	}
	xf := f64(x)
	return roundExact(1/math.Sqrt(xf), func(b float64) float64 { return -math.FMA(xf, b*b, -1) }, dirOf(m, false), 0)
}

// rsqrtKernel: 1/√x from s = sh + sl ≈ √x (sqrtKernel's form): q = 1/sh,
// lo = (1 − q·sh − q·sl)/sh with 1 − q·sh exact by FMA: relative error ≤ 2^-100.
func rsqrtKernel(x uint32) kres {
	if b, ok := rsqrtSpecial(x); ok {
		return exactRes(specialValue(b))
	}
	xf := f64(x)
	sh := math.Sqrt(xf)
	sl := math.FMA(-sh, sh, xf) / (2 * sh)
	q := 1 / sh
	return kres{v: DD{q, (math.FMA(-q, sh, 1) - q*sl) / sh}, err: 0x1p-100 * q}
}
