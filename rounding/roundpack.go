package rounding

import "github.com/cudafp/cudafp/internal/f32"

// The rounding funnel. Every floating-point result of the package, from the
// arithmetic operations and from the integer and float64 conversions, is
// rounded and packed here (Berkeley SoftFloat's softfloat_roundPackToF32,
// widened to a 64-bit significand so that sticky bits never need care).
//
// Layout of roundPack's operand, a nonzero value
//
//	sig × 2^(bexp - bias - sigTop)
//
// with sig's leading 1 at bit sigTop (62): bits 62…39 are the 24 bits a
// normal binary32 keeps, bits 38…0 the round and sticky bits (roundBits of
// them), and bit 63 stays clear so that adding the rounding increment
// cannot overflow. bexp is the biased exponent of the leading bit and may
// lie anywhere in int32: below 1 the value is tiny, above 254 it overflows.
const (
	sigTop    = 62                    // bit of the leading 1
	roundBits = sigTop - f32.FracBits // 39: bits below the 24 kept
	roundMask = 1<<roundBits - 1      // 0x0000007fffffffff
	halfUlp   = 1 << (roundBits - 1)  // the round bit: half an ulp of the kept bits
)

// roundInc holds the increment added to sig before truncation, by mode and
// sign: a mode rounding the magnitude up adds an ulp minus one, one
// rounding it down adds 0, and RN adds half an ulp minus one plus the kept
// last bit (rnLSB), which carries exactly when the round bits exceed half
// an ulp, or equal it with an odd last bit: ties to even, with no branch.
var roundInc = [4][2]uint64{
	RN: {halfUlp - 1, halfUlp - 1},
	RZ: {0, 0},
	RU: {roundMask, 0}, // up for +, toward zero for -
	RD: {0, roundMask}, // toward zero for +, up for -
}

// rnLSB is 1 for RN, whose increment adds the kept last bit, 0 otherwise.
var rnLSB = [4]uint64{RN: 1}

// increment returns the rounding increment of sig in mode m for sign.
func increment(sign uint32, sig uint64, m Mode) uint64 {
	return roundInc[m&3][sign>>31] + sig>>roundBits&rnLSB[m&3]
}

// roundPack rounds sign × sig × 2^(bexp-bias-sigTop) to binary32 in mode m
// and packs it. sig must have its leading 1 at bit sigTop. With ftz, a
// result that cuda.go's ftzFlushes calls tiny becomes the zero of its sign;
// without, tiny results are rounded once on the subnormal grid (gradual
// underflow). Overflow gives ±Inf, or ±MaxFinite where the mode rounds the
// magnitude down.
//
// Truth table of the round bit r and sticky s (the 38 bits below r) on the
// kept bits' last place, magnitude view:
//
//	r s   RN (ties to even)    up-mag   down-mag
//	0 0   keep                 keep     keep
//	0 1   keep                 +1       keep
//	1 0   +1 if last bit odd   +1       keep
//	1 1   +1                   +1       keep
func roundPack(sign uint32, bexp int32, sig uint64, m Mode, ftz bool) uint32 {
	if !inRange(bexp) { // tiny or overflowing
		return roundPackRare(sign, bexp, sig, m, ftz)
	}
	return packNormal(sign, bexp, sig, m)
}

// inRange reports 1 ≤ bexp ≤ 254: roundPack's operand is neither tiny nor
// overflowing before rounding, and packNormal rounds it.
func inRange(bexp int32) bool { return uint32(bexp-1) < f32.MaxBexp-1 }

// packNormal is roundPack for 1 ≤ bexp ≤ 254, small enough to inline: Mul32
// and div32 test inRange themselves and call it, and roundPackRare
// otherwise, saving a call in their common case.
func packNormal(sign uint32, bexp int32, sig uint64, m Mode) uint32 {
	// The kept bits, hidden bit at 23, may carry into bit 24. Adding them
	// to (bexp-1)<<23 sets the exponent field to bexp, or bexp+1 after a
	// carry (255 = Inf on overflow, which only RN and the up-mag modes
	// reach, as they must).
	z := uint32((sig + increment(sign, sig, m)) >> roundBits)
	return sign | (uint32(bexp-1)<<f32.FracBits + z)
}

// roundPackRare is roundPack's path for results that overflow or are tiny
// before rounding.
func roundPackRare(sign uint32, bexp int32, sig uint64, m Mode, ftz bool) uint32 {
	inc := increment(sign, sig, m)
	if bexp > 0 { // ≥ 2^128 before rounding
		if inc == roundMask || m == RN {
			return sign | f32.InfBits
		}
		return sign | f32.MaxFiniteBits
	}
	if ftz {
		if ftzFlushes(bexp, sig, inc) {
			return sign
		}
		return sign | f32.MinNormalBits
	}
	// Gradual underflow: move sig onto the subnormal grid (the weight of
	// bit roundBits becomes 2^-149), keeping what falls off as sticky.
	sig = f32.ShiftRightJam(sig, uint(uint32(1-bexp)))
	return sign | uint32((sig+increment(sign, sig, m))>>roundBits) // a carry into bit 23 is MinNormal
}
