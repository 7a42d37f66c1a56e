package ptx

import "github.com/cudafp/cudafp/internal/f32"

// SqrtApprox returns an approximation of √x. It emulates sqrt.approx.f32
// (ftz false) and sqrt.approx.ftz.f32 (ftz true) as sm_90 executes them.
//
// Special cases are (in order):
//
//	SqrtApprox(NaN, ftz) = NaN (canonical 0x7fffffff)
//	SqrtApprox(±0, ftz) = ±0
//	SqrtApprox(x, true) = ±0 for subnormal x (read as ±0)
//	SqrtApprox(x, false) = SqrtApprox(x·2^24, true)·2^-12 for subnormal x (NaN for negative x)
//	SqrtApprox(x, ftz) = NaN for x < 0, -Inf included
//	SqrtApprox(+Inf, ftz) = +Inf
//
// Accuracy: bit-exact with the H100 (sm_90, CUDA 13.0): the device results
// in testdata/mufu and the golden data of both forms (all 2^32 inputs in the
// exhaustive tier). Documented (PTX ISA 9.1 §9.7.3, as recorded in
// internal/spec): "max relative error 2^-23 over the range of positive
// finite inputs".
//
// Flags: ftz selects the .ftz form, the MUFU.SQRT operation alone. Without
// it ptxas scales subnormal x by 2^24 and the result by 2^-12
// (FSETP.GEU |x|, 0x1p-126; @!P FMUL x, 0x1p24; MUFU.SQRT; @!P FMUL r, 0x1p-12).
//
// Model: x = 4^k·m with m in [1, 4); the top 6 fraction bits and whether
// m ≥ 2 select one of 128 segments of
// S = C0·2^33 + C1·xl·2^18 − C2·sq(xl) + bias over the low 17 fraction bits
// xl, in units of 2^-58; S truncated is √m in [1, 2), scaled by 2^k (sm_6x
// and later have this table of their own; sm_5x computed 1/rsqrt).
func SqrtApprox(x uint32, ftz bool) uint32 {
	// scaled: x is a subnormal times 2^24 (FMUL x, 0x1p24; MUFU.SQRT;
	// FMUL r, 0x1p-12). The function calls nothing, so that it needs no
	// stack frame.
	scaled := false
	if x-f32.MinNormalBits >= f32.InfBits-f32.MinNormalBits { // not a positive normal number
		a := x & f32.AbsMask
		switch {
		case a > f32.InfBits:
			return canonicalNaN
		case a < f32.MinNormalBits: // ±0 and the subnormals, read as ±0 by MUFU.SQRT
			switch {
			case a == 0 || ftz:
				return x & f32.SignMask
			case x&f32.SignMask != 0: // MUFU.SQRT of the negative x·2^24
				return canonicalNaN
			}
			// MUFU.SQRT of x·2^24 in [2^-125, 2^-102) is in (2^-63, 2^-51).
			x, scaled = subnormalTimes2p24(x), true
		case x&f32.SignMask != 0:
			return canonicalNaN
		default:
			return f32.InfBits // +Inf
		}
	}
	e := int32(x>>f32.FracBits) - f32.Bias
	odd := uint32(e & 1)
	half := e >> 1 // ⌊e/2⌋
	f := x & f32.FracMask
	c := &sqrtSegs[f>>sqrtLowBits|odd<<sqrtIndexBits]
	xl := f & (1<<sqrtLowBits - 1)
	s := c.k0 + c.k1*uint64(xl) + c.k2*mufuSquare(xl)
	// S lies in [2^58, 2^59): the significand of a result in [1, 2).
	r := uint32(f32.Bias+half)<<f32.FracBits | uint32(s>>(sqrtSumOne-f32.FracBits))&f32.FracMask
	if scaled {
		return r - 12<<f32.FracBits // FMUL r, 0x1p-12: exact, r·2^-12 > 2^-75
	}
	return r
}

// sqrtSegs is sqrtTable as the datapath evaluates it (mufuSeg).
var sqrtSegs = func() (t [len(sqrtTable)]mufuSeg) {
	mufuSegs(t[:], sqrtTable[:], sqrtC0Shift, sqrtC1Shift, false, true, sqrtBias)
	return t
}()

const (
	sqrtLowBits = f32.FracBits - sqrtIndexBits // 17 bits of xl
	sqrtSumOne  = 58                           // the weight of 1 in S
)
