package rounding

import (
	"math/bits"

	"github.com/cudafp/cudafp/internal/f32"
)

// The arithmetic kernels follow Berkeley SoftFloat 3's structure: unpack,
// special cases (NaN, .ftz flush, Inf, zero, then subnormal normalisation),
// an integer core on the significands, and the one exit, roundPack. The
// special cases run only when an operand's exponent field is 0 or 255, so
// normal operands take a short straight path.

// normSubnormal returns the biased exponent (≤ 1) and the significand, with
// its leading 1 moved to bit 23, of the nonzero subnormal fraction frac
// (SoftFloat's softfloat_normSubnormalF32Sig).
func normSubnormal(frac uint32) (int32, uint32) {
	shift := bits.LeadingZeros32(frac) - (32 - f32.FracBits - 1)
	return int32(1 - shift), frac << shift
}

// unpack returns the biased exponent field and the significand of u, the
// hidden bit included as if u were normal (the special-case paths fix
// zeros and subnormals).
func unpack(u uint32) (int32, uint32) {
	return int32(u>>f32.FracBits) & f32.MaxBexp, u&f32.FracMask | f32.HiddenBit
}

// isRare reports whether the biased exponent b belongs to a zero, a
// subnormal, an Inf or a NaN.
func isRare(b int32) bool { return uint32(b-1) >= f32.MaxBexp-1 }

// Add32 returns x + y, correctly rounded in mode m. It emulates PTX
// add{.rn,.rz,.rp,.rm}{.ftz}.f32 (__fadd_rn, __fadd_rz, __fadd_ru, __fadd_rd).
//
// Special cases are (in order):
//
//	Add32(NaN, y) = Add32(x, NaN) = NaN (canonical 0x7fffffff)
//	Add32(±Inf, ∓Inf) = NaN
//	Add32(±Inf, y) = Add32(y, ±Inf) = ±Inf for y not an Inf of the other sign
//	Add32(±0, ±0) = ±0
//	Add32(±0, ∓0) = +0, or -0 in RD
//	Add32(x, ±0) = Add32(±0, x) = x for x ≠ 0
//	Add32(x, -x) = +0, or -0 in RD, for finite x ≠ 0
//
// Accuracy: correctly rounded (the mode-m rounding of the exact sum).
//
// Flags: with ftz, subnormal inputs are read as zeros of the same sign
// before the table above applies, and tiny results are flushed to the zero
// of their sign (cuda.go's tininessAfterRounding says which are tiny).
func Add32(x, y uint32, m Mode, ftz bool) uint32 {
	return addHost(x, y, m, ftz) // host.go
}

// Sub32 returns x - y, correctly rounded in mode m. It emulates PTX
// sub{.rn,.rz,.rp,.rm}{.ftz}.f32 (__fsub_rn, __fsub_rz, __fsub_ru, __fsub_rd).
//
// Special cases are (in order):
//
//	Sub32(NaN, y) = Sub32(x, NaN) = NaN (canonical 0x7fffffff)
//	Sub32(±Inf, ±Inf) = NaN
//	Sub32(±Inf, y) = ±Inf for y not an Inf of the same sign
//	Sub32(x, ±Inf) = ∓Inf for finite x
//	Sub32(±0, ∓0) = ±0
//	Sub32(±0, ±0) = +0, or -0 in RD
//	Sub32(x, ±0) = x for x ≠ 0
//	Sub32(±0, y) = -y for y ≠ 0
//	Sub32(x, x) = +0, or -0 in RD, for finite x ≠ 0
//
// Accuracy: correctly rounded (the mode-m rounding of the exact difference).
//
// Flags: as Add32; Sub32(x, y) is Add32(x, -y) for every x, y.
func Sub32(x, y uint32, m Mode, ftz bool) uint32 {
	return addHost(x, y^f32.SignMask, m, ftz) // host.go
}

// add32 is Add32's integer kernel, the oracle of its host path (host.go).
func add32(x, y uint32, m Mode, ftz bool) uint32 {
	if x&f32.AbsMask < y&f32.AbsMask {
		x, y = y, x // |x| ≥ |y| (a NaN, if any, is now x)
	}
	bx, sx := unpack(x)
	by, sy := unpack(y)
	if isRare(bx) || isRare(by) {
		var z uint32
		var done bool
		if z, done, bx, sx, by, sy = addSpecial(x, y, m, ftz); done {
			return z
		}
	}
	// x, y finite and nonzero, sx and sy normalised, |x| ≥ |y| so bx ≥ by.
	// One path for effective addition and subtraction, without a branch
	// on the signs: y's aligned significand is negated (two's complement)
	// when the signs differ. The sum is below 2^64 and, for a subtraction,
	// above 0 unless it cancels exactly. Halving it with a jam brings the
	// leading 1 to sigTop or below; in a subtraction the bit halved away is
	// 0 when bx-by ≤ 1 (the operands had 39 zero bits at the bottom) and the
	// sticky bit otherwise, when at most one leading bit cancels, so the
	// sticky bit stays far below the round bit after normalising.
	sign := x & f32.SignMask
	neg := uint64(int32(x^y) >> 31) // all ones for an effective subtraction
	sigY := f32.ShiftRightJam(uint64(sy)<<roundBits, uint(uint32(bx-by)))
	sig := uint64(sx)<<roundBits + (sigY ^ neg) - neg
	if sig == 0 {
		return exactZeroSign(m)
	}
	sig = sig>>1 | sig&1
	n := bits.LeadingZeros64(sig) - (63 - sigTop)
	return roundPack(sign, bx+1-int32(n), sig<<n, m, ftz)
}

