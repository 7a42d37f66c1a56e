package rounding

import (
	"math/bits"

	"github.com/cudafp/cudafp/internal/f32"
)

// The integer kernels of add, mul and div, written once for both formats
// (format.go): add64, mul64 and div64 are their binary64 instances, the
// oracle of binary64's host paths (host64.go), and TestGenericMatches32
// holds their binary32 instances to binary32's own kernels bit for bit. The
// shape is arith.go's: unpack, special cases only when an exponent field
// is 0 or all ones, an integer core, and roundPackG.

// addG returns x + y rounded in mode m (binary64: ftz must be false).
func addG[T encoding](x, y T, m Mode, ftz bool) T {
	z, _ := addTo(x, y, m, ftz, formatOf[T]())
	return T(z)
}

// addTo is addG with the sum rounded to the format to, whose values T's
// format holds (the 16-bit formats' sums on operands widened to binary32,
// half.go): special reports a result that is a T encoding and was not
// rounded (a NaN, an Inf, an exact zero or an operand), which the caller
// narrows; otherwise z is the sum rounded to to.
func addTo[T encoding](x, y T, m Mode, ftz bool, to format) (z uint64, special bool) {
	bx := int32(x>>fracBitsOf[T]()) & maxBexpOf[T]()
	by := int32(y>>fracBitsOf[T]()) & maxBexpOf[T]()
	var sx, sy uint64
	if isRareG[T](bx) || isRareG[T](by) {
		var r T
		var done bool
		if r, done, x, y, bx, sx, by, sy = addSpecialG(x, y, m, ftz); done {
			return uint64(r), true
		}
	} else {
		if x&absMaskOf[T]() < y&absMaskOf[T]() {
			x, y = y, x
		}
		bx, sx = unpackG(x)
		by, sy = unpackG(y)
	}
	// x, y finite and nonzero, |x| ≥ |y|: arith.go's add32 argument, with
	// roundBits zero bits below each operand (10 for binary64, enough: a
	// subtraction with bx − by ≤ 1 shifts y by at most one bit, and
	// otherwise at most one leading bit cancels).
	rb := roundBitsOf[T]()
	sign := x & signMaskOf[T]()
	neg := -uint64((x ^ y) >> signShiftOf[T]()) // all ones for an effective subtraction
	sigY := f32.ShiftRightJam(sy<<rb, uint(uint32(bx-by)))
	sig := sx<<rb + (sigY ^ neg) - neg
	if sig == 0 {
		return uint64(exactZeroSign(m)) << (signShiftOf[T]() - 31), true
	}
	sig = sig>>1 | sig&1
	n := bits.LeadingZeros64(sig) - (63 - sigTop)
	return roundPackF(to, uint64(sign>>signShiftOf[T]()), bx+1-int32(n)-biasOf[T]()+to.bias, sig<<n, m, ftz), false
}

// addSpecialG handles addG's operands with a zero, subnormal, Inf or NaN.
// It returns done with the result, or the operands ordered |x| ≥ |y| with
// their normalised exponents and significands.
func addSpecialG[T encoding](x, y T, m Mode, ftz bool) (z T, done bool, x2, y2 T, bx int32, sx uint64, by int32, sy uint64) {
	if isNaNG(x) || isNaNG(y) {
		return nanAddMulG(x, y), true, x, y, 0, 0, 0, 0
	}
	if x&absMaskOf[T]() < y&absMaskOf[T]() {
		x, y = y, x
	}
	if isInfG(x) {
		if y == x^signMaskOf[T]() {
			return nanAddMulG(x, y), true, x, y, 0, 0, 0, 0
		}
		return x, true, x, y, 0, 0, 0, 0
	}
	if ftz && !is64[T]() { // .ftz is binary32-only
		x, y = T(ftzInput(uint32(x))), T(ftzInput(uint32(y)))
	}
	switch {
	case isZeroG(x): // then y is a zero too
		if x == y {
			return x, true, x, y, 0, 0, 0, 0
		}
		return T(exactZeroSign(m)) << (signShiftOf[T]() - 31), true, x, y, 0, 0, 0, 0
	case isZeroG(y):
		return x, true, x, y, 0, 0, 0, 0
	}
	bx, sx, by, sy = normBoth(x, y)
	return 0, false, x, y, bx, sx, by, sy
}

// mulG returns x × y rounded in mode m.
func mulG[T encoding](x, y T, m Mode, ftz bool) T {
	z, _ := mulTo(x, y, m, ftz, formatOf[T]())
	return T(z)
}

// mulTo is mulG with the product rounded to the format to (addTo's
// contract).
func mulTo[T encoding](x, y T, m Mode, ftz bool, to format) (z uint64, special bool) {
	sign := (x ^ y) & signMaskOf[T]()
	bx, sx := unpackG(x)
	by, sy := unpackG(y)
	if isRareG[T](bx) || isRareG[T](by) {
		var r T
		var done bool
		if r, done, bx, sx, by, sy = mulSpecialG(x, y, ftz); done {
			return uint64(r), true
		}
	}
	return mulCoreG(sign, bx, sx, by, sy, m, ftz, to), false
}

