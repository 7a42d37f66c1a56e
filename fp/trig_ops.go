package fp

import (
	"math/bits"

	"github.com/cudafp/cudafp/ptx"
	"github.com/cudafp/cudafp/rounding"
)

// Fast paths of fma.rn and mul.rn for the kernels of this package's
// trigonometric and hyperbolic functions, which spend most of their time in
// them. Each computes the common cases (normal operands and a normal
// nonzero result; a zero times a finite number) with a few integer
// operations and hands every other case (subnormals, Inf, NaN, a tiny or
// overflowing result, an exact zero sum) to ptx.Fma or ptx.Mul, so each
// returns exactly what the ptx operation returns, in either FTZ mode: .ftz
// changes only subnormal operands and tiny results, which the fast paths
// never produce (a flushed operand in a zero product keeps its sign). TestTrigOpsMatchPTX compares
// them with package ptx on edge and random operands.
//
// Layout (rounding/roundpack.go's): a significand with its leading 1 at bit
// 62 and its 24 kept bits at 62…39; rnInc rounds it to nearest, ties to
// even, without a branch.

const (
	opsTop  = 62                // bit of the leading 1
	opsLow  = opsTop - 23       // 39: bits below the kept 24
	opsHalf = 1 << (opsLow - 1) // the round bit
)

// rnInc returns the round-to-nearest-even increment of sig: half an ulp
// minus one, plus the kept last bit, carries exactly when the bits below
// exceed half an ulp or equal it with an odd last bit.
func rnInc(sig uint64) uint64 { return opsHalf - 1 + sig>>opsLow&1 }

// fmaRN is fma.rn{.ftz}.f32 d, a, b, c.
func fmaRN(a, b, c uint32, ftz bool) uint32 {
	ea, eb, ec := int32(a>>23&0xff), int32(b>>23&0xff), int32(c>>23&0xff)
	if uint32(ea-1) >= 0xfe || uint32(eb-1) >= 0xfe || uint32(ec-1) >= 0xfe {
		switch {
		case c == 0 && uint32(ea-1) < 0xfe && uint32(eb-1) < 0xfe:
			// a·b + (+0) is the product rounded once.
			if z, ok := mulNormal(a, b, ea, eb); ok {
				return z
			}
		case (a&0x7fffffff == 0 && eb != 0xff || b&0x7fffffff == 0 && ea != 0xff) && ec != 0xff:
			// An exact zero product (a zero times a finite number, which
			// .ftz may flush but not change the sign of) plus c: c itself
			// when c is normal; for a zero c, -0 when both are -0, else +0.
			if uint32(ec-1) < 0xfe {
				return c
			}
			if c&0x7fffffff == 0 {
				return (a ^ b) & c & 0x80000000
			}
		}
		return ptx.Fma(a, b, c, rounding.RN, ftz)
	}
	// Signed 64-bit fixed point, both operands aligned to the larger of two
	// nominal exponents: the exact product P = p·2^14 (p in [2^46, 2^48),
	// so P's leading 1 is at bit 60 or 61) has biased exponent ep at bit 60;
	// C = c's significand·2^37 has its leading 1 at bit 60 and exponent ec.
	// The operand of the smaller nominal exponent is shifted right with the
	// lost bits jammed into bit 0: jamming needs a shift of more than 14
	// (P has 14 zero bits at the bottom) or 37 (C), and then the shifted
	// operand is below 2^47, so the sum keeps its leading 1 at bit 59 or
	// above and the jammed bit lies far below the round bit. |P ± C| <
	// 2^62 + 2^61 fits in an int64.
	bigP := int64(uint64(a&0x7fffff|0x800000) * uint64(b&0x7fffff|0x800000) << 14)
	bigC := int64(uint64(c&0x7fffff|0x800000) << 37)
	ep := ea + eb - 127
	e := ep
	if d := ep - ec; d >= 0 {
		bigC = int64(jam64(uint64(bigC), uint32(min(d, 63))))
	} else {
		bigP = int64(jam64(uint64(bigP), uint32(min(-d, 63))))
		e = ec
	}
	mP := int64(int32(a^b) >> 31) // 0 or -1: the product's sign
	mC := int64(int32(c) >> 31)
	sum := (bigP ^ mP - mP) + (bigC ^ mC - mC)
	if sum == 0 { // an exact zero sum: +0 in RN
		return ptx.Fma(a, b, c, rounding.RN, ftz)
	}
	mS := sum >> 63
	sig := uint64(sum ^ mS - mS) // |sum|
	lead := 63 - bits.LeadingZeros64(sig)
	sig <<= uint(62-lead) & 63 // leading 1 to bit 62
	e += int32(lead) - 60
	if uint32(e-1) >= 0xfd { // not 1 ≤ e ≤ 253: tiny, or may overflow
		return ptx.Fma(a, b, c, rounding.RN, ftz)
	}
	// Adding the 24 kept bits (hidden bit at 23, which may carry into bit
	// 24) to (e-1)<<23 sets the exponent field to e, or e+1 after a carry.
	return uint32(mS)&0x80000000 | (uint32(e-1)<<23 + uint32((sig+rnInc(sig))>>opsLow))
}

// jam64 returns v >> n (n ≤ 63) with the bits shifted out ORed into bit 0.
func jam64(v uint64, n uint32) uint64 {
	n &= 63
	lost := v & (1<<n - 1)
	return v>>n | (lost+(1<<63-1))>>63
}