// addSpecial handles Add32's operands with a zero, subnormal, Inf or NaN,
// |x| ≥ |y|. It returns done with the result, or the normalised exponents
// and significands of two nonzero finite operands.
func addSpecial(x, y uint32, m Mode, ftz bool) (z uint32, done bool, bx int32, sx uint32, by int32, sy uint32) {
	switch {
	case f32.IsNaN(x): // |x| ≥ |y|: a NaN operand is x
		return canonicalNaN, true, 0, 0, 0, 0
	case f32.IsInf(x):
		if y == x^f32.SignMask {
			return canonicalNaN, true, 0, 0, 0, 0
		}
		return x, true, 0, 0, 0, 0
	}
	if ftz {
		x, y = ftzInput(x), ftzInput(y)
	}
	switch {
	case f32.IsZero(x): // then y is a zero too
		if x == y {
			return x, true, 0, 0, 0, 0
		}
		return exactZeroSign(m), true, 0, 0, 0, 0
	case f32.IsZero(y):
		return x, true, 0, 0, 0, 0
	}
	bx, sx = unpack(x)
	by, sy = unpack(y)
	if bx == 0 {
		bx, sx = normSubnormal(x & f32.FracMask)
	}
	if by == 0 {
		by, sy = normSubnormal(y & f32.FracMask)
	}
	return 0, false, bx, sx, by, sy
}

// Mul32 returns x × y, correctly rounded in mode m. It emulates PTX
// mul{.rn,.rz,.rp,.rm}{.ftz}.f32 (__fmul_rn, __fmul_rz, __fmul_ru, __fmul_rd).
//
// Special cases are (in order):
//
//	Mul32(NaN, y) = Mul32(x, NaN) = NaN (canonical 0x7fffffff)
//	Mul32(±Inf, ±0) = Mul32(±0, ±Inf) = NaN
//	Mul32(±Inf, y) = Mul32(y, ±Inf) = ±Inf, sign = sign(x) XOR sign(y)
//	Mul32(±0, y) = Mul32(y, ±0) = ±0, sign = sign(x) XOR sign(y)
//
// Accuracy: correctly rounded (the mode-m rounding of the exact product).
//
// Flags: with ftz, subnormal inputs are read as zeros of the same sign
// before the table above applies, and tiny results are flushed to the zero
// of their sign.
func Mul32(x, y uint32, m Mode, ftz bool) uint32 {
	return mulHost(x, y, m, ftz) // host.go
}

// mul32 is Mul32's integer kernel, the oracle of its host path (host.go).
func mul32(x, y uint32, m Mode, ftz bool) uint32 {
	sign := (x ^ y) & f32.SignMask
	bx, sx := unpack(x)
	by, sy := unpack(y)
	if isRare(bx) || isRare(by) {
		var z uint32
		var done bool
		if z, done, bx, sx, by, sy = mulSpecial(x, y, ftz); done {
			return z
		}
	}
	p := uint64(sx) * uint64(sy) // exact, in [2^46, 2^48)
	c := p >> 47                 // 1 when the product's leading 1 is at bit 47
	bexp, sig := bx+by-f32.Bias+int32(c), p<<(sigTop-46-c)
	if inRange(bexp) { // roundPack, inlined for the common case
		return packNormal(sign, bexp, sig, m)
	}
	return roundPackRare(sign, bexp, sig, m, ftz)
}

// mulCore rounds the product of two normalised significands (Mul32's core,
// for Fma32's x·y + 0).
func mulCore(sign uint32, bx int32, sx uint32, by int32, sy uint32, m Mode, ftz bool) uint32 {
	p := uint64(sx) * uint64(sy) // exact, in [2^46, 2^48)
	c := p >> 47                 // 1 when the product's leading 1 is at bit 47
	return roundPack(sign, bx+by-f32.Bias+int32(c), p<<(sigTop-46-c), m, ftz)
}

// mulSpecial handles Mul32's operands with a zero, subnormal, Inf or NaN.
func mulSpecial(x, y uint32, ftz bool) (z uint32, done bool, bx int32, sx uint32, by int32, sy uint32) {
	sign := (x ^ y) & f32.SignMask
	if f32.IsNaN(x) || f32.IsNaN(y) {
		return canonicalNaN, true, 0, 0, 0, 0
	}
	if ftz {
		x, y = ftzInput(x), ftzInput(y)
	}
	switch {
	case f32.IsInf(x) || f32.IsInf(y):
		if f32.IsZero(x) || f32.IsZero(y) {
			return canonicalNaN, true, 0, 0, 0, 0
		}
		return sign | f32.InfBits, true, 0, 0, 0, 0
	case f32.IsZero(x) || f32.IsZero(y):
		return sign, true, 0, 0, 0, 0
	}
	bx, sx = unpack(x)
	by, sy = unpack(y)
	if bx == 0 {
		bx, sx = normSubnormal(x & f32.FracMask)
	}
	if by == 0 {
		by, sy = normSubnormal(y & f32.FracMask)
	}
	return 0, false, bx, sx, by, sy
}

