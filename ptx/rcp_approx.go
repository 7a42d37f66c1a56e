package ptx

import (
	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/rounding"
)

// RcpApprox returns an approximation of 1/x. It emulates rcp.approx.f32
// (ftz false) and rcp.approx.ftz.f32 (ftz true) as sm_90 executes them.
//
// Special cases are (in order):
//
//	RcpApprox(NaN, ftz) = NaN (canonical 0x7fffffff)
//	RcpApprox(±Inf, ftz) = ±0
//	RcpApprox(±0, ftz) = ±Inf
//	RcpApprox(x, true) = ±Inf for subnormal x (read as ±0)
//	RcpApprox(x, true) = ±0 for 2^126 < |x| < 2^128 (the result, below 2^-126, is flushed)
//	RcpApprox(x, false) = RcpApprox(x·s, true)·s for subnormal x (s = 2^24) and for 2^126 < |x| < 2^128 (s = 1/4), both products rounded to nearest
//
// Accuracy: bit-exact with the H100 (sm_90, CUDA 13.0): the device results
// in testdata/mufu and the golden data of both forms (all 2^32 inputs in the
// exhaustive tier). Documented (PTX ISA 9.1 §9.7.3, as recorded in
// internal/spec): "max ulp error 1 across the full range".
//
// Flags: ftz selects the .ftz form, the MUFU.RCP operation alone. Without
// it ptxas selects a scale s (2^24 if |x| < 2^-126, 1/4 if |x| > 2^126, else
// 1) and computes FMUL(s, MUFU.RCP(FMUL(x, s))): subnormal inputs and
// subnormal results come out, rounded to nearest.
//
// Model: the top 7 bits of the fraction select one of 128 segments of
// S = C0·2^30 − C1·xl·2^17 + C2·sq(2·xl)/4 + bias over its low 16 bits xl, in
// units of 2^-56; S normalized by at most one bit and truncated is the
// reciprocal of the significand, exactly 1 for x = 2^k.
func RcpApprox(x uint32, ftz bool) uint32 {
	sign := x & f32.SignMask
	a := x & f32.AbsMask
	// post is the scale s of the non-.ftz sequence FMUL(s, MUFU.RCP(FMUL(x,
	// s))), 0 where s = 1. The function calls nothing, so that it needs no
	// stack frame.
	post := uint32(0)
	if a-f32.MinNormalBits > twoP126Bits-f32.MinNormalBits { // not 2^-126 ≤ |x| ≤ 2^126
		switch {
		case a > f32.InfBits:
			return canonicalNaN
		case a == f32.InfBits:
			return sign
		case a == 0 || ftz && a < f32.MinNormalBits: // ±0, and subnormals read as ±0
			return sign | f32.InfBits
		case ftz: // 2^126 < |x| < 2^128: the result, below 2^-126, is flushed
			return sign
		case a < f32.MinNormalBits: // s = 2^24: x·s is exact
			// MUFU.RCP of x·2^24 in [2^-125, 2^-102) is in (2^102, 2^125].
			a, post = subnormalTimes2p24(a), twoP24Bits
		default: // s = 1/4: x·s is exact, and MUFU.RCP of it in (2^-127, 2^-124]
			a, post = a-2<<f32.FracBits, quarterBits
		}
	}
	f := a & f32.FracMask
	c := &rcpSegs[f>>rcpLowBits]
	xl := f & (1<<rcpLowBits - 1)
	r := rcpPack(sign, a, c.k0+c.k1*uint64(xl)+c.k2*(mufuSquare(xl<<1)>>2))
	if post != 0 {
		// FMUL(s, r): host binary32 multiplication rounds to nearest
		// (DESIGN.md, fact 1): exact for s = 2^24 or ±Inf, and a normal or
		// subnormal result for s = 1/4.
		return rounding.Mul32RN(post, r)
	}
	return r
}

// rcpSegs is rcpTable as the datapath evaluates it (mufuSeg).
var rcpSegs = func() (t [len(rcpTable)]mufuSeg) {
	mufuSegs(t[:], rcpTable[:], rcpC0Shift, rcpC1Shift, true, false, rcpBias)
	return t
}()

// rcpPack returns MUFU.RCP(x) for 2^-126 ≤ |x| = a ≤ 2^126 with sign bit
// sign from its datapath sum s: S lies in (2^55, 2^56], 1/(1+f) in (1/2, 1],
// normalized by n = 0 or 1 bit and truncated. The biased exponent
// 2·bias-1+(1-n)-bexp is at least 1: bexp ≤ 252, or bexp = 253 and f = 0,
// where S = 2^56 and n = 0.
func rcpPack(sign, a uint32, s uint64) uint32 {
	n := 1 - uint32(s>>rcpSumOne)
	s <<= n & 1
	return sign | (2*f32.Bias-n-a>>f32.FracBits)<<f32.FracBits | uint32(s>>(rcpSumOne-f32.FracBits))&f32.FracMask
}

const (
	rcpLowBits = f32.FracBits - rcpIndexBits // 16 bits of xl
	rcpSumOne  = 56                          // the weight of 1 in S
)