// mulCoreG rounds the product of two normalised significands of T's
// format to the format to.
//
// sx·2^roundBits has its leading 1 at bit 62, sy·2^(roundBits+1) at bit
// 63: their exact 128-bit product lies in [2^125, 2^127), so its high word
// holds at least 62 bits of the product (binary64 keeps 53, binary32 24)
// and the low word is sticky (SoftFloat's f64_mul).
func mulCoreG[T encoding](sign T, bx int32, sx uint64, by int32, sy uint64, m Mode, ftz bool, to format) uint64 {
	rb := roundBitsOf[T]()
	hi, lo := bits.Mul64(sx<<rb, sy<<(rb+1))
	bexp := bx + by - 2*biasOf[T]() + to.bias + 1
	if hi < 1<<sigTop { // the product is in [1, 2): one bit left
		hi, lo = hi<<1|lo>>63, lo<<1
		bexp--
	}
	if lo != 0 {
		hi |= 1
	}
	return roundPackF(to, uint64(sign>>signShiftOf[T]()), bexp, hi, m, ftz)
}

// mulSpecialG handles mulG's operands with a zero, subnormal, Inf or NaN.
func mulSpecialG[T encoding](x, y T, ftz bool) (z T, done bool, bx int32, sx uint64, by int32, sy uint64) {
	sign := (x ^ y) & signMaskOf[T]()
	if isNaNG(x) || isNaNG(y) {
		return nanAddMulG(x, y), true, 0, 0, 0, 0
	}
	if ftz && !is64[T]() { // .ftz is binary32-only
		x, y = T(ftzInput(uint32(x))), T(ftzInput(uint32(y)))
	}
	switch {
	case isInfG(x) || isInfG(y):
		if isZeroG(x) || isZeroG(y) {
			return nanAddMulG(x, y), true, 0, 0, 0, 0
		}
		return sign | infBitsOf[T](), true, 0, 0, 0, 0
	case isZeroG(x) || isZeroG(y):
		return sign, true, 0, 0, 0, 0
	}
	bx, sx, by, sy = normBoth(x, y)
	return 0, false, bx, sx, by, sy
}

// divG returns x / y rounded in mode m.
func divG[T encoding](x, y T, m Mode, ftz bool) T {
	z, _ := divTo(x, y, m, ftz, formatOf[T]())
	return T(z)
}

// divTo is divG with the quotient rounded to the format to (addTo's
// contract).
func divTo[T encoding](x, y T, m Mode, ftz bool, to format) (z uint64, special bool) {
	sign := (x ^ y) & signMaskOf[T]()
	bx, sx := unpackG(x)
	by, sy := unpackG(y)
	if isRareG[T](bx) || isRareG[T](by) {
		var r T
		var done bool
		if r, done, bx, sx, by, sy = divSpecialG(x, y, ftz); done {
			return uint64(r), true
		}
	}
	// q = floor(sx·2^63 / sy) lies in (2^62, 2^64): at least 62 quotient
	// bits, and the remainder is the sticky bit. bits.Div64 cannot panic:
	// the high word sx>>1 is below sy (both normalised, sy ≥ 2^fracBits).
	q, r := bits.Div64(sx>>1, sx<<63, sy)
	bexp := bx - by + to.bias
	if q < 1<<63 { // sx < sy: the quotient is in (1/2, 1)
		bexp--
	} else {
		q = q>>1 | q&1
	}
	if r != 0 {
		q |= 1
	}
	return roundPackF(to, uint64(sign>>signShiftOf[T]()), bexp, q, m, ftz), false
}

// divSpecialG handles divG's operands with a zero, subnormal, Inf or NaN.
func divSpecialG[T encoding](x, y T, ftz bool) (z T, done bool, bx int32, sx uint64, by int32, sy uint64) {
	sign := (x ^ y) & signMaskOf[T]()
	if isNaNG(x) || isNaNG(y) {
		return nanDivG(x, y), true, 0, 0, 0, 0
	}
	if ftz && !is64[T]() { // .ftz is binary32-only
		x, y = T(ftzInput(uint32(x))), T(ftzInput(uint32(y)))
	}
	switch {
	case isInfG(x) && isInfG(y), isZeroG(x) && isZeroG(y):
		return nanDivG(x, y), true, 0, 0, 0, 0
	case isInfG(x), isZeroG(y):
		return sign | infBitsOf[T](), true, 0, 0, 0, 0
	case isInfG(y), isZeroG(x):
		return sign, true, 0, 0, 0, 0
	}
	bx, sx, by, sy = normBoth(x, y)
	return 0, false, bx, sx, by, sy
}

// The binary64 instances.
func add64(x, y uint64, m Mode) uint64 { return addG(x, y, m, false) }
func mul64(x, y uint64, m Mode) uint64 { return mulG(x, y, m, false) }
func div64(x, y uint64, m Mode) uint64 { return divG(x, y, m, false) }

// normBoth returns the normalised exponents and significands of the
// nonzero finite x and y.
func normBoth[T encoding](x, y T) (bx int32, sx uint64, by int32, sy uint64) {
	bx, sx = unpackG(x)
	by, sy = unpackG(y)
	if bx == 0 {
		bx, sx = normSubnormalG[T](uint64(x & fracMaskOf[T]()))
	}
	if by == 0 {
		by, sy = normSubnormalG[T](uint64(y & fracMaskOf[T]()))
	}
	return bx, sx, by, sy
}
