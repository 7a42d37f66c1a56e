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
	if a-f32.MinNormalBits >= f32.InfBits-f32.MinNormalBits { // ±0, subnormal, ±Inf or NaN
		switch {
		case a > f32.InfBits:
			return canonicalNaN
		case a == f32.InfBits:
			return sign
		case a != 0 && !ftz: // s = 2^24: FMUL(s, MUFU.RCP(FMUL(x, s))), the first one exact
			// MUFU.RCP of x·2^24 in [2^-125, 2^-102) is in (2^102, 2^125].
			return scaleNormal(mufuRcp(subnormalTimes2p24(x)), 24)
		}
		return sign | f32.InfBits // ±0 (also through the scaled path), and subnormals read as ±0
	}
	f := a & f32.FracMask
	c := &rcpTable[f>>rcpLowBits]
	xl := f & (1<<rcpLowBits - 1)
	s := uint64(c.c0)<<rcpC0Shift - uint64(c.c1)*uint64(xl)<<rcpC1Shift + uint64(c.c2)*(mufuSquare(xl<<1)>>2) + rcpBias
	// S lies in (2^55, 2^56]: 1/(1+f) in (1/2, 1].
	rexp := int32(f32.Bias)
	if s>>rcpSumOne == 0 {
		rexp--
		s <<= 1
	}
	rexp -= int32(a>>f32.FracBits) - f32.Bias
	if rexp <= 0 { // below 2^-126, for |x| > 2^126 only
		if !ftz { // s = 1/4
			return rcpScaled(x, quarterBits)
		}
		return sign // flushed
	}
	return sign | uint32(rexp)<<f32.FracBits | uint32(s>>(rcpSumOne-f32.FracBits))&f32.FracMask
}

// rcpScaled is the non-.ftz sequence FMUL(s, MUFU.RCP(FMUL(x, s))) for
// |x| > 2^126 (s = 1/4); for other normal x, s = 1 leaves MUFU.RCP's result
// as it is.
func rcpScaled(x, s uint32) uint32 {
	r := mufuRcp(rounding.Mul32(x, s, rn, false))
	return rounding.Mul32(s, r, rn, false)
}

// mufuRcp is MUFU.RCP: rcp.approx.ftz.f32.
func mufuRcp(x uint32) uint32 { return RcpApprox(x, true) }

const (
	rcpLowBits = f32.FracBits - rcpIndexBits // 16 bits of xl
	rcpSumOne  = 56                          // the weight of 1 in S
)
