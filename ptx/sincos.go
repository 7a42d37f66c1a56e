package ptx

import (
	"math"

	"github.com/cudafp/cudafp/internal/f32"
)

// MUFU.SIN and MUFU.COS take their argument in revolutions: ptxas compiles
// sin.approx.f32 and cos.approx.f32, with or without .ftz, to
//
//	FMUL.RZ R0, R0, 0.15915493667125701904   // 0x3e22f983 = RN(1/(2π)), no .FTZ
//	MUFU.SIN R5, R0                          // MUFU.COS for cos
//
// (SASS of CUDA 13.0 for sm_90, /work/data/sass/instr.sass). The MUFU reads
// its argument r as 4r in fixed point with 23 fraction bits, truncated: the
// two lowest integer bits of 4r (r mod 1 in quarter turns) are the
// quadrant q, and the 23 fraction bits f address the first quadrant of
// a sine table, directly in even quadrants and complemented (~f, that is
// 2^23−1−f) in odd ones; quadrants 2 and 3 negate. cos is sin one quadrant
// on, so cos(±0) = sin(quarter turn, f = 0) = table(~0) = 1. The table is
// the interpolator of mufu.go: 64 segments (the top 6 bits of f) of
//
//	S = C0·2^31 + C1·xl·2^19 − C2·sq(xl),   xl = the low 17 bits of f,
//
// in units of 2^-56 (no bias), normalized and truncated to 23 fraction bits;
// S = 0 (f = 0) gives zero. The structure is PTXM's sin/cos model for
// sm_5x–sm_75 (B. Carleton, github.com/bcarlet/ptx-math) with the range
// reduction moved to the FMUL; gen_trig_tables.go derives the coefficients
// from the H100's results (testdata/mufu) and writes trig_tables_gen.go.

//go:generate go run gen_trig_tables.go gen_trig_solve.go

// invTwoPiBits is the FMUL.RZ constant of sin.approx and cos.approx:
// 0x1.45f306p-3, 1/(2π) rounded to nearest.
const invTwoPiBits uint32 = 0x3e22f983

const (
	sinFracBits = 23                         // fraction bits of 4r
	sinFracMask = 1<<sinFracBits - 1         // f
	sinLowBits  = sinFracBits - sinIndexBits // xl: 17 bits
	sinC1Shift  = trigC1Shift
	sinC0Shift  = trigC0Shift
)

// sinRevolutions returns the MUFU argument of sin.approx and cos.approx for
// |x|, x not NaN or infinite: r = RZ(|x|·0x1.45f306p-3) as 4r in fixed
// point, quadrant and fraction (25 bits, 4r mod 4, truncated). It is
// rounding.Mul32(|x|, invTwoPiBits, rounding.RZ, false) followed by the
// MUFU's conversion (TestSinRevolutions compares the two), fused: the
// product of the significands is exact in 48 bits, RZ keeps its top 24,
// and the MUFU reads a subnormal r as zero.
func sinRevolutions(x uint32) uint32 {
	bexp := x & f32.AbsMask >> f32.FracBits
	// Below 2^-30 (bexp < 97) 4r is below 2^-23 and truncates to 0; from
	// 2^26 on (bexp > 152) r is a whole number of turns, 4r ≡ 0 mod 4.
	// (One unsigned comparison tests both.)
	if bexp-97 > 152-97 {
		return 0
	}
	// |x|·c = p·2^(bexp-176) with p = sig(x)·0xa2f983 in [2^46, 2^48).
	p := uint64(x&f32.FracMask|1<<f32.FracBits) * uint64(invTwoPiBits&f32.FracMask|1<<f32.FracBits)
	// RZ keeps its top 24 bits: bits 23 and up, or 24 and up where the
	// leading bit is 47 (p>>24 has it at bit 23). In units of 2^-25 (4r in
	// units of 2^-23) r is then p·2^(bexp-151), truncated: 2p shifted right
	// by 152-bexp, in [0, 55] here (no branch: the direction is as random
	// as x).
	p &^= 1<<f32.FracBits - 1 | p>>24&(1<<f32.FracBits)
	return uint32(p<<1>>((152-bexp)&63)) & (4<<sinFracBits - 1)
}

