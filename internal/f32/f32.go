// Package f32 is the binary32 encoding leaf of cudafp: field extraction,
// classification, named bit patterns, the ordered integer key behind ULP
// distances, next-up/next-down, and text formatting and parsing of hex
// floats, bit patterns and decimals.
//
// Every function works on the uint32 encoding. Nothing here performs host
// floating-point arithmetic on a value whose bits matter.
package f32

// Format widths of IEEE-754 binary32.
const (
	FracBits         = 23                 // stored fraction bits
	ExpBits          = 8                  // biased exponent bits
	Bias             = 1<<(ExpBits-1) - 1 // 127
	Emax             = Bias               // 127: largest normal exponent
	Emin             = 1 - Bias           // -126: smallest normal exponent
	Dmin             = Emin - FracBits    // -149: exponent of the smallest subnormal
	MaxBexp          = 1<<ExpBits - 1     // 255: biased exponent of Inf and NaN
	HiddenBit uint32 = 1 << FracBits      // 0x00800000
)

// Field masks.
const (
	SignMask uint32 = 0x80000000
	ExpMask  uint32 = 0x7f800000
	FracMask uint32 = 0x007fffff
	AbsMask  uint32 = 0x7fffffff
)

// Named encodings.
const (
	ZeroBits         uint32 = 0x00000000 // +0
	NegZeroBits      uint32 = 0x80000000 // -0
	OneBits          uint32 = 0x3f800000 // 1
	NegOneBits       uint32 = 0xbf800000 // -1
	InfBits          uint32 = 0x7f800000 // +Inf
	NegInfBits       uint32 = 0xff800000 // -Inf
	MaxFiniteBits    uint32 = 0x7f7fffff // 0x1.fffffep+127
	MinNormalBits    uint32 = 0x00800000 // 0x1p-126
	MaxSubnormalBits uint32 = 0x007fffff // 0x1.fffffcp-127
	MinSubnormalBits uint32 = 0x00000001 // 0x1p-149
	QuietBit         uint32 = 0x00400000 // set in every quiet NaN

	// CanonicalNaNBits is the NaN that every NVIDIA float32 arithmetic
	// instruction returns (cuda-facts.md §6, checked against the device by
	// the golden data of every operation).
	CanonicalNaNBits uint32 = 0x7fffffff
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
func Classify(u uint32) Class {
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
func Sign(u uint32) uint32 { return u >> 31 }

// Bexp returns the biased exponent field of u (0 for zeros and subnormals,
// 255 for Inf and NaN).
func Bexp(u uint32) int32 { return int32(u>>FracBits) & MaxBexp }

// Frac returns the 23 stored fraction bits of u.
func Frac(u uint32) uint32 { return u & FracMask }

// IsNaN reports whether u encodes a NaN (quiet or signalling, any sign).
func IsNaN(u uint32) bool { return u&AbsMask > InfBits }

// IsInf reports whether u encodes ±Inf.
func IsInf(u uint32) bool { return u&AbsMask == InfBits }

// IsZero reports whether u encodes ±0.
func IsZero(u uint32) bool { return u&AbsMask == 0 }

// IsSubnormal reports whether u encodes a nonzero subnormal.
func IsSubnormal(u uint32) bool { a := u & AbsMask; return a != 0 && a < MinNormalBits }

// IsFinite reports whether u encodes neither Inf nor NaN.
func IsFinite(u uint32) bool { return u&ExpMask != ExpMask }

// IsNormal reports whether u encodes a nonzero normal number.
func IsNormal(u uint32) bool { e := u & ExpMask; return e != 0 && e != ExpMask }

// FlushSubnormal returns u with a subnormal replaced by the zero of the same
// sign (PTX .ftz). Other encodings are returned unchanged.
func FlushSubnormal(u uint32) uint32 {
	if u&ExpMask == 0 {
		return u & SignMask
	}
	return u
}

// Key maps an encoding to its position on the ordered line of binary32
// values: Key is strictly increasing from -Inf to +Inf, ±0 both map to 0, and
// adjacent finite values differ by 1. NaNs map outside [-Key(Inf), Key(Inf)]
// by magnitude and are not meaningful for ordering.
func Key(u uint32) int64 {
	if u&SignMask != 0 {
		return -int64(u & AbsMask)
	}
	return int64(u)
}

// FromKey is the inverse of Key on [Key(-Inf), Key(+Inf)]; key 0 returns +0.
func FromKey(k int64) uint32 {
	if k < 0 {
		return uint32(-k) | SignMask
	}
	return uint32(k)
}

// NextUp returns the least encoding greater than u (IEEE nextUp):
// NextUp(±0) = 0x1p-149, NextUp(MaxFinite) = +Inf, NextUp(+Inf) = +Inf,
// NextUp(-Inf) = -MaxFinite, NextUp(NaN) = NaN (u unchanged).
func NextUp(u uint32) uint32 {
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
func NextDown(u uint32) uint32 {
	if IsNaN(u) {
		return u
	}
	return NextUp(u^SignMask) ^ SignMask
}

// UlpExp returns the weight of the last place of |u| as an unbiased exponent:
// ulp(u) = 2^UlpExp(u). Subnormals and zero have 2^-149; Inf and NaN return
// the exponent of MaxFinite's ulp (104).
func UlpExp(u uint32) int32 {
	b := Bexp(u)
	switch {
	case b == 0:
		return Dmin
	case b == MaxBexp:
		return Emax - FracBits
	}
	return b - Bias - FracBits
}

// ShiftRightEven returns v/2^sh rounded to the nearest integer, ties to
// even, for v < 2^63 and 1 ≤ sh ≤ 63: the rounding to nearest of a
// significand held with sh extra bits. Half minus one plus the kept last
// bit, added before truncating, carries exactly when the dropped bits
// exceed half or equal it with an odd last bit; no branch.
func ShiftRightEven(v uint64, sh uint) uint64 {
	return (v + (1<<(sh-1) - 1) + (v >> sh & 1)) >> sh
}

// ShiftRightJam returns v >> n with every bit shifted out ORed into bit 0
// ("jamming", SoftFloat's softfloat_shiftRightJam64): the sticky bit of a
// significand moved right before rounding. Any n; no branch.
func ShiftRightJam(v uint64, n uint) uint64 {
	n = min(n, 63) // at 63 everything below bit 63 is sticky already
	lost := v & (1<<n - 1)
	return v>>n | (lost|-lost)>>63
}
