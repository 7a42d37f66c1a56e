package ptx

import (
	"math/bits"

	"github.com/cudafp/cudafp/internal/f32"
)

// The double-precision instructions below are the few that CUDA's
// single-precision library executes: the Payne–Hanek slow path of sinf,
// cosf, tanf and sincosf scales a 64-bit fixed-point remainder by π/2 with
// cvt.rn.f64.s64 and mul.f64 before cvt.rn.f32.f64 (CvtF32F64). They work on
// binary64 encodings with integer arithmetic only (a 128-bit product from
// math/bits and one round-to-nearest-even step, after Berkeley SoftFloat 3's
// f64_mul and softfloat_roundPackToF64), so no host floating-point operation
// decides a bit. Binary64 arithmetic has no .ftz form: subnormal operands
// and results are kept.

const (
	f64FracBits = 52
	f64Bias     = 1<<10 - 1                              // 1023
	f64MaxBexp  = 1<<11 - 1                              // 2047
	f64FracMask = 1<<f64FracBits - 1                     // 0x000fffffffffffff
	f64Hidden   = 1 << f64FracBits                       // 0x0010000000000000
	f64SignMask = 1 << 63                                // 0x8000000000000000
	f64InfBits  = f64MaxBexp << f64FracBits              // 0x7ff0000000000000
	f64QuietBit = 1 << (f64FracBits - 1)                 // 0x0008000000000000
	f64DefNaN   = f64SignMask | f64InfBits | f64QuietBit // 0xfff8000000000000

	// f64RoundBits is the number of bits below the kept 53 in the working
	// significand of roundPackF64 (its leading bit sits at bit 62).
	f64RoundBits = 10
	f64Half      = 1 << (f64RoundBits - 1) // 0x200: the RN increment
)

// CvtF64S64 is cvt.rn.f64.s64 d, a: the signed 64-bit integer v rounded to
// the nearest binary64, ties to even.
//
// Special cases are:
//
//	CvtF64S64(0) = +0
//	CvtF64S64(-1<<63) = -0x1p63 (exact)
//
// Accuracy: correctly rounded (exact for |v| ≤ 2^53).
func CvtF64S64(v int64) uint64 {
	var sign uint64
	a := uint64(v)
	if v < 0 {
		sign, a = f64SignMask, -a // -(-1<<63) wraps to 1<<63, its magnitude
	}
	if a == 0 {
		return 0
	}
	n := bits.LeadingZeros64(a)
	a <<= n // leading 1 at bit 63
	// Move the leading bit to bit 62, jamming the bit shifted out.
	sig := a>>1 | a&1
	// sig·2^(bexp-1084) = |v|: the leading bit of |v| has weight 2^(63-n).
	return roundPackF64(sign, int32(1085-n), sig)
}

// MulF64 is mul.rn.f64 d, a, b (and mul.f64, which nvcc emits for a
// double-precision product that ptxas has nothing to contract with): the
// binary64 product of the encodings a and b, rounded to nearest, ties to
// even.
//
// Special cases are (in order):
//
//	MulF64(NaN, y) = NaN: a's payload, quieted
//	MulF64(x, NaN) = NaN: b's payload, quieted
//	MulF64(±Inf, ±0) = MulF64(±0, ±Inf) = NaN (0xfff8000000000000)
//	MulF64(±Inf, y) = MulF64(x, ±Inf) = ±Inf, sign = sign(x) XOR sign(y)
//	MulF64(±0, y) = MulF64(x, ±0) = ±0, sign = sign(x) XOR sign(y)
//
// Accuracy: correctly rounded, subnormal operands and results included;
// overflow gives ±Inf.
//
// The NaN rows follow IEEE 754's recommendation (a NaN operand's payload
// survives, quieted) and the x86 default NaN for an invalid product; no
// device data in this project has measured them yet, and the trig slow path
// that uses MulF64 never multiplies a NaN, an infinity or a zero.
func MulF64(a, b uint64) uint64 {
	sign := (a ^ b) & f64SignMask
	ea := int32(a>>f64FracBits) & f64MaxBexp
	eb := int32(b>>f64FracBits) & f64MaxBexp
	fa, fb := a&f64FracMask, b&f64FracMask
	switch {
	case ea == f64MaxBexp && fa != 0:
		return a | f64QuietBit
	case eb == f64MaxBexp && fb != 0:
		return b | f64QuietBit
	case ea == f64MaxBexp || eb == f64MaxBexp:
		if a&^f64SignMask == 0 || b&^f64SignMask == 0 {
			return f64DefNaN
		}
		return sign | f64InfBits
	case a&^f64SignMask == 0 || b&^f64SignMask == 0:
		return sign
	}
	// a, b finite and nonzero.
	if ea == 0 {
		ea, fa = normSubnormalF64(fa)
	}
	if eb == 0 {
		eb, fb = normSubnormalF64(fb)
	}
	// SoftFloat's f64_mul: significands with their leading bits at bits 62
	// and 63 give a 128-bit product whose high word has its leading bit at
	// bit 61 or 62.
	hi, lo := bits.Mul64((fa|f64Hidden)<<10, (fb|f64Hidden)<<11)
	sig := hi
	if lo != 0 {
		sig |= 1
	}
	bexp := ea + eb - f64Bias
	if sig < 1<<62 {
		bexp--
		sig <<= 1
	}
	return roundPackF64(sign, bexp, sig)
}

// normSubnormalF64 returns the biased exponent and fraction (without its
// hidden bit) of the normalised form of a nonzero subnormal fraction f.
func normSubnormalF64(f uint64) (int32, uint64) {
	n := bits.LeadingZeros64(f) - (63 - f64FracBits)
	return int32(1 - n), (f << n) & f64FracMask
}

// roundPackF64 rounds sig·2^(bexp-1084) to binary64, nearest-even, and packs
// it with sign: sig has its leading bit at bit 62 (so bexp is the biased
// exponent of the result minus one, SoftFloat's convention), and bit 0 is
// sticky. Results below 2^-1022 are rounded at the subnormal quantum
// (tininess does not matter without exception flags); results at or above
// 2^1024 after rounding are ±Inf.
func roundPackF64(sign uint64, bexp int32, sig uint64) uint64 {
	if uint32(bexp) >= f64MaxBexp-2 { // bexp < 0 or bexp ≥ 0x7fd
		if bexp < 0 {
			sig = f32.ShiftRightJam(sig, uint(-bexp))
			bexp = 0
		} else if bexp > f64MaxBexp-2 || sig+f64Half >= 1<<63 {
			return sign | f64InfBits
		}
	}
	roundBits := sig & (1<<f64RoundBits - 1)
	sig = (sig + f64Half) >> f64RoundBits
	if roundBits == f64Half { // a tie: to even
		sig &^= 1
	}
	if sig == 0 {
		bexp = 0
	}
	// The hidden bit of sig adds one to bexp; a carry out of the rounding
	// (sig = 2^53) adds one more, as does a subnormal rounding up to 2^-1022.
	return sign + uint64(bexp)<<f64FracBits + sig
}