// SinApprox returns an approximation of sin(x). It emulates sin.approx.f32
// and sin.approx.ftz.f32 as sm_90 executes them: both are FMUL.RZ by
// 0x1.45f306p-3 (1/(2π) rounded) and MUFU.SIN, so ftz has no effect.
//
// Special cases are (in order):
//
//	SinApprox(NaN, ftz) = NaN (canonical 0x7fffffff)
//	SinApprox(±Inf, ftz) = NaN
//	SinApprox(±0, ftz) = ±0
//	SinApprox(x, ftz) = ±0 (the sign of x) for |r| < 2^-25, r = RZ(x·0x1.45f306p-3): subnormal x and |x| below about 2^-22.35
//	SinApprox(x, ftz) = ±0 (the sign of x) for |r| ≥ 2^23, a whole number of turns: |x| above about 2^25.65, up to the largest finite
//
// Accuracy: bit-exact with the H100 (sm_90, CUDA 13.0): the device results
// in testdata/mufu and the golden data of both forms (all 2^32 inputs in the
// exhaustive tier). Documented (PTX ISA 9.1 §9.7.3): maximum absolute error
// 2^-20.5 in [-2π, 2π] and 2^-14.7 in [-100π, 100π]; no guarantee outside.
//
// Flags: ftz selects sin.approx.ftz.f32; ptxas emits the same SASS for both
// forms (the FMUL carries no .FTZ; the MUFU flushes a subnormal product).
//
// Model: r = RZ(x·0x1.45f306p-3) (as rounding.Mul32 computes it); 4r
// truncated to 23 fraction bits gives the quadrant q (4r mod 4, integer
// part) and the fraction f; sin = ±T(f) in even quadrants and ±T(2^23−1−f) in odd ones,
// negative for q ≥ 2 (with the sign of x), where T is a 64-segment
// quadratic interpolation of sin(π/2·g/2^23) evaluated in fixed point
// (C0·2^31 + C1·xl·2^19 − C2·sq(xl) in units of 2^-56, sq a truncated
// squarer) and truncated to 23 fraction bits, T(0) = 0. Zero results get
// the same sign rule (−0 for x > 0 at an odd number of half turns), so
// sin(−x) = −sin(x) bit for bit.
func SinApprox(x uint32, ftz bool) uint32 {
	_ = ftz // same SASS for both forms

	if x&f32.AbsMask >= f32.InfBits { // NaN and ±Inf
		return canonicalNaN
	}
	// FMUL.RZ and MUFU.SIN. The quadrant q is in bits 23 and 24 of fix. Odd
	// quadrants read the table backwards: bit 23, spread over the word by an
	// arithmetic shift, complements the fraction g; quadrants 2 and 3 negate
	// (bit 24 moved to the sign), as x's sign does. The table value T(g),
	// for the first-quadrant argument g (23 bits), approximates
	// sin(π/2·g/2^23). CosApprox is this body one quadrant on; both are
	// written out so that neither calls anything.
	fix := sinRevolutions(x)
	g := (fix ^ uint32(int32(fix<<8)>>31)) & sinFracMask
	sign := (x ^ fix<<7) & f32.SignMask
	c := &sinSegs[g>>sinLowBits&(1<<sinIndexBits-1)]
	xl := g & (1<<sinLowBits - 1)
	return sign | sinPack(c.k0+c.k1*uint64(xl)+c.k2*mufuSquare(xl))
}

// CosApprox returns an approximation of cos(x). It emulates cos.approx.f32
// and cos.approx.ftz.f32 as sm_90 executes them: both are FMUL.RZ by
// 0x1.45f306p-3 (1/(2π) rounded) and MUFU.COS, so ftz has no effect.
//
// Special cases are (in order):
//
//	CosApprox(NaN, ftz) = NaN (canonical 0x7fffffff)
//	CosApprox(±Inf, ftz) = NaN
//	CosApprox(±0, ftz) = 1
//	CosApprox(x, ftz) = 1 for |r| < 2^-25, r = RZ(x·0x1.45f306p-3): subnormal x and |x| below about 2^-22.35
//	CosApprox(x, ftz) = 1 for |r| ≥ 2^23, a whole number of turns: |x| above about 2^25.65, up to the largest finite
//
// Accuracy: bit-exact with the H100 (sm_90, CUDA 13.0): the device results
// in testdata/mufu and the golden data of both forms (all 2^32 inputs in the
// exhaustive tier). Documented (PTX ISA 9.1 §9.7.3): maximum absolute error
// 2^-20.5 in [-2π, 2π] and 2^-14.7 in [-100π, 100π]; no guarantee outside.
//
// Flags: ftz selects cos.approx.ftz.f32; ptxas emits the same SASS for both
// forms.
//
// Model: as SinApprox one quadrant on: with q and f from r = RZ(x·0x1.45f306p-3),
// cos = T(2^23−1−f) for q = 0, −T(f) for q = 1, −T(2^23−1−f) for q = 2 and
// T(f) for q = 3, where q and f are those of |r| (cos(−x) = cos(x) bit for
// bit) and a zero result is +0 or −0 by the same rule.
func CosApprox(x uint32, ftz bool) uint32 {
	_ = ftz // same SASS for both forms

	if x&f32.AbsMask >= f32.InfBits { // NaN and ±Inf
		return canonicalNaN
	}
	// SinApprox's body one quadrant on (q+1 in bits 23 and 24 of fix),
	// without x's sign.
	fix := sinRevolutions(x) + 1<<sinFracBits
	g := (fix ^ uint32(int32(fix<<8)>>31)) & sinFracMask
	sign := fix << 7 & f32.SignMask
	c := &sinSegs[g>>sinLowBits&(1<<sinIndexBits-1)]
	xl := g & (1<<sinLowBits - 1)
	return sign | sinPack(c.k0+c.k1*uint64(xl)+c.k2*mufuSquare(xl))
}

// sinPack returns the magnitude of MUFU.SIN's result from its datapath sum
// s: S/2^56 truncated to 24 significant bits, 0 for S = 0. S is 0 for
// g = 0 and lies in [2^33, 2^57) for every other g (TestSinSumRange), so
// host floating point computes it exactly (DESIGN.md, "Host floating
// point"): S>>4 < 2^53 converts to binary64 exactly, and the 4 bits it
// drops lie below S's top 24 (at bit 10 and up); clearing the low 29 of the
// 52 fraction bits truncates the significand to 24 bits; the product by
// 2^-52 (4 - sinSumOne) is exact, in [2^-23, 1], and so is its conversion to binary32.
func sinPack(s uint64) uint32 {
	v := math.Float64bits(float64(int64(s >> 4)))
	return math.Float32bits(float32(math.Float64frombits(v&^(1<<(52-f32.FracBits)-1)) * (1.0 / (1 << (sinSumOne - 4)))))
}

// sinSegs is sinTable as the datapath evaluates it (mufuSeg).
var sinSegs = func() (t [len(sinTable)]mufuSeg) {
	mufuSegs(t[:], sinTable[:], sinC0Shift, sinC1Shift, false, true, sinBias)
	return t
}()
