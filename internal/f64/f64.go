// Package f64 is the binary64 encoding leaf of cudafp, internal/f32's twin:
// field extraction, classification, named bit patterns, the ordered integer
// key behind ULP distances, next-up/next-down, and text formatting and
// parsing of hex floats, bit patterns and decimals.
//
// Every function works on the uint64 encoding. Nothing here performs host
// floating-point arithmetic on a value whose bits matter.
package f64

// Format widths of IEEE-754 binary64.
const (
	FracBits         = 52                 // stored fraction bits
	ExpBits          = 11                 // biased exponent bits
	Bias             = 1<<(ExpBits-1) - 1 // 1023
	Emax             = Bias               // 1023: largest normal exponent
	Emin             = 1 - Bias           // -1022: smallest normal exponent
	Dmin             = Emin - FracBits    // -1074: exponent of the smallest subnormal
	MaxBexp          = 1<<ExpBits - 1     // 2047: biased exponent of Inf and NaN
	HiddenBit uint64 = 1 << FracBits      // 0x0010000000000000
)

// Field masks.
const (
	SignMask uint64 = 0x8000000000000000
	ExpMask  uint64 = 0x7ff0000000000000
	FracMask uint64 = 0x000fffffffffffff
	AbsMask  uint64 = 0x7fffffffffffffff
)

// Named encodings.
const (
	ZeroBits         uint64 = 0x0000000000000000 // +0
	NegZeroBits      uint64 = 0x8000000000000000 // -0
	OneBits          uint64 = 0x3ff0000000000000 // 1
	NegOneBits       uint64 = 0xbff0000000000000 // -1
	InfBits          uint64 = 0x7ff0000000000000 // +Inf
	NegInfBits       uint64 = 0xfff0000000000000 // -Inf
	MaxFiniteBits    uint64 = 0x7fefffffffffffff // 0x1.fffffffffffffp+1023
	MinNormalBits    uint64 = 0x0010000000000000 // 0x1p-1022
	MaxSubnormalBits uint64 = 0x000fffffffffffff // 0x0.fffffffffffffp-1022
	MinSubnormalBits uint64 = 0x0000000000000001 // 0x1p-1074
	QuietBit         uint64 = 0x0008000000000000 // set in every quiet NaN

	// DefaultNaNBits is the NaN Parse returns for "nan": all payload bits
	// set, the binary64 analogue of float32's canonical 0x7fffffff. What
	// the device's binary64 arithmetic returns for a NaN result is decided
	// in rounding/cuda.go, not here.
	DefaultNaNBits uint64 = 0x7fffffffffffffff
)

// Class is the IEEE class of an encoding.
type Class uint8

// The classes, in the order of the ordered line from -Inf to +Inf; NaN last.
const (
	NegInf Class = iota
	NegNormal
	NegSubnormal
	NegZero
	PosZero
	PosSubnormal
	PosNormal
	PosInf
	NaN
)

var classNames = [...]string{"-Inf", "-normal", "-subnormal", "-0", "+0", "+subnormal", "+normal", "+Inf", "NaN"}

func (c Class) String() string {
	if int(c) < len(classNames) {
		return classNames[c]
	}
	return "Class(?)"
}

// Classify returns the class of u.
func Classify(u uint64) Class {
	a := u & AbsMask
	var c Class
	switch {
	case a > InfBits:
		return NaN
	case a == InfBits:
		c = PosInf
	case a >= MinNormalBits:
		c = PosNormal
	case a != 0:
		c = PosSubnormal
	default:
		c = PosZero
	}
	if u&SignMask != 0 {
		c = NegZero + PosZero - c // PosZero→NegZero, PosSubnormal→NegSubnormal, PosNormal→NegNormal, PosInf→NegInf
	}
	return c
}

// Sign returns 1 if the sign bit of u is set, else 0.
func Sign(u uint64) uint64 { return u >> 63 }

// Bexp returns the biased exponent field of u (0 for zeros and subnormals,
// 2047 for Inf and NaN).
func Bexp(u uint64) int32 { return int32(u>>FracBits) & MaxBexp }

// Frac returns the 52 stored fraction bits of u.
func Frac(u uint64) uint64 { return u & FracMask }

// IsNaN reports whether u encodes a NaN (quiet or signalling, any sign).
func IsNaN(u uint64) bool { return u&AbsMask > InfBits }

// IsSignalling reports whether u encodes a signalling NaN (quiet bit clear).
func IsSignalling(u uint64) bool { return IsNaN(u) && u&QuietBit == 0 }

// IsInf reports whether u encodes ±Inf.
func IsInf(u uint64) bool { return u&AbsMask == InfBits }

// IsZero reports whether u encodes ±0.
func IsZero(u uint64) bool { return u&AbsMask == 0 }

// IsSubnormal reports whether u encodes a nonzero subnormal.
func IsSubnormal(u uint64) bool { a := u & AbsMask; return a != 0 && a < MinNormalBits }

// IsFinite reports whether u encodes neither Inf nor NaN.
func IsFinite(u uint64) bool { return u&ExpMask != ExpMask }

// IsNormal reports whether u encodes a nonzero normal number.
func IsNormal(u uint64) bool { e := u & ExpMask; return e != 0 && e != ExpMask }

// Key maps an encoding to its position on the ordered line of binary64
// values: Key is strictly increasing from -Inf to +Inf, ±0 both map to 0, and
// adjacent finite values differ by 1. NaNs map outside [-Key(Inf), Key(Inf)]
// by magnitude and are not meaningful for ordering.
func Key(u uint64) int64 {
	if u&SignMask != 0 {
		return -int64(u & AbsMask)
	}
	return int64(u)
}

// FromKey is the inverse of Key on [Key(-Inf), Key(+Inf)]; key 0 returns +0.
func FromKey(k int64) uint64 {
	if k < 0 {
		return uint64(-k) | SignMask
	}
	return uint64(k)
}

// NextUp returns the least encoding greater than u (IEEE nextUp):
// NextUp(±0) = 0x1p-1074, NextUp(MaxFinite) = +Inf, NextUp(+Inf) = +Inf,
// NextUp(-Inf) = -MaxFinite, NextUp(NaN) = NaN (u unchanged).
func NextUp(u uint64) uint64 {
	switch {
	case IsNaN(u), u == InfBits:
		return u
	case u&AbsMask == 0:
		return MinSubnormalBits
	case u&SignMask != 0:
		return u - 1
	}
	return u + 1
}

// NextDown returns the greatest encoding less than u (IEEE nextDown); it is
// NextUp mirrored through the sign.
func NextDown(u uint64) uint64 {
	if IsNaN(u) {
		return u
	}
	return NextUp(u^SignMask) ^ SignMask
}

// UlpExp returns the weight of the last place of |u| as an unbiased exponent:
// ulp(u) = 2^UlpExp(u). Subnormals and zero have 2^-1074; Inf and NaN return
// the exponent of MaxFinite's ulp (971).
func UlpExp(u uint64) int32 {
	b := Bexp(u)
	switch {
	case b == 0:
		return Dmin
	case b == MaxBexp:
		return Emax - FracBits
	}
	return b - Bias - FracBits
}
