package ptx

import "github.com/cudafp/cudafp/internal/f32"

// RsqrtApprox returns an approximation of 1/√x. It emulates
// rsqrt.approx.f32 (ftz false) and rsqrt.approx.ftz.f32 (ftz true) as sm_90
// executes them.
//
// Special cases are (in order):
//
//	RsqrtApprox(NaN, ftz) = NaN (canonical 0x7fffffff)
//	RsqrtApprox(±0, ftz) = ±Inf
//	RsqrtApprox(x, true) = ±Inf for subnormal x (read as ±0)
//	RsqrtApprox(x, false) = RsqrtApprox(x·2^24, true)·2^12 for subnormal x (NaN for negative x)
//	RsqrtApprox(x, ftz) = NaN for x < 0, -Inf included
//	RsqrtApprox(+Inf, ftz) = +0
//	RsqrtApprox(4^k, ftz) = 2^-k exactly
//
// Accuracy: bit-exact with the H100 (sm_90, CUDA 13.0): the device results
// in testdata/mufu and the golden data of both forms (all 2^32 inputs in the
// exhaustive tier). Documented (PTX ISA 9.1 §9.7.3, as recorded in
// internal/spec): "max relative error 2^-22.9 over the range of positive
// finite inputs".
//
// Flags: ftz selects the .ftz form, the MUFU.RSQ operation alone. Without it
// ptxas scales subnormal x by 2^24 and the result by 2^12
// (FSETP.GEU |x|, 0x1p-126; @!P FMUL x, 0x1p24; MUFU.RSQ; @!P FMUL r, 0x1p12).
//
// Model: x = 4^k·m with m in [1, 4); the top 6 fraction bits and whether
// m ≥ 2 select one of 128 segments of
// S = C0·2^31 − C1·xl·2^17 + C2·sq(xl) + bias over the low 17 fraction bits
// xl, in units of 2^-57; S truncated is 1/√m in (1/2, 1), scaled by 2^-k.
// An exact power of 4 bypasses the table.
func RsqrtApprox(x uint32, ftz bool) uint32 {
	// scaled: x is a subnormal times 2^24 (FMUL x, 0x1p24; MUFU.RSQ;
	// FMUL r, 0x1p12). The function calls nothing, so that it needs no
	// stack frame.
	scaled := false
	if x-f32.MinNormalBits >= f32.InfBits-f32.MinNormalBits { // not a positive normal number
		a := x & f32.AbsMask
		switch {
		case a > f32.InfBits:
			return canonicalNaN
		case a < f32.MinNormalBits: // ±0 and the subnormals, read as ±0 by MUFU.RSQ
			switch {
			case a == 0 || ftz:
				return x&f32.SignMask | f32.InfBits
			case x&f32.SignMask != 0: // MUFU.RSQ of the negative x·2^24
				return canonicalNaN
			}
			// MUFU.RSQ of x·2^24 in [2^-125, 2^-102) is in (2^51, 2^63).
			x, scaled = subnormalTimes2p24(x), true
		case x&f32.SignMask != 0:
			return canonicalNaN
		default:
			return f32.ZeroBits // +Inf
		}
	}
	e := int32(x>>f32.FracBits) - f32.Bias
	odd := uint32(e & 1)
	half := e >> 1 // ⌊e/2⌋
	f := x & f32.FracMask
	var r uint32
	if f|odd == 0 { // 4^half: exact
		r = uint32(f32.Bias-half) << f32.FracBits
	} else {
		c := &rsqrtSegs[f>>rsqrtLowBits|odd<<rsqrtIndexBits]
		xl := f & (1<<rsqrtLowBits - 1)
		s := c.k0 + c.k1*uint64(xl) + c.k2*mufuSquare(xl)
		// S lies in [2^56, 2^57): the significand of a result in [1/2, 1).
		r = uint32(f32.Bias-1-half)<<f32.FracBits | uint32(s>>(rsqrtSumHalf-f32.FracBits))&f32.FracMask
	}
	if scaled {
		return r + 12<<f32.FracBits // FMUL r, 0x1p12: exact, r·2^12 < 2^75
	}
	return r
}

// rsqrtSegs is rsqrtTable as the datapath evaluates it (mufuSeg).
var rsqrtSegs = func() (t [len(rsqrtTable)]mufuSeg) {
	mufuSegs(t[:], rsqrtTable[:], rsqrtC0Shift, rsqrtC1Shift, true, false, rsqrtBias)
	return t
}()

const (
	rsqrtLowBits = f32.FracBits - rsqrtIndexBits // 17 bits of xl
	rsqrtSumHalf = 56                            // the weight of 1/2 in S
)