// Div32 returns x / y, correctly rounded in mode m. It emulates PTX
// div{.rn,.rz,.rp,.rm}{.ftz}.f32 (__fdiv_rn, __fdiv_rz, __fdiv_ru,
// __fdiv_rd, and x/y under the default -prec-div=true).
//
// Special cases are (in order):
//
//	Div32(NaN, y) = Div32(x, NaN) = NaN (canonical 0x7fffffff)
//	Div32(±Inf, ±Inf) = NaN
//	Div32(±0, ±0) = NaN
//	Div32(±Inf, y) = ±Inf for finite y, sign = sign(x) XOR sign(y)
//	Div32(x, ±Inf) = ±0 for finite x, sign = sign(x) XOR sign(y)
//	Div32(x, ±0) = ±Inf for x ≠ 0, sign = sign(x) XOR sign(y)
//	Div32(±0, y) = ±0 for y ≠ 0, sign = sign(x) XOR sign(y)
//
// Accuracy: correctly rounded (the mode-m rounding of the exact quotient).
//
// Flags: with ftz, subnormal inputs are read as zeros of the same sign
// before the table above applies, and tiny results are flushed to the zero
// of their sign.
func Div32(x, y uint32, m Mode, ftz bool) uint32 {
	return divHost(x, y, m, ftz) // host.go
}

// Rcp32 returns 1 / x, correctly rounded in mode m. It emulates PTX
// rcp{.rn,.rz,.rp,.rm}{.ftz}.f32 (__frcp_rn, __frcp_rz, __frcp_ru,
// __frcp_rd); it is Div32(1, x) for every x.
//
// Special cases are (in order):
//
//	Rcp32(NaN) = NaN (canonical 0x7fffffff)
//	Rcp32(±Inf) = ±0
//	Rcp32(±0) = ±Inf
//
// Accuracy: correctly rounded (the mode-m rounding of the exact reciprocal).
//
// Flags: with ftz, a subnormal input is read as the zero of its sign (so
// its reciprocal is an Inf), and tiny results are flushed to the zero of
// their sign.
func Rcp32(x uint32, m Mode, ftz bool) uint32 {
	return divHost(f32.OneBits, x, m, ftz) // host.go
}

// div32 is Div32's and Rcp32's integer kernel, the oracle of their host
// path (host.go).
func div32(x, y uint32, m Mode, ftz bool) uint32 {
	sign := (x ^ y) & f32.SignMask
	bx, sx := unpack(x)
	by, sy := unpack(y)
	if isRare(bx) || isRare(by) {
		var z uint32
		var done bool
		if z, done, bx, sx, by, sy = divSpecial(x, y, ftz); done {
			return z
		}
	}
	// sx·2^40 / sy lies in (2^39, 2^41): at least 40 quotient bits, 16
	// more than the 24 kept, and the remainder is the sticky bit.
	n := uint64(sx) << 40
	q := n / uint64(sy)
	if q*uint64(sy) != n {
		q |= 1
	}
	c := q >> 40 // 1 when sx ≥ sy: the quotient is in [1, 2)
	bexp, sig := bx-by+f32.Bias-1+int32(c), q<<(sigTop-39-c)
	if inRange(bexp) { // roundPack, inlined for the common case
		return packNormal(sign, bexp, sig, m)
	}
	return roundPackRare(sign, bexp, sig, m, ftz)
}

// divSpecial handles Div32's operands with a zero, subnormal, Inf or NaN.
func divSpecial(x, y uint32, ftz bool) (z uint32, done bool, bx int32, sx uint32, by int32, sy uint32) {
	sign := (x ^ y) & f32.SignMask
	if f32.IsNaN(x) || f32.IsNaN(y) {
		return canonicalNaN, true, 0, 0, 0, 0
	}
	if ftz {
		x, y = ftzInput(x), ftzInput(y)
	}
	switch {
	case f32.IsInf(x) && f32.IsInf(y), f32.IsZero(x) && f32.IsZero(y):
		return canonicalNaN, true, 0, 0, 0, 0
	case f32.IsInf(x), f32.IsZero(y):
		return sign | f32.InfBits, true, 0, 0, 0, 0
	case f32.IsInf(y), f32.IsZero(x):
		return sign, true, 0, 0, 0, 0
	}
	bx, sx = unpack(x)
	by, sy = unpack(y)
	if bx == 0 {
		bx, sx = normSubnormal(x & f32.FracMask)
	}
	if by == 0 {
		by, sy = normSubnormal(y & f32.FracMask)
	}
	return 0, false, bx, sx, by, sy
}