// mulRN is mul.rn{.ftz}.f32 d, a, b (and mul.f32, which these kernels never
// have contracted).
func mulRN(a, b uint32, ftz bool) uint32 {
	ea, eb := int32(a>>23&0xff), int32(b>>23&0xff)
	if uint32(ea-1) < 0xfe && uint32(eb-1) < 0xfe {
		if z, ok := mulNormal(a, b, ea, eb); ok {
			return z
		}
	} else if a&0x7fffffff == 0 && eb != 0xff || b&0x7fffffff == 0 && ea != 0xff {
		return (a ^ b) & 0x80000000 // zero times finite
	}
	return ptx.Mul(a, b, rounding.RN, ftz)
}

// mulNormal returns the product of the normal a and b (biased exponents ea,
// eb) rounded to nearest, and ok, when it is a normal number.
func mulNormal(a, b uint32, ea, eb int32) (uint32, bool) {
	p := uint64(a&0x7fffff|0x800000) * uint64(b&0x7fffff|0x800000)
	k := p >> 47
	e := ea + eb - 127 + int32(k)
	p <<= 15 + 1 - k
	if uint32(e-1) >= 0xfd {
		return 0, false
	}
	return (a^b)&0x80000000 | (uint32(e-1)<<23 + uint32((p+rnInc(p))>>opsLow)), true
}

// negRN is fma.rn{.ftz}.f32 d, y, -1, +0, the negation of sinf_ and cosf_:
// -y, except that a zero gives +0 and a NaN the canonical NaN (with ftz a
// subnormal y reads as a zero).
func negRN(y uint32, ftz bool) uint32 {
	if e := y >> 23 & 0xff; e-1 < 0xfe { // normal
		return y ^ 0x80000000
	}
	return ptx.Fma(y, negOneBits, 0, rounding.RN, ftz)
}

// cvtRNIS32 is cvt.rni{.ftz}.s32.f32: x rounded to the nearest integer,
// ties to even, saturated; NaN gives 0.
func cvtRNIS32(x uint32, ftz bool) int32 {
	e := x >> 23 & 0xff
	if e-1 >= 127+22 { // zero, subnormal, |x| ≥ 2^23, Inf or NaN
		return ptx.CvtS32(x, rounding.RN, ftz)
	}
	// 2^-126 ≤ |x| < 2^23: |x| = sig·2^-k with k = 150-e in [1, 149].
	sig := uint64(x&0x7fffff | 0x800000)
	k := min(150-e, 63) // from 2^-40 down |x| rounds to 0 whatever k
	n := sig >> k
	rem := sig & (1<<k - 1)
	half := uint64(1) << (k - 1)
	if rem > half || rem == half && n&1 != 0 {
		n++
	}
	if x>>31 != 0 {
		return -int32(n)
	}
	return int32(n)
}

// cvtRNF32S32 is cvt.rn.f32.s32 for |v| < 2^24, which is exact; others go
// to ptx.CvtF32S32.
func cvtRNF32S32(v int32) uint32 {
	u, sign := uint32(v), uint32(0)
	if v < 0 {
		u, sign = -u, 0x80000000
	}
	if u == 0 || u >= 1<<24 {
		return ptx.CvtF32S32(v, rounding.RN)
	}
	n := bits.LeadingZeros32(u) - 8 // moves the leading 1 to bit 23
	return sign | (uint32(150-n-1)<<23 + u<<uint(n))
}

// twiceRN is add.rn{.ftz}.f32 d, x, x: 2x, exact for normal x below 2^127.
func twiceRN(x uint32, ftz bool) uint32 {
	if e := x >> 23 & 0xff; e-1 < 0xfd { // 1 ≤ e ≤ 253
		return x + 1<<23
	}
	return ptx.Add(x, x, rounding.RN, ftz)
}

// negSubRN is sub.rn{.ftz}.f32 d, 0, y: -y, except that a zero gives +0
// and a NaN the canonical NaN (with ftz a subnormal y reads as a zero).
func negSubRN(y uint32, ftz bool) uint32 {
	if e := y >> 23 & 0xff; e-1 < 0xfe { // normal
		return y ^ 0x80000000
	}
	return ptx.Sub(0, y, rounding.RN, ftz)
}

// rintRN is cvt.rni{.ftz}.f32.f32 (rintf) together with cvt.rzi.s32.f32 of
// its result: x rounded to an integral float, ties to even, and that
// integer as an int32 (saturated; NaN gives 0).
func rintRN(x uint32, ftz bool) (n uint32, q int32) {
	e := x >> 23 & 0xff
	if e-1 >= 149 { // zero, subnormal, |x| ≥ 2^23, Inf or NaN
		n = ptx.CvtRoundF32(x, rounding.RN, ftz)
		return n, ptx.CvtS32(n, rounding.RZ, ftz)
	}
	v := cvtRNIS32(x, ftz) // |v| ≤ 2^23
	if v == 0 {
		return x & 0x80000000, 0 // rint keeps the sign of a zero
	}
	return cvtRNF32S32(v), v
}

// isIntegral is setp.eq{.ftz}.f32 of cvt.rzi{.ftz}.f32.f32 x and x: x is an
// integer or an infinity (with ftz a subnormal reads as a zero, which is
// integral; without, a subnormal is not).
func isIntegral(x uint32, ftz bool) bool {
	e := x >> 23 & 0xff
	switch {
	case e >= 150: // |x| ≥ 2^23, Inf (integral), NaN (unordered: false)
		return x&0x7fffffff <= 0x7f800000
	case e == 0:
		return ftz || x&0x7fffffff == 0
	case e < 127: // 0 < |x| < 1
		return false
	}
	return x&(1<<(150-e)-1) == 0
}

// absAbove is !setp.leu{.ftz}.f32 |x|, c for a normal c: |x| > c and x is
// not NaN.
func absAbove(x, c uint32) bool {
	a := x & 0x7fffffff
	return a > c && a <= 0x7f800000
}
