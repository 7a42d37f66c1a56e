package rounding

import (
	"math"
	"math/bits"
)

// The integer kernels that have one shape for binary32 and binary64 (the
// rounding funnel, add, mul, div, the integer conversions) are written once,
// generic in the encoding type T: uint32 for binary32, uint64 for binary64
// (DESIGN.md, "Types and names"). The format constants below are functions
// of T's width only, with no method and no dictionary lookup: each
// instantiation (one per GC shape) sees them as constants after inlining, so
// the generic code compiles to what a hand-written per-format copy would.
// Both formats share roundPack's significand layout: a uint64 with its
// leading 1 at bit sigTop (62), 39 round bits below binary32's 24 kept bits,
// 10 below binary64's 53 (Berkeley SoftFloat's softfloat_roundPackToF64
// uses the same 10).

// encoding is the encoding type of a binary format.
type encoding interface{ ~uint32 | ~uint64 }

// is64 reports whether T is binary64's encoding.
func is64[T encoding]() bool { return uint64(^T(0)) == math.MaxUint64 }

// fracBitsOf is the number of stored fraction bits: 23 or 52.
func fracBitsOf[T encoding]() uint {
	if is64[T]() {
		return 52
	}
	return 23
}

// biasOf is the exponent bias: 127 or 1023.
func biasOf[T encoding]() int32 {
	if is64[T]() {
		return 1023
	}
	return 127
}

// maxBexpOf is the biased exponent of Inf and NaN: 255 or 2047.
func maxBexpOf[T encoding]() int32 { return 2*biasOf[T]() + 1 }

// signShiftOf is the position of the sign bit: 31 or 63.
func signShiftOf[T encoding]() uint {
	if is64[T]() {
		return 63
	}
	return 31
}

// roundBitsOf is the number of bits below the kept ones in roundPack's
// operand: 39 or 10.
func roundBitsOf[T encoding]() uint { return sigTop - fracBitsOf[T]() }

func signMaskOf[T encoding]() T  { return T(1) << signShiftOf[T]() }
func absMaskOf[T encoding]() T   { return signMaskOf[T]() - 1 }
func infBitsOf[T encoding]() T   { return T(maxBexpOf[T]()) << fracBitsOf[T]() }
func fracMaskOf[T encoding]() T  { return T(1)<<fracBitsOf[T]() - 1 }
func hiddenBitOf[T encoding]() T { return T(1) << fracBitsOf[T]() }

// isNaNG, isInfG and isZeroG classify an encoding of either format.
func isNaNG[T encoding](u T) bool  { return u&absMaskOf[T]() > infBitsOf[T]() }
func isInfG[T encoding](u T) bool  { return u&absMaskOf[T]() == infBitsOf[T]() }
func isZeroG[T encoding](u T) bool { return u&absMaskOf[T]() == 0 }

// unpackG returns the biased exponent field and the significand of u, the
// hidden bit included as if u were normal (the special-case paths fix zeros
// and subnormals).
func unpackG[T encoding](u T) (int32, uint64) {
	return int32(u>>fracBitsOf[T]()) & maxBexpOf[T](), uint64(u&fracMaskOf[T]() | hiddenBitOf[T]())
}

// isRareG reports whether the biased exponent b belongs to a zero, a
// subnormal, an Inf or a NaN.
func isRareG[T encoding](b int32) bool { return uint32(b-1) >= uint32(maxBexpOf[T]()-1) }

// normSubnormalG returns the biased exponent (≤ 1) and the significand,
// its leading 1 moved to bit fracBits, of the nonzero subnormal fraction
// frac.
func normSubnormalG[T encoding](frac uint64) (int32, uint64) {
	shift := bits.LeadingZeros64(frac) - (63 - int(fracBitsOf[T]()))
	return int32(1 - shift), frac << shift
}

// nanAddMulG is the NaN add and mul return for the operands x, y, one of
// which at least is a NaN, or for an invalid operation (0·Inf, Inf − Inf)
// when neither is: binary64's nanAddMul64, binary32's canonical NaN
// (cuda.go).
func nanAddMulG[T encoding](x, y T) T {
	if is64[T]() {
		return T(nanAddMul64(uint64(x), uint64(y)))
	}
	return T(canonicalNaN)
}

// nanDivG is nanAddMulG for div (0/0, Inf/Inf): binary64's nanDiv64.
func nanDivG[T encoding](x, y T) T {
	if is64[T]() {
		return T(nanDiv64(uint64(x), uint64(y)))
	}
	return T(canonicalNaN)
}
